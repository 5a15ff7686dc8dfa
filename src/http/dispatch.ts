/**
 * The dispatch shared by the HTTP endpoint (`createHandler`) and the gateway path
 * (`createGatewayHandler`). One interaction takes one straight way:
 *
 * 1. read: `safeParse` (`safeParseAutocomplete` for autocomplete; the `custom_id` for
 *    components and modal submits);
 * 2. look up: `handlerLookup`, the pure lookup `router` uses (the longest `custom_id`
 *    prefix for components and modals);
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
  autocompleteResult,
  handlerLookup,
  InteractionCallbackType,
  InteractionError,
  InteractionType,
  pathOf,
  safeParse,
  safeParseAutocomplete,
  ValidationError,
  type AnyDefinition,
  type AnyHandler,
  type CommandSet,
  type Hit,
  type InteractionResponseJSON,
} from '../internal.js'
import { createClient, type InteractionEndpoints } from '../rest/index.js'
import { createSession, messageOf, type Answer, type Context, type Session } from './context.js'
import { discordjsEndpoints, isDiscordjsRest, type DiscordjsRest } from './discordjs.js'
import { DispatchError, type DispatchStep } from './errors.js'
import type { ComponentHandler, DispatchOptions, ModalHandler, RestLike } from './handlers.js'
import { modalFields, type Modal } from './modal.js'

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

const MISFIT = 'This command does not match the app any more. Try again in a moment.'
const FAILED = 'Something went wrong while handling this.'
const UNHANDLED = 'This is not handled any more.'
/** The default of `deferAfter`: half a second before the service's 3 seconds. */
const DEFER_AFTER = 2500

const own = (map: unknown, key: string): unknown => (typeof map === 'object' && map !== null && Object.hasOwn(map, key) ? (map as Record<string, unknown>)[key] : undefined)

/** The handler whose key is the longest prefix of `id`, with that key. */
function byPrefix<F>(map: Readonly<Record<string, F>> | undefined, id: string): [F, string] | undefined {
  if (map === undefined) return undefined
  let best: [F, string] | undefined
  for (const key of Object.keys(map)) if (id.startsWith(key) && (best === undefined || key.length > best[1].length)) best = [map[key] as F, key]
  return best
}

const isModal = (v: unknown): v is Modal => typeof v === 'object' && v !== null && typeof (v as Modal).toJSON === 'function' && typeof (v as Modal).customId === 'string'

/** A handler's result as a callback body, or `undefined` when it answered through its context. */
function bodyOf(value: unknown): InteractionResponseJSON | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return { type: InteractionCallbackType.ChannelMessageWithSource, data: messageOf(value) }
  if (isModal(value)) return { type: InteractionCallbackType.Modal, data: value.toJSON() }
  return value as InteractionResponseJSON
}

/** An autocomplete handler's result, its choices checked against the focused option's type (`autocompleteResult`). */
function choicesOf(focused: { name: string; type: number }, value: unknown): InteractionResponseJSON {
  const body = value as { type?: unknown; data?: { choices?: unknown } }
  const choices = Array.isArray(value) ? value : body?.type === InteractionCallbackType.ApplicationCommandAutocompleteResult ? body.data?.choices : undefined
  if (!Array.isArray(choices)) return bodyOf(value) ?? { type: InteractionCallbackType.ApplicationCommandAutocompleteResult, data: { choices: [] } }
  return autocompleteResult(focused, choices as never)
}

function startTimer(ms: number, onTime: () => void): () => void {
  const g = globalThis as { setTimeout?: (cb: () => void, ms: number) => unknown; clearTimeout?: (t: unknown) => void }
  if (g.setTimeout === undefined) return () => undefined
  const t = g.setTimeout(onTime, ms)
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
  | { readonly misfit: unknown }

/** The dispatcher: built once per handler, run once per interaction. */
export class Dispatcher {
  private readonly find: (hit: Hit) => AnyHandler | undefined
  private readonly clients = new Map<string, InteractionEndpoints>()

  constructor(private readonly options: DispatchOptions<CommandSet<readonly AnyDefinition[]>, unknown>) {
    if (options.rest !== undefined && !isRestLike(options.rest))
      throw new TypeError("rest must be slashkit's createClient(...), a @discordjs/rest REST (discord.js's client.rest) or @discordjs/core's API")
    this.find = handlerLookup(options.handlers)
  }

  /** Steps 1 and 2: the interaction read and its handler found, or the reason there is none. Never throws. */
  private target(raw: Record<string, unknown>): Target {
    const { app } = this.options
    const data = (typeof raw.data === 'object' && raw.data !== null ? raw.data : {}) as Record<string, unknown>
    switch (raw.type) {
      case InteractionType.ApplicationCommand: {
        const parsed = safeParse(app, raw)
        if (!parsed.ok) return { misfit: new InteractionError(parsed.issues) }
        const hit = parsed.value as Hit
        const handler = this.find(hit)
        if (handler === undefined) return { misfit: new Error(`no handler for ${pathOf(hit)}`) }
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
        const handler = [pathOf(hit), hit.command].map((k) => own(this.options.autocomplete, k)).find((f) => typeof f === 'function') as AnyHandler | undefined
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
        const component = raw.type === InteractionType.MessageComponent
        const id = typeof data.custom_id === 'string' ? data.custom_id : ''
        const found = byPrefix<ComponentHandler | ModalHandler>(component ? this.options.components : this.options.modals, id)
        if (found === undefined) return { misfit: new Error(`no ${component ? 'component' : 'modal'} handler for custom_id ${JSON.stringify(id.slice(0, 100))}`) }
        const [handler, prefix] = found
        const args = id.slice(prefix.length)
        const value = component
          ? {
              customId: id,
              args,
              componentType: typeof data.component_type === 'number' ? data.component_type : 0,
              values: Array.isArray(data.values) ? data.values.filter((x): x is string => typeof x === 'string') : [],
            }
          : { customId: id, args, fields: modalFields(data.components) }
        return { call: (context) => (handler as AnyHandler)(value, context), answer: bodyOf, manual: false, key: '' }
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
      e = createClient({ applicationId: application }).interactions
      this.clients.set(application, e)
    }
    return e
  }

  /**
   * Runs one interaction (an object of type 2 to 5): `send` is called at most once,
   * with the first answer (`rest` answers a gateway interaction through its callback),
   * and with its files when `sendsFiles` (the callback endpoint takes them; an HTTP
   * response does not, so there a message with files goes as a deferral and its edit).
   * Resolves when everything, late edits included, is done; never rejects.
   */
  async run(raw: Record<string, unknown>, send: Answer, rest: RestLike | undefined = this.options.rest, sendsFiles = false): Promise<void> {
    const reported: unknown[] = []
    const report = (step: DispatchStep, cause: unknown): void => {
      // One failure, one call: an error seen again (a rejected call the handler let through) is not reported twice.
      if (reported.includes(cause)) return
      reported.push(cause)
      try {
        this.options.onError?.(new DispatchError(step, cause), raw)
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
    let failed: { step: DispatchStep; error: unknown } | undefined
    if ('misfit' in target) failed = { step: 'payload', error: target.misfit }
    else {
      const after = this.options.deferAfter ?? DEFER_AFTER
      const stop = after === false || target.manual ? () => undefined : startTimer(after, () => void session.deferNow().catch((e: unknown) => report('callback', e)))
      let value: unknown
      try {
        value = await target.call(session.context)
      } catch (error) {
        failed = { step: session.stepOf(error) ?? 'handler', error }
      }
      stop()
      if (failed === undefined) failed = await this.answer(session, target, value, after)
    }
    if (failed !== undefined) {
      report(failed.step, failed.error)
      if (noticeable(failed.step, failed.error)) await session.notice(this.text(raw, failed.step)).catch((error: unknown) => report('notice', error))
    }
    const late = await session.settled()
    if (late !== undefined) report('callback', late.error)
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
    if (body === undefined) return session.context.answered ? undefined : { step: 'handler', error: new Error('the handler returned no answer and sent none') }
    try {
      await session.respond(body)
      return undefined
    } catch (error) {
      return { step: session.stepOf(error) ?? 'response', error }
    }
  }

  /** The notice for a failure at `step`. */
  private text(raw: Record<string, unknown>, step: DispatchStep): string {
    const m = this.options.messages ?? {}
    if (step !== 'payload') return m.error ?? FAILED
    return raw.type === InteractionType.MessageComponent || raw.type === InteractionType.ModalSubmit ? (m.unhandled ?? UNHANDLED) : (m.misfit ?? MISFIT)
  }
}

/**
 * Whether the user can still be told: not after a failed callback (the interaction is
 * not acknowledged, so it has no webhook), nor after a webhook call the service
 * refused or never answered (the notice would go the same way); after a body refused
 * before it was sent, yes.
 */
function noticeable(step: DispatchStep, error: unknown): boolean {
  if (step === 'callback') return false
  if (step === 'follow-up') return error instanceof ValidationError
  return true
}
