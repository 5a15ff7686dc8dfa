/**
 * `slashkit/http`: receive interactions and answer them. `createHandler` is a fetch
 * handler (`(request) => Promise<Response>`) for Node, Bun, Deno and workers;
 * `serve` runs it on Node's http server; `createGatewayHandler` takes gateway
 * payloads; `verifyRequest` checks a signature alone. docs/handling.md.
 *
 * @packageDocumentation
 */
export { createHandler, type ExecutionContext, type HandlerOptions, type InteractionHandler } from './handler.js'
export { createGatewayHandler, type GatewayOptions } from './gateway.js'
export { CustomIdError } from './failures.js'
export {
  handle,
  type AutocompleteAnswer,
  type AutocompleteHandlers,
  type CommandHandlers,
  type CommandKey,
  type DispatchOptions,
  type HandlerResult,
  type Messages,
  type Notice,
  type RestLike,
  type RouteHandlers,
} from './handlers.js'
export { DispatchError, type DispatchStep } from './errors.js'
export { discordjsEndpoints, type DiscordjsRest } from './discordjs.js'
export { type Context, type InvokingMember, type SendOptions } from './context.js'
export type { IntegrationOwners } from '../internal.js'
export { verifyRequest, publicKey, MAX_BODY_BYTES, REPLAY_WINDOW_SECONDS, type PublicKey, type Refusal, type Verified, type VerifyOptions } from './verify.js'
export { serve, nodeListener, type NodeListener, type NodeListenerOptions, type NodeIncoming, type NodeOutgoing, type Server, type ServeOptions } from './serve.js'
export type { PlatformRequest, PlatformResponse, RequestLike, ResponseLike } from './web.js'
