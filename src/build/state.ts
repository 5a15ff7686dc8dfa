/**
 * Builder state as a persistent chain: every builder is one immutable node (an
 * operation and a link to the builder it came from), so a call costs one small
 * allocation and never copies what came before ("append cheaply, derive once",
 * STYLE.md 4). The JSON is derived when asked for, by replaying the chain into
 * fresh objects: each `toJSON` hands out a new, mutable tree that shares nothing
 * with the builder or with other calls.
 */
import type { Locale } from '../wire/enums.js'
import { ValidationError } from '../rules/issues.js'

/** A JSON-shaped state object. */
export type State = { readonly [key: string]: unknown }

/** One step of a builder's history. */
export type Op =
  /** The first node: the fields the factory set; `flat` when they are all primitives. */
  | { readonly kind: 'root'; readonly fields: State; readonly flat: boolean }
  /** Sets a field; `undefined` removes it. */
  | { readonly kind: 'set'; readonly key: string; readonly value: unknown }
  /** Appends builders or plain JSON values to an array field. */
  | { readonly kind: 'append'; readonly key: string; readonly items: readonly unknown[] }
  /** Adds a localization of `source` (`name` or `description`) under `locale`. */
  | { readonly kind: 'localize'; readonly source: 'name' | 'description'; readonly locale: Locale; readonly value: string }

/** Base of every builder: an operation and the builder it extends. */
export abstract class Builder {
  /** @internal */
  declare readonly '~parent': Builder | undefined
  /** @internal */
  declare readonly '~op': Op

  constructor(parent: Builder | undefined, op: Op) {
    // The state is frozen all the way down (builders in `items` are frozen already;
    // plain items belong to the caller and are copied when the JSON is derived).
    if (op.kind === 'root') deepFreeze(op.fields)
    else if (op.kind === 'set') deepFreeze(op.value)
    else if (op.kind === 'append') Object.freeze(op.items)
    this['~parent'] = parent
    this['~op'] = Object.freeze(op)
    Object.freeze(this)
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
  const chain: Op[] = []
  for (let node: Builder | undefined = value; node !== undefined; node = node['~parent']) chain.push(node['~op'])
  const first = chain[chain.length - 1] as Op
  // Factories root their chain in a flat object of primitives: a spread copies it
  // in one step. A `fromJSON` root is nested and is copied all the way down.
  let out: Record<string, unknown>
  if (first.kind !== 'root') out = {}
  else if (first.flat) {
    // Not a spread: V8 gives a spread copy a map that makes every later write slow.
    out = {}
    const fields = first.fields
    for (const key in fields) out[key] = fields[key]
  } else out = thaw(first.fields)
  for (let i = chain.length - 2; i >= 0; i--) apply(out, chain[i] as Op)
  return out
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
    const message = `could not be read: ${error instanceof Error ? error.message : String(error)}`
    throw new ValidationError([{ code: 'input.unreadable', path: [], message }], what)
  }
}

const LOCALIZATIONS = { name: 'name_localizations', description: 'description_localizations' } as const

function apply(out: Record<string, unknown>, op: Op): void {
  switch (op.kind) {
    case 'set':
      // Keys come from slashkit's own methods, never from callers.
      // A copy: an array value (channel_types, contexts) must not be shared with the output.
      if (op.value === undefined) delete out[op.key]
      else out[op.key] = thaw(op.value)
      return
    case 'append': {
      const prior = out[op.key]
      const list: unknown[] = Array.isArray(prior) ? prior : (out[op.key] = [])
      for (const item of op.items) list.push(materialize(item))
      return
    }
    case 'localize': {
      // "Other command rules" 6: a value equal to the default is ignored by the
      // service, so it is left out (and replaces an earlier different one).
      const field = LOCALIZATIONS[op.source]
      const dict = out[field] as Record<string, unknown> | null | undefined
      if (op.value === out[op.source]) {
        if (dict != null && Object.hasOwn(dict, op.locale)) {
          delete dict[op.locale]
          if (Object.keys(dict).length === 0) delete out[field]
        }
      } else if (dict == null) {
        const fresh: Record<string, unknown> = {}
        put(fresh, op.locale, op.value)
        out[field] = fresh
      } else put(dict, op.locale, op.value)
      return
    }
    case 'root':
      // Only the first node of a chain is a root.
      return
  }
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

/** The value a field was given by the builder's root (its name, for messages). */
export function rootField(builder: Builder, key: string): unknown {
  let node: Builder | undefined = builder
  while (node['~parent'] !== undefined) node = node['~parent']
  const op = node['~op']
  return op.kind === 'root' ? op.fields[key] : undefined
}
