/**
 * Locale fallbacks (spec: "Other command rules" 6): "Fallbacks when the user's
 * locale is absent: en-US to en-GB, en-GB to en-US, es-419 to es-ES; if the
 * fallback is also missing, the default is used."
 */
import { describe, expect, it } from 'vitest'
import { Locales, type Locale } from '../../src/index.js'
import { isLocale, LOCALE_FALLBACKS, localizedText, resolveLocale } from '../../src/locale/index.js'

const PAIRS = [
  ['en-US', 'en-GB'],
  ['en-GB', 'en-US'],
  ['es-419', 'es-ES'],
] as const

describe('resolveLocale (spec: "Other command rules" 6)', () => {
  it.each(PAIRS)('%s falls back to %s when it has no entry', (requested, fallback) => {
    expect(resolveLocale(requested, { [fallback]: 'x' })).toBe(fallback)
    expect(resolveLocale(requested, [fallback, 'de'])).toBe(fallback)
  })

  it.each(PAIRS)('%s uses its own entry before the fallback %s', (requested, fallback) => {
    expect(resolveLocale(requested, { [fallback]: 'x', [requested]: 'y' })).toBe(requested)
  })

  it.each(PAIRS)('%s gets the default when the fallback %s is missing too', (requested) => {
    expect(resolveLocale(requested, { de: 'x', fr: 'y' })).toBeUndefined()
    expect(resolveLocale(requested, {})).toBeUndefined()
    expect(resolveLocale(requested, null)).toBeUndefined()
  })

  it('is one-way for Spanish: es-ES does not fall back to es-419', () => {
    expect(resolveLocale('es-ES', { 'es-419': 'x' })).toBeUndefined()
  })

  it('has no fallback for any other locale, and exactly the three pairs of the spec', () => {
    expect(Object.entries(LOCALE_FALLBACKS)).toEqual(PAIRS.map(([a, b]) => [a, b]))
    for (const locale of Locales) {
      if (Object.hasOwn(LOCALE_FALLBACKS, locale)) continue
      const others = Object.fromEntries(Locales.filter((l) => l !== locale).map((l) => [l, l]))
      expect(resolveLocale(locale, others), locale).toBeUndefined()
      expect(resolveLocale(locale, { ...others, [locale]: 'own' }), locale).toBe(locale)
    }
  })

  it('gives the default to a requested value that is no API locale', () => {
    for (const requested of ['en', 'EN-us', 'fr-FR', '', undefined, null]) expect(resolveLocale(requested, { 'en-US': 'x', 'en-GB': 'y', fr: 'z' })).toBeUndefined()
  })

  it('counts only string entries of a dictionary, and own keys', () => {
    expect(resolveLocale('en-US', { 'en-US': null, 'en-GB': 'x' } as never)).toBe('en-GB')
    expect(resolveLocale('de', Object.create({ de: 'inherited' }) as Record<string, string>)).toBeUndefined()
    expect(resolveLocale('de', new Set(['de']))).toBe('de')
  })
})

describe('localizedText: what a user of a locale sees', () => {
  it('shows the own entry, the fallback, or the default', () => {
    const dict = { 'en-GB': 'colour', de: 'Farbe' } as const
    expect(localizedText('color', dict, 'de')).toBe('Farbe')
    expect(localizedText('color', dict, 'en-US')).toBe('colour')
    expect(localizedText('color', dict, 'fr')).toBe('color')
    expect(localizedText('color', undefined, 'de')).toBe('color')
    expect(localizedText('color', dict, undefined)).toBe('color')
  })
})

describe('isLocale', () => {
  it('knows the 34 locale keys of the OpenAPI (AvailableLocalesEnum) and nothing else', () => {
    expect(Locales.filter((l: Locale) => isLocale(l))).toHaveLength(34)
    expect(isLocale('ar') && isLocale('he')).toBe(true)
    for (const x of ['en', 'de-DE', 'EN-US', 1, null, 'toString']) expect(isLocale(x)).toBe(false)
  })
})
