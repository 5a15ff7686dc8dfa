/**
 * The interaction side of the emulator: a registry of open interactions, the
 * callback endpoint and the interaction webhook, the messages the application sent
 * (kept once each, whichever interaction edits them), and a transcript of what the
 * application did, each entry stamped with the emulator's clock.
 *
 * The spec shows none of it ("Events" 2: the transport and response formats are
 * "not shown"); every behaviour here is a public API v10 fact:
 *
 * - POST /interactions/{id}/{token}/callback answers an interaction once; a second
 *   callback is 400 with code 40060 ("Interaction has already been acknowledged");
 *   after 3 seconds the interaction can no longer be answered (404, code 10062
 *   "Unknown interaction"). `?with_response=true` returns the
 *   `InteractionCallbackResponse`; otherwise 204.
 * - The token stays valid for 15 minutes for the webhook endpoints:
 *   POST /webhooks/{app}/{token} (a follow-up; `wait` is always true for
 *   interactions), GET/PATCH/DELETE /webhooks/{app}/{token}/messages/@original and
 *   .../messages/{message_id}. An unknown or expired token is 401, code 50027
 *   ("Invalid Webhook Token"); a token not acknowledged yet has no webhook (404,
 *   code 10015 "Unknown Webhook"); an unknown message is 404, code 10008.
 * - After a deferral (callback 5) the original is a "thinking" message (flag
 *   LOADING, 128) until it is edited; the first follow-up also replaces it.
 * - A component interaction (type 3), and a modal submit from a component, answer
 *   with UPDATE_MESSAGE (7, the component's message changes now) or
 *   DEFERRED_UPDATE_MESSAGE (6, it changes when the app edits `@original`, which is
 *   that message from then on).
 * - None of these endpoints needs an Authorization header (the token in the path
 *   authorizes), and none counts against the global rate limit.
 * - The callback, a follow-up and the two edits take files (uploads.ts): each is an
 *   attachment of its message, its bytes kept for `file(id)` (message-files.ts).
 */
import { CommandType, InteractionCallbackType, InteractionType, MessageFlag, MessageType, validateInteractionResponse } from '../internal.js'
import { fail, invalidBody, json } from './errors.js'
import { check, choiceTypes, emptyOr, keptLayout, unknownInteraction, updateRefusal } from './interaction-refusals.js'
import type { EmulatorReply } from './http.js'
import { AnswerHolds } from './answer-hold.js'
import type { KeptFile } from './interaction-types.js'
import { KeptMessages } from './kept-messages.js'
import { callbackResponse, copy, interactionToken, type Snowflakes } from './model.js'
import { filesRefused, MessageFiles, withUploads } from './message-files.js'
import type { Upload } from './uploads.js'
import {
  CALLBACK_WINDOW_MS,
  TOKEN_LIFETIME_MS,
  InteractionErrorCode,
  type EmulatorInteractions,
  type InteractionRecord,
  type Kept,
  type Open,
  type OpenedInteraction,
  type OpenSettings,
  type TranscriptEntry,
  type TranscriptMessage,
} from './interaction-types.js'
import { parseUrl } from './routes.js'

export * from './interaction-types.js'

const INTERACTIONS_MAX = 10_000

/** The registry and its endpoints; `createEmulator` holds one and its route table routes `/interactions` and `/webhooks` here. */
export class InteractionRegistry implements EmulatorInteractions {
  private byId = new Map<string, Open>()
  private byToken = new Map<string, Open>()
  private readonly listeners = new Set<(id: string, entry: TranscriptEntry) => void>()
  private readonly holds = new AnswerHolds()

  /** Every message an application sent through an interaction and did not delete. */
  private readonly messages: KeptMessages
  /** The bytes of their attachments, and of the files steps declared with theirs (what the CDN answers). */
  readonly files: MessageFiles

  constructor(
    private readonly now: () => number,
    private readonly ids: Snowflakes,
  ) {
    this.messages = new KeptMessages(now, ids)
    this.files = new MessageFiles(ids)
  }

  clear(): void {
    this.byId = new Map()
    this.byToken = new Map()
    this.messages.clear()
    this.files.clear()
  }

  open(applicationId: string, options: OpenSettings = {}): OpenedInteraction {
    const id = this.ids.next()
    const token = options.token ?? interactionToken(id)
    if (this.byToken.has(token)) throw new Error('interactions.open: that token is already in use')
    const at = this.now()
    const opened: OpenedInteraction = {
      id,
      token,
      applicationId,
      type: options.type ?? 2,
      channelId: options.channelId ?? this.ids.next(),
      guildId: options.guildId,
      openedAt: at,
      answerBy: at + CALLBACK_WINDOW_MS,
      expiresAt: at + TOKEN_LIFETIME_MS,
    }
    const entry: Open = {
      opened,
      callbackType: undefined,
      deferred: false,
      updatePending: false,
      original: undefined,
      followUps: [],
      message: undefined,
      modal: undefined,
      modalOpen: false,
      choices: undefined,
      transcript: [],
      userId: options.userId,
      focusedType: options.focusedType,
      triggering: options.triggering,
      payload: undefined,
      hold: undefined,
    }
    if (options.message !== undefined) {
      // A message of the store is that message; any other is kept from now on, as this interaction's.
      const kept = this.messages.adopt(entry, copy(options.message) as Record<string, unknown>)
      ;(entry as { message: string | undefined }).message = kept.message.id
    }
    this.byId.set(opened.id, entry)
    this.byToken.set(token, entry)
    // Bounded: the oldest interactions are forgotten first, with their messages.
    if (this.byId.size > INTERACTIONS_MAX) {
      const [oldest] = this.byId.values() as IterableIterator<Open>
      if (oldest !== undefined) this.forget(oldest)
    }
    return opened
  }

  private forget(i: Open): void {
    this.byId.delete(i.opened.id)
    this.byToken.delete(i.opened.token)
    for (const id of this.messages.forget(i)) this.files.drop(id)
  }

  /** `uploads`: the files of an HTTP answer of `multipart/form-data` (read by uploads.ts). */
  respond(interactionId: string, body: unknown, uploads: readonly Upload[] = []): { status: number; body: unknown } {
    const i = this.byId.get(interactionId)
    const reply = i === undefined ? unknownInteraction() : this.callback(i, body, 'response', false, uploads)
    return { status: reply.status, body: reply.body === '' ? undefined : (JSON.parse(reply.body) as unknown) }
  }

  file(attachmentId: string): KeptFile | undefined {
    return this.files.get(attachmentId)
  }

  get(interactionId: string): InteractionRecord | undefined {
    const i = this.byId.get(interactionId)
    return i === undefined ? undefined : this.view(i)
  }

  list(): InteractionRecord[] {
    return [...this.byId.values()].map((i) => this.view(i))
  }

  subscribe(listener: (interactionId: string, entry: TranscriptEntry) => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  // ------------------------------------------------------------ for invoke

  /** The open interaction behind an id (the invoker's view: what it delivers, and what was shown in it). */
  entry(interactionId: string): Open | undefined {
    return this.byId.get(interactionId)
  }

  /** A kept message by id, and the interaction that made it. */
  kept(messageId: string): Kept | undefined {
    return this.messages.get(messageId)
  }

  /** Every kept message, newest first. */
  keptMessages(): Kept[] {
    return this.messages.newestFirst()
  }

  /** Every interaction whose modal is still open, newest first. */
  openModals(): Open[] {
    return [...this.byId.values()].filter((i) => i.modalOpen).reverse()
  }

  /** Closes the modal an interaction showed: it was submitted. */
  closeModal(i: Open): void {
    i.modalOpen = false
  }

  /**
   * The delivery of interaction `id` to the app: `answered()` when the app's HTTP
   * answer exists, `done()` once it is taken or the delivery failed; meanwhile
   * webhook calls with its token wait (`ready`, answer-hold.ts).
   */
  delivery(interactionId: string): { answered(): void; done(): void } {
    return this.holds.delivery(this.byId.get(interactionId))
  }

  /** For a request to an interaction endpoint while its delivery is under way: a promise to wait for first; else `undefined`. */
  ready(url: string): Promise<void> | undefined {
    if (this.holds.idle) return undefined
    // /webhooks/{app}/{token}/... and /interactions/{id}/{token}/callback: the token is the third segment.
    const [root, , token] = parseUrl(url)?.segments ?? []
    return (root === 'webhooks' || root === 'interactions') && token !== undefined ? this.holds.ready(this.byToken.get(token)) : undefined
  }

  // ------------------------------------------------------------ endpoints

  /** POST /interactions/{id}/{token}/callback: the callback, once, within 3 s. */
  callbackEndpoint(id: string, token: string, body: unknown, withResponse: boolean, uploads: readonly Upload[] = []): EmulatorReply {
    const i = this.byId.get(id)
    if (i === undefined || i.opened.token !== token) return unknownInteraction()
    const reply = this.callback(i, body, 'endpoint', withResponse, uploads)
    if (reply.status >= 400 && i.callbackType === undefined) i.refused = { status: reply.status, body: reply.body }
    return reply
  }

  /** The interaction behind a webhook token of `app`, or why there is none (public API v10: 401 50027, 404 10015). */
  private webhook(app: string, token: string): Open | EmulatorReply {
    const i = this.byToken.get(token)
    if (i === undefined || i.opened.applicationId !== app || this.now() > i.opened.expiresAt) return fail(401, InteractionErrorCode.InvalidWebhookToken, 'Invalid Webhook Token')
    if (i.callbackType === undefined) return fail(404, InteractionErrorCode.UnknownWebhook, 'Unknown Webhook')
    return i
  }

  /** POST /webhooks/{app}/{token}: a follow-up (`wait` is always true for interactions). */
  followUpEndpoint(app: string, token: string, body: unknown, uploads: readonly Upload[] = []): EmulatorReply {
    const i = this.webhook(app, token)
    return 'opened' in i ? this.followUp(i, body, uploads) : i
  }

  /** GET, PATCH, DELETE /webhooks/{app}/{token}/messages/{@original or id}. */
  messageEndpoint(app: string, token: string, which: string, method: string, body: unknown, uploads: readonly Upload[] = []): EmulatorReply {
    const i = this.webhook(app, token)
    return 'opened' in i ? this.message(i, method, which, body, uploads) : i
  }

  // ------------------------------------------------------------ callback

  private callback(i: Open, body: unknown, via: 'response' | 'endpoint', withResponse: boolean, uploads: readonly Upload[] = []): EmulatorReply {
    const now = this.now()
    if (i.callbackType !== undefined) return fail(400, InteractionErrorCode.AlreadyAcknowledged, 'Interaction has already been acknowledged.')
    if (now > i.opened.answerBy) return unknownInteraction()
    const checked = validateInteractionResponse(withUploads(body, uploads, true), { interactionType: i.opened.type })
    if (!checked.ok) return emptyOr(checked.issues)
    const { type, data } = body as { type: number; data?: Record<string, unknown> | null }
    const carries = type === InteractionCallbackType.ChannelMessageWithSource || type === InteractionCallbackType.UpdateMessage
    if (uploads.length > 0 && !carries) return filesRefused(type)
    // Callbacks 6 and 7 act on the component's message: there must be one, and it must still be there.
    const source = this.messages.get(i.message)
    const unfit = updateRefusal(type, i.message, source?.message, data)
    if (unfit !== undefined) return unfit
    if (type === InteractionCallbackType.ApplicationCommandAutocompleteResult) {
      const wrong = choiceTypes(i.focusedType, (data as { choices: unknown }).choices)
      if (wrong.length > 0) return invalidBody(wrong)
    }
    // A message (4) is new; an update (7) edits the component's message.
    const edited = type === InteractionCallbackType.UpdateMessage ? source : undefined
    const d = data ?? {}
    const resolved = carries ? this.files.resolve(d, uploads, edited, edited?.message.channel_id ?? i.opened.channelId, (edited?.message ?? d).flags, ['data']) : undefined
    if (resolved !== undefined && 'status' in resolved) return resolved
    i.callbackType = type
    let message: TranscriptMessage | undefined
    switch (type) {
      case InteractionCallbackType.ChannelMessageWithSource:
        message = this.messages.create(i, (resolved as { body: Record<string, unknown> }).body, this.replyType(i))
        i.original = message.id
        break
      case InteractionCallbackType.DeferredChannelMessageWithSource:
        i.deferred = true
        message = this.messages.create(i, { flags: (data?.flags ?? 0) as number }, this.replyType(i), MessageFlag.Loading)
        i.original = message.id
        break
      case InteractionCallbackType.DeferredUpdateMessage:
        i.updatePending = true
        i.original = i.message
        break
      case InteractionCallbackType.UpdateMessage:
        message = this.messages.edit(source as Kept, (resolved as { body: Record<string, unknown> }).body, true)
        i.original = i.message
        break
      case InteractionCallbackType.ApplicationCommandAutocompleteResult:
        i.choices = copy((data as { choices: unknown[] }).choices)
        break
      case InteractionCallbackType.Modal:
        i.modal = copy(data)
        i.modalOpen = true
        break
    }
    if (message !== undefined && resolved !== undefined) this.files.keep(message.id, resolved)
    const entry: TranscriptEntry = {
      kind: 'callback',
      at: now,
      via,
      type,
      ...(data === undefined || data === null ? {} : { data: copy(data) }),
      ...(message === undefined ? {} : { message: copy(message) }),
    }
    this.record(i, entry)
    return withResponse ? json(200, callbackResponse(i.opened, type, message)) : { status: 204, headers: {}, body: '' }
  }

  /** Public API v10 message types: 20 CHAT_INPUT_COMMAND, 23 CONTEXT_MENU_COMMAND (a command's reply), 0 DEFAULT (to a component or modal, a follow-up). */
  private replyType(i: Open): number {
    if (i.opened.type !== InteractionType.ApplicationCommand) return MessageType.Default
    const command = (i.payload?.data as { type?: unknown } | undefined)?.type
    return command === CommandType.User || command === CommandType.Message ? MessageType.ContextMenuCommand : MessageType.ChatInputCommand
  }

  // ------------------------------------------------------------ webhook

  private followUp(i: Open, value: unknown, uploads: readonly Upload[]): EmulatorReply {
    const no = check(withUploads(value, uploads), 'follow-up')
    if (no !== undefined) return no
    const given = value as Record<string, unknown>
    const original = this.messages.get(i.original)
    // Public API v10: after a deferral, the first follow-up takes the place of the "thinking" message.
    const replaces = i.deferred && original !== undefined
    const resolved = this.files.resolve(given, uploads, undefined, i.opened.channelId, replaces ? (original as Kept).message.flags : given.flags, [])
    if ('status' in resolved) return resolved
    const body = resolved.body
    let message: TranscriptMessage
    if (replaces) {
      message = this.messages.edit(original as Kept, body, false)
      i.deferred = false
    } else {
      message = this.messages.create(i, body, 0)
      i.followUps.push(message.id)
    }
    this.files.keep(message.id, resolved)
    i.updatePending = false
    this.record(i, { kind: 'followup', at: this.now(), body: copy(given), message: copy(message), replacedLoading: replaces })
    return json(200, message)
  }

  private message(i: Open, method: string, which: string, value: unknown, uploads: readonly Upload[]): EmulatorReply {
    const isOriginal = which === '@original' || (i.original !== undefined && which === i.original)
    const id = isOriginal ? i.original : i.followUps.find((m) => m === which)
    const kept = this.messages.get(id)
    if (kept === undefined) return fail(404, InteractionErrorCode.UnknownMessage, 'Unknown Message')
    if (method === 'GET') return json(200, kept.message)
    const at = this.now()
    if (method === 'DELETE') {
      this.messages.remove(kept.message.id)
      this.files.drop(kept.message.id)
      if (isOriginal) i.deferred = i.updatePending = false
      this.record(i, { kind: isOriginal ? 'original.delete' : 'followup.delete', at, messageId: kept.message.id })
      return { status: 204, headers: {}, body: '' }
    }
    const no = check(value, 'edit') ?? keptLayout(kept.message, value, [])
    if (no !== undefined) return no
    const given = value as Record<string, unknown>
    const resolved = this.files.resolve(given, uploads, kept, kept.message.channel_id, kept.message.flags, [])
    if ('status' in resolved) return resolved
    this.messages.edit(kept, resolved.body, !(isOriginal && i.deferred))
    this.files.keep(kept.message.id, resolved)
    if (isOriginal) i.deferred = i.updatePending = false
    this.record(i, { kind: isOriginal ? 'original.edit' : 'followup.edit', at, body: copy(given), message: copy(kept.message) })
    return json(200, kept.message)
  }

  private record(i: Open, entry: TranscriptEntry): void {
    i.transcript.push(entry)
    for (const listener of [...this.listeners]) {
      try {
        listener(i.opened.id, entry)
      } catch {
        // A listener's failure is its own; the emulator answers on.
      }
    }
  }

  private view(i: Open): InteractionRecord {
    const message = (id: string | undefined): TranscriptMessage | undefined => this.messages.get(id)?.message
    return copy({
      ...i.opened,
      acknowledged: i.callbackType !== undefined,
      callbackType: i.callbackType,
      deferred: i.deferred,
      updatePending: i.updatePending,
      userId: i.userId,
      messageId: i.message,
      original: message(i.original),
      followUps: i.followUps.map(message).filter((m) => m !== undefined),
      modal: i.modal,
      modalOpen: i.modalOpen,
      choices: i.choices,
      transcript: i.transcript,
    })
  }
}
