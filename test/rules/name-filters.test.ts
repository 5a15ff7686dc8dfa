/**
 * The rules find duplicate option names ("Naming rules" 4), colliding localized
 * names ("Naming rules" 5) and unknown locale keys ("Other command rules" 6) through
 * small hashes (a bit filter of names, a slot table of locale keys) instead of
 * Maps and Sets. A hash may only make the exact comparison run more often, never
 * let a collision or an unknown key through: these tests compare the rules with a
 * plain reading of the spec on arrays built to collide, and on every locale-like key.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Locales, validateCommand, type Issue } from '../../src/index.js'
import { isLocaleKey } from '../../src/rules/text.js'
import { expectIssues, issue } from '../support/issues.js'

type Option = { type: number; name: string; description: string; name_localizations?: Record<string, string> }

/** The issues a plain reading of rules 4 and 5 expects for one options array, as `code@index/locale`. */
function expected(options: readonly Option[]): string[] {
  const out: string[] = []
  options.forEach((o, i) => {
    const first = options.findIndex((p) => p.name === o.name)
    if (first < i) out.push(`options.duplicate_name@${i}`)
  })
  options.forEach((o, i) => {
    for (const [locale, s] of Object.entries(o.name_localizations ?? {})) {
      if (s === o.name) continue
      if (options.some((p, j) => j !== i && p.name === s)) out.push(`localization.conflict@${i}/${locale}`)
      if (options.some((p, j) => j < i && p.name !== s && p.name_localizations?.[locale] === s)) out.push(`localization.conflict@${i}/${locale}`)
    }
  })
  return out.sort()
}

const seen = (issues: readonly Issue[]): string[] =>
  issues
    .filter((i) => i.code === 'options.duplicate_name' || i.code === 'localization.conflict')
    .map((i) => `${i.code}@${String(i.path[1])}${i.code === 'localization.conflict' ? `/${String(i.path[3])}` : ''}`)
    .sort()

// Few distinct names, so that names and filter bits collide often.
const name = fc.constantFrom('a', 'b', 'c', 'ab', 'ba', 'abc', 'cab', 'x', 'y-z', 'дом', '名前')
const locale = fc.constantFrom('fr', 'de', 'ja', 'en-US', 'es-419')

const option: fc.Arbitrary<Option> = fc
  .record({ name, name_localizations: fc.option(fc.dictionary(locale, name, { maxKeys: 5 }), { nil: undefined }) })
  .map(({ name, name_localizations }) => ({ type: 3, name, description: 'd', ...(name_localizations === undefined ? {} : { name_localizations }) }))

describe('name filters find every collision a plain reading finds', () => {
  it('duplicate option names and colliding localized names, on arrays of up to 25 options (spec: "Naming rules" 4 and 5)', () => {
    fc.assert(
      fc.property(fc.array(option, { minLength: 1, maxLength: 25 }), (options) => {
        const result = validateCommand({ name: 'cmd', description: 'd', options })
        expect(seen(result.ok ? [] : result.issues)).toEqual(expected(options))
      }),
      { numRuns: 2000 },
    )
  })

  it('finds a duplicate name at the end of a full array (spec: "Naming rules" 4, "Limits": 25 options)', () => {
    const options = Array.from({ length: 24 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd' }))
    options.push({ type: 3, name: 'o7', description: 'd' })
    const result = validateCommand({ name: 'cmd', description: 'd', options })
    expect(result.ok ? [] : result.issues.filter((i) => i.code === 'options.duplicate_name').map((i) => i.path)).toEqual([['options', 24]])
    expect(result.ok ? '' : result.issues.find((i) => i.code === 'options.duplicate_name')?.message).toContain('like options[7]')
  })
})

describe('locale keys (spec: "Other command rules" 6)', () => {
  it('knows each of the 32 API v10 locale keys', () => {
    for (const l of Locales) expect(isLocaleKey(l)).toBe(true)
  })

  it("refuses every other string, including ones that hash to a locale key's slot", () => {
    const known = new Set<string>(Locales)
    // Near misses of every key: one unit changed, dropped or added, and case changes.
    const near = Locales.flatMap((l) => [
      l.toUpperCase(),
      `${l} `,
      ` ${l}`,
      l.slice(1),
      l.slice(0, -1),
      `${l}x`,
      l.replace('-', '_'),
      ...Array.from(l, (_, k) => l.slice(0, k) + String.fromCharCode(l.charCodeAt(k) + 128) + l.slice(k + 1)),
    ])
    for (const s of ['', 'e', 'en', 'es', 'zh', 'pt', 'sv', 'en-us', '__proto__', 'constructor', ...near]) expect(isLocaleKey(s), s).toBe(known.has(s))
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (s) => isLocaleKey(s) === known.has(s)),
      { numRuns: 5000 },
    )
  })
})

describe('long arrays (refused by options.too_many, not read: src/rules/bounds.ts)', () => {
  it('finds a duplicate beside elements that are not objects (spec: "Naming rules" 4)', () => {
    const options: unknown[] = Array.from({ length: 23 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd' }))
    options[13] = null
    options[14] = 7
    options.push({ type: 3, name: 'o15', description: 'd' }, { type: 3, name: 'o1', description: 'd' })
    const result = validateCommand({ name: 'cmd', description: 'd', options })
    const duplicates = result.ok ? [] : result.issues.filter((i) => i.code === 'options.duplicate_name')
    expect(duplicates.map((i) => [i.path, i.message.match(/like options\[\d+\]/)?.[0]])).toEqual([
      [['options', 23], 'like options[15]'],
      [['options', 24], 'like options[1]'],
    ])
  })

  it('refuses an array over the cap with options.too_many alone, its duplicates unread (spec: "Limits": 25 options)', () => {
    const options: unknown[] = Array.from({ length: 40 }, (_, i) => ({ type: 3, name: `o${i % 3}`, description: 'd' }))
    const result = validateCommand({ name: 'cmd', description: 'd', options })
    expectIssues(result, [issue('options.too_many', 'options')])
  })
})
