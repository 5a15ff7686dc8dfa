/**
 * Type-level name checks shared by the builders ("Application command naming"):
 * the fast shape tests on a boxed name and the sentences of the slow path.
 * Everything here is types only.
 */
import type { SlashkitError } from './error.js'
import type { Span, Span10 } from './spans.js'

/**
 * Holds a name in one property, so that a check can compare it with a shape
 * interface below: `Box<N> extends BadChatShape`. The shapes are plain
 * (non-generic) interfaces, which TypeScript never instantiates again; a
 * template literal written in the `extends` clause of a generic conditional type
 * (or behind an alias) is instantiated anew for every name checked.
 */
export interface Box<N> {
  readonly name: N
}

/** A name with at least 33 UTF-16 units (spans.ts). */
type Over32Pattern = `${Span10}${Span10}${Span10}${Span}${Span}${Span}${string}`

/** A name with a space or a punctuation mark in it (a union of 33 templates). */
type PunctuationPattern = `${string}${Punctuation}${string}`

/** The shape of a name with at least 33 UTF-16 units. */
interface Over32Shape {
  readonly name: Over32Pattern
}

/** The shape of a name with a space or a punctuation mark in it. */
interface PunctuationShape {
  readonly name: PunctuationPattern
}

/**
 * Every shape a CHAT_INPUT name may not have but upper case: empty, with a space
 * or punctuation, over 32 units. One comparison of `Box<N>` with it answers all
 * three for a valid name.
 */
export interface BadChatShape {
  readonly name: '' | PunctuationPattern | Over32Pattern
}

/** Every shape a USER, MESSAGE or entry point name may not have: empty, over 32 units. */
interface BadPlainShape {
  readonly name: '' | Over32Pattern
}

/** True when `N` has at least 33 UTF-16 units. */
type Over32<N extends string> = Box<N> extends Over32Shape ? true : false

/**
 * Characters the name pattern refuses that are worth catching in literal names:
 * ASCII whitespace and every ASCII punctuation mark but '-', '_' and "'".
 */
type Punctuation =
  | ' '
  | '\t'
  | '\n'
  | '\r'
  | '.'
  | ','
  | '/'
  | '\\'
  | '|'
  | '!'
  | '?'
  | ':'
  | ';'
  | '@'
  | '#'
  | '$'
  | '%'
  | '^'
  | '&'
  | '*'
  | '('
  | ')'
  | '['
  | ']'
  | '{'
  | '}'
  | '<'
  | '>'
  | '+'
  | '='
  | '~'
  | '"'
  | '`'

/**
 * "Naming rules" 1 for a literal CHAT_INPUT command or option name: 1-32
 * characters, no spaces or punctuation, lower case. A name typed as `string` passes
 * here and is checked at run time.
 *
 * A valid name costs two tests: `Lowercase<N> extends N`, where a lower-case
 * name is its own lower-case form (the same type, so no comparison is made or
 * cached), and one comparison of `Box<N>` with `BadChatShape`. Everything else
 * (the sentence, and whether `N` is a pattern such as `string`) is worked out
 * on the slow path (`Verdict`). A name that is one of several literals
 * (`flag ? 'a' : 'b'`) is compared literal by literal (`N extends unknown`), so
 * that one bad literal is enough to refuse it.
 * Inference sees only the `N` of the fast path: the slow path sits behind `NoInfer`.
 */
export type CheckChatName<N extends string> = N extends unknown
  ? Lowercase<N> extends N
    ? Box<N> extends BadChatShape
      ? NoInfer<Verdict<N, ChatNameError<N>>>
      : N
    : NoInfer<Verdict<N, ChatNameError<N>>>
  : never

/** "Naming rules" 2 for USER, MESSAGE and entry point names: 1-32 characters, any case, spaces allowed. */
export type CheckPlainName<N extends string> = N extends unknown ? (Box<N> extends BadPlainShape ? NoInfer<Verdict<N, PlainNameError<N>>> : N) : never

/** `N` when `Error` is `never`, else `Error`: what a name check's slow path gives the parameter. */
export type Verdict<N extends string, Error> = NoInfer<Error> extends never ? N : Error

/**
 * The sentence a literal CHAT_INPUT name earns, or `never`. Whether `N` is a
 * pattern (`string`, a template) is asked only before reporting.
 */
export type ChatNameError<N extends string> = N extends ''
  ? SlashkitError<'a name needs 1 to 32 characters; this one is empty'>
  : Box<N> extends PunctuationShape
    ? Unless<N, SlashkitError<`the name '${N}' has a space or punctuation; names use letters, digits, '-', '_' and "'"`>>
    : Lowercase<N> extends N
      ? Over32<N> extends true
        ? Unless<N, SlashkitError<`the name '${N}' is longer than 32 characters`>>
        : never
      : Unless<N, SlashkitError<`the name '${N}' has upper-case letters; CHAT_INPUT names are lower case: '${Lowercase<N>}'`>>

/** The sentence a literal USER, MESSAGE or entry point name earns, or `never`. */
type PlainNameError<N extends string> = N extends ''
  ? SlashkitError<'a name needs 1 to 32 characters; this one is empty'>
  : Over32<N> extends true
    ? Unless<N, SlashkitError<`the name '${N}' is longer than 32 characters`>>
    : never

/** `Error`, unless `N` is a pattern rather than one known name (those are left to the run time). */
type Unless<N extends string, Error> = IsPattern<N> extends true ? never : Error

/**
 * Whether `N` is not one known string: `string`, or a template with a placeholder
 * (`` `o${number}` ``). Such names are left to the run-time rules.
 */
export type IsPattern<N extends string> = {} extends Record<N, 1> ? true : false

/**
 * The members of `N` that are known names (not `string`, not a template with a
 * placeholder): the ones uniqueness checks can compare. Two options named
 * `` `o${number}` `` may well differ, so patterns are left to the run-time rules.
 */
export type KnownName<N> = N extends string ? (IsPattern<N> extends true ? never : N) : never
