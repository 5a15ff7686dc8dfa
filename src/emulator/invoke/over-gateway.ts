/**
 * Delivery over the gateway (public API v10, "Receiving an Interaction": an app
 * without an interactions endpoint URL gets INTERACTION_CREATE on its gateway
 * connection, and answers through the callback endpoint within 3 seconds). The
 * interaction is dispatched to the bot's sessions on its guild's shard; the outcome
 * is the first callback the callback endpoint takes for it, or, past the window,
 * the last one it refused, else a timeout.
 */
import type { InteractionResponseJSON, Issue } from '../../internal.js'
import type { InteractionRegistry, OpenedInteraction } from '../interactions.js'
import { realNow } from './deliver.js'
import type { Answered, GatewayDelivery, InvokeFailed } from './invoke-types.js'
import { watch } from './transcript.js'

type Timer = (callback: () => void, ms: number) => unknown
const g = globalThis as unknown as { setTimeout: Timer; clearTimeout(handle: unknown): void }

/** Dispatches `interaction` (opened as `opened`) to the bot's gateway sessions and waits up to `timeoutMs` for its callback. */
export function overGateway<I extends { readonly guild_id?: string }>(
  gateway: GatewayDelivery,
  registry: InteractionRegistry,
  clock: () => number,
  opened: OpenedInteraction,
  interaction: I,
  timeoutMs: number,
): Promise<InvokeFailed<I> | Answered<I>> {
  const started = realNow()
  const ms = (): number => Math.round(realNow() - started)
  return new Promise((resolve) => {
    let timer: unknown
    const stop = registry.subscribe((id, entry) => {
      if (id !== opened.id || entry.kind !== 'callback') return
      stop()
      g.clearTimeout(timer)
      const callback = (entry.data === undefined ? { type: entry.type } : { type: entry.type, data: entry.data }) as InteractionResponseJSON
      resolve({ outcome: 'answered', interaction, callback, ms: ms(), ...watch(registry, opened.id, clock) })
    })
    timer = g.setTimeout(() => {
      stop()
      const refused = registry.entry(opened.id)?.refused
      if (refused === undefined) {
        const message = `the bot did not answer through the callback endpoint within ${timeoutMs} ms of INTERACTION_CREATE; the user sees "The application did not respond"`
        return resolve({ outcome: 'failed', code: 'endpoint.timeout', message, interaction, ms: ms() })
      }
      const body = JSON.parse(refused.body) as { code: number; issues?: readonly Issue[] }
      const message = `the callback was refused (${refused.status}): ${refused.body.slice(0, 400)}`
      resolve({ outcome: 'failed', code: 'endpoint.callback', message, status: refused.status, refusal: { code: body.code, issues: body.issues ?? [] }, interaction, ms: ms() })
    }, timeoutMs)
    gateway.dispatch(opened.applicationId, 'INTERACTION_CREATE', interaction, interaction.guild_id)
  })
}
