/**
 * Message bodies as typed plain data: embeds, polls, attachments, and the body
 * that carries them (`messageBody`, or `layout` for an IS_COMPONENTS_V2 message of
 * layout components). Each factory returns a fresh JSON object of the public API
 * v10 shape (wire/messages.ts); the limits are checked at run time when the
 * message is (`validateWebhookMessage`, `validateInteractionResponse`).
 */
import { MessageFlag } from '../../wire/enums.js'
import { argumentError, assertItems, assertList, assertObject, assertOptions, assertString } from '../../rules/arguments.js'
import type { ActionRowJSON, MessageComponentJSON } from '../../wire/components.js'
import type { AllowedMentionsJSON, EmbedFieldJSON, EmbedJSON, MessageAttachmentJSON, PollJSON, PollMediaJSON } from '../../wire/messages.js'
import type { Snowflake } from '../../wire/commands.js'
import type { EmbedsCheck, RowsCheck, TextCheck } from './types.js'
import { emojiOf, type EmojiInput } from './components.js'

/** An image, thumbnail or footer icon: an http(s) URL or `attachment://name`. */
export type MediaInput = string | { readonly url: string; readonly description?: string }

/**
 * What `embed` takes: the JSON's fields, with shorter forms for the nested ones and
 * camelCase names. A literal title (`T`), description (`D`), footer (`F`) and
 * author name (`A`) are held to 256, 4096, 2048 and 256 characters.
 */
export interface EmbedInput<T extends string = string, D extends string = string, F extends string = string, A extends string = string> {
  readonly title?: TextCheck<T, 'an embed title'>
  readonly description?: TextCheck<D, 'an embed description'>
  readonly url?: string
  /** A Date, epoch milliseconds, or an ISO 8601 string. */
  readonly timestamp?: Date | number | string
  /** 0 to 0xFFFFFF. */
  readonly color?: number
  /** Its text, or the text and an icon. */
  readonly footer?: TextCheck<F, 'an embed footer'> | { readonly text: TextCheck<F, 'an embed footer'>; readonly iconUrl?: string }
  /** Its name, or the name, a link and an icon. */
  readonly author?: TextCheck<A, 'an embed author name'> | { readonly name: TextCheck<A, 'an embed author name'>; readonly url?: string; readonly iconUrl?: string }
  readonly image?: MediaInput
  readonly thumbnail?: MediaInput
  /** Up to 25; `[name, value]`, `[name, value, inline]`, or the field's JSON. */
  readonly fields?: readonly (readonly [name: string, value: string, inline?: boolean] | EmbedFieldJSON)[]
}

/** An image, thumbnail or icon of an embed; `name` is its field, for the error of a wrong one. */
function mediaOf(m: MediaInput, name: string): { url: string; description?: string } {
  if (typeof m === 'string') return { url: m }
  assertObject('embed', `input.${name}`, m, 'a URL or { url, description? }')
  return { ...m }
}

/** A footer or an author: its text, or an object of it and more. */
function textOrObject(name: string, v: unknown, expected: string): v is string {
  if (typeof v === 'string') return true
  assertObject('embed', `input.${name}`, v, expected)
  return false
}

/**
 * An embed (OpenAPI `RichEmbed`): title 256 characters, description 4096, 25
 * fields of 256 and 1024, footer 2048, author 256; 6000 in all the embeds of a
 * message together (checked with the message).
 *
 * @example
 * embed({ title: 'Ban', description: 'Alice was banned', color: 0xed4245, fields: [['Reason', 'Spam', true]], timestamp: new Date() })
 */
export function embed<const T extends string = string, const D extends string = string, const F extends string = string, const A extends string = string>(
  input: EmbedInput<T, D, F, A>,
): EmbedJSON {
  assertObject('embed', 'input', input, 'an object of embed fields')
  const out: EmbedJSON = {}
  if (input.title !== undefined) out.title = input.title
  if (input.description !== undefined) out.description = input.description
  if (input.url !== undefined) out.url = input.url
  const at = input.timestamp
  if (at !== undefined) {
    // A Date or a number that is no time would throw the engine's RangeError ("Invalid time value") in toISOString.
    const time = typeof at === 'number' ? at : at instanceof Date ? at.getTime() : Number.NaN
    if (typeof at !== 'string' && Number.isNaN(time)) throw argumentError('embed', 'input.timestamp', 'a Date, epoch milliseconds or an ISO 8601 string', at)
    out.timestamp = typeof at === 'string' ? at : new Date(time).toISOString()
  }
  if (input.color !== undefined) out.color = input.color
  const { footer, author } = input
  if (footer !== undefined)
    out.footer = textOrObject('footer', footer, 'a text or { text, iconUrl? }')
      ? { text: footer }
      : footer.iconUrl === undefined
        ? { text: footer.text }
        : { text: footer.text, icon_url: footer.iconUrl }
  if (author !== undefined) {
    if (textOrObject('author', author, 'a name or { name, url?, iconUrl? }')) out.author = { name: author }
    else {
      const a: NonNullable<EmbedJSON['author']> = { name: author.name }
      if (author.url !== undefined) a.url = author.url
      if (author.iconUrl !== undefined) a.icon_url = author.iconUrl
      out.author = a
    }
  }
  if (input.image !== undefined) out.image = mediaOf(input.image, 'image')
  if (input.thumbnail !== undefined) out.thumbnail = mediaOf(input.thumbnail, 'thumbnail')
  if (input.fields !== undefined) {
    assertList('embed', 'input.fields', input.fields, 'a list of fields')
    out.fields = input.fields.map((f, i) => {
      if (!Array.isArray(f)) {
        if (typeof f !== 'object' || f === null) throw argumentError('embed', `input.fields[${i}]`, '[name, value, inline?] or { name, value, inline? }', f)
        return { ...(f as EmbedFieldJSON) }
      }
      const [name, value, inline] = f as readonly [string, string, boolean?]
      return inline === undefined ? { name, value } : { name, value, inline }
    })
  }
  return out
}

/** An answer of a poll: its text, or its text and an emoji. */
export type PollAnswerInput = string | { readonly text?: string; readonly emoji?: EmojiInput }

/**
 * A poll (OpenAPI `PollCreateRequest`): a question of 1-300 characters, 1 to 10
 * answers, open 1 to 768 hours (the service's default is 24).
 *
 * @example
 * poll('Lunch?', ['Pizza', { text: 'Sushi', emoji: '🍣' }], { duration: 4 })
 */
export function poll<const Q extends string>(
  question: TextCheck<Q, 'a poll question'>,
  answers: readonly PollAnswerInput[],
  options?: { readonly duration?: number; readonly allowMultiselect?: boolean },
): PollJSON {
  assertString('poll', 'question', question)
  assertList('poll', 'answers', answers, 'a list of answers')
  assertItems('poll', 'answers', answers, 'a text or { text?, emoji? }', true)
  assertOptions('poll', 'options', options)
  const out: PollJSON = {
    question: { text: question },
    answers: answers.map((a) => {
      if (typeof a === 'string') return { poll_media: { text: a } }
      const media: PollMediaJSON = {}
      if (a.text !== undefined) media.text = a.text
      if (a.emoji !== undefined) media.emoji = emojiOf(a.emoji, 'poll')
      return { poll_media: media }
    }),
  }
  if (options?.duration !== undefined) out.duration = options.duration
  if (options?.allowMultiselect !== undefined) out.allow_multiselect = options.allowMultiselect
  return out
}

/**
 * An attachment entry (OpenAPI `MessageAttachmentRequest`): the file at index
 * `index` of the request's files (or an attachment kept, by its snowflake), with
 * its name and alt text. Embeds and components name it `attachment://filename`.
 *
 * @example
 * attachment(0, 'chart.png', { description: 'Votes per day' }) // { id: 0, filename: 'chart.png', description: 'Votes per day' }
 */
export function attachment(index: number | Snowflake, filename?: string, options?: { readonly description?: string; readonly spoiler?: boolean }): MessageAttachmentJSON {
  if (typeof index !== 'number' && typeof index !== 'string') throw argumentError('attachment', 'index', "a file's index or an attachment's snowflake", index)
  assertString('attachment', 'filename', filename, true)
  assertOptions('attachment', 'options', options)
  const out: MessageAttachmentJSON = { id: index }
  if (filename !== undefined) out.filename = filename
  if (options?.description !== undefined) out.description = options.description
  if (options?.spoiler !== undefined) out.is_spoiler = options.spoiler
  return out
}

/** What a message without IS_COMPONENTS_V2 carries (the fields of `IncomingWebhookInteractionRequest`). */
export interface MessageBodyInput<E extends readonly EmbedJSON[], R extends readonly MessageComponentJSON[], C extends string = string> {
  /** At most 2000 characters (a literal is held to it by the types). */
  readonly content?: TextCheck<C, 'message content'>
  readonly embeds?: EmbedsCheck<E>
  /** At most 5 action rows. */
  readonly components?: RowsCheck<R>
  readonly allowedMentions?: AllowedMentionsJSON
  readonly attachments?: readonly MessageAttachmentJSON[]
  readonly poll?: PollJSON
  readonly tts?: boolean
  /** Only the one who ran the command sees it (flag EPHEMERAL). */
  readonly ephemeral?: boolean
  /** No link previews (flag SUPPRESS_EMBEDS). */
  readonly suppressEmbeds?: boolean
  /** No push or desktop notification (flag SUPPRESS_NOTIFICATIONS). */
  readonly silent?: boolean
}

/** A message body (the `data` of callbacks 4 and 7, a follow-up, an edit), as the service takes it. */
export interface MessageBody {
  content?: string
  embeds?: EmbedJSON[]
  components?: MessageComponentJSON[]
  allowed_mentions?: AllowedMentionsJSON
  attachments?: MessageAttachmentJSON[]
  poll?: PollJSON
  tts?: boolean
  flags?: number
}

/**
 * A message: content, up to 10 embeds, up to 5 action rows, allowed mentions,
 * attachments, a poll, and its flags by name. Refused by the types when a literal
 * list holds too many; every limit is checked at run time with the message.
 *
 * @example
 * messageBody({ content: 'Vote:', components: [actionRow(button('yes', 'Yes'), button('no', 'No'))], ephemeral: true })
 */
export function messageBody<const E extends readonly EmbedJSON[] = [], const R extends readonly MessageComponentJSON[] = [], const C extends string = string>(
  input: MessageBodyInput<E, R, C>,
): MessageBody {
  assertObject('messageBody', 'input', input, 'an object of message fields')
  const out: MessageBody = {}
  if (input.content !== undefined) out.content = input.content
  if (input.embeds !== undefined) out.embeds = listOf('messageBody', 'input.embeds', input.embeds as readonly EmbedJSON[])
  if (input.components !== undefined) out.components = listOf('messageBody', 'input.components', input.components as readonly ActionRowJSON[])
  if (input.allowedMentions !== undefined) out.allowed_mentions = input.allowedMentions
  if (input.attachments !== undefined) out.attachments = listOf('messageBody', 'input.attachments', input.attachments)
  if (input.poll !== undefined) out.poll = input.poll
  if (input.tts !== undefined) out.tts = input.tts
  const flags =
    (input.ephemeral === true ? MessageFlag.Ephemeral : 0) |
    (input.suppressEmbeds === true ? MessageFlag.SuppressEmbeds : 0) |
    (input.silent === true ? MessageFlag.SuppressNotifications : 0)
  if (flags !== 0) out.flags = flags
  return out
}

/** A copy of a list a body carries; `.slice` of anything else was the engine's "is not a function". */
function listOf<T>(fn: string, name: string, list: readonly T[]): T[] {
  assertList(fn, name, list)
  return list.slice()
}

/** Options of `layout`: the flags and fields a layout message may carry beside its components. */
export interface LayoutOptions {
  readonly ephemeral?: boolean
  readonly silent?: boolean
  readonly allowedMentions?: AllowedMentionsJSON
  readonly attachments?: readonly MessageAttachmentJSON[]
}

/**
 * A message of layout components (the IS_COMPONENTS_V2 flag): containers,
 * sections, text displays, galleries, files, separators and action rows, up to 40
 * components in all, nested ones counted; it carries no content, embeds or poll.
 *
 * @example
 * layout([container([textDisplay('# Weekly report'), mediaGallery('attachment://chart.png')])], { attachments: [attachment(0, 'chart.png')] })
 */
export function layout(components: readonly MessageComponentJSON[], options?: LayoutOptions): MessageBody {
  assertList('layout', 'components', components)
  assertOptions('layout', 'options', options)
  const out: MessageBody = {
    components: components.slice(),
    flags: MessageFlag.IsComponentsV2 | (options?.ephemeral === true ? MessageFlag.Ephemeral : 0) | (options?.silent === true ? MessageFlag.SuppressNotifications : 0),
  }
  if (options?.allowedMentions !== undefined) out.allowed_mentions = options.allowedMentions
  if (options?.attachments !== undefined) out.attachments = listOf('layout', 'options.attachments', options.attachments)
  return out
}
