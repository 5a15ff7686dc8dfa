/**
 * Re-entrancy of the builders: each `toJSON` replays its builder with its own
 * state, so a `toJSON` that runs inside another one (a plain value passed to
 * `.options(...)` whose getter calls a builder's `toJSON`) and fails, caught by
 * the caller's code, leaves the outer payload whole: every later option, `nsfw`
 * and the localizations are still there, and the rules still see them (spec:
 * "Application command", "Command option" rule 1, "Other command rules" 6).
 */
import { describe, expect, it } from 'vitest'
import { option, slash, ValidationError, validateCommand } from '../../src/index.js'

/** A builder whose `toJSON` fails while reading: one of its plain options has a throwing getter. */
const unreadable = (): { toJSON(): unknown } =>
  slash('inner', 'Inner').options({
    get type(): number {
      throw new Error('no type')
    },
  } as never)

/** Calls `nested.toJSON()` as user code would, keeping what it throws in `caught`. */
function callCaught(nested: { toJSON(): unknown }, caught: unknown[]): void {
  try {
    nested.toJSON()
  } catch (error) {
    caught.push(error)
  }
}

/** A plain STRING option whose `description` getter runs `nested` (a failing toJSON, caught). */
function hostile(nested: { toJSON(): unknown }, caught: unknown[]): unknown {
  return {
    type: 3,
    name: 'b',
    get description(): string {
      callCaught(nested, caught)
      return 'B'
    },
  }
}

/** The outer command: an option, the hostile one, a later option (`later`), nsfw and localizations. */
const build = (nested: { toJSON(): unknown }, caught: unknown[], later: unknown) =>
  slash('outer', 'Outer')
    .options(option.string('a', 'A').required(), hostile(nested, caught) as never)
    .options(later as never)
    .nsfw()
    .localize('de', { name: 'aussen', description: 'Außen' })

describe('a failing toJSON nested inside another (re-entrancy of the builders)', () => {
  it('keeps the later options, nsfw and localizations of the outer command (spec: "Application command")', () => {
    const caught: unknown[] = []
    const json = build(unreadable(), caught, option.string('c', 'C')).toJSON()
    expect(caught).toHaveLength(1)
    expect(caught[0]).toBeInstanceOf(ValidationError)
    expect((caught[0] as ValidationError).issues.map((i) => i.code)).toEqual(['input.unreadable'])
    expect(json).toEqual({
      type: 1,
      name: 'outer',
      description: 'Outer',
      options: [
        { type: 3, name: 'a', description: 'A', required: true },
        { type: 3, name: 'b', description: 'B' },
        { type: 3, name: 'c', description: 'C' },
      ],
      nsfw: true,
      name_localizations: { de: 'aussen' },
      description_localizations: { de: 'Außen' },
    })
    expect(validateCommand(json).ok).toBe(true)
  })

  it('still refuses an invalid later option instead of dropping it (spec: "Command option" rule 1)', () => {
    const caught: unknown[] = []
    const outer = build(unreadable(), caught, option.string('c', 'C').required())
    let issues: unknown
    try {
      outer.toJSON()
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError)
      issues = (error as ValidationError).issues.map((i) => [i.code, i.path])
    }
    expect(issues).toEqual([['options.order', ['options', 2]]])
    expect(caught).toHaveLength(1)
  })

  it('a nested toJSON that succeeds leaves the same payload as no nested call', () => {
    const caught: unknown[] = []
    const fine = build(slash('fine', 'Fine'), caught, option.string('c', 'C')).toJSON()
    const none = build({ toJSON: () => undefined }, caught, option.string('c', 'C')).toJSON()
    expect(caught).toEqual([])
    expect(fine).toEqual(none)
  })

  it('a nested toJSON of an option whose choices fail to read keeps the outer option\'s later choices (spec: "Option choice")', () => {
    const caught: unknown[] = []
    const bad = option.string('x', 'X').choices({
      get name(): string {
        throw new Error('no name')
      },
      value: 'x',
    } as never)
    const trap = {
      get name(): string {
        callCaught(bad, caught)
        return 'One'
      },
      value: 'one',
    }
    const pick = option.string('pick', 'Pick').choices(trap as never, { name: 'Two', value: 'two' } as never)
    const json = pick.maxLength(10).toJSON()
    expect(json).toEqual({
      type: 3,
      name: 'pick',
      description: 'Pick',
      choices: [
        { name: 'One', value: 'one' },
        { name: 'Two', value: 'two' },
      ],
      max_length: 10,
    })
    // The later `autocomplete()` is kept, so the rule that refuses it with choices applies.
    let codes: unknown
    try {
      // As a JavaScript caller may: the types refuse autocomplete() after choices().
      ;(pick as unknown as { autocomplete(): { toJSON(): unknown } }).autocomplete().toJSON()
    } catch (error) {
      codes = (error as ValidationError).issues.map((i) => i.code)
    }
    expect(codes).toEqual(['option.autocomplete_with_choices'])
    expect(caught).toHaveLength(2)
  })
})
