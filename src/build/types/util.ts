/**
 * Type-level helpers shared by the builders: the error brand, name checks and
 * flattening. Everything here is types only.
 */

declare const errorBrand: unique symbol

/**
 * A type that reads as a sentence in the compiler's message. It stands where a
 * wrong argument (or a wrong `this`) goes, so misuse reports as
 * `... is not assignable to parameter of type 'SlashkitError<"required options must come first">'`.
 * No value has this type.
 */
export type SlashkitError<Message extends string> = `❌ ${Message}` & { readonly [errorBrand]: Message }

/** Flattens an object type so hovers show its fields, not a stack of intersections. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** Marks a type-state slot that is not set yet. */
export type Unset = { readonly '~unset': true }

/** True when `N` has at least 33 UTF-16 units (one template, no recursion). */
type Over32<N extends string> =
  N extends `${infer _0}${infer _1}${infer _2}${infer _3}${infer _4}${infer _5}${infer _6}${infer _7}${infer _8}${infer _9}${infer _10}${infer _11}${infer _12}${infer _13}${infer _14}${infer _15}${infer _16}${infer _17}${infer _18}${infer _19}${infer _20}${infer _21}${infer _22}${infer _23}${infer _24}${infer _25}${infer _26}${infer _27}${infer _28}${infer _29}${infer _30}${infer _31}${infer _32}${string}`
    ? true
    : false

/**
 * Characters the name pattern refuses that are worth catching in literal names:
 * ASCII whitespace and every ASCII punctuation mark but '-', '_' and "'".
 */
type Punctuation =
  | ' ' | '\t' | '\n' | '\r' | '.' | ',' | '/' | '\\' | '|' | '!' | '?' | ':' | ';' | '@' | '#' | '$' | '%' | '^' | '&' | '*'
  | '(' | ')' | '[' | ']' | '{' | '}' | '<' | '>' | '+' | '=' | '~' | '"' | '`'

/**
 * "Naming rules" 1 for a literal CHAT_INPUT command or option name: 1-32
 * characters, no spaces or punctuation, lower case. A name typed as `string` passes
 * here and is checked at run time.
 *
 * Inference sees only the `N` of the first branch: the sentence sits behind
 * `NoInfer`, so inferring `N` from the argument does not walk the error templates
 * (that walk cost more than the check itself, once per call).
 */
export type CheckChatName<N extends string> = [ChatNameError<N>] extends [never] ? N : NoInfer<ChatNameError<N>>

/** "Naming rules" 2 for USER, MESSAGE and entry point names: 1-32 characters, any case, spaces allowed. */
export type CheckPlainName<N extends string> = [PlainNameError<N>] extends [never] ? N : NoInfer<PlainNameError<N>>

/**
 * The sentence a literal CHAT_INPUT name earns, or `never`. The cheap checks come
 * first; whether `N` is a pattern (`string`, a template) is asked only before
 * reporting, since a valid literal name never needs it.
 */
export type ChatNameError<N extends string> = N extends ''
  ? SlashkitError<'a name needs 1 to 32 characters; this one is empty'>
  : N extends `${string}${Punctuation}${string}`
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
type IsPattern<N extends string> = {} extends Record<N, 1> ? true : false

/**
 * The members of `N` that are known names (not `string`, not a template with a
 * placeholder): the ones uniqueness checks can compare. Two options named
 * `` `o${number}` `` may well differ, so patterns are left to the run-time rules.
 */
export type KnownName<N> = N extends string ? (IsPattern<N> extends true ? never : N) : never

/** Whether `T` is exactly `never`. */
export type IsNever<T> = [T] extends [never] ? true : false
