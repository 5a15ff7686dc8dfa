/**
 * One issue shape for every layer: a stable `code`, a `path` into the JSON and a
 * sentence a user can act on. `docs/issues.md` lists every code with the spec
 * section it comes from.
 */

/** A key or index into a JSON value. */
export type PathSegment = string | number

/** Every code an issue can carry. Stable: new codes may be added, none renamed. */
export type IssueCode =
  // any value
  | 'value.type'
  | 'field.required'
  | 'field.unknown'
  | 'field.not_allowed'
  | 'input.unreadable'
  // commands
  | 'command.type'
  | 'command.size'
  // names and descriptions
  | 'name.length'
  | 'name.pattern'
  | 'name.lowercase'
  | 'description.length'
  // localization
  | 'locale.unknown'
  | 'localization.conflict'
  // options
  | 'option.type'
  | 'options.too_many'
  | 'options.nesting'
  | 'options.mixed'
  | 'options.order'
  | 'options.duplicate_name'
  | 'option.autocomplete_with_choices'
  | 'option.bounds_inverted'
  | 'choices.too_many'
  // values
  | 'number.integer'
  | 'number.range'
  | 'string.length'
  | 'enum.value'
  | 'permissions.format'
  | 'snowflake.format'
  // scope and sets
  | 'scope.global_only'
  | 'scope.entry_point'
  | 'set.too_many'
  | 'set.duplicate_name'
  // interactions (parse layer)
  | 'interaction.command'
  | 'interaction.option'
  | 'interaction.subcommand'
  | 'interaction.required'
  | 'interaction.resolved'
  | 'interaction.choice'
  | 'interaction.range'
  | 'interaction.type'
  | 'interaction.duplicate'
  | 'interaction.channel_type'
  | 'interaction.focused'
  // permissions and lobbies
  | 'permissions.too_many'
  | 'lobby.metadata'
  | 'lobby.members'
  | 'lobby.idle_timeout'
  | 'response.choices'
  // interaction callbacks and webhook messages (parse/callbacks.ts)
  | 'response.type'
  | 'response.empty'
  | 'response.too_many'
  // localization reports (locale layer): reported, never thrown
  | 'localization.missing'
  | 'localization.fallback'

/** A problem found in a value, at `path`. */
export interface Issue {
  readonly code: IssueCode
  readonly path: readonly PathSegment[]
  readonly message: string
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
 * reported, so walking valid input allocates nothing here.
 */
export class IssueCollector {
  readonly issues: Issue[] = []
  readonly path: PathSegment[]

  constructor(
    base: readonly PathSegment[] = [],
    private readonly root = '',
  ) {
    this.path = base.slice()
  }

  /**
   * Reports an issue at the current path plus `key`. `text` continues the path in
   * a sentence ("must be an integer"); `received`, when given, is shown as "(was X)".
   */
  add(code: IssueCode, key: PathSegment | undefined, text: string, ...received: [] | [unknown]): void {
    const path = this.path.slice()
    if (key !== undefined) path.push(key)
    const was = received.length === 0 ? '' : ` (was ${describeValue(received[0])})`
    this.issues.push({ code, path, message: `${formatPath(path, this.root)} ${text}${was}` })
  }
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

/** Thrown by `.toJSON()` and `fromJSON()` when a definition breaks a rule. `issues` is never empty. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError'
  readonly issues: readonly Issue[]

  constructor(issues: readonly Issue[], what = 'definition') {
    super(`Invalid ${what}: ${formatIssues(issues)}`)
    this.issues = issues
  }
}
