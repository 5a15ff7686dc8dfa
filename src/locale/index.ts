/**
 * Localization (layer 5): locale fallbacks, the requester's locale, the localized
 * view of the GET-all endpoints, bulk localization and its report. Spec: "Other
 * command rules" 6 and 7, "Naming rules" 5. docs/localization.md.
 */
export { resolveLocale, localizedText, isLocale, LOCALE_FALLBACKS } from './fallback.js'
export { negotiateLocale, parseAcceptLanguage, matchLocale, LOCALE_HEADER, type HeaderSource, type LanguageRange, type LocaleSources } from './negotiate.js'
export { localizedView, type LocalizedView, type JSONOf, type ViewOptions } from './view.js'
export { localizeAll, localizationReport, type LocalizationReport, type ReportOptions } from './localize-all.js'
export type * from './types.js'
