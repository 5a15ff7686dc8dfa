/**
 * Builder state as a persistent chain: every builder is one immutable node (an
 * operation and a link to the builder it came from), so a call costs one small
 * allocation and never copies what came before ("append cheaply, derive once",
 * STYLE.md 4). The JSON is derived when asked for, by replaying the chain into
 * fresh objects: each `toJSON` hands out a new, mutable tree that shares nothing
 * with the builder or with other calls.
 */
import type { Locale } from '../wire/enums.js'
import { thrownText, ValidationError } from '../rules/issues.js'

/** A JSON-shaped state object. */
export type State = { readonly [key: string]: unknown }

/**
 * One step of a builder's history. Every operation has the same shape (so the
 * engine reads them all the same way); `kind` says what it does:
 * - `Root`: the first node; `value` holds the fields the factory set, all
 *   primitives (`NestedRoot`: a `fromJSON` payload, copied all the way down);
 * - `Set`: sets `key` to `value`; `undefined` removes it;
 * - `Append`: appends the builders or plain JSON values in `value` to the array `key`;
 * - `Localize`: sets `locale` to `value` in the dictionary `key`
 *   (`name_localizations` or `description_localizations`).
 */
export class Op {
  constructor(
    readonly kind: OpKind,
    readonly key: string,
    readonly value: unknown,
    readonly locale: string,
  ) {}
}

export const enum OpKind {
  Root,
  NestedRoot,
  Set,
  Append,
  Localize,
}

export const rootOp = (fields: State, nested = false): Op => new Op(nested ? OpKind.NestedRoot : OpKind.Root, '', fields, '')
export const setOp = (key: string, value: unknown): Op => new Op(OpKind.Set, key, value, '')
export const appendOp = (key: string, items: readonly unknown[]): Op => new Op(OpKind.Append, key, items, '')
export const localizeOp = (source: 'name' | 'description', locale: Locale, value: string): Op =>
  new Op(OpKind.Localize, source === 'name' ? 'name_localizations' : 'description_localizations', value, locale)

/** Base of every builder: an operation and the builder it extends. */
export abstract class Builder {
  /** @internal */
  declare readonly '~parent': Builder | undefined
  /** @internal */
  declare readonly '~op': Op

  /**
   * Nodes are immutable by construction rather than by `Object.freeze`: nothing
   * writes a node after this constructor, every value an operation holds was made
   * here for it (rest arrays, fresh literals), and `materialize` copies what it
   * hands out. Freezing each node and operation took over half of the time of a
   * builder call (measured with `npm run bench`), so it is not done.
   */
  constructor(parent: Builder | undefined, op: Op) {
    this['~parent'] = parent
    this['~op'] = op
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
  // A property read, not `instanceof`: the latter walks each of seven classes'
  // prototype chains and took a sixth of toJSON's time.
  return typeof value === 'object' && value !== null && (value as Partial<Builder>)['~op'] instanceof Op
    ? replay(value as Builder)
    : thaw(value)
}

/**
 * The chains being replayed, as one stack shared by nested replays (a choice inside
 * an option inside a command): no array is allocated per replay, and no chain is
 * too long for it, as recursion would be.
 */
const pending: Builder[] = []

/** Replays a chain from its root into a fresh object. */
function replay(node: Builder): Record<string, unknown> {
  const base = pending.length
  for (let n: Builder | undefined = node; n !== undefined; n = n['~parent']) pending.push(n)
  let i = pending.length - 1
  const root = (pending[i] as Builder)['~op']
  const fields = root.value as Record<string, unknown>
  let out: Record<string, unknown>
  if (root.kind === OpKind.NestedRoot) out = thaw(fields)
  else {
    // Not a spread: V8 gives a spread copy a map that makes every later write slow.
    out = {}
    for (const key in fields) out[key] = fields[key]
  }
  for (i--; i >= base; i--) apply(out, (pending[i] as Builder)['~op'])
  // On a throw (a plain value that cannot be read), materializeOrThrow empties the stack.
  pending.length = base
  return out
}

function apply(out: Record<string, unknown>, op: Op): void {
  switch (op.kind) {
    case OpKind.Set:
      // Keys come from slashkit's own methods, never from callers; values are
      // copied, so an array is never shared with the output.
      if (op.value === undefined) delete out[op.key]
      else out[op.key] = typeof op.value === 'object' ? thaw(op.value) : op.value
      return
    case OpKind.Append: {
      const items = op.value as readonly unknown[]
      const prior = out[op.key]
      if (Array.isArray(prior)) for (let k = 0; k < items.length; k++) prior.push(materialize(items[k]))
      else {
        // Sized once: most lists are appended in one call.
        const list: unknown[] = new Array(items.length)
        for (let k = 0; k < items.length; k++) list[k] = materialize(items[k])
        out[op.key] = list
      }
      return
    }
    case OpKind.Localize:
      localizeInto(out, op)
  }
}

/**
 * "Other command rules" 6: a localized value equal to the default is ignored by
 * the service, so it is left out (and replaces an earlier different one).
 */
function localizeInto(out: Record<string, unknown>, op: Op): void {
  const dict = out[op.key] as Record<string, unknown> | null | undefined
  const fallback = op.key === 'name_localizations' ? out.name : out.description
  if (op.value === fallback) {
    if (dict != null && Object.hasOwn(dict, op.locale)) {
      delete dict[op.locale]
      if (Object.keys(dict).length === 0) delete out[op.key]
    }
  } else if (dict == null) {
    const fresh: Record<string, unknown> = {}
    put(fresh, op.locale, op.value)
    out[op.key] = fresh
  } else put(dict, op.locale, op.value)
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
    pending.length = 0
    const message = `could not be read: ${thrownText(error)}`
    throw new ValidationError([{ code: 'input.unreadable', path: [], message }], what)
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
  return op.kind === OpKind.Root || op.kind === OpKind.NestedRoot ? (op.value as State)[key] : undefined
}
