/**
 * One interaction's answer, as the dispatcher drives it (src/http/dispatch.ts):
 * the session behind each `Context` (src/http/context.ts). It owns the state of the
 * answer (answered, deferred, by whom, how) and is the only writer of it: the
 * 3-second deferral, the handler's returned answer, its `reply`, `followUp` and
 * edits through the interaction webhook, and the notice after a failure.
 */
import type { AnyInteraction, InteractionBase, InteractionResponseJSON, User, WebhookMessage, WebhookMessageJSON } from '../internal.js'
import { deferralFor, EPHEMERAL, InteractionCallbackType, InteractionType, MessageFlag, ValidationError, type InteractionErrorCode } from '../internal.js'
import type { FileInput, InteractionEndpoints, MessageInput } from '../rest/index.js'
import { type Answer, type Context, type InvokingMember, messageOf, modalJSON } from './context.js'
import type { DispatchStep } from './errors.js'
import { bodyRefused } from './failures.js'
import { inputOf, oversized, partsOf, refusalOf, type Files } from './files.js'
import { heldEditMisfit, updateMisfit } from './updates.js'

/** Public API v10: a webhook call that reaches the service before it has the callback finds no webhook yet (wire/interactions.ts's code). */
const UNKNOWN_WEBHOOK: typeof InteractionErrorCode.UnknownWebhook = 10015

/** What a session is made from. */
export interface SessionOptions {
  /** The interaction endpoints of the interaction's application; throws when there is no way to reach them. */
  readonly endpoints: () => InteractionEndpoints
  /** Sends the first answer. */
  readonly send: Answer
  /**
   * Whether `send` takes files with the first answer (the callback endpoint does; an
   * HTTP response is JSON, so there a message with files is deferred and its files
   * go with the edit).
   */
  readonly sendsFiles?: boolean | undefined
  /** Whether the automatic deferral is ephemeral. */
  readonly deferEphemeral: boolean
  /** The command's name or path (`'config set'`), which a refused modal after the automatic deferral names for `noAutoDefer`. */
  readonly commandKey: string
  readonly sleep?: ((ms: number) => Promise<void>) | undefined
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
  /** Whether the automatic deferral is the only answer, the handler having called nothing of its context. */
  readonly silent: boolean
  /** Refuses, with `why`, every answer the handler tries from now on. */
  close(why: Error): void
  /** Resolves once the first answer is sent or failed: to why it failed, if it did. */
  settled(): Promise<{ readonly error: unknown } | undefined>
}

/** `ctx.authorizingIntegrationOwners` of a payload without the field. */
const NO_OWNERS = Object.freeze({})

/** The interaction fields the session reads. */
type Fields = Omit<InteractionBase, 'member' | 'application_id'> & { type: number; member?: InvokingMember; application_id?: string; message?: unknown }

/**
 * A call's promise, marked as handled: a handler that does not await a call it makes
 * must not take the process down with an unhandled rejection. The caller still gets
 * the rejection when it awaits.
 */
function handled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined)
  return p
}

/**
 * The state of one interaction's answer and the ways to change it: owned here,
 * written only here. A class, so that what every interaction allocates is its fields
 * and the context's own methods, not a closure per step.
 */
class InteractionSession<I extends AnyInteraction> implements Session<I> {
  readonly context: Context<I>
  private readonly i: Fields
  private answered = false
  /** The callback type of a deferral no answer has replaced yet (5, or 6 for a component). */
  private deferral: number | undefined
  private deferredEphemeral = false
  /** Whether a follow-up took the place of the deferral's "thinking..." message (or it was deleted for one): the answer to come is a message of its own. */
  private loadingTaken = false
  private automatic = false
  private used = false // the handler called a method of its context that answers or sends
  expired = false
  private closed: Error | undefined
  private first: Promise<void> | undefined
  /** The last error a call of this context threw, and its step. */
  private failure: { error: unknown; step: DispatchStep } | undefined
  /** Why the first answer could not be sent, once it could not. */
  private callbackError: { error: unknown } | undefined

  constructor(
    interaction: I,
    private readonly options: SessionOptions,
  ) {
    const i = interaction as unknown as Fields
    this.i = i
    const member = i.member
    const token = i.token
    this.context = {
      interaction,
      id: i.id,
      token,
      applicationId: i.application_id,
      user: (member?.user ?? i.user) as User,
      member,
      memberPermissions: member?.permissions,
      guildId: i.guild_id,
      channelId: i.channel_id,
      locale: i.locale,
      guildLocale: i.guild_locale,
      appPermissions: i.app_permissions,
      context: i.context,
      authorizingIntegrationOwners: i.authorizing_integration_owners ?? NO_OWNERS,
      // Data, kept equal to the session's state where it changes (answer, undefer): getters
      // here would give each context a hidden class of its own, which the scavenges pay for.
      answered: false,
      deferred: false,
      // Own functions, not methods: a handler may take them out of the context (`const { reply } = ctx`).
      reply: (message, o) => {
        const [data, files] = partsOf(message, o)
        return handled(this.give({ type: InteractionCallbackType.ChannelMessageWithSource, data }, files))
      },
      defer: (o) => handled(this.give(deferralFor(i, o))),
      showModal: (m) => handled(this.give({ type: InteractionCallbackType.Modal, data: modalJSON(m) })),
      update: (message) => {
        const [data, files] = partsOf(message)
        return handled(this.give({ type: InteractionCallbackType.UpdateMessage, data }, files))
      },
      followUp: (message, o) => this.send(partsOf(message, o), (m) => this.followUp(m)),
      editReply: (message) => this.send(partsOf(message), (m) => this.hook((e) => e.editOriginal(token, m)).then(this.replaced), this.holdsOriginal()),
      deleteReply: () => handled(this.hook((e) => e.deleteOriginal(token), true)),
      editFollowUp: (id, message) => this.send(partsOf(message), (m) => this.hook((e) => e.editFollowUp(token, id, m))),
      deleteFollowUp: (id) => handled(this.hook((e) => e.deleteFollowUp(token, id), true)),
    }
  }

  /**
   * A follow-up. Public API v10: the first one after a deferred message (5) takes the
   * place of its "thinking..." message, with the deferral's ephemerality; one asked
   * otherwise would show as the deferral was (an ephemeral follow-up to everyone), so
   * "thinking..." is deleted first and it comes as asked. Either way the handler's
   * answer, when it comes, is a message of its own, not the edit of this one.
   */
  private async followUp(message: MessageInput): Promise<WebhookMessage> {
    const token = this.i.token
    if (!this.answered) await this.answer(deferralFor(this.i))
    else if (this.first !== undefined) await this.first
    if (this.deferral === InteractionCallbackType.DeferredChannelMessageWithSource) {
      const flags = (message as { flags?: unknown }).flags
      const ephemeral = typeof flags === 'number' && (flags & EPHEMERAL) !== 0
      this.undefer()
      this.loadingTaken = true
      if (ephemeral !== this.deferredEphemeral) await this.hook((e) => e.deleteOriginal(token))
    }
    return this.hook((e) => e.followUp(token, message))
  }

  private readonly replaced = <T>(sent: T): T => {
    this.undefer()
    return sent
  }

  /** No deferral is pending any more (an answer replaced it). */
  private undefer(): void {
    this.deferral = undefined
    ;(this.context as { deferred: boolean }).deferred = false
  }

  /**
   * A webhook call with a message: refused before anything is sent (and before a
   * deferral is spent on it) when a file is over the interaction's upload limit, which
   * the service would answer with a 413 only once it had the bytes.
   */
  private send<T>(parts: [WebhookMessageJSON, Files], call: (message: MessageInput) => Promise<T>, original = false): Promise<T> {
    this.used = true
    const issues = oversized(parts[1], this.i.attachment_size_limit)
    const misfit = issues.length > 0 ? new ValidationError(issues, 'files') : original ? heldEditMisfit(this.i, parts[0]) : undefined
    return handled(misfit === undefined ? call(inputOf(parts)) : this.fail('follow-up', misfit))
  }

  /**
   * Whether `@original` is the component's message as the interaction holds it: a
   * deferred update (6) is the answer so far and no edit has replaced it, or will be
   * (a webhook call before any answer defers first, 6 for a component).
   */
  private holdsOriginal(): boolean {
    return (this.answered ? this.deferral : deferralFor(this.i).type) === InteractionCallbackType.DeferredUpdateMessage
  }

  private fail(step: DispatchStep, error: unknown): Promise<never> {
    this.failure = { error, step }
    return Promise.reject(error)
  }

  /** The first answer: checked, sent once (with its files, when `send` takes them). */
  private answer(body: InteractionResponseJSON, files?: Files): Promise<void> {
    const refused = refusalOf(body, files, this.i)
    if (refused !== undefined) return this.fail('response', refused)
    this.answered = true
    const deferType = body.type === InteractionCallbackType.DeferredChannelMessageWithSource || body.type === InteractionCallbackType.DeferredUpdateMessage
    this.deferral = deferType ? body.type : undefined
    const c = this.context as { answered: boolean; deferred: boolean }
    c.answered = true
    c.deferred = deferType
    this.deferredEphemeral = deferType && (((body as { data?: { flags?: number } }).data?.flags ?? 0) & EPHEMERAL) !== 0
    const first = (files === undefined ? this.options.send(body) : this.options.send(body, files)).catch((error: unknown) => {
      this.callbackError = { error }
      // Refused for its body, the interaction is not acknowledged: another answer (the handler's, or the notice) may still be given.
      if (bodyRefused(error)) {
        this.answered = c.answered = c.deferred = false
        this.deferral = undefined
      }
      return this.fail('callback', error)
    })
    this.first = first
    return handled(first)
  }

  /**
   * Webhook calls: after the first answer (a call before any answer defers first: the
   * webhook exists only once the interaction is acknowledged); a 10015 (the service
   * has not taken the HTTP answer yet) is retried briefly.
   */
  private async hook<T>(call: (e: InteractionEndpoints) => Promise<T>, byHandler = false): Promise<T> {
    if (byHandler) this.used = true
    if (this.closed !== undefined) return this.fail('handler', this.closed)
    if (!this.answered) await this.answer(deferralFor(this.i))
    else if (this.first !== undefined) await this.first
    for (let attempt = 0; ; attempt++) {
      try {
        return await call(this.options.endpoints())
      } catch (error) {
        const code = (error as { code?: unknown }).code
        if (code !== UNKNOWN_WEBHOOK || attempt >= 6) return this.fail('follow-up', error)
        await (this.options.sleep ?? defaultSleep)(50 * 2 ** attempt)
      }
    }
  }

  /** The answer after a deferral: the message (and its files) as the edit of the original, or as a follow-up when it must be seen otherwise. */
  private async afterDeferral(body: InteractionResponseJSON, files?: Files): Promise<void> {
    const type = body.type
    if (type === InteractionCallbackType.DeferredChannelMessageWithSource || type === InteractionCallbackType.DeferredUpdateMessage) return
    if (type === InteractionCallbackType.Modal)
      return this.fail(
        'response',
        new Error(
          this.automatic
            ? `the service takes no modal after a deferral, and this interaction was deferred automatically (the 3-second rule) because its handler had not answered in time; show the modal first, or opt the command out of the automatic deferral: noAutoDefer: [${JSON.stringify(this.options.commandKey)}]`
            : 'the service takes no modal after a deferral; show the modal instead of deferring',
        ),
      )
    if (type !== InteractionCallbackType.ChannelMessageWithSource && type !== InteractionCallbackType.UpdateMessage)
      return this.fail('response', new Error(`a callback of type ${type} cannot follow a deferral`))
    // An update is refused after a deferral as it is in time: of no message (a modal shown from a command), or not fitting the
    // message held (current: after a deferred update no edit has changed it; after a 5 there is none).
    const refused = refusalOf(body, files, this.i) ?? updateMisfit(this.i, body)
    if (refused !== undefined) return this.fail('response', refused)
    const token = this.i.token
    const data = { ...(body.data as WebhookMessageJSON) }
    const sent = (): MessageInput => inputOf([data, files])
    const ephemeral = ((data.flags ?? 0) & EPHEMERAL) !== 0
    const pending = this.deferral
    const taken = this.loadingTaken
    this.undefer()
    this.loadingTaken = false
    if (type === InteractionCallbackType.ChannelMessageWithSource && (pending === InteractionCallbackType.DeferredUpdateMessage || taken)) {
      // A component's deferred update leaves its message as it is, and a follow-up took the place of "thinking...": a new message is a follow-up.
      await this.hook((e) => e.followUp(token, sent()))
      return
    }
    if (type === InteractionCallbackType.ChannelMessageWithSource && ephemeral !== this.deferredEphemeral) {
      // Whether a message is ephemeral is fixed when it is sent: "thinking..." goes, the message comes as asked.
      await this.hook((e) => e.deleteOriginal(token))
      await this.hook((e) => e.followUp(token, sent()))
      return
    }
    // An edit sets only the flags an edit may set (public API v10).
    if (data.flags !== undefined) data.flags &= MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2
    await this.hook((e) => e.editOriginal(token, sent()))
  }

  /**
   * A message with files as the first answer where the answer cannot carry them (an
   * HTTP response is JSON): checked first, then deferred (5, ephemeral as the
   * message; 6 for an update) and given as the deferral's answer, the edit with the files.
   */
  private async deferredWithFiles(body: InteractionResponseJSON, files: readonly FileInput[]): Promise<void> {
    const refused = refusalOf(body, files, this.i)
    if (refused !== undefined) return this.fail('response', refused)
    const ephemeral = (((body as { data?: { flags?: number } }).data?.flags ?? 0) & EPHEMERAL) !== 0
    await this.answer(body.type === InteractionCallbackType.UpdateMessage ? { type: InteractionCallbackType.DeferredUpdateMessage } : deferralFor(this.i, { ephemeral }))
    return this.afterDeferral(body, files)
  }

  /** An answer by the handler, through its context or by returning it, with the files given beside its message. */
  private give(body: InteractionResponseJSON, files?: Files): Promise<void> {
    this.used = true
    if (this.closed !== undefined) return this.fail('handler', this.closed)
    if (!this.answered) {
      const misfit = updateMisfit(this.i, body)
      if (misfit !== undefined) return this.fail('response', misfit)
      if (files !== undefined && Array.isArray(files) && files.length > 0 && this.options.sendsFiles !== true) return this.deferredWithFiles(body, files)
      const refused = this.callbackError
      const sent = this.answer(body, files)
      // An answer after a callback refused for its body: the handler caught it and answered; nothing is left to report.
      if (refused !== undefined)
        sent.then(
          () => void (this.callbackError === refused && (this.callbackError = undefined)),
          () => undefined,
        )
      return sent
    }
    if (this.deferral !== undefined || this.loadingTaken) return this.afterDeferral(body, files)
    return this.fail('handler', new Error('this interaction is already answered; use followUp or editReply'))
  }

  deferNow(): Promise<void> {
    if (this.answered) return Promise.resolve()
    if (this.i.type !== InteractionType.ApplicationCommandAutocomplete) {
      this.automatic = true
      return this.answer(deferralFor(this.i, { ephemeral: this.options.deferEphemeral }))
    }
    // Autocomplete cannot be deferred: no suggestions now, and the late ones are not shown.
    this.expired = true
    return this.answer({ type: InteractionCallbackType.ApplicationCommandAutocompleteResult, data: { choices: [] } })
  }

  respond(body: InteractionResponseJSON): Promise<void> {
    if (this.expired) return Promise.resolve()
    if (this.answered && this.deferral === undefined && !this.loadingTaken)
      return this.fail('handler', new Error('the handler returned an answer after answering through its context; it was not sent'))
    return this.give(body)
  }

  async notice(text: string): Promise<void> {
    if (this.i.type === InteractionType.ApplicationCommandAutocomplete) {
      if (!this.answered) await this.answer({ type: InteractionCallbackType.ApplicationCommandAutocompleteResult, data: { choices: [] } })
      return
    }
    if (!this.answered) return this.answer({ type: InteractionCallbackType.ChannelMessageWithSource, data: messageOf(text, { ephemeral: true }) })
    const token = this.i.token
    if (this.deferral === InteractionCallbackType.DeferredChannelMessageWithSource) {
      this.undefer()
      await this.hook((e) => e.editOriginal(token, { content: text }))
      return
    }
    await this.hook((e) => e.followUp(token, messageOf(text, { ephemeral: true })))
  }

  close(why: Error): void {
    this.closed = why
  }

  get silent(): boolean {
    return this.automatic && !this.used
  }

  stepOf(error: unknown): DispatchStep | undefined {
    return this.failure !== undefined && this.failure.error === error ? this.failure.step : undefined
  }

  settled(): Promise<{ readonly error: unknown } | undefined> {
    const first = this.first
    if (first === undefined) return Promise.resolve(undefined)
    const why = () => this.callbackError
    return first.then(why, why)
  }
}

/**
 * A context for an interaction and the session that drives it. The first answer is
 * checked with `validateInteractionResponse` and sent once; webhook calls wait for
 * it, and retry briefly while the service has not taken the HTTP answer yet.
 */
export function createSession<I extends AnyInteraction>(interaction: I, options: SessionOptions): Session<I> {
  return new InteractionSession(interaction, options)
}

function defaultSleep(ms: number): Promise<void> {
  const timer = (globalThis as { setTimeout?: (callback: () => void, ms: number) => unknown }).setTimeout
  return timer === undefined ? Promise.resolve() : new Promise((resolve) => void timer(resolve, ms))
}
