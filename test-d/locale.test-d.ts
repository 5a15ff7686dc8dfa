/**
 * Types of the locale layer, against the built declarations: `localizeAll`'s
 * dictionaries are typed from the definition (spec: "Other command rules" 6), so
 * a misspelled option, subcommand, group, choice or command is a compile error,
 * and a section the definition cannot have reads as a sentence.
 */
import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd'
import {
  choice,
  commands,
  entryPoint,
  fromJSON,
  localizeAll,
  localizedView,
  message,
  negotiateLocale,
  option,
  resolveLocale,
  slash,
  user,
  type Dictionaries,
  type InferResult,
  type Locale,
} from '../dist/index.js'

const ban = slash('ban', 'Ban a member').options(
  option.user('target', 'Who').required(),
  option.integer('days', 'Days').choices(choice('A week', 7), choice('None', 0)),
  option.string('reason', 'Why'),
)
const config = slash('config', 'Settings')
  .subcommand('show', 'Show')
  .subcommand('set', 'Set', (s) => s.options(option.string('key', 'Key').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang'))))
  .group('role', 'Roles', (g) => g.subcommand('grant', 'Grant', (s) => s.options(option.role('role', 'Role').required())))
const profile = user('Show profile')
const app = commands(ban, config, profile, message('Report'))

// ---------------------------------------------------------------- what compiles

expectType<typeof ban>(localizeAll(ban, { de: { name: 'bannen', description: 'Bannen', options: { target: { name: 'ziel' }, days: { choices: { 7: 'Woche', 0: 'Keine' } } } } }))
expectType<typeof config>(
  localizeAll(config, {
    de: {
      subcommands: { show: { name: 'zeigen' }, set: { options: { key: { choices: { prefix: 'Präfix', lang: 'Sprache' } } } } },
      groups: { role: { name: 'rolle', subcommands: { grant: { options: { role: { description: 'Rolle' } } } } } },
    },
    'es-ES': { name: 'configuracion' },
  }),
)
expectType<typeof app>(
  localizeAll(app, {
    fr: { ban: { name: 'bannir' }, config: { subcommands: { show: { name: 'voir' } } }, 'Show profile': { name: 'Voir le profil' }, Report: { name: 'Signaler' } },
  }),
)
localizeAll(entryPoint('launch', 'Start'), { de: { name: 'starten', description: 'Starten' } })
// A loosely typed definition takes any names.
localizeAll(fromJSON({ name: 'x', description: 'y' }), { de: { options: { anything: { name: 'z', choices: { a: 'b' } } } } })

// The result parses like the definition it came from.
expectType<InferResult<typeof ban>>({} as InferResult<ReturnType<typeof localizeAll<typeof ban>>>)

// The dictionary type is usable on its own.
expectAssignable<Dictionaries<typeof ban>>({ de: { options: { reason: { description: 'Warum' } } } })
expectNotAssignable<Dictionaries<typeof ban>>({ de: { options: { raeson: { description: 'Warum' } } } })

// ---------------------------------------------------------------- what does not

// Misspelled option, choice value, subcommand, group, command of a set, locale.
// error: 'tagret' does not exist
expectError(localizeAll(ban, { de: { options: { tagret: { name: 'ziel' } } } }))
// error: '8' does not exist
expectError(localizeAll(ban, { de: { options: { days: { choices: { 8: 'Acht' } } } } }))
// error: 'sett' does not exist
expectError(localizeAll(config, { de: { subcommands: { sett: { name: 'x' } } } }))
// error: 'rol' does not exist
expectError(localizeAll(config, { de: { groups: { rol: { name: 'x' } } } }))
// error: 'show' does not exist
expectError(localizeAll(config, { de: { groups: { role: { subcommands: { show: { name: 'x' } } } } } }))
// error: 'bann' does not exist
expectError(localizeAll(app, { fr: { bann: { name: 'x' } } }))
// A key that is no locale of the service (spec: "Locales"; public API v10's list) says so, with its language's
// locales or the nearest; the run time refuses it too (locale.unknown, test/locale/localize-all.test.ts).
// ❌ 'de-DE' is not a locale of the service; did you mean 'de'?
expectError(localizeAll(ban, { 'de-DE': { name: 'x' } }))
// error: 'es' is not a locale of the service; did you mean
expectError(localizeAll(ban, { es: { name: 'x' } }))
// error: 'es-MX' is not a locale of the service; did you mean
expectError(localizeAll(ban, { 'es-MX': { name: 'x' } }))
// ❌ 'FR' is not a locale of the service; did you mean 'fr'?
expectError(localizeAll(app, { FR: { ban: { name: 'x' } } }))
// ❌ 'xx' is not a locale of the service; the locales are the values of Locales
expectError(localizeAll(ban, { de: { name: 'bannen' }, xx: { name: 'x' } }))
// A variable is held to it as well; dictionaries keyed by string (read from files) are the run time's.
const germanByMistake = { 'de-DE': { name: 'bannen' } }
// error: 'de-DE' is not a locale of the service; did you mean 'de'?
expectError(localizeAll(ban, germanByMistake))
declare const loaded: Record<string, { name?: string }>
localizeAll(ban, loaded)
// Sections the definition cannot have.
// ❌ this option has no choices
expectError(localizeAll(ban, { de: { options: { reason: { choices: { a: 'x' } } } } }))
// ❌ USER and MESSAGE commands have no description
expectError(localizeAll(profile, { de: { description: 'x' } }))
// ❌ this command has subcommands or groups; option texts go under subcommands
expectError(localizeAll(config, { de: { options: { key: { name: 'x' } } } }))
// ❌ this command has no subcommands at its top level
expectError(localizeAll(ban, { de: { subcommands: { show: { name: 'x' } } } }))
// ❌ there are no options here
expectError(localizeAll(slash('ping', 'Pong'), { de: { options: { x: { name: 'y' } } } }))
// Texts are strings.
// error: Type 'number' is not assignable to type 'string'
expectError(localizeAll(ban, { de: { name: 1 } }))

// ---------------------------------------------------------------- the other functions

expectType<Locale | undefined>(resolveLocale('en-US', { 'en-GB': 'x' }))
expectType<Locale | undefined>(negotiateLocale({ headers: { 'accept-language': 'de' } }))
const view = localizedView(ban, 'de')
expectType<string | undefined>(view.name_localized)
// error: Property 'name_localizations' does not exist
expectError(view.name_localizations)
