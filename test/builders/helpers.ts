/**
 * Helpers shared by the builder tests: run something that must throw
 * `ValidationError` and read its issues by code and path.
 */
import { expect } from 'vitest'
import { ValidationError, type Issue, type IssueCode, type PathSegment } from '../../src/index.js'

/** The issues of the `ValidationError` that `run` throws; fails the test if it throws anything else or nothing. */
export function issuesOf(run: () => unknown): readonly Issue[] {
  let thrown: unknown
  try {
    run()
  } catch (error) {
    thrown = error
  }
  if (thrown === undefined) throw new Error('expected a ValidationError, but nothing was thrown')
  expect(thrown).toBeInstanceOf(ValidationError)
  expect(thrown).toBeInstanceOf(Error)
  const issues = (thrown as ValidationError).issues
  expect(issues.length).toBeGreaterThan(0)
  for (const issue of issues) expect(typeof issue.message).toBe('string')
  return issues
}

/** `[code, path]` pairs of a list of issues, in order. */
export const pairs = (issues: readonly Issue[]): [IssueCode, readonly PathSegment[]][] => issues.map((i) => [i.code, i.path])

/** `run` throws `ValidationError` with exactly these issues (by code and path, in order). */
export function expectIssues(run: () => unknown, expected: [IssueCode, PathSegment[]][]): readonly Issue[] {
  const issues = issuesOf(run)
  expect(pairs(issues)).toEqual(expected)
  return issues
}

/** `run` throws `ValidationError` with at least this issue. */
export function expectIssue(run: () => unknown, code: IssueCode, path: PathSegment[]): readonly Issue[] {
  const issues = issuesOf(run)
  expect(pairs(issues)).toContainEqual([code, path])
  return issues
}

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
