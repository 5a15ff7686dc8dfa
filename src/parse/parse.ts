/**
 * `parse`, `safeParse` and `parseAutocomplete`: interactions to typed values, the
 * payload checked against the definition first (README.md).
 */
import type { CommandSet, AnyDefinition } from '../builders/types/set.js'
import type { CommandPath, InferResult, OptionValue, PathsOf } from '../builders/types/infer.js'
import type { AnyOption, TypesOf } from '../builders/types/options.js'
import type { Simplify } from '../builders/types/util.js'
import { ERROR_BRAND, formatIssues, hasBrand, IssueCollector, type Issue, type Result } from '../rules/issues.js'
import { guardAlone, resultOf } from '../rules/validate.js'
import { compile, type CompiledSet } from './compile.js'
import { jitOf } from './jit.js'
import { RETRY, walk, type FocusedOption, type Mode } from './read.js'
import { MESSAGES } from '../rules/messages.js'

/** What `parse` accepts: a definition (builder or `fromJSON` result) or a `commands(...)` set. */
export type Parseable = AnyDefinition | CommandSet<readonly AnyDefinition[]>

/** Thrown by `parse` and `parseAutocomplete` when a payload does not fit the definition. `issues` is never empty. */
export class InteractionError extends Error {
  override readonly name = 'InteractionError'
  readonly issues: readonly Issue[]
  /** The brand `instanceof` reads (see `ERROR_BRAND` in rules/issues.ts). */
  declare readonly [ERROR_BRAND]: 'InteractionError'

  constructor(issues: readonly Issue[]) {
    super(`Interaction does not fit the definition: ${formatIssues(issues)}`)
    this.issues = issues
    Object.defineProperty(this, ERROR_BRAND, { value: 'InteractionError' })
  }

  /** `instanceof` holds for an InteractionError of any copy of slashkit in the process (ESM and CJS builds). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this === InteractionError ? hasBrand(value, 'InteractionError') : Function.prototype[Symbol.hasInstance].call(this, value)
  }
}

/**
 * Whether `error` is an `InteractionError` of any copy of slashkit loaded in the
 * process (ESM or CJS build).
 *
 * @example
 * try { parse(ban, interaction) } catch (error) { if (isInteractionError(error)) return reply(error.issues) }
 */
export function isInteractionError(error: unknown): error is InteractionError {
  return hasBrand(error, 'InteractionError')
}

/**
 * The fast walk: the value, or `RETRY` when the payload does not fit (or cannot
 * be read) and a walk with a collector must say why. Command invocations go
 * through the set's generated reader where there is one (jit.ts), which reads
 * exactly as the interpreter's fast walk does.
 */
function fast(set: CompiledSet, interaction: unknown, mode: Mode): unknown {
  try {
    const jit = mode === 'invoke' ? jitOf(set) : null
    const value = jit !== null ? jit(interaction) : walk(undefined, set, interaction, mode)
    return value === undefined ? RETRY : value
  } catch {
    // The first issue (RETRY), or a hostile payload (a throwing getter, a revoked proxy).
    return RETRY
  }
}

/** Every issue of a payload the fast walk refused, with paths (see `walk`). */
function issuesOf(set: CompiledSet, interaction: unknown, mode: Mode): Result<unknown> {
  const c = new IssueCollector([], 'interaction', MESSAGES)
  let value: unknown
  const holder = guardAlone(
    c,
    () => {
      value = walk(c, set, interaction, mode)
    },
    // A hostile payload: its issue alone, at the root.
    () => new IssueCollector([], 'interaction', MESSAGES),
  )
  return resultOf(holder, value)
}

function run<T>(definition: unknown, interaction: unknown, mode: Mode): Result<T> {
  const set = compile(definition)
  const value = fast(set, interaction, mode)
  return (value !== RETRY ? { ok: true, value } : issuesOf(set, interaction, mode)) as Result<T>
}

/**
 * The values of a command invocation (interaction type 2), typed from the
 * definition, or every issue with the payload. Never throws on a payload; throws
 * `ValidationError` only if the definition itself is invalid.
 *
 * @example
 * const r = safeParse(app, body)
 * if (r.ok && r.value.command === 'ban') r.value.options.target.user.id
 */
export function safeParse<const D extends Parseable>(definition: D, interaction: unknown): Result<InferResult<D>> {
  return run(definition, interaction, 'invoke')
}

/**
 * The values of a command invocation (interaction type 2), typed from the
 * definition; throws `InteractionError` when the payload does not fit it.
 *
 * @example
 * const hit = parse(config, interaction)
 * if (hit.subcommand === 'set') hit.options.key // 'prefix' | 'lang'
 */
export function parse<const D extends Parseable>(definition: D, interaction: unknown): InferResult<D> {
  const set = compile(definition)
  const value = fast(set, interaction, 'invoke')
  if (value !== RETRY) return value as InferResult<D>
  const r = issuesOf(set, interaction, 'invoke')
  if (!r.ok) throw new InteractionError(r.issues)
  return r.value as InferResult<D>
}

// ---------------------------------------------------------------- autocomplete

/** The focused option of one options list: a union over its autocomplete options. */
type FocusedOf<O extends readonly AnyOption[]> = O[number] extends infer X
  ? X extends AnyOption
    ? TypesOf<X>['mode'] extends 'autocomplete'
      ? { readonly name: TypesOf<X>['name']; readonly type: TypesOf<X>['type']; readonly value: string }
      : never
    : never
  : never

/** Options as they stand while the user types: all may be absent. */
type PartialOptions<O extends readonly AnyOption[]> = Simplify<{
  [X in O[number] as TypesOf<X>['name']]: OptionValue<TypesOf<X>> | undefined
}>

type AutocompleteResult<P> =
  P extends CommandPath<infer N, infer G, infer S, infer O>
    ? [FocusedOf<O>] extends [never]
      ? never
      : { command: N; group: G; subcommand: S; focused: FocusedOf<O>; options: PartialOptions<O> }
    : never

/**
 * What `parseAutocomplete` returns: for each path that has autocomplete options,
 * `{ command, group, subcommand, focused, options }`, where `focused` is a union
 * over those options (`{ name: 'reason', type: 3, value: string }`) and `options`
 * holds the others, all possibly absent.
 */
export type InferAutocomplete<D> = AutocompleteResult<PathsOf<D>>

/**
 * An autocomplete request (interaction type 4): the focused option with what the
 * user typed so far (always a string, for INTEGER and NUMBER options too, since
 * it may not be a number yet), and the other options as far as they are filled.
 * Autocomplete requests carry no `data.resolved` (public API v10), so user,
 * channel, role, mentionable and attachment options are `undefined` there unless
 * the payload resolves them.
 * Throws `InteractionError` when the payload does not fit the definition.
 *
 * @example
 * const { focused } = parseAutocomplete(ban, interaction)
 * if (focused.name === 'reason') return autocompleteResult(focused, suggestions(focused.value))
 */
export function parseAutocomplete<const D extends Parseable>(definition: D, interaction: unknown): InferAutocomplete<D> {
  const r = safeParseAutocomplete(definition, interaction)
  if (!r.ok) throw new InteractionError(r.issues)
  return r.value
}

/** `parseAutocomplete` that returns `{ ok: false, issues }` instead of throwing. */
export function safeParseAutocomplete<const D extends Parseable>(definition: D, interaction: unknown): Result<InferAutocomplete<D>> {
  return run(definition, interaction, 'autocomplete')
}

export type { FocusedOption }
