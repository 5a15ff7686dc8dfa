/**
 * What the two GET-all command endpoints return (spec: "Application command",
 * "Command endpoints" rule 5, "Other command rules" 7): `name_localized` and
 * `description_localized`, the requester's locale only, in place of the full
 * dictionaries; a field whose dictionary lacks the locale is omitted (no
 * fallback here: fallbacks are what a client shows, see `resolveLocale`). With
 * `with_localizations=true` the full dictionaries are returned instead.
 */
import type { Locale } from '../wire/enums.js'
import { definitionOf } from '../builders/from-json.js'
import { isObject } from '../rules/command.js'
import { put } from '../builders/state.js'
import type { Simplify } from '../builders/types/util.js'
import { argumentError } from '../rules/arguments.js'

const DICTIONARIES: Readonly<Record<string, string>> = {
  name_localizations: 'name_localized',
  description_localizations: 'description_localized',
}
const VIEWS: ReadonlySet<string> = new Set(['name_localized', 'description_localized'])
/** The arrays whose elements are localized too: options (and subcommands, groups) and choices. */
const NESTED: ReadonlySet<string> = new Set(['options', 'choices'])

type Dictionaries = 'name_localizations' | 'description_localizations'

/** A command (or option, or choice) as the GET-all endpoints return it. */
export type LocalizedView<T> = T extends readonly (infer E)[]
  ? LocalizedView<E>[]
  : T extends object
    ? Simplify<
        {
          [K in keyof T as K extends Dictionaries | 'name_localized' | 'description_localized' ? never : K]: K extends 'options' | 'choices' ? LocalizedView<T[K]> : T[K]
        } & { name_localized?: string; description_localized?: string }
      >
    : T

/** The JSON a command value stands for: a definition's `toJSON()` result, or the value itself. */
export type JSONOf<T> = T extends { toJSON(...args: never[]): infer J } ? J : T

/** Options of `localizedView`. */
export interface ViewOptions {
  /** The `with_localizations` query argument: return the full dictionaries instead. */
  readonly withLocalizations?: boolean
}

/**
 * A command as GET /applications/{application.id}/commands (or the guild variant)
 * returns it to a requester of `locale` (see `negotiateLocale`): each command,
 * option, subcommand, group and choice carries `name_localized` and
 * `description_localized` when its dictionary has `locale`, and no dictionaries.
 * `{ withLocalizations: true }` returns the dictionaries and no `*_localized`.
 * Takes a fetched command, a create body or a definition; returns a fresh copy.
 *
 * @example
 * localizedView(ban, 'de')
 * // { type: 1, name: 'ban', name_localized: 'bannen', description: 'Ban a member', ... }
 */
export function localizedView<T extends object>(command: T, locale: Locale | undefined, options: { readonly withLocalizations: true }): JSONOf<T>
export function localizedView<T extends object>(command: T, locale: Locale | undefined, options?: ViewOptions): LocalizedView<JSONOf<T>>
export function localizedView(command: object, locale: Locale | undefined, options: ViewOptions = {}): unknown {
  if (typeof command !== 'object' || command === null) throw argumentError('localizedView', 'command', 'a definition or a command payload, an object', command)
  const json: unknown = typeof (command as { toJSON?: unknown }).toJSON === 'function' ? definitionOf(command) : command
  return view(json, locale, options.withLocalizations === true)
}

function view(node: unknown, locale: Locale | undefined, full: boolean): unknown {
  if (Array.isArray(node)) return node.map((x) => view(x, locale, full))
  if (!isObject(node)) return node
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node)) {
    const v = node[key]
    if (VIEWS.has(key)) continue
    const dictionary = DICTIONARIES[key]
    if (dictionary !== undefined) {
      if (full) put(out, key, copy(v))
      continue
    }
    put(out, key, NESTED.has(key) ? view(v, locale, full) : copy(v))
    if (full || locale === undefined) continue
    // The localized view sits right after the field it localizes.
    const dict = key === 'name' ? node.name_localizations : key === 'description' ? node.description_localizations : undefined
    if (isObject(dict) && Object.hasOwn(dict, locale) && typeof dict[locale] === 'string') put(out, `${key}_localized`, dict[locale])
  }
  return out
}

function copy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(copy)
  if (!isObject(v)) return v
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(v)) put(out, key, copy(v[key]))
  return out
}
