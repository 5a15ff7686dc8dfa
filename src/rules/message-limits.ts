/**
 * Every numeric limit of what an application sends (messages, embeds, components,
 * modals, polls), named once. The spec shows none of them ("Events" 2: response
 * formats not shown); each is a public API v10 fact, the operator's OpenAPI
 * description first (`specs/openapi.json`, the schema named beside each), the
 * developer documentation where the OpenAPI says nothing (marked "docs").
 * "Characters" are Unicode code points, as everywhere in slashkit.
 */

/** `IncomingWebhookInteractionRequest.content`: at most 2000 characters. */
export const CONTENT_MAX = 2000
/** `IncomingWebhookInteractionRequest.embeds`, `.attachments`: at most 10 each. */
export const EMBEDS_MAX = 10
export const ATTACHMENTS_MAX = 10
/** `IncomingWebhookInteractionRequest.components`: at most 40; docs: 40 components in all, nested ones counted. */
export const COMPONENTS_MAX = 40
/**
 * docs, "Uploading Files": the upload limit per file of an application without boosts,
 * 10 MiB (the change logs of 2024-12-16 and 2025-04-03); an interaction's
 * `attachment_size_limit` where no boost or Nitro raises it.
 */
export const FILE_SIZE_DEFAULT = 10 * 1024 * 1024
/** `MessageCreateRequest.nonce`: a string of at most 25 characters (or an int64). */
export const NONCE_MAX = 25
/** `IncomingWebhookRequestPartial` (a follow-up): username 1-80, thread_name 100, 5 applied tags. */
export const WEBHOOK_USERNAME_MAX = 80
export const THREAD_NAME_MAX = 100
export const APPLIED_TAGS_MAX = 5
/** Docs ("Action Row"): a message without IS_COMPONENTS_V2 holds at most 5 action rows. */
export const ACTION_ROWS_MAX = 5

/** `RichEmbed`: title 256, description 4096, 25 fields, url 2048. */
export const EMBED_TITLE_MAX = 256
export const EMBED_DESCRIPTION_MAX = 4096
export const EMBED_FIELDS_MAX = 25
export const URL_MAX = 2048
/** A media type's length in a received embed's or layout message's media (RFC 6838: at most 127 characters each side of the slash). */
export const CONTENT_TYPE_MAX = 255
/** `RichEmbedField`: name 256, value 1024. */
export const EMBED_FIELD_NAME_MAX = 256
export const EMBED_FIELD_VALUE_MAX = 1024
/** `RichEmbedFooter.text` 2048; `RichEmbedAuthor.name`, `RichEmbedProvider.name` 256. */
export const EMBED_FOOTER_MAX = 2048
export const EMBED_AUTHOR_MAX = 256
/** `RichEmbedImage.description` (and thumbnail, video): 4096. */
export const EMBED_MEDIA_DESCRIPTION_MAX = 4096
/** `RichEmbed.color`, `ContainerComponentForMessageRequest.accent_color`: 0 to 0xFFFFFF. */
export const COLOR_MAX = 0xffffff
/** Docs ("Embed Limits"): title, description, field names and values, footer text and author name of all embeds together, 6000. */
export const EMBEDS_TOTAL_MAX = 6000

/** `MessageAllowedMentionsRequest.users`, `.roles`: at most 100 each. */
export const MENTIONS_MAX = 100

/** `MessageAttachmentRequest`: filename 1-1024, description 1024, title 1024, waveform 400, duration 0 to 2^31-1 s. */
export const ATTACHMENT_TEXT_MAX = 1024
export const ATTACHMENT_WAVEFORM_MAX = 400
export const ATTACHMENT_DURATION_MAX = 2147483647

/** `PollCreateRequest`: 1 to 10 answers, 1 to 768 hours; `PollMedia.text`, `PollMediaCreateRequest.text`: 1-300. */
export const POLL_ANSWERS_MAX = 10
export const POLL_DURATION_MAX = 768
export const POLL_TEXT_MAX = 300
/** `PollEmojiCreateRequest.name`, `ComponentEmojiForRequest.name`: 32. */
export const EMOJI_NAME_MAX = 32

/** `id` of every component: an int32 of at least 0 (`ActionRowComponentForMessageRequest.id`, ...). */
export const COMPONENT_ID_MAX = 2147483647
/** `custom_id` of every interactive component and of a modal: 1-100. */
export const CUSTOM_ID_MAX = 100
/** `ActionRowComponentForMessageRequest.components`: 1 to 5 (docs: 5 buttons, or one select). */
export const ROW_MAX = 5
/** `ButtonComponentForMessageRequest`: label 80, url 512. */
export const BUTTON_LABEL_MAX = 80
export const BUTTON_URL_MAX = 512
/** Selects (`StringSelectComponentForMessageRequest`, ...): placeholder 150, min_values 0-25, max_values 1-25, 25 options, 25 default values. */
export const SELECT_PLACEHOLDER_MAX = 150
export const SELECT_VALUES_MAX = 25
/** `StringSelectOptionForRequest`: label and value 1-100, description 100. */
export const SELECT_OPTION_TEXT_MAX = 100

/** `TextDisplayComponentForMessageRequest.content`: 1-4000; docs: 4000 in all the text displays of a message. */
export const TEXT_DISPLAY_MAX = 4000
/** `SectionComponentForMessageRequest.components`: 1 to 3 text displays. */
export const SECTION_TEXTS_MAX = 3
/** `MediaGalleryComponentForMessageRequest.items`: 1 to 10. */
export const GALLERY_ITEMS_MAX = 10
/** `ThumbnailComponentForMessageRequest.description`, `MediaGalleryItemRequest.description`: 1-1024. */
export const MEDIA_DESCRIPTION_MAX = 1024
/** `ContainerComponentForMessageRequest.components`: 1 to 40. */
export const CONTAINER_MAX = 40

/** `ModalInteractionCallbackRequestData`: title 1-45, 1 to 40 components. */
export const MODAL_TITLE_MAX = 45
export const MODAL_COMPONENTS_MAX = 40
/** `TextInputComponentForModalRequest`: label 1-45, value 4000, placeholder 100, min_length 0-4000, max_length 1-4000. */
export const TEXT_INPUT_LABEL_MAX = 45
export const TEXT_INPUT_LENGTH_MAX = 4000
export const TEXT_INPUT_PLACEHOLDER_MAX = 100
/** `LabelComponentForModalRequest`: label 1-45, description 1-100. */
export const LABEL_MAX = 45
export const LABEL_DESCRIPTION_MAX = 100
/** `FileUploadComponentForModalRequest`, `CheckboxGroupComponentForModalRequest`: min_values 0-10, max_values 1-10; 1 to 10 options. */
export const MODAL_VALUES_MAX = 10
/** `RadioGroupComponentForModalRequest.options`: 2 to 10. */
export const RADIO_OPTIONS_MIN = 2

/** Every limit above as one frozen object (`messageLimits.CONTENT_MAX`), dropped from a bundle that does not read it. */
export const messageLimits = /* @__PURE__ */ Object.freeze({
  CONTENT_MAX,
  EMBEDS_MAX,
  ATTACHMENTS_MAX,
  COMPONENTS_MAX,
  ACTION_ROWS_MAX,
  WEBHOOK_USERNAME_MAX,
  THREAD_NAME_MAX,
  APPLIED_TAGS_MAX,
  EMBED_TITLE_MAX,
  EMBED_DESCRIPTION_MAX,
  EMBED_FIELDS_MAX,
  URL_MAX,
  EMBED_FIELD_NAME_MAX,
  EMBED_FIELD_VALUE_MAX,
  EMBED_FOOTER_MAX,
  EMBED_AUTHOR_MAX,
  EMBED_MEDIA_DESCRIPTION_MAX,
  COLOR_MAX,
  EMBEDS_TOTAL_MAX,
  MENTIONS_MAX,
  ATTACHMENT_TEXT_MAX,
  ATTACHMENT_WAVEFORM_MAX,
  ATTACHMENT_DURATION_MAX,
  POLL_ANSWERS_MAX,
  POLL_DURATION_MAX,
  POLL_TEXT_MAX,
  EMOJI_NAME_MAX,
  COMPONENT_ID_MAX,
  CUSTOM_ID_MAX,
  ROW_MAX,
  BUTTON_LABEL_MAX,
  BUTTON_URL_MAX,
  SELECT_PLACEHOLDER_MAX,
  SELECT_VALUES_MAX,
  SELECT_OPTION_TEXT_MAX,
  TEXT_DISPLAY_MAX,
  SECTION_TEXTS_MAX,
  GALLERY_ITEMS_MAX,
  MEDIA_DESCRIPTION_MAX,
  CONTAINER_MAX,
  MODAL_TITLE_MAX,
  MODAL_COMPONENTS_MAX,
  TEXT_INPUT_LABEL_MAX,
  TEXT_INPUT_LENGTH_MAX,
  TEXT_INPUT_PLACEHOLDER_MAX,
  LABEL_MAX,
  LABEL_DESCRIPTION_MAX,
  MODAL_VALUES_MAX,
  RADIO_OPTIONS_MIN,
})
