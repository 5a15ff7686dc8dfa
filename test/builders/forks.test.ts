/**
 * Forks of a builder chain against straight chains (DESIGN.md: immutable builders,
 * every call returns a new builder; README: an option "any number of commands and
 * subcommands may share"). Whatever a builder went through before (extended twice,
 * handed to two commands, asked for its JSON twice, its JSON changed by the caller),
 * its `toJSON` is that of the same calls made afresh on a chain of their own: the
 * same tree (`isDeepStrictEqual`) and the same string, key order included, or the
 * same `ValidationError` issues. This is what any state a chain builds ahead must
 * keep (docs/internals.md, the ledger: the JSON built in place, issue 29).
 */
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { option, slash, ValidationError } from '../../src/index.js'
import { buildCommand, buildOption, commandDesc, optionDesc } from './arbitraries.js'

const RUNS = { numRuns: 60 }

/** The JSON of `make()`, or the issues `[code, path]` of the `ValidationError` it throws. */
function outcome(make: () => unknown): unknown {
  try {
    const json = make()
    return { json, text: JSON.stringify(json) }
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return { issues: error.issues.map((i) => [i.code, i.path]) }
  }
}

/** Asserts that two outcomes are the same tree, the same string, or the same issues. */
function same(a: unknown, b: unknown): void {
  expect(isDeepStrictEqual(a, b)).toBe(true)
}

/** Changes every object and array of a JSON tree in place, as a careless caller might. */
function scribble(value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value) scribble(v)
    value.push('scribbled')
  } else if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) scribble(v)
    ;(value as Record<string, unknown>).name = 'scribbled'
    ;(value as Record<string, unknown>).__proto__scribble = 1
  }
}

describe('a forked builder gives the JSON of a straight chain of the same calls', () => {
  it('a command extended twice: each branch, and the command itself, as if built alone (spec: "Application command")', () => {
    fc.assert(
      fc.property(commandDesc(), (desc) => {
        const base = buildCommand(desc)
        const de = base.localize('de', { name: 'zweig' })
        const fr = base.localize('fr', { name: 'branche' })
        same(
          outcome(() => fr.toJSON()),
          outcome(() => buildCommand(desc).localize('fr', { name: 'branche' }).toJSON()),
        )
        same(
          outcome(() => de.toJSON()),
          outcome(() => buildCommand(desc).localize('de', { name: 'zweig' }).toJSON()),
        )
        same(
          outcome(() => base.toJSON()),
          outcome(() => buildCommand(desc).toJSON()),
        )
      }),
      RUNS,
    )
  })

  it('toJSON twice, the first result changed in between: the second as a fresh chain\'s first (spec: "Application command")', () => {
    fc.assert(
      fc.property(commandDesc(), (desc) => {
        const built = buildCommand(desc)
        const first = outcome(() => built.toJSON())
        if ('json' in (first as object)) scribble((first as { json: unknown }).json)
        same(
          outcome(() => built.toJSON()),
          outcome(() => buildCommand(desc).toJSON()),
        )
      }),
      RUNS,
    )
  })

  it('one option in two commands, then extended: each command and the option as if built alone (spec: "Application command option structure")', () => {
    fc.assert(
      fc.property(optionDesc('opt'), (desc) => {
        const shared = buildOption(desc)
        const one = slash('one', 'One').options(shared)
        const two = slash('two', 'Two').options(option.string('first', 'First'), shared)
        const more = shared.localize('it', { name: 'altro' })
        same(
          outcome(() => two.toJSON()),
          outcome(() => slash('two', 'Two').options(option.string('first', 'First'), buildOption(desc)).toJSON()),
        )
        same(
          outcome(() => one.toJSON()),
          outcome(() => slash('one', 'One').options(buildOption(desc)).toJSON()),
        )
        same(
          outcome(() => more.toJSON()),
          outcome(() => buildOption(desc).localize('it', { name: 'altro' }).toJSON()),
        )
        same(
          outcome(() => shared.toJSON()),
          outcome(() => buildOption(desc).toJSON()),
        )
      }),
      RUNS,
    )
  })

  it('an option asked for its JSON before a command takes it: the command unchanged (spec: "Application command option structure")', () => {
    fc.assert(
      fc.property(optionDesc('opt'), (desc) => {
        const shared = buildOption(desc)
        const alone = outcome(() => shared.toJSON())
        if ('json' in (alone as object)) scribble((alone as { json: unknown }).json)
        same(
          outcome(() => slash('cmd', 'Cmd').options(shared).toJSON()),
          outcome(() => slash('cmd', 'Cmd').options(buildOption(desc)).toJSON()),
        )
      }),
      RUNS,
    )
  })

  it('a refused command: the same issues from a fork and from a straight chain (spec: "Command option" rule 1)', () => {
    // A required option after an optional one (the types refuse it; a JavaScript
    // caller may write it): refused with `options.order` at the second.
    const base = slash('cmd', 'Cmd').options(option.string('a', 'A'))
    const refused = base.options(option.string('b', 'B').required() as never)
    const fine = base.options(option.string('c', 'C'))
    const straight = outcome(() =>
      slash('cmd', 'Cmd')
        .options(option.string('a', 'A'))
        .options(option.string('b', 'B').required() as never)
        .toJSON(),
    )
    expect(straight).toEqual({ issues: [['options.order', ['options', 1]]] })
    same(
      outcome(() => refused.toJSON()),
      straight,
    )
    same(
      outcome(() => refused.toJSON()),
      straight,
    )
    same(
      outcome(() => fine.toJSON()),
      outcome(() => slash('cmd', 'Cmd').options(option.string('a', 'A'), option.string('c', 'C')).toJSON()),
    )
  })
})
