/**
 * One issue shape for every layer: a stable `code`, a `path` into the JSON and a
 * sentence a user can act on. `docs/issues.md` lists every code with the spec
 * section it comes from.
 */

import { ISSUES_MAX } from './bounds.js'
import type { Catalogue, IssueCode, IssueParams, PathSegment, Template } from './issue-types.js'
import { MESSAGES } from './messages.js'

export type { IssueCode, IssueParams, PathSegment } from './issue-types.js'

/**
 * A problem found in a value, at `path`. Beside the message, the parameters it was
 * written from (rules/messages.ts), where the rule has them: `expected` (what the
 * value must be), `received` (the value met, rendered as the message shows it),
 * `limit` and `min` (the bounds), `count` (what was counted), `kind`, `on`,
 * `other`, `name`, `locale` and `detail` (see `IssueParams`).
 */
export interface Issue extends IssueParams {
  readonly code: IssueCode
  readonly path: readonly PathSegment[]
  readonly message: string
  readonly received?: string
}

/** The result of a check: the value, typed, or every issue found. */
export type Result<T> =
  | { readonly ok: true; readonly value: T; readonly issues?: undefined }
  | { readonly ok: false; readonly issues: readonly Issue[]; readonly value?: undefined }

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/**
 * Renders a path the way a JavaScript reader writes it:
 * `['options', 2, 'choices', 3, 'value']` is `options[2].choices[3].value`.
 * The empty path is `root`.
 */
export function formatPath(path: readonly PathSegment[], root = ''): string {
  let out = root
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`
    else if (IDENTIFIER.test(seg)) out += out === '' ? seg : `.${seg}`
    else out += `[${JSON.stringify(seg)}]`
  }
  return out === '' ? 'command' : out
}

/** A short, safe rendering of a received value for a message: `"Ban"`, `1.5`, `an array`. */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value)
    case 'undefined':
      return 'missing'
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object'
    default:
      return `a ${typeof value}`
  }
}

/**
 * What was thrown, as text, for an `input.unreadable` message. The thrown value may
 * itself be hostile (a symbol, a null-prototype object, a proxy), so reading it is
 * guarded too.
 */
export function thrownText(error: unknown): string {
  try {
    const text: unknown = error instanceof Error ? error.message : error
    return typeof text === 'string' ? text : String(text)
  } catch {
    return 'reading it threw a value that cannot be shown'
  }
}

/**
 * Collects issues under a moving path. Paths are only copied when an issue is
 * reported, so walking valid input allocates nothing here. At most `ISSUES_MAX`
 * issues are kept (bounds.ts): past that, the last one counts those left out.
 */
export class IssueCollector {
  readonly issues: Issue[] = []
  // Declared, not initialized fields: the constructor assigns them, and a `declare`d
  // field is not written a second time as a class field (12 B of issue 29's bundle, gzip).
  declare readonly path: PathSegment[]
  declare private readonly root: string
  declare private readonly messages: Catalogue
  /** How many issues were found, kept or not. */
  private found = 0

  /**
   * `messages` is the catalogue of the codes this collector reports (rules/messages.ts):
   * `MESSAGES`, or the command rules' own `RULE_MESSAGES`, which a bundle of the rules
   * holds without the other layers' templates.
   */
  constructor(base: readonly PathSegment[], root: string, messages: Catalogue) {
    this.path = base.slice()
    this.root = root
    this.messages = messages
  }

  /**
   * Reports an issue at the current path plus `key`, its message from the
   * catalogue (rules/messages.ts) and `params`. `received`, when given, is the value
   * met: the issue keeps its rendering, which the message shows as "(was X)".
   */
  add(code: IssueCode, key: PathSegment | undefined, params: IssueParams = {}, ...received: [] | [unknown]): void {
    // Past the cap, the last kept issue becomes (or stays) the count of those left out.
    if (++this.found > ISSUES_MAX) {
      const count = this.found - ISSUES_MAX + 1
      this.issues[ISSUES_MAX - 1] = { code: 'issues.truncated', path: [], message: (this.messages['issues.truncated'] as Template)({ count }), count }
      return
    }
    const path = this.path.slice()
    if (key !== undefined) path.push(key)
    const was = received.length === 0 ? undefined : describeValue(received[0])
    const message = `${formatPath(path, this.root)} ${(this.messages[code] as Template)(params)}${was === undefined ? '' : ` (was ${was})`}`
    this.issues.push(was === undefined ? { code, path, message, ...params } : { code, path, message, ...params, received: was })
  }
}

/**
 * Whether a list of `n` elements is longer than `max`, the most the spec could ever
 * allow: if so, reports it once (`code` at `key`) and the caller reads none of it.
 * The caller reads the length once, as a proxy may answer differently each time.
 * The command walk writes this test inline (why: fewer bytes in one command's bundle).
 */
export function overCap(c: IssueCollector, code: IssueCode, key: PathSegment | undefined, n: number, max: number, what: string): boolean {
  if (n <= max) return false
  c.add(code, key, { count: n, expected: what, limit: max })
  return true
}

/**
 * One issue at `path`, its message from the catalogue (rules/messages.ts), for a
 * check that finds a single problem (internal: not exported from the package root).
 */
export function issueAt(code: IssueCode, path: readonly PathSegment[], params?: IssueParams, root = '', ...received: [] | [unknown]): Issue {
  const c = new IssueCollector(path, root, MESSAGES)
  c.add(code, undefined, params, ...received)
  return c.issues[0] as Issue
}

/**
 * Prints issues for a human, one per line, with their codes:
 *
 * ```txt
 * 2 issues:
 *   - options[1] is required but follows optional option 'reason' (options[0]); required options must come first [options.order]
 *   - options[2].name must be lower case ("bad") (was "Bad") [name.lowercase]
 * ```
 */
export function formatIssues(issues: readonly Issue[]): string {
  const head = issues.length === 1 ? '1 issue' : `${issues.length} issues`
  return `${head}:\n${issues.map((i) => `  - ${i.message} [${i.code}]`).join('\n')}`
}

/**
 * The brand of slashkit's errors: a registered symbol, the same in every copy of
 * the package loaded in one process (its ESM and its CJS build, two versions in
 * node_modules), so that `instanceof` and `isValidationError` recognise an error
 * thrown by any of them. The value names the class.
 */
export const ERROR_BRAND: unique symbol = Symbol.for('slashkit.error')

/** Whether `value` carries slashkit's error brand with the class name `name`. */
export function hasBrand(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ERROR_BRAND] === name
}

/** Thrown by `.toJSON()` and `fromJSON()` when a definition breaks a rule. `issues` is never empty. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError'
  declare readonly issues: readonly Issue[]
  /** The brand `instanceof` reads (see `ERROR_BRAND`). */
  declare readonly [ERROR_BRAND]: 'ValidationError'

  constructor(issues: readonly Issue[], what = 'definition') {
    super(`Invalid ${what}: ${formatIssues(issues)}`)
    this.issues = issues
    Object.defineProperty(this, ERROR_BRAND, { value: 'ValidationError' })
  }

  /**
   * `error instanceof ValidationError` holds for a ValidationError of any copy of
   * slashkit in the process (the ESM and the CJS build are two classes). A subclass
   * keeps the ordinary prototype test.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this === ValidationError ? hasBrand(value, 'ValidationError') : Function.prototype[Symbol.hasInstance].call(this, value)
  }
}

/**
 * Whether `error` is a `ValidationError` of any copy of slashkit loaded in the
 * process (ESM or CJS build). Narrows it, so `error.issues` can be read.
 *
 * @example
 * try { fromJSON(json) } catch (error) { if (isValidationError(error)) console.log(formatIssues(error.issues)) }
 */
export function isValidationError(error: unknown): error is ValidationError {
  return hasBrand(error, 'ValidationError')
}
