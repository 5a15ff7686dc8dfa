/**
 * Interactions over the gateway (public API v10): a bot connected with
 * `@discordjs/core` or discord.js receives INTERACTION_CREATE payloads instead of
 * HTTP requests, and answers through the callback endpoint. The same handlers, the
 * same context and the same rules (the 3-second deferral, ephemeral messages for
 * misfits, `onError`) apply; nothing is verified, as the gateway is authenticated.
 */
import type { AnyDefinition, Bound, CommandSet, CoversSet } from '../internal.js'
import type { InteractionEndpoints } from '../rest/index.js'
import { Dispatcher, type CommandHandlers, type DispatchOptions } from './dispatch.js'
import { isInteraction } from './handler.js'

/** Options of `createGatewayHandler`: those of dispatch, with a REST client (required: answers go through it). */
export interface GatewayOptions<D extends CommandSet<readonly AnyDefinition[]>, H = CommandHandlers<D>> extends DispatchOptions<D, H> {
  readonly rest: { readonly interactions: InteractionEndpoints }
}

/**
 * A function for gateway interactions. It takes the raw interaction
 * (`@discordjs/core`'s `InteractionCreate` event `data`), or a raw gateway packet
 * `{ t, d }` (discord.js's `raw` event; packets other than INTERACTION_CREATE are
 * ignored). It answers through `rest.interactions.callback` and resolves when the
 * handler and what it sent later are done. It never rejects: errors go to `onError`.
 *
 * @example
 * const onInteraction = createGatewayHandler({ app, handlers, rest })
 * client.on(GatewayDispatchEvents.InteractionCreate, ({ data }) => onInteraction(data))
 */
export function createGatewayHandler<const D extends CommandSet<readonly AnyDefinition[]>, const B extends readonly Bound[]>(
  options: GatewayOptions<D, B & CoversSet<D, B>>,
): (payload: unknown) => Promise<void>
export function createGatewayHandler<const D extends CommandSet<readonly AnyDefinition[]>>(options: GatewayOptions<D>): (payload: unknown) => Promise<void>
export function createGatewayHandler(options: GatewayOptions<CommandSet<readonly AnyDefinition[]>, unknown>): (payload: unknown) => Promise<void> {
  const dispatcher = new Dispatcher(options as never)
  const rest = options.rest
  return async (payload) => {
    if (typeof payload !== 'object' || payload === null) return
    const packet = payload as { t?: unknown; d?: unknown }
    const raw = (typeof packet.t === 'string' ? (packet.t === 'INTERACTION_CREATE' ? packet.d : undefined) : payload) as Record<string, unknown> | undefined
    if (typeof raw !== 'object' || raw === null || !isInteraction(raw) || raw.type === 1) return
    await dispatcher.run(raw, async (body) => {
      await rest.interactions.callback(raw.id as string, raw.token as string, body)
    })
  }
}
