/**
 * The requester's locale (spec: "Other command rules" 7): "Locale is determined
 * from the X-Service-Locale header (the header that carries the client locale),
 * then the Accept-Language header, then the user-settings locale."
 *
 * How a language tag maps to one of the 34 API locale keys is not shown in the
 * spec; `matchLocale` documents the mapping slashkit uses.
 */
import { Locales, type Locale } from '../wire/enums.js'
import { argumentError } from '../rules/arguments.js'

/** The header that carries the client locale (spec: "Other command rules" 7). */
export const LOCALE_HEADER = 'X-Service-Locale'

/** Headers as `fetch` gives them (`Headers`), or a plain object (any letter case). */
export type HeaderSource = { get(name: string): string | null } | { readonly [name: string]: string | readonly string[] | undefined }

/** One entry of an Accept-Language header. */
export interface LanguageRange {
  /** The language range as written: `fr-CH`, `en`, `*`. */
  readonly tag: string
  /** Its quality, 0 to 1 (1 when not given). */
  readonly q: number
}

/**
 * The locale keys by their lower-case form (`byLower`), and by their primary
 * language subtag where the API has exactly one (`byLanguage`). Made on the first
 * `matchLocale`, not when the module loads (`require('slashkit')` builds nothing
 * a program may never ask for).
 */
let tables: { readonly byLower: ReadonlyMap<string, Locale>; readonly byLanguage: ReadonlyMap<string, Locale> } | undefined

function localeTables(): NonNullable<typeof tables> {
  if (tables !== undefined) return tables
  const byLower = new Map<string, Locale>()
  const counts = new Map<string, Locale[]>()
  for (const l of Locales) {
    byLower.set(l.toLowerCase(), l)
    const lang = (l.split('-')[0] as string).toLowerCase()
    counts.set(lang, [...(counts.get(lang) ?? []), l])
  }
  const byLanguage = new Map<string, Locale>()
  for (const [lang, list] of counts) if (list.length === 1) byLanguage.set(lang, list[0] as Locale)
  // Norwegian Bokmål and Nynorsk are written `nb` and `nn`; the API key is `no`.
  byLanguage.set('nb', 'no')
  byLanguage.set('nn', 'no')
  tables = { byLower, byLanguage }
  return tables
}

/**
 * The API locale for a language tag, or `undefined`:
 * 1. the same key in any letter case (`en-gb` is `en-GB`);
 * 2. English: `en-GB` for British English, `en-US` for every other `en` tag;
 *    Spanish: `es-ES` for `es` and `es-ES`, `es-419` for every other region
 *    (the Americas); Chinese: by the script subtag when there is one (`Hant`
 *    is `zh-TW`, `Hans` is `zh-CN`: the script says which writing the reader
 *    wants, so `zh-Hans-HK` is `zh-CN`), else by region (TW, HK, MO are
 *    `zh-TW`), else `zh-CN`;
 * 3. other languages by their primary subtag, where the API has one locale for it
 *    (`fr-CA` is `fr`, `sv` is `sv-SE`, `pt-PT` is `pt-BR`, `nb` is `no`).
 *
 * @example matchLocale('de-AT') // 'de'
 */
export function matchLocale(tag: string): Locale | undefined {
  if (typeof tag !== 'string') throw argumentError('matchLocale', 'tag', 'a language tag, a string', tag)
  const lower = tag.trim().toLowerCase()
  const { byLower, byLanguage } = localeTables()
  const exact = byLower.get(lower)
  if (exact !== undefined) return exact
  const parts = lower.split('-')
  const lang = parts[0] as string
  const rest = parts.slice(1)
  switch (lang) {
    case 'en':
      return rest.includes('gb') || rest.includes('uk') ? 'en-GB' : 'en-US'
    case 'es':
      return rest.length === 0 || rest.includes('es') ? 'es-ES' : 'es-419'
    case 'zh':
      if (rest.includes('hant')) return 'zh-TW'
      if (rest.includes('hans')) return 'zh-CN'
      return rest.some((s) => s === 'tw' || s === 'hk' || s === 'mo') ? 'zh-TW' : 'zh-CN'
  }
  return byLanguage.get(lang)
}

const RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/**
 * The entries of an Accept-Language header, best first: by quality, then in the
 * order written. Entries with `q=0` (not acceptable) and malformed entries are
 * left out.
 *
 * @example parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5')
 * // [{ tag: 'fr-CH', q: 1 }, { tag: 'fr', q: 0.9 }, { tag: 'en', q: 0.8 }, { tag: '*', q: 0.5 }]
 */
export function parseAcceptLanguage(header: string): LanguageRange[] {
  if (typeof header !== 'string') throw argumentError('parseAcceptLanguage', 'header', "an Accept-Language header's value, a string", header)
  const out: LanguageRange[] = []
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim())
    if (!RANGE.test(range)) continue
    let q = 1
    let ok = true
    for (const param of params) {
      const m = /^q\s*=\s*(.*)$/i.exec(param)
      if (m === null) continue
      const value = m[1] as string
      if (QVALUE.test(value)) q = Number(value)
      else ok = false
    }
    if (ok && q > 0) out.push({ tag: range, q })
  }
  // Array.prototype.sort is stable: equal qualities keep the header's order.
  return out.sort((a, b) => b.q - a.q)
}

function header(headers: HeaderSource | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const v = (headers as { get(name: string): string | null }).get(name)
    return v === null ? undefined : v
  }
  const lower = name.toLowerCase()
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== lower) continue
    const v = (headers as { readonly [name: string]: string | readonly string[] | undefined })[key]
    return typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : undefined
  }
  return undefined
}

/** Where the requester's locale may come from. */
export interface LocaleSources {
  /** The request headers: `X-Service-Locale` and `Accept-Language` are read. */
  readonly headers?: HeaderSource
  /** The locale of the user's settings, the last resort. */
  readonly userLocale?: string | null
}

/**
 * The requester's locale: the `X-Service-Locale` header, else the best
 * `Accept-Language` entry that names an API locale (see `matchLocale`), else the
 * user-settings locale; `undefined` when none names one.
 *
 * @example
 * negotiateLocale({ headers: { 'accept-language': 'de-CH, en;q=0.5' }, userLocale: 'fr' }) // 'de'
 */
export function negotiateLocale(sources: LocaleSources): Locale | undefined {
  if (typeof sources !== 'object' || sources === null) throw argumentError('negotiateLocale', 'sources', 'an object { headers?, userLocale? }', sources)
  const own = header(sources.headers, LOCALE_HEADER)
  if (own !== undefined) {
    const l = matchLocale(own)
    if (l !== undefined) return l
  }
  const accept = header(sources.headers, 'Accept-Language')
  if (accept !== undefined) {
    for (const { tag } of parseAcceptLanguage(accept)) {
      if (tag === '*') continue
      const l = matchLocale(tag)
      if (l !== undefined) return l
    }
  }
  return typeof sources.userLocale === 'string' ? matchLocale(sources.userLocale) : undefined
}
