/**
 * The public entry points of the rules: `validateCommand` and `validateCommands`.
 * They never throw, whatever the input; every issue is collected. Every
 * `validate*` and `safeParse*` of the package ends with `guard` (or `guardAlone`)
 * and `resultOf`, defined here once.
 */
import type { BulkCommandJSON, ChoiceJSON, CommandJSON, GuildBulkCommandJSON, GuildCommandJSON, OptionJSON } from '../wire/commands.js'
import { COMMANDS_LIST_MAX } from './bounds.js'
import { checkCommand, checkStandaloneChoice, checkStandaloneOption, COMMAND_TYPE_NAMES, isObject, type Scope } from './command.js'
import { overCap, thrownText, type IssueCollector, type Result } from './issues.js'
import { CHAT_INPUT_COMMANDS_MAX, ENTRY_POINT_COMMANDS_MAX, MESSAGE_COMMANDS_MAX, USER_COMMANDS_MAX } from './limits.js'
import { MESSAGES } from './messages.js'
import { Walk } from './walk.js'

/** Options of `validateCommand` and `validateCommands`. */
export interface ValidateOptions<S extends Scope = Scope> {
  /** Where the definitions go: `'global'` (the default) or `'guild'`. */
  readonly scope?: S
  /**
   * Read the commands as the service returns them (a GET dump): `id`,
   * `application_id`, `guild_id`, `version`, `name_localized` and
   * `description_localized` at every level, and `description: ""` on USER and
   * MESSAGE commands, are accepted (docs/spec-notes.md). Default `false`: a
   * create body.
   */
  readonly fetched?: boolean
}

/**
 * Runs a walk over input from anywhere; never throws. A hostile value (a getter
 * that throws, a revoked proxy, a trap) stops the walk and becomes the issue
 * `input.unreadable`, added after the issues found before it, at the path where
 * the walk stopped. Every `validate*` ends with `guard` and `resultOf`.
 */
export function guard(c: IssueCollector, walk: () => void): void {
  try {
    walk()
  } catch (error) {
    c.add('input.unreadable', undefined, { detail: thrownText(error) })
  }
}

/**
 * `guard` for a parse, where what the walk found before a throw may be a half-read
 * payload's: the hostile value's `input.unreadable` is then the only issue, at the
 * root of the collector `fresh` makes. Returns the collector that holds the
 * issues, for `resultOf`. Every `safeParse*` ends with it.
 */
export function guardAlone(c: IssueCollector, walk: () => void, fresh: () => IssueCollector): IssueCollector {
  try {
    walk()
    return c
  } catch (error) {
    const alone = fresh()
    alone.add('input.unreadable', undefined, { detail: thrownText(error) })
    return alone
  }
}

/**
 * The result of a walk: `value` when the collector holds no issue, else its issues.
 */
export const resultOf = <T>(c: IssueCollector, value: unknown): Result<T> => (c.issues.length === 0 ? { ok: true, value: value as T } : { ok: false, issues: c.issues })

/**
 * Checks one command create body against every rule of the spec that applies to a
 * single command. Never throws; returns the value (the same object, typed) or every
 * issue, each with a `path`, a `code` and a `message`.
 *
 * @example
 * const r = validateCommand({ name: 'Ban', description: 'Ban a member' })
 * // r.ok === false; r.issues[0].code === 'name.lowercase'; r.issues[0].path = ['name']
 */
export function validateCommand(json: unknown, options?: ValidateOptions<'global'>): Result<CommandJSON>
export function validateCommand(json: unknown, options: ValidateOptions<'guild'>): Result<GuildCommandJSON>
export function validateCommand(json: unknown, options: ValidateOptions): Result<CommandJSON | GuildCommandJSON>
export function validateCommand(json: unknown, options?: ValidateOptions | null): Result<CommandJSON | GuildCommandJSON> {
  // One walk per call, with its own state (rules/walk.ts). Options of null (from JavaScript) are none: this never throws.
  const c = new Walk()
  c.fetched = options?.fetched === true
  guard(c, () => checkCommand(c, json, options?.scope ?? 'global', false))
  return resultOf(c, json)
}

/**
 * Checks one option (a value option, a subcommand or a group) on its own: its
 * fields, choices and, for a subcommand or group, its children ("Command option",
 * "Option choice", "Other command rules" 1). The rules that need the whole command
 * (order and names among siblings, localized-name conflicts, the combined size) are
 * checked by `validateCommand`. Never throws.
 *
 * @example
 * validateOption({ type: 4, name: 'days', description: 'Days', min_value: 7, max_value: 1 }).issues?.[0]?.code // 'option.bounds_inverted'
 */
export function validateOption(json: unknown): Result<OptionJSON> {
  const c = new Walk([], 'option')
  guard(c, () => checkStandaloneOption(c, json))
  return resultOf(c, json)
}

/**
 * Checks one choice on its own ("Option choice"): name 1-100 characters (and its
 * localizations), a string value of at most 100 characters or a finite number.
 * Whether the value fits its option's type is checked with the option. Never throws.
 */
export function validateChoice(json: unknown): Result<ChoiceJSON> {
  const c = new Walk([], 'choice')
  guard(c, () => checkStandaloneChoice(c, json))
  return resultOf(c, json)
}

/** "Limits": commands per type in one scope, by type value; PRIMARY_ENTRY_POINT is refused per element in a guild. The emulator reads it too. */
export const PER_TYPE_MAX = [0, CHAT_INPUT_COMMANDS_MAX, USER_COMMANDS_MAX, MESSAGE_COMMANDS_MAX, ENTRY_POINT_COMMANDS_MAX]

/**
 * Checks a bulk-overwrite list (PUT .../commands): every command, and the rules of
 * the set ("Naming rules" 3: names unique per type in one scope; "Limits": 100
 * CHAT_INPUT, 15 USER, 15 MESSAGE, 1 PRIMARY_ENTRY_POINT, none in a guild).
 * Paths start with the element's index.
 */
export function validateCommands(json: unknown, options?: ValidateOptions<'global'>): Result<BulkCommandJSON[]>
export function validateCommands(json: unknown, options: ValidateOptions<'guild'>): Result<GuildBulkCommandJSON[]>
export function validateCommands(json: unknown, options: ValidateOptions): Result<BulkCommandJSON[] | GuildBulkCommandJSON[]>
export function validateCommands(json: unknown, options?: ValidateOptions | null): Result<BulkCommandJSON[] | GuildBulkCommandJSON[]> {
  const scope = options?.scope ?? 'global'
  // The set rules' codes are in the full catalogue (rules/messages.ts).
  const c = new Walk([], 'commands', MESSAGES)
  c.fetched = options?.fetched === true
  guard(c, () => {
    if (!Array.isArray(json)) {
      c.add('value.type', undefined, { expected: 'an array of command definitions' }, json)
      return
    }
    const counts = [0, 0, 0, 0, 0]
    // Names met, by type: the first index of each. Why not one Map keyed by type
    // and name: that key is a new string per command, to hash (docs/internals.md).
    const names: Map<string, number>[] = []
    // A list longer than 131 (100 + 15 + 15 + 1) is refused whatever it holds: each
    // element either counts toward its type's limit or is itself refused. It gets
    // one issue and is not read (bounds.ts); its length is read once, as a proxy
    // may answer differently each time.
    const n = json.length
    if (
      overCap(
        c,
        'set.too_many',
        undefined,
        n,
        COMMANDS_LIST_MAX,
        `commands (${CHAT_INPUT_COMMANDS_MAX} CHAT_INPUT, ${USER_COMMANDS_MAX} USER, ${MESSAGE_COMMANDS_MAX} MESSAGE, ${ENTRY_POINT_COMMANDS_MAX} PRIMARY_ENTRY_POINT)`,
      )
    )
      return
    for (let i = 0; i < n; i++) {
      const command: unknown = json[i]
      c.path.push(i)
      checkCommand(c, command, scope, true)
      c.path.pop()
      if (!isObject(command)) continue
      const { type: given, name } = command as { type?: unknown; name?: unknown }
      // "Application command" type: defaults to 1; `null` is absent (docs/spec-notes.md).
      const raw = given ?? 1
      if (raw !== 1 && raw !== 2 && raw !== 3 && raw !== 4) continue
      const max = PER_TYPE_MAX[raw] as number
      const count = (counts[raw] as number) + 1
      counts[raw] = count
      if (count === max + 1 && !(raw === 4 && scope === 'guild')) c.add('set.too_many', i, { expected: COMMAND_TYPE_NAMES[raw], on: scope, limit: max })
      if (typeof name !== 'string') continue
      const met = (names[raw] ??= new Map())
      const first = met.get(name)
      if (first === undefined) met.set(name, i)
      else {
        c.path.push(i)
        c.add('set.duplicate_name', 'name', { name, other: `commands[${first}]`, expected: COMMAND_TYPE_NAMES[raw] })
        c.path.pop()
      }
    }
  })
  return resultOf(c, json)
}
