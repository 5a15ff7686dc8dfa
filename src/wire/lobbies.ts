/**
 * The lobby API (spec: "Lobby", "LobbyMember", "Lobby endpoints"; the fields and
 * endpoints the spec does not show are the operator's OpenAPI description's,
 * docs/spec-notes.md).
 */
import type { Snowflake } from './commands.js'

/** A lobby member, in requests and responses (spec: "LobbyMember"). */
export interface LobbyMemberJSON {
  /** The user id; required in the members array. */
  id: Snowflake
  /** At most 1000 characters in total (keys and values), at most 25 entries. */
  metadata?: Record<string, string> | null
  /** Only CanLinkLobby = 1 << 0 is supported. */
  flags?: number | null
  /** OpenAPI: a name shown beside the user's, 1-80 characters (member PUT and bulk update). */
  additional_name?: string | null
}

/** The channel a lobby is linked to (OpenAPI `GuildChannelResponse`; the fields slashkit reads). */
export interface LobbyLinkedChannel {
  id: Snowflake
  type: number
  guild_id?: Snowflake
  name?: string
  [field: string]: unknown
}

/** The lobby object returned by create, get and edit (OpenAPI `LobbyResponse`). */
export interface Lobby {
  id: Snowflake
  /** OpenAPI: the owning application (the emulator gives it when it knows its applications). */
  application_id?: Snowflake
  metadata: Record<string, string> | null
  members: LobbyMemberJSON[]
  /** OpenAPI: the lobby's flags. */
  flags?: number
  /** OpenAPI: the channel the lobby is linked to, when it is. */
  linked_channel?: LobbyLinkedChannel
  /** OpenAPI: where the lobby's events go instead of the application's webhook URL. */
  override_event_webhooks_url?: string | null
  /** The idle timeout the lobby was created or edited with. */
  idle_timeout_seconds?: number
}

/** POST /lobbies. */
export interface CreateLobbyJSON {
  metadata?: Record<string, string> | null
  /** Up to 25. */
  members?: LobbyMemberJSON[] | null
  /** 5 to 604800. */
  idle_timeout_seconds?: number | null
  /** OpenAPI: the lobby's flags (1). */
  flags?: number | null
  /** OpenAPI: an http(s) URL of at most 512 characters. */
  override_event_webhooks_url?: string | null
}

/** PATCH /lobbies/<lobby_id>: members replace the list; metadata overwrites. */
export type EditLobbyJSON = CreateLobbyJSON

/** PUT /lobbies/<lobby_id>/members/<user_id>. */
export interface PutLobbyMemberJSON {
  metadata?: Record<string, string> | null
  flags?: number | null
  /** OpenAPI: 1-80 characters. */
  additional_name?: string | null
}

/** PUT /lobbies (OpenAPI `create_or_join_lobby`): the lobby named by `secret`, created or joined. */
export interface CreateOrJoinLobbyJSON {
  /** At most 250 characters; names the lobby. */
  secret: string
  idle_timeout_seconds?: number | null
  /** The lobby's metadata when this call creates it. */
  lobby_metadata?: Record<string, string> | null
  /** The joining member's metadata. */
  member_metadata?: Record<string, string> | null
  flags?: number | null
}

/** PATCH /lobbies/<lobby_id>/channel-linking: a channel id links, `null` unlinks. */
export interface LinkLobbyChannelJSON {
  channel_id?: Snowflake | null
}

/** One element of POST /lobbies/<lobby_id>/members/bulk. */
export interface BulkLobbyMemberJSON extends LobbyMemberJSON {
  /** `true` removes the member. */
  remove_member?: boolean | null
}

/** POST /lobbies/<lobby_id>/messages (OpenAPI `SDKMessageRequest`, the JSON fields). */
export interface CreateLobbyMessageJSON {
  /** At most 4000 characters. */
  content?: string | null
  embeds?: Record<string, unknown>[] | null
  allowed_mentions?: Record<string, unknown> | null
  sticker_ids?: Snowflake[] | null
  components?: Record<string, unknown>[] | null
  flags?: number | null
  attachments?: Record<string, unknown>[] | null
  poll?: Record<string, unknown> | null
  shared_client_theme?: Record<string, unknown> | null
  message_reference?: Record<string, unknown> | null
  nonce?: number | string | null
  enforce_nonce?: boolean | null
  tts?: boolean | null
}

/** A message of a lobby (OpenAPI `LobbyMessageResponse`). */
export interface LobbyMessage {
  id: Snowflake
  type: number
  content: string
  lobby_id: Snowflake
  channel_id: Snowflake
  author: { id: Snowflake; username: string; [field: string]: unknown }
  metadata?: Record<string, string>
  moderation_metadata?: Record<string, string>
  flags: number
  application_id?: Snowflake
}

/** POST .../invites (OpenAPI `LobbyGuildInviteResponse`): an invite to the linked channel's guild. */
export interface LobbyGuildInvite {
  code: string
}
