/**
 * The benchmark fixture (bench/fixture.mjs) is what `npm run bench` measures, so
 * it must be what it claims: a valid, realistic bulk-overwrite list of 100
 * CHAT_INPUT, 15 USER and 15 MESSAGE commands, 300-500 KB of JSON, the same on
 * every call.
 */
import { describe, expect, it } from 'vitest'
import { makeCommandSet } from '../bench/fixture.mjs'
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
