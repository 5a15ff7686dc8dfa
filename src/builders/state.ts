/**
 * Builder state as a persistent chain: every builder is one immutable node (an
 * operation and a link to the builder it came from), so a call costs one small
 * allocation and never copies what came before ("append cheaply, derive once"):
 * the JSON is derived when asked for, by replaying the chain into
 * fresh objects: each `toJSON` hands out a new, mutable tree that shares nothing
 * with the builder or with other calls.
 */
import { LOCALE_FALLBACKS } from '../wire/enums.js'
import { thrownText, ValidationError, type Result } from '../rules/issues.js'

/** A JSON-shaped state object. */
export type State = { readonly [key: string]: unknown }

/**
 * What a builder's call did; the fields of `Builder` it reads (`~key`, `~a`, `~b`):
 * - `Described`, `Named`, `Choice`: the first node of a chain, the fields the
 *   factory set: `{ type: key, name: a, description: b }`, `{ type: key, name: a }`
 *   (USER and MESSAGE commands), `{ name: a, value: b }`;
 * - `Payload`: the first node of a `fromJSON` chain; `a` is the payload, copied
 *   all the way down;
 * - `Set`: sets `key` to `a`; `undefined` removes it;
 * - `Append`: appends the builders or plain JSON values of the array `a` to the array `key`;
 * - `Localize`: for the locale `key`, the localized name `a` and description `b`
 *   (either may be `undefined`: not localized by this call).
 */
export const enum Op {
  Described,
  Named,
  Choice,
  Payload,
  Set,
  Append,
  Localize,
}

/**
 * Base of every builder. A builder is one step of its history: an operation and
 * the builder it extends, so a call allocates one object and copies nothing.
 * The fields are read by `replay` only.
 */
export abstract class Builder {
  /** @internal */
  declare readonly '~parent': Builder | undefined
  /** @internal */
  declare readonly '~op': Op
  /** @internal */
  declare readonly '~key': string | number
  /** @internal */
  declare readonly '~a': unknown
  /** @internal */
  declare readonly '~b': unknown

  /**
   * Immutable by construction, not frozen: nothing writes a builder after this,
   * every value an operation holds was made for it, and `materialize` copies out.
   * Why: `Object.freeze` here costs about 10% of the build row (docs/internals.md).
   */
  constructor(parent: Builder | undefined, op: Op, key: string | number, a: unknown, b: unknown) {
    this['~parent'] = parent
    this['~op'] = op
    this['~key'] = key
    this['~a'] = a
    this['~b'] = b
  }
}

/** Sets an own data property, also for the key `__proto__` (never through its setter). */
export function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/**
 * The JSON of a builder, derived by replaying its chain into fresh objects; a
 * plain value (from a JavaScript caller) is copied as it is.
 */
export function materialize(value: unknown): unknown {
  if (!(value instanceof Builder)) return thaw(value)
  // One stack per call, shared by its nested replays (a choice inside an option
  // inside a command): no chain is too long for it, as recursion would be.
  return replay(value, [])
}

type Dict = Record<string, unknown>

/** Replays a chain from its root into a fresh object, on the stack `pending`. */
function replay(node: Builder, pending: Builder[]): Record<string, unknown> {
  const base = pending.length
  let n = node
  for (let parent = n['~parent']; parent !== undefined; parent = n['~parent']) {
    pending.push(n)
    n = parent
  }
  // Object literals, not a copy of a fields object: each gets its shape at once.
  let out: Record<string, unknown>
  switch (n['~op']) {
    case Op.Described:
      out = { type: n['~key'], name: n['~a'], description: n['~b'] }
      break
    case Op.Named:
      out = { type: n['~key'], name: n['~a'] }
      break
    case Op.Choice:
      out = { name: n['~a'], value: n['~b'] }
      break
    default:
      out = thaw(n['~a'] as Record<string, unknown>)
  }
  while (pending.length > base) {
    n = pending.pop() as Builder
    if (n['~op'] !== Op.Localize) {
      apply(out, n, pending)
      continue
    }
    const locale = n['~key'] as string
    // Neither text: only a choice's `.localize(locale, undefined)` from JavaScript
    // makes such a node; the name is set as given, for the rules to report.
    if (n['~a'] !== undefined || n['~b'] === undefined) localizeInto(out, 'name_localizations', out.name_localizations as Dict | null | undefined, out.name, locale, n['~a'])
    if (n['~b'] !== undefined) localizeInto(out, 'description_localizations', out.description_localizations as Dict | null | undefined, out.description, locale, n['~b'])
  }
  return out
}

/** `Set` and `Append`; a builder appended is replayed on `pending`. */
function apply(out: Record<string, unknown>, node: Builder, pending: Builder[]): void {
  if (node['~op'] === Op.Set) {
    // Keys come from slashkit's own methods, never from callers; values are
    // copied, so an array is never shared with the output.
    const value = node['~a']
    if (value === undefined) delete out[node['~key']]
    else out[node['~key']] = typeof value === 'object' ? thaw(value) : value
    return
  }
  const items = node['~a'] as readonly unknown[]
  const key = node['~key'] as string
  const prior = out[key]
  const list: unknown[] = Array.isArray(prior) ? prior : (out[key] = [])
  for (let k = 0; k < items.length; k++) list.push(item(items[k], pending))
}

/** An appended item: a builder replayed on the caller's stack, or a copied plain value. */
const item = (value: unknown, pending: Builder[]): unknown => (value instanceof Builder ? replay(value, pending) : thaw(value))

/**
 * Sets `locale` to `value` in the dictionary `key` of `out` (`dict`); returns the
 * dictionary, or `undefined` once it is removed. "Other command rules" 6: a
 * localized value equal to the default is ignored by the service, so it is left
 * out (and replaces an earlier different one), except for a locale that has a
 * fallback (en-US, en-GB, es-419): there the entry is what keeps the fallback's
 * text from showing ("The default value should be included under its own locale
 * key, otherwise a fallback can appear"), so it is kept.
 */
export function localizeInto(out: Dict, key: string, dict: Dict | null | undefined, fallback: unknown, locale: string, value: unknown): Dict | undefined {
  if (value === fallback && !Object.hasOwn(LOCALE_FALLBACKS, locale)) {
    if (dict == null || !Object.hasOwn(dict, locale)) return dict ?? undefined
    delete dict[locale]
    if (Object.keys(dict).length > 0) return dict
    delete out[key]
    return undefined
  }
  if (dict == null) {
    const fresh: Dict = {}
    put(fresh, locale, value)
    out[key] = fresh
    return fresh
  }
  put(dict, locale, value)
  return dict
}

/**
 * `materialize` for `toJSON`: a plain value a JavaScript caller passed in that
 * cannot be read (a throwing getter, a cycle) is a `ValidationError`, not a crash.
 * An array of definitions is materialized element by element.
 */
export function materializeOrThrow(value: unknown, what: string): unknown {
  try {
    return Array.isArray(value) ? value.map(materialize) : materialize(value)
  } catch (error) {
    const message = `could not be read: ${thrownText(error)}`
    throw new ValidationError([{ code: 'input.unreadable', path: [], message }], what)
  }
}

/**
 * The JSON of an option, subcommand, group or choice builder, checked on its own by
 * `validate` (README.md: every builder's `toJSON` is validated); throws
 * `ValidationError` with every issue.
 */
export function validated(builder: Builder, validate: (json: unknown) => Result<unknown>, kind: string): unknown {
  const json = materializeOrThrow(builder, kind)
  const result = validate(json)
  if (!result.ok) throw new ValidationError(result.issues, `${kind} '${String(rootName(builder))}'`)
  return json
}

/** A fresh, mutable copy of a JSON value. */
export function thaw<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const out = new Array(value.length)
    for (let i = 0; i < value.length; i++) out[i] = thaw(value[i])
    return out as T
  }
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) put(out, key, thaw((value as Record<string, unknown>)[key]))
  return out as T
}

/** Freezes a JSON tree in place, all the way down, and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
}

/** The name the builder's factory was given (for messages). */
export function rootName(builder: Builder): unknown {
  let node = builder
  while (node['~parent'] !== undefined) node = node['~parent']
  return node['~op'] === Op.Payload ? (node['~a'] as State).name : node['~a']
}
