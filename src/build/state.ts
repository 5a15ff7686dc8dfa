/**
 * Builder state: every builder keeps one frozen object shaped like its JSON payload
 * (absent fields are absent, never `undefined`), and every call spreads it into a
 * new builder. Shared by options, choices and commands.
 */
import type { Locale } from '../wire/enums.js'

/** A JSON-shaped, frozen state object. */
export type State = { readonly [key: string]: unknown }

/** A new frozen state: `base` with `patch` applied; `undefined` in `patch` removes a key. */
export function next(base: State, patch: State): State {
  const out: Record<string, unknown> = { ...base }
  for (const key of Object.keys(patch)) {
    const v = patch[key]
    if (v === undefined) delete out[key]
    else out[key] = v
  }
  return Object.freeze(out)
}

/**
 * Adds a localized value to a dictionary field. A value equal to the default is
 * dropped (spec: "Other command rules" 6, "Localized values identical to the
 * default are ignored").
 */
export function localized(state: State, field: string, locale: Locale, value: string | undefined, fallback: unknown): State {
  if (value === undefined) return {}
  const current = state[field] as Record<string, string> | null | undefined
  if (value === fallback) {
    if (current == null || !Object.hasOwn(current, locale)) return {}
    const { [locale]: _, ...rest } = current
    return { [field]: Object.keys(rest).length === 0 ? undefined : Object.freeze(rest) }
  }
  return { [field]: Object.freeze({ ...current, [locale]: value }) }
}

/**
 * A fresh, mutable copy of a JSON state tree, so that callers of `toJSON` may
 * change what they get without touching the builder.
 */
export function thaw<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const out = new Array(value.length)
    for (let i = 0; i < value.length; i++) out[i] = thaw(value[i])
    return out as T
  }
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const v = thaw((value as Record<string, unknown>)[key])
    // A hostile key is copied as data, never through the `__proto__` setter.
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true })
    else out[key] = v
  }
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
