/**
 * The messages an application sent through its interactions, kept once each by id
 * (public API v10 messages as the webhook endpoints return them), whichever
 * interaction edits them: a command's reply updated by a button's UPDATE_MESSAGE is
 * the same message. The registry (interactions.ts) makes, edits and deletes them here.
 */
import { ComponentType, fakeMessage, isRecord, MessageFlag, receivedEmbed, type EmbedJSON, type Message } from '../internal.js'
import type { Kept, Open, TranscriptMessage } from './interaction-types.js'
import { interactionMetadata } from './interaction-metadata.js'
import { componentIds, copy, type Snowflakes } from './model.js'

export class KeptMessages {
  private messages = new Map<string, Kept>()

  constructor(
    private readonly now: () => number,
    private readonly ids: Snowflakes,
  ) {}

  clear(): void {
    this.messages = new Map()
  }

  get(id: string | undefined): Kept | undefined {
    return id === undefined ? undefined : this.messages.get(id)
  }

  /** Every kept message, newest first. */
  newestFirst(): Kept[] {
    return [...this.messages.values()].reverse()
  }

  /** A message given to `interactions.open` (a component's): the kept one of its id, or it, kept from now on as `i`'s. */
  adopt(i: Open, given: Record<string, unknown>): Kept {
    const known = typeof given.id === 'string' ? this.messages.get(given.id) : undefined
    if (known !== undefined) return known
    if (typeof given.id !== 'string') given.id = this.ids.next()
    const kept: Kept = { message: given as unknown as TranscriptMessage, source: i }
    this.messages.set(given.id as string, kept)
    return kept
  }

  /** A new message of interaction `i`, kept. */
  create(i: Open, body: Record<string, unknown>, type: number, extraFlags = 0): TranscriptMessage {
    const app = i.opened.applicationId
    const fields = received(copy(body))
    const known = (key: string): unknown[] => (Array.isArray(fields[key]) ? (fields[key] as unknown[]) : [])
    const made = fakeMessage({
      id: this.ids.next(),
      channel_id: i.opened.channelId,
      author: { id: app, username: 'app', avatar: null, discriminator: '0', bot: true },
      content: typeof fields.content === 'string' ? fields.content : '',
      embeds: known('embeds') as Message['embeds'],
      components: known('components') as NonNullable<Message['components']>,
      attachments: known('attachments') as Message['attachments'],
      flags: ((typeof fields.flags === 'number' ? fields.flags : 0) | extraFlags) >>> 0,
      timestamp: new Date(this.now()).toISOString(),
      tts: fields.tts === true,
      type,
    })
    const metadata = interactionMetadata(i)
    const message = { ...fields, ...made, webhook_id: app, application_id: app, ...(metadata === undefined ? {} : { interaction_metadata: metadata }) } as TranscriptMessage
    linkMedia(message)
    this.messages.set(message.id, { message, source: i })
    return message
  }

  /** Edits a kept message: each given field overwrites; the LOADING flag goes; ephemeral stays as it was sent. */
  edit(kept: Kept, body: Record<string, unknown>, stamp: boolean): TranscriptMessage {
    const m = kept.message
    const fields = received(copy(body))
    const next: Record<string, unknown> = { ...m }
    for (const [key, value] of Object.entries(fields)) {
      if (key === 'flags') continue
      Object.defineProperty(next, key, { value: value ?? (key === 'content' ? '' : []), enumerable: true, writable: true, configurable: true })
    }
    const flags = typeof m.flags === 'number' ? m.flags : 0
    const keep = flags & MessageFlag.Ephemeral
    const given = typeof fields.flags === 'number' ? fields.flags : flags & ~MessageFlag.Loading & ~MessageFlag.Ephemeral
    next.flags = (given | keep) & ~MessageFlag.Loading
    if (stamp) next.edited_timestamp = new Date(this.now()).toISOString()
    linkMedia(next)
    kept.message = next as TranscriptMessage
    return kept.message
  }

  /** Deletes a kept message, wherever it is referred to. */
  remove(id: string): void {
    const kept = this.messages.get(id)
    if (kept === undefined) return
    this.messages.delete(id)
    const s = kept.source
    if (s.original === id) s.original = undefined
    s.followUps = s.followUps.filter((m) => m !== id)
  }

  /** Forgets the messages of a forgotten interaction; returns their ids. */
  forget(i: Open): string[] {
    const gone: string[] = []
    for (const [id, kept] of this.messages)
      if (kept.source === i) {
        this.messages.delete(id)
        gone.push(id)
      }
    return gone
  }
}

/**
 * An embed's media that names a file of the message (`attachment://name`: the image,
 * the thumbnail, the author's and the footer's icons) comes back as that attachment's
 * addresses, as the service returns it: the URL is the attachment's `url`, with its
 * `proxy_url` (an icon's `proxy_icon_url`) and, for an image or a thumbnail, its
 * `content_type`. So does a layout component's (`linkComponent`). A name the message
 * has no attachment of stays as sent.
 */
function linkMedia(message: Record<string, unknown>): void {
  if (!Array.isArray(message.attachments)) return
  const files = message.attachments as unknown[]
  const fileOf = (url: unknown): Record<string, unknown> | undefined => {
    if (typeof url !== 'string' || !url.startsWith('attachment://')) return undefined
    const name = url.slice('attachment://'.length)
    return files.find((a): a is Record<string, unknown> => isRecord(a) && a.filename === name)
  }
  if (Array.isArray(message.components)) message.components = (message.components as unknown[]).map((c) => linkComponent(c, fileOf))
  if (!Array.isArray(message.embeds)) return
  // New objects where a link is made: an embed kept from before may be shared with a transcript entry.
  message.embeds = (message.embeds as unknown[]).map((e) => {
    if (!isRecord(e)) return e
    let out = e
    for (const key of ['image', 'thumbnail']) {
      const media = e[key]
      const a = isRecord(media) ? fileOf(media.url) : undefined
      if (a !== undefined)
        out = { ...out, [key]: { ...(media as object), url: a.url, proxy_url: a.proxy_url, ...(typeof a.content_type === 'string' ? { content_type: a.content_type } : {}) } }
    }
    for (const key of ['author', 'footer']) {
      const part = e[key]
      const a = isRecord(part) ? fileOf(part.icon_url) : undefined
      if (a !== undefined) out = { ...out, [key]: { ...(part as object), icon_url: a.url, proxy_icon_url: a.proxy_url } }
    }
    return out
  })
}

/**
 * A layout component whose media names a file of the message (a thumbnail's, a
 * gallery item's, a FILE's `attachment://name`), as the service returns it: its
 * `proxy_url`, `content_type` and id as `attachment_id` (OpenAPI
 * `UnfurledMediaResponse`; discord-api-docs PR 7611: "Unfurled Media Items now send
 * back the attachment id (for uploaded and through `attachment://` referenced
 * files)"). A thumbnail's and a gallery item's URL becomes the attachment's `url`
 * (discord-api-docs issue 8277: "the components themselves have the correct urls in
 * their respective media items"); a FILE, which takes `attachment://` references
 * only, keeps its reference, so that it can be sent back, and gets the file's
 * `name` and `size` (`FileComponentResponse`). New objects where it links.
 */
function linkComponent(c: unknown, fileOf: (url: unknown) => Record<string, unknown> | undefined): unknown {
  if (!isRecord(c)) return c
  const linked = (media: unknown, own = false): unknown => {
    const a = isRecord(media) ? fileOf(media.url) : undefined
    if (a === undefined) return media
    const type = typeof a.content_type === 'string' ? { content_type: a.content_type } : {}
    return { ...(media as object), ...(own ? {} : { url: a.url }), proxy_url: a.proxy_url, ...type, attachment_id: a.id }
  }
  let out: Record<string, unknown> = c
  if (Array.isArray(c.components)) out = { ...out, components: c.components.map((x) => linkComponent(x, fileOf)) }
  if (c.accessory !== undefined) out = { ...out, accessory: linkComponent(c.accessory, fileOf) }
  if (c.type === ComponentType.Thumbnail) out = { ...out, media: linked(c.media) }
  if (c.type === ComponentType.MediaGallery && Array.isArray(c.items)) out = { ...out, items: c.items.map((i) => (isRecord(i) ? { ...i, media: linked(i.media) } : i)) }
  const a = c.type === ComponentType.File && isRecord(c.file) ? fileOf(c.file.url) : undefined
  if (a !== undefined) out = { ...out, file: linked(c.file, true), name: a.filename, size: a.size }
  return out
}

/**
 * What the service returns of what an app sent (OpenAPI `MessageResponse`): each
 * embed with its `type` (`'rich'`) and its fields' `inline`, each component with its
 * `id` (`componentIds`, in pre-order). It changes `fields`, a fresh copy of the app's body.
 */
function received(fields: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(fields.embeds)) fields.embeds = (fields.embeds as unknown[]).map((e) => (isRecord(e) ? receivedEmbed(e as EmbedJSON) : e))
  if (Array.isArray(fields.components)) {
    const idOf = componentIds()
    const number = (c: unknown): void => {
      if (!isRecord(c)) return
      c.id = idOf(c.id)
      if (Array.isArray(c.components)) for (const child of c.components) number(child)
      if (c.component !== undefined) number(c.component)
      if (c.accessory !== undefined) number(c.accessory)
    }
    for (const c of fields.components as unknown[]) number(c)
  }
  return fields
}
