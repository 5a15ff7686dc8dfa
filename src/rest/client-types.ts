/**
 * The types of `createClient` (client.ts): its options, the per-call options and
 * inputs, and the `RestClient` interface, each method with its spec section.
 */
import type {
  ApplicationCommand,
  CommandJSON,
  CommandPermissionJSON,
  CreateLobbyJSON,
  EditCommandJSON,
  EditCommandPermissionsJSON,
  EditLobbyJSON,
  GuildCommandJSON,
  GuildCommandPermissions,
  GuildEditCommandJSON,
  Lobby,
  LobbyMemberJSON,
  Locale,
  PutLobbyMemberJSON,
  BulkLobbyMemberJSON,
  CreateLobbyMessageJSON,
  CreateOrJoinLobbyJSON,
  LobbyGuildInvite,
  LobbyMessage,
} from '../internal.js'
import type { LostPermissions } from './deploy.js'
import type { CommandDiff } from './diff.js'
import type { InteractionEndpoints } from './interactions.js'
import type { RateLimitInfo } from './limiter.js'
import type { RateLimitStore } from './store.js'
import type { ClientHooks, FetchLike, RequestOptions } from './transport.js'

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
