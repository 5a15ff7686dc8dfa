/**
 * The context a handler gets beside its values: who invoked it and where (the
 * fields of "Interaction payloads received by the application": member with its
 * permissions, guild and channel ids, locale, guild locale, app permissions; the
 * user outside a guild is a public API v10 field), and the ways to answer: now (the
 * callback) or later through the interaction webhook (public API v10).
 */
import type { AnyInteraction, InteractionBase, InteractionResponseJSON, Member, ModalJSON, User, WebhookMessage, WebhookMessageJSON } from '../internal.js'
import { EPHEMERAL, validateInteractionResponse, ValidationError } from '../internal.js'
import type { InteractionEndpoints, MessageInput } from '../rest/index.js'
import type { Modal } from './modal.js'

/** How a message is sent: `ephemeral` shows it to the invoking user only (flag 64). */
export interface SendOptions {
  readonly ephemeral?: boolean
}

/** The invoking member in a guild: the payload's `member`, with its user and permissions. */
export type InvokingMember = Member & { user: User; permissions: string }

/** The context of every interaction a handler gets. */
export interface Context<I extends AnyInteraction = AnyInteraction> {
  /** The payload as received. */
  readonly interaction: I
  /** The interaction id and token (the token authorizes the webhook for 15 minutes). */
  readonly id: string
  readonly token: string
  readonly applicationId: string
  /** The invoking user: `member.user` in a guild, `user` elsewhere. */
  readonly user: User
  /** The invoking member, in a guild; `undefined` in DMs. */
  readonly member: InvokingMember | undefined
  /** The member's permissions in the channel (a bit set string), in a guild. */
  readonly memberPermissions: string | undefined
  readonly guildId: string | undefined
  readonly channelId: string | undefined
  /** The invoking client's locale; answer in it. */
  readonly locale: string | undefined
  readonly guildLocale: string | undefined
  /** The app's permissions in the channel (a bit set string). */
  readonly appPermissions: string | undefined
  /** Whether the interaction is answered (a reply, a deferral or a modal was sent). */
  readonly answered: boolean
  /** Whether the answer was a deferral (by the handler or by the 3-second rule) that no reply has replaced yet. */
  readonly deferred: boolean
  /** Answers now with a message (callback 4). */
  reply(message: MessageInput, options?: SendOptions): Promise<void>
  /** Answers now with a deferral (callback 5; 6 for components): answer later with `editReply`. */
  defer(options?: SendOptions): Promise<void>
  /** Answers now with a modal (callback 9); its submit goes to the `modals` handler of its `custom_id`. */
  showModal(modal: Modal | ModalJSON): Promise<void>
  /** Components (and modal submits from one): answers now by updating the message that holds the component (callback 7). */
  update(message: MessageInput): Promise<void>
  /** A follow-up message through the webhook. */
  followUp(message: MessageInput, options?: SendOptions): Promise<WebhookMessage>
  /** Edits the original response (the deferred one becomes the answer). */
  editReply(message: MessageInput): Promise<WebhookMessage>
  /** Deletes the original response. */
  deleteReply(): Promise<void>
  editFollowUp(messageId: string, message: MessageInput): Promise<WebhookMessage>
  deleteFollowUp(messageId: string): Promise<void>
}

/** Where a context sends its first answer (the HTTP response, or the callback endpoint). */
export type Answer = (body: InteractionResponseJSON) => Promise<void>

/** The message body of an input, with the ephemeral flag when asked. */
export function messageOf(input: MessageInput, options: SendOptions = {}): WebhookMessageJSON {
  const body: WebhookMessageJSON = typeof input === 'string' ? { content: input } : { ...input }
  if (options.ephemeral === true) body.flags = (body.flags ?? 0) | EPHEMERAL
  return body
}

const modalJSON = (m: Modal | ModalJSON): ModalJSON => ('toJSON' in m && typeof m.toJSON === 'function' ? m.toJSON() : (m as ModalJSON))

/** Public API v10: a webhook call that reaches the service before it has the callback finds no webhook yet (10015). */
const UNKNOWN_WEBHOOK = 10015

/** The mutable state behind a context. */
export interface ContextState {
  answered: boolean
  deferred: boolean
  /** The deferral's callback type (5, or 6 for a component). */
  deferType: 5 | 6 | undefined
}

/**
 * A context for an interaction, and the function that sends its first answer
 * (checked with `validateInteractionResponse` first). `answer` sends it; webhook
 * calls wait for it, and retry briefly while the service has not taken the HTTP
 * answer yet.
 */
export function createContext<I extends AnyInteraction>(
  interaction: I,
  endpoints: () => InteractionEndpoints,
  answer: Answer,
  state: ContextState = { answered: false, deferred: false, deferType: undefined },
  sleep: (ms: number) => Promise<void> = defaultSleep,
): { readonly context: Context<I>; readonly answer: Answer } {
  const i = interaction as unknown as Omit<InteractionBase, 'member'> & { type: number; member?: InvokingMember }
  const member = i.member
  let first: Promise<void> | undefined
  const once = (body: InteractionResponseJSON): Promise<void> => {
    if (state.answered) return Promise.reject(new Error('this interaction is already answered; use followUp or editReply'))
    const checked = validateInteractionResponse(body, { interactionType: i.type })
    if (!checked.ok) return Promise.reject(new ValidationError(checked.issues, 'interaction response'))
    state.answered = true
    state.deferred = body.type === 5 || body.type === 6
    if (state.deferred) state.deferType = body.type as 5 | 6
    first = answer(body)
    return first
  }
  /**
   * Webhook calls: after the first answer (a call before any answer defers first: the
   * webhook exists only once the interaction is acknowledged); a 10015 (the service
   * has not taken the HTTP answer yet) is retried briefly.
   */
  const hook = async <T>(call: (e: InteractionEndpoints) => Promise<T>): Promise<T> => {
    if (!state.answered) await once(i.type === 3 ? { type: 6 } : { type: 5 })
    else if (first !== undefined) await first
    for (let attempt = 0; ; attempt++) {
      try {
        return await call(endpoints())
      } catch (error) {
        const code = (error as { code?: unknown }).code
        if (code !== UNKNOWN_WEBHOOK || attempt >= 6) throw error
        await sleep(50 * 2 ** attempt)
      }
    }
  }
  const context: Context<I> = {
    interaction,
    id: i.id,
    token: i.token,
    applicationId: i.application_id,
    user: (member?.user ?? i.user) as User,
    member,
    memberPermissions: member?.permissions,
    guildId: i.guild_id,
    channelId: i.channel_id,
    locale: i.locale,
    guildLocale: i.guild_locale,
    appPermissions: i.app_permissions,
    get answered() {
      return state.answered
    },
    get deferred() {
      return state.deferred
    },
    reply: (message, options) => once({ type: 4, data: messageOf(message, options) }),
    defer: (options) => {
      if (i.type === 3) return once({ type: 6 })
      return once(options?.ephemeral === true ? { type: 5, data: { flags: EPHEMERAL } } : { type: 5 })
    },
    showModal: (m) => once({ type: 9, data: modalJSON(m) }),
    update: (message) => once({ type: 7, data: messageOf(message) }),
    followUp: (message, options) => hook((e) => e.followUp(i.token, messageOf(message, options))),
    editReply: async (message) => {
      const sent = await hook((e) => e.editOriginal(i.token, messageOf(message)))
      state.deferred = false
      return sent
    },
    deleteReply: () => hook((e) => e.deleteOriginal(i.token)),
    editFollowUp: (id, message) => hook((e) => e.editFollowUp(i.token, id, messageOf(message))),
    deleteFollowUp: (id) => hook((e) => e.deleteFollowUp(i.token, id)),
  }
  return { context, answer: once }
}

function defaultSleep(ms: number): Promise<void> {
  const timer = (globalThis as { setTimeout?: (callback: () => void, ms: number) => unknown }).setTimeout
  return timer === undefined ? Promise.resolve() : new Promise((resolve) => void timer(resolve, ms))
}
