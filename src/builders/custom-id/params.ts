/**
 * The parameters of a `custom_id` route (`route(name, { ...params })`): each has a
 * kind, bounds, and (in its type) the value it holds and the width it takes in
 * the custom_id (width.ts), so that a route whose largest custom_id could pass 100
 * characters is refused by the types where the bounds are literals.
 */
import { INTEGER_DEFAULT_MAX, INTEGER_DEFAULT_MIN, STRING_DEFAULT_MAX, specProblem, type ParamSpec } from './codec.js'
import type { SlashkitError } from '../types/error.js'
import type { Above, AsciiLength } from '../types/text.js'
import type { BitLen, IntBits, OneOfUnits, StringUnits } from './width.js'

/**
 * A parameter of a route: `V` the value it holds, `U` its width in the custom_id
 * in units (six to a character; `number` when not known to the types), `R` the
 * bounds a literal value is held to (an integer's `[min, max]`, a string's
 * declared `{ max }`).
 */
export interface Param<V = unknown, U extends number = number, R = unknown> extends ParamSpec {
  /** Type only: the value the parameter holds. */
  readonly '~value'?: V
  /** Type only: its width in units. */
  readonly '~units'?: U
  /** Type only: an integer parameter's `[min, max]`, a string parameter's declared `{ max }`. */
  readonly '~range'?: R
}

/** Any parameter. */
export type AnyParam = Param<unknown, number>

/** A route's parameters, by name. */
export type Params = Readonly<Record<string, AnyParam>>

/** The values of a route's parameters, as `route.id(...)` takes them and `parse` gives them. */
export type ParamValues<P> = { readonly [K in keyof P]: P[K] extends Param<infer V, number> ? V : never }

/** Whether the literal `X` is not a whole number from `Lo` to `Hi`; `false` for `number`, left to the run time. */
type NotWholeIn<X extends number, Lo extends number, Hi extends number> = number extends X
  ? false
  : `${X}` extends `${string}${'.' | 'e'}${string}`
    ? true
    : Above<Lo, X> extends true
      ? true
      : Above<X, Hi>

/** The sentence for a literal integer `X` (each of a union) outside an integer parameter's `[Lo, Hi]`, or `never`. */
type OutOfRange<N extends string, K extends string, Lo extends number, Hi extends number, X> = X extends number
  ? NotWholeIn<X, Lo, Hi> extends true
    ? `route '${N}': parameter '${K}' is a whole number from ${Lo} to ${Hi}; this one is ${X}`
    : never
  : never

/** The sentence for a literal string `X` longer than a string parameter's declared `M` characters (counted when it is ASCII), or `never`. */
type TooLong<N extends string, K extends string, M extends number, X> = X extends string
  ? AsciiLength<X> extends infer L extends number
    ? [L] extends [never]
      ? never
      : Above<L, M> extends true
        ? `route '${N}': parameter '${K}' holds at most ${M} characters; this one has ${L}`
        : never
    : never
  : never

/** Why the literal `X` does not fit parameter `K` (of bounds `R`) of route `N`, or `never`. */
type Misfit<N extends string, K extends string, R, X> = R extends readonly [infer Lo extends number, infer Hi extends number]
  ? OutOfRange<N, K, Lo, Hi, X>
  : R extends { readonly max: infer M extends number }
    ? TooLong<N, K, M, X>
    : never

/**
 * The parameters of `P` that hold bounds a literal value is held to, with them
 * (`{ n: readonly [1, 50] }`): one type per route's parameters, which the checker
 * keeps, so a route without bounds costs each call a test of an empty object.
 */
type BoundsOf<P> = {
  [K in keyof P as P[K] extends { readonly '~range'?: infer R } ? (unknown extends R ? never : K) : never]: Exclude<
    P[K] extends { readonly '~range'?: infer R } ? R : never,
    undefined
  >
}

/**
 * The values given to a route's maker (`page.button({ n: 3 })`, `id`, `modal`),
 * `V`, checked: each literal integer in its parameter's literal bounds, a literal
 * ASCII string within its parameter's declared `max`, else the sentence for one
 * that is not. A value typed `number` or `string` is left to the run time
 * (`encode`'s `RangeError`), as are the other kinds (a oneOf's type is its values
 * already).
 *
 * What the check passes is `ParamValues<P>`, as before the check, so an object
 * literal with a key no parameter has is refused as TypeScript refuses an excess
 * property, and a variable holding more is not. A route without bounds resolves
 * to it when the route is typed, so its calls cost what they did; `V` is inferred
 * from the last branches (a conditional that depends on `V` is inferred into on
 * both sides).
 */
export type ValuesCheck<N extends string, P, V> =
  BoundsOf<P> extends infer B
    ? {} extends B
      ? ParamValues<P>
      : { [K in keyof B]: Misfit<N, K & string, B[K], V[K & keyof V]> }[keyof B] extends infer E extends string
        ? [E] extends [never]
          ? ParamValues<P>
          : NoInfer<SlashkitError<E>>
        : V
    : V

/** `X`, a bound given to `Fn`, or the sentence when it is a literal outside `Lo` to `Hi` or not whole. */
type WholeCheck<X extends number, Fn extends string, Name extends string, Lo extends number, Hi extends number, Range extends string = `from ${Lo} to ${Hi}`> =
  NotWholeIn<X, Lo, Hi> extends true ? NoInfer<SlashkitError<`${Fn}'s ${Name} is a whole number ${Range}; this one is ${X}`>> : X

/** A safe integer, as `param.integer` takes its bounds. */
type SafeCheck<X extends number, Name extends string> = WholeCheck<X, 'param.integer', Name, -9007199254740991, typeof INTEGER_DEFAULT_MAX, 'from -(2^53 - 1) to 2^53 - 1'>

/** `param.integer`'s `Max`, checked as `WholeCheck` does and against its `Min`. */
type OrderCheck<Max extends number, Min extends number> =
  SafeCheck<Max, 'max'> extends Max
    ? Above<Min, Max> extends true
      ? NoInfer<SlashkitError<`param.integer's max (${Max}) is below its min (${Min}); the minimum must not exceed the maximum`>>
      : Max
    : SafeCheck<Max, 'max'>

function string<const M extends number = never>(options?: {
  readonly max?: WholeCheck<M, 'param.string', 'max', 1, typeof STRING_DEFAULT_MAX>
}): Param<string, [M] extends [never] ? BitLen<typeof STRING_DEFAULT_MAX> : StringUnits<M>, [M] extends [never] ? unknown : { readonly max: M }> {
  const max = options?.max as number | undefined
  if (max === undefined) return { kind: 'string', max: STRING_DEFAULT_MAX }
  const spec: ParamSpec = { kind: 'string', max, declared: true }
  const problem = specProblem(spec)
  if (problem !== undefined) throw new RangeError(`${problem} (was ${max})`)
  return spec
}

function integer<const Min extends number = typeof INTEGER_DEFAULT_MIN, const Max extends number = typeof INTEGER_DEFAULT_MAX>(options?: {
  readonly min?: SafeCheck<Min, 'min'>
  readonly max?: OrderCheck<Max, Min>
}): Param<number, IntBits<Min, Max>, readonly [Min, Max]> {
  const min = (options?.min as number | undefined) ?? INTEGER_DEFAULT_MIN
  const max = (options?.max as number | undefined) ?? INTEGER_DEFAULT_MAX
  const spec: ParamSpec = { kind: 'integer', min, max }
  const problem = specProblem(spec)
  if (problem !== undefined) throw new RangeError(`${problem} (were ${min} and ${max})`)
  return spec
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
