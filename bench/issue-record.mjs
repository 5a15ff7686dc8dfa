/**
 * The record of the issues the command rules give (issue 29, fourth round): the
 * inputs, and the mutations of the bench sets, that test/rules/issue-record.test.ts
 * runs `validateCommand` / `validateCommands` on and compares, issue by issue
 * (code, path, message, in order), with what the rules gave when the record was
 * made. Why: a rewrite of the walk for speed must leave every issue as it was, and
 * once the old walk is gone no differential test can say so.
 *
 * Values are stored in a JSON of their own (`encode`, `decode`): `undefined`, NaN,
 * the infinities, -0, objects without a prototype and own `__proto__` keys survive it.
 *
 *   node scripts/record-issues.mjs   makes test/rules/issue-record.json
 */

/** `v` as plain JSON: a raw string, finite number, boolean or null; arrays as arrays; the rest tagged. */
export function encode(v) {
  if (v === undefined) return { u: 0 }
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? v : { n: Object.is(v, -0) ? '-0' : String(v) }
  if (typeof v !== 'object' || v === null) return v
  if (Array.isArray(v)) return v.map(encode)
  const entries = Object.keys(v).map((k) => [k, encode(v[k])])
  return Object.getPrototypeOf(v) === null ? { p: entries } : { o: entries }
}

/** The value `encode` made `e` from (a fresh copy each call). */
export function decode(e) {
  if (typeof e !== 'object' || e === null) return e
  if (Array.isArray(e)) return e.map(decode)
  if ('u' in e) return undefined
  if ('n' in e) return e.n === '-0' ? -0 : Number(e.n)
  const out = 'p' in e ? Object.create(null) : {}
  for (const [k, x] of e.p ?? e.o) Object.defineProperty(out, k, { value: decode(x), enumerable: true, writable: true, configurable: true })
  return out
}

/**
 * Applies `edits` (each `{ path, value }` or `{ path, remove: true }`, a path
 * from the command) to command `index` of a copy of `set`; returns the copy.
 * `value` is encoded; a key `__proto__` is set as an own key. An edit under a
 * field an earlier edit made a non-object does nothing.
 */
export function applyEdits(set, index, edits) {
  const copy = set.slice()
  copy[index] = structuredClone(set[index])
  for (const { path, value, remove } of edits) {
    let at = copy[index]
    for (const seg of path.slice(0, -1)) at = typeof at === 'object' && at !== null ? at[seg] : undefined
    const key = path[path.length - 1]
    // An edit under a field an earlier edit replaced by a non-object is left out.
    if (typeof at !== 'object' || at === null) continue
    if (remove) delete at[key]
    else Object.defineProperty(at, key, { value: decode(value), enumerable: true, writable: true, configurable: true })
  }
  return copy
}

/** The issues of a result as the record keeps them: code, path and message, in order. */
export const recordOf = (r) => (r.ok ? [] : r.issues.map((i) => [i.code, i.path, i.message]))
