/**
 * Type-level checks of descriptions ("Application command" description, "Command
 * option" description: 1-100 characters) and of the bounds of an option (min at
 * most max, minLength at most maxLength: "Command option"). Everything here is
 * types only; a description or a bound typed as `string` or `number` passes here
 * and is checked at run time.
 */
import type { SlashkitError } from './error.js'
import type { Box, Verdict } from './names.js'
import type { Past100, Past200 } from './spans.js'

/** Every shape a description may not have, or may not have: empty, or at least 101 UTF-16 units. */
interface BadDescriptionShape {
  readonly name: '' | Past100
}

/** The shape of a text of at least 201 UTF-16 units. */
interface Over200Shape {
  readonly name: Past200
}

/**
 * "Application command" and "Command option" description: 1-100 characters, for a
 * literal description. A valid one costs one comparison of `Box<D>` with
 * `BadDescriptionShape`; the sentence is worked out only for a doubt. The run-time
 * rule counts code points: a text of 101 to 200 UTF-16 units with a character out
 * of ASCII may hold pairs of units that count as one, so it is left to the run time.
 * Inference sees only the `D` of the fast path: the slow path sits behind `NoInfer`.
 */
export type CheckDescription<D extends string> = Box<D> extends BadDescriptionShape ? NoInfer<Verdict<D, DescriptionError<D>>> : D

/** The sentence a literal description earns, or `never`. */
type DescriptionError<D extends string> = D extends ''
  ? SlashkitError<'a description needs 1 to 100 characters; this one is empty'>
  : Box<D> extends Over200Shape
    ? SlashkitError<'a description has at most 100 characters; this one has over 200'>
    : AsciiLength<D> extends infer L extends number
      ? SlashkitError<`a description has at most 100 characters; this one has ${L}`>
      : never

/** The length of `S` when every character is ASCII (one unit, one code point), else `never`. */
export type AsciiLength<S extends string, Count extends 0[] = []> = S extends `${infer C}${infer R}` ? (C extends Ascii ? AsciiLength<R, [...Count, 0]> : never) : Count['length']

/** The printable ASCII characters, the space, tab and line feed. */
type Ascii =
  | ' '
  | '!'
  | '"'
  | '#'
  | '$'
  | '%'
  | '&'
  | "'"
  | '('
  | ')'
  | '*'
  | '+'
  | ','
  | '-'
  | '.'
  | '/'
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | ':'
  | ';'
  | '<'
  | '='
  | '>'
  | '?'
  | '@'
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z'
  | '['
  | '\\'
  | ']'
  | '^'
  | '_'
  | '`'
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'
  | '{'
  | '|'
  | '}'
  | '~'
  | '\t'
  | '\n'

// ---------------------------------------------------------------- bounds

/**
 * `V`, the bound given to `.max(...)` (or `.maxLength(...)`), or the sentence when
 * it is below the lower bound `Lo` given before. Either unknown (`number`) passes.
 */
type CheckUpper<V extends number, Lo extends number, Method extends string> =
  Above<Lo, V> extends true ? NoInfer<SlashkitError<`${Method}(${V}) is below the minimum ${Lo} set before; the minimum must not exceed the maximum`>> : V

/** `V`, the bound given to `.min(...)` (or `.minLength(...)`), or the sentence when it is above the upper bound `Hi` given before. */
type CheckLower<V extends number, Hi extends number, Method extends string> =
  Above<V, Hi> extends true ? NoInfer<SlashkitError<`${Method}(${V}) is above the maximum ${Hi} set before; the minimum must not exceed the maximum`>> : V

/** `.min(V)` of an INTEGER or NUMBER option after `.max(Hi)` (its own alias: the refusal bench switches it off alone). */
export type CheckMin<V extends number, Hi extends number> = CheckLower<V, Hi, 'min'>
/** `.max(V)` of an INTEGER or NUMBER option after `.min(Lo)`. */
export type CheckMax<V extends number, Lo extends number> = CheckUpper<V, Lo, 'max'>
/** `.minLength(L)` of a STRING option after `.maxLength(Hi)`. */
export type CheckMinLength<L extends number, Hi extends number> = CheckLower<L, Hi, 'minLength'>
/** `.maxLength(L)` of a STRING option after `.minLength(Lo)`. */
export type CheckMaxLength<L extends number, Lo extends number> = CheckUpper<L, Lo, 'maxLength'>

/**
 * Whether the number literal `A` is above `B`, compared as decimal text. Two whole
 * numbers of no sign (every length, most value bounds) take one walk (`Compare`);
 * a sign, a fraction or an exponent the slower `Signed`. `false` when either is
 * not one literal (`number`, a union; left to the run time).
 */
export type Above<A extends number, B extends number> = number extends A | B
  ? false
  : `${A}${B}` extends `${string}${'-' | '.' | 'e'}${string}`
    ? Signed<`${A}`, `${B}`>
    : Compare<`${A}`, `${B}`> extends 1
      ? true
      : false

/** `Above` for texts with a sign or a fraction. */
type Signed<A extends string, B extends string> = A extends `-${infer X}` ? (B extends `-${infer Y}` ? Greater<Y, X> : false) : B extends `-${string}` ? true : Greater<A, B>

/** Whether the decimal text `A` (no sign) is above `B`. */
type Greater<A extends string, B extends string> = `${A}${B}` extends `${string}e${string}`
  ? false
  : [Whole<A>, Whole<B>] extends [[infer AI extends string, infer AF extends string], [infer BI extends string, infer BF extends string]]
    ? Compare<AI, BI> extends infer C
      ? C extends 0
        ? Compare<AF, BF, 0, true> extends 1
          ? true
          : false
        : C extends 1
          ? true
          : false
      : never
    : never

/** The whole part and the fraction of a decimal text. */
type Whole<T extends string> = T extends `${infer I}.${infer F}` ? [I, F] : [T, '']

/**
 * 1, 0 or -1: the order of two digit texts, walked together. `First` is the order of
 * the first digits that differ. Whole parts (`Fraction` false): the longer is the
 * greater, else `First`. Fractions: a longer one with the same start is the greater
 * (numbers print no trailing zero), else `First`.
 */
type Compare<A extends string, B extends string, First extends number = 0, Fraction extends boolean = false> = A extends `${infer X}${infer RA}`
  ? B extends `${infer Y}${infer RB}`
    ? Compare<RA, RB, First extends 0 ? (X extends Y ? 0 : Y extends Below[X & keyof Below] ? 1 : -1) : First, Fraction>
    : Fraction extends true
      ? First extends 0
        ? 1
        : First
      : 1
  : B extends ''
    ? First
    : Fraction extends true
      ? First extends 0
        ? -1
        : First
      : -1

/** The digits below each digit. */
interface Below {
  '0': never
  '1': '0'
  '2': '0' | '1'
  '3': '0' | '1' | '2'
  '4': '0' | '1' | '2' | '3'
  '5': '0' | '1' | '2' | '3' | '4'
  '6': '0' | '1' | '2' | '3' | '4' | '5'
  '7': '0' | '1' | '2' | '3' | '4' | '5' | '6'
  '8': '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7'
  '9': '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8'
}
