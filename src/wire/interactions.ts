/**
 * The interaction payloads an application receives (spec: "Interaction payloads
 * received by the application"), and the response bodies it sends back.
 *
 * The spec lists the fields it shows; the objects inside `resolved` (roles,
 * channels, attachments) and the fields of `user` beyond those listed are "not
 * shown" there and follow the public API v10 shapes. Fields these types do not
 * name still arrive at run time; they are left as they are.
 */
import type { ChoiceJSON, LocalizationMap, Snowflake } from './commands.js'
import type { ChannelType, CommandType, InteractionContextType, Locale } from './enums.js'

/** A user (spec: member.user "id, username, avatar, discriminator, public_flags"). */
export interface User {
  id: Snowflake
  username: string
  avatar: string | null
  discriminator: string
  public_flags?: number
  /** Public API v10 field, not shown in the spec. */
  global_name?: string | null
  /** Public API v10 field, not shown in the spec. */
  bot?: boolean
}

/** A guild member as carried by an interaction (spec: "member"). */
export interface Member {
  /** Present on `interaction.member`, absent in `resolved.members`. */
  user?: User
  roles: Snowflake[]
  permissions?: string
  nick?: string | null
  avatar?: string | null
  joined_at: string | null
  premium_since?: string | null
  pending?: boolean
  is_pending?: boolean
  mute?: boolean
  deaf?: boolean
}

/** A role in `resolved.roles`. Not shown in the spec; public API v10 fields. */
export interface Role {
  id: Snowflake
  name: string
  color: number
  hoist: boolean
  position: number
  permissions: string
  managed: boolean
  mentionable: boolean
}

/** A channel in `resolved.channels`. Not shown in the spec; public API v10 fields. */
export interface Channel {
  id: Snowflake
  type: ChannelType
  name?: string | null
  permissions?: string
  parent_id?: Snowflake | null
}

/** An attachment in `resolved.attachments`. Not shown in the spec; public API v10 fields. */
export interface Attachment {
  id: Snowflake
  filename: string
  size: number
  url: string
  proxy_url: string
  content_type?: string
}

/** A message in `resolved.messages` (spec: "data.resolved", MESSAGE command). */
export interface Message {
  id: Snowflake
  channel_id: Snowflake
  author: User
  content: string
  timestamp: string
  edited_timestamp: string | null
  attachments: Attachment[]
  embeds: unknown[]
  components?: unknown[]
  mentions: User[]
  mention_roles: Snowflake[]
  mention_everyone: boolean
  pinned: boolean
  tts: boolean
  flags?: number
  type: number
}

/** `data.resolved`: objects referenced by id from options and targets. */
export interface Resolved {
  users?: Record<Snowflake, User>
  members?: Record<Snowflake, Member>
  roles?: Record<Snowflake, Role>
  channels?: Record<Snowflake, Channel>
  messages?: Record<Snowflake, Message>
  attachments?: Record<Snowflake, Attachment>
}

/** One element of `data.options` (spec: "data.options[]"). */
export interface InteractionOption {
  type: number
  name: string
  value?: string | number | boolean
  options?: InteractionOption[]
  /** Autocomplete only: the option the user is typing. */
  focused?: boolean
}

/** `data` of a command invocation or autocomplete interaction. */
export interface InteractionData {
  /** The command id. */
  id: Snowflake
  name: string
  type: CommandType
  options?: InteractionOption[]
  resolved?: Resolved
  /** USER and MESSAGE commands: the id of the targeted user or message. */
  target_id?: Snowflake
  guild_id?: Snowflake
  /** Autocomplete interactions carry the command version. */
  version?: Snowflake
}

/** An interaction as received (spec: "Interaction payloads received by the application"). */
export interface Interaction {
  id: Snowflake
  application_id: Snowflake
  /** 2 for command invocations, 4 for autocomplete. */
  type: 2 | 4
  token: string
  version: number
  guild_id?: Snowflake
  channel_id?: Snowflake
  locale?: Locale | (string & {})
  guild_locale?: Locale | (string & {})
  app_permissions?: string
  member?: Member & { user: User; permissions: string }
  /** Public API v10: the invoking user outside a guild. */
  user?: User
  data: InteractionData
  /** Public API v10 field, not shown in the spec. */
  context?: InteractionContextType
}

// ---------------------------------------------------------------- responses

/** A message body for callback types 4 and 7 (public API v10; not shown in the spec). */
export interface MessageResponseData {
  content?: string
  tts?: boolean
  embeds?: unknown[]
  allowed_mentions?: unknown
  flags?: number
  components?: unknown[]
  attachments?: unknown[]
}

/** The body an application answers an interaction with. */
export type InteractionResponseJSON =
  | { type: 1 }
  | { type: 4; data: MessageResponseData }
  | { type: 5; data?: { flags?: number } }
  | { type: 6 }
  | { type: 7; data: MessageResponseData }
  | { type: 8; data: { choices: ChoiceJSON[] } }
  | { type: 12 }

export type { LocalizationMap }
