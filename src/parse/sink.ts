/**
 * What every part of the parse reader shares: where issues go, how the fast walk
 * stops, and the reads of plain objects, ids and `data.resolved` maps.
 */
import { isSnowflake } from '../rules/command.js'
import type { IssueCode, IssueCollector, IssueParams, PathSegment } from '../rules/issues.js'
import { isRecord, type Json } from '../rules/json.js'
import type { ResolvedMap } from '../wire/option-kinds.js'

/**
 * Where a walk reports issues. A walk runs twice at most: first with no collector
 * (`undefined`), fast, where the first issue ends it (`RETRY` is thrown); only a
 * payload that does not fit is walked again, with a collector, for every issue and
 * its path. Valid payloads, the usual case, pay for no paths and no messages.
 */
export type Sink = IssueCollector | undefined

/** Thrown by the fast walk at its first issue: the caller walks again with a collector. */
export const RETRY: unique symbol = Symbol('retry with a collector')

/** Reports an issue, or ends the fast walk. */
export function report(c: Sink, code: IssueCode, key: PathSegment | undefined, params?: IssueParams, ...received: [] | [unknown]): void {
  if (c === undefined) throw RETRY
  c.add(code, key, params, ...received)
}

/** A field that is missing (`field.required`) or not what it must be (`value.type`). */
export function need(c: Sink, key: string, v: unknown, expected: string): void {
  if (v === undefined) report(c, 'field.required', key, { expected })
  else report(c, 'value.type', key, { expected }, v)
}

/** A snowflake id, as `isSnowflake` says, without its regular expression for the usual lengths (1 to 19 digits). */
export function isId(v: unknown): v is string {
  if (typeof v !== 'string') return false
  const n = v.length
  if (n === 0 || n >= 20) return isSnowflake(v)
  for (let i = 0; i < n; i++) {
    const d = v.charCodeAt(i)
    if (d < 48 || d > 57) return false
  }
  return true
}

/**
 * An object of a `data.resolved` map (`resolved.users`, ...) by id, or `undefined`.
 * Callers name the map (`resolved?.users`): a property read with one key at each
 * place, where `resolved[kind]` was one read seeing every kind (megamorphic).
 */
export function lookup(map: unknown, id: string): Json | undefined {
  if (!isRecord(map) || !Object.hasOwn(map, id)) return undefined
  const v = map[id]
  return isRecord(v) ? v : undefined
}

/** `lookup` in the map the option-kind table names, each map read at its own site (see `lookup`). */
export function lookupIn(resolved: Json | undefined, map: ResolvedMap, id: string): Json | undefined {
  switch (map) {
    case 'users':
      return lookup(resolved?.users, id)
    case 'roles':
      return lookup(resolved?.roles, id)
    case 'channels':
      return lookup(resolved?.channels, id)
    case 'attachments':
      return lookup(resolved?.attachments, id)
  }
}
