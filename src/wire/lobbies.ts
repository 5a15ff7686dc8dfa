/**
 * The lobby API (spec: "Lobby", "LobbyMember", "Lobby endpoints").
 */
import type { Snowflake } from './commands.js'

/** A lobby member, in requests and responses (spec: "LobbyMember"). */
export interface LobbyMemberJSON {
  /** The user id; required in the members array. */
  id: Snowflake
  /** At most 1000 characters in total (keys and values). */
  metadata?: Record<string, string> | null
  /** Only CanLinkLobby = 1 << 0 is supported. */
  flags?: number
}

/** The lobby object returned by create, get and edit. */
export interface Lobby {
  /** Not shown in the spec beyond the request fields; public API v10 field. */
  id: Snowflake
  /** Not shown in the spec; public API v10 field. */
  application_id?: Snowflake
  metadata: Record<string, string> | null
  members: LobbyMemberJSON[]
  idle_timeout_seconds?: number
}

/** POST /lobbies. */
export interface CreateLobbyJSON {
  metadata?: Record<string, string> | null
  /** Up to 25. */
  members?: LobbyMemberJSON[]
  /** 5 to 604800. */
  idle_timeout_seconds?: number
}

/** PATCH /lobbies/<lobby_id>: members replace the list; metadata overwrites. */
export type EditLobbyJSON = CreateLobbyJSON

/** PUT /lobbies/<lobby_id>/members/<user_id>. */
export interface PutLobbyMemberJSON {
  metadata?: Record<string, string> | null
  flags?: number
}
