/**
 * Every numeric limit of the spec, named once. Each constant cites the spec section
 * it comes from (summed up in docs/rules.md). "Characters" are Unicode code points.
 */

/** "Naming rules" 1, "Limits": command or option name, 1-32 characters. */
export const NAME_MIN = 1
export const NAME_MAX = 32

/** "Application command" description, "Limits": 1-100 characters. */
export const DESCRIPTION_MIN = 1
export const DESCRIPTION_MAX = 100

/** "Option choice", "Limits": choice name 1-100 characters. */
export const CHOICE_NAME_MIN = 1
export const CHOICE_NAME_MAX = 100

/** "Option choice", "Limits": a string choice value is at most 100 characters. */
export const CHOICE_STRING_VALUE_MAX = 100

/** "Limits": options per command, choices per option, subcommands or options in a group or subcommand. */
export const OPTIONS_MAX = 25
export const CHOICES_MAX = 25

/** "Command option" min_length, "Limits": 0-6000. */
export const MIN_LENGTH_MIN = 0
export const MIN_LENGTH_MAX = 6000

/** "Command option" max_length, "Limits": 1-6000. */
export const MAX_LENGTH_MIN = 1
export const MAX_LENGTH_MAX = 6000

/** "Option types" INTEGER: any integer from -2^53+1 to 2^53-1. */
export const INTEGER_MIN = -(2 ** 53 - 1)
export const INTEGER_MAX = 2 ** 53 - 1

/** "Option types" NUMBER: any double from -2^53 to 2^53. */
export const NUMBER_MIN = -(2 ** 53)
export const NUMBER_MAX = 2 ** 53

/** "Limits": slash command combined size, 8000 characters. */
export const COMMAND_SIZE_MAX = 8000

/** "Limits": per type, per scope (global and each guild). */
export const CHAT_INPUT_COMMANDS_MAX = 100
export const USER_COMMANDS_MAX = 15
export const MESSAGE_COMMANDS_MAX = 15
/** "Limits": one global PRIMARY_ENTRY_POINT command; none in a guild ("Naming rules" 3). */
export const ENTRY_POINT_COMMANDS_MAX = 1

/** "Guild application command permissions", "Limits": overwrites per command. */
export const PERMISSION_OVERWRITES_MAX = 100

/**
 * OpenAPI (`ApplicationCommandCreateRequest`, `ApplicationCommandUpdateRequest` and
 * `ApplicationCommandPatchRequestPartial`, `default_member_permissions`: `maximum`
 * 18014398509481983): a permission bit set has at most 54 bits, 2^54 - 1 at most.
 * The spec says only "a permission bit set serialized as a string".
 */
export const PERMISSION_BITS_MAX = 54

/** "Lobby endpoints", "Limits": lobby and member metadata, total length. */
export const LOBBY_METADATA_MAX = 1000

/** "Lobby endpoints", "Limits": members in lobby create or edit. */
export const LOBBY_MEMBERS_MAX = 25

/** "Lobby endpoints", "Limits": idle_timeout_seconds, 5 to 604800 (7 days). */
export const LOBBY_IDLE_TIMEOUT_MIN = 5
export const LOBBY_IDLE_TIMEOUT_MAX = 604800

/** OpenAPI (lobby metadata `maxProperties`): at most 25 entries in lobby and member metadata. */
export const LOBBY_METADATA_ENTRIES_MAX = 25

/** OpenAPI (`create_or_join_lobby`): the secret, at most 250 characters. */
export const LOBBY_SECRET_MAX = 250

/** OpenAPI (`LobbyMemberRequest.additional_name`): 1 to 80 characters. */
export const LOBBY_ADDITIONAL_NAME_MAX = 80

/** OpenAPI (`override_event_webhooks_url`): at most 512 characters. */
export const LOBBY_WEBHOOK_URL_MAX = 512

/** OpenAPI (`SDKMessageRequest.content`): at most 4000 characters. */
export const LOBBY_MESSAGE_CONTENT_MAX = 4000

/** OpenAPI (`get_lobby_messages`): `limit`, the messages listed, from 1 to 200. */
export const LOBBY_MESSAGES_LIST_MAX = 200

/** OpenAPI (`SDKMessageRequest.nonce`): a string nonce is at most 25 characters. */
export const LOBBY_MESSAGE_NONCE_MAX = 25

/** OpenAPI (moderation metadata): at most 5 entries, each value at most 2000 characters. */
export const LOBBY_MODERATION_ENTRIES_MAX = 5
export const LOBBY_MODERATION_VALUE_MAX = 2000

// Files uploaded with a message (public API v10; the spec shows no message
// endpoints): the callback, a follow-up and the edits of the original and of a
// follow-up take `multipart/form-data` (OpenAPI `create_interaction_response`,
// `execute_webhook`, `update_original_webhook_message`, `update_webhook_message`).
// The REST client checks files with them (src/rest/files.ts).

/**
 * OpenAPI: the multipart bodies name `files[0]` to `files[9]`, and `attachments`
 * holds at most 10 (`maxItems`); an `attachments` entry `{ id: n }` below it names
 * `files[n]`.
 */
export const MESSAGE_FILES_MAX = 10

/** OpenAPI `MessageAttachmentRequest.filename`: 1 to 1024 characters. */
export const ATTACHMENT_FILENAME_MAX = 1024

/**
 * Every limit above as one frozen object (`limits.OPTIONS_MAX`), exported from the
 * package root. An object rather than `export * as limits`: a bundler drops it
 * from a bundle that does not read it, which it does not do with a namespace.
 */
export const limits = /* @__PURE__ */ Object.freeze({
  NAME_MIN,
  NAME_MAX,
  DESCRIPTION_MIN,
  DESCRIPTION_MAX,
  CHOICE_NAME_MIN,
  CHOICE_NAME_MAX,
  CHOICE_STRING_VALUE_MAX,
  OPTIONS_MAX,
  CHOICES_MAX,
  MIN_LENGTH_MIN,
  MIN_LENGTH_MAX,
  MAX_LENGTH_MIN,
  MAX_LENGTH_MAX,
  INTEGER_MIN,
  INTEGER_MAX,
  NUMBER_MIN,
  NUMBER_MAX,
  COMMAND_SIZE_MAX,
  CHAT_INPUT_COMMANDS_MAX,
  USER_COMMANDS_MAX,
  MESSAGE_COMMANDS_MAX,
  ENTRY_POINT_COMMANDS_MAX,
  PERMISSION_OVERWRITES_MAX,
  PERMISSION_BITS_MAX,
  LOBBY_METADATA_MAX,
  LOBBY_MEMBERS_MAX,
  LOBBY_IDLE_TIMEOUT_MIN,
  LOBBY_IDLE_TIMEOUT_MAX,
  LOBBY_METADATA_ENTRIES_MAX,
  LOBBY_SECRET_MAX,
  LOBBY_ADDITIONAL_NAME_MAX,
  LOBBY_WEBHOOK_URL_MAX,
  LOBBY_MESSAGE_CONTENT_MAX,
  LOBBY_MESSAGES_LIST_MAX,
  LOBBY_MESSAGE_NONCE_MAX,
  LOBBY_MODERATION_ENTRIES_MAX,
  LOBBY_MODERATION_VALUE_MAX,
  MESSAGE_FILES_MAX,
  ATTACHMENT_FILENAME_MAX,
})
