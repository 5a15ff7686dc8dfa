/**
 * `slashkit/rest`: a typed client of the service on `fetch` (no Node APIs): every
 * command, permission and lobby endpoint, bodies checked before they are sent,
 * 429 retries, and `deploy` with a diff. docs/rest.md.
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
  type RequestOptions,
  type PermissionsInput,
  type RestClient,
  type ScopeOptions,
} from './client.js'
export { diffCommands, type CommandDiff, type DeployAction, type DeployChange } from './diff.js'
export { RestError } from './errors.js'
export { type InteractionCallbackResponse, type InteractionEndpoints, type MessageInput } from './interactions.js'
