/**
 * `createClient`: a typed client of every endpoint of the spec ("Command
 * endpoints", "Command permission endpoints", "Lobby endpoints") and of the
 * interaction endpoints, on `fetch` alone, so it runs in Node, browsers and edge
 * workers. One area a file: commands.ts, permissions.ts, lobbies.ts,
 * interactions.ts, over what they share (core.ts).
 */
import { type CommandEndpoints, commandEndpoints } from './commands.js'
import { clientOptionIssues, type ClientOptions, RestCore } from './core.js'
import { type InteractionEndpoints, interactionEndpoints } from './interactions.js'
import { type LobbyEndpoints, lobbyEndpoints } from './lobbies.js'
import { type PermissionEndpoints, permissionEndpoints } from './permissions.js'
import type { RequestOptions } from './transport.js'

/** The typed client. Every method returns what the service returned, typed; the errors are those of errors.ts. */
export interface RestClient extends CommandEndpoints, PermissionEndpoints, LobbyEndpoints {
  /**
   * A raw request to a path under the base address, with the client's credential
   * (or the call's `token`), queues, retries and errors. `globalLimit: false` for
   * the endpoints outside the global limit (interaction webhooks); `signal` and
   * `timeout` per call; `authorization: false` for none; `files` for a multipart body.
   */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>
  /** The interaction endpoints: callback, original response, follow-ups (src/rest/interactions.ts). They need no token. */
  readonly interactions: InteractionEndpoints
}

/**
 * A client of the service for one application. Give it the emulator's `fetch` to
 * run offline. Without a `token` it calls the interaction endpoints only (and the
 * calls given a token of their own).
 *
 * @example
 * const rest = createClient({ token: process.env.BOT_TOKEN!, applicationId: '123456789012345678' })
 * const { changes } = await rest.deploy(app) // one bulk overwrite, only if something changed
 */
export function createClient(options: ClientOptions): RestClient {
  const core = new RestCore(options, clientOptionIssues('createClient', options))
  const permissions = permissionEndpoints(core)
  return {
    ...commandEndpoints(core, permissions),
    ...permissions,
    ...lobbyEndpoints(core),
    request: (method, path, requestOptions) => core.request(method, path, requestOptions),
    interactions: interactionEndpoints(core),
  }
}

/**
 * The interaction endpoints alone, over a client core of their own: what
 * `createClient(options).interactions` is, without the command, permission and
 * lobby endpoints (nor the rules, deploy and diff they bring). `slashkit/http`'s
 * handler reaches the interaction webhook through it when no `rest` is given, so
 * that a worker answering interactions does not bundle the rest of the client
 * (one command's worker, test/runtime: 44,390 -> 39,639 B gzip).
 *
 * @internal For `slashkit/http`; not part of the public API, and may change.
 * @example
 * const interactions = interactionClient({ applicationId: '123456789012345678' })
 * await interactions.followUp(token, 'done')
 */
export function interactionClient(options: ClientOptions): InteractionEndpoints {
  return interactionEndpoints(new RestCore(options))
}
