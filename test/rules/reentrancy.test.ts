/**
 * Re-entrancy of the rules: each `validateCommand` / `validateCommands` call walks
 * with its own context, so a call made while another is walking (a getter of the
 * value under check calling the rules, as a logging proxy or a lazy definition
 * does) changes nothing of the outer call's result. The outer results below are
 * the ones the same values get without the nested call; the rules they rest on
 * are "Command option" rule 1 (required before optional), "Naming rules" 5
 * (localized option names), "Application command" (the fields of a create body)
 * and "Other command rules" 6 (localization dictionaries).
 */
import { describe, expect, it } from 'vitest'
import { validateChoice, validateCommand, validateCommands, validateOption } from '../../src/index.js'
import { expectIssues } from '../support/issues.js'
import { chat, issue, issuesOf, str, type Json } from './helpers.js'

/**
 * A valid command the nested calls check (each nested result is asserted too): it
 * has an option named 'b' with a localized name, and ends on a `null` dictionary.
 */
const inner: Json = chat({ options: [str('b', { name_localizations: { fr: 'bb' } }), str('y', { name_localizations: null })] })
const fetchedInner: Json = { ...chat({ name: 'other' }), id: '1', version: '2' }

/** Defines `key` on `target` as an enumerable getter that runs `nested` first. */
function withNested<T extends Json>(target: T, key: string, value: unknown, nested: () => void): T {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      nested()
      return value
    },
  })
  return target
}

const nestedValid = (): void => {
  expect(validateCommand(inner).ok).toBe(true)
}

describe('a nested validateCommand inside validateCommand (spec: "Command option", "Naming rules" 5; re-entrancy of the rules)', () => {
  it('a fetched nested call does not make the outer create body accept service fields (spec: "Application command" create body)', () => {
    const outer = withNested(chat(), 'options', [str('a')], () => {
      expect(validateCommand(fetchedInner, { fetched: true }).ok).toBe(true)
    })
    outer.name_localized = 'x'
    expect(issuesOf(outer)).toEqual([issue('field.unknown', 'name_localized')])
  })

  it('a nested call inside a localization dictionary keeps the outer options array\'s "Naming rules" 5 check', () => {
    const dict = withNested({}, 'fr', 'b', nestedValid)
    const outer = chat({ options: [str('a', { name_localizations: dict }), str('b')] })
    expect(issuesOf(outer)).toEqual([issue('localization.conflict', 'options', 0, 'name_localizations', 'fr')])
  })

  it('a nested call while the outer compares localized names keeps the conflict (spec: "Naming rules" 5)', () => {
    // The getter runs during the comparison of localized names, after the defaults were noted.
    let walked = 0
    const dict = withNested({}, 'fr', 'b', () => {
      if (++walked === 2) nestedValid()
    })
    const outer = chat({ options: [str('a', { name_localizations: dict }), str('b')] })
    expect(issuesOf(outer)).toEqual([issue('localization.conflict', 'options', 0, 'name_localizations', 'fr')])
    expect(walked).toBe(2)
  })

  it('a nested validateOption while the outer reports the order keeps "Naming rules" 4 and "Command option" rule 1', () => {
    // The getter runs when the message of options.order names options[0].
    const optional = withNested(str('a'), 'name', 'a', () => {
      expect(validateOption(str('z')).ok).toBe(true)
    })
    const outer = chat({ options: [optional, str('r', { required: true }), str('r')] })
    expect(issuesOf(outer)).toEqual([issue('options.order', 'options', 1), issue('options.duplicate_name', 'options', 2)])
  })

  it('a nested validateChoice inside a fetched command keeps it read as fetched (spec: "Command endpoints" rule 5)', () => {
    const ch = withNested<Json>({ name: 'c' }, 'value', 1, () => {
      expect(validateChoice({ name: 'n', value: 1 }).ok).toBe(true)
    })
    ch.name_localized = 'c'
    const outer = chat({ options: [{ type: 4, name: 'n', description: 'N', choices: [ch] }] })
    expect(issuesOf(outer, { fetched: true })).toEqual([])
    expect(issuesOf(outer)).toEqual([issue('field.unknown', 'options', 0, 'choices', 0, 'name_localized')])
  })

  it('a nested validateCommands inside a list element keeps the outer list a create body (spec: "Application command")', () => {
    const second = withNested(chat({ name: 'two' }), 'description', 'D', () => {
      expect(validateCommands([inner, fetchedInner], { fetched: true }).ok).toBe(true)
    })
    second.name_localized = 'y'
    const r = validateCommands([chat({ name_localized: 'x' }), second])
    expect(r.ok).toBe(false)
    expectIssues(r, [issue('field.unknown', 0, 'name_localized'), issue('field.unknown', 1, 'name_localized')])
  })

  it('the outer result equals the result without the nested call', () => {
    const make = (nested: () => void): Json => chat({ options: [str('a', { name_localizations: withNested({}, 'fr', 'b', nested) }), str('b', { required: true })] })
    const plain = issuesOf(make(() => undefined))
    expect(plain.length).toBeGreaterThan(1)
    expect(issuesOf(make(nestedValid))).toEqual(plain)
  })
})
