/**
 * The arithmetic of a route's largest `custom_id`, in the types: the same sums
 * as `layoutOf` (codec.ts) makes at run time, on the literal bounds of the
 * parameters. A custom_id is measured in "units", six to a character: a packed
 * parameter takes its bits, a string parameter six per character of its declared
 * maximum plus the bits of its length; the route's name, the separator and the
 * hash take six per character. 100 characters are 600 units.
 *
 * Where a bound is not a literal (`number`), the width is unknown and the types
 * leave the route to the run time, which checks it when it is defined.
 */

/**
 * A tuple of `N` zeros, `N` from 0 to 999, put together from its decimal digits
 * (hundreds, tens, ones) out of tuples of 100, 10 and 1: a few spreads, where
 * adding one element at a time would cost about N^2/2 instantiations (185,000
 * for 600).
 */
export type Tup<N extends number> = `${N}` extends `${infer H extends Digit}${infer T extends Digit}${infer O extends Digit}`
  ? [...Times<Hundred, H>, ...Times<Ten, T>, ...Times<[0], O>]
  : `${N}` extends `${infer T extends Digit}${infer O extends Digit}`
    ? [...Times<Ten, T>, ...Times<[0], O>]
    : `${N}` extends `${infer O extends Digit}`
      ? Times<[0], O>
      : never

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type Ten = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
type Hundred = [...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten, ...Ten]

/** `T` repeated `D` times (a digit). */
type Times<T extends 0[], D extends Digit> = {
  '0': []
  '1': T
  '2': [...T, ...T]
  '3': [...T, ...T, ...T]
  '4': [...T, ...T, ...T, ...T]
  '5': [...T, ...T, ...T, ...T, ...T]
  '6': [...T, ...T, ...T, ...T, ...T, ...T]
  '7': [...T, ...T, ...T, ...T, ...T, ...T, ...T]
  '8': [...T, ...T, ...T, ...T, ...T, ...T, ...T, ...T]
  '9': [...T, ...T, ...T, ...T, ...T, ...T, ...T, ...T, ...T]
}[D]

/** Whether a literal whole number is at most `Max` (both as written in decimal). */
type AtMost<N extends number, Max extends string> = NumeralOrder<`${N}`, Max> extends 'gt' ? false : true

/** The order of two digits. */
type DigitOrder<A extends string, B extends string> = A extends B ? 'eq' : '0123456789' extends `${string}${A}${string}${B}${string}` ? 'lt' : 'gt'

/** The order of two non-negative integers written in decimal (no exponent): by length, then by the first digit that differs. */
type NumeralOrder<A extends string, B extends string, R extends string = 'eq'> = A extends `${infer a}${infer AR}`
  ? B extends `${infer b}${infer BR}`
    ? NumeralOrder<AR, BR, R extends 'eq' ? DigitOrder<a, b> : R>
    : 'gt'
  : B extends ''
    ? R
    : 'lt'

/** 2^0 to 2^53 in decimal. */
type Powers = [
  '1',
  '2',
  '4',
  '8',
  '16',
  '32',
  '64',
  '128',
  '256',
  '512',
  '1024',
  '2048',
  '4096',
  '8192',
  '16384',
  '32768',
  '65536',
  '131072',
  '262144',
  '524288',
  '1048576',
  '2097152',
  '4194304',
  '8388608',
  '16777216',
  '33554432',
  '67108864',
  '134217728',
  '268435456',
  '536870912',
  '1073741824',
  '2147483648',
  '4294967296',
  '8589934592',
  '17179869184',
  '34359738368',
  '68719476736',
  '137438953472',
  '274877906944',
  '549755813888',
  '1099511627776',
  '2199023255552',
  '4398046511104',
  '8796093022208',
  '17592186044416',
  '35184372088832',
  '70368744177664',
  '140737488355328',
  '281474976710656',
  '562949953421312',
  '1125899906842624',
  '2251799813685248',
  '4503599627370496',
  '9007199254740992',
]

/** Where to start looking for the bit length of a number of `D` digits: 2^k < 10^(D-1) for the k given. */
type StartAt = [0, 0, 3, 6, 9, 13, 16, 19, 23, 26, 29, 33, 36, 39, 43, 46, 49]

/** The decimal digits of `S`, counted. */
type Digits<S extends string, Acc extends 0[] = []> = S extends `${string}${infer R}` ? Digits<R, [...Acc, 0]> : Acc['length']

/**
 * The bits that hold every whole number from 0 to `N` (0 for 0): the smallest
 * `k` with 2^k > N. `number` when `N` is not a literal whole number up to 2^53 - 1.
 */
export type BitLen<N extends number> = number extends N
  ? number
  : `${N}` extends `${string}${'.' | 'e' | '-'}${string}`
    ? number
    : `${N}` extends '0'
      ? 0
      : Find<`${N}`, Digits<`${N}`> extends infer D extends DigitCount ? StartAt[D] : 53>

type DigitCount = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16

type Find<S extends string, K extends number> = K extends 54 ? number : NumeralOrder<Powers[K & Bit], S> extends 'gt' ? K : Find<S, Next[K & Bit]>

/** The bit counts 0 to 53. */
type Bit = Exclude<keyof Next, keyof unknown[]> extends `${infer B extends number}` ? B : never

/** `K + 1` for the bit counts. */
type Next = [
  1,
  2,
  3,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  11,
  12,
  13,
  14,
  15,
  16,
  17,
  18,
  19,
  20,
  21,
  22,
  23,
  24,
  25,
  26,
  27,
  28,
  29,
  30,
  31,
  32,
  33,
  34,
  35,
  36,
  37,
  38,
  39,
  40,
  41,
  42,
  43,
  44,
  45,
  46,
  47,
  48,
  49,
  50,
  51,
  52,
  53,
  54,
]

/** `|N|` in decimal, for a literal integer (its sign dropped). */
type Abs<N extends number> = `${N}` extends `-${infer A extends number}` ? A : N

/**
 * The bits of an integer parameter from `Min` to `Max` (codec.ts `intBits`): the
 * bits of `Max` when `Min` is at least 0, else the bits of the larger magnitude
 * and one more.
 */
export type IntBits<Min extends number, Max extends number> = (
  number extends Min | Max
    ? number
    : `${Min}` extends `-${string}`
      ? BitLen<NumeralOrder<`${Abs<Min>}`, `${Abs<Max>}`> extends 'gt' ? Abs<Min> : Abs<Max>> extends infer B extends number
        ? number extends B
          ? number
          : Next[B & Bit]
        : number
      : BitLen<Max>
) extends infer X extends number
  ? X
  : number

/**
 * The units of a string parameter of at most `M` characters: six per character
 * and the bits of its length (601, past the budget, when `M` is over 100).
 */
export type StringUnits<M extends number> = number extends M
  ? number
  : M extends 0
    ? 0
    : AtMost<M, '100'> extends true
      ? BitLen<M> extends infer B extends number
        ? [...Six<M>, ...Tup<B>]['length']
        : number
      : 601

type Six<M extends number, T extends 0[] = Tup<M>> = Times<T, '6'>

/** The units of a oneOf parameter of `L` values: the bits of `L - 1`. */
export type OneOfUnits<L extends readonly unknown[]> = number extends L['length'] ? number : L extends readonly [unknown, ...infer R] ? BitLen<R['length']> : 0

/** The units of the route's name, the separator and the hash: six per character. */
export type NameUnits<N extends string> = string extends N ? number : Six<Digits<`${N}:${HashText}`>>['length']

/** Three characters of hash (codec.ts `HASH_CHARS`). */
type HashText = '...'

/** The units of a custom_id of 100 characters. */
type Budget = 600

/** The union of a union's members, one at a time (for summing an object's values). */
type LastOf<U> = (U extends unknown ? (x: () => U) => void : never) extends (x: infer I) => void ? (I extends () => infer L ? L : never) : never
export type KeysOf<U, Last = LastOf<U>> = [U] extends [never] ? [] : [...KeysOf<Exclude<U, Last>>, Last]

/**
 * Whether the units of `Units` (one per parameter), after `Acc`, fit in the
 * budget: `'fits'`, `'over'`, or `'unknown'` when a width is not a literal.
 * Stops adding once past the budget, so a long list costs no more.
 */
export type Fits<Units extends readonly number[], Acc extends 0[]> = Acc extends { readonly [K in Budget]: 0 }
  ? 'over'
  : Units extends readonly [infer U extends number, ...infer R extends number[]]
    ? number extends U
      ? 'unknown'
      : AtMost<U, `${Budget}`> extends true
        ? Fits<R, [...Acc, ...Tup<U>]>
        : 'over'
    : 'fits'
