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

/** Marks an argument that passed every check. */
type Fine = { readonly '~fine': true }

/** The first optional option's name in `O`, or `false`. */
type FirstOptional<O extends readonly unknown[]> = O extends readonly [infer H, ...infer T]
  ? TypesOf<H>['required'] extends true
    ? FirstOptional<T>
    : TypesOf<H>['required'] extends false
      ? NameOf<H>
      : FirstOptional<T>
  : false

type Names<O extends readonly unknown[]> = Literal<NameOf<O[number]>>

/** Walks the new options with what the earlier ones left: the first optional name, the names seen, the count. */
type Walk<
  A extends readonly unknown[],
  Optional,
  Seen extends string,
  Count extends readonly unknown[],
  Out extends readonly unknown[],
> = A extends readonly [infer H, ...infer T]
  ? Walk<
      T,
      Optional extends string ? Optional : TypesOf<H>['required'] extends false ? NameOf<H> : Optional,
      Seen | Literal<NameOf<H>>,
      [...Count, 0],
      [
        ...Out,
        Count['length'] extends Under25
          ? [Literal<NameOf<H>>] extends [never]
            ? Order<H, Optional>
            : Literal<NameOf<H>> extends Seen
              ? SlashkitError<`option '${NameOf<H>}' is already in this list; option names are unique within one options list`>
              : Order<H, Optional>
          : SlashkitError<'at most 25 options fit in one options list (spec: Limits)'>,
      ]
    >
  : Out

type Order<H, Optional> = TypesOf<H>['required'] extends true
  ? Optional extends string
    ? SlashkitError<`required option '${NameOf<H>}' follows optional option '${Optional}'; required options must come first`>
    : Fine
  : Fine

/**
 * The parameter type of `.options(...)`: the new options `A`, checked after the
 * options already there (`Prev`). Homomorphic over `A`, so `A` is still inferred
 * from the arguments.
 */
export type CheckOptions<Prev extends readonly AnyOption[], A extends readonly AnyOption[]> = Check<
  A,
  Walk<A, FirstOptional<Prev>, Names<Prev>, Prev, []>
>

type Check<A extends readonly unknown[], Out extends readonly unknown[]> = {
  [K in keyof A]: K extends keyof Out ? (Out[K] extends Fine ? A[K] : Out[K]) : A[K]
}
