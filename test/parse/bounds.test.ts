/**
 * The bound on work of `parse`, `safeParse` and `parseAutocomplete`
 * (src/rules/bounds.ts; docs/issues.md, "Limits on input"): an interaction's options
 * list longer than any definition allows (spec: "Limits", 25 options) gets one
 * issue and none of it is read, in the generated reader and in the interpreter
 * (the 'jitless' vitest project runs this file with the interpreter alone); at
 * most 100 issues come back; and whatever hostile shape a payload holds, the safe
 * entries answer with issues and `parse` throws `InteractionError` only.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InteractionError, parse, parseAutocomplete, safeParse, safeParseAutocomplete, type Issue, type Result } from '../../src/index.js'
import { ISSUES_MAX } from '../../src/rules/bounds.js'
import { hostileValue, lyingArray, sparse } from '../support/hostile.js'
import { plant, type Path } from '../support/json.js'
import { app, ban, banPayload, chat, config, interaction, search, U1, userObject, type Json } from './helpers.js'

const pairs = (r: Result<unknown>) => (r.issues ?? []).map((i) => [i.code, i.path])

/** An array proxy of `n` elements that counts the elements read. */
function counted(n: number, fill: unknown): { list: unknown[]; reads: () => number } {
  let reads = 0
  const list = new Proxy([] as unknown[], {
    get: (t, k) => {
      if (k === 'length') return n
      if (typeof k === 'string' && /^\d+$/.test(k)) {
        reads++
        return fill
      }
      return Reflect.get(t, k)
    },
  })
  return { list, reads: () => reads }
}

describe('an options list over 25: one issue, nothing in it read (spec: "Limits"; src/rules/bounds.ts)', () => {
  it('a million nulls, as a 5 MB body brings them, are one options.too_many', () => {
    const body = JSON.stringify(
      chat(
        'ban',
        Array.from({ length: 1_000_000 }, () => null),
      ),
    )
    expect(body.length).toBeGreaterThan(5_000_000)
    const r = safeParse(ban, JSON.parse(body))
    expect(pairs(r)).toEqual([['options.too_many', ['data', 'options']]])
    expect(() => parse(ban, JSON.parse(body))).toThrow(InteractionError)
  })

  it('a sparse array of length 2^32-1 is one options.too_many, at the top and in a subcommand', () => {
    expect(pairs(safeParse(ban, chat('ban', sparse())))).toEqual([['options.too_many', ['data', 'options']]])
    const inSub = chat('config', [{ type: 1, name: 'set', options: sparse() }])
    expect(pairs(safeParse(config, inSub))).toEqual([['options.too_many', ['data', 'options', 0, 'options']]])
    // A subcommand list holds one entry: a longer one is reported, and only its first entry read.
    expect(pairs(safeParse(config, chat('config', sparse())))).toEqual([
      ['interaction.subcommand', ['data', 'options']],
      ['value.type', ['data', 'options', 0]],
    ])
  })

  it('reads no element of a list over the cap, and each element of one within it', () => {
    const option = { type: 3, name: 'reason', value: 'spam bot' }
    const over = counted(26, option)
    expect(pairs(safeParse(ban, chat('ban', over.list)))).toEqual([['options.too_many', ['data', 'options']]])
    expect(over.reads()).toBe(0)
    const autocomplete = counted(2 ** 32 - 1, option)
    expect(pairs(safeParseAutocomplete(search, chat('search', autocomplete.list)))).toEqual([['interaction.type', ['type']]])
    expect(pairs(safeParseAutocomplete(search, interaction({ name: 'search', type: 1, options: autocomplete.list }, 4)))).toEqual([['options.too_many', ['data', 'options']]])
    expect(autocomplete.reads()).toBe(0)
    const within = counted(25, { type: 3, name: 'nope', value: 'x' })
    expect(safeParse(ban, chat('ban', within.list)).issues).toHaveLength(26)
    expect(within.reads()).toBeGreaterThanOrEqual(25)
  })

  it("25 options are read as usual: the bound is the spec's cap, not lower", () => {
    const payload = chat('ban', [...Array.from({ length: 24 }, () => ({ type: 4, name: 'days', value: 1 })), { type: 6, name: 'target', value: U1 }], {
      users: { [U1]: userObject(U1) },
    })
    expect(pairs(safeParse(ban, payload))).toEqual(Array.from({ length: 23 }, (_, i) => ['interaction.duplicate', ['data', 'options', i + 1, 'name']]))
  })

  it('a proxy whose length grows after the first read is read as it first answered', () => {
    let reads = 0
    const option = { type: 6, name: 'target', value: U1 }
    const list = new Proxy([option] as unknown[], { get: (t, k) => (k === 'length' ? (reads++ === 0 ? 1 : 2 ** 32 - 1) : Reflect.get(t, k)) })
    const r = safeParse(ban, chat('ban', list, { users: { [U1]: userObject(U1) } }))
    expect(r.ok).toBe(true)
  })
})

describe('the issue cap (src/rules/bounds.ts ISSUES_MAX)', () => {
  it('25 bad options in each of many payload places never give more than 100 issues', () => {
    const bad = Array.from({ length: 25 }, () => ({ type: 3, name: 'nope', value: 1 }))
    const r = safeParse(ban, chat('ban', bad))
    expect(r.issues?.length).toBeLessThanOrEqual(ISSUES_MAX)
    expect(pairs(r)).toContainEqual(['interaction.option', ['data', 'options', 24, 'name']])
  })
})

/** Where a hostile value may stand in a payload: what the readers read. */
const PAYLOAD_PATHS: readonly Path[] = [
  [],
  ['type'],
  ['data'],
  ['data', 'name'],
  ['data', 'type'],
  ['data', 'options'],
  ['data', 'options', 0],
  ['data', 'options', 0, 'name'],
  ['data', 'options', 0, 'value'],
  ['data', 'options', 0, 'options'],
  ['data', 'options', 0, 'focused'],
  ['data', 'resolved'],
  ['data', 'resolved', 'users'],
  ['data', 'resolved', 'users', U1],
  ['data', 'resolved', 'members'],
  ['data', 'target_id'],
]

const definitions: [string, unknown, () => Json][] = [
  ['ban', ban, banPayload],
  [
    'config',
    config,
    () =>
      chat('config', [
        {
          type: 1,
          name: 'set',
          options: [
            { type: 3, name: 'key', value: 'prefix' },
            { type: 3, name: 'value', value: '!' },
          ],
        },
      ]),
  ],
  ['search (autocomplete)', search, () => interaction({ name: 'search', type: 1, options: [{ type: 3, name: 'query', value: 'ca', focused: true }] }, 4)],
  ['a set', app, banPayload],
]

/** The result of a safe entry: ok, or refused with at most ISSUES_MAX issues. */
function bounded(r: Result<unknown>): void {
  if (r.ok) return
  expect(r.issues.length).toBeGreaterThan(0)
  expect(r.issues.length).toBeLessThanOrEqual(ISSUES_MAX)
  for (const i of r.issues as Issue[]) expect(typeof i.message).toBe('string')
}

/** A throwing entry: a value, or InteractionError with at most ISSUES_MAX issues; nothing else. */
function throwsOnlyInteractionError(run: () => unknown): void {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InteractionError)
    expect((error as InteractionError).issues.length).toBeLessThanOrEqual(ISSUES_MAX)
  }
}

describe('hostile shapes, as properties (fast-check): issues, never a throw, never more than the cap', () => {
  it.each(definitions)('%s: safeParse, safeParseAutocomplete, parse and parseAutocomplete', (_, definition, payload) => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...PAYLOAD_PATHS), hostileValue), { minLength: 1, maxLength: 2 }), (plants) => {
        const make = () => [...plants].sort(([a], [b]) => b.length - a.length).reduce<unknown>((p, [path, r]) => plant(p, path, r.make()), payload())
        bounded(safeParse(definition as never, make()))
        bounded(safeParseAutocomplete(definition as never, make()))
        throwsOnlyInteractionError(() => parse(definition as never, make()))
        throwsOnlyInteractionError(() => parseAutocomplete(definition as never, make()))
      }),
      { numRuns: 120 },
    )
  })

  it('a proxy claiming 2^32-1 options, each a valid option, is one options.too_many in both modes', () => {
    const r = safeParse(ban, chat('ban', lyingArray({ type: 6, name: 'target', value: U1 })))
    expect(pairs(r)).toEqual([['options.too_many', ['data', 'options']]])
  })
})
