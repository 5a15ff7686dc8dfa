/**
 * The requester's locale (spec: "Other command rules" 7): "Locale is determined
 * from the X-Service-Locale header (the header that carries the client locale),
 * then the Accept-Language header, then the user-settings locale."
 */
import { describe, expect, it } from 'vitest'
import { LOCALE_HEADER, matchLocale, negotiateLocale, parseAcceptLanguage } from '../../src/locale/index.js'

describe('parseAcceptLanguage', () => {
  it('orders entries by q-value, best first', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de, en;q=0.9')).toEqual([
      { tag: 'de', q: 1 },
      { tag: 'en', q: 0.9 },
      { tag: 'fr', q: 0.5 },
    ])
  })

  it('keeps the written order between equal q-values (a missing q is 1)', () => {
    expect(parseAcceptLanguage('es;q=0.8, it, pt;q=0.8, ja;q=1').map((r) => r.tag)).toEqual(['it', 'ja', 'es', 'pt'])
  })

  it('reads the example of RFC 9110 section 12.5.4', () => {
    expect(parseAcceptLanguage('da, en-gb;q=0.8, en;q=0.7')).toEqual([
      { tag: 'da', q: 1 },
      { tag: 'en-gb', q: 0.8 },
      { tag: 'en', q: 0.7 },
    ])
  })

  it('leaves out q=0 (not acceptable), malformed q-values and malformed ranges', () => {
    expect(parseAcceptLanguage('de;q=0, fr;q=0.000, en;q=1.5, it;q=0.1234, nl;q=abc, pt;q=.5, ru;q=0.001').map((r) => r.tag)).toEqual(['ru'])
    expect(parseAcceptLanguage('en us, de_DE, ,;q=1, fr--x, toolonglanguage, sv')).toEqual([{ tag: 'sv', q: 1 }])
  })

  it('tolerates spaces and letter case, keeps the wildcard, and ignores other parameters', () => {
    expect(parseAcceptLanguage('  zh-Hant-TW ; Q = 0.7 ,*;q=0.1,ko;level=1')).toEqual([
      { tag: 'ko', q: 1 },
      { tag: 'zh-Hant-TW', q: 0.7 },
      { tag: '*', q: 0.1 },
    ])
    expect(parseAcceptLanguage('en;q=1.000, de;q=1.0001')).toEqual([{ tag: 'en', q: 1 }])
  })

  it('gives nothing for an empty header', () => {
    expect(parseAcceptLanguage('')).toEqual([])
    expect(parseAcceptLanguage(' , ')).toEqual([])
  })
})

describe('matchLocale: a language tag to an API locale key', () => {
  it.each([
    ['en-GB', 'en-GB'],
    ['en-gb', 'en-GB'],
    ['PT-br', 'pt-BR'],
    ['es-419', 'es-419'],
    ['en', 'en-US'],
    ['en-AU', 'en-US'],
    ['en-UK', 'en-GB'],
    ['es', 'es-ES'],
    ['es-MX', 'es-419'],
    ['es-AR', 'es-419'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-Hant', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['fr-CA', 'fr'],
    ['de-AT', 'de'],
    ['sv', 'sv-SE'],
    ['sv-FI', 'sv-SE'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['nb', 'no'],
    ['nn-NO', 'no'],
    ['hi-IN', 'hi'],
  ])('%s is %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale)
  })

  it.each([
    ['zh-Hans-HK', 'zh-CN'],
    ['zh-Hans-TW', 'zh-CN'],
    ['zh-Hant-CN', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
  ])('%s is %s: a script subtag decides over the region ("Other command rules" 7: the locale from Accept-Language)', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale)
  })

  it.each(['xx', 'eo', 'fa-IR', '', '*', 'en_US', 'e'])('%j is no API locale', (tag) => {
    expect(matchLocale(tag)).toBeUndefined()
  })
})

describe('negotiateLocale (spec: "Other command rules" 7)', () => {
  it(`takes ${LOCALE_HEADER} first, then Accept-Language, then the user setting`, () => {
    const accept = 'fr-CH, de;q=0.5'
    expect(negotiateLocale({ headers: { [LOCALE_HEADER]: 'ja', 'Accept-Language': accept }, userLocale: 'ko' })).toBe('ja')
    expect(negotiateLocale({ headers: { 'Accept-Language': accept }, userLocale: 'ko' })).toBe('fr')
    expect(negotiateLocale({ headers: {}, userLocale: 'ko' })).toBe('ko')
    expect(negotiateLocale({ userLocale: 'pt-BR' })).toBe('pt-BR')
    expect(negotiateLocale({})).toBeUndefined()
  })

  it('goes on to the next source when one names no API locale', () => {
    expect(negotiateLocale({ headers: { [LOCALE_HEADER]: 'klingon', 'accept-language': 'eo, tr;q=0.2' }, userLocale: 'ko' })).toBe('tr')
    expect(negotiateLocale({ headers: { 'accept-language': 'eo, *;q=0.5' }, userLocale: 'uk' })).toBe('uk')
    expect(negotiateLocale({ headers: { 'accept-language': 'it;q=0' }, userLocale: null })).toBeUndefined()
  })

  it('takes the best entry of Accept-Language that names a locale, by q-value', () => {
    expect(negotiateLocale({ headers: { 'accept-language': 'en;q=0.4, ru;q=0.9, xx' } })).toBe('ru')
  })

  it('reads fetch Headers and plain objects in any letter case, with list values', () => {
    expect(negotiateLocale({ headers: new Headers({ 'x-service-locale': 'es-419' }) })).toBe('es-419')
    expect(negotiateLocale({ headers: new Headers({ 'Accept-Language': 'nl' }) })).toBe('nl')
    expect(negotiateLocale({ headers: { 'X-SERVICE-LOCALE': 'el' } })).toBe('el')
    expect(negotiateLocale({ headers: { 'accept-language': ['xx', 'pl;q=0.5'] } })).toBe('pl')
  })
})
