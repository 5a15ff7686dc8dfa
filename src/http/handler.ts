/**
 * `createHandler`: the app's interactions endpoint as a fetch handler
 * (`(request) => Promise<Response>`), for Node (`serve`), Bun, Deno and workers
 * alike. Public API v10 transport (the spec: "Events" 2, not shown): verify the
 * Ed25519 signature, answer PING with PONG, answer everything else within 3
 * seconds in the HTTP response, and send what comes later through the webhook.
 */
import {
  argumentError,
  assertApp,
  assertHandlers,
  INTERACTION_ANSWER_WINDOW_MS,
  kindOf,
  InteractionCallbackType,
  InteractionType,
  type AnyDefinition,
  type AnyRoute,
  type CheckHandlers,
  type CommandSet,
  type CoversRoutes,
  type StrayKeys,
  type HandlersInput,
} from '../internal.js'
import { interactionClient } from '../rest/index.js'
import { messageOf } from './context.js'
import { Dispatcher } from './dispatch.js'
import { DispatchError, type DispatchStep } from './errors.js'
import type { CommandHandlers, DispatchOptions, RouteHandlers } from './handlers.js'
import { publicKey, verifyRequest, type Refusal, type VerifyOptions } from './verify.js'
import { respond, respondJSON, type PlatformRequest, type PlatformResponse } from './web.js'

/** Options of `createHandler`: the dispatch options, the public key and the checks of the request. */
export interface HandlerOptions<D extends CommandSet<readonly AnyDefinition[]>, H = CommandHandlers<D>, Rs extends readonly AnyRoute[] = readonly AnyRoute[], C = RouteHandlers<Rs>>
  extends DispatchOptions<D, H, Rs, C>,
    VerifyOptions {
  /** The application's public key: 64 hex characters, from the app's settings. */
  readonly publicKey: string
  /**
   * Called for each request the endpoint refuses (400, 401, 405, 413, 500), with the
   * status and the reason it answered, and the request: what to log when the
   * service's requests do not get through (the developer portal's "could not be
   * verified": a public key of another application, a body parsed before it reached
   * the handler, a clock that is wrong). The service itself sends requests with a
   * bad signature, when the URL is saved and in routine checks, to see them refused.
   * What it throws is ignored.
   */
  readonly onRefused?: ((refusal: Refusal, request: PlatformRequest) => void) | undefined
}

/**
 * Where the work after the response is stopped unless a `waitUntil` holds it, by
 * what each host sets: workerd's `navigator.userAgent` (`Cloudflare-Workers`),
 * Vercel's system variable `VERCEL` (`1`, at build and run time), AWS Lambda's
 * reserved `AWS_LAMBDA_FUNCTION_NAME`. Each text says what to pass.
 */
function stoppingHost(): string | undefined {
  const g = globalThis as { navigator?: { userAgent?: unknown }; process?: { env?: Record<string, string | undefined> } }
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return 'deferred on Cloudflare Workers without ctx: what follows the response is cancelled; pass ctx, handler(request, ctx)'
  const env = g.process?.env
  if (env?.VERCEL === '1')
    return "deferred on Vercel without waitUntil: what follows the response is not kept running; pass handler(request, { waitUntil }) or nodeListener(handler, { waitUntil }), waitUntil from '@vercel/functions'"
  if (env?.AWS_LAMBDA_FUNCTION_NAME !== undefined)
    return "deferred on AWS Lambda without waitUntil: the function is frozen once it returns, and what follows may never run; pass the host's waitUntil (Netlify's context), or answer within 3 s"
  return undefined
}

/** What runs the work that goes on after the response: a worker's `ctx.waitUntil`, say. */
export interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void
}

/**
 * Marks a context whose `waitUntil` only tracks the work in the process (`nodeListener`'s,
 * for `idle()`) and holds no host: on a host that stops, a deferral under it is told as one without.
 */
export const IN_PROCESS: unique symbol = Symbol.for('slashkit.inProcess')

/**
 * Where the service is, on a context that runs in its process: `{ baseUrl, fetch }`.
 * The emulator puts it on the context of an endpoint function it calls, and `connect`
 * on its own, so that a handler made without `rest` sends its deferral's answer and
 * its follow-ups to the emulator, where the service's requests came from, and not
 * to discord.com. A `rest` given wins.
 */
const SERVICE: unique symbol = Symbol.for('slashkit.service')

/**
 * The endpoint: a fetch handler. `ctx.waitUntil` keeps a worker alive for late edits and follow-ups;
 * a second argument without one (Bun's server, Deno's connection info) is ignored, so
 * `Bun.serve({ fetch: handler })` and `Deno.serve(handler)` take it as it is.
 */
export type InteractionHandler = (request: PlatformRequest, ctx?: ExecutionContext | object) => Promise<PlatformResponse>

/** A JSON object, or `undefined` for anything else (garbage, an array, `null`, a nesting too deep for the parser). */
export function parseObject(text: string): Record<string, unknown> | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/**
 * Why a JSON object is not an interaction this package answers, or `undefined`
 * when it is one: a known type (PING, command, component, autocomplete, modal
 * submit: public API v10), string `id` and `token`, and `application_id` a string
 * when present (the public docs' own examples leave it out; the first answer needs
 * no ids). The reason names the field, so the sender can tell what to fix.
 */
export function notInteraction(v: Record<string, unknown>): string | undefined {
  const t = v.type
  const T = InteractionType
  if (t !== T.Ping && t !== T.ApplicationCommand && t !== T.MessageComponent && t !== T.ApplicationCommandAutocomplete && t !== T.ModalSubmit) {
    const known = `${T.Ping} PING, ${T.ApplicationCommand} command, ${T.MessageComponent} component, ${T.ApplicationCommandAutocomplete} autocomplete, ${T.ModalSubmit} modal submit`
    return t === undefined ? `type is missing (${known})` : `type ${JSON.stringify(t)?.slice(0, 40)} is not one answered here (${known})`
  }
  if (typeof v.id !== 'string') return `id must be a string (a snowflake), got ${describeValue(v.id)}`
  if (typeof v.token !== 'string') return `token must be a string, got ${describeValue(v.token)}`
  if (v.application_id !== undefined && typeof v.application_id !== 'string') return `application_id must be a string when present, got ${describeValue(v.application_id)}`
  return undefined
}

/** A value's kind in a word, for a refusal: never its text (a token may be there); `kindOf`, with an absent field as "nothing". */
const describeValue = (v: unknown): string => (v === undefined ? 'nothing' : kindOf(v))

const text = (status: number, body: string): PlatformResponse => respond(status, body, 'text/plain; charset=utf-8')

/**
 * The interactions endpoint of an app. It answers 405 to anything but POST, 401 to
 * a missing or wrong signature or a timestamp outside the replay window, 413 to a
 * body over the limit (before reading it whole), 400 to a body that is not a JSON
 * interaction, PONG to PING; commands go to `handlers` (as `router` finds them),
 * autocomplete to `autocomplete`, components and modal submits to the handler in
 * `components` of the route (`routes`) that made their `custom_id`, with its values
 * typed. A payload that does not fit the definition, a `custom_id` no route reads or
 * one made before its route changed, or a handler that throws, gets an ephemeral
 * message and `onError`: never a 5xx. A
 * handler that has not answered after `deferAfter` ms is deferred, and its result
 * becomes the edit of the original response. Throws a `TypeError` at once when
 * `options` is not an object or holds an option it does not take, `publicKey` is not
 * 64 hex characters, `handlers` is neither a map nor a list of `handle(...)` results,
 * or `deferAfter` is not under the service's 3 seconds.
 *
 * @example
 * const vote = route('vote', { choice: param.oneOf('yes', 'no') })
 * const handler = createHandler({
 *   publicKey: process.env.PUBLIC_KEY!,
 *   app,
 *   handlers: { poll: () => reply({ content: 'Lunch?', components: [actionRow(vote.button({ choice: 'yes' }, 'Yes'))] }) },
 *   routes: [vote],
 *   components: { vote: ({ params }, ctx) => ctx.update({ content: `${ctx.user.username} voted ${params.choice}`, components: [] }) },
 * })
 */
export function createHandler<
  const D extends CommandSet<readonly AnyDefinition[]>,
  const H extends HandlersInput<CommandHandlers<D>>,
  const C extends Partial<RouteHandlers<Rs>> & StrayKeys,
  const Rs extends readonly AnyRoute[] = readonly [],
>(options: HandlerOptions<D, CheckHandlers<D, H, CommandHandlers<D>>, Rs, CoversRoutes<Rs, C, 'the components'>>): InteractionHandler
export function createHandler(options: HandlerOptions<CommandSet<readonly AnyDefinition[]>, unknown, readonly AnyRoute[], unknown>): InteractionHandler {
  // From JavaScript: the options and the key named, not read as what they are not.
  if (typeof options !== 'object' || options === null) throw argumentError('createHandler', 'options', 'an object', options)
  if (typeof options.publicKey !== 'string') throw argumentError('createHandler', 'options.publicKey', 'a public key, 64 hex characters', options.publicKey)
  assertApp('createHandler', 'options.app', options.app)
  assertHandlers('createHandler', options.handlers, options.autocomplete)
  const key = publicKey(options.publicKey)
  const dispatcher = new Dispatcher(options as never, 'createHandler', 'publicKey onRefused maxBodyBytes replayWindowSeconds')
  const verify: VerifyOptions = { maxBodyBytes: options.maxBodyBytes, replayWindowSeconds: options.replayWindowSeconds, now: options.now }
  const now = options.now ?? Date.now
  /** An answer ready after the service's 3 seconds reached no one: said once, at `callback`, as the gateway's 10062 is. */
  const tell = (step: DispatchStep, interaction: Record<string, unknown>, why: string): void => {
    try {
      options.onError?.(new DispatchError(step, new Error(why)), interaction)
    } catch {
      // onError's own failure is not the interaction's.
    }
  }
  const late = (interaction: Record<string, unknown>, ms: number): void =>
    tell(
      'callback',
      interaction,
      `the first answer was ready ${ms} ms after the request came, past the service's ${INTERACTION_ANSWER_WINDOW_MS / 1000} seconds: the service had given up, and the user saw "The application did not respond". A handler that may take that long needs the automatic deferral (deferAfter not false, its command not in noAutoDefer) or a ctx.defer() of its own in time; a process too busy to run the deferral's timer is late too`,
    )
  const refused = (request: PlatformRequest, refusal: Refusal): PlatformResponse => {
    try {
      options.onRefused?.(refusal, request)
    } catch {
      // onRefused's own failure changes no answer.
    }
    return text(refusal.status, refusal.reason)
  }
  return async (request, ctx) => {
    const began = now()
    // The deferral's time counts from here, on the real clock (`now` may be a test's).
    const arrived = Date.now()
    const v = await verifyRequest(request, key, verify)
    if (!v.ok) return refused(request, v)
    const interaction = parseObject(v.body)
    if (interaction === undefined) return refused(request, { ok: false, status: 400, reason: 'the body must be a JSON object (an interaction)' })
    const why = notInteraction(interaction)
    if (why !== undefined) return refused(request, { ok: false, status: 400, reason: `the body is not an interaction this endpoint answers: ${why}` })
    // Public API v10: PING is answered with PONG.
    if (interaction.type === InteractionType.Ping) return respondJSON({ type: InteractionCallbackType.Pong })
    const service = (ctx as { [SERVICE]?: { baseUrl?: unknown } } | undefined)?.[SERVICE]
    const app = interaction.application_id
    // Only a handler without its own client; a context of the emulator's, never a host's.
    const rest =
      options.rest === undefined && typeof service?.baseUrl === 'string' && typeof app === 'string'
        ? { interactions: interactionClient({ ...(service as Parameters<typeof interactionClient>[0]), applicationId: app }) }
        : undefined
    let first!: (body: unknown) => void
    const answered = new Promise<unknown>((resolve) => {
      first = resolve
    })
    const work = dispatcher.run(
      interaction,
      async (body) => {
        first(body)
      },
      rest,
      false,
      arrived,
    )
    // A dispatch that ended without answering (it should not) still answers.
    const done = work.then(() =>
      first({ type: InteractionCallbackType.ChannelMessageWithSource, data: messageOf('Something went wrong while handling this.', { ephemeral: true }) }),
    )
    // Bun.serve and Deno.serve pass their server or connection info second: only a waitUntil is called.
    const kept = typeof (ctx as Partial<ExecutionContext> | undefined)?.waitUntil === 'function'
    if (kept) (ctx as ExecutionContext).waitUntil(done)
    const body = await answered
    const ms = now() - began
    if (ms > INTERACTION_ANSWER_WINDOW_MS) late(interaction, ms)
    // A host that stops the function once its response is sent, unless a waitUntil holds what follows: a deferral's answer would never come.
    const type = (body as { type?: unknown }).type
    if (
      (type === InteractionCallbackType.DeferredChannelMessageWithSource || type === InteractionCallbackType.DeferredUpdateMessage) &&
      (!kept || (ctx as { [IN_PROCESS]?: unknown })[IN_PROCESS] === true)
    ) {
      const host = stoppingHost()
      if (host !== undefined) tell('follow-up', interaction, host)
    }
    return respondJSON(body)
  }
}
