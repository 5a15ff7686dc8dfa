/**
 * One option's value against its definition (spec: "Command option", "Option
 * types", "Option choice"): what the value must be comes from the option-kind
 * table (wire/option-kinds.ts) through the compiled option.
 */
import { INTEGER_MAX, MAX_LENGTH_MAX, NUMBER_MAX, NUMBER_MIN } from '../rules/limits.js'
import { lengthWithin } from '../rules/text.js'
import { optionKind, ResolvedEntityKey, type OptionValueType } from '../wire/option-kinds.js'
import type { CompiledOption } from './compile.js'
import type { Json } from '../rules/json.js'
import { isId, lookup, lookupIn, report, RETRY, type Sink } from './sink.js'

/** The `min` and `limit` params of a range, where the definition sets them. */
const bounds = (min: number | undefined, max: number | undefined): { min?: number; limit?: number } => ({
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { limit: max }),
})

/** Whether a walk reads a command invocation (type 2) or an autocomplete request (type 4). */
export type Mode = 'invoke' | 'autocomplete'

/** What `readValue` returns for a value that does not fit. */
export const INVALID = Symbol('invalid')

/** The spec name of an option type, for messages. */
export const typeName = (type: number): string => optionKind(type)?.name ?? String(type)

// The checks below keep their messages in `refuse`, out of the hot functions: small
// functions are the ones the engine inlines.

/** Checks a value against its option (spec: "Command option", "Option types", "Option choice"). */
export function readValue(c: Sink, def: CompiledOption, v: unknown, resolved: Json | undefined, mode: Mode): unknown {
  switch (def.value) {
    case 'string':
      if (typeof v !== 'string') return refuse(c, def, Why.Type, v)
      // lengthWithin counts characters (code points), not UTF-16 units: '🎉🎉' (4 units, 2 characters) is short of a min_length of 3.
      if (def.lengths && !lengthWithin(v, def.minLength ?? 0, def.maxLength ?? MAX_LENGTH_MAX)) return refuse(c, def, Why.Length, v)
      return def.choices === undefined || def.choices.has(v) ? v : refuse(c, def, Why.Choice, v)
    case 'integer':
    case 'number': {
      if (typeof v !== 'number' || !Number.isFinite(v)) return refuse(c, def, Why.Type, v)
      const integer = def.value === 'integer'
      if (integer ? !Number.isSafeInteger(v) : v < NUMBER_MIN || v > NUMBER_MAX)
        return refuse(c, def, !integer ? Why.Number : Number.isInteger(v) ? Why.IntegerRange : Why.Integer, v)
      if ((def.min !== undefined && v < def.min) || (def.max !== undefined && v > def.max)) return refuse(c, def, Why.Range, v)
      return def.choices === undefined || def.choices.has(v) ? v : refuse(c, def, Why.Choice, v)
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : refuse(c, def, Why.Type, v)
    default:
      return readResolved(c, def, v, resolved, mode)
  }
}

/**
 * USER, CHANNEL, ROLE, MENTIONABLE and ATTACHMENT values: ids into the
 * `data.resolved` maps of their row, tried in order. A user brings its member; a
 * value that may come from several maps is wrapped under the entity's key
 * (`{ user, member }` or `{ role }`). Autocomplete requests carry no
 * `data.resolved` (public API v10; the spec does not show it), so there an id it
 * does not hold leaves the option absent, as a partial value may be ("Other
 * command rules" 5), instead of refusing the request.
 */
function readResolved(c: Sink, def: CompiledOption, id: unknown, resolved: Json | undefined, mode: Mode): unknown {
  if (!isId(id)) return refuse(c, def, Why.Type, id)
  const maps = def.resolved
  for (let i = 0; i < maps.length; i++) {
    const map = maps[i] as (typeof maps)[number]
    const found = lookupIn(resolved, map, id)
    if (found === undefined) continue
    if (map === 'users') return { user: found, member: lookup(resolved?.members, id) }
    if (def.channelTypes !== undefined && !def.channelTypes.has(found.type)) return refuse(c, def, Why.ChannelType, found.type)
    return maps.length > 1 ? { [ResolvedEntityKey[map]]: found } : found
  }
  if (mode !== 'invoke') return INVALID
  report(c, 'interaction.resolved', 'value', { detail: id, on: maps.join(' or data.resolved.') })
  return INVALID
}

/** Why a value does not fit its option. */
const enum Why {
  Type,
  Integer,
  IntegerRange,
  Number,
  Range,
  Length,
  Choice,
  ChannelType,
}

/** What a value of each value type must be, for messages. */
const EXPECTED: Readonly<Record<OptionValueType, string>> = {
  string: 'a string',
  integer: 'a number',
  number: 'a number',
  boolean: 'a boolean',
  snowflake: 'a snowflake id',
  none: 'an options list',
}

/** Reports why `v`, the value of option `def`, does not fit it. */
function refuse(c: Sink, def: CompiledOption, why: Why, v: unknown): typeof INVALID {
  if (c === undefined) throw RETRY
  const name = def.name
  const type = typeName(def.type)
  switch (why) {
    case Why.Type:
      c.add('value.type', 'value', { expected: EXPECTED[def.value], name, on: type }, v)
      break
    case Why.Integer:
      c.add('number.integer', 'value', { name, on: type }, v)
      break
    case Why.IntegerRange:
      c.add('number.range', 'value', { min: -INTEGER_MAX, limit: INTEGER_MAX, name, on: type }, v)
      break
    case Why.Number:
      c.add('number.range', 'value', { min: NUMBER_MIN, limit: NUMBER_MAX, name, on: type }, v)
      break
    case Why.Range:
      c.add('interaction.range', 'value', { ...bounds(def.min, def.max), name }, v)
      break
    case Why.Length:
      c.add('interaction.range', 'value', { min: def.minLength ?? 0, limit: def.maxLength ?? MAX_LENGTH_MAX, expected: 'characters long', name }, v)
      break
    case Why.Choice:
      c.add('interaction.choice', 'value', { name, expected: [...(def.choices ?? [])].map((x) => JSON.stringify(x)).join(', ') }, v)
      break
    case Why.ChannelType:
      c.add('interaction.channel_type', 'value', { detail: String(v), name, expected: [...(def.channelTypes ?? [])].join(', ') })
      break
  }
  return INVALID
}
