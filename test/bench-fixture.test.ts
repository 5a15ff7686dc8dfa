/**
 * The benchmark fixture (bench/fixture.mjs) is what `npm run bench` measures, so
 * it must be what it claims: a valid, realistic bulk-overwrite list of 100
 * CHAT_INPUT, 15 USER and 15 MESSAGE commands, 300-500 KB of JSON, the same on
 * every call.
 */
import { describe, expect, it } from 'vitest'
import { makeCommandSet, makeWideSet, WIDE_SHAPE } from '../bench/fixture.mjs'
import { formatIssues, validateCommands } from '../src/index.js'

describe('bench/fixture.mjs', () => {
  const set = makeCommandSet()

  it('validates as a global bulk-overwrite list', () => {
    const result = validateCommands(set)
    if (!result.ok) expect.fail(formatIssues(result.issues))
    expect(result.ok).toBe(true)
  })

  it('has 100 CHAT_INPUT, 15 USER and 15 MESSAGE commands', () => {
    const count = (type: number) => set.filter((c) => (c.type ?? 1) === type).length
    expect(set).toHaveLength(130)
    expect([count(1), count(2), count(3)]).toEqual([100, 15, 15])
  })

  it('is between 300 and 500 KB of JSON', () => {
    const size = JSON.stringify(set).length
    expect(size).toBeGreaterThanOrEqual(300 * 1024)
    expect(size).toBeLessThanOrEqual(500 * 1024)
  })

  it('is deterministic: the same JSON on every call', () => {
    expect(JSON.stringify(makeCommandSet())).toBe(JSON.stringify(set))
  })

  it('exercises what real sets hold: every option type, subcommands, groups, choices, localizations', () => {
    const types = new Set<number>()
    let choices = 0
    let localized = 0
    const walk = (options: readonly Record<string, unknown>[] | undefined) => {
      for (const o of options ?? []) {
        types.add(o.type as number)
        if (Array.isArray(o.choices)) choices++
        if (o.name_localizations) localized++
        walk(o.options as Record<string, unknown>[] | undefined)
      }
    }
    for (const c of set) walk((c as { options?: Record<string, unknown>[] }).options)
    expect([...types].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(choices).toBeGreaterThan(20)
    expect(localized).toBeGreaterThan(100)
  })
})

describe('bench/fixture.mjs, the wide set (makeWideSet: the shape of issue 29)', () => {
  const set = makeWideSet() as unknown as Record<string, unknown>[]
  type O = Record<string, unknown> & { options?: O[]; choices?: Record<string, unknown>[] }
  const all = (options: O[] | undefined): O[] => (options ?? []).flatMap((o) => [o, ...all(o.options)])

  it('validates as a global bulk-overwrite list, and is the same on every call', () => {
    const result = validateCommands(set)
    if (!result.ok) expect.fail(formatIssues(result.issues))
    expect(JSON.stringify(makeWideSet())).toBe(JSON.stringify(set))
  })

  it('has 100 CHAT_INPUT (60 with value options, 30 with subcommands, 10 with groups), 15 USER and 15 MESSAGE commands', () => {
    const chat = set.filter((c) => (c.type ?? 1) === 1) as O[]
    const kind = (c: O) => (c.options?.some((o) => o.type === 2) ? 'groups' : c.options?.some((o) => o.type === 1) ? 'subcommands' : 'flat')
    expect([chat.length, set.filter((c) => c.type === 2).length, set.filter((c) => c.type === 3).length]).toEqual([100, 15, 15])
    expect(['flat', 'subcommands', 'groups'].map((k) => chat.filter((c) => kind(c) === k).length)).toEqual([60, 30, 10])
  })

  it('holds exactly 1,931 options (subcommands and groups included) and 2,146 choices', () => {
    const options = set.flatMap((c) => all((c as O).options))
    expect(options).toHaveLength(WIDE_SHAPE.options)
    expect(options.reduce((n, o) => n + (o.choices?.length ?? 0), 0)).toBe(WIDE_SHAPE.choices)
    expect(new Set(options.map((o) => o.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))
    for (const field of ['min_value', 'max_value', 'min_length', 'max_length', 'channel_types', 'autocomplete', 'required'])
      expect(
        options.some((o) => o[field] !== undefined),
        field,
      ).toBe(true)
  })

  it('localizes 31 CHAT_INPUT commands in 5 locales, down to every name, description and choice, and no other', () => {
    const chat = set.filter((c) => (c.type ?? 1) === 1) as O[]
    const localized = chat.filter((c) => c.name_localizations !== undefined)
    expect(localized).toHaveLength(WIDE_SHAPE.localized)
    const five = ['es-ES', 'de', 'fr', 'ja', 'pt-BR']
    for (const c of localized) {
      for (const o of [c, ...all(c.options)]) {
        expect(Object.keys(o.name_localizations as object)).toEqual(five)
        expect(Object.keys(o.description_localizations as object)).toEqual(five)
        for (const ch of o.choices ?? []) expect(Object.keys(ch.name_localizations as object)).toEqual(five)
      }
    }
    for (const c of chat.filter((x) => x.name_localizations === undefined))
      for (const o of all(c.options)) expect([o.name_localizations, ...(o.choices ?? []).map((ch) => ch.name_localizations)].every((x) => x === undefined)).toBe(true)
  })
})
