/**
 * The encoding of a route's `custom_id`:
 *
 *     name ":" hash packed strings
 *
 * - `name`: the route's name, so a set of routes finds the route by a lookup;
 * - `hash`: 3 characters (18 bits) of a hash of the route's shape (its parameters'
 *   names, kinds and bounds, in order), so a custom_id minted before the shape
 *   changed is recognised as stale, never misread;
 * - `packed`: every bounded value in a fixed number of bits (a boolean 1, one of
 *   n values the bits of n - 1, an integer the bits of its range, a snowflake 64,
 *   a string the bits of its length), all in one number written in base 64
 *   (`A-Z a-z 0-9 - _`), six bits a character, at a fixed width;
 * - `strings`: the string values, as they are, one after another (their lengths
 *   are in `packed`, so they need no separator and no escaping).
 *
 * A snowflake takes 11 characters (20 in decimal), a boolean a sixth of one. The
 * width of everything but the strings is fixed by the shape, so the largest
 * custom_id a route can make is known when it is defined (width.ts computes the
 * same in the types). Lengths are UTF-16 units, as JavaScript counts them; the
 * service's 100 characters are never fewer.
 */
import { CUSTOM_ID_MAX } from '../../rules/message-limits.js'
import { kindOf } from '../../rules/arguments.js'

/** A parameter's kind and bounds (what `param.*` makes). */
export interface ParamSpec {
  readonly kind: 'string' | 'integer' | 'snowflake' | 'boolean' | 'oneOf'
  /** integer: the least value; string: unused. */
  readonly min?: number
  /** integer: the greatest value; string: the most characters (declared, or 100). */
  readonly max?: number
  /** string: whether `max` was declared (else only the encoding checks the length). */
  readonly declared?: boolean
  /** oneOf: the values, in order. */
  readonly values?: readonly (string | number | boolean)[]
}

/** What encoding and decoding need of a route: computed once, when the route is defined. */
export interface Layout {
  readonly name: string
  readonly keys: readonly string[]
  readonly specs: readonly ParamSpec[]
  readonly bits: readonly number[]
  /** `name:` and the hash. */
  readonly prefix: string
  /** Characters of the packed values. */
  readonly packed: number
  /** Bits of all packed values together. */
  readonly total: number
}

/** The separator between a route's name and the rest of its custom_id. */
export const SEPARATOR = ':'
/** Characters of the shape's hash. */
export const HASH_CHARS = 3
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
/** A string parameter's most characters when none is declared: all a custom_id may hold. */
export const STRING_DEFAULT_MAX = CUSTOM_ID_MAX
/** The bounds of an integer parameter when none are given. */
export const INTEGER_DEFAULT_MIN = 0
export const INTEGER_DEFAULT_MAX = 9007199254740991

/** The bits that hold every whole number from 0 to `n`. */
export const bitLen = (n: number): number => (n <= 0 ? 0 : n.toString(2).length)

/** The bits of an integer parameter from `min` to `max` (width.ts `IntBits` computes the same). */
export const intBits = (min: number, max: number): number => (min >= 0 ? bitLen(max) : bitLen(Math.max(-min, Math.abs(max))) + 1)

/** The bits a parameter takes in `packed`. */
export function bitsOf(spec: ParamSpec): number {
  switch (spec.kind) {
    case 'boolean':
      return 1
    case 'snowflake':
      return 64
    case 'oneOf':
      return bitLen((spec.values?.length ?? 1) - 1)
    case 'integer':
      return intBits(spec.min ?? INTEGER_DEFAULT_MIN, spec.max ?? INTEGER_DEFAULT_MAX)
    default:
      return bitLen(spec.max ?? STRING_DEFAULT_MAX)
  }
}

/**
 * The layout of a route, and the check that its largest custom_id fits in 100
 * characters: a `RangeError` naming the parameter that takes it past 100 (the
 * types refuse the same where the bounds are literals). A string without a
 * declared maximum counts its length's bits only; `encode` checks its value.
 */
export function layoutOf(name: string, params: Readonly<Record<string, ParamSpec>>): Layout {
  if (typeof name !== 'string' || name.length === 0 || name.includes(SEPARATOR))
    throw new TypeError(`route name ${JSON.stringify(name)} must be a non-empty string without "${SEPARATOR}"`)
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new TypeError(
      `route ${JSON.stringify(name)}: params must be an object of param.*() specs, such as { id: param.snowflake() } (was ${params === null ? 'null' : Array.isArray(params) ? 'an array' : typeof params})`,
    )
  const keys = Object.keys(params)
  const specs = keys.map((k) => params[k] as ParamSpec)
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] === '__proto__') throw new TypeError(`route ${JSON.stringify(name)}: a parameter cannot be named "__proto__"`)
    // From JavaScript or a cast: a spec param.*() did not make would be packed in bits it does not fit.
    const problem = specProblem(specs[i])
    if (problem !== undefined) throw new TypeError(`route ${JSON.stringify(name)}: parameter ${JSON.stringify(keys[i])} must be made by param.*(): ${problem}`)
  }
  const bits = specs.map(bitsOf)
  const total = bits.reduce((a, b) => a + b, 0)
  const prefix = `${name}${SEPARATOR}${hashOf(keys, specs)}`
  const layout: Layout = { name, keys, specs, bits, prefix, packed: Math.ceil(total / 6), total }
  // The largest custom_id: the fixed part and every string at its maximum, checked parameter by parameter.
  let units = 6 * prefix.length
  for (let i = 0; i < keys.length; i++) {
    const spec = specs[i] as ParamSpec
    units += (bits[i] as number) + (spec.kind === 'string' && spec.declared === true ? 6 * (spec.max ?? 0) : 0)
    if (units > 6 * CUSTOM_ID_MAX)
      throw new RangeError(
        `route ${JSON.stringify(name)}: parameter ${JSON.stringify(keys[i])} takes its largest custom_id past ${CUSTOM_ID_MAX} characters (${Math.ceil(units / 6)} with the parameters before it); bound it tighter, or shorten the route's name`,
      )
  }
  return layout
}

const whole = (n: unknown, lo: number, hi: number): n is number => Number.isSafeInteger(n) && (n as number) >= lo && (n as number) <= hi

/** Why a parameter's spec is none that `param.*()` makes, or `undefined`: the rules of each kind, which `param.integer` and `param.string` apply too. */
export function specProblem(spec: unknown): string | undefined {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return `was ${typeof spec === 'string' ? JSON.stringify(spec) : kindOf(spec)}`
  const { kind, min, max, values } = spec as Record<string, unknown>
  switch (kind) {
    case 'boolean':
    case 'snowflake':
      return undefined
    case 'integer':
      return whole(min, -INTEGER_DEFAULT_MAX, INTEGER_DEFAULT_MAX) && whole(max, min, INTEGER_DEFAULT_MAX) && max - min <= INTEGER_DEFAULT_MAX
        ? undefined
        : 'param.integer: min and max must be whole numbers with min <= max, at most 2^53 - 1 apart'
    case 'string':
      return whole(max, 1, STRING_DEFAULT_MAX) ? undefined : `param.string: max must be a whole number from 1 to ${STRING_DEFAULT_MAX}`
    case 'oneOf':
      return Array.isArray(values) &&
        values.length > 0 &&
        new Set(values).size === values.length &&
        values.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
        ? undefined
        : 'param.oneOf: values are distinct strings, numbers or booleans'
    default:
      return `its kind is none of param's (was ${typeof kind === 'string' ? JSON.stringify(kind) : kindOf(kind)})`
  }
}

/** FNV-1a (32 bits) of the shape, 18 bits of it in base 64. */
function hashOf(keys: readonly string[], specs: readonly ParamSpec[]): string {
  const shape = JSON.stringify(['v1', keys, specs.map((s) => [s.kind, s.min ?? null, s.max ?? null, s.declared === true, s.values ?? null])])
  let h = 0x811c9dc5
  for (let i = 0; i < shape.length; i++) h = Math.imul(h ^ shape.charCodeAt(i), 0x01000193)
  h >>>= 14
  return ALPHABET[(h >> 12) & 63]! + ALPHABET[(h >> 6) & 63]! + ALPHABET[h & 63]!
}

/** A value that does not fit its parameter, or a custom_id too long: the parameter is named. */
function refuse(layout: Layout, i: number, what: string): never {
  throw new RangeError(`route ${JSON.stringify(layout.name)}: parameter ${JSON.stringify(layout.keys[i])} ${what}`)
}

/** 2^32: values of more than 32 bits (a snowflake, a wide integer) are written as two halves. */
const HALF = 4294967296
/** 2^0 to 2^38: the powers the bit writer and reader divide and multiply by (a lookup, where `**` calls Math.pow). */
const POW2: readonly number[] = /* @__PURE__ */ Array.from({ length: 39 }, (_, k) => 2 ** k)

/**
 * Bits written six at a time as characters of `ALPHABET`, with 32-bit integer
 * operations only: fewer than 6 bits are held between two writes, so a write of up
 * to 32 bits completes the held character with its top bits and cuts the rest by
 * shifts (no division, no BigInt), and the characters are kept as codes, made into
 * one flat string at the end, not grown a character at a time. With `halves`, a
 * route of a snowflake and two oneOf values makes a custom_id in about half the
 * time the division-based writer took (bench/messages.mjs's routed row).
 */
class BitWriter {
  private acc = 0
  private held = 0
  readonly codes: number[] = []
  /** Writes `value` (0 to 2^bits - 1) in `bits` bits, at most 32. */
  write(value: number, bits: number): void {
    const held = this.held
    if (held + bits < 6) {
      this.acc = (this.acc << bits) | value
      this.held = held + bits
      return
    }
    // The held character's last bits are the value's top ones; `rest` bits remain, at most 31.
    let rest = bits - (6 - held)
    this.codes.push(ALPHABET.charCodeAt((this.acc << (6 - held)) | (value >>> rest)))
    const low = rest === 0 ? 0 : (value & (0xffffffff >>> (32 - rest))) >>> 0
    while (rest >= 6) {
      rest -= 6
      this.codes.push(ALPHABET.charCodeAt((low >>> rest) & 63))
    }
    this.acc = low & ((1 << rest) - 1)
    this.held = rest
  }
  /** Writes `value` in `bits` bits, up to 64: the high part, then the low 32 bits. */
  wide(hi: number, lo: number, bits: number): void {
    if (bits > 32) {
      this.write(hi, bits - 32)
      this.write(lo, 32)
    } else this.write(lo, bits)
  }
  /** The characters written. */
  text(): string {
    return String.fromCharCode.apply(null, this.codes)
  }
}

/** Bits read back from the characters of `ALPHABET`. */
class BitReader {
  private acc = 0
  private held = 0
  constructor(
    private readonly text: string,
    private at: number,
  ) {}
  /** Reads `bits` bits (at most 32); -1 for a character outside the alphabet. */
  read(bits: number): number {
    while (this.held < bits) {
      const d = ALPHABET.indexOf(this.text[this.at++] as string)
      if (d < 0) return -1
      this.acc = this.acc * 64 + d
      this.held += 6
    }
    this.held -= bits
    const unit = POW2[this.held] as number
    const v = Math.floor(this.acc / unit)
    this.acc -= v * unit
    return v
  }
}

/** 2^-32: the high half of a value by a multiplication, which a power of two keeps exact. */
// Written out (2 ** -32): an expression here is kept in every bundle, used or not (esbuild joins the module's constants into one `var`).
const INV_HALF = 2.3283064365386963e-10
/** The high and low 32 bits of the last snowflake `halves` read. */
let HI = 0
let LO = 0

/**
 * Reads a snowflake's decimal digits (1 to 20) into `HI` and `LO`, its two 32-bit
 * halves; false when it is not one (another character, or past 2^64 - 1). The
 * digits before the last 9 (at most 11: under 2^37) and the last 9 are each read
 * exactly in a double; the first times 10^9 is taken as 1953125 * 2^9, whose
 * product with a 32-bit half stays under 2^53, so every step is exact.
 */
function halves(v: unknown): boolean {
  if (typeof v !== 'string') return false
  const n = v.length
  if (n === 0 || n > 20) return false
  const cut = n > 9 ? n - 9 : 0
  let head = 0
  let tail = 0
  for (let k = 0; k < n; k++) {
    const d = v.charCodeAt(k) - 48
    if (d < 0 || d > 9) return false
    if (k < cut) head = head * 10 + d
    else tail = tail * 10 + d
  }
  const headHi = Math.floor(head * INV_HALF)
  const product = (head - headHi * HALF) * 1953125 * 512
  const productHi = Math.floor(product * INV_HALF)
  let lo = product - productHi * HALF + tail
  let hi = headHi * 1000000000 + productHi
  if (lo >= HALF) {
    lo -= HALF
    hi += 1
  }
  if (hi >= HALF) return false
  HI = hi
  LO = lo
  return true
}

/** Writes one value of parameter `i` (its offset from the least value, its index, its length). */
function put(w: BitWriter, layout: Layout, i: number, v: unknown, strings: string[]): void {
  const spec = layout.specs[i] as ParamSpec
  const bits = layout.bits[i] as number
  switch (spec.kind) {
    case 'boolean':
      if (typeof v !== 'boolean') refuse(layout, i, `must be a boolean (was ${typeof v})`)
      return w.write(v ? 1 : 0, bits)
    case 'oneOf': {
      const at = (spec.values ?? []).indexOf(v as string)
      if (at < 0) refuse(layout, i, `must be one of ${(spec.values ?? []).map((x) => JSON.stringify(x)).join(', ')} (was ${JSON.stringify(v)})`)
      return w.write(at, bits)
    }
    case 'integer': {
      const min = spec.min ?? INTEGER_DEFAULT_MIN
      const max = spec.max ?? INTEGER_DEFAULT_MAX
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) refuse(layout, i, `must be a whole number from ${min} to ${max} (was ${String(v)})`)
      const offset = v - min
      return w.wide(Math.floor(offset / HALF), offset % HALF, bits)
    }
    case 'snowflake':
      if (!halves(v)) refuse(layout, i, `must be a snowflake, a string of digits (was ${JSON.stringify(v)})`)
      return w.wide(HI, LO, bits)
    default: {
      const max = spec.max ?? STRING_DEFAULT_MAX
      if (typeof v !== 'string') refuse(layout, i, `must be a string (was ${typeof v})`)
      if (v.length > max) refuse(layout, i, `holds ${v.length} characters; at most ${max} are allowed`)
      strings.push(v)
      return w.write(v.length, bits)
    }
  }
}

/**
 * The custom_id of `values` under `layout`. Throws a `RangeError` naming the
 * parameter whose value does not fit, or that takes the custom_id past 100
 * characters (a string without a declared maximum).
 */
export function encode(layout: Layout, values: Readonly<Record<string, unknown>>): string {
  // From JavaScript: vote.button(undefined, 'Yes') read a parameter of undefined.
  if ((typeof values !== 'object' || values === null) && layout.keys.length > 0)
    throw new TypeError(`route ${JSON.stringify(layout.name)}: values must be an object of its parameters' values, { ${layout.keys.join(', ')} } (was ${kindOf(values)})`)
  const strings: string[] = []
  const w = new BitWriter()
  // The packing is `packed` characters wide: its first bits are zeros.
  w.write(0, 6 * layout.packed - layout.total)
  for (let i = 0; i < layout.keys.length; i++) put(w, layout, i, values[layout.keys[i] as string], strings)
  const id = layout.prefix + w.text() + strings.join('')
  if (id.length > CUSTOM_ID_MAX) {
    const at = layout.specs.findIndex((s) => s.kind === 'string' && s.declared !== true)
    refuse(
      layout,
      at < 0 ? 0 : at,
      `takes the custom_id to ${id.length} characters; at most ${CUSTOM_ID_MAX} fit (declare a maximum with param.string({ max }) to have it checked when the route is defined)`,
    )
  }
  return id
}

/** Why a custom_id of the route's name was not read. */
export type DecodeFailure = 'stale' | 'malformed'

/** The values of `id` (which starts with `layout.prefix`'s name and separator), or why it cannot be read. */
export function decode(layout: Layout, id: string): { ok: true; values: Record<string, unknown> } | { ok: false; reason: DecodeFailure } {
  // No route mints more than the service's 100 characters.
  if (id.length > CUSTOM_ID_MAX) return { ok: false, reason: 'malformed' }
  const head = layout.name.length + 1
  const hash = id.slice(head, head + HASH_CHARS)
  if (hash !== layout.prefix.slice(head)) {
    // Another shape's hash is 3 characters of the alphabet; anything else was never minted by a route.
    for (let i = 0; i < HASH_CHARS; i++) if (!ALPHABET.includes(hash[i] ?? ':')) return { ok: false, reason: 'malformed' }
    return { ok: false, reason: 'stale' }
  }
  const start = layout.prefix.length
  const end = start + layout.packed
  if (id.length < end) return { ok: false, reason: 'malformed' }
  const r = new BitReader(id, start)
  if (r.read(6 * layout.packed - layout.total) !== 0) return { ok: false, reason: 'malformed' }
  const slots: (number | string)[] = new Array(layout.keys.length)
  for (let i = 0; i < layout.keys.length; i++) {
    const bits = layout.bits[i] as number
    if (bits <= 32) slots[i] = r.read(bits)
    else {
      const hi = r.read(bits - 32)
      const lo = r.read(32)
      // A snowflake is written back in decimal (BigInt here only: reading a custom_id is once per interaction).
      slots[i] = hi < 0 || lo < 0 ? -1 : layout.specs[i]?.kind === 'snowflake' ? String((BigInt(hi) << 32n) | BigInt(lo)) : hi * HALF + lo
    }
    if (slots[i] === -1) return { ok: false, reason: 'malformed' }
  }
  const values: Record<string, unknown> = {}
  let at = end
  for (let i = 0; i < layout.keys.length; i++) {
    const spec = layout.specs[i] as ParamSpec
    const slot = slots[i] as number | string
    let v: unknown
    switch (spec.kind) {
      case 'boolean':
        v = slot === 1
        break
      case 'oneOf':
        v = spec.values?.[slot as number]
        if (v === undefined) return { ok: false, reason: 'malformed' }
        break
      case 'integer':
        v = (slot as number) + (spec.min ?? INTEGER_DEFAULT_MIN)
        if ((v as number) > (spec.max ?? INTEGER_DEFAULT_MAX)) return { ok: false, reason: 'malformed' }
        break
      case 'snowflake':
        v = slot
        break
      default: {
        const n = slot as number
        if (n > (spec.max ?? STRING_DEFAULT_MAX) || at + n > id.length) return { ok: false, reason: 'malformed' }
        v = id.slice(at, at + n)
        at += n
      }
    }
    values[layout.keys[i] as string] = v
  }
  return at === id.length ? { ok: true, values } : { ok: false, reason: 'malformed' }
}
