/**
 * The lobby endpoints the spec does not show, from the operator's OpenAPI
 * description (docs/spec-notes.md): create-or-join (PUT /lobbies with a secret),
 * channel linking, leaving (`@me`), guild invites (for oneself and for a member),
 * the bulk member update, messages (list and send) and their moderation metadata.
 * The endpoints of the spec ("Lobby endpoints") are in lobby-store.ts; the route
 * table (endpoints.ts) has a row for each.
 */
import {
  limits,
  LobbyMemberFlags,
  MessageType,
  validateCreateOrJoinLobby,
  validateLobbyChannelLink,
  validateLobbyMembersBulk,
  validateLobbyMessage,
  validateLobbyModerationMetadata,
  type BulkLobbyMemberJSON,
  type CreateLobbyMessageJSON,
  type CreateOrJoinLobbyJSON,
  type LobbyMemberJSON,
  type LobbyMessage,
} from '../internal.js'
import { ErrorCode, fail, invalidBody, json, missingAccess } from './errors.js'
import type { EmulatorReply } from './http.js'
import { copy, presentLobby, presentMember, type Snowflakes, type StoredLobby } from './model.js'
import { refused } from './routes.js'

/** Who asks, and where the lobbies are. */
export interface LobbyCaller {
  /** The application (or, without applications, the token) the lobbies belong to. */
  readonly owner: string
  readonly applicationId: string
  /** The user `@me` stands for: the bot (the application id), or the user of a Bearer token. */
  readonly me: string
  /** Whether the credential is an OAuth2 Bearer token (a client), not the bot's. */
  readonly bearer: boolean
  readonly now: number
  readonly ids: Snowflakes
  readonly lobbies: Map<string, StoredLobby>
}

const MESSAGES_KEPT = 200
const nothing: EmulatorReply = { status: 204, headers: {}, body: '' }
/** Public API v10: an unknown lobby is 404 with code 10031. */
export const unknownLobby = (): EmulatorReply => fail(404, ErrorCode.UnknownLobby, 'Unknown Lobby')
/** "Limits": at most 25 members in a lobby. */
const full = (n: number): EmulatorReply =>
  invalidBody([{ code: 'lobby.members', path: ['members'], message: `members would be ${n}; a lobby holds at most ${limits.LOBBY_MEMBERS_MAX}` }])
/** A client (Bearer) acts only in lobbies it is a member of. */
const outsider = (l: StoredLobby, c: LobbyCaller): boolean => c.bearer && !l.members.has(c.me)

/**
 * PUT /lobbies (OpenAPI `create_or_join_lobby`): the application's lobby named by
 * `secret`, created with `lobby_metadata` (200) or joined; either way the caller
 * becomes a member with `member_metadata`.
 */
export function createOrJoin(c: LobbyCaller, body: unknown): EmulatorReply {
  const no = refused(validateCreateOrJoinLobby(body))
  if (no !== undefined) return no
  const b = body as CreateOrJoinLobbyJSON
  let l = [...c.lobbies.values()].find((x) => x.owner === c.owner && x.secret === b.secret)
  if (l === undefined) {
    l = {
      id: c.ids.next(),
      owner: c.owner,
      applicationId: c.applicationId,
      metadata: copy(b.lobby_metadata ?? null),
      members: new Map(),
      idleTimeout: b.idle_timeout_seconds ?? undefined,
      touched: c.now,
      flags: b.flags ?? 0,
      secret: b.secret,
    }
    c.lobbies.set(l.id, l)
  } else if (!l.members.has(c.me) && l.members.size >= limits.LOBBY_MEMBERS_MAX) return full(l.members.size + 1)
  const member: LobbyMemberJSON = { ...(l.members.get(c.me) ?? { id: c.me }) }
  if (b.member_metadata !== undefined) member.metadata = copy(b.member_metadata)
  l.members.set(c.me, member)
  l.touched = c.now
  return json(200, presentLobby(l))
}

/** PATCH /lobbies/{lobby}/channel-linking (OpenAPI `edit_lobby_channel_link`): links or unlinks a channel. */
export function link(l: StoredLobby, c: LobbyCaller, body: unknown): EmulatorReply {
  const no = refused(validateLobbyChannelLink(body ?? {}))
  if (no !== undefined) return no
  // A client links only as a member allowed to: CanLinkLobby (1 << 0, "LobbyMember" flags).
  if (c.bearer && ((l.members.get(c.me)?.flags ?? 0) & LobbyMemberFlags.CanLinkLobby) === 0) return missingAccess()
  const channel = (body as { channel_id?: string | null } | undefined)?.channel_id
  l.linkedChannel = channel ?? undefined
  l.touched = c.now
  return json(200, presentLobby(l))
}

/** DELETE /lobbies/{lobby}/members/@me (OpenAPI `leave_lobby`). */
export function leave(l: StoredLobby, c: LobbyCaller): EmulatorReply {
  // "Lobby endpoints" rule 1: a client cannot leave a lobby made by POST /lobbies.
  if (c.bearer && l.secret === undefined) return missingAccess()
  if (l.members.delete(c.me)) l.touched = c.now
  return nothing
}

/** POST /lobbies/{lobby}/members/@me/invites and .../members/{user}/invites (OpenAPI `create_linked_lobby_guild_invite_for_*`). */
export function invite(l: StoredLobby, c: LobbyCaller, user: string): EmulatorReply {
  if (outsider(l, c)) return missingAccess()
  // Public API v10: code 10007, Unknown Member.
  if (!l.members.has(user)) return fail(404, ErrorCode.UnknownMember, 'Unknown Member')
  if (l.linkedChannel === undefined) return fail(400, ErrorCode.General, 'The lobby is not linked to a channel')
  return json(200, { code: c.ids.next().slice(-10) })
}

/** POST /lobbies/{lobby}/members/bulk (OpenAPI `bulk_update_lobby_members`). */
export function bulkMembers(l: StoredLobby, c: LobbyCaller, body: unknown): EmulatorReply {
  const no = refused(validateLobbyMembersBulk(body))
  if (no !== undefined) return no
  const list = copy(body) as BulkLobbyMemberJSON[]
  const next = new Map(l.members)
  const kept: LobbyMemberJSON[] = []
  for (const { remove_member: remove, ...m } of list) {
    if (remove === true) {
      next.delete(m.id)
      continue
    }
    const member: LobbyMemberJSON = { ...(next.get(m.id) ?? { id: m.id }) }
    if (m.metadata !== undefined) member.metadata = m.metadata
    if (m.flags !== undefined) member.flags = m.flags
    if (m.additional_name !== undefined) member.additional_name = m.additional_name
    next.set(m.id, member)
    kept.push(member)
  }
  if (next.size > limits.LOBBY_MEMBERS_MAX) return full(next.size)
  l.members = next
  l.touched = c.now
  return json(200, kept.map(presentMember))
}

/** GET /lobbies/{lobby}/messages (OpenAPI `get_lobby_messages`): newest first. */
export function listMessages(l: StoredLobby, c: LobbyCaller, query: ReadonlyMap<string, string>): EmulatorReply {
  if (outsider(l, c)) return missingAccess()
  const raw = query.get('limit')
  const limit = raw === undefined ? 50 : Number(raw)
  // OpenAPI `get_lobby_messages`: limit from 1 to 200.
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    return invalidBody([{ code: 'number.range', path: ['limit'], message: `limit must be a whole number from 1 to 200 (was ${JSON.stringify(raw)})` }])
  return json(200, (l.messages ?? []).slice(-limit).reverse())
}

/** POST /lobbies/{lobby}/messages (OpenAPI `create_lobby_message`). */
export function sendMessage(l: StoredLobby, c: LobbyCaller, body: unknown): EmulatorReply {
  const no = refused(validateLobbyMessage(body))
  if (no !== undefined) return no
  if (outsider(l, c)) return missingAccess()
  const b = body as CreateLobbyMessageJSON
  const message: LobbyMessage = {
    id: c.ids.next(),
    type: MessageType.Default,
    content: b.content ?? '',
    lobby_id: l.id,
    // A lobby's messages are in the lobby's own channel, of the lobby's id (public API v10).
    channel_id: l.id,
    author: { id: c.me, username: c.bearer ? `user-${c.me}` : 'bot' },
    flags: b.flags ?? 0,
    application_id: c.applicationId,
  }
  l.messages = [...(l.messages ?? []), message].slice(-MESSAGES_KEPT)
  l.touched = c.now
  return json(201, message)
}

/** PUT /lobbies/{lobby}/messages/{message}/moderation-metadata (OpenAPI `update_lobby_message_moderation_metadata`). */
export function moderate(l: StoredLobby, messageId: string, body: unknown): EmulatorReply {
  const no = refused(validateLobbyModerationMetadata(body))
  if (no !== undefined) return no
  const message = l.messages?.find((m) => m.id === messageId)
  // Public API v10: code 10008, Unknown Message.
  if (message === undefined) return fail(404, ErrorCode.UnknownMessage, 'Unknown Message')
  message.moderation_metadata = copy(body as Record<string, string>)
  return nothing
}
