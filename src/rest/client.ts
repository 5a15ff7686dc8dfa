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
  type CreateLobbyJSON,
  type EditCommandJSON,
  type EditLobbyJSON,
  type GuildCommandPermissions,
  type GuildEditCommandJSON,
  type Issue,
  type Lobby,
  type LobbyMemberJSON,
  type PutLobbyMemberJSON,
  type Result,
} from '../internal.js'
import { appliedChanges, DeployError, lostPermissions } from './deploy.js'
import { diffCommands } from './diff.js'
import { interactionEndpoints, type InteractionEndpoints } from './interactions.js'
import { createMemoryStore } from './store.js'
import { checkToken } from './token.js'
import { Transport, type FetchInit, type FetchLike, type FetchResponse, type RequestOptions } from './transport.js'

export type { FetchInit, FetchLike, FetchResponse }
export type * from './client-types.js'
import type {
  ClientOptions,
  ScopeOptions,
  ListOptions,
  LobbyAuthOptions,
  DeployOptions,
  DeployResult,
  DefinitionLike,
  CommandInput,
  CommandListInput,
  PermissionsInput,
  RestClient,
} from './client-types.js'

import { checkEdit } from './edit.js'
/** Public API v10 base address (the spec calls it {base_url}). */
const DEFAULT_BASE_URL = 'https://discord.com/api/v10'

type Scope = 'global' | 'guild'

const scopeOf = (options: ScopeOptions | undefined): Scope => (options?.guildId === undefined ? 'global' : 'guild')

/** `Bot <token>` or `Bearer <token>`; a bare token is a bot token. */
const authorization = (token: string): string => (/^(Bot|Bearer) /.test(token) ? token : `Bot ${token}`)

const hasToJSON = (v: unknown): v is DefinitionLike => typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function'

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

class RestClientImpl implements RestClient {
  private readonly auth: string
  private readonly app: string
  private readonly localeHeader: string
  readonly interactions: InteractionEndpoints
  private readonly transport: Transport

  constructor(options: ClientOptions) {
    const issues: Issue[] = [...checkToken(options.token, ['token'])]
    if (!isSnowflake(options.applicationId)) issues.push({ code: 'snowflake.format', path: ['applicationId'], message: 'applicationId must be a snowflake (a string of digits)' })
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
      if (id !== undefined && !isSnowflake(id))
        issues.push({ code: 'snowflake.format', path: [name], message: `${name} must be a snowflake (a string of digits) (was ${JSON.stringify(String(id))})` })
    if (issues.length > 0) throw new ValidationError(issues, 'request')
  }

  private commandsPath(options: ScopeOptions | undefined): string {
    if (options?.guildId !== undefined) this.ids({ guildId: options.guildId })
    return options?.guildId === undefined ? `/applications/${this.app}/commands` : `/applications/${this.app}/guilds/${options.guildId}/commands`
  }

  private needs(kind: 'Bot' | 'Bearer', token: string, what: string): void {
    if (!token.startsWith(`${kind} `)) throw new TypeError(`${what} needs a ${kind} token ("Authentication"); the client holds a ${token.split(' ')[0]} token`)
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
