/**
 * Issue 29's workload for the build benchmark: a bulk-overwrite list of the shape
 * measured outside the repository, with more choices and deeper localization than
 * bench/fixture.mjs:
 * - 130 commands: 100 CHAT_INPUT (60 with value options, 30 with subcommands,
 *   10 with groups of subcommands), 15 USER, 15 MESSAGE;
 * - 1,931 options (value options, subcommands and groups) and 2,146 choices;
 * - every option type, choices on STRING, INTEGER and NUMBER options, min/max
 *   values, min/max lengths, channel types, autocomplete, required options first;
 * - 31 commands localized in 5 locales down to the choices: every name,
 *   description and choice name of those commands has 5 localizations;
 * - about 411 KB of JSON.
 *
 * Deterministic (one seeded PRNG), valid under the spec (every command within the
 * 8,000-character combined size; names unique per list and per locale), and
 * built here rather than in bench/fixture.mjs, which the type-check benchmark
 * reads as it is. test/bench-fixture.test.ts checks the counts and validity.
 *
 *   node bench/workload.mjs   prints the counts
 */
import { pathToFileURL } from 'node:url'
import { mulberry32 } from './fixture.mjs'

/** The counts the issue gives, which `makeWorkload()` reproduces exactly. */
export const WORKLOAD = { commands: 130, chatInput: 100, leaf: 60, withSubcommands: 30, withGroups: 10, user: 15, message: 15, options: 1931, choices: 2146, localized: 31 }

/** The locales of the 31 localized commands. */
export const WORKLOAD_LOCALES = ['de', 'fr', 'es-ES', 'ja', 'pt-BR']

// Words from syllables; the localized forms swap each syllable for one of the
// locale's own (accented, or katakana for ja), never the English one, so that a
// localized name differs from the default (a builder drops one that equals it,
// "Other command rules" 6) and from every sibling's in the same locale.
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'sa', 'to', 'vi', 'nor', 'pe', 'da', 'ul', 'quin', 'ber', 'fa', 'go', 'hi', 'jun', 'ma', 'ne', 'ri', 'sol', 'te', 'wa', 'zi']
const LOCAL = {
  de: ['kä', 'lö', 'mie', 'renn', 'sä', 'tö', 'wi', 'nör', 'pä', 'dä', 'ül', 'kwin', 'bär', 'pha', 'gö', 'hie', 'jün', 'mä', 'nä', 'rie', 'söl', 'tä', 'wä', 'zie'],
  fr: ['ca', 'lô', 'mî', 'rèn', 'sà', 'tô', 'vî', 'nôr', 'pé', 'dà', 'ûl', 'qin', 'bèr', 'phâ', 'gô', 'hî', 'jûn', 'mâ', 'né', 'rî', 'sôl', 'té', 'oi', 'zî'],
  'es-ES': ['ca', 'ló', 'mí', 'rén', 'sá', 'tó', 'ví', 'ñor', 'pé', 'dá', 'úl', 'quín', 'bér', 'fá', 'gó', 'jí', 'jún', 'má', 'ñe', 'rí', 'sól', 'té', 'gua', 'ci'],
  ja: ['カ', 'ロ', 'ミ', 'レン', 'サ', 'ト', 'ヴィ', 'ノル', 'ペ', 'ダ', 'ウル', 'クイン', 'ベル', 'ファ', 'ゴ', 'ヒ', 'ジュン', 'マ', 'ネ', 'リ', 'ソル', 'テ', 'ワ', 'ジ'],
  'pt-BR': ['cá', 'lô', 'mí', 'rem', 'sã', 'tô', 'ví', 'nór', 'pê', 'dã', 'úl', 'quim', 'bér', 'fá', 'gô', 'hí', 'jún', 'mã', 'nê', 'rí', 'sól', 'tê', 'uá', 'zí'],
}
const SENTENCE = {
  en: (w) => `Which ${w}`,
  de: (w) => `${w} nutzen`,
  fr: (w) => `Le ${w} voulu`,
  'es-ES': (w) => `El ${w} a usar`,
  ja: (w) => `使う${w}`,
  'pt-BR': (w) => `O ${w} a usar`,
}
const CHANNEL_TYPES = [0, 2, 4, 5, 10, 11, 12, 13, 15, 16]
const VALUE_TYPES = [3, 4, 5, 6, 7, 8, 9, 10, 11]

/**
 * The workload: a fresh array of 130 command objects, the same on every call.
 * `seed` changes the random choices (option types, bounds, which options carry
 * choices), never the counts.
 */
export function makeWorkload({ seed = 0x29 } = {}) {
  const next = mulberry32(seed)
  const int = (min, max) => min + Math.floor(next() * (max - min + 1))
  let serial = 0
  // A word of 2 to 4 syllables, unique in the whole set (a random one, then its serial number in base 24).
  const word = () => {
    let n = serial++
    const parts = [int(0, 23)]
    do {
      parts.push(n % 24)
      n = Math.floor(n / 24)
    } while (n > 0)
    return parts
  }
  const spell = (parts, locale) => parts.map((p) => (locale === 'en' ? SYLLABLES : LOCAL[locale])[p]).join('')

  // Value options per list: leaf commands 18 (51 of them) or 17 (9); subcommands 4 of 4; groups 2 x 3 subcommands of 3.
  const leafCounts = Array.from({ length: 60 }, (_, i) => (i < 51 ? 18 : 17))
  const localizedCommand = (i) => i % 4 === 1 // 25 of the 100 CHAT_INPUT...
  const localizedMenu = (i) => i % 5 === 0 // ...and 3 USER, 3 MESSAGE: 31
  let localized = false
  const localize = (o, name, description) => {
    if (!localized) return o
    o.name_localizations = {}
    if (description !== undefined) o.description_localizations = {}
    for (const l of WORKLOAD_LOCALES) {
      o.name_localizations[l] = spell(name, l)
      if (description !== undefined) o.description_localizations[l] = SENTENCE[l](spell(description, l))
    }
    return o
  }

  // STRING, INTEGER and NUMBER options, filled once the set is made: the first
  // ones in a seeded order get the choices (3 to 8 each, every seventh 25) until
  // there are 2,146; the others get lengths, bounds or autocomplete.
  const choosable = []
  const value = () => {
    const type = VALUE_TYPES[int(0, VALUE_TYPES.length - 1)]
    const name = word()
    const o = { type, name: spell(name, 'en'), description: SENTENCE.en(spell(name, 'en')) }
    localize(o, name, name)
    if (type === 3 || type === 4 || type === 10) choosable.push({ o, localized })
    else if (type === 7 && next() < 0.7) {
      const start = int(0, 6)
      o.channel_types = CHANNEL_TYPES.slice(start, start + int(1, 4))
    }
    if (next() < 0.35) o.required = true
    return o
  }
  const fill = () => {
    const order = choosable.map((slot) => ({ slot, key: next() })).sort((a, b) => a.key - b.key)
    let left = WORKLOAD.choices
    for (const [i, { slot }] of order.entries()) {
      const { o, localized: local } = slot
      const n = Math.min(left, i % 7 === 0 ? 25 : int(3, 8))
      if (n >= 2) {
        left -= n
        const base = int(-50, 50)
        o.choices = Array.from({ length: n }, (_, k) => {
          const w = word()
          const c = { name: spell(w, 'en'), value: o.type === 3 ? spell(w, 'en') : o.type === 4 ? base + k * 7 : base / 4 + k * 1.25 }
          if (local) {
            c.name_localizations = {}
            for (const l of WORKLOAD_LOCALES) c.name_localizations[l] = spell(w, l)
          }
          return c
        })
      } else if (o.type === 3) {
        if (next() < 0.3) o.autocomplete = true
        if (next() < 0.5) {
          o.min_length = int(0, 10)
          o.max_length = [32, 100, 256, 512, 1024, 2000, 4000, 6000][int(0, 7)]
        }
      } else {
        if (next() < 0.25) o.autocomplete = true
        if (next() < 0.7) {
          o.min_value = o.type === 4 ? int(-100, 10) : int(-1000, 100) / 8
          o.max_value = o.min_value + (o.type === 4 ? int(1, 100000) : int(1, 80000) / 16)
        }
      }
    }
    if (left !== 0) throw new Error(`bench/workload.mjs: ${left} choices not placed`)
  }
  const values = (n) => {
    const list = Array.from({ length: n }, value)
    return [...list.filter((o) => o.required), ...list.filter((o) => !o.required)]
  }
  const nested = (type, children) => {
    const name = word()
    return localize({ type, name: spell(name, 'en'), description: SENTENCE.en(spell(name, 'en')), options: children }, name, name)
  }
  const settings = (c, i) => {
    if (i % 3 === 0) c.default_member_permissions = ['8', '32', '8192', '268435456'][i % 4]
    if (i % 4 === 0) c.contexts = i % 8 === 0 ? [0] : [0, 1, 2]
    if (i % 5 === 0) c.integration_types = [0, 1]
    return c
  }

  const commands = []
  for (let i = 0; i < 100; i++) {
    localized = localizedCommand(i)
    const name = word()
    const c = { type: 1, name: spell(name, 'en'), description: SENTENCE.en(spell(name, 'en')) }
    if (i < 60) c.options = values(leafCounts[i])
    else if (i < 90) c.options = Array.from({ length: 4 }, () => nested(1, values(4)))
    else
      c.options = Array.from({ length: 2 }, () =>
        nested(
          2,
          Array.from({ length: 3 }, () => nested(1, values(3))),
        ),
      )
    commands.push(localize(settings(c, i), name, name))
  }
  for (const type of [2, 3])
    for (let i = 0; i < 15; i++) {
      localized = localizedMenu(i)
      const name = word()
      // USER and MESSAGE names may hold capitals and spaces.
      const title = spell(name, 'en')
      const c = settings({ type, name: `${title.charAt(0).toUpperCase()}${title.slice(1)} info` }, i)
      if (localized) {
        c.name_localizations = {}
        for (const l of WORKLOAD_LOCALES) c.name_localizations[l] = `${spell(name, l)} info`
      }
      commands.push(c)
    }
  fill()
  return commands
}

/** The workload's counts, as the issue states them. */
export function countWorkload(set) {
  let options = 0
  let choices = 0
  const types = new Set()
  const walk = (list) => {
    for (const o of list ?? []) {
      options++
      types.add(o.type)
      choices += o.choices?.length ?? 0
      walk(o.options)
    }
  }
  for (const c of set) walk(c.options)
  const chat = set.filter((c) => c.type === 1)
  return {
    commands: set.length,
    chatInput: chat.length,
    leaf: chat.filter((c) => c.options?.[0]?.type > 2).length,
    withSubcommands: chat.filter((c) => c.options?.[0]?.type === 1).length,
    withGroups: chat.filter((c) => c.options?.[0]?.type === 2).length,
    user: set.filter((c) => c.type === 2).length,
    message: set.filter((c) => c.type === 3).length,
    options,
    choices,
    localized: set.filter((c) => c.name_localizations !== undefined).length,
    optionTypes: [...types].sort((a, b) => a - b),
    bytes: JSON.stringify(set).length,
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(countWorkload(makeWorkload()))
