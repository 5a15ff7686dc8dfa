/**
 * The parameters of a `custom_id` route (`route(name, { ...params })`): each has a
 * kind, bounds, and (in its type) the value it holds and the width it takes in
 * the custom_id (width.ts), so that a route whose largest custom_id could pass 100
 * characters is refused by the types where the bounds are literals.
 */
import { INTEGER_DEFAULT_MAX, INTEGER_DEFAULT_MIN, STRING_DEFAULT_MAX, type ParamSpec } from './codec.js'
import type { BitLen, IntBits, OneOfUnits, StringUnits } from './width.js'

/**
 * A parameter of a route: `V` the value it holds, `U` its width in the custom_id
 * in units (six to a character; `number` when not known to the types).
 */
export interface Param<V = unknown, U extends number = number> extends ParamSpec {
  /** Type only: the value the parameter holds. */
  readonly '~value'?: V
  /** Type only: its width in units. */
  readonly '~units'?: U
}

/** Any parameter. */
export type AnyParam = Param<unknown, number>

/** A route's parameters, by name. */
export type Params = Readonly<Record<string, AnyParam>>

/** The values of a route's parameters, as `route.id(...)` takes them and `parse` gives them. */
export type ParamValues<P> = { readonly [K in keyof P]: P[K] extends Param<infer V, number> ? V : never }

const MAX_SAFE = 9007199254740991

function string<const M extends number = never>(options?: { readonly max?: M }): Param<string, [M] extends [never] ? BitLen<typeof STRING_DEFAULT_MAX> : StringUnits<M>> {
  const max = options?.max
  if (max === undefined) return { kind: 'string', max: STRING_DEFAULT_MAX }
  if (!Number.isInteger(max) || max < 1 || max > STRING_DEFAULT_MAX) throw new RangeError(`param.string: max must be a whole number from 1 to ${STRING_DEFAULT_MAX} (was ${max})`)
  return { kind: 'string', max, declared: true }
}

function integer<const Min extends number = 0, const Max extends number = 9007199254740991>(options?: {
  readonly min?: Min
  readonly max?: Max
}): Param<number, IntBits<Min, Max>> {
  const min = options?.min ?? INTEGER_DEFAULT_MIN
  const max = options?.max ?? INTEGER_DEFAULT_MAX
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max || max - min > MAX_SAFE)
    throw new RangeError(`param.integer: min and max must be whole numbers with min <= max, at most 2^53 - 1 apart (were ${min} and ${max})`)
  return { kind: 'integer', min, max }
}

function oneOf<const V extends readonly (string | number | boolean)[]>(...values: V): Param<V[number], OneOfUnits<V>> {
  if (values.length === 0) throw new RangeError('param.oneOf: give at least one value')
  if (new Set(values).size !== values.length) throw new RangeError(`param.oneOf: the values must differ (were ${values.map((v) => JSON.stringify(v)).join(', ')})`)
  for (const v of values)
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw new TypeError(`param.oneOf: values are strings, numbers or booleans (was ${typeof v})`)
  return { kind: 'oneOf', values: values.slice() }
}

/**
 * The kinds of a route's parameters. Each takes a fixed width in the custom_id
 * (codec.ts): `boolean` 1 bit, `oneOf` of n values the bits of n - 1, `integer`
 * the bits of its range (default 0 to 2^53 - 1: 53 bits), `snowflake` 64 bits (11
 * characters), `string` its characters (at most `max`, default 100) and the bits of
 * its length.
 *
 * @example
 * const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no'), page: param.integer({ min: 1, max: 50 }) })
 */
export const param = {
  /** A string of at most `max` characters (1-100). Without `max`, only encoding checks the custom_id's length. */
  string,
  /** A whole number from `min` (default 0) to `max` (default 2^53 - 1). */
  integer,
  /** A snowflake (a user, channel, message, ... id): 64 bits, 11 characters. */
  snowflake: (): Param<string, 64> => ({ kind: 'snowflake' }),
  /** true or false: one bit. */
  boolean: (): Param<boolean, 1> => ({ kind: 'boolean' }),
  /** One of the values given (strings, numbers or booleans): the bits of their count. */
  oneOf,
}
