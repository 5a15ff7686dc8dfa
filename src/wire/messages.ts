/**
 * What an application sends as a message (public API v10; the spec shows none):
 * embeds, allowed mentions, attachments, polls and the body that carries them, as
 * the operator's OpenAPI request schemas have them (`RichEmbed`,
 * `MessageAllowedMentionsRequest`, `MessageAttachmentRequest`, `PollCreateRequest`,
 * `IncomingWebhookInteractionRequest`). Limits: src/rules/message-limits.ts.
 */
import type { Snowflake } from './commands.js'
import type { MessageComponentJSON } from './components.js'

/** A field of an embed (OpenAPI `RichEmbedField`). */
export interface EmbedFieldJSON {
  name: string
  value: string
  inline?: boolean
}

/** An image, thumbnail or video of an embed: an http(s) URL or `attachment://name` (OpenAPI `RichEmbedImage`). */
export interface EmbedMediaJSON {
  url: string
  width?: number
  height?: number
  description?: string
}

/** An embed (OpenAPI `RichEmbed`). Title, description, field names and values, footer text and author name count towards 6000 characters per message. */
export interface EmbedJSON {
  /** Always "rich" for what an application sends. */
  type?: 'rich'
  title?: string
  description?: string
  url?: string
  /** An ISO 8601 timestamp. */
  timestamp?: string
  /** 0 to 0xFFFFFF. */
  color?: number
  footer?: { text: string; icon_url?: string }
  image?: EmbedMediaJSON
  thumbnail?: EmbedMediaJSON
  video?: EmbedMediaJSON
  provider?: { name?: string; url?: string }
  author?: { name: string; url?: string; icon_url?: string }
  fields?: EmbedFieldJSON[]
}

/** Who a message may ping (OpenAPI `MessageAllowedMentionsRequest`). */
export interface AllowedMentionsJSON {
  parse?: ('users' | 'roles' | 'everyone')[]
  users?: Snowflake[]
  roles?: Snowflake[]
  replied_user?: boolean
}

/**
 * An attachment of a message (OpenAPI `MessageAttachmentRequest`): a new file by the
 * index of its `files[n]` part in a multipart body, or a kept one by its snowflake.
 */
export interface MessageAttachmentJSON {
  id: Snowflake | number
  filename?: string
  description?: string
  duration_secs?: number
  waveform?: string
  title?: string
  is_spoiler?: boolean
}

/** The text and emoji of a poll's question or answer (OpenAPI `PollMedia`, `PollMediaCreateRequest`). */
export interface PollMediaJSON {
  text?: string
  emoji?: { id?: Snowflake | null; name?: string; animated?: boolean }
}

/** A poll (OpenAPI `PollCreateRequest`): 1 to 10 answers, open 1 to 768 hours. */
export interface PollJSON {
  question: PollMediaJSON
  answers: { poll_media: PollMediaJSON }[]
  /** Hours, 1 to 768 (32 days); the service's default is 24. */
  duration?: number
  allow_multiselect?: boolean
  /** 1, the only layout (OpenAPI `PollLayoutTypes`). */
  layout_type?: 1
}

/**
 * A message body: the `data` of callbacks 4 and 7, a follow-up, an edit. Without
 * the IS_COMPONENTS_V2 flag (32768) its components are action rows; with it,
 * any layout component, and no content, embeds or poll.
 */
export interface MessageBodyJSON {
  content?: string
  embeds?: EmbedJSON[]
  allowed_mentions?: AllowedMentionsJSON
  components?: MessageComponentJSON[]
  attachments?: MessageAttachmentJSON[]
  flags?: number
  tts?: boolean
  poll?: PollJSON
}
