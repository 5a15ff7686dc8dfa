/**
 * "Command option" table, column "Valid for option types": each field on each of
 * the 11 option types, accepted exactly where the spec lists it; the option type
 * itself; unknown fields; autocomplete never with choices.
 */
import { describe, expect, it } from 'vitest'
import { choice, expectValid, issue, issuesOf, messagesOf, opt, str, withOptions } from './helpers.js'

/** Option types by value ("Option types"). */
const TYPES = {
  SUB_COMMAND: 1,
  SUB_COMMAND_GROUP: 2,
  STRING: 3,
  INTEGER: 4,
  BOOLEAN: 5,
  USER: 6,
  CHANNEL: 7,
  ROLE: 8,
  MENTIONABLE: 9,
  NUMBER: 10,
  ATTACHMENT: 11,
} as const
type TypeName = keyof typeof TYPES
const ALL = Object.keys(TYPES) as TypeName[]

/** The spec's "Valid for option types" column, written out from the table (not from the code). */
const VALID_FOR: Record<string, readonly TypeName[]> = {
  required: ALL.filter((t) => t !== 'SUB_COMMAND' && t !== 'SUB_COMMAND_GROUP'),
  choices: ['STRING', 'INTEGER', 'NUMBER'],
  options: ['SUB_COMMAND', 'SUB_COMMAND_GROUP'],
  channel_types: ['CHANNEL'],
  min_value: ['INTEGER', 'NUMBER'],
  max_value: ['INTEGER', 'NUMBER'],
  min_length: ['STRING'],
  max_length: ['STRING'],
  autocomplete: ['STRING', 'INTEGER', 'NUMBER'],
}

/** A value of `field` that is valid wherever the field is. */
const sample = (field: string, type: number): unknown =>
  ({
    required: true,
    choices: [choice('One', type === 3 ? 'one' : 1)],
    options: [],
    channel_types: [0],
    min_value: 1,
    max_value: 1,
    min_length: 1,
    max_length: 1,
    autocomplete: true,
  })[field]

const cases = Object.entries(VALID_FOR).flatMap(([field, valid]) => ALL.map((typeName) => [field, typeName, valid.includes(typeName)] as const))

describe('"Command option" table: which fields each option type takes', () => {
  it.each(cases.filter(([, , valid]) => valid))('accepts %s on a %s option (spec: "Command option", column "Valid for option types")', (field, typeName) => {
    const type = TYPES[typeName]
    expectValid(withOptions(opt(type, 'o', { [field]: sample(field, type) })))
  })

  it.each(cases.filter(([, , valid]) => !valid))('refuses %s on a %s option (spec: "Command option", column "Valid for option types")', (field, typeName) => {
    const type = TYPES[typeName]
    expect(issuesOf(withOptions(opt(type, 'o', { [field]: sample(field, type) })))).toEqual([issue('field.not_allowed', 'options', 0, field)])
  })

  it.each(ALL)('accepts name, description and their localizations on a %s option (spec: "Command option", fields valid for all)', (typeName) => {
    expectValid(withOptions(opt(TYPES[typeName], 'o', { name_localizations: { fr: 'o-fr' }, description_localizations: { fr: 'Une option' } })))
  })

  it('names the types a misplaced field belongs to (spec: "Command option", column "Valid for option types")', () => {
    expect(messagesOf(withOptions(opt(5, 'flag', { min_value: 1 })))).toMatchInlineSnapshot(`
      [
        "options[0].min_value is not allowed on a BOOLEAN option; it applies to INTEGER, NUMBER options",
      ]
    `)
  })

  it('accepts every field of one type together (spec: "Command option")', () => {
    expectValid(withOptions(str('s', { required: true, min_length: 0, max_length: 6000, autocomplete: true })))
    expectValid(withOptions(opt(4, 'i', { required: true, min_value: -5, max_value: 5, choices: [choice('Two', 2)] })))
    expectValid(withOptions(opt(7, 'c', { channel_types: [0, 2, 4, 5, 10, 11, 12, 13, 15] })))
  })
})

describe('"Command option": type, and fields the option does not have', () => {
  it('requires a type from 1 to 11 (spec: "Command option", type required; "Option types")', () => {
    expect(issuesOf(withOptions({ name: 'o', description: 'd' }))).toEqual([issue('field.required', 'options', 0, 'type')])
    for (const type of [0, 12, -1, 3.5, '3', null, true]) {
      expect(issuesOf(withOptions(opt(type as number, 'o')))).toEqual([issue('option.type', 'options', 0, 'type')])
    }
    for (const type of Object.values(TYPES)) expectValid(withOptions(opt(type, 'o')))
  })

  it('requires name and description (spec: "Command option", name and description)', () => {
    expect(issuesOf(withOptions({ type: 3 }))).toEqual([issue('field.required', 'options', 0, 'name'), issue('field.required', 'options', 0, 'description')])
  })

  it('refuses a key that is not an option field, such as a typo or an interaction field (spec: "Command option" fields)', () => {
    expect(issuesOf(withOptions(str('o', { descripton: 'd' })))).toEqual([issue('field.unknown', 'options', 0, 'descripton')])
    expect(issuesOf(withOptions(str('o', { value: 'x', focused: true })))).toEqual([issue('field.unknown', 'options', 0, 'value'), issue('field.unknown', 'options', 0, 'focused')])
  })

  it('checks the values of fields that are allowed (spec: "Command option", field types)', () => {
    expect(issuesOf(withOptions(str('o', { autocomplete: 1 })))).toEqual([issue('value.type', 'options', 0, 'autocomplete')])
    expect(issuesOf(withOptions(opt(7, 'c', { channel_types: 0 })))).toEqual([issue('value.type', 'options', 0, 'channel_types')])
    expect(issuesOf(withOptions(opt(7, 'c', { channel_types: [0, 6, 99, '0'] })))).toEqual([
      issue('enum.value', 'options', 0, 'channel_types', 1),
      issue('enum.value', 'options', 0, 'channel_types', 2),
      issue('enum.value', 'options', 0, 'channel_types', 3),
    ])
  })
})

describe('"Command option": autocomplete must not be true when choices are present', () => {
  it.each([
    ['STRING', 3, 'a'],
    ['INTEGER', 4, 1],
    ['NUMBER', 10, 1.5],
  ] as const)('refuses autocomplete with choices on a %s option (spec: "Command option", autocomplete)', (_, type, value) => {
    expect(issuesOf(withOptions(opt(type, 'o', { choices: [choice('A', value)], autocomplete: true })))).toEqual([
      issue('option.autocomplete_with_choices', 'options', 0, 'autocomplete'),
    ])
  })

  it('accepts autocomplete false with choices, and autocomplete true without them (spec: "Command option", autocomplete)', () => {
    expectValid(withOptions(str('o', { choices: [choice('A', 'a')], autocomplete: false })))
    expectValid(withOptions(str('o', { autocomplete: true })))
  })

  it('accepts autocomplete true with an empty choices array: no choices are present (spec: "Command option", autocomplete)', () => {
    expectValid(withOptions(str('o', { choices: [], autocomplete: true })))
  })
})
