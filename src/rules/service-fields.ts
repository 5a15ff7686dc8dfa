/**
 * The fields the service adds to a command it returns, accepted when the walk reads
 * a fetched command ("Application command"; "Command endpoints" rule 5).
 */
import { isSnowflake } from './values.js'
import type { Walk } from './walk.js'

/** The fields the service adds to a command it returns ("Application command"). */
const SERVICE_IDS: ReadonlySet<string> = new Set(['id', 'application_id', 'guild_id', 'version'])

/**
 * Whether `key` is a field the service adds to a command it returns, in a fetched
 * command (the walk's `fetched`, from `fetched` of `validateCommand`): its
 * localized views at every level ("Command endpoints" rule 5), its ids at the top
 * (`top`), and `description: ""` on USER and MESSAGE (docs/spec-notes.md),
 * checked by `walkCommand`. Checks its value.
 */
export function serviceField(c: Walk, key: string, v: unknown, top: boolean): boolean {
  if (!c.fetched) return false
  if (key === 'name_localized' || key === 'description_localized') {
    if (typeof v !== 'string') c.add('value.type', key, { expected: 'a string' }, v)
    return true
  }
  if (!top || !SERVICE_IDS.has(key)) return false
  if (!isSnowflake(v)) c.add('snowflake.format', key, {}, v)
  return true
}
