/**
 * "Did you mean" for names a method takes (permission flags, channel types): the
 * known names nearest to a misspelt one, worked out only on the slow path of a
 * refusal, so that a valid call never instantiates anything here. Types only.
 */

/**
 * Whether `A` and `B` differ by one edit: one character inserted, dropped or
 * replaced, or two neighbours swapped (`'BanMember'` and `'BanMembers'`,
 * `'GuildTetx'` and `'GuildText'`). One step per character of their common
 * start, then one comparison of the rests.
 */
type OneEdit<A extends string, B extends string> = A extends `${infer a}${infer ra}`
  ? B extends `${infer b}${infer rb}`
    ? a extends b
      ? OneEdit<ra, rb>
      : ra extends rb
        ? true
        : ra extends B
          ? true
          : A extends rb
            ? true
            : ra extends `${b}${infer rest}`
              ? rb extends `${a}${rest}`
                ? true
                : false
              : false
    : ra extends ''
      ? true
      : false
  : B extends `${string}${infer rb}`
    ? rb extends ''
      ? true
      : false
    : false

/** The names of `Names` equal to `P` but for case (`'banmembers'`). */
type SameLetters<P extends string, Names extends string> = Names extends unknown ? (Lowercase<Names> extends Lowercase<P> ? Names : never) : never

/** The names one of which starts the other (`'Admin'`, `'Administrator'`), for a `P` of three characters or more. */
type Prefixed<P extends string, Names extends string> = P extends `${string}${string}${string}${string}`
  ? Names extends unknown
    ? Names extends `${P}${string}`
      ? Names
      : P extends `${Names}${string}`
        ? Names
        : never
    : never
  : never

/** The names one edit away from `P`. */
type OneEditAway<P extends string, Names extends string> = Names extends unknown ? (OneEdit<P, Names> extends true ? Names : never) : never

/**
 * The known names nearest to `P`, by the first test that finds any: the same
 * letters in another case, one edit away, one a start of the other. `never` when
 * none is near.
 */
export type Nearest<P extends string, Names extends string> =
  SameLetters<P, Names> extends infer S extends string
    ? NoInfer<S> extends never
      ? OneEditAway<P, Names> extends infer E extends string
        ? NoInfer<E> extends never
          ? Prefixed<P, Names>
          : E
        : never
      : S
    : never

/** One member of a union (the last TypeScript merged): for listing a union in a sentence. */
type LastOf<U> = ((U extends unknown ? (f: () => U) => void : never) extends (f: infer F) => void ? F : never) extends () => infer L ? L : never

/** Up to four members of a union, as a tuple. */
type Members<U, Acc extends string[] = []> =
  NoInfer<U> extends never ? Acc : Acc['length'] extends 4 ? Acc : LastOf<U> extends infer L extends string ? Members<Exclude<U, L>, [L, ...Acc]> : Acc

/** Names joined as `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'` (`and` for `Or = 'and'`). */
export type Join<T extends readonly string[], Or extends string = 'or'> = T extends readonly [infer Only extends string]
  ? `'${Only}'`
  : T extends readonly [infer First extends string, ...infer Rest extends readonly string[]]
    ? Rest extends readonly [string]
      ? `'${First}' ${Or} ${Join<Rest, Or>}`
      : `'${First}', ${Join<Rest, Or>}`
    : ''

/** A union of names in a sentence: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'` (four at most; `and` for `Or = 'and'`). */
export type Listed<U extends string, Or extends string = 'or'> = Join<Members<U>, Or>

/** One member of a union, for a sentence about one of several. */
export type OneOf<U> = LastOf<U>

/** `; did you mean 'X'?` for the names nearest to `P`, or `Otherwise` when none is near. */
export type DidYouMean<P extends string, Names extends string, Otherwise extends string> =
  Nearest<P, Names> extends infer N extends string ? (NoInfer<N> extends never ? Otherwise : `; did you mean ${Listed<N>}?`) : Otherwise
