/**
 * The dispatch shared by the HTTP endpoint (`createHandler`) and the gateway path
 * (`createGatewayHandler`). One interaction takes one straight way:
 *
 * 1. read: `safeParse` (`safeParseAutocomplete` for autocomplete; `readComponent`,
 *    the `custom_id` read by its route, for components and modal submits);
 * 2. look up: `handlerLookup`, the pure lookup `router` uses (the route's name in
 *    the `components` map for components and modals);
 * 3. call: `handler(values, context)`, the context made for this interaction, which
 *    owns the state of its answer;
 * 4. answer: what the handler returned, through the context (the first answer, or
 *    after the 3-second deferral the edit of the original);
 * 5. on a failure: one `onError(DispatchError)` naming the step, and an ephemeral
 *    notice to the user where one can still reach them.
 *
 * Nothing here throws to the caller.
 */
import {
  argumentError,
  assertFields,
  assertObject,
  autocompleteResult,
  handlerLookup,
  InteractionCallbackType,
  InteractionError,
  INTERACTION_ANSWER_WINDOW_MS,
  INTERACTION_TOKEN_LIFETIME_MS,
  InteractionType,
  pathOf,
  readComponent,
  routesByName,
  safeParse,
  safeParseAutocomplete,
  type AnyDefinition,
  type AnyHandler,
  type AnyRoute,
  type CommandSet,
  type Hit,
  type InteractionResponseJSON,
} from '../internal.js'
import { interactionClient, type InteractionEndpoints } from '../rest/index.js'
import { messageOf, type Answer, type Context } from './context.js'
import { createSession, type Session } from './session.js'
import { discordjsEndpoints, isDiscordjsRest, type DiscordjsRest } from './discordjs.js'
import { DispatchError, type DispatchStep } from './errors.js'
import { CustomIdError, expiredToken, FAILED, MISFIT, NOT_HANDLED, noticeable, STALE, textOf, UNHANDLED } from './failures.js'
import type { DispatchOptions, RestLike } from './handlers.js'

type Awaitable<T> = T | PromiseLike<T>

/** Whether `rest` is one of the clients `RestLike` names. */
export function isRestLike(rest: unknown): rest is RestLike {
  if (typeof rest !== 'object' || rest === null) return false
  const own = (rest as { readonly interactions?: { readonly callback?: unknown } }).interactions
  return typeof own?.callback === 'function' || isDiscordjsRest(rest) || isDiscordjsRest((rest as { readonly rest?: unknown }).rest)
}

/**
 * The interaction endpoints of a REST client: slashkit's own (bound to its
 * application), or those over a `@discordjs/rest` instance for `applicationId`.
 */
export function endpointsOf(rest: RestLike, applicationId: string | undefined): InteractionEndpoints {
  const own = (rest as { readonly interactions?: Partial<InteractionEndpoints> }).interactions
  if (typeof own?.callback === 'function') return own as InteractionEndpoints
  if (isDiscordjsRest(rest)) return discordjsEndpoints(rest, applicationId)
  // @discordjs/core's API: its `interactions` are not slashkit's; its `rest` answers.
  return discordjsEndpoints((rest as { readonly rest: DiscordjsRest }).rest, applicationId)
}

/** The default of `deferAfter`: half a second before the service's 3 seconds. */
const DEFER_AFTER = 2500

const own = (map: unknown, key: string): unknown => (typeof map === 'object' && map !== null && Object.hasOwn(map, key) ? (map as Record<string, unknown>)[key] : undefined)

/** Whether `v` is a modal (callback 9's `data`: a `custom_id`, a title, components) rather than a response body. */
const isModal = (v: object): boolean => {
  const m = v as { type?: unknown; custom_id?: unknown; title?: unknown; components?: unknown }
  return m.type === undefined && typeof m.custom_id === 'string' && typeof m.title === 'string' && Array.isArray(m.components)
}

/** A handler's result as a callback body, or `undefined` when it answered through its context. */
function bodyOf(value: unknown): InteractionResponseJSON | undefined {
  // A message the service returned (`return ctx.followUp(...)`: its `type` is the message's, 0): sent, not an answer.
  if (value === undefined || value === null || typeof (value as { channel_id?: unknown }).channel_id === 'string') return undefined
  if (typeof value === 'string') return { type: InteractionCallbackType.ChannelMessageWithSource, data: messageOf(value) }
  if (typeof value === 'object' && isModal(value)) return { type: InteractionCallbackType.Modal, data: value as never }
  // A message body returned as it is (no callback `type`): a reply, as a string is.
  if (typeof value === 'object' && (value as { type?: unknown }).type === undefined) return { type: InteractionCallbackType.ChannelMessageWithSource, data: value as never }
  return value as InteractionResponseJSON
}

/** An autocomplete handler's result, its choices checked against the focused option's type (`autocompleteResult`). */
function choicesOf(focused: { name: string; type: number }, value: unknown): InteractionResponseJSON {
  const body = value as { type?: unknown; data?: { choices?: unknown } }
  const choices = Array.isArray(value) ? value : body?.type === InteractionCallbackType.ApplicationCommandAutocompleteResult ? body.data?.choices : undefined
  if (!Array.isArray(choices)) return bodyOf(value) ?? { type: InteractionCallbackType.ApplicationCommandAutocompleteResult, data: { choices: [] } }
  return autocompleteResult(focused, choices as never)
}

/** A timer of `ms` (a negative `ms` fires at once; none where the runtime has no `setTimeout`); returns what stops it. */
function startTimer(ms: number, onTime: () => void, loose?: boolean): (() => void) | undefined {
  const g = globalThis as { setTimeout?: (cb: () => void, ms: number) => unknown; clearTimeout?: (t: unknown) => void }
  if (g.setTimeout === undefined) return undefined
  const t = g.setTimeout(onTime, ms)
  // A loose timer does not keep Node's process alive by itself (workerd's timers are numbers).
  if (loose) (t as { unref?: () => void }).unref?.()
  return () => g.clearTimeout?.(t)
}

/** Where an interaction goes: its handler's call and how its result becomes an answer, or why it goes nowhere. */
type Target =
  | {
      readonly call: (context: Context) => Awaitable<unknown>
      readonly answer: (value: unknown) => InteractionResponseJSON | undefined
      /** Whether the automatic deferral leaves it alone. */
      readonly manual: boolean
      /** The key the opt-out would name for it, for the refusal of a late modal. */
      readonly key: string
    }
  /** Why there is no handler: `stale` (a component of an older app), `missing` (a command the handlers leave out), else a payload that does not fit. */
  | { readonly misfit: unknown; readonly why?: 'stale' | 'missing' }

/** The dispatcher: built once per handler, run once per interaction. */
export class Dispatcher {
  private readonly find: (hit: Hit) => AnyHandler | undefined
  /** The autocomplete handlers' lookup: nested as `handlers` nest, besides a path key (`'config set'`). */
  private readonly findAutocomplete: (hit: Hit) => AnyHandler | undefined
  private readonly clients = new Map<string, InteractionEndpoints>()

  /**
   * `fn` names the maker (`createHandler`, `createGatewayHandler`) in the refusal of a
   * wrong option, `own` the options it takes besides the dispatch's. From JavaScript, an
   * option that would be dropped or break only in production is refused here: a
   * misspelt one (`onerror`, `handlerTimout`), a `deferAfter` the service would not wait
   * for, a hook that is no function (its calls are caught, so every report would be lost),
   * a notice or a component handler that nothing reads.
   */
  constructor(
    private readonly options: DispatchOptions<CommandSet<readonly AnyDefinition[]>, unknown, readonly AnyRoute[], unknown>,
    fn: string,
    own: string,
  ) {
    assertFields(
      fn,
      'options',
      options,
      `app handlers autocomplete routes components onError rest deferAfter handlerTimeout deferEphemeral noAutoDefer messages now ${own}`.split(' '),
    )
    const after = options.deferAfter
    // Public API v10: the first answer within 3 seconds; a deferral at or after them reaches no one.
    if (after !== undefined && after !== false && !(typeof after === 'number' && after >= 0 && after < INTERACTION_ANSWER_WINDOW_MS))
      throw argumentError(fn, 'options.deferAfter', `false or 0 to ${INTERACTION_ANSWER_WINDOW_MS - 1} ms (the service waits ${INTERACTION_ANSWER_WINDOW_MS} ms)`, after)
    for (const hook of ['onError', 'now', 'onRefused'] as const) {
      const f = (options as unknown as Record<string, unknown>)[hook]
      if (f !== undefined && typeof f !== 'function') throw argumentError(fn, `options.${hook}`, 'a function', f)
    }
    if (options.messages !== undefined) {
      assertObject(fn, 'options.messages', options.messages, 'an object of notices by name')
      assertFields(fn, 'options.messages', options.messages, ['misfit', 'error', 'unhandled', 'stale'])
    }
    if (options.rest !== undefined && !isRestLike(options.rest))
      throw new TypeError("rest must be slashkit's createClient(...), a @discordjs/rest REST (discord.js's client.rest) or @discordjs/core's API")
    this.find = handlerLookup(options.handlers)
    this.findAutocomplete = handlerLookup(options.autocomplete)
    const routes = options.routes === undefined ? undefined : routesByName(fn, options.routes)
    if (options.components !== undefined) {
      assertObject(fn, 'options.components', options.components, 'an object of one handler per route, by its name')
      assertFields(fn, 'options.components', options.components as object, [...(routes?.keys() ?? [])], { of: 'options.routes', noun: 'route' })
    }
    const limit = options.handlerTimeout
    if (limit !== undefined && !(typeof limit === 'number' && limit > 0 && limit <= INTERACTION_TOKEN_LIFETIME_MS))
      throw new TypeError(`handlerTimeout must be 1 to ${INTERACTION_TOKEN_LIFETIME_MS} ms`)
  }

  /** Steps 1 and 2: the interaction read and its handler found, or the reason there is none. Never throws. */
  private target(raw: Record<string, unknown>): Target {
    const { app } = this.options
    switch (raw.type) {
      case InteractionType.ApplicationCommand: {
        const parsed = safeParse(app, raw)
        if (!parsed.ok) return { misfit: new InteractionError(parsed.issues) }
        const hit = parsed.value as Hit
        const handler = this.find(hit)
        // Only a JavaScript caller (or a cast) gets here: the types require a handler for every command.
        if (handler === undefined) return { misfit: new Error(`no handler for ${pathOf(hit)}`), why: 'missing' }
        const keys = this.options.noAutoDefer
        const path = hit.subcommand === undefined ? hit.command : pathOf(hit)
        return {
          call: (context) => handler(hit, context),
          answer: bodyOf,
          manual: keys !== undefined && ((keys as readonly string[]).includes(hit.command) || (keys as readonly string[]).includes(path)),
          key: path,
        }
      }
      case InteractionType.ApplicationCommandAutocomplete: {
        const parsed = safeParseAutocomplete(app, raw)
        if (!parsed.ok) return { misfit: new InteractionError(parsed.issues) }
        const hit = parsed.value as Hit & { focused: { name: string; type: number } }
        // The most specific first: a path key, then the nested maps down from the command's name.
        const byPath = own(this.options.autocomplete, pathOf(hit))
        const handler = typeof byPath === 'function' ? (byPath as AnyHandler) : this.findAutocomplete(hit)
        return {
          // No autocomplete handler: no suggestions.
          call: (context) => (handler === undefined ? [] : handler(hit, context)),
          answer: (value) => choicesOf(hit.focused, value),
          manual: false,
          key: '',
        }
      }
      case InteractionType.MessageComponent:
      case InteractionType.ModalSubmit: {
        const read = readComponent((this.options.routes ?? []) as readonly AnyRoute[], raw)
        if (!read.ok) {
          const error = new CustomIdError(read.reason, read.customId, read.route, read.issues)
          return read.reason === 'stale' ? { misfit: error, why: 'stale' } : { misfit: error }
        }
        const name = read.route.name
        const handler = own(this.options.components, name)
        if (typeof handler !== 'function') return { misfit: new Error(`no handler for route ${JSON.stringify(name)} in components`) }
        const keys = this.options.noAutoDefer as readonly string[] | undefined
        return { call: (context) => (handler as AnyHandler)(read.hit, context), answer: bodyOf, manual: keys !== undefined && keys.includes(name), key: name }
      }
      default:
        return { misfit: new Error(`interaction type ${String(raw.type)} is not handled`) }
    }
  }

  /** The interaction endpoints for an interaction: of the REST client given, or a client of its application. */
  private endpoints(raw: Record<string, unknown>, rest: RestLike | undefined): InteractionEndpoints {
    const application = typeof raw.application_id === 'string' ? raw.application_id : undefined
    if (rest !== undefined) return endpointsOf(rest, application)
    if (application === undefined)
      throw new Error(
        'the interaction carries no application_id and no REST client was given to take it from: pass `rest: createClient({ token, applicationId })` to reach the interaction webhook',
      )
    let e = this.clients.get(application)
    if (e === undefined) {
      // The interaction webhook and callback need no token: a client without one reaches them and nothing else.
      // The interaction endpoints alone: createClient's others would come into every worker's bundle.
      e = interactionClient({ applicationId: application })
      this.clients.set(application, e)
    }
    return e
  }

  /**
   * Runs one interaction (an object of type 2 to 5): `send` is called at most once,
   * with the first answer (`rest` answers a gateway interaction through its callback),
   * and with its files when `sendsFiles` (the callback endpoint takes them; an HTTP
   * response does not, so there a message with files goes as a deferral and its edit).
   * Resolves when everything, late edits included, is done; never rejects. `arrived`
   * (`Date.now()` when the request came, before its verification) is where the
   * deferral's time counts from; by default the handler's call.
   */
  async run(raw: Record<string, unknown>, send: Answer, rest: RestLike | undefined = this.options.rest, sendsFiles = false, arrived?: number): Promise<void> {
    const reported: unknown[] = []
    const now = this.options.now ?? Date.now
    const began = now()
    const report = (step: DispatchStep, cause: unknown): void => {
      // One failure, one call: an error seen again (a rejected call the handler let through) is not reported twice.
      if (reported.includes(cause)) return
      reported.push(cause)
      try {
        const error = new DispatchError(step, cause, step === 'follow-up' ? expiredToken(cause, now() - began) : undefined)
        // The interaction's token (a credential for 15 minutes) never reaches a log through the message, even when a handler's error quotes it.
        const token = raw.token
        if (typeof token === 'string' && token.length >= 8) error.message = error.message.split(token).join(':token')
        this.options.onError?.(error, raw)
      } catch {
        // onError's own failure is not the interaction's.
      }
    }
    const target = this.target(raw)
    const session: Session = createSession(raw as never, {
      endpoints: () => this.endpoints(raw, rest),
      send,
      sendsFiles,
      deferEphemeral: this.options.deferEphemeral === true,
      commandKey: 'misfit' in target ? '' : target.key,
    })
    let failed: { step: DispatchStep; error: unknown; why?: 'stale' | 'missing' | undefined } | undefined
    const limit = this.options.handlerTimeout
    /** The handler's time ran out (`handlerTimeout`, else the token's lifetime): why. */
    let late: Error | undefined
    if ('misfit' in target) failed = { step: 'payload', error: target.misfit, why: target.why }
    else {
      const after = this.options.deferAfter ?? DEFER_AFTER
      let stop: (() => void) | undefined
      let value: unknown
      const called = Date.now()
      try {
        value = target.call(session.context)
        // The 3-second rule's timer, for a handler that returned a promise only: one that
        // answered at once returned before any timer could fire (a timer made and cleared
        // per request cost the row 9%, docs/internals.md, the ledger). Its time counts from the request's
        // arrival: a verification queued behind a burst of others is spent from the service's 3 seconds too.
        if (typeof (value as { then?: unknown } | null | undefined)?.then === 'function') {
          let expire: ((e: Error) => void) | undefined
          // The time bound's timer starts when the deferral's fires: a handler that answers in time pays for one timer only.
          const bound = () =>
            startTimer(
              called + (limit ?? INTERACTION_TOKEN_LIFETIME_MS) - Date.now(),
              () => {
                late = new Error(
                  `the handler did not settle in ${limit === undefined ? `its token's ${INTERACTION_TOKEN_LIFETIME_MS / 60_000} minutes: nothing it sends can reach the user now` : `${limit} ms (handlerTimeout): the user was told, and what it sends from now on is refused`}`,
                )
                expire?.(late)
              },
              true,
            )
          if (after !== false && !target.manual && (limit === undefined || limit > after))
            stop = startTimer((arrived ?? called) + after - Date.now(), () => {
              stop = bound()
              void session.deferNow().catch((e: unknown) => report('callback', e))
            })
          else stop = bound()
          const pending = value as Promise<unknown>
          value = await new Promise((resolve, reject) => {
            expire = reject
            pending.then(resolve, reject)
          })
        }
      } catch (error) {
        failed = { step: session.stepOf(error) ?? 'handler', error }
      }
      stop?.()
      if (failed === undefined) failed = await this.answer(session, target, value, after)
    }
    if (failed !== undefined) {
      report(failed.step, failed.error)
      // Past the token's lifetime no notice can reach the user.
      if (noticeable(failed.step, failed.error) && !(late !== undefined && limit === undefined))
        await session.notice(this.text(raw, failed.step, failed.why)).catch((error: unknown) => report('notice', error))
      // What the handler sends after its time is refused: the user was told it failed.
      if (late !== undefined) session.close(late)
    }
    const unsent = await session.settled()
    if (unsent !== undefined) report('callback', unsent.error)
  }

  /** Step 4: the handler's result as its answer; what failed, if anything did. */
  private async answer(
    session: Session,
    target: Exclude<Target, { misfit: unknown }>,
    value: unknown,
    after: number | false,
  ): Promise<{ step: DispatchStep; error: unknown } | undefined> {
    let body: InteractionResponseJSON | undefined
    try {
      body = target.answer(value)
    } catch (error) {
      return { step: 'response', error }
    }
    if (session.expired)
      return {
        step: 'handler',
        error: new Error(`the autocomplete handler answered after ${String(after)} ms (deferAfter): autocomplete cannot be deferred, and its choices were not shown`),
      }
    // Slow or not, a handler that answers nothing is told of: the automatic deferral is not its answer (the notice replaces it).
    if (body === undefined)
      return session.context.answered && !session.silent
        ? undefined
        : {
            step: 'handler',
            error: new Error(`the handler returned no answer and sent none${session.silent ? ` (deferred for it at deferAfter, ${String(after)} ms)` : ''}`),
          }
    try {
      await session.respond(body)
      return undefined
    } catch (error) {
      return { step: session.stepOf(error) ?? 'response', error }
    }
  }

  /** The notice for a failure at `step`, in the interaction's locale when it is localized. */
  private text(raw: Record<string, unknown>, step: DispatchStep, why: 'stale' | 'missing' | undefined): string {
    const m = this.options.messages ?? {}
    const component = raw.type === InteractionType.MessageComponent || raw.type === InteractionType.ModalSubmit
    const notice =
      step !== 'payload'
        ? (m.error ?? FAILED)
        : why === 'stale'
          ? (m.stale ?? STALE)
          : component
            ? (m.unhandled ?? UNHANDLED)
            : why === 'missing'
              ? (m.unhandled ?? NOT_HANDLED)
              : (m.misfit ?? MISFIT)
    return textOf(notice, raw.locale)
  }
}
