/**
 * Interactions over the gateway (public API v10): a bot connected with
 * `@discordjs/core` or discord.js receives INTERACTION_CREATE dispatches instead of
 * HTTP requests, and answers through the callback endpoint. The same handlers, the
 * same context and the same rules (the 3-second deferral, ephemeral messages for
 * misfits, `onError`) apply; nothing is verified, as the gateway is authenticated.
 */
import type { AnyDefinition, AnyRoute, CheckHandlers, CommandSet, CoversRoutes, HandlersInput, StrayKeys } from '../internal.js'
import { argumentError, assertApp, assertHandlers, InteractionType, isRecord, matchCustomId, safeParse, safeParseAutocomplete } from '../internal.js'
import { Dispatcher, endpointsOf, isRestLike } from './dispatch.js'
import type { CommandHandlers, DispatchOptions, RestLike, RouteHandlers } from './handlers.js'
import { DispatchError } from './errors.js'
import { notInteraction } from './handler.js'

/** Options of `createGatewayHandler`: those of dispatch; `rest` may be left out when the payloads are `@discordjs/core` events (their `api.rest` answers). */
export type GatewayOptions<
  D extends CommandSet<readonly AnyDefinition[]>,
  H = CommandHandlers<D>,
  Rs extends readonly AnyRoute[] = readonly AnyRoute[],
  C = RouteHandlers<Rs>,
> = DispatchOptions<D, H, Rs, C> & {
  /**
   * What becomes of an interaction that is not the app's: a command the set does not
   * hold (by name and type), or a component or modal whose `custom_id` no route made.
   * `'answer'` (the default, as over HTTP): the user gets the notice
   * (`messages.misfit`, `messages.unhandled`) and `onError` is told, so a route left
   * out of `routes` does not fail in silence. `'leave'`: it is left alone, unanswered
   * and unreported, for the bot's other listeners: a discord.js bot that moves to
   * slashkit a command at a time keeps its own handlers and collectors for the rest.
   * A stale `custom_id` of one of the app's routes, and a payload of one of its
   * commands that does not fit, are the app's either way.
   */
  readonly others?: 'answer' | 'leave' | undefined
}

/** The gateway's name of the dispatch (public API v10). */
const INTERACTION_CREATE = 'INTERACTION_CREATE'

const ACCEPTED =
  "createGatewayHandler takes @discordjs/core's InteractionCreate event ({ data, api, shardId }), a gateway packet ({ t: 'INTERACTION_CREATE', d }: discord.js's 'raw' event) or the raw interaction"

/** What was passed, in a few words, for the refusal. */
function describe(payload: unknown): string {
  if (typeof payload === 'string' && payload.trimStart().startsWith('{')) return "a string of JSON (a packet's text: pass JSON.parse(text))"
  if (payload === null || typeof payload !== 'object') return payload === null ? 'null' : typeof payload
  if (Array.isArray(payload)) return 'an array'
  const keys = Object.keys(payload).slice(0, 6)
  return `an object with ${keys.length === 0 ? 'no keys' : `keys ${keys.join(', ')}`}`
}

type Read = { readonly interaction: Record<string, unknown>; readonly rest?: RestLike } | { readonly ignore: true } | { readonly refuse: string }

/** The interaction in a payload of one of the accepted shapes (and the event's REST client), a packet to ignore, or why it is refused. */
function read(payload: unknown): Read {
  if (!isRecord(payload)) return { refuse: `${ACCEPTED}; got ${describe(payload)}` }
  // A gateway packet: `t` names the dispatch. Other dispatches, and packets that are not
  // dispatches (`t: null`: hello, heartbeat acks), are a bot's ordinary traffic.
  if ('t' in payload && ('d' in payload || 'op' in payload)) {
    const t = payload.t
    if (typeof t !== 'string' || t.toUpperCase() !== INTERACTION_CREATE) return { ignore: true }
    return isRecord(payload.d) ? interaction(payload.d) : { refuse: `an INTERACTION_CREATE packet without an interaction in d (${describe(payload.d)})` }
  }
  // @discordjs/core: `client.on(GatewayDispatchEvents.InteractionCreate, onInteraction)`.
  if ('data' in payload && 'api' in payload) {
    const api = payload.api as { rest?: unknown } | undefined
    const rest = isRecord(api) && isRestLike(api.rest) ? api.rest : undefined
    if (!isRecord(payload.data)) return { refuse: `an event without an interaction in data (${describe(payload.data)})` }
    const found = interaction(payload.data)
    return 'interaction' in found && rest !== undefined ? { ...found, rest } : found
  }
  // discord.js's classes keep no raw payload to read.
  if ('client' in payload && 'applicationId' in payload)
    return { refuse: `a discord.js Interaction object holds no raw payload to read; pass the raw packets: client.on('raw', (packet) => onInteraction(packet))` }
  return interaction(payload)
}

function interaction(v: Record<string, unknown>): Read {
  const why = notInteraction(v)
  if (why !== undefined)
    // An object with an interaction's fields is one that cannot be read: say which field; anything else gets the accepted shapes.
    return { refuse: 'type' in v || 'token' in v ? `an interaction this handler cannot read: ${why}` : `${ACCEPTED}; got ${describe(v)}` }
  if (v.type === InteractionType.Ping) return { refuse: 'a PING comes only to an HTTP endpoint, never over the gateway' }
  return { interaction: v }
}

/**
 * Whether an interaction is the app's (`others: 'leave'` leaves the rest alone): a
 * command or autocomplete of a command the set holds by name and type (a payload
 * that does not fit it otherwise is the app's, to report), or a component or modal
 * whose `custom_id` one of its routes made, stale ones included. Checked here, not in
 * the dispatch an HTTP endpoint shares, which is always the only receiver: a command
 * is read twice on this path.
 */
function isTheApps(options: GatewayOptions<CommandSet<readonly AnyDefinition[]>, unknown, readonly AnyRoute[], unknown>, raw: Record<string, unknown>): boolean {
  switch (raw.type) {
    case InteractionType.ApplicationCommand:
    case InteractionType.ApplicationCommandAutocomplete: {
      const read = (raw.type === InteractionType.ApplicationCommand ? safeParse : safeParseAutocomplete)(options.app, raw)
      return read.ok || !read.issues.some((i) => i.code === 'interaction.command')
    }
    case InteractionType.MessageComponent:
    case InteractionType.ModalSubmit: {
      const id = isRecord(raw.data) ? raw.data.custom_id : undefined
      return typeof id !== 'string' || matchCustomId((options.routes ?? []) as readonly AnyRoute[], id).route !== undefined
    }
    default:
      return true
  }
}

/**
 * A function for gateway interactions. It takes what `@discordjs/core` and
 * discord.js users hold: `@discordjs/core`'s InteractionCreate event object
 * (`{ data, api, shardId }`: pass the listener's argument as it is), a gateway packet
 * `{ t: 'INTERACTION_CREATE', d }` (discord.js's `raw` event; other dispatches are
 * ignored), or the raw interaction. Anything else goes to `onError` (step
 * `payload`) with a sentence that names these shapes. It answers through `rest`
 * (slashkit's `createClient(...)` or a `@discordjs/rest` instance), or, when `rest`
 * is left out, through the event's `api.rest`: one client serves the bot and its
 * answers. It resolves when the handler and what it sent later are done, and never
 * rejects. A missing or extra handler is a compile error that reads as a sentence.
 *
 * @example
 * const onInteraction = createGatewayHandler({ app, handlers })
 * client.on(GatewayDispatchEvents.InteractionCreate, onInteraction) // @discordjs/core: answers through api.rest
 */
export function createGatewayHandler<
  const D extends CommandSet<readonly AnyDefinition[]>,
  const H extends HandlersInput<CommandHandlers<D>>,
  const C extends Partial<RouteHandlers<Rs>> & StrayKeys,
  const Rs extends readonly AnyRoute[] = readonly [],
>(options: GatewayOptions<D, CheckHandlers<D, H, CommandHandlers<D>>, Rs, CoversRoutes<Rs, C, 'the components'>>): (payload: unknown) => Promise<void>
export function createGatewayHandler(options: GatewayOptions<CommandSet<readonly AnyDefinition[]>, unknown, readonly AnyRoute[], unknown>): (payload: unknown) => Promise<void> {
  // From JavaScript: the options and the handler map named when the handler is made, not at the first dispatch.
  if (typeof options !== 'object' || options === null) throw argumentError('createGatewayHandler', 'options', 'an object', options)
  assertApp('createGatewayHandler', 'options.app', options.app)
  assertHandlers('createGatewayHandler', options.handlers, options.autocomplete)
  const others = options.others
  if (others !== undefined && others !== 'answer' && others !== 'leave') throw argumentError('createGatewayHandler', 'options.others', "'answer' or 'leave'", others)
  const dispatcher = new Dispatcher(options, 'createGatewayHandler', 'others')
  const refuse = (payload: unknown, step: 'payload' | 'callback', message: string): void => {
    try {
      options.onError?.(new DispatchError(step, new TypeError(message)), payload)
    } catch {
      // onError's own failure is not the interaction's.
    }
  }
  return async (payload) => {
    let found: Read
    try {
      found = read(payload)
    } catch (error) {
      // An object whose reading throws (a getter, a Proxy): reported, as the handler never rejects.
      return refuse(payload, 'payload', `the payload could not be read: ${error instanceof Error ? error.message : String(error)}`)
    }
    if ('ignore' in found) return
    if ('refuse' in found) return refuse(payload, 'payload', found.refuse)
    const raw = found.interaction
    if (others === 'leave' && !isTheApps(options, raw)) return
    const rest = options.rest ?? found.rest
    if (rest === undefined)
      return refuse(
        raw,
        'callback',
        "no REST client to answer with: pass `rest` (slashkit's createClient(...) or a @discordjs/rest REST), or pass @discordjs/core's event object, whose api.rest answers",
      )
    const application = typeof raw.application_id === 'string' ? raw.application_id : undefined
    await dispatcher.run(
      raw,
      async (body, files) => {
        // The callback endpoint takes files (multipart/form-data): a reply with files is one callback.
        await endpointsOf(rest, application).callback(raw.id as string, raw.token as string, body, files === undefined ? undefined : { files })
      },
      rest,
      true,
    )
  }
}
