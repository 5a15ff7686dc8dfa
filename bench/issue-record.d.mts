/** Types of bench/issue-record.mjs, for the test that imports it. */
import type { Result } from '../src/index.js'

/** A value as plain JSON, `undefined`, NaN, the infinities, -0, prototype-less objects and own `__proto__` keys tagged. */
export declare function encode(v: unknown): unknown
/** The value `encode` made `e` from (a fresh copy each call). */
export declare function decode(e: unknown): unknown
/** An edit of a command: a value (encoded) set at `path`, or the field at `path` removed. */
export interface Edit {
  readonly path: readonly (string | number)[]
  readonly value?: unknown
  readonly remove?: true
}
/** `edits` applied to command `index` of a copy of `set`. */
export declare function applyEdits(set: readonly unknown[], index: number, edits: readonly Edit[]): unknown[]
/** An issue as the record keeps it: code, path, message. */
export type RecordedIssue = [string, (string | number)[], string]
/** The issues of a result, as the record keeps them. */
export declare function recordOf(r: Result<unknown>): RecordedIssue[]
