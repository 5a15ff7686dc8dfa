/**
 * What every check of a message body shares (rules/message-body.ts, embeds.ts,
 * components.ts): the walk's state (what must be unique in a message, what counts
 * towards its totals) and the field checks, each reading one field of an object
 * and reporting at its key. Nothing is read twice; a list longer than its limit
 * gets one issue and is not read (rules/bounds.ts, "Limits on input").
 */
import type { IssueCode, PathSegment } from './issues.js'
import { MESSAGES } from './messages.js'
import { inheritsKeys, isObject, own, type Json } from './json.js'
import { codePoints, lengthWithin, WEB_URL } from './text.js'
import { isSnowflake } from './values.js'
import { Walk } from './walk.js'

export { isObject, type Json }

/**
 * The issues of one message body (or modal), and what must hold across its parts.
 * A walk of the command rules too, for the choices of an autocomplete result.
 */
export class MessageWalk extends Walk {
  /** Components met so far, nested ones included (docs: 40 in all). */
  components = 0
  /** Characters of text displays met so far (docs: 4000 in all). */
  text = 0
  /** Select menus met so far: an action row counts its own as the difference (rules/components.ts, `row`). */
  selects = 0
  /** The `custom_id`s and `id`s met; made on first use. */
  private customIds: Set<unknown> | undefined
  private ids: Set<unknown> | undefined
  /** The body being walked and its path, where the first holder of a repeat is looked for. */
  body: unknown = undefined
  bodyPath: readonly PathSegment[] = []

  /** `scope`: what `custom_id` and `id` are unique within, for the messages ('a message', 'a modal'). */
  constructor(
    base: readonly PathSegment[] = [],
    public scope = 'a message',
  ) {
    super(base, 'body', MESSAGES)
    this.exact = inheritsKeys()
  }

  /** Starts a body (a message, a modal) at the current path: what `custom_id` and `id` are unique within. */
  begin(root: unknown): void {
    this.body = root
    this.bodyPath = this.path.slice()
  }

  /**
   * Reports `key` of the current path when `value` was met before in this body
   * (custom_id or id, within the message or the modal), on `holder`, the component
   * that carries it. One set operation a value; only for a repeat (rare) is the
   * first component that carries it looked for, in the body.
   */
  unique(key: 'custom_id' | 'id', value: string | number, holder: object): void {
    const seen = key === 'id' ? (this.ids ??= new Set()) : (this.customIds ??= new Set())
    const size = seen.size
    if (seen.add(value).size !== size) return
    const first = findFirst(this.body, key, value, holder)
    this.add('component.duplicate', key, { expected: key, detail: JSON.stringify(value), other: pathText([...this.bodyPath, ...(first ?? [])], key), on: this.scope })
  }
}

/**
 * The path of the first object of `root`, in document order, other than `other`,
 * whose `key` is `value` (a component is at most 6 levels down; 2000 values read at most).
 */
function findFirst(root: unknown, key: string, value: unknown, other: object): PathSegment[] | undefined {
  const stack: [unknown, PathSegment[]][] = [[root, []]]
  for (let steps = 0; stack.length > 0 && steps < 2000; steps++) {
    const [v, path] = stack.pop() as [unknown, PathSegment[]]
    if (path.length > 6 || typeof v !== 'object' || v === null) continue
    if (Array.isArray(v)) {
      for (let i = Math.min(v.length, 50) - 1; i >= 0; i--) stack.push([v[i], [...path, i]])
      continue
    }
    if (!isObject(v)) continue
    if (v !== other && v[key] === value) return path
    const keys = Object.keys(v)
    for (let k = keys.length - 1; k >= 0; k--) stack.push([v[keys[k] as string], [...path, keys[k] as string]])
  }
  return undefined
}

const pathText = (path: readonly PathSegment[], key: string): string => {
  let out = ''
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`
  return out === '' ? key : `${out}.${key}`
}

/** The field names an object may hold, as `knownKeys` reads them: a record without a prototype, so only the names given answer 1. */
export type FieldNames = Readonly<Record<string, 1>>

/** A `FieldNames` of `'type id label'` (names separated by spaces). */
export const fieldNames = (names: string): FieldNames => {
  const out: Record<string, 1> = Object.create(null)
  for (const name of names.split(' ')) out[name] = 1
  return out
}

/** Reports every key of `o` that `allowed` does not list (a typo, a response-only field, `__proto__`). */
export function knownKeys(c: MessageWalk, o: Json, allowed: FieldNames, on: string, hint?: (key: string) => string): void {
  for (const key in o) {
    if (allowed[key] === 1 || (c.exact && !own.call(o, key))) continue
    c.add('field.unknown', key, { on: hint === undefined ? on : `${on}${hint(key)}` })
  }
}

/**
 * A string field of `min` to `max` characters. `required`: absent is an issue.
 * Returns -1 when it is absent or not a string, else its length: in UTF-16 units
 * when those decide the bounds (an upper bound of its characters: a total over
 * its limit is counted again in characters, `exactTotal`), else in characters.
 */
export function text(c: MessageWalk, o: Json, key: string, min: number, max: number, required = false): number {
  return textValue(c, key, o[key] ?? undefined, min, max, required)
}

/**
 * `text` on a value already read (a walk that reads an object's fields by one
 * `for...in` calls these: a keyed read of a field the object lacks costs more
 * than the check).
 */
export function textValue(c: MessageWalk, key: string, v: unknown, min: number, max: number, required = false): number {
  if (v === undefined) {
    if (required) c.add('field.required', key, { expected: 'a string' })
    return -1
  }
  if (typeof v !== 'string') {
    c.add('value.type', key, { expected: 'a string' }, v)
    return -1
  }
  if (v.length <= max && v.length >= min) return v.length
  const n = codePoints(v)
  if (!lengthWithin(v, min, max)) c.add('string.length', key, min === 0 ? { limit: max, count: n } : { min, limit: max, count: n })
  return n
}

/** A whole number field from `min` to `max`. Returns it, or undefined when absent or refused. */
export function integer(c: MessageWalk, o: Json, key: string, min: number, max: number, required = false): number | undefined {
  return integerValue(c, key, o[key] ?? undefined, min, max, required)
}

/** `integer` on a value already read. */
export function integerValue(c: MessageWalk, key: string, v: unknown, min: number, max: number, required = false): number | undefined {
  if (v === undefined) {
    if (required) c.add('field.required', key, { expected: `a whole number from ${min} to ${max}` })
    return undefined
  }
  if (typeof v !== 'number') c.add('value.type', key, { expected: 'a number' }, v)
  else if (!Number.isInteger(v)) c.add('number.integer', key, {}, v)
  else if (v < min || v > max) c.add('number.range', key, { min, limit: max }, v)
  else return v
  return undefined
}

/** A boolean field. */
export function bool(c: MessageWalk, o: Json, key: string): void {
  boolValue(c, key, o[key] ?? undefined)
}

/** `bool` on a value already read. */
export function boolValue(c: MessageWalk, key: string, v: unknown): void {
  if (v !== undefined && typeof v !== 'boolean') c.add('value.type', key, { expected: 'a boolean' }, v)
}

/** Reports `key` of `o` as unknown (`on` names what `o` is), unless it is inherited and the walk reads own keys only. */
export function unknownKey(c: MessageWalk, o: Json, key: string, on: string): void {
  if (!c.exact || own.call(o, key)) c.add('field.unknown', key, { on })
}

/** A snowflake field (a string of digits). */
export function snowflake(c: MessageWalk, o: Json, key: string, required = false): void {
  const v = o[key] ?? undefined
  if (v === undefined) {
    if (required) c.add('field.required', key, { expected: 'a snowflake' })
  } else if (!isSnowflake(v)) c.add('snowflake.format', key, {}, v)
}

/** `http://` and `https://`; media may also name a file sent with the message, `attachment://name`. */
const MEDIA = /^(?:https?:\/\/[^\s/?#]+|attachment:\/\/[^\s/]+)\S*$/i
const ATTACHMENT = /^attachment:\/\/[^\s/]+$/i
const LINK = /^(?:https?:\/\/[^\s/?#]+|discord:\/\/)\S*$/i

/** What a URL field takes: the web, media (the web or an attachment), an attachment only, a link button's target. */
export type UrlKind = 'web' | 'media' | 'attachment' | 'link'

const URL_RULES: Readonly<Record<UrlKind, readonly [RegExp, string]>> = {
  web: [WEB_URL, 'an absolute http or https URL'],
  media: [MEDIA, 'an absolute http or https URL, or attachment://filename for a file sent with the message'],
  attachment: [ATTACHMENT, 'attachment://filename, a file sent with the message'],
  link: [LINK, 'an absolute http, https or discord URL'],
}

/** A URL field: a string of at most `max` characters in the form `kind` takes. */
export function url(c: MessageWalk, o: Json, key: string, max: number, kind: UrlKind, required = false): void {
  urlValue(c, key, o[key] ?? undefined, max, kind, required)
}

/** `url` on a value already read. */
export function urlValue(c: MessageWalk, key: string, v: unknown, max: number, kind: UrlKind, required = false): void {
  const n = textValue(c, key, v, 1, max, required)
  if (n < 1 || n > max) return
  const [form, expected] = URL_RULES[kind]
  if (!form.test(v as string)) c.add('url.format', key, { expected }, v)
}

/**
 * A list field: a copy of its elements (its length read once, each element once:
 * a proxy or a getter cannot change what the checks see), or undefined when
 * absent, not an array or over `max` (then refused whole, not read). Fewer than
 * `min` is `response.too_few`, with its `min` and `max` ("has 0 options; at least 1 is needed (at most 25)").
 */
export function list(
  c: MessageWalk,
  o: Json,
  key: string,
  min: number,
  max: number,
  what: string,
  required = false,
  tooMany: IssueCode = 'response.too_many',
): readonly unknown[] | undefined {
  const v = o[key] ?? undefined
  if (v === undefined) {
    if (required) c.add('field.required', key, { expected: `a list of ${what}` })
    return undefined
  }
  if (!Array.isArray(v)) {
    c.add('value.type', key, { expected: `a list of ${what}` }, v)
    return undefined
  }
  const n = v.length
  if (n > max) {
    c.add(tooMany, key, { count: n, expected: what, limit: max })
    return undefined
  }
  if (n < min) c.add('response.too_few', key, { count: n, expected: what, limit: max, min })
  return elements(v, n)
}

/**
 * Checks the object at `key` of `o`, when there is one: its keys against
 * `allowed` (what `on` names), then `check` under its path. `what` says what it
 * should be when it is not an object; `required`: absent is an issue.
 */
export function within(c: MessageWalk, o: Json, key: string, what: string, allowed: FieldNames, on: string, check: (v: Json) => void, required = false): void {
  withinValue(c, key, o[key] ?? undefined, what, allowed, on, check, required)
}

/** `within` on a value already read. */
export function withinValue(c: MessageWalk, key: string, v: unknown, what: string, allowed: FieldNames, on: string, check: (v: Json) => void, required = false): void {
  if (v === undefined) {
    if (required) c.add('field.required', key, { expected: what })
    return
  }
  if (!isObject(v)) {
    c.add('value.type', key, { expected: what }, v)
    return
  }
  c.path.push(key)
  knownKeys(c, v, allowed, on)
  check(v)
  c.path.pop()
}

/**
 * Checks each element of `list` (at `key` of the current path) with `check`, at
 * its index; an element that is not an object is `value.type`, `expected` saying
 * what it should be.
 */
export function eachObject(c: MessageWalk, key: string, list: readonly unknown[], expected: string, check: (o: Json) => void): void {
  c.path.push(key)
  for (let i = 0; i < list.length; i++) {
    const o = list[i]
    if (!isObject(o)) {
      c.add('value.type', i, { expected }, o)
      continue
    }
    c.path.push(i)
    check(o)
    c.path.pop()
  }
  c.path.pop()
}

/** The first `n` elements of `v`, each read once. */
export function elements(v: readonly unknown[], n: number): unknown[] {
  const out = new Array<unknown>(n)
  for (let i = 0; i < n; i++) out[i] = v[i]
  return out
}

/** An object field: the object, or undefined when absent (reported when required) or not an object. */
export function object(c: MessageWalk, o: Json, key: string, what: string, required = false): Json | undefined {
  const v = o[key] ?? undefined
  if (v === undefined) {
    if (required) c.add('field.required', key, { expected: what })
    return undefined
  }
  if (!isObject(v)) {
    c.add('value.type', key, { expected: what }, v)
    return undefined
  }
  return v
}

/**
 * An emoji: a custom one by id, a Unicode one by name. A component's emoji always
 * has a name (OpenAPI `ComponentEmojiForRequest`: `required: [name]`), a poll's
 * needs one or the other (`PollEmojiCreateRequest`).
 */
export function emoji(c: MessageWalk, o: Json, key: string, max: number, nameRequired: boolean): void {
  const e = object(c, o, key, 'an emoji: { id, name }')
  if (e === undefined) return
  c.path.push(key)
  knownKeys(c, e, EMOJI_FIELDS, 'an emoji (id, name, animated)')
  snowflake(c, e, 'id')
  text(c, e, 'name', 0, max, nameRequired)
  bool(c, e, 'animated')
  if (!nameRequired && (e.id ?? undefined) === undefined && (e.name ?? undefined) === undefined)
    c.add('field.required', 'name', { expected: 'a custom emoji id or a Unicode emoji name' })
  c.path.pop()
}

const EMOJI_FIELDS = /* @__PURE__ */ fieldNames('id name animated')

/** The characters of the strings of `values` together (their code points; absent and non-strings count 0). */
export function exactTotal(values: readonly unknown[]): number {
  let n = 0
  for (const v of values) if (typeof v === 'string') n += codePoints(v)
  return n
}
