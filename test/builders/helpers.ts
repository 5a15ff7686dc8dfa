/** Helpers shared by the builder tests (issues are read with test/support/issues.ts). */

/** A string of `n` copies of `c`. */
export const rep = (c: string, n: number): string => c.repeat(n)

/** Every object reachable from `value` through own properties (builders included), for freezing checks. */
export function reachable(value: unknown, seen = new Set<object>()): Set<object> {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return seen
  if (typeof value === 'function') return seen
  seen.add(value)
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key)
    if (d !== undefined && 'value' in d) reachable(d.value, seen)
  }
  return seen
}
