/**
 * `createClient`: a typed client of every endpoint of the spec ("Command
 * endpoints", "Command permission endpoints", "Lobby endpoints") on `fetch` alone,
 * so it runs in Node, browsers and edge workers. Request bodies are checked with
 * the core's rules before anything is sent: a body the service would refuse is a
 * `ValidationError`, never a request.
 */
import {
  isSnowflake,
  LOCALE_HEADER,
  validateCommand,
  validateCommands,
  validateCreateOrJoinLobby,
  validateLobby,
  validateLobbyChannelLink,
  validateLobbyMember,
  validateLobbyMembersBulk,
  validateLobbyMessage,
  validateLobbyModerationMetadata,
  validateOverwrites,
  type BulkLobbyMemberJSON,
  type CreateLobbyMessageJSON,
  type CreateOrJoinLobbyJSON,
  type LobbyGuildInvite,
  type LobbyMessage,
  ValidationError,
  type ApplicationCommand,
  type CommandJSON,
  type CommandPermissionJSON,
  type CreateLobbyJSON,
  type EditCommandJSON,
  type EditCommandPermissionsJSON,
  type EditLobbyJSON,
  type GuildCommandJSON,
  type GuildCommandPermissions,
  type GuildEditCommandJSON,
  type Issue,
  type Lobby,
  type LobbyMemberJSON,
  type Locale,
  type PutLobbyMemberJSON,
  type Result,
} from '../index.js'
import { appliedChanges, DeployError, lostPermissions, type LostPermissions } from './deploy.js'
import { diffCommands, type CommandDiff } from './diff.js'
import { interactionEndpoints, type InteractionEndpoints } from './interactions.js'
import type { RateLimitInfo } from './limiter.js'
import { createMemoryStore, type RateLimitStore } from './store.js'
import { checkToken } from './token.js'
import { Transport, type ClientHooks, type FetchInit, type FetchLike, type FetchResponse, type RequestOptions } from './transport.js'

export type { FetchInit, FetchLike, FetchResponse }

/** Options of `createClient`. */
export interface ClientOptions {
  /**
   * The credential: `Bot <token>`, `Bearer <token>`, or a bare bot token (sent as
   * `Bot <token>`). See "Authentication" for which endpoint takes which.
   */
  readonly token: string
  /** The application the command endpoints act on. */
  readonly applicationId: string
  /** The base address, ending in `/api/v10` ("Versioning" 1). Default: the public API v10 address. */
  readonly baseUrl?: string
  /** The `fetch` to use; the platform's by default. The emulator's `fetch` fits. */
  readonly fetch?: FetchLike
  /**
   * How many times a request is retried: after a 429 (the wait the service asks
   * for), and apart from those after a 5xx answer or a network error (waits of
   * `retryBackoff`, doubling). Default 3.
   */
  readonly retries?: number
  /** The first wait, in ms, before a retry after a 5xx or a network error; it doubles each time. Default 500. */
  readonly retryBackoff?: number
  /** Milliseconds an attempt may take (to the answer's body) before it is abandoned and retried. Default 15 000. */
  readonly timeout?: number
  /**
   * The application's global limit, in requests per second ("Limits": 50, raisable
   * to 1200 on request), kept before sending; `false` for none. Default 50.
   */
  readonly globalLimit?: number | false
  /**
   * Milliseconds added to the global limit's one-second window. A place in the
   * window already counts from the answer of its request, not its sending, so no
   * latency can put more than the limit into one second where the service counts;
   * a margin covers a service whose clock runs faster than the client's. Default 0.
   */
  readonly rateLimitMargin?: number
  /**
   * Where the rate-limit state lives: the process's own by default; a shared store
   * (`createRedisStore` of `slashkit/redis`) makes several processes keep one limit.
   */
  readonly rateLimitStore?: RateLimitStore
  /**
   * Throw a `RateLimitError` instead of waiting for a rate limit: `true` for every
   * wait, or a function of the wait (`info.wait`, `info.bucket`, `info.global`).
   * Default false: waits up to `maxRetryWait` are sat out.
   */
  readonly rejectOnRateLimit?: boolean | ((info: RateLimitInfo) => boolean)
  /** Hooks to log or meter requests, answers and rate-limit waits. */
  readonly hooks?: ClientHooks
  /**
   * The longest wait, in milliseconds, the client sits out before a retry (default
   * 60 000): a 429 asking for more (the daily create limit asks for hours) is thrown
   * at once as a `RestError`.
   */
  readonly maxRetryWait?: number
  /** Waits `ms` milliseconds; `setTimeout` by default. Tests pass their own clock's. */
  readonly sleep?: (ms: number) => Promise<void>
  /** The clock `sleep` waits on, in epoch milliseconds; `Date.now` by default. */
  readonly now?: () => number
  /**
   * The header that carries the requester's locale on `listCommands({ locale })`.
   * The spec names `X-Service-Locale` ("Other command rules" 7), the default; the
   * public API v10 reads `X-Discord-Locale`: pass that name to talk to it.
   */
  readonly localeHeader?: string
}

/** Where a command request goes: global (the default) or one guild. */
export interface ScopeOptions {
  /** The guild of guild-scoped commands; global commands when absent. */
  readonly guildId?: string
}

/** Options of `listCommands`. */
export interface ListOptions extends ScopeOptions {
  /** `with_localizations=true`: the full dictionaries instead of `name_localized` and `description_localized`. */
  readonly withLocalizations?: boolean
  /** The requester's locale, sent in the client's `localeHeader` (`X-Service-Locale` by default; "Other command rules" 7). */
  readonly locale?: Locale | (string & {})
}

/** The credential of a lobby endpoint that also takes OAuth2 (OpenAPI security `BotToken` or `OAuth2`). */
export interface LobbyAuthOptions {
  /** A token for this call (`Bearer <user token>`, or a bot token); the client's own by default. */
  readonly token?: string
}

/** Options of `deploy`. */
export interface DeployOptions extends ScopeOptions {
  /** Compute the diff only: read what is registered, write nothing. */
  readonly dryRun?: boolean
  /**
   * Guilds whose permission overwrites to read before a global deploy deletes or
   * renames a command, to report the ones it drops (a guild deploy reads its own
   * guild's). Read only when the diff deletes something.
   */
  readonly permissionGuilds?: readonly string[]
}

/** What `deploy` did. */
export interface DeployResult extends CommandDiff {
  /** Whether the bulk overwrite was sent (something changed, and not a dry run). */
  readonly applied: boolean
  /** The commands registered after the deploy (before it, for a dry run or no change). */
  readonly commands: readonly ApplicationCommand[]
  /** Overwrites of the commands it deletes or renames, which the service drops with them. */
  readonly permissionsLost: readonly LostPermissions[]
}

/** A definition: a builder (`slash(...)`, `fromJSON(...)`) or anything with the same `toJSON`. */
export interface DefinitionLike {
  toJSON(...args: never[]): unknown
}

/** A command to create: a definition or a plain create body. */
export type CommandInput = DefinitionLike | CommandJSON | GuildCommandJSON

/** A list to register: `commands(...)`, or an array of definitions and plain bodies. */
export type CommandListInput = DefinitionLike | readonly CommandInput[]

/** Overwrites to put: an `overwrites(guildId)` value, the body `{ permissions }`, or the array. */
export type PermissionsInput = DefinitionLike | EditCommandPermissionsJSON | readonly CommandPermissionJSON[]

/** The typed client. Every method returns what the service returned, typed; errors are `RestError`. */
export interface RestClient {
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
  /** GET the permission overwrites of every command in a guild. */
  listPermissions(guildId: string): Promise<GuildCommandPermissions[]>
  /** GET the overwrites of one command (or of the application id: the defaults) in a guild. */
  getPermissions(guildId: string, commandId: string): Promise<GuildCommandPermissions>
  /**
   * PUT the overwrites of one command in a guild (at most 100). Needs a Bearer token
   * with applications.commands.permissions.update ("Authentication"): pass it as
   * `token` when the client holds a bot token.
   */
  putPermissions(guildId: string, commandId: string, permissions: PermissionsInput, options?: { readonly token?: string }): Promise<GuildCommandPermissions>
  /** POST /lobbies: members are added on creation. Needs a bot token. */
  createLobby(lobby?: CreateLobbyJSON): Promise<Lobby>
  getLobby(lobbyId: string): Promise<Lobby>
  /** PATCH a lobby: metadata overwrites; members replace the list. */
  editLobby(lobbyId: string, lobby: EditLobbyJSON): Promise<Lobby>
  /** DELETE a lobby; succeeds when it is already gone. */
  deleteLobby(lobbyId: string): Promise<void>
  /** PUT a member: added, or its fields updated when already a member. */
  putMember(lobbyId: string, userId: string, member?: PutLobbyMemberJSON): Promise<LobbyMemberJSON>
  /** The same as `putMember`. */
  addMember(lobbyId: string, userId: string, member?: PutLobbyMemberJSON): Promise<LobbyMemberJSON>
  /** DELETE a member; succeeds when not a member, fails when the lobby does not exist. */
  removeMember(lobbyId: string, userId: string): Promise<void>
  /**
   * PUT /lobbies: the lobby named by `secret`, created, or joined by the requester
   * (OpenAPI `create_or_join_lobby`). A bot token or an OAuth2 Bearer token (pass a
   * user's as `token`).
   */
  createOrJoinLobby(body: CreateOrJoinLobbyJSON, options?: LobbyAuthOptions): Promise<Lobby>
  /** PATCH .../channel-linking: link the lobby to a channel, or unlink it with `null`. Bot or Bearer. */
  linkLobbyChannel(lobbyId: string, channelId: string | null, options?: LobbyAuthOptions): Promise<Lobby>
  /** DELETE .../members/@me: the requester leaves the lobby. Bot or Bearer. */
  leaveLobby(lobbyId: string, options?: LobbyAuthOptions): Promise<void>
  /** POST .../members/@me/invites: an invite to the linked channel's guild, for the requester. Bot or Bearer. */
  createLobbyInvite(lobbyId: string, options?: LobbyAuthOptions): Promise<LobbyGuildInvite>
  /** POST .../members/<user_id>/invites: the same, for a member. Bot only. */
  createLobbyInviteForUser(lobbyId: string, userId: string): Promise<LobbyGuildInvite>
  /** POST .../members/bulk: 1 to 25 members added, updated or removed (`remove_member: true`). Bot only. */
  bulkUpdateLobbyMembers(lobbyId: string, members: readonly BulkLobbyMemberJSON[]): Promise<LobbyMemberJSON[]>
  /** GET .../messages: the latest messages, newest first (`limit` 1 to 200). Bot or Bearer. */
  listLobbyMessages(lobbyId: string, options?: LobbyAuthOptions & { readonly limit?: number }): Promise<LobbyMessage[]>
  /** POST .../messages: send a message to the lobby. Bot or Bearer. */
  sendLobbyMessage(lobbyId: string, message: CreateLobbyMessageJSON, options?: LobbyAuthOptions): Promise<LobbyMessage>
  /** PUT .../messages/<message_id>/moderation-metadata: up to 5 entries of your moderation's verdict. Bot only. */
  setLobbyMessageModerationMetadata(lobbyId: string, messageId: string, metadata: Readonly<Record<string, string>>): Promise<void>
  /**
   * Registers a set so that the scope holds exactly it: reads what is registered,
   * diffs it per command (by type and name, ignoring what the service adds), and
   * sends one bulk overwrite only when something differs. Returns the diff.
   */
  deploy(commands: CommandListInput, options?: DeployOptions): Promise<DeployResult>
  /**
   * A raw request to a path under the base address, with the client's credential,
   * queues, retries and errors. `globalLimit: false` for the endpoints outside the
   * global limit (interaction webhooks); `signal` and `timeout` per call.
   */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>
  /** The interaction endpoints: callback, original response, follow-ups (src/rest/interactions.ts). */
  readonly interactions: InteractionEndpoints
}

/** Public API v10 base address (the spec calls it {base_url}). */
const DEFAULT_BASE_URL = 'https://discord.com/api/v10'

type Scope = 'global' | 'guild'

const scopeOf = (options: ScopeOptions | undefined): Scope => (options?.guildId === undefined ? 'global' : 'guild')

/** `Bot <token>` or `Bearer <token>`; a bare token is a bot token. */
const authorization = (token: string): string => (/^(Bot|Bearer) /.test(token) ? token : `Bot ${token}`)

const hasToJSON = (v: unknown): v is DefinitionLike =>
  typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function'

/** The JSON of a definition for a scope (builders check their own rules in `toJSON`). */
const jsonOf = (v: unknown, scope: Scope): unknown => (hasToJSON(v) ? (v.toJSON as (o: { scope: Scope }) => unknown).call(v, { scope }) : v)

function valid<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new ValidationError(result.issues, what)
  return result.value
}

function defaultSleep(ms: number): Promise<void> {
  const timer = (globalThis as { setTimeout?: (callback: () => void, ms: number) => unknown }).setTimeout
  if (timer === undefined) return Promise.resolve()
  return new Promise((resolve) => {
    timer(resolve, ms)
  })
}

/**
 * An edit body is checked as the fields it replaces: it must make a valid command
 * of some type with the other fields of any valid command ("States and
 * transitions": each given field overwrites that field). The service, which knows
 * the command, checks the rest.
 */
function checkEdit(patch: unknown, scope: Scope): Result<EditCommandJSON> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return validateCommand(patch) as Result<never>
  if (Object.hasOwn(patch, 'type'))
    return { ok: false, issues: [{ code: 'field.unknown', path: ['type'], message: 'type is not a field of a command edit body: a command keeps its type' }] }
  let best: readonly Issue[] | undefined
  // DESIGN.md "Rulings": a key whose value is undefined is absent; in an edit, it leaves its field as it is.
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  for (const type of scope === 'global' ? [1, 2, 3, 4] : [1, 2, 3]) {
    const base: Record<string, unknown> = type === 1 ? { name: 'x', description: 'x' } : { name: 'x' }
    const candidate = { ...base, ...given, type }
    const result = validateCommand(candidate, { scope })
    if (result.ok) return { ok: true, value: patch as EditCommandJSON }
    // Options belong to CHAT_INPUT commands only: such an edit is reported as one.
    if (best === undefined || result.issues.length < best.length || (type === 1 && Object.hasOwn(patch, 'options'))) best = result.issues
    if (type === 1 && Object.hasOwn(patch, 'options')) break
  }
  return { ok: false, issues: best ?? [] }
}

class RestClientImpl implements RestClient {
  private readonly auth: string
  private readonly app: string
  private readonly localeHeader: string
  readonly interactions: InteractionEndpoints
  private readonly transport: Transport

  constructor(options: ClientOptions) {
    const issues: Issue[] = [...checkToken(options.token, ['token'])]
    if (!isSnowflake(options.applicationId))
      issues.push({ code: 'snowflake.format', path: ['applicationId'], message: 'applicationId must be a snowflake (a string of digits)' })
    const global = options.globalLimit ?? 50
    // "Limits": 50 per second, raisable to 1200 on request.
    if (global !== false && !(Number.isInteger(global) && global >= 1 && global <= 1200))
      issues.push({ code: 'number.range', path: ['globalLimit'], message: `globalLimit must be an integer from 1 to 1200 requests per second, or false (was ${String(global)})` })
    if (issues.length > 0) throw new ValidationError(issues, 'client options')
    this.auth = authorization(options.token.trim())
    this.app = options.applicationId
    this.transport = new Transport({
      base: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
      fetch: options.fetch,
      retries: Math.max(0, Math.floor(options.retries ?? 3)),
      maxRetryWait: options.maxRetryWait ?? 60_000,
      timeout: options.timeout ?? 15_000,
      backoff: options.retryBackoff ?? 500,
      sleep: options.sleep ?? defaultSleep,
      now: options.now ?? Date.now,
      hooks: options.hooks ?? {},
      store: options.rateLimitStore ?? createMemoryStore(),
      application: options.applicationId,
      globalLimit: global,
      margin: Math.max(0, options.rateLimitMargin ?? 0),
      rejectOnRateLimit: options.rejectOnRateLimit ?? false,
    })
    this.localeHeader = (options.localeHeader ?? LOCALE_HEADER).toLowerCase()
    this.interactions = interactionEndpoints(this, this.app)
  }

  /** Path ids are checked before they are put in a URL: a stray `/` or `?` would change the request. */
  private ids(ids: Readonly<Record<string, string | undefined>>): void {
    const issues: Issue[] = []
    for (const [name, id] of Object.entries(ids))
      if (id !== undefined && !isSnowflake(id)) issues.push({ code: 'snowflake.format', path: [name], message: `${name} must be a snowflake (a string of digits) (was ${JSON.stringify(String(id))})` })
    if (issues.length > 0) throw new ValidationError(issues, 'request')
  }

  private commandsPath(options: ScopeOptions | undefined): string {
    if (options?.guildId !== undefined) this.ids({ guildId: options.guildId })
    return options?.guildId === undefined ? `/applications/${this.app}/commands` : `/applications/${this.app}/guilds/${options.guildId}/commands`
  }

  private needs(kind: 'Bot' | 'Bearer', token: string, what: string): void {
    if (!token.startsWith(`${kind} `))
      throw new TypeError(`${what} needs a ${kind} token ("Authentication"); the client holds a ${token.split(' ')[0]} token`)
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    if (options.token !== undefined) {
      const issues = checkToken(options.token, ['token'])
      if (issues.length > 0) throw new ValidationError(issues, 'request')
    }
    return this.transport.send<T>(method, path, options.token === undefined ? this.auth : authorization(options.token.trim()), options)
  }

  async listCommands(options: ListOptions = {}): Promise<ApplicationCommand[]> {
    const headers: Record<string, string> = {}
    if (options.locale !== undefined) headers[this.localeHeader] = options.locale
    const query = options.withLocalizations === true ? '?with_localizations=true' : ''
    return this.request('GET', `${this.commandsPath(options)}${query}`, { headers })
  }

  async getCommand(commandId: string, options?: ScopeOptions): Promise<ApplicationCommand> {
    this.ids({ commandId })
    return this.request('GET', `${this.commandsPath(options)}/${commandId}`)
  }

  async createCommand(command: CommandInput, options?: ScopeOptions): Promise<ApplicationCommand> {
    const scope = scopeOf(options)
    const body = valid(validateCommand(jsonOf(command, scope), { scope }), 'command')
    return this.request('POST', this.commandsPath(options), { body })
  }

  async editCommand(commandId: string, patch: EditCommandJSON | GuildEditCommandJSON, options?: ScopeOptions): Promise<ApplicationCommand> {
    this.ids({ commandId })
    const body = valid(checkEdit(patch, scopeOf(options)), 'command edit')
    return this.request('PATCH', `${this.commandsPath(options)}/${commandId}`, { body })
  }

  async deleteCommand(commandId: string, options?: ScopeOptions): Promise<void> {
    this.ids({ commandId })
    await this.request('DELETE', `${this.commandsPath(options)}/${commandId}`)
  }

  private list(commands: CommandListInput, scope: Scope): unknown[] {
    // Each element as a bulk element, not a single guild create: "Bulk guild body"
    // takes dm_permission, integration_types and contexts; the list check below
    // applies the guild's rules (no entry point) to the whole list.
    const json = Array.isArray(commands) ? commands.map((c: unknown) => jsonOf(c, 'global')) : jsonOf(commands, scope)
    return valid(validateCommands(json, { scope }), 'command list')
  }

  async bulkOverwrite(commands: CommandListInput, options?: ScopeOptions): Promise<ApplicationCommand[]> {
    const body = this.list(commands, scopeOf(options))
    return this.request('PUT', this.commandsPath(options), { body })
  }

  async listPermissions(guildId: string): Promise<GuildCommandPermissions[]> {
    this.ids({ guildId })
    return this.request('GET', `/applications/${this.app}/guilds/${guildId}/commands/permissions`)
  }

  async getPermissions(guildId: string, commandId: string): Promise<GuildCommandPermissions> {
    this.ids({ guildId, commandId })
    return this.request('GET', `/applications/${this.app}/guilds/${guildId}/commands/${commandId}/permissions`)
  }

  async putPermissions(guildId: string, commandId: string, permissions: PermissionsInput, options: { readonly token?: string } = {}): Promise<GuildCommandPermissions> {
    this.ids({ guildId, commandId })
    const token = options.token === undefined ? this.auth : authorization(options.token)
    // "Authentication" rule 1: a bot token here is an error.
    this.needs('Bearer', token, 'putPermissions')
    const json = Array.isArray(permissions) ? { permissions } : hasToJSON(permissions) ? permissions.toJSON() : permissions
    const body = valid(validateOverwrites(json), 'permission overwrites')
    return this.request('PUT', `/applications/${this.app}/guilds/${guildId}/commands/${commandId}/permissions`, { body, token })
  }

  /**
   * "Authentication": lobby endpoints take `Bot <token>`; the OpenAPI lets some of
   * them (`oauth`) take an OAuth2 Bearer token too, the client's or `token`.
   */
  private async lobbyRequest<T>(method: string, path: string, body?: unknown, oauth?: LobbyAuthOptions): Promise<T> {
    const token = oauth?.token === undefined ? this.auth : authorization(oauth.token)
    if (oauth === undefined || !token.startsWith('Bearer ')) this.needs('Bot', token, 'the lobby API')
    return this.request(method, path, { ...(body === undefined ? {} : { body }), ...(token === this.auth ? {} : { token }) })
  }

  async createLobby(lobby: CreateLobbyJSON = {}): Promise<Lobby> {
    return this.lobbyRequest('POST', '/lobbies', valid(validateLobby(lobby), 'lobby'))
  }

  async getLobby(lobbyId: string): Promise<Lobby> {
    this.ids({ lobbyId })
    return this.lobbyRequest('GET', `/lobbies/${lobbyId}`)
  }

  async editLobby(lobbyId: string, lobby: EditLobbyJSON): Promise<Lobby> {
    this.ids({ lobbyId })
    return this.lobbyRequest('PATCH', `/lobbies/${lobbyId}`, valid(validateLobby(lobby), 'lobby'))
  }

  async deleteLobby(lobbyId: string): Promise<void> {
    this.ids({ lobbyId })
    await this.lobbyRequest('DELETE', `/lobbies/${lobbyId}`)
  }

  async putMember(lobbyId: string, userId: string, member: PutLobbyMemberJSON = {}): Promise<LobbyMemberJSON> {
    this.ids({ lobbyId, userId })
    return this.lobbyRequest('PUT', `/lobbies/${lobbyId}/members/${userId}`, valid(validateLobbyMember(member), 'lobby member'))
  }

  async addMember(lobbyId: string, userId: string, member?: PutLobbyMemberJSON): Promise<LobbyMemberJSON> {
    return this.putMember(lobbyId, userId, member)
  }

  async removeMember(lobbyId: string, userId: string): Promise<void> {
    this.ids({ lobbyId, userId })
    await this.lobbyRequest('DELETE', `/lobbies/${lobbyId}/members/${userId}`)
  }

  async createOrJoinLobby(body: CreateOrJoinLobbyJSON, options: LobbyAuthOptions = {}): Promise<Lobby> {
    return this.lobbyRequest('PUT', '/lobbies', valid(validateCreateOrJoinLobby(body), 'lobby create-or-join'), options)
  }

  async linkLobbyChannel(lobbyId: string, channelId: string | null, options: LobbyAuthOptions = {}): Promise<Lobby> {
    this.ids({ lobbyId })
    const body = valid(validateLobbyChannelLink({ channel_id: channelId }), 'lobby channel link')
    return this.lobbyRequest('PATCH', `/lobbies/${lobbyId}/channel-linking`, body, options)
  }

  async leaveLobby(lobbyId: string, options: LobbyAuthOptions = {}): Promise<void> {
    this.ids({ lobbyId })
    await this.lobbyRequest('DELETE', `/lobbies/${lobbyId}/members/@me`, undefined, options)
  }

  async createLobbyInvite(lobbyId: string, options: LobbyAuthOptions = {}): Promise<LobbyGuildInvite> {
    this.ids({ lobbyId })
    return this.lobbyRequest('POST', `/lobbies/${lobbyId}/members/@me/invites`, undefined, options)
  }

  async createLobbyInviteForUser(lobbyId: string, userId: string): Promise<LobbyGuildInvite> {
    this.ids({ lobbyId, userId })
    return this.lobbyRequest('POST', `/lobbies/${lobbyId}/members/${userId}/invites`)
  }

  async bulkUpdateLobbyMembers(lobbyId: string, members: readonly BulkLobbyMemberJSON[]): Promise<LobbyMemberJSON[]> {
    this.ids({ lobbyId })
    return this.lobbyRequest('POST', `/lobbies/${lobbyId}/members/bulk`, valid(validateLobbyMembersBulk(members), 'lobby members'))
  }

  async listLobbyMessages(lobbyId: string, options: LobbyAuthOptions & { readonly limit?: number } = {}): Promise<LobbyMessage[]> {
    this.ids({ lobbyId })
    const { limit } = options
    // OpenAPI `get_lobby_messages`: limit from 1 to 200.
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 200))
      throw new ValidationError([{ code: 'number.range', path: ['limit'], message: `limit must be a whole number from 1 to 200 (was ${String(limit)})` }], 'request')
    return this.lobbyRequest('GET', `/lobbies/${lobbyId}/messages${limit === undefined ? '' : `?limit=${limit}`}`, undefined, options)
  }

  async sendLobbyMessage(lobbyId: string, message: CreateLobbyMessageJSON, options: LobbyAuthOptions = {}): Promise<LobbyMessage> {
    this.ids({ lobbyId })
    return this.lobbyRequest('POST', `/lobbies/${lobbyId}/messages`, valid(validateLobbyMessage(message), 'lobby message'), options)
  }

  async setLobbyMessageModerationMetadata(lobbyId: string, messageId: string, metadata: Readonly<Record<string, string>>): Promise<void> {
    this.ids({ lobbyId, messageId })
    await this.lobbyRequest('PUT', `/lobbies/${lobbyId}/messages/${messageId}/moderation-metadata`, valid(validateLobbyModerationMetadata(metadata), 'moderation metadata'))
  }

  async deploy(commands: CommandListInput, options: DeployOptions = {}): Promise<DeployResult> {
    const scope = scopeOf(options)
    // Checked before anything is read: an invalid set is refused without a request.
    const wanted = this.list(commands, scope)
    const scopeOptions = options.guildId === undefined ? {} : { guildId: options.guildId }
    const guilds = options.guildId === undefined ? (options.permissionGuilds ?? []) : [options.guildId]
    this.ids(Object.fromEntries(guilds.map((g, i) => [`permissionGuilds[${i}]`, g])))
    const registered = await this.listCommands({ ...scopeOptions, withLocalizations: true })
    const diff = diffCommands(registered, wanted)
    // "States and transitions": a delete or a rename drops the command's overwrites; read them to say which.
    const deletes = diff.changes.some((c) => c.action === 'delete')
    const lists = deletes ? (await Promise.all(guilds.map((g) => this.listPermissions(g)))).flat() : []
    const plan = { ...diff, permissionsLost: lostPermissions(diff, lists) }
    if (!diff.changed || options.dryRun === true) return { ...plan, applied: false, commands: registered }
    try {
      const after = await this.request<ApplicationCommand[]>('PUT', this.commandsPath(scopeOptions), { body: wanted })
      return { ...plan, applied: true, commands: after }
    } catch (error) {
      // The answer may have been lost after the service applied it: read back what it holds.
      const now = await this.listCommands({ ...scopeOptions, withLocalizations: true }).catch(() => undefined)
      throw new DeployError(plan, now === undefined ? undefined : appliedChanges(diff, now, wanted), error)
    }
  }
}

/**
 * A client of the service for one application. Give it the emulator's `fetch` to
 * run offline.
 *
 * @example
 * const rest = createClient({ token: process.env.BOT_TOKEN!, applicationId: '123456789012345678' })
 * const { changes } = await rest.deploy(app) // one bulk overwrite, only if something changed
 */
export function createClient(options: ClientOptions): RestClient {
  return new RestClientImpl(options)
}
