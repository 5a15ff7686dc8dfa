/** "Naming rules" 5: localized option names, unique among the options shown together. */
import type { IssueCollector, IssueParams } from './issues.js'
import { own, type Json } from './json.js'
import { localeSlot } from './text.js'
import type { Walk } from './walk.js'

/** A 32-bit hash of a name: of its length and its first and last UTF-16 units. */
const nameHash = (s: string): number => Math.imul(s.length + 31 * s.charCodeAt(0) + 7 * s.charCodeAt(s.length - 1), 0x9e3779b1)

/**
 * The tables of "Naming rules" 5, slot = the top 9 bits of a hash: `SLOTS` slots of
 * default names, then `SLOTS` of localized names, then the generation. A slot holds
 * the generation that set it, so no table is cleared between options arrays. The
 * walk holds them (`Walk.names`), made at its first localized options array:
 * a walk made while another is walking (a getter calling the rules) has its own.
 * Why: validateCommands on the bench set takes 1.7x as long with Maps (docs/internals.md).
 */
const SLOT_SHIFT = 23
const SLOTS = 1 << (32 - SLOT_SHIFT)

/**
 * "Naming rules" 5: a localized option name differs from the default names of the
 * other options and from the other options' names in the same locale. Applied to
 * the options that are shown together, one options array (see docs/spec-notes.md).
 *
 * The first table holds the array's default names; the second the localized
 * names met so far, mixed with their locale. Only a name a table may hold is
 * compared with the others (the array holds at most 25 options). `names` and
 * `dicts` hold each option's name and name_localizations dictionary as the walk
 * met them (`checkOptions`); `last` is the index of the last dictionary.
 */
export function checkLocalizedNames(c: Walk, names: readonly unknown[], dicts: readonly (Json | undefined)[], last: number): void {
  const seen = (c.names ??= new Int32Array(2 * SLOTS + 1))
  // A new generation: what the tables held for another array no longer counts.
  // Past the last positive int32 the tables are cleared and the count starts again.
  const g = (seen[2 * SLOTS] = ((seen[2 * SLOTS] as number) + 1) & 0x7fffffff || (seen.fill(0), 1))
  for (const s of names) if (typeof s === 'string') seen[nameHash(s) >>> SLOT_SHIFT] = g
  for (let i = 0; i <= last; i++) {
    const dict = dicts[i]
    if (dict === undefined) continue
    for (const locale in dict) {
      if (c.exact && !own.call(dict, locale)) continue
      const s = dict[locale]
      if (typeof s !== 'string' || s === names[i]) continue
      const h = nameHash(s)
      // The default name of another option (`s` is not this option's name).
      if (seen[h >>> SLOT_SHIFT] === g) {
        const j = names.indexOf(s)
        if (j >= 0) conflict(c, i, locale, { other: `options[${j}]`, name: s })
      }
      const pair = SLOTS + (Math.imul(h ^ localeSlot(locale), 0x85ebca6b) >>> SLOT_SHIFT)
      if (seen[pair] === g) {
        for (let j = 0; j < i; j++) {
          const other = dicts[j]
          if (other !== undefined && other[locale] === s && names[j] !== s && own.call(other, locale)) {
            conflict(c, i, locale, { locale, other: `options[${j}]`, name: s })
            break
          }
        }
      }
      seen[pair] = g
    }
  }
}

/** Reports a `localization.conflict` at `[i, 'name_localizations', locale]` (the path is extended only then). */
function conflict(c: IssueCollector, i: number, locale: string, params: IssueParams): void {
  c.path.push(i, 'name_localizations')
  c.add('localization.conflict', locale, params)
  c.path.pop()
  c.path.pop()
}
