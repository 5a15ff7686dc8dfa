/**
 * `slashkit/rest`: a typed client of the service on `fetch` (no Node APIs): every
 * command, permission and lobby endpoint, the interaction callback and webhooks
 * (with files), bodies checked before they are sent, queues per rate-limit bucket
 * and the global limit kept before sending (in one process, or shared through a
 * `RateLimitStore`), retries, timeouts, hooks, and `deploy` with a diff.
 * docs/rest.md.
 *
 * @packageDocumentation
 */
export { createClient, interactionClient, type RestClient } from './client.js'
export type { CommandEndpoints, CommandInput, CommandListInput, DeployOptions, DeployResult, ListOptions, ScopeOptions } from './commands.js'
export type { ClientOptions, DefinitionLike } from './core.js'
export { DeployError, type LostPermissions } from './deploy.js'
export { diffCommands, type CommandDiff, type DeployAction, type DeployChange, type PossibleRename } from './diff.js'
export { CredentialError, type FieldError, RateLimitError, RateLimitStoreError, RestError, RestNetworkError, type RequestTarget, type StoreOperation } from './errors.js'
export type { AbortSignalLike, FetchInit, FetchLike, FetchResponse, FormDataLike } from './fetch.js'
export { checkFiles, fileTypeOf, splitMessage, withFiles, type BlobLike, type FileInput, type MessageInput, type ReadableStreamLike } from './files.js'
export { mediaTypeOf } from './media-types.js'
export type { CallbackOptions, InteractionCallbackResponse, InteractionEndpoints } from './interactions.js'
export type { RateLimitInfo, StoreErrorInfo } from './limiter.js'
export type { LobbyAuthOptions, LobbyEndpoints } from './lobbies.js'
export type { PermissionEndpoints, PermissionsInput } from './permissions.js'
export { createMemoryStore, type Awaitable, type BucketState, type InvalidCount, type RateLimitStore, type Taken, type TakeRequest, type Wait } from './store.js'
export type { ClientHooks, RequestInfo, ResponseInfo } from './hooks.js'
export type { RequestOptions } from './transport.js'
