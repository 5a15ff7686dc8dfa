/**
 * The context a handler gets beside its values: who invoked it and where (the
 * fields of "Interaction payloads received by the application": member with its
 * permissions, guild and channel ids, locale, guild locale, app permissions; the
 * user outside a guild is a public API v10 field), and the ways to answer: now (the
 * callback) or later through the interaction webhook (public API v10).
 *
 * The context owns the state of its interaction's answer (answered, deferred, by
 * whom, how) and is the only writer of it. The dispatcher drives it through the
 * `Session` `createSession` returns beside it: the 3-second deferral, the handler's
 * returned answer, the notice after a failure.
 */
import type { AnyInteraction, InteractionBase, InteractionResponseJSON, Member, ModalJSON, User, WebhookMessage, WebhookMessageJSON } from '../internal.js'
import { deferralFor, EPHEMERAL, InteractionCallbackType, InteractionType, MessageFlag, validateInteractionResponse, ValidationError } from '../internal.js'
import type { InteractionEndpoints, MessageInput } from '../rest/index.js'
import type { DispatchStep } from './errors.js'
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
  /**
   * The payload's `application_id`. The public docs' own examples omit it; such an
   * interaction is answered all the same, and its webhook calls go through the REST
   * client of its application (`rest`).
   */
  readonly applicationId: string | undefined
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
  /**
   * Answers with a message (callback 4). After a deferral (yours, or the automatic
   * one of the 3-second rule) it is the deferral's answer instead: the edit of the
   * original ("thinking..." becomes the message), or, when `ephemeral` differs from
   * the deferral's, the "thinking..." message deleted and this one sent as a
   * follow-up, so that it is seen as asked.
   */
  reply(message: MessageInput, options?: SendOptions): Promise<void>
  /** Answers with a deferral (callback 5; 6 for components): answer later with `reply` or `editReply`. After a deferral, does nothing. */
  defer(options?: SendOptions): Promise<void>
  /**
   * Answers with a modal (callback 9); its submit goes to the `modals` handler of its
   * `custom_id`. The service takes no modal after a deferral: a handler that shows one
   * late must have its command in `noAutoDefer`.
   */
  showModal(modal: Modal | ModalJSON): Promise<void>
  /** Components (and modal submits from one): updates the message that holds the component (callback 7; after a deferral, its edit). */
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

/** What a session is made from. */
export interface SessionOptions {
  /** The interaction endpoints of the interaction's application; throws when there is no way to reach them. */
  readonly endpoints: () => InteractionEndpoints
  /** Sends the first answer. */
  readonly send: Answer
  /** Whether the automatic deferral is ephemeral. */
  readonly deferEphemeral: boolean
  /** What a refused modal after the automatic deferral says to do (names the command and `noAutoDefer`). */
  readonly optOut: string
  readonly sleep?: (ms: number) => Promise<void>
}

/** The dispatcher's side of one interaction: what it asks of the context it made. */
export interface Session<I extends AnyInteraction = AnyInteraction> {
  readonly context: Context<I>
  /** The 3-second rule: defers now unless answered (autocomplete, which cannot be deferred, gets no suggestions). */
  deferNow(): Promise<void>
  /** Sends what the handler returned: the first answer, or after a deferral its answer (as `reply` does). */
  respond(body: InteractionResponseJSON): Promise<void>
  /** Tells the user, ephemerally, that something went wrong, by whatever way is still open. */
  notice(text: string): Promise<void>
  /** The step at which `error` was thrown by this context (a rejected call the handler let through), if it was. */
  stepOf(error: unknown): DispatchStep | undefined
  /** Whether the automatic deferral answered an autocomplete request (its late choices are not shown). */
  readonly expired: boolean
  /** Resolves once the first answer is sent or failed: to why it failed, if it did. */
  settled(): Promise<{ readonly error: unknown } | undefined>
}

/**
 * A context for an interaction and the session that drives it. The first answer is
 * checked with `validateInteractionResponse` and sent once; webhook calls wait for
 * it, and retry briefly while the service has not taken the HTTP answer yet.
 */
export function createSession<I extends AnyInteraction>(interaction: I, options: SessionOptions): Session<I> {
  const i = interaction as unknown as Omit<InteractionBase, 'member' | 'application_id'> & { type: number; member?: InvokingMember; application_id?: string }
  const member = i.member
  const sleep = options.sleep ?? defaultSleep
  const autocomplete = i.type === InteractionType.ApplicationCommandAutocomplete
  // The state of the answer: owned here, written only here.
  let answered = false
  /** The callback type of a deferral no answer has replaced yet (5, or 6 for a component). */
  let deferral: number | undefined
  let deferredEphemeral = false
  let automatic = false
  let expired = false
  let first: Promise<void> | undefined
  /** The last error a call of this context threw, and its step. */
  let failure: { error: unknown; step: DispatchStep } | undefined
  /** Why the first answer could not be sent, once it could not. */
  let callbackError: { error: unknown } | undefined

  const fail = (step: DispatchStep, error: unknown): Promise<never> => {
    failure = { error, step }
    return Promise.reject(error)
  }
  /**
   * A call's promise, marked as handled: a handler that does not await a call it
   * makes must not take the process down with an unhandled rejection. The caller
   * still gets the rejection when it awaits.
   */
  const handled = <T>(p: Promise<T>): Promise<T> => {
    p.catch(() => undefined)
    return p
  }

  /** The first answer: checked, sent once. */
  const answer = (body: InteractionResponseJSON): Promise<void> => {
    const checked = validateInteractionResponse(body, { interactionType: i.type })
    if (!checked.ok) return fail('response', new ValidationError(checked.issues, 'interaction response'))
    answered = true
    const deferType = body.type === InteractionCallbackType.DeferredChannelMessageWithSource || body.type === InteractionCallbackType.DeferredUpdateMessage
    deferral = deferType ? body.type : undefined
    deferredEphemeral = deferType && (((body as { data?: { flags?: number } }).data?.flags ?? 0) & EPHEMERAL) !== 0
    first = options.send(body).catch((error: unknown) => {
      callbackError = { error }
      return fail('callback', error)
    })
    return handled(first)
  }

  /**
   * Webhook calls: after the first answer (a call before any answer defers first: the
   * webhook exists only once the interaction is acknowledged); a 10015 (the service
   * has not taken the HTTP answer yet) is retried briefly.
   */
  const hook = async <T>(call: (e: InteractionEndpoints) => Promise<T>): Promise<T> => {
    if (!answered) await answer(deferralFor(i.type))
    else if (first !== undefined) await first
    for (let attempt = 0; ; attempt++) {
      try {
        return await call(options.endpoints())
      } catch (error) {
        const code = (error as { code?: unknown }).code
        if (code !== UNKNOWN_WEBHOOK || attempt >= 6) return fail('follow-up', error)
        await sleep(50 * 2 ** attempt)
      }
    }
  }

  const refuseModal = (): Promise<never> =>
    fail(
      'response',
      new Error(
        automatic
          ? `the service takes no modal after a deferral, and this interaction was deferred automatically (the 3-second rule) because its handler had not answered in time; show the modal first, or ${options.optOut}`
          : 'the service takes no modal after a deferral; show the modal instead of deferring',
      ),
    )
  const already = (): Promise<never> => fail('handler', new Error('this interaction is already answered; use followUp or editReply'))

  /** The answer after a deferral: the message as the edit of the original, or as a follow-up when it must be seen otherwise. */
  const afterDeferral = async (body: InteractionResponseJSON): Promise<void> => {
    const type = body.type
    if (type === InteractionCallbackType.DeferredChannelMessageWithSource || type === InteractionCallbackType.DeferredUpdateMessage) return
    if (type === InteractionCallbackType.Modal) return refuseModal()
    if (type !== InteractionCallbackType.ChannelMessageWithSource && type !== InteractionCallbackType.UpdateMessage)
      return fail('response', new Error(`a callback of type ${type} cannot follow a deferral`))
    const checked = validateInteractionResponse(body, { interactionType: i.type })
    if (!checked.ok) return fail('response', new ValidationError(checked.issues, 'interaction response'))
    const data = { ...(body.data as WebhookMessageJSON) }
    const ephemeral = ((data.flags ?? 0) & EPHEMERAL) !== 0
    const pending = deferral
    deferral = undefined
    if (type === InteractionCallbackType.ChannelMessageWithSource && pending === InteractionCallbackType.DeferredUpdateMessage) {
      // A component's deferred update leaves its message as it is: a new message is a follow-up.
      await hook((e) => e.followUp(i.token, data))
      return
    }
    if (type === InteractionCallbackType.ChannelMessageWithSource && ephemeral !== deferredEphemeral) {
      // Whether a message is ephemeral is fixed when it is sent: "thinking..." goes, the message comes as asked.
      await hook((e) => e.deleteOriginal(i.token))
      await hook((e) => e.followUp(i.token, data))
      return
    }
    // An edit sets only the flags an edit may set (public API v10).
    if (data.flags !== undefined) data.flags &= MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2
    await hook((e) => e.editOriginal(i.token, data))
  }

  /** An answer by the handler, through its context or by returning it. */
  const give = (body: InteractionResponseJSON): Promise<void> => {
    if (!answered) return answer(body)
    if (deferral !== undefined) return afterDeferral(body)
    return already()
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
      return answered
    },
    get deferred() {
      return deferral !== undefined
    },
    reply: (message, o) => handled(give({ type: InteractionCallbackType.ChannelMessageWithSource, data: messageOf(message, o) })),
    defer: (o) => handled(give(deferralFor(i.type, o))),
    showModal: (m) => handled(give({ type: InteractionCallbackType.Modal, data: modalJSON(m) })),
    update: (message) => handled(give({ type: InteractionCallbackType.UpdateMessage, data: messageOf(message) })),
    followUp: (message, o) => handled(hook((e) => e.followUp(i.token, messageOf(message, o)))),
    editReply: (message) =>
      handled(
        hook((e) => e.editOriginal(i.token, messageOf(message))).then((sent) => {
          deferral = undefined
          return sent
        }),
      ),
    deleteReply: () => handled(hook((e) => e.deleteOriginal(i.token))),
    editFollowUp: (id, message) => handled(hook((e) => e.editFollowUp(i.token, id, messageOf(message)))),
    deleteFollowUp: (id) => handled(hook((e) => e.deleteFollowUp(i.token, id))),
  }

  return {
    context,
    get expired() {
      return expired
    },
    deferNow: () => {
      if (answered) return Promise.resolve()
      if (!autocomplete) {
        automatic = true
        return answer(deferralFor(i.type, { ephemeral: options.deferEphemeral }))
      }
      // Autocomplete cannot be deferred: no suggestions now, and the late ones are not shown.
      expired = true
      return answer({ type: InteractionCallbackType.ApplicationCommandAutocompleteResult, data: { choices: [] } })
    },
    respond: (body) => {
      if (autocomplete && expired) return Promise.resolve()
      if (answered && deferral === undefined) return fail('handler', new Error('the handler returned an answer after answering through its context; it was not sent'))
      return give(body)
    },
    notice: async (text) => {
      if (autocomplete) {
        if (!answered) await answer({ type: InteractionCallbackType.ApplicationCommandAutocompleteResult, data: { choices: [] } })
        return
      }
      if (!answered) return answer({ type: InteractionCallbackType.ChannelMessageWithSource, data: messageOf(text, { ephemeral: true }) })
      if (deferral === InteractionCallbackType.DeferredChannelMessageWithSource) {
        deferral = undefined
        await hook((e) => e.editOriginal(i.token, { content: text }))
        return
      }
      await hook((e) => e.followUp(i.token, messageOf(text, { ephemeral: true })))
    },
    stepOf: (error) => (failure !== undefined && failure.error === error ? failure.step : undefined),
    settled: async () => {
      if (first !== undefined) await first.catch(() => undefined)
      return callbackError
    },
  }
}

function defaultSleep(ms: number): Promise<void> {
  const timer = (globalThis as { setTimeout?: (callback: () => void, ms: number) => unknown }).setTimeout
  return timer === undefined ? Promise.resolve() : new Promise((resolve) => void timer(resolve, ms))
}
