/**
 * Plain JSON for tests: a loose object type for inputs the types would refuse, a
 * path into a value, and reading or planting a value at a path.
 */

/** A JSON object, loosely typed, for building and inspecting payloads. */
export type Json = Record<string, unknown>

/** A path into a JSON value: keys and indexes. */
export type Path = (string | number)[]

/** Whether `v` is a JSON object (not null, not an array). */
export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The value at `path` in `json`. */
export function at(json: unknown, path: readonly (string | number)[]): unknown {
  let v = json
  for (const key of path) v = (v as Record<string | number, unknown>)[key]
  return v
}

/** A copy of `base` (plain JSON) with `value` planted at `path`, creating objects on the way. */
export function plant(base: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  const copy: Json | unknown[] = Array.isArray(base) ? [...base] : typeof base === 'object' && base !== null ? { ...(base as Json) } : typeof head === 'number' ? [] : {}
  ;(copy as Record<string | number, unknown>)[head] = plant((base as Record<string | number, unknown> | undefined)?.[head], rest, value)
  return copy
}
