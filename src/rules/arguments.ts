/**
 * The error of a public function called from JavaScript with an argument of the
 * wrong type: a `TypeError` whose message names the function, the argument and
 * what it was, instead of the engine's ("header.split is not a function").
 */

/** A value as an error message shows it: its JSON for a primitive, its kind otherwise. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'function') return 'a function'
  if (typeof value !== 'object') return JSON.stringify(value) ?? typeof value
  return Array.isArray(value) ? 'an array' : 'an object'
}

/** `fn: name must be expected (was ...)`, as a `TypeError`. */
export const argumentError = (fn: string, name: string, expected: string, value: unknown): TypeError => new TypeError(`${fn}: ${name} must be ${expected} (was ${shown(value)})`)

/**
 * Throws `fn: name must be a list (was ...)` when `value` is not an array: a factory's
 * list read from JavaScript, before `.map` or `.slice` meets a `null`.
 */
export function assertList(fn: string, name: string, value: unknown, expected = 'a list'): void {
  if (!Array.isArray(value)) throw argumentError(fn, name, expected, value)
}

/**
 * Throws `fn: name must be expected (was ...)` when `value` is not a plain object (`null`, a number, a list).
 */
export function assertObject(fn: string, name: string, value: unknown, expected: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw argumentError(fn, name, expected, value)
}

/**
 * Throws `fn: name must be a string (was ...)` when `value` is not a string (an
 * optional one may be `undefined`): a message factory's text read from JavaScript,
 * before `null` or a number lands in the JSON.
 */
export function assertString(fn: string, name: string, value: unknown, optional?: boolean): void {
  if (typeof value !== 'string' && (optional !== true || value !== undefined)) throw argumentError(fn, name, 'a string', value)
}

/**
 * Throws `fn: name must be an object of options (was ...)` unless `value` is a plain
 * object, `undefined` or `null` (read as no options, as `undefined` is).
 */
export function assertOptions(fn: string, name: string, value: unknown): void {
  if (value != null && (typeof value !== 'object' || Array.isArray(value))) throw argumentError(fn, name, 'an object of options', value)
}

/** Throws `fn: name[i] must be expected (was ...)` unless every item of `list` is a plain object (or, `text`, a string). */
export function assertItems(fn: string, name: string, list: readonly unknown[], expected: string, text?: boolean): void {
  for (let i = 0; i < list.length; i++) {
    const v = list[i]
    // The item's name is made only for the error: a string per item cost 70 ns a button row.
    if (typeof v === 'object' ? v === null || Array.isArray(v) : !(text === true && typeof v === 'string')) throw argumentError(fn, `${name}[${i}]`, expected, v)
  }
}
