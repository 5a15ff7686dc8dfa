/**
 * Localization, end to end (docs/localization.md). Compiled with the rest of the
 * project and run by test/locale/examples.test.ts, which checks every value the
 * page shows.
 */
import { choice, commands, formatIssues, option, slash, user } from '../../src/index.js'
import { localizationReport, localizeAll, localizedText, localizedView, negotiateLocale, resolveLocale } from '../../src/locale/index.js'

// 1. Define the commands in the default language (here American English).
export const color = slash('color', 'Pick a color').options(
  option.string('shade', 'Which shade').required().choices(choice('Red', 'red'), choice('Blue', 'blue')),
  option.boolean('public', 'Show it to everyone'),
)
export const app = commands(color, user('Show profile'))

// 2. Localize the whole set in one place. The keys are typed from the
//    definitions: `shdae`, `choices: { green: ... }` or `'de-DE'` do not compile.
export const localized = localizeAll(app, {
  de: {
    color: {
      name: 'farbe',
      description: 'Wähle eine Farbe',
      options: { shade: { name: 'ton', description: 'Welcher Ton', choices: { red: 'Rot', blue: 'Blau' } } },
    },
    'Show profile': { name: 'Profil zeigen' },
  },
  'en-GB': {
    color: { name: 'colour', description: 'Pick a colour' },
    // Equal to the default: kept, because en-GB has a fallback (en-US) that it stops;
    // in a locale without one (de, fr, ...) such a value is left out (the service ignores it).
    'Show profile': { name: 'Show profile' },
  },
})
export const body = localized.toJSON() // PUT /applications/{application.id}/commands

// 3. What each locale lacks, and the fallback warning: a warning, never an error.
export const report = localizationReport(localized)
export const printed = formatIssues(report.issues)

// 4. What a user sees: their locale, its fallback (en-US <-> en-GB, es-419 -> es-ES), or the default.
const name = body[0]?.name_localizations
export const usSees = resolveLocale('en-US', name) // 'en-GB': the fallback
export const usText = localizedText('color', name, 'en-US') // 'colour'
export const frText = localizedText('color', name, 'fr') // 'color': the default

// 5. Serving GET /applications/{application.id}/commands: the requester's locale,
//    then the view of each command in it.
export const locale = negotiateLocale({ headers: { 'Accept-Language': 'de-CH, en;q=0.5' }, userLocale: 'fr' }) // 'de'
export const listed = localized.definitions.map((command) => localizedView(command, locale))
export const full = localizedView(localized.definitions[0], locale, { withLocalizations: true }) // ?with_localizations=true
