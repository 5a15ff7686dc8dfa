/**
 * `toCreateBody`: the create body a command stands for, whatever its source: a
 * create body written by hand (with `undefined` keys, as discord.js' `toJSON()`
 * leaves them), or a command as the service returns it. What docs/spec-notes.md
 * calls absent is left out: a key whose value is `undefined`, `null` on an optional
 * field the OpenAPI marks nullable, the fields only the service's responses carry
 * (`id`, `application_id`, `guild_id`, `version`, `name_localized`,
 * `description_localized`, at every level) and the `description: ""` of a fetched
 * USER or MESSAGE command.
 */
import { NULL_IS_ABSENT, OPTION_NULLABLE } from './command.js'
import { isRecord, type Json } from './json.js'

/** Fields only the service's responses carry ("Application command"; "Command endpoints" rule 5). */
export const RESPONSE_ONLY: ReadonlySet<string> = new Set(['id', 'application_id', 'guild_id', 'version', 'name_localized', 'description_localized'])

/** A fresh plain object: `__proto__` stays a key, never a prototype. */
function put(out: Json, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
}

/** A dictionary (localizations), copied. */
const dictionary = (v: unknown): unknown => (isRecord(v) ? { ...v } : v)

function choice(c: unknown): unknown {
  if (!isRecord(c)) return c
  const out: Json = {}
  for (const key of Object.keys(c)) {
    const v = c[key]
    if (v === undefined || key === 'name_localized') continue
    put(out, key, key === 'name_localizations' ? dictionary(v) : v)
  }
  return out
}

function option(o: unknown, depth: number): unknown {
  if (!isRecord(o)) return o
  const out: Json = {}
  for (const key of Object.keys(o)) {
    const v = o[key]
    if (v === undefined || key === 'name_localized' || key === 'description_localized' || (v === null && OPTION_NULLABLE.has(key))) continue
    if (key === 'options' && Array.isArray(v)) put(out, key, depth < 2 ? v.map((x) => option(x, depth + 1)) : v.slice())
    else if (key === 'choices' && Array.isArray(v)) put(out, key, v.map(choice))
    else if (key === 'channel_types' && Array.isArray(v)) put(out, key, v.slice())
    else put(out, key, key.endsWith('_localizations') ? dictionary(v) : v)
  }
  return out
}

/**
 * The create body of a command: a copy without what docs/spec-notes.md calls
 * absent (see the module comment). Meant for a command that `validateCommand(json,
 * { fetched: true })` accepted; anything else is copied as it is, one level of
 * nesting per options level (a command has at most three).
 *
 * @example
 * toCreateBody({ id: '1', application_id: '2', version: '3', type: 2, name: 'Profile', description: '', default_member_permissions: undefined })
 * // { type: 2, name: 'Profile' }
 */
export function toCreateBody(json: unknown): unknown {
  if (!isRecord(json)) return json
  const out: Json = {}
  const type = json.type ?? 1
  for (const key of Object.keys(json)) {
    const v = json[key]
    if (v === undefined || RESPONSE_ONLY.has(key) || (v === null && NULL_IS_ABSENT.has(key))) continue
    // "Application command": a fetched USER or MESSAGE command (or entry point) has description "".
    if (key === 'description' && v === '' && (type === 2 || type === 3 || type === 4)) continue
    if (key === 'options' && Array.isArray(v))
      put(
        out,
        key,
        v.map((x) => option(x, 0)),
      )
    else if ((key === 'contexts' || key === 'integration_types') && Array.isArray(v)) put(out, key, v.slice())
    else put(out, key, key.endsWith('_localizations') ? dictionary(v) : v)
  }
  return out
}
