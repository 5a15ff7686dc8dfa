/**
 * The error of a public function called from JavaScript with an argument of the
 * wrong type: a `TypeError` whose message names the function, the argument and
 * what it was, instead of the engine's ("header.split is not a function").
 */

/**
 * A value's kind in words, never its text: `null`, `undefined`, `an array`, `an
 * object`, `a number`, `a string`, `a function`. What a refusal may show of a value
 * that could be a secret: slashkit/http's reasons for a body that is no interaction
 * (its `token` field) show this alone; `argumentError` shows it for what is not a
 * primitive.
 *
 * @example
 * kindOf([1]) // 'an array'
 * kindOf('s3cret') // 'a string'
 */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (typeof value !== 'object') return `a ${typeof value}`
  return Array.isArray(value) ? 'an array' : 'an object'
}

/**
 * A value as an argument's error shows it: a string quoted, a number or a boolean
 * as written (`"abc"`, `42`, `NaN`: the caller's own argument, shown so they find
 * it), a bigint as `1n`, its kind otherwise (`kindOf`). slashkit/http's reasons use
 * `kindOf` alone: what they describe is a body from the network, whose `token`
 * field may hold a secret.
 */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'bigint') return `${value}n`
  // String, not JSON: NaN is `NaN` (JSON writes null).
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : kindOf(value)
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

/** The own keys of `value` outside `fields`, a key whose value is `undefined` being absent: what a bag of options from JavaScript misspelt. */
export function strayKeys(value: object, fields: readonly string[]): string[] {
  const out: string[] = []
  for (const [key, v] of Object.entries(value)) if (v !== undefined && !fields.includes(key)) out.push(key)
  return out
}

/** How `assertFields` names what it refuses: `a field of input (its fields: ...)` by default. */
interface FieldsWording {
  /** What the fields are of, as the refusal says it: `'/config set'`; `name` by default. */
  readonly of?: string
  /** The fields' kind: `'field'` by default, `'option'`, `'route'`. */
  readonly noun?: 'field' | 'option' | 'route'
  /** The way out for a key (`an option's value goes in options`), if it has one. */
  readonly hint?: (key: string) => string | undefined
}

/**
 * Throws `fn: name.key is not a field of name (its fields: ...)` for the first own key
 * of `value` outside `fields` (a key whose value is `undefined` is absent): a misspelt
 * or misplaced key read from JavaScript, which would otherwise be dropped in silence.
 */
export function assertFields(fn: string, name: string, value: object, fields: readonly string[], wording: FieldsWording = {}): void {
  for (const key of strayKeys(value, fields)) {
    const noun = wording.noun ?? 'field'
    const more = wording.hint?.(key)
    const at = /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`
    const list = fields.length === 0 ? 'none' : fields.join(', ')
    throw new TypeError(
      `${fn}: ${name}${at} is not ${noun === 'option' ? 'an' : 'a'} ${noun} of ${wording.of ?? name} (its ${noun}s: ${list})${more === undefined ? '' : `; ${more}`}`,
    )
  }
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
