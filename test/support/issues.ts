/**
 * Reading and asserting issues, for every suite: by code and path, never by
 * wording (STYLE.md 12). Issues come from a `Result` (`validateCommand`,
 * `safeParse`, ...), from an error that carries them (`ValidationError`,
 * `InteractionError`), from a function that must throw a `ValidationError`, or from
 * a plain list. Each issue read is checked for its shape first: a code, a path
 * array and a non-empty message.
 */
import { expect } from 'vitest'
import { ValidationError, type Issue, type IssueCode, type PathSegment, type Result } from '../../src/index.js'

/** An issue as tests compare it: by code and path. */
export interface IssuePair {
  readonly code: IssueCode
  readonly path: readonly PathSegment[]
}

/** One expected issue: `issue('options.too_many', 'options')`. */
export const issue = (code: IssueCode, ...path: PathSegment[]): IssuePair => ({ code, path })

/** Where issues are read from: a result, an error carrying issues, a list of issues, or a function that must throw a `ValidationError`. */
export type IssueSource = Result<unknown> | { readonly issues: readonly Issue[] } | readonly Issue[] | (() => unknown)

const NOTHING = Symbol('nothing thrown')

/** The `ValidationError` that `run` throws, with at least one issue; anything else thrown (or no throw) fails the test. */
export function thrownBy(run: () => unknown): ValidationError {
  let thrown: unknown = NOTHING
  try {
    run()
  } catch (error) {
    thrown = error
  }
  if (thrown === NOTHING) throw new Error('expected a ValidationError, but nothing was thrown')
  expect(thrown).toBeInstanceOf(ValidationError)
  expect(thrown).toBeInstanceOf(Error)
  const issues = (thrown as ValidationError).issues
  expect(issues.length).toBeGreaterThan(0)
  return thrown as ValidationError
}

/** The issues of `source`, each checked for its shape; `[]` for an ok result (whose `issues` must be absent). A refused result or a thrown error has at least one. */
export function issuesIn(source: IssueSource): readonly Issue[] {
  let issues: readonly Issue[]
  if (typeof source === 'function') issues = thrownBy(source).issues
  else if (Array.isArray(source)) issues = source as readonly Issue[]
  else if ('ok' in source) {
    if (source.ok) {
      expect(source.issues).toBeUndefined()
      return []
    }
    issues = source.issues
    expect(issues.length).toBeGreaterThan(0)
  } else issues = (source as { readonly issues: readonly Issue[] }).issues
  for (const i of issues) {
    expect(typeof i.code).toBe('string')
    expect(Array.isArray(i.path)).toBe(true)
    expect(typeof i.message).toBe('string')
    expect(i.message.length).toBeGreaterThan(0)
  }
  return issues
}

/** The issues of `source` as `{ code, path }`, in order. */
export const pairsOf = (source: IssueSource): IssuePair[] => issuesIn(source).map((i) => ({ code: i.code, path: [...i.path] }))

const plain = (pairs: readonly IssuePair[]): IssuePair[] => pairs.map((p) => ({ code: p.code, path: [...p.path] }))

/**
 * `source` has exactly the `expected` issues, by code and path, in order (`[]`: it
 * has none, and a result is ok). Returns the issues, messages included, for checks
 * of their own.
 *
 * @example expectIssues(validateCommand(json), [issue('name.length', 'options', 0, 'name')])
 * @example expectIssues(() => slash('a', 'b').toJSON(), [{ code: 'name.length', path: ['name'] }])
 */
export function expectIssues(source: IssueSource, expected: readonly IssuePair[]): readonly Issue[] {
  const issues = issuesIn(source)
  expect(plain(issues)).toEqual(plain(expected))
  return issues
}

/** `source` has at least the issue `code` at `path` (among others, in any order). Returns the issues. */
export function expectIssue(source: IssueSource, code: IssueCode, path: readonly PathSegment[]): readonly Issue[] {
  const issues = issuesIn(source)
  expect(plain(issues)).toContainEqual({ code, path: [...path] })
  return issues
}
