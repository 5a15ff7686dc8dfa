/**
 * The interaction side of the emulator: a registry of open interactions, the
 * callback endpoint and the interaction webhook, and a transcript of what the
 * application sent, each entry stamped with the emulator's clock.
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
 * - None of these endpoints needs an Authorization header (the token in the path
 *   authorizes), and none counts against the global rate limit.
 */
import { fakeMessage, MessageFlag, validateInteractionResponse, validateWebhookMessage, type Message, type MessageBodyKind } from '../internal.js'
import { fail, invalidBody, json } from './errors.js'
import type { EmulatorReply } from './http.js'
import { copy, interactionToken, type Snowflakes } from './model.js'
import {
  CALLBACK_WINDOW_MS,
  TOKEN_LIFETIME_MS,
  InteractionErrorCode,
  type EmulatorInteractions,
  type InteractionRecord,
  type Open,
  type OpenedInteraction,
  type OpenInteractionOptions,
  type TranscriptEntry,
  type TranscriptMessage,
} from './interaction-types.js'

export * from './interaction-types.js'

const INTERACTIONS_MAX = 10_000

/** The registry and its endpoints; `createEmulator` holds one and routes `/interactions` and `/webhooks` here. */
export class InteractionRegistry implements EmulatorInteractions {
  private byId = new Map<string, Open>()
  private byToken = new Map<string, Open>()
  private readonly listeners = new Set<(id: string, entry: TranscriptEntry) => void>()

  constructor(
    private readonly now: () => number,
    private readonly ids: Snowflakes,
  ) {}

  clear(): void {
    this.byId = new Map()
    this.byToken = new Map()
  }

  open(applicationId: string, options: OpenInteractionOptions = {}): OpenedInteraction {
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
    const message = options.message === undefined ? undefined : (copy(options.message) as Record<string, unknown>)
    const entry: Open = { opened, callbackType: undefined, deferred: false, original: undefined, message, followUps: [], modal: undefined, choices: undefined, transcript: [] }
    this.byId.set(opened.id, entry)
    this.byToken.set(token, entry)
    // Bounded: the oldest interactions are forgotten first.
    if (this.byId.size > INTERACTIONS_MAX) {
      const [oldest] = this.byId.values() as IterableIterator<Open>
      if (oldest !== undefined) {
        this.byId.delete(oldest.opened.id)
        this.byToken.delete(oldest.opened.token)
      }
    }
    return opened
  }

  respond(interactionId: string, body: unknown): { status: number; body: unknown } {
    const i = this.byId.get(interactionId)
    const reply = i === undefined ? unknownInteraction() : this.callback(i, body, 'response', false)
    return { status: reply.status, body: reply.body === '' ? undefined : (JSON.parse(reply.body) as unknown) }
  }

  get(interactionId: string): InteractionRecord | undefined {
    const i = this.byId.get(interactionId)
    return i === undefined ? undefined : view(i)
  }

  list(): InteractionRecord[] {
    return [...this.byId.values()].map(view)
  }

  subscribe(listener: (interactionId: string, entry: TranscriptEntry) => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** POST /interactions/{id}/{token}/callback: the callback, once, within 3 s. */
  callbackEndpoint(id: string, token: string, body: unknown, withResponse: boolean): EmulatorReply {
    const i = this.byId.get(id)
    if (i === undefined || i.opened.token !== token) return unknownInteraction()
    return this.callback(i, body, 'endpoint', withResponse)
  }

  /** The interaction behind a webhook token of `app`, or why there is none (public API v10: 401 50027, 404 10015). */
  private webhook(app: string, token: string): Open | EmulatorReply {
    const i = this.byToken.get(token)
    if (i === undefined || i.opened.applicationId !== app || this.now() > i.opened.expiresAt) return fail(401, InteractionErrorCode.InvalidWebhookToken, 'Invalid Webhook Token')
    if (i.callbackType === undefined) return fail(404, InteractionErrorCode.UnknownWebhook, 'Unknown Webhook')
    return i
  }

  /** POST /webhooks/{app}/{token}: a follow-up (`wait` is always true for interactions). */
  followUpEndpoint(app: string, token: string, body: unknown): EmulatorReply {
    const i = this.webhook(app, token)
    return 'opened' in i ? this.followUp(i, body) : i
  }

  /** GET, PATCH, DELETE /webhooks/{app}/{token}/messages/{@original or id}. */
  messageEndpoint(app: string, token: string, which: string, method: string, body: unknown): EmulatorReply {
    const i = this.webhook(app, token)
    return 'opened' in i ? this.message(i, method, which, body) : i
  }

  // ------------------------------------------------------------ callback

  private callback(i: Open, body: unknown, via: 'response' | 'endpoint', withResponse: boolean): EmulatorReply {
    const now = this.now()
    if (i.callbackType !== undefined) return fail(400, InteractionErrorCode.AlreadyAcknowledged, 'Interaction has already been acknowledged.')
    if (now > i.opened.answerBy) return unknownInteraction()
    const checked = validateInteractionResponse(body, { interactionType: i.opened.type })
    if (!checked.ok) return emptyOr(checked.issues)
    const { type, data } = body as { type: number; data?: Record<string, unknown> | null }
    i.callbackType = type
    let message: TranscriptMessage | undefined
    switch (type) {
      case 4:
        message = i.original = this.makeMessage(i, data ?? {}, 20)
        break
      case 5:
        i.deferred = true
        message = i.original = this.makeMessage(i, { flags: (data?.flags ?? 0) as number }, 20, MessageFlag.Loading)
        break
      case 7:
        if (i.message !== undefined) {
          Object.assign(i.message, copy(data ?? {}), { edited_timestamp: new Date(now).toISOString() })
          message = copy(i.message) as unknown as TranscriptMessage
        }
        break
      case 8:
        i.choices = copy((data as { choices: unknown[] }).choices)
        break
      case 9:
        i.modal = copy(data)
        break
    }
    const entry: TranscriptEntry = {
      kind: 'callback',
      at: now,
      via,
      type,
      ...(data === undefined || data === null ? {} : { data: copy(data) }),
      ...(message === undefined ? {} : { message: copy(message) }),
    }
    this.record(i, entry)
    if (!withResponse) return { status: 204, headers: {}, body: '' }
    // Public API v10: InteractionCallbackResponse.
    const interaction: Record<string, unknown> = { id: i.opened.id, type: i.opened.type }
    if (i.original !== undefined && (type === 4 || type === 5)) {
      interaction.response_message_id = i.original.id
      interaction.response_message_loading = type === 5
      interaction.response_message_ephemeral = (i.original.flags & MessageFlag.Ephemeral) !== 0
    }
    const out: Record<string, unknown> = { interaction }
    if (message !== undefined) out.resource = { type, message }
    return json(200, out)
  }

  // ------------------------------------------------------------ webhook

  private followUp(i: Open, value: unknown): EmulatorReply {
    const no = check(value, 'follow-up')
    if (no !== undefined) return no
    const body = value as Record<string, unknown>
    let message: TranscriptMessage
    let replacedLoading = false
    if (i.deferred && i.original !== undefined) {
      // Public API v10: after a deferral, the first follow-up takes the place of the "thinking" message.
      message = i.original = this.editMessage(i.original, body, false)
      i.deferred = false
      replacedLoading = true
    } else {
      message = this.makeMessage(i, body, 0)
      i.followUps.push(message)
    }
    this.record(i, { kind: 'followup', at: this.now(), body: copy(body), message: copy(message), replacedLoading })
    return json(200, message)
  }

  private message(i: Open, method: string, which: string, value: unknown): EmulatorReply {
    const isOriginal = which === '@original' || (i.original !== undefined && which === i.original.id)
    const found = isOriginal ? i.original : i.followUps.find((m) => m.id === which)
    if (found === undefined) return fail(404, InteractionErrorCode.UnknownMessage, 'Unknown Message')
    if (method === 'GET') return json(200, found)
    const at = this.now()
    if (method === 'DELETE') {
      if (isOriginal) {
        i.original = undefined
        i.deferred = false
      } else i.followUps = i.followUps.filter((m) => m !== found)
      this.record(i, { kind: isOriginal ? 'original.delete' : 'followup.delete', at, messageId: found.id })
      return { status: 204, headers: {}, body: '' }
    }
    const no = check(value, 'edit')
    if (no !== undefined) return no
    const body = value as Record<string, unknown>
    const edited = this.editMessage(found, body, !(isOriginal && i.deferred))
    if (isOriginal) {
      i.original = edited
      i.deferred = false
    } else i.followUps = i.followUps.map((m) => (m === found ? edited : m))
    this.record(i, { kind: isOriginal ? 'original.edit' : 'followup.edit', at, body: copy(body), message: copy(edited) })
    return json(200, edited)
  }

  // ------------------------------------------------------------ messages

  private makeMessage(i: Open, body: Record<string, unknown>, type: number, extraFlags = 0): TranscriptMessage {
    const app = i.opened.applicationId
    const fields = copy(body)
    const known = (key: string): unknown[] => (Array.isArray(fields[key]) ? (fields[key] as unknown[]) : [])
    const message = fakeMessage({
      id: this.ids.next(),
      channel_id: i.opened.channelId,
      author: { id: app, username: 'app', avatar: null, discriminator: '0', bot: true },
      content: typeof fields.content === 'string' ? fields.content : '',
      embeds: known('embeds'),
      components: known('components'),
      attachments: known('attachments') as Message['attachments'],
      flags: ((typeof fields.flags === 'number' ? fields.flags : 0) | extraFlags) >>> 0,
      timestamp: new Date(this.now()).toISOString(),
      tts: fields.tts === true,
      // Public API v10 message types: 20 CHAT_INPUT_COMMAND (a reply), 0 DEFAULT (a follow-up).
      type,
    })
    return { ...fields, ...message, webhook_id: app, application_id: app } as TranscriptMessage
  }


  /** An edit: each given field overwrites; the LOADING flag goes; ephemeral stays as it was sent. */
  private editMessage(m: TranscriptMessage, body: Record<string, unknown>, stamp: boolean): TranscriptMessage {
    const fields = copy(body)
    const next: Record<string, unknown> = { ...m }
    for (const [key, value] of Object.entries(fields)) {
      if (key === 'flags') continue
      Object.defineProperty(next, key, { value: value ?? (key === 'content' ? '' : []), enumerable: true, writable: true, configurable: true })
    }
    const keep = m.flags & MessageFlag.Ephemeral
    const given = typeof fields.flags === 'number' ? fields.flags : m.flags & ~MessageFlag.Loading & ~MessageFlag.Ephemeral
    next.flags = (given | keep) & ~MessageFlag.Loading
    if (stamp) next.edited_timestamp = new Date(this.now()).toISOString()
    return next as TranscriptMessage
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
}

function view(i: Open): InteractionRecord {
  return copy({
    ...i.opened,
    acknowledged: i.callbackType !== undefined,
    callbackType: i.callbackType,
    deferred: i.deferred,
    original: i.original,
    followUps: i.followUps,
    modal: i.modal,
    choices: i.choices,
    transcript: i.transcript,
  })
}

const unknownInteraction = (): EmulatorReply => fail(404, InteractionErrorCode.UnknownInteraction, 'Unknown interaction')

/** 400: "Cannot send an empty message" (50006) when that is the only problem, else Invalid Form Body. */
function emptyOr(issues: readonly { code: string }[]): EmulatorReply {
  if (issues.length === 1 && issues[0]?.code === 'response.empty') return fail(400, InteractionErrorCode.CannotSendEmptyMessage, 'Cannot send an empty message')
  return invalidBody(issues as Parameters<typeof invalidBody>[0])
}

function check(body: unknown, kind: MessageBodyKind): EmulatorReply | undefined {
  const r = validateWebhookMessage(body, kind)
  return r.ok ? undefined : emptyOr(r.issues)
}
