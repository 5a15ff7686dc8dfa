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
import type { MessageComponentJSON } from './components.js'
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

/** An image, thumbnail or video of a received embed (OpenAPI `MessageEmbedImageResponse`, `MessageEmbedVideoResponse`). */
export interface EmbedMediaResponse {
  url?: string
  proxy_url?: string
  width?: number
  height?: number
  content_type?: string
  description?: string
  flags?: number
}

/**
 * An embed of a received message (OpenAPI `MessageEmbedResponse`): an app's own
 * embed comes back with `type: 'rich'` and what it sent, the media with the URLs the
 * service proxies; a link's preview in a user's message has another `type`
 * (`'image'`, `'video'`, `'link'`, ...).
 */
export interface EmbedResponse {
  type: string
  title?: string
  description?: string
  url?: string
  timestamp?: string
  color?: number
  fields?: { name: string; value: string; inline: boolean }[]
  author?: { name: string; url?: string; icon_url?: string; proxy_icon_url?: string }
  provider?: { name: string; url?: string }
  image?: EmbedMediaResponse
  thumbnail?: EmbedMediaResponse
  video?: EmbedMediaResponse
  footer?: { text: string; icon_url?: string; proxy_icon_url?: string }
  flags?: number | null
}

/** A message in `resolved.messages` (spec: "data.resolved", MESSAGE command), and the message of a component. */
export interface Message {
  id: Snowflake
  channel_id: Snowflake
  author: User
  content: string
  timestamp: string
  edited_timestamp: string | null
  attachments: Attachment[]
  embeds: EmbedResponse[]
  /**
   * The components of an app's message, as it sent them (OpenAPI
   * `MessageResponse.components`): the service numbers each `id` and adds what it
   * resolved (a media's `proxy_url`, sizes). A user's message has none.
   */
  components?: MessageComponentJSON[]
  mentions: User[]
  mention_roles: Snowflake[]
  mention_everyone: boolean
  pinned: boolean
  tts: boolean
  flags?: number
  type: number
  /** The interaction that made it (OpenAPI `MessageResponse.interaction_metadata`). */
  interaction_metadata?: { id: Snowflake; type: number; user: User; authorizing_integration_owners: IntegrationOwners; [field: string]: unknown }
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
export interface Interaction extends InteractionBase {
  /** 2 for command invocations, 4 for autocomplete. */
  type: 2 | 4
  data: InteractionData
}

// ---------------------------------------------------------------- responses

/** A message body for callback types 4 and 7 (public API v10; not shown in the spec). */
export interface MessageResponseData {
  content?: string
  tts?: boolean
  embeds?: unknown[]
  allowed_mentions?: unknown
  flags?: number
  /** Any component's JSON (slashkit's, discord.js', one received: checked at run time), not a bare array. */
  components?: (MessageComponentJSON | { readonly type: number })[]
  attachments?: unknown[]
  /** Not a field: the service refuses it (flag 64 makes a message ephemeral). */
  ephemeral?: '❌ a message has no ephemeral field: pass it beside, as in ctx.reply(message, { ephemeral: true })'
}

/** The body an application answers an interaction with. */
export type InteractionResponseJSON =
  | { type: 1 }
  | { type: 4; data: MessageResponseData }
  | { type: 5; data?: { flags?: number } }
  | { type: 6 }
  | { type: 7; data: MessageResponseData }
  | { type: 8; data: { choices: ChoiceJSON[] } }
  | { type: 9; data: ModalJSON }
  | { type: 12 }

// ------------------------------------------------- other interaction types
// Public API v10 (the spec shows only types 2 and 4): PING (1), MESSAGE_COMPONENT (3)
// and MODAL_SUBMIT (5), with the fields every interaction carries.

/**
 * The fields every interaction but PING carries (spec: "Interaction payloads
 * received by the application"; `user` and `context` are public API v10 fields).
 */
export interface InteractionBase {
  id: Snowflake
  application_id: Snowflake
  token: string
  version: number
  guild_id?: Snowflake
  channel_id?: Snowflake
  /** The invoking client's locale; use it to localize the response. */
  locale?: Locale | (string & {})
  guild_locale?: Locale | (string & {})
  /** The app's permissions in the channel (a permission bit set). */
  app_permissions?: string
  /** The invoking member, in a guild. */
  member?: Member & { user: User; permissions: string }
  /** Public API v10: the invoking user outside a guild. */
  user?: User
  /** Public API v10 field, not shown in the spec. */
  context?: InteractionContextType
  /** Public API v10: the installations that authorized the interaction. */
  authorizing_integration_owners?: IntegrationOwners
  /** Public API v10 (required there): the invoking user's entitlements to the app's SKUs, for a monetized app; `[]` otherwise. */
  entitlements?: Readonly<Record<string, unknown>>[]
  /** Public API v10 (required there): the upload limit per file, in bytes, where the interaction happened. */
  attachment_size_limit?: number
}

/**
 * `authorizing_integration_owners` (public API v10): by integration type, GUILD_INSTALL
 * ('0') the guild's id ('0' in the app's bot DM), USER_INSTALL ('1') the id of the
 * user who installed the app.
 */
export interface IntegrationOwners {
  '0'?: Snowflake
  '1'?: Snowflake
}

/** PING (type 1): the service checks the endpoint; the answer is PONG (callback 1). */
export interface PingInteraction {
  id: Snowflake
  application_id: Snowflake
  type: 1
  token: string
  version: number
}

/** A component in a message or a modal (public API v10; only the fields slashkit reads are named). */
export interface ComponentJSON {
  type: number
  custom_id?: string
  components?: ComponentJSON[]
  /** A label's child (modal components of type 18, public API v10). */
  component?: ComponentJSON
  [field: string]: unknown
}

/** `data` of a MESSAGE_COMPONENT interaction (type 3): the clicked button or the select menu. */
export interface ComponentInteractionData {
  custom_id: string
  /** 2 button, 3 string select, 5 user, 6 role, 7 mentionable, 8 channel select (public API v10). */
  component_type: number
  /** Select menus: the chosen values. */
  values?: string[]
  resolved?: Resolved
}

/** MESSAGE_COMPONENT (type 3): a button click or a select menu choice on a message of the app. */
export interface ComponentInteraction extends InteractionBase {
  type: 3
  data: ComponentInteractionData
  /** The message that holds the component. */
  message: Message
}

/**
 * A submitted component of a modal (public API v10, the components reference's
 * "Interaction Response Structure" of each input; the OpenAPI describes no inbound
 * interaction): a text input's `value` (a string), a radio group's (the picked
 * option's value, or `null`), a checkbox's (a boolean); the `values` of a select,
 * a checkbox group, or a file upload (the ids of the files, in `resolved.attachments`).
 */
export interface ModalSubmitComponent {
  type: number
  id?: number
  custom_id?: string
  value?: string | boolean | null
  values?: string[]
  components?: ModalSubmitComponent[]
  component?: ModalSubmitComponent
}

/** `data` of a MODAL_SUBMIT interaction (type 5). */
export interface ModalSubmitData {
  custom_id: string
  components: ModalSubmitComponent[]
  resolved?: Resolved
}

/** MODAL_SUBMIT (type 5): the user submitted a modal the app showed (callback 9). */
export interface ModalSubmitInteraction extends InteractionBase {
  type: 5
  data: ModalSubmitData
  /** Present when the modal was shown in answer to a component. */
  message?: Message
}

/** Any interaction the service sends to an app (public API v10 types 1 to 5). */
export type AnyInteraction = PingInteraction | Interaction | ComponentInteraction | ModalSubmitInteraction

/** A modal (callback type 9): `custom_id` 1-100 characters, `title` 1-45, 1 to 40 components (public API v10, OpenAPI). */
export interface ModalJSON {
  custom_id: string
  title: string
  components: ComponentJSON[]
}

/**
 * A message sent through the interaction webhook (public API v10): the original
 * response or a follow-up, as the service returns it.
 */
export interface WebhookMessage extends Message {
  components: MessageComponentJSON[]
  flags: number
  application_id?: Snowflake
  webhook_id?: Snowflake
}

/** The body of a follow-up (POST /webhooks/{app}/{token}) or an edit of a webhook message (PATCH). */
export interface WebhookMessageJSON extends MessageResponseData {
  /** Follow-ups only: a poll (public API v10). */
  poll?: unknown
}

export type { LocalizationMap }

/** Public API v10: an interaction's token, and so its webhook (edits, follow-ups), is valid for 15 minutes. */
export const INTERACTION_TOKEN_LIFETIME_MS = 15 * 60_000

/** Public API v10: the service waits this long for the first answer (the HTTP response, or the callback over the gateway). */
export const INTERACTION_ANSWER_WINDOW_MS = 3000

/**
 * Public API v10 JSON error codes of the interaction endpoints (not shown in the
 * spec): what the emulator answers with, and what `slashkit/http` reads of a refusal.
 */
export const InteractionErrorCode = {
  UnknownMessage: 10008,
  UnknownWebhook: 10015,
  UnknownInteraction: 10062,
  CannotSendEmptyMessage: 50006,
  InvalidWebhookToken: 50027,
  AlreadyAcknowledged: 40060,
} as const
