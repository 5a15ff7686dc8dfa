/**
 * Type-level checks of an options list, in one walk per call: at most 25 options,
 * required before optional (spec: "Command option" rule 1), unique literal names
 * ("Naming rules" 4). The result maps each argument to itself, or to a sentence
 * naming the rule it breaks, so the compiler points at the offending argument.
 */
import type { AnyOption, TypesOf } from './options.js'
import type { KnownName, SlashkitError } from './util.js'

type NameOf<O> = TypesOf<O>['name']
type Literal<N> = KnownName<N>

type Under25 = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23 | 24

/** The first optional option's name in `O`, or `false`. */
type FirstOptional<O extends readonly unknown[]> = O extends readonly [infer H, ...infer T]
  ? TypesOf<H>['required'] extends true
    ? FirstOptional<T>
    : TypesOf<H>['required'] extends false
      ? NameOf<H>
      : FirstOptional<T>
  : false

type Names<O extends readonly unknown[]> = Literal<NameOf<O[number]>>

/**
 * Walks the new options with what the earlier ones left: the first optional name,
 * the names seen, the count. Tail-recursive; collects only the problems, as
 * `{ at: index; error }`, so a valid list costs one pass and no mapped type.
 */
type Problems<
  A extends readonly unknown[],
  Optional,
  Seen extends string,
  Count extends readonly unknown[],
  I extends readonly unknown[] = [],
  Found = never,
> = A extends readonly [infer H, ...infer T]
  ? Problems<
      T,
      Optional extends string ? Optional : TypesOf<H>['required'] extends false ? NameOf<H> : Optional,
      Seen | Literal<NameOf<H>>,
      [...Count, 0],
      [...I, 0],
      | Found
      | (Count['length'] extends Under25
          ? [Literal<NameOf<H>>] extends [never]
            ? Order<H, Optional, I['length']>
            : Literal<NameOf<H>> extends Seen
              ? {
                  at: `${I['length']}`
                  error: SlashkitError<`option '${NameOf<H>}' is already in this list; option names are unique within one options list`>
                }
              : Order<H, Optional, I['length']>
          : { at: `${I['length']}`; error: SlashkitError<'at most 25 options fit in one options list (spec: Limits)'> })
    >
  : Found

type Order<H, Optional, At extends number> = TypesOf<H>['required'] extends true
  ? Optional extends string
    ? {
        at: `${At}`
        error: SlashkitError<`required option '${NameOf<H>}' follows optional option '${Optional}'; required options must come first`>
      }
    : never
  : never

/**
 * The parameter type of `.options(...)`: the new options `A`, checked after the
 * options already there (`Prev`). A valid list is `A` itself (inferred directly);
 * otherwise each offending argument's type becomes the sentence of its rule.
 */
export type CheckOptions<Prev extends readonly AnyOption[], A extends readonly AnyOption[]> = [
  Problems<A, FirstOptional<Prev>, Names<Prev>, Prev>,
] extends [never]
  ? A
  : Flag<A, Problems<A, FirstOptional<Prev>, Names<Prev>, Prev>>

type Flag<A extends readonly unknown[], P extends { at: string; error: unknown }> = {
  [K in keyof A]: K extends P['at'] ? Extract<P, { at: K }>['error'] : A[K]
}
