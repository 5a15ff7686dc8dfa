/**
 * Values: INTEGER and NUMBER ranges ("Option types"), min_value / max_value,
 * min_length / max_length ranges ("Command option", "Limits"), choices: names
 * 1-100, string values at most 100, values of the option's type, whole integers,
 * 25 per option ("Option choice", "Limits"); and bounds no value can satisfy
 * (a slashkit rule).
 */
import { describe, expect, it } from 'vitest'
import { ASTRAL, choice, expectValid, issue, issuesOf, messagesOf, opt, rep, str, withOptions } from './helpers.js'

const MAX_SAFE = 2 ** 53 - 1
const int = (over: Record<string, unknown>) => withOptions(opt(4, 'n', over))
const num = (over: Record<string, unknown>) => withOptions(opt(10, 'x', over))
const strChoices = (...choices: unknown[]) => withOptions(str('s', { choices }))
const intChoices = (...choices: unknown[]) => withOptions(opt(4, 'n', { choices }))
const numChoices = (...choices: unknown[]) => withOptions(opt(10, 'x', { choices }))

describe('"Option types": INTEGER bounds are integers from -(2^53-1) to 2^53-1', () => {
  it('accepts the extremes (spec: "Option types", INTEGER)', () => {
    expectValid(int({ min_value: -MAX_SAFE, max_value: MAX_SAFE }))
    expectValid(int({ min_value: 0, max_value: 0 }))
  })

  it('refuses ±2^53 (number.range) (spec: "Option types", INTEGER)', () => {
    expect(issuesOf(int({ max_value: 2 ** 53 }))).toEqual([issue('number.range', 'options', 0, 'max_value')])
    expect(issuesOf(int({ min_value: -(2 ** 53) }))).toEqual([issue('number.range', 'options', 0, 'min_value')])
    expect(issuesOf(int({ min_value: 1e300 }))).toEqual([issue('number.range', 'options', 0, 'min_value')])
  })

  it('refuses a fraction (number.integer) (spec: "Command option", min_value is an integer for INTEGER options)', () => {
    expect(issuesOf(int({ min_value: 1.5 }))).toEqual([issue('number.integer', 'options', 0, 'min_value')])
    expect(messagesOf(int({ min_value: 1.5 }))).toMatchInlineSnapshot(`
      [
        "options[0].min_value must be a whole number (was 1.5)",
      ]
    `)
  })

  it('refuses a value that is not a finite number (spec: "Command option", min_value / max_value)', () => {
    expect(issuesOf(int({ min_value: '1' }))).toEqual([issue('value.type', 'options', 0, 'min_value')])
    expect(issuesOf(int({ max_value: true }))).toEqual([issue('value.type', 'options', 0, 'max_value')])
    expect(issuesOf(int({ max_value: Number.POSITIVE_INFINITY }))).toEqual([issue('value.type', 'options', 0, 'max_value')])
    expect(issuesOf(int({ max_value: Number.NaN }))).toEqual([issue('value.type', 'options', 0, 'max_value')])
  })
})

describe('"Option types": NUMBER bounds are doubles from -2^53 to 2^53', () => {
  it('accepts ±2^53 and fractions (spec: "Option types", NUMBER)', () => {
    expectValid(num({ min_value: -(2 ** 53), max_value: 2 ** 53 }))
    expectValid(num({ min_value: -0.5, max_value: 0.25 }))
  })

  it('refuses the next doubles past ±2^53 (number.range) (spec: "Option types", NUMBER)', () => {
    expect(issuesOf(num({ max_value: 2 ** 53 + 2 }))).toEqual([issue('number.range', 'options', 0, 'max_value')])
    expect(issuesOf(num({ min_value: -(2 ** 53) - 2 }))).toEqual([issue('number.range', 'options', 0, 'min_value')])
  })

  it('refuses a value that is not a finite number (spec: "Command option", min_value / max_value)', () => {
    expect(issuesOf(num({ min_value: '0.5' }))).toEqual([issue('value.type', 'options', 0, 'min_value')])
    expect(issuesOf(num({ min_value: Number.NEGATIVE_INFINITY }))).toEqual([issue('value.type', 'options', 0, 'min_value')])
  })
})

describe('"Command option" and "Limits": min_length 0-6000, max_length 1-6000', () => {
  it('accepts min_length 0 and 6000 (spec: "Limits", min_length 0-6000)', () => {
    expectValid(withOptions(str('s', { min_length: 0 })))
    expectValid(withOptions(str('s', { min_length: 6000 })))
  })

  it('refuses min_length -1 and 6001 (spec: "Limits", min_length 0-6000)', () => {
    expect(issuesOf(withOptions(str('s', { min_length: -1 })))).toEqual([issue('number.range', 'options', 0, 'min_length')])
    expect(issuesOf(withOptions(str('s', { min_length: 6001 })))).toEqual([issue('number.range', 'options', 0, 'min_length')])
  })

  it('accepts max_length 1 and 6000, and refuses 0 and 6001 (spec: "Limits", max_length 1-6000)', () => {
    expectValid(withOptions(str('s', { max_length: 1 })))
    expectValid(withOptions(str('s', { max_length: 6000 })))
    expect(issuesOf(withOptions(str('s', { max_length: 0 })))).toEqual([issue('number.range', 'options', 0, 'max_length')])
    expect(issuesOf(withOptions(str('s', { max_length: 6001 })))).toEqual([issue('number.range', 'options', 0, 'max_length')])
  })

  it('refuses lengths that are not integers (spec: "Command option", min_length / max_length are integers)', () => {
    expect(issuesOf(withOptions(str('s', { min_length: 1.5 })))).toEqual([issue('value.type', 'options', 0, 'min_length')])
    expect(issuesOf(withOptions(str('s', { max_length: '10' })))).toEqual([issue('value.type', 'options', 0, 'max_length')])
  })
})

describe('bounds no value can satisfy (slashkit rule, not in the spec)', () => {
  it('refuses min_value above max_value, on INTEGER and NUMBER (option.bounds_inverted; slashkit rule, not in the spec)', () => {
    expect(issuesOf(int({ min_value: 5, max_value: 1 }))).toEqual([issue('option.bounds_inverted', 'options', 0, 'min_value')])
    expect(issuesOf(num({ min_value: 0.5, max_value: 0.25 }))).toEqual([issue('option.bounds_inverted', 'options', 0, 'min_value')])
    expectValid(int({ min_value: 5, max_value: 5 }))
  })

  it('refuses min_length above max_length (option.bounds_inverted; slashkit rule, not in the spec)', () => {
    expect(issuesOf(withOptions(str('s', { min_length: 10, max_length: 5 })))).toEqual([issue('option.bounds_inverted', 'options', 0, 'min_length')])
    expectValid(withOptions(str('s', { min_length: 5, max_length: 5 })))
  })
})

describe('"Option choice": names 1-100 characters', () => {
  it('accepts 1 and 100 characters, any case, with spaces (spec: "Option choice", name 1-100)', () => {
    expectValid(strChoices(choice('A', 'a'), choice(rep('N', 100), 'b'), choice('Two Words, Any Case!', 'c')))
    expectValid(strChoices(choice(rep(ASTRAL, 100), 'a')))
  })

  it('refuses 0 and 101 characters (spec: "Limits", choice name 1-100)', () => {
    expect(issuesOf(strChoices(choice('', 'a')))).toEqual([issue('name.length', 'options', 0, 'choices', 0, 'name')])
    expect(issuesOf(strChoices(choice('A', 'a'), choice(rep('N', 101), 'b')))).toEqual([issue('name.length', 'options', 0, 'choices', 1, 'name')])
    expect(issuesOf(strChoices(choice(rep(ASTRAL, 101), 'a')))).toEqual([issue('name.length', 'options', 0, 'choices', 0, 'name')])
  })

  it('applies to localized choice names (spec: "Option choice", name_localizations; "Other command rules" 6)', () => {
    expectValid(strChoices(choice('Dog', 'dog', { name_localizations: { fr: 'Chien', de: rep('H', 100) } })))
    expect(issuesOf(strChoices(choice('Dog', 'dog', { name_localizations: { de: rep('H', 101) } })))).toEqual([
      issue('name.length', 'options', 0, 'choices', 0, 'name_localizations', 'de'),
    ])
  })

  it('requires name and value and refuses other keys (spec: "Option choice" fields)', () => {
    expect(issuesOf(strChoices({ value: 'a' }))).toEqual([issue('field.required', 'options', 0, 'choices', 0, 'name')])
    expect(issuesOf(strChoices({ name: 'A' }))).toEqual([issue('field.required', 'options', 0, 'choices', 0, 'value')])
    expect(issuesOf(strChoices(choice('A', 'a', { description: 'd' })))).toEqual([issue('field.unknown', 'options', 0, 'choices', 0, 'description')])
    expect(issuesOf(strChoices(choice(1 as unknown as string, 'a')))).toEqual([issue('value.type', 'options', 0, 'choices', 0, 'name')])
  })
})

describe('"Option choice": values', () => {
  it('accepts string values up to 100 characters, the empty one included (spec: "Option choice", a string is at most 100 characters)', () => {
    expectValid(strChoices(choice('A', ''), choice('B', rep('v', 100)), choice('C', rep(ASTRAL, 100))))
  })

  it('refuses a string value of 101 characters (spec: "Limits", a string choice value at most 100)', () => {
    expect(issuesOf(strChoices(choice('A', rep('v', 101))))).toEqual([issue('string.length', 'options', 0, 'choices', 0, 'value')])
    expect(issuesOf(strChoices(choice('A', rep(ASTRAL, 101))))).toEqual([issue('string.length', 'options', 0, 'choices', 0, 'value')])
  })

  it('refuses a value whose type is not the option type (spec: "Option choice", type follows the owning option)', () => {
    expect(issuesOf(strChoices(choice('A', 1)))).toEqual([issue('value.type', 'options', 0, 'choices', 0, 'value')])
    expect(issuesOf(intChoices(choice('A', '1')))).toEqual([issue('value.type', 'options', 0, 'choices', 0, 'value')])
    expect(issuesOf(numChoices(choice('A', '1.5')))).toEqual([issue('value.type', 'options', 0, 'choices', 0, 'value')])
    expect(issuesOf(intChoices(choice('A', true)))).toEqual([issue('value.type', 'options', 0, 'choices', 0, 'value')])
    expect(messagesOf(strChoices(choice('A', 1)))).toMatchInlineSnapshot(`
      [
        "options[0].choices[0].value must be a string, as the option is STRING (was 1)",
      ]
    `)
  })

  it('refuses a fraction on an INTEGER option and accepts one on a NUMBER option (spec: "Option choice", "Option types")', () => {
    expect(issuesOf(intChoices(choice('A', 1), choice('B', 2.5)))).toEqual([issue('number.integer', 'options', 0, 'choices', 1, 'value')])
    expectValid(numChoices(choice('A', 1), choice('B', 2.5)))
  })

  it('holds INTEGER choices to ±(2^53-1) and NUMBER choices to ±2^53 (spec: "Option types")', () => {
    expectValid(intChoices(choice('Max', MAX_SAFE), choice('Min', -MAX_SAFE)))
    expect(issuesOf(intChoices(choice('Big', 2 ** 53)))).toEqual([issue('number.range', 'options', 0, 'choices', 0, 'value')])
    expectValid(numChoices(choice('Max', 2 ** 53)))
    expect(issuesOf(numChoices(choice('Big', 2 ** 54)))).toEqual([issue('number.range', 'options', 0, 'choices', 0, 'value')])
  })
})

describe('Limits: 25 choices per option', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => choice(`C${i}`, i))

  it('accepts 25 choices and refuses 26 (spec: "Limits", choices per option 25)', () => {
    expectValid(intChoices(...many(25)))
    expect(issuesOf(intChoices(...many(26)))).toEqual([issue('choices.too_many', 'options', 0, 'choices')])
  })

  it('refuses choices that are not an array of choice objects (spec: "Command option", choices is an array of option choices)', () => {
    expect(issuesOf(withOptions(str('s', { choices: { name: 'A', value: 'a' } })))).toEqual([issue('value.type', 'options', 0, 'choices')])
    expect(issuesOf(strChoices('a', null))).toEqual([issue('value.type', 'options', 0, 'choices', 0), issue('value.type', 'options', 0, 'choices', 1)])
  })
})
