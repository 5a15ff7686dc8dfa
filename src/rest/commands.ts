/**
 * The command endpoints ("Command endpoints") and `deploy`: bodies checked with
 * the core's rules before anything is sent (a body the service would refuse is a
 * `ValidationError`, never a request). Any token of the client's: a bot token or
 * a Bearer token ("Authentication").
 */
import {
  argumentError,
  CommandType,
  toCreateBody,
  ValidationError,
  validateCommand,
  validateCommands,
  type ApplicationCommand,
  type CommandJSON,
  type EditCommandJSON,
  type GuildCommandJSON,
  type GuildCommandPermissions,
  type GuildEditCommandJSON,
  type Locale,
} from '../internal.js'
import { type DefinitionLike, hasToJSON, type RestCore, unknownOptions, valid } from './core.js'
import { appliedChanges, DeployError, keptEntryPoints, lostPermissions, type LostPermissions } from './deploy.js'
import { diffCommands, type CommandDiff, type DeployChange } from './diff.js'
import { checkEdit } from './edit.js'
import type { RequestOptions } from './transport.js'

/** Where a command request goes: global (the default) or one guild. */
export interface ScopeOptions {
  /** The guild of guild-scoped commands; global commands when absent. */
  readonly guildId?: string | undefined
}

/** Options of `listCommands`. */
export interface ListOptions extends ScopeOptions {
  /** `with_localizations=true`: the full dictionaries instead of `name_localized` and `description_localized`. */
  readonly withLocalizations?: boolean | undefined
  /** The requester's locale, sent in the client's `localeHeader` (`X-Service-Locale` by default; "Other command rules" 7). */
  readonly locale?: Locale | (string & {}) | undefined
}

/** Options of `deploy`. */
export interface DeployOptions extends ScopeOptions {
  /** Compute the diff only: read what is registered, write nothing. */
  readonly dryRun?: boolean | undefined
  /**
   * Guilds whose permission overwrites to read before a global deploy deletes or
   * renames a command, to report the ones it drops (a guild deploy reads its own
   * guild's). Read only when the diff deletes something.
   */
  readonly permissionGuilds?: readonly string[] | undefined
}

/** What `deploy` did. */
export interface DeployResult extends CommandDiff {
  /** Whether the bulk overwrite was sent (something changed, and not a dry run). */
  readonly applied: boolean
  /** The commands registered after the deploy (before it, for a dry run or no change). */
  readonly commands: readonly ApplicationCommand[]
  /** Overwrites of the commands it deletes or renames, which the service drops with them. */
  readonly permissionsLost: readonly LostPermissions[]
  /** The registered entry point a global list leaves out, kept: a bulk overwrite may not drop it (docs/rest.md). */
  readonly kept: readonly DeployChange[]
}

/** A command to create: a definition or a plain create body. */
export type CommandInput = DefinitionLike | CommandJSON | GuildCommandJSON

/** A list to register: `commands(...)`, or an array of definitions and plain bodies. */
export type CommandListInput = DefinitionLike | readonly CommandInput[]

/** The command endpoints of the client. Every method returns what the service returned, typed. */
export interface CommandEndpoints {
  /** GET the commands of a scope (spec: "Command endpoints"). */
  listCommands(options?: ListOptions): Promise<ApplicationCommand[]>
  /** GET one command. */
  getCommand(commandId: string, options?: ScopeOptions): Promise<ApplicationCommand>
  /** POST a command: created (201), or an existing one of that type and name overwritten (200). */
  createCommand(command: CommandInput, options?: ScopeOptions): Promise<ApplicationCommand>
  /** PATCH a command: each given field replaces that field. */
  editCommand(commandId: string, patch: EditCommandJSON | GuildEditCommandJSON, options?: ScopeOptions): Promise<ApplicationCommand>
  /** DELETE a command (and, on the service, its permissions). */
  deleteCommand(commandId: string, options?: ScopeOptions): Promise<void>
  /** PUT the whole list of a scope: every command not in it is deleted. */
  bulkOverwrite(commands: CommandListInput, options?: ScopeOptions): Promise<ApplicationCommand[]>
  /**
   * Registers a set so that the scope holds exactly it: reads what is registered,
   * diffs it per command (by type and name, ignoring what the service adds), and
   * sends one bulk overwrite only when something differs. Returns the diff.
   */
  deploy(commands: CommandListInput, options?: DeployOptions): Promise<DeployResult>
}

type Scope = 'global' | 'guild'

/** The options of a request with none: one object for all. */
const NONE: RequestOptions = Object.freeze({})

const scopeOf = (options: ScopeOptions | undefined): Scope => (options?.guildId === undefined ? 'global' : 'guild')

/**
 * A call's options from JavaScript with a key it does not take (`guildID`, `dry_run`)
 * are refused before anything is sent (`field.unknown`, at the key): read as absent,
 * they registered a guild's commands globally, or deployed for real.
 */
function takes(fn: string, options: object | undefined, keys: readonly string[]): void {
  if (options === undefined) return
  if (typeof options !== 'object' || options === null) throw argumentError(fn, 'options', 'an object of options', options)
  const issues = unknownOptions(fn, options, keys)
  if (issues.length > 0) throw new ValidationError(issues, `${fn} options`)
}
const SCOPE = ['guildId']

/** The JSON of a definition for a scope (builders check their own rules in `toJSON`). */
const jsonOf = (v: unknown, scope: Scope): unknown => (hasToJSON(v) ? (v.toJSON as (o: { scope: Scope }) => unknown).call(v, { scope }) : v)

/** The command endpoints over a client's core; `permissions` serves `deploy`'s reads of overwrites. */
export function commandEndpoints(core: RestCore, permissions: { listPermissions(guildId: string): Promise<GuildCommandPermissions[]> }): CommandEndpoints {
  const app = core.app
  const global = `/applications/${app}/commands`
  const path = (options: ScopeOptions | undefined): string => {
    const guildId = options?.guildId
    if (guildId === undefined) return global
    core.ids({ guildId })
    return `/applications/${app}/guilds/${guildId}/commands`
  }
  /** A command request with the client's token, of either kind. */
  const send = <T>(method: string, to: string, body?: unknown, headers?: Record<string, string>): Promise<T> => {
    const auth = core.credential(method, to, 'any')
    return core.transport.send<T>(method, to, auth, body === undefined ? (headers === undefined ? NONE : { headers }) : { body })
  }
  const list = (commands: CommandListInput, scope: Scope): unknown[] => {
    // Each element as a bulk element, not a single guild create: "Bulk guild body"
    // takes dm_permission, integration_types and contexts; the list check below
    // applies the guild's rules (no entry point) to the whole list.
    const json = Array.isArray(commands) ? commands.map((c: unknown) => jsonOf(c, 'global')) : jsonOf(commands, scope)
    return valid(validateCommands(json, { scope }), 'command list')
  }
  const listCommands = (options: ListOptions = {}): Promise<ApplicationCommand[]> => {
    try {
      takes('listCommands', options, ['guildId', 'withLocalizations', 'locale'])
      const locale = options.locale
      const to = options.withLocalizations === true ? `${path(options)}?with_localizations=true` : path(options)
      return send('GET', to, undefined, locale === undefined ? undefined : { [core.localeHeader]: locale })
    } catch (error) {
      return Promise.reject(error)
    }
  }
  return {
    listCommands,
    async getCommand(commandId, options) {
      takes('getCommand', options, SCOPE)
      core.ids({ commandId })
      return send('GET', `${path(options)}/${commandId}`)
    },
    async createCommand(command, options) {
      takes('createCommand', options, SCOPE)
      const scope = scopeOf(options)
      return send('POST', path(options), valid(validateCommand(jsonOf(command, scope), { scope }), 'command'))
    },
    async editCommand(commandId, patch, options) {
      takes('editCommand', options, SCOPE)
      core.ids({ commandId })
      return send('PATCH', `${path(options)}/${commandId}`, valid(checkEdit(patch, scopeOf(options)), 'command edit'))
    },
    async deleteCommand(commandId, options) {
      takes('deleteCommand', options, SCOPE)
      core.ids({ commandId })
      await send('DELETE', `${path(options)}/${commandId}`)
    },
    async bulkOverwrite(commands, options) {
      takes('bulkOverwrite', options, SCOPE)
      return send('PUT', path(options), list(commands, scopeOf(options)))
    },
    async deploy(commands, options = {}) {
      takes('deploy', options, ['guildId', 'dryRun', 'permissionGuilds'])
      // Checked before anything is read: an invalid set is refused without a request.
      const wanted = list(commands, scopeOf(options))
      const scope = options.guildId === undefined ? {} : { guildId: options.guildId }
      const guilds = options.guildId === undefined ? (options.permissionGuilds ?? []) : [options.guildId]
      core.ids(Object.fromEntries(guilds.map((g, i) => [`permissionGuilds[${i}]`, g])))
      const registered = await listCommands({ ...scope, withLocalizations: true })
      // The service refuses a bulk overwrite that drops the app's entry point (public API v10:
      // 400, code 50240); one the set does not list is kept: sent back as registered.
      const kept = options.guildId === undefined ? keptEntryPoints(registered, wanted) : []
      if (kept.length > 0) wanted.push(...kept.map(toCreateBody))
      const diff = diffCommands(registered, wanted)
      // "States and transitions": a delete or a rename drops the command's overwrites; read them to say which.
      const deletes = diff.changes.some((c) => c.action === 'delete')
      const lists = deletes ? (await Promise.all(guilds.map((g) => permissions.listPermissions(g)))).flat() : []
      const plan = { ...diff, permissionsLost: lostPermissions(diff, lists) }
      const keptOut = kept.map((c): DeployChange => ({ action: 'unchanged', type: c.type ?? CommandType.ChatInput, name: c.name, id: c.id }))
      if (!diff.changed || options.dryRun === true) return { ...plan, kept: keptOut, applied: false, commands: registered }
      try {
        const after = await send<ApplicationCommand[]>('PUT', path(scope), wanted)
        return { ...plan, kept: keptOut, applied: true, commands: after }
      } catch (error) {
        // The answer may have been lost after the service applied it: read back what it holds.
        const now = await listCommands({ ...scope, withLocalizations: true }).catch(() => undefined)
        throw new DeployError(plan, now === undefined ? undefined : appliedChanges(diff, now, wanted), error)
      }
    },
  }
}
