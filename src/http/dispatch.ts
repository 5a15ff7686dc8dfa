/**
 * The dispatch shared by the HTTP endpoint (`createHandler`) and the gateway path
 * (`createGatewayHandler`): one interaction in, its handler called with its values
 * and a context, exactly one first answer out, and what comes later (the late result
 * of a deferred handler, an error) through the webhook.
 *
 * Commands go through `router` (so whatever `router` accepts, this accepts),
 * autocomplete through `safeParseAutocomplete`, components and modal submits by
 * `custom_id` prefix. A payload that does not fit, or a handler that throws, gets an
 * ephemeral message and `onError`; nothing here throws to the caller.
 */
import {
  handle as bind,
  InteractionError,
  router,
  safeParseAutocomplete,
  type AnyDefinition,
  type Bound,
  type CommandHandlerMap,
  type ChoiceJSON,
  type CommandSet,
  type ComponentInteraction,
  type Handlers,
  type InferAutocomplete,
  type Interaction,
  type InteractionResponseJSON,
  type ModalSubmitInteraction,
} from '../internal.js'
import { createClient, type InteractionEndpoints } from '../rest/index.js'
import { createContext, messageOf, type Answer, type Context, type ContextState } from './context.js'
import { modalFields, type Modal } from './modal.js'

type Awaitable<T> = T | PromiseLike<T>

/**
 * What a handler may return: a response body (`reply(...)`, `{ type: 4, data }`), a
 * string (a message), a modal, or nothing when it answered through its context. A
 * body is checked with `validateInteractionResponse` before it is sent (a literal's
 * `type` may widen to `number` in an inferred handler map, so the type takes any
 * number and the check is at run time).
 */
export type HandlerResult = InteractionResponseJSON | { readonly type: number; readonly data?: unknown } | string | Modal | undefined | void

/** The handler map of `router`, with the context as each handler's second argument. */
export type WithContext<T, C> = T extends (value: infer V, interaction: unknown) => unknown
  ? (value: V, context: C) => Awaitable<HandlerResult>
  : { [K in keyof T]: WithContext<T[K], C> }

/** The command handlers of a set: the shape `router` takes, each `(values, context)`. */
export type CommandHandlers<D> = WithContext<Handlers<D>, Context<Interaction>>

/**
 * Binds one command's handlers to it, each `(values, context)` and typed from this
 * command alone (the per-command form, which keeps the editor fast on large sets:
 * docs/handling.md). Pass the results as `handlers: [...]` to `createHandler` or
 * `createGatewayHandler`; a command of the set without one is a compile error.
 *
 * @example
 * export const onBan = handle(ban, async ({ options }, ctx) => {
 *   await ctx.followUp(`Banned ${options.target.user.username}`)
 *   return 'Done'
 * })
 */
export const handle: <const D extends AnyDefinition>(definition: D, handlers: WithContext<CommandHandlerMap<D, unknown>, Context<Interaction>>) => Bound<D> = bind as never

/** An autocomplete answer: the choices (plain or `choice(...)`), or the whole callback 8 body. */
export type AutocompleteAnswer = readonly (ChoiceJSON | { toJSON(): ChoiceJSON })[] | { type: 8; data: { choices: ChoiceJSON[] } }

type AutocompleteKey<A> = A extends { command: infer N extends string; group: infer G; subcommand: infer S }
  ? N | (S extends string ? (G extends string ? `${N} ${G} ${S}` : `${N} ${S}`) : never)
  : never
type AutocompleteFor<A, K> = A extends unknown ? (K extends AutocompleteKey<A> ? A : never) : never

/**
 * Autocomplete handlers, by command name or by path (`'config set'`, `'config role grant'`);
 * the most specific key wins. Each gets the `parseAutocomplete` result.
 */
export type AutocompleteHandlers<D> = {
  readonly [K in AutocompleteKey<InferAutocomplete<D>>]?: (value: AutocompleteFor<InferAutocomplete<D>, K>, context: Context<Interaction>) => Awaitable<AutocompleteAnswer>
}

/** What a component handler gets: the `custom_id`, the part after the matched prefix, the chosen values (select menus). */
export interface ComponentValue {
  readonly customId: string
  /** `custom_id` after the prefix that matched (`'ban:42'` under `'ban:'` is `'42'`). */
  readonly args: string
  /** 2 button, 3 string select, 5-8 user, role, mentionable and channel selects. */
  readonly componentType: number
  readonly values: readonly string[]
}

/** What a modal handler gets: the `custom_id`, the part after the prefix, and the submitted fields by input `custom_id`. */
export interface ModalValue {
  readonly customId: string
  readonly args: string
  readonly fields: Readonly<Record<string, string | string[]>>
}

export type ComponentHandler = (value: ComponentValue, context: Context<ComponentInteraction>) => Awaitable<HandlerResult>
export type ModalHandler = (value: ModalValue, context: Context<ModalSubmitInteraction>) => Awaitable<HandlerResult>

/** The messages users see when something goes wrong (ephemeral). */
export interface Messages {
  /** The payload does not fit the definition (say, a command changed and the client has the old one). */
  readonly misfit?: string
  /** A handler threw, or answered with something the service would refuse. */
  readonly error?: string
  /** A component or modal nobody handles any more. */
  readonly unhandled?: string
}

/** Options shared by `createHandler` and `createGatewayHandler`. */
export interface DispatchOptions<D extends CommandSet<readonly AnyDefinition[]>, H = CommandHandlers<D>> {
  /** The command set (`commands(...)`). */
  readonly app: D
  /**
   * One handler per command, subcommand and group, each `(values, context)`: a map by
   * command name as `router` takes it, or a list of `handle(command, ...)` results.
   */
  readonly handlers: H
  readonly autocomplete?: AutocompleteHandlers<D>
  /** Component handlers by `custom_id` prefix (the longest matching prefix wins). */
  readonly components?: Readonly<Record<string, ComponentHandler>>
  /** Modal submit handlers by `custom_id` prefix (the longest matching prefix wins). */
  readonly modals?: Readonly<Record<string, ModalHandler>>
  /**
   * Called with every error: a payload that does not fit (`InteractionError`), a
   * handler that threw, a webhook call that failed. What it throws is ignored.
   */
  readonly onError?: (error: unknown, interaction: unknown) => void
  /**
   * The client for follow-ups and edits (`createClient(...)` from `slashkit/rest`, or
   * anything with its `interactions`). Default: a client of the public API v10 on
   * the platform's `fetch` (these endpoints need no bot token).
   */
  readonly rest?: { readonly interactions: InteractionEndpoints }
  /**
   * The 3-second rule (public API v10): a handler that has not answered after this
   * many milliseconds is deferred (callback 5; 6 for components) and its result is
   * sent as the edit of the original response. Default 2500; `false` never defers.
   */
  readonly deferAfter?: number | false
  /** Whether an automatic deferral is ephemeral (default false). */
  readonly deferEphemeral?: boolean
  readonly messages?: Messages
}

const MISFIT = 'This command does not match the app any more. Try again in a moment.'
const FAILED = 'Something went wrong while handling this.'
const UNHANDLED = 'This is not handled any more.'

const own = (map: unknown, key: string): unknown => (typeof map === 'object' && map !== null && Object.hasOwn(map, key) ? (map as Record<string, unknown>)[key] : undefined)

/** The handler whose key is the longest prefix of `id`, with that key. */
function byPrefix<F>(map: Readonly<Record<string, F>> | undefined, id: string): [F, string] | undefined {
  if (map === undefined) return undefined
  let best: [F, string] | undefined
  for (const key of Object.keys(map)) if (id.startsWith(key) && (best === undefined || key.length > best[1].length)) best = [map[key] as F, key]
  return best
}

type Outcome = { ok: true; value: HandlerResult | AutocompleteAnswer } | { ok: false; error: unknown; misfit: boolean }

const isModal = (v: unknown): v is Modal => typeof v === 'object' && v !== null && typeof (v as Modal).toJSON === 'function' && typeof (v as Modal).customId === 'string'

/** A handler's result as a callback body, or `undefined` when it answered through its context. */
function normalize(value: HandlerResult | AutocompleteAnswer): InteractionResponseJSON | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return { type: 4, data: { content: value } }
  if (Array.isArray(value))
    return {
      type: 8,
      data: { choices: value.map((c: ChoiceJSON | { toJSON(): ChoiceJSON }) => ('toJSON' in c && typeof c.toJSON === 'function' ? c.toJSON() : (c as ChoiceJSON))) },
    }
  if (isModal(value)) return { type: 9, data: value.toJSON() }
  return value as InteractionResponseJSON
}

function defaultSleepTimer(ms: number, onTime: () => void): () => void {
  const g = globalThis as { setTimeout?: (cb: () => void, ms: number) => unknown; clearTimeout?: (t: unknown) => void }
  if (g.setTimeout === undefined) return () => undefined
  const t = g.setTimeout(onTime, ms)
  return () => g.clearTimeout?.(t)
}

/** The dispatcher: built once per handler, run once per interaction. */
export class Dispatcher {
  private readonly route: (interaction: unknown) => unknown
  private readonly contexts = new WeakMap<object, Context>()
  private readonly clients = new Map<string, InteractionEndpoints>()
  /** Set by the wrapped command handlers: the payload fitted and a handler was entered. */
  private entered = new WeakSet<object>()

  constructor(private readonly options: DispatchOptions<CommandSet<readonly AnyDefinition[]>>) {
    this.route = router(options.app, this.wrap(options.handlers) as never) as (interaction: unknown) => unknown
  }

  /** The handler map with each function given the context of its interaction instead of the payload. */
  private wrap(map: unknown): unknown {
    if (typeof map === 'function') {
      const f = map as (value: unknown, context: unknown) => unknown
      return (value: unknown, interaction: object) => {
        this.entered.add(interaction)
        return f(value, this.contexts.get(interaction))
      }
    }
    if (typeof map !== 'object' || map === null) return map
    if (Array.isArray(map)) return map.map((b: Bound) => ({ definition: b.definition, handlers: this.wrap(b.handlers) }))
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(map)) Object.defineProperty(out, key, { value: this.wrap((map as Record<string, unknown>)[key]), enumerable: true })
    return out
  }

  private endpoints(applicationId: string): InteractionEndpoints {
    if (this.options.rest !== undefined) return this.options.rest.interactions
    let e = this.clients.get(applicationId)
    if (e === undefined) {
      // These endpoints send no Authorization header: the token is a placeholder that never leaves the process.
      e = createClient({ token: 'Bot interaction-webhooks-only', applicationId }).interactions
      this.clients.set(applicationId, e)
    }
    return e
  }

  private report(error: unknown, interaction: unknown): void {
    try {
      this.options.onError?.(error, interaction)
    } catch {
      // onError's own failure is not the interaction's.
    }
  }

  /** Calls the handler the interaction is for; resolves to its outcome, never rejects. */
  private async call(raw: Record<string, unknown>, context: Context): Promise<Outcome> {
    const app = this.options.app
    const data = (typeof raw.data === 'object' && raw.data !== null ? raw.data : {}) as Record<string, unknown>
    try {
      switch (raw.type) {
        case 2: {
          this.contexts.set(raw, context)
          try {
            return { ok: true, value: (await this.route(raw)) as HandlerResult }
          } catch (error) {
            return { ok: false, error, misfit: !this.entered.has(raw) }
          }
        }
        case 4: {
          const parsed = safeParseAutocomplete(app, raw)
          if (!parsed.ok) return { ok: false, error: new InteractionError(parsed.issues), misfit: true }
          const v = parsed.value as { command: string; group?: string; subcommand?: string }
          const keys = [[v.command, v.group, v.subcommand].filter((k) => k !== undefined).join(' '), v.command]
          const f = keys.map((k) => own(this.options.autocomplete, k)).find((x) => typeof x === 'function') as
            | ((v: unknown, c: Context) => Awaitable<AutocompleteAnswer>)
            | undefined
          // No autocomplete handler: no suggestions.
          return { ok: true, value: f === undefined ? { type: 8, data: { choices: [] } } : await f(v, context) }
        }
        case 3:
        case 5: {
          const id = typeof data.custom_id === 'string' ? data.custom_id : ''
          const found = byPrefix<ComponentHandler | ModalHandler>(raw.type === 3 ? this.options.components : this.options.modals, id)
          if (found === undefined)
            return { ok: false, error: new Error(`no ${raw.type === 3 ? 'component' : 'modal'} handler for custom_id ${JSON.stringify(id.slice(0, 100))}`), misfit: true }
          const [f, prefix] = found
          const args = id.slice(prefix.length)
          const value =
            raw.type === 3
              ? {
                  customId: id,
                  args,
                  componentType: typeof data.component_type === 'number' ? data.component_type : 0,
                  values: Array.isArray(data.values) ? data.values.filter((x): x is string => typeof x === 'string') : [],
                }
              : { customId: id, args, fields: modalFields(data.components) }
          return { ok: true, value: await (f as (v: unknown, c: Context) => Awaitable<HandlerResult>)(value, context) }
        }
        default:
          return { ok: false, error: new Error(`interaction type ${String(raw.type)} is not handled`), misfit: true }
      }
    } catch (error) {
      return { ok: false, error, misfit: false }
    }
  }

  /**
   * Runs one interaction (an object of type 2 to 5): `answer` is called exactly once
   * with the first answer. Resolves when everything, late edits included, is done;
   * never rejects.
   */
  async run(raw: Record<string, unknown>, send: Answer): Promise<void> {
    const state: ContextState = { answered: false, deferred: false, deferType: undefined }
    const { context, answer } = createContext(raw as never, () => this.endpoints(String(raw.application_id)), send, state)
    const autocomplete = raw.type === 4
    let stop = (): void => undefined
    const after = this.options.deferAfter ?? 2500
    if (after !== false)
      stop = defaultSleepTimer(after, () => {
        if (state.answered) return
        // The 3-second rule: defer now (autocomplete cannot be deferred: no suggestions instead).
        const body: InteractionResponseJSON = autocomplete
          ? { type: 8, data: { choices: [] } }
          : raw.type === 3
            ? { type: 6 }
            : this.options.deferEphemeral === true
              ? { type: 5, data: { flags: 64 } }
              : { type: 5 }
        answer(body).catch((error: unknown) => this.report(error, raw))
      })
    const outcome = await this.call(raw, context)
    stop()
    try {
      await this.finish(raw, context, state, answer, outcome)
    } catch (error) {
      this.report(error, raw)
    }
  }

  private async finish(raw: Record<string, unknown>, context: Context, state: ContextState, answer: Answer, outcome: Outcome): Promise<void> {
    let body: InteractionResponseJSON | undefined
    if (outcome.ok) {
      body = normalize(outcome.value)
      if (body === undefined && !state.answered) outcome = { ok: false, error: new Error('the handler returned no answer and did not answer through its context'), misfit: false }
    }
    if (!outcome.ok) return this.fail(raw, context, state, answer, outcome.error, outcome.misfit)
    if (body === undefined) return
    if (!state.answered) {
      try {
        return await answer(body)
      } catch (error) {
        // Refused by validateInteractionResponse: the user still gets an answer.
        return this.fail(raw, context, state, answer, error, false)
      }
    }
    if (!state.deferred) return this.report(new Error('the handler returned an answer after answering through its context; it was not sent'), raw)
    // Deferred (by the handler or the 3-second rule): the result becomes the original's edit.
    if (body.type === 4 || body.type === 7) {
      const data = { ...body.data }
      // Whether the message is ephemeral was fixed by the deferral.
      if (data.flags !== undefined) data.flags &= ~64
      if (state.deferType === 6 && body.type === 4) await context.followUp(body.data)
      else await context.editReply(data)
      return
    }
    return this.fail(raw, context, state, answer, new Error(`a callback of type ${body.type} cannot follow a deferral`), false)
  }

  private async fail(raw: Record<string, unknown>, context: Context, state: ContextState, answer: Answer, error: unknown, misfit: boolean): Promise<void> {
    this.report(error, raw)
    const m = this.options.messages ?? {}
    const unhandled = misfit && (raw.type === 3 || raw.type === 5)
    const text = unhandled ? (m.unhandled ?? UNHANDLED) : misfit ? (m.misfit ?? MISFIT) : (m.error ?? FAILED)
    if (raw.type === 4) {
      if (!state.answered) await answer({ type: 8, data: { choices: [] } })
      return
    }
    if (!state.answered) return answer({ type: 4, data: messageOf(text, { ephemeral: true }) })
    if (state.deferred && state.deferType === 5) {
      await context.editReply(text)
      return
    }
    await context.followUp(text, { ephemeral: true })
  }
}
