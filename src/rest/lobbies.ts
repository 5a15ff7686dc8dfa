/**
 * The lobby endpoints ("Lobby endpoints", and the operator's OpenAPI for those the
 * spec leaves "not shown"). They take a bot token ("Authentication": the value
 * must be prefixed with Bot); those the OpenAPI opens to OAuth2 (create-or-join,
 * channel linking, leaving, the self invite, the messages) take a user's Bearer
 * token too, the client's or one passed as `{ token }` per call.
 */
import {
  limits,
  validateCreateOrJoinLobby,
  validateLobby,
  validateLobbyChannelLink,
  validateLobbyMember,
  validateLobbyMembersBulk,
  validateLobbyMessage,
  validateLobbyModerationMetadata,
  ValidationError,
  type BulkLobbyMemberJSON,
  type CreateLobbyJSON,
  type CreateLobbyMessageJSON,
  type CreateOrJoinLobbyJSON,
  type EditLobbyJSON,
  type Lobby,
  type LobbyGuildInvite,
  type LobbyMemberJSON,
  type LobbyMessage,
  type PutLobbyMemberJSON,
} from '../internal.js'
import { type RestCore, valid } from './core.js'

/** The credential of a lobby endpoint that also takes OAuth2 (OpenAPI security `BotToken` or `OAuth2`). */
export interface LobbyAuthOptions {
  /** A token for this call (`Bearer <user token>`, or a bot token); the client's own by default. */
  readonly token?: string | undefined
}

/** The lobby endpoints of the client. */
export interface LobbyEndpoints {
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
  listLobbyMessages(lobbyId: string, options?: LobbyAuthOptions & { readonly limit?: number | undefined }): Promise<LobbyMessage[]>
  /** POST .../messages: send a message to the lobby. Bot or Bearer. */
  sendLobbyMessage(lobbyId: string, message: CreateLobbyMessageJSON, options?: LobbyAuthOptions): Promise<LobbyMessage>
  /** PUT .../messages/<message_id>/moderation-metadata: up to 5 entries of your moderation's verdict. Bot only. */
  setLobbyMessageModerationMetadata(lobbyId: string, messageId: string, metadata: Readonly<Record<string, string>>): Promise<void>
}

/** The lobby endpoints over a client's core. */
export function lobbyEndpoints(core: RestCore): LobbyEndpoints {
  /** A lobby request: a bot token, or (`oauth` given) a Bearer token too, the client's or the call's. */
  const send = <T>(method: string, path: string, body?: unknown, oauth?: LobbyAuthOptions): Promise<T> => {
    const auth = core.credential(method, path, oauth === undefined ? 'Bot' : 'any', oauth?.token)
    return core.transport.send<T>(method, path, auth, { ...(body === undefined ? {} : { body }), ...(auth === core.auth ? {} : { token: auth }) })
  }
  const putMember = async (lobbyId: string, userId: string, member: PutLobbyMemberJSON = {}): Promise<LobbyMemberJSON> => {
    core.ids({ lobbyId, userId })
    return send('PUT', `/lobbies/${lobbyId}/members/${userId}`, valid(validateLobbyMember(member), 'lobby member'))
  }
  return {
    async createLobby(lobby = {}) {
      return send('POST', '/lobbies', valid(validateLobby(lobby), 'lobby'))
    },
    async getLobby(lobbyId) {
      core.ids({ lobbyId })
      return send('GET', `/lobbies/${lobbyId}`)
    },
    async editLobby(lobbyId, lobby) {
      core.ids({ lobbyId })
      return send('PATCH', `/lobbies/${lobbyId}`, valid(validateLobby(lobby), 'lobby'))
    },
    async deleteLobby(lobbyId) {
      core.ids({ lobbyId })
      await send('DELETE', `/lobbies/${lobbyId}`)
    },
    putMember,
    addMember: putMember,
    async removeMember(lobbyId, userId) {
      core.ids({ lobbyId, userId })
      await send('DELETE', `/lobbies/${lobbyId}/members/${userId}`)
    },
    async createOrJoinLobby(body, options = {}) {
      return send('PUT', '/lobbies', valid(validateCreateOrJoinLobby(body), 'lobby create-or-join'), options)
    },
    async linkLobbyChannel(lobbyId, channelId, options = {}) {
      core.ids({ lobbyId })
      return send('PATCH', `/lobbies/${lobbyId}/channel-linking`, valid(validateLobbyChannelLink({ channel_id: channelId }), 'lobby channel link'), options)
    },
    async leaveLobby(lobbyId, options = {}) {
      core.ids({ lobbyId })
      await send('DELETE', `/lobbies/${lobbyId}/members/@me`, undefined, options)
    },
    async createLobbyInvite(lobbyId, options = {}) {
      core.ids({ lobbyId })
      return send('POST', `/lobbies/${lobbyId}/members/@me/invites`, undefined, options)
    },
    async createLobbyInviteForUser(lobbyId, userId) {
      core.ids({ lobbyId, userId })
      return send('POST', `/lobbies/${lobbyId}/members/${userId}/invites`)
    },
    async bulkUpdateLobbyMembers(lobbyId, members) {
      core.ids({ lobbyId })
      return send('POST', `/lobbies/${lobbyId}/members/bulk`, valid(validateLobbyMembersBulk(members), 'lobby members'))
    },
    async listLobbyMessages(lobbyId, options = {}) {
      core.ids({ lobbyId })
      const { limit } = options
      if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= limits.LOBBY_MESSAGES_LIST_MAX))
        throw new ValidationError(
          [{ code: 'number.range', path: ['limit'], message: `limit must be a whole number from 1 to ${limits.LOBBY_MESSAGES_LIST_MAX} (was ${String(limit)})` }],
          'request',
        )
      return send('GET', `/lobbies/${lobbyId}/messages${limit === undefined ? '' : `?limit=${limit}`}`, undefined, options)
    },
    async sendLobbyMessage(lobbyId, message, options = {}) {
      core.ids({ lobbyId })
      return send('POST', `/lobbies/${lobbyId}/messages`, valid(validateLobbyMessage(message), 'lobby message'), options)
    },
    async setLobbyMessageModerationMetadata(lobbyId, messageId, metadata) {
      core.ids({ lobbyId, messageId })
      await send('PUT', `/lobbies/${lobbyId}/messages/${messageId}/moderation-metadata`, valid(validateLobbyModerationMetadata(metadata), 'moderation metadata'))
    },
  }
}
