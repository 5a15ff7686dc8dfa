/**
 * Type-level checks of an options list, in one walk per call: at most 25 options,
 * required before optional (spec: "Command option" rule 1), unique literal names
 * ("Naming rules" 4). The result maps each argument to itself, or to a sentence
 * naming the rule it breaks, so the compiler points at the offending argument.
 */
import type { LeafOptionType } from '../../wire/enums.js'
import type { AnyOption, OptionRecord as Info, OptionTypes, TypesOf } from './options.js'
import type { SlashkitError } from './error.js'
import type { KnownName as Literal } from './names.js'
import type { Next } from './util.js'

type NameOf<O> = TypesOf<O>['name']

type Under25 = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23 | 24

/** The first optional option's name in `O`, or `false`. */
type FirstOptional<O extends readonly unknown[]> = O extends readonly [infer H, ...infer T]
  ? TypesOf<H>['required'] extends true
    ? FirstOptional<T>
    : TypesOf<H>['required'] extends false
      ? NameOf<H>
      : FirstOptional<T>
  : false

/**
 * Walks the new options with what the earlier ones left: the first optional
 * name, every name seen, and the running count (`false` when the whole list fits
 * in 25, so no option needs counting). Tail-recursive; collects only the problems,
 * as `{ at: index; error }`, so a valid list costs one pass and no mapped type.
 */
type Problems<A extends readonly AnyOption[], Optional, Seen, Count extends readonly unknown[] | false, I extends readonly 0[] = [], Found = never> = A extends readonly [
  infer H extends AnyOption,
  ...infer T extends readonly AnyOption[],
]
  ? Problems<
      T,
      Optional extends string ? Optional : Info<H>['required'] extends false ? Info<H>['name'] : Optional,
      Seen | Literal<Info<H>['name']>,
      Count extends readonly unknown[] ? [...Count, 0] : false,
      [...I, 0],
      | Found
      | (Count extends readonly unknown[]
          ? Count['length'] extends Under25
            ? Unique<Info<H>, Optional, Seen, I['length']>
            : { at: `${I['length']}`; error: SlashkitError<'at most 25 options fit in one options list (spec: Limits)'> }
          : Unique<Info<H>, Optional, Seen, I['length']>)
    >
  : Found

/**
 * A known name seen before is a duplicate. `Seen` holds the known names only: a
 * pattern (`string`, `` `o${number}` ``) is left to the run-time rules, and kept
 * out of `Seen`, where `string` would swallow every known name after it.
 */
type Unique<T extends OptionTypes, Optional, Seen, At extends number> =
  Literal<T['name']> extends never
    ? Order<T, Optional, At>
    : Literal<T['name']> extends Seen
      ? {
          at: `${At}`
          error: SlashkitError<`option '${T['name']}' is already in this list; option names are unique within one options list`>
        }
      : Order<T, Optional, At>

type Order<T extends OptionTypes, Optional, At extends number> = T['required'] extends true
  ? Optional extends string
    ? {
        at: `${At}`
        error: SlashkitError<`required option '${T['name']}' follows optional option '${Optional}'; required options must come first`>
      }
    : never
  : never

/** The problems of `A` after `Prev`, counting only when the two do not fit in 25 together. */
type ListProblems<Prev extends readonly AnyOption[], A extends readonly AnyOption[]> = Problems<
  A,
  FirstOptional<Prev>,
  Literal<NameOf<Prev[number]>>,
  [...Prev, ...A]['length'] extends Under25 | 25 ? false : Prev
>

/**
 * The parameter type of `.options(...)`: the new options `A`, checked after the
 * options already there (`Prev`). A valid list is `A` itself (inferred directly);
 * otherwise each offending argument's type becomes the sentence of its rule.
 * `A` is inferred from the first branch only: the second maps `B`, a copy of `A`
 * that inference does not reach (`A extends infer B`), so no reverse mapping is
 * made per call. Not `NoInfer<Flag<A, ...>>`: a rest parameter typed `NoInfer` of
 * a tuple is compared as one tuple and reported at the first argument, with the
 * sentence only in the elaboration (TypeScript 5.9 to 7.0); a plain tuple is
 * compared argument by argument, and the sentence is the first line at the
 * offending argument.
 */
export type CheckOptions<Prev extends readonly AnyOption[], A extends readonly AnyOption[]> =
  ListValid<Prev, A> extends true ? A : A extends infer B extends readonly AnyOption[] ? Flag<B, ListProblems<Prev, B>> : never

/**
 * Whether the list is valid: one walk by index (`A[I]`) over each option's name
 * and required-ness, stopping at the first doubt (a name seen before or after a
 * `string` one; a required option after an optional one, `boolean` counting as
 * optional; over 25). Then `ListProblems` gives the locations and sentences.
 * Why: cheap, and no conditional type in the recursion's arguments ("excessively deep").
 */
type ListValid<Prev extends readonly AnyOption[], A extends readonly AnyOption[]> = Prev extends readonly []
  ? A['length'] extends Under25 | 25
    ? Walk<A, 0, false, never>
    : false
  : [...Prev, ...A] extends infer All extends readonly AnyOption[]
    ? All['length'] extends Under25 | 25
      ? Walk<All, 0, false, never>
      : false
    : false

/**
 * The two facts the walk reads from an option: its name and its required-ness.
 * An interface: each (name, required) pair is one cached type reference and comparison.
 */
interface OptionFacts<N extends string, R extends boolean> {
  readonly '~types'?: OptionTypes<LeafOptionType, N, R>
}

/**
 * The walk of `ListValid`. Names and required-ness are tested whole, behind
 * `NoInfer` (a check type that is not a bare type parameter does not distribute):
 * one that is a union (`flag ? 'a' : 'b'`, `boolean`) stays one test, where a bare
 * `N extends Seen` split the walk in two at each such option (2^n walks for n of
 * them). Not in brackets (`[N] extends [Seen]`): each bracket is a tuple type of
 * its own, and comparing two resolves their members; on the wide set
 * (bench/fixture.mjs, `makeWideSet`) the brackets cost 45,201 symbols, 4,197
 * types and 8,999 instantiations of the definitions' 210,262.
 */
type Walk<A extends readonly AnyOption[], I extends keyof Next, Optional extends boolean, Seen> = I extends A['length']
  ? true
  : A[I] extends OptionFacts<infer N, infer R>
    ? NoInfer<N> extends Seen
      ? false
      : NoInfer<R> extends true
        ? Optional extends true
          ? false
          : Walk<A, Next[I], false, Seen | N>
        : Walk<A, Next[I], true, Seen | N>
    : false

type Flag<A extends readonly unknown[], P extends { at: string; error: unknown }> = {
  [K in keyof A]: K extends P['at'] ? Extract<P, { at: K }>['error'] : A[K]
}
