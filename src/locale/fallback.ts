/**
 * Locale fallbacks (spec: "Other command rules" 6): "Fallbacks when the user's
 * locale is absent: en-US to en-GB, en-GB to en-US, es-419 to es-ES; if the
 * fallback is also missing, the default is used."
 */
import type { LocalizationMap } from '../wire/commands.js'
import { LOCALE_FALLBACKS, type Locale } from '../wire/enums.js'
import { isLocaleKey } from '../rules/text.js'

/** The one fallback of each locale that has one (a spec fact, kept in wire/ so that the builders can read it). */
export { LOCALE_FALLBACKS }

/** Whether `value` is one of the API v10 locale keys. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && isLocaleKey(value)
}

/** The locales a dictionary has: its own keys with a string value. */
function has(available: Iterable<string> | LocalizationMap | null | undefined, locale: string): boolean {
  if (available == null) return false
  if (typeof (available as Iterable<string>)[Symbol.iterator] === 'function') {
    for (const key of available as Iterable<string>) if (key === locale) return true
    return false
  }
  return Object.hasOwn(available, locale) && typeof (available as Record<string, unknown>)[locale] === 'string'
}

/**
 * Which localization a user of `requested` sees, given the locales `available`
 * (a dictionary or its keys): the locale itself, else its fallback (en-US and
 * en-GB to each other, es-419 to es-ES), else `undefined`, meaning the default
 * value. A `requested` that is not an API locale gets the default.
 *
 * @example
 * resolveLocale('en-US', { 'en-GB': 'colour' }) // 'en-GB'
 * resolveLocale('es-ES', { 'es-419': 'color' }) // undefined: the default
 */
export function resolveLocale(requested: string | null | undefined, available: Iterable<string> | LocalizationMap | null | undefined): Locale | undefined {
  if (!isLocale(requested)) return undefined
  if (has(available, requested)) return requested
  const fallback = (LOCALE_FALLBACKS as { readonly [L in Locale]?: Locale })[requested]
  return fallback !== undefined && has(available, fallback) ? fallback : undefined
}

/**
 * The text a user of `locale` sees for a field: its localization, its fallback's,
 * or the default value.
 * @example localizedText('color', { 'en-GB': 'colour' }, 'en-US') // 'colour'
 */
export function localizedText(value: string, localizations: LocalizationMap | null | undefined, locale: string | null | undefined): string {
  const key = resolveLocale(locale, localizations)
  return key === undefined ? value : ((localizations as LocalizationMap)[key] as string)
}
