/**
 * Issue 29's workload (bench/workload.mjs), which `npm run bench` builds with
 * slashkit and as object literals: it must be what the issue measured outside
 * (130 commands: 100 CHAT_INPUT of which 60 with value options, 30 with
 * subcommands, 10 with groups; 15 USER, 15 MESSAGE; 1,931 options, 2,146 choices;
 * 31 commands localized in 5 locales down to the choices; about 411 KB), valid,
 * and the same on every call.
 */
import { describe, expect, it } from 'vitest'
import { countWorkload, makeWorkload, WORKLOAD, WORKLOAD_LOCALES } from '../bench/workload.mjs'
import { formatIssues, validateCommands } from '../src/index.js'

describe('bench/workload.mjs', () => {
  const set = makeWorkload()
  const counts = countWorkload(set)

  it('validates as a global bulk-overwrite list', () => {
    const result = validateCommands(set)
    if (!result.ok) expect.fail(formatIssues(result.issues))
    expect(result.ok).toBe(true)
  })

  it('has the counts of issue 29, every option type, and about 411 KB of JSON', () => {
    const { optionTypes, bytes, ...rest } = counts
    expect(rest).toEqual(WORKLOAD)
    expect(WORKLOAD).toMatchObject({ commands: 130, leaf: 60, withSubcommands: 30, withGroups: 10, options: 1931, choices: 2146, localized: 31 })
    expect(optionTypes).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(bytes).toBeGreaterThan(380_000)
    expect(bytes).toBeLessThan(450_000)
  })

  it('localizes its localized commands in 5 locales down to the choices, and the others not at all', () => {
    const dicts = { full: 0, none: 0, partial: 0 }
    const visit = (o: Record<string, unknown>, localized: boolean, described: boolean): void => {
      const names = Object.keys((o.name_localizations as object | undefined) ?? {})
      const descriptions = Object.keys((o.description_localizations as object | undefined) ?? {})
      const full = names.join() === WORKLOAD_LOCALES.join() && (!described || descriptions.join() === WORKLOAD_LOCALES.join())
      if (localized ? full : names.length === 0 && descriptions.length === 0) dicts[localized ? 'full' : 'none']++
      else dicts.partial++
      for (const c of (o.choices as Record<string, unknown>[] | undefined) ?? []) visit(c, localized, false)
      for (const child of (o.options as Record<string, unknown>[] | undefined) ?? []) visit(child, localized, true)
    }
    for (const c of set) visit(c as unknown as Record<string, unknown>, c.name_localizations !== undefined, c.type === 1)
    expect(WORKLOAD_LOCALES).toHaveLength(5)
    expect(dicts.partial).toBe(0)
    expect(dicts.full).toBeGreaterThan(900)
  })

  it('is deterministic: the same JSON on every call', () => {
    expect(JSON.stringify(makeWorkload())).toBe(JSON.stringify(set))
  })
})
