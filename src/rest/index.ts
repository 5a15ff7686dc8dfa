/**
 * `slashkit/rest`: a typed client of the service on `fetch` (no Node APIs): every
 * command, permission and lobby endpoint, bodies checked before they are sent,
 * queues per rate-limit bucket and the global limit kept before sending (in one
 * process, or shared through a `RateLimitStore`), retries, timeouts, hooks, and
 * `deploy` with a diff. docs/rest.md.
 *
 * @packageDocumentation
 */
export {
  createClient,
  type ClientOptions,
  type CommandInput,
  type CommandListInput,
  type DefinitionLike,
  type DeployOptions,
  type DeployResult,
  type FetchInit,
  type FetchLike,
  type FetchResponse,
  type ListOptions,
  type LobbyAuthOptions,
  type PermissionsInput,
  type RestClient,
  type ScopeOptions,
} from './client.js'
export { DeployError, type LostPermissions } from './deploy.js'
export { diffCommands, type CommandDiff, type DeployAction, type DeployChange, type PossibleRename } from './diff.js'
export { RestError } from './errors.js'
export { type InteractionCallbackResponse, type InteractionEndpoints, type MessageInput } from './interactions.js'
export { RateLimitError, RestNetworkError } from './failures.js'
export type { RateLimitInfo } from './limiter.js'
export { createMemoryStore, type Awaitable, type BucketState, type RateLimitStore, type Taken, type TakeRequest, type Wait } from './store.js'
export type { AbortSignalLike, ClientHooks, RequestInfo, RequestOptions, ResponseInfo } from './transport.js'
