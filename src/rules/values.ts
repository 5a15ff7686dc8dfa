/**
 * Scalar and list values: booleans, numbers and their ranges, lengths, enumeration
 * lists, snowflakes and permission strings ("Option types", "Command option",
 * "Application command").
 */
import { LIST_MAX } from './bounds.js'
import type { IssueCollector, PathSegment } from './issues.js'
import { INTEGER_MAX, NUMBER_MAX } from './limits.js'

export function checkBoolean(c: IssueCollector, key: string, v: unknown, nullable = false): void {
  if (typeof v !== 'boolean' && !(nullable && v === null)) c.add('value.type', key, { expected: nullable ? 'a boolean or null' : 'a boolean' }, v)
}

/** "Option types": INTEGER within +-(2^53-1) and whole; NUMBER within +-2^53. */
export function checkNumber(c: IssueCollector, key: PathSegment, v: unknown, integer: boolean): boolean {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    c.add('value.type', key, { expected: integer ? 'an integer' : 'a number' }, v)
    return false
  }
  if (integer) {
    if (!Number.isInteger(v)) {
      c.add('number.integer', key, {}, v)
      return false
    }
    if (v > INTEGER_MAX || v < -INTEGER_MAX) {
      c.add('number.range', key, { expected: 'an integer', min: -INTEGER_MAX, limit: INTEGER_MAX }, v)
      return false
    }
  } else if (v > NUMBER_MAX || v < -NUMBER_MAX) {
    c.add('number.range', key, { expected: 'a number', min: -NUMBER_MAX, limit: NUMBER_MAX }, v)
    return false
  }
  return true
}

export function checkLength(c: IssueCollector, key: string, v: unknown, min: number, max: number): boolean {
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    c.add('value.type', key, { expected: 'an integer' }, v)
    return false
  }
  if (v < min || v > max) {
    c.add('number.range', key, { min, limit: max }, v)
    return false
  }
  return true
}

/**
 * A list of enumeration values. The OpenAPI description (docs/spec-notes.md) adds
 * what the spec leaves out: no value twice (`uniqueItems`, for `contexts`,
 * `integration_types` and `channel_types`) and, where `nonEmpty`, at least one
 * value (`minItems: 1`, for `contexts` and `integration_types`).
 */
export function checkEnumArray(c: IssueCollector, key: string, v: unknown, allowed: ReadonlySet<unknown>, what: string, nullable: boolean, nonEmpty = false): void {
  if (nullable && v === null) return
  if (!Array.isArray(v)) {
    c.add('value.type', key, { expected: nullable ? `an array of ${what}, or null` : `an array of ${what}` }, v)
    return
  }
  // No cap in the spec, but a bound on work (bounds.ts): a longer list is not read.
  // The length is read once: a proxy may answer differently each time.
  const n = v.length
  if (n > LIST_MAX) return c.add('list.too_long', key, { count: n, expected: 'elements', limit: LIST_MAX })
  if (nonEmpty && n === 0) c.add('array.empty', key, { expected: 'value, or be left out' })
  c.path.push(key)
  // Every element is read (at most LIST_MAX); the issue cap bounds the reports. Every
  // allowed value is a small integer, so the values seen fit in one bit set.
  let seen = 0
  for (let i = 0; i < n; i++) {
    const x: unknown = v[i]
    if (!allowed.has(x)) c.add('enum.value', i, { expected: `${[...allowed].join(', ')} (${what})` }, x)
    else if ((seen & (1 << (x as number))) !== 0) c.add('array.duplicate', i, {}, x)
    else seen |= 1 << (x as number)
  }
  c.path.pop()
}

export const CONTEXTS: ReadonlySet<unknown> = new Set([0, 1, 2])
export const INTEGRATION_TYPES: ReadonlySet<unknown> = new Set([0, 1])
const SNOWFLAKE = /^\d{1,20}$/

/** A snowflake string: decimal digits of a 64-bit unsigned integer. */
export function isSnowflake(v: unknown): v is string {
  return typeof v === 'string' && SNOWFLAKE.test(v) && (v.length < 20 || BigInt(v) < 2n ** 64n)
}
