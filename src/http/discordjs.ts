/**
 * The interaction endpoints (public API v10) over a `@discordjs/rest` `REST`
 * instance: a bot that already has one (`@discordjs/core`'s `api.rest`, discord.js's
 * `client.rest`) answers through it, and needs no second client. Bodies and ids are
 * checked as slashkit's own client checks them, the requests carry no Authorization
 * header (`auth: false`: the token in the path authorizes), and a refusal comes back
 * as slashkit's `RestError`, whose path shows `:token`, never the token. Files
 * (`{ name, data, contentType? }`, as slashkit's client takes them) go as
 * `@discordjs/rest`'s `files` (`{ name, key: 'files[n]', data: bytes, contentType }`),
 * which it sends as `multipart/form-data` with `payload_json`.
 */
import { InteractionCallbackType, isSnowflake, validateWebhookMessage, ValidationError, type Issue, type WebhookMessage, type WebhookMessageJSON } from '../internal.js'
import { checkFiles, RestError, withFiles, type FileInput, type InteractionCallbackResponse, type InteractionEndpoints, type MessageInput } from '../rest/index.js'
import { partsOf, rawFilesOf, type Files } from './files.js'

/** A route of `@discordjs/rest`: a path after the version, starting with `/`. */
type Route = `/${string}`

/** What a request of `@discordjs/rest` takes here. */
interface RequestData {
  readonly body?: unknown
  readonly auth?: boolean
  readonly query?: unknown
  /**
   * Its `RawFile[]`: sent as `multipart/form-data`, the body as `payload_json`. Typed
   * loosely (`data: unknown`) so that `@discordjs/rest`'s own `REST` fits this interface.
   */
  readonly files?: readonly { readonly name: string; readonly key?: string; readonly data: unknown; readonly contentType?: string }[] | undefined
}

/**
 * The part of `@discordjs/rest`'s `REST` used here (structural: slashkit does not
 * depend on it). `client.rest` of discord.js and `api.rest` of `@discordjs/core` are one.
 */
export interface DiscordjsRest {
  post(route: Route, options?: RequestData): Promise<unknown>
  patch(route: Route, options?: RequestData): Promise<unknown>
  delete(route: Route, options?: RequestData): Promise<unknown>
  get(route: Route, options?: RequestData): Promise<unknown>
}

/** Whether `rest` is a `@discordjs/rest` instance rather than a client with `interactions`. */
export const isDiscordjsRest = (rest: unknown): rest is DiscordjsRest =>
  typeof rest === 'object' &&
  rest !== null &&
  typeof (rest as DiscordjsRest).post === 'function' &&
  typeof (rest as DiscordjsRest).patch === 'function' &&
  typeof (rest as DiscordjsRest).delete === 'function'

/** Public API v10 interaction tokens are long strings of letters, digits, `-`, `_` and `.`. */
const TOKEN = /^[\w.-]{1,1000}$/

function refuse(path: string, message: string): never {
  const issue: Issue = { code: 'value.type', path: [path], message }
  throw new ValidationError([issue], 'request')
}

/** A `DiscordAPIError` or `HTTPError` of `@discordjs/rest` (their `url` holds the token) as a `RestError` without it. */
function asRestError(error: unknown, method: string, path: string): unknown {
  const e = error as { status?: unknown; rawError?: unknown; statusText?: unknown; name?: unknown }
  if (typeof error !== 'object' || error === null || typeof e.status !== 'number') return error
  return new RestError({ status: e.status, body: e.rawError ?? e.statusText ?? '', method, path, route: `${method} ${path.replace(/\/\d{5,}(?=\/|$)/g, '/:id')}` })
}

/**
 * The interaction endpoints over a `@discordjs/rest` instance, for the application
 * `applicationId` (the webhook endpoints need it; the callback does not).
 *
 * @example
 * const endpoints = discordjsEndpoints(client.rest, interaction.application_id)
 * await endpoints.followUp(interaction.token, 'Done')
 */
export function discordjsEndpoints(rest: DiscordjsRest, applicationId: string | undefined): InteractionEndpoints {
  const send = async <T>(
    method: 'post' | 'patch' | 'delete' | 'get',
    path: (token: string) => string,
    token: string,
    body?: unknown,
    query?: unknown,
    files?: readonly FileInput[],
  ): Promise<T> => {
    if (typeof token !== 'string' || !TOKEN.test(token)) refuse('token', 'token must be an interaction token (letters, digits, "-", "_" and ".")')
    const raw = files === undefined || files.length === 0 ? undefined : await rawFilesOf(files)
    try {
      return (await rest[method](path(token) as Route, {
        auth: false,
        ...(body === undefined ? {} : { body }),
        ...(query === undefined ? {} : { query }),
        ...(raw === undefined ? {} : { files: raw }),
      })) as T
    } catch (error) {
      throw asRestError(error, method.toUpperCase(), path(':token'))
    }
  }
  const hook =
    (rest = ''): ((token: string) => string) =>
    (token) => {
      if (applicationId === undefined || !isSnowflake(applicationId))
        throw new Error(
          'the interaction webhook needs the application id: the interaction carries no application_id; pass the application id to createClient and that client as `rest`',
        )
      return `/webhooks/${applicationId}/${token}${rest}`
    }
  const id = (name: string, value: string): void => {
    if (!isSnowflake(value)) refuse(name, `${name} must be a snowflake (a string of digits)`)
  }
  /** A message input as its body and its files, both checked as slashkit's client checks them. */
  const message = (input: MessageInput, kind: 'follow-up' | 'edit'): [WebhookMessageJSON, undefined, Files] => {
    const [body, files] = partsOf(input)
    const checked = validateWebhookMessage(withFiles(body, files), kind)
    const issues = [...(checked.ok ? [] : checked.issues), ...(files === undefined ? [] : checkFiles(body, files))]
    if (issues.length > 0) throw new ValidationError(issues, kind === 'edit' ? 'message edit' : 'follow-up message')
    return [body, undefined, files]
  }
  const original = hook('/messages/@original')
  return {
    callback: async (interactionId, token, body, options) => {
      id('interactionId', interactionId)
      const files = options?.files
      if (files !== undefined) {
        const type = (body as { type?: unknown }).type
        const issues = checkFiles((body as { data?: unknown }).data, files, ['data'])
        // The OpenAPI: of the callbacks, a message (4) and a message update (7) carry attachments.
        if (files.length > 0 && type !== InteractionCallbackType.ChannelMessageWithSource && type !== InteractionCallbackType.UpdateMessage)
          issues.push({ code: 'field.not_allowed', path: ['files'], message: `files go with a callback that carries a message (4 or 7), not type ${String(type)}` })
        if (issues.length > 0) throw new ValidationError(issues, 'interaction callback')
      }
      const Search = (globalThis as { URLSearchParams?: new (init: Record<string, string>) => unknown }).URLSearchParams
      const query = options?.withResponse === true && Search !== undefined ? new Search({ with_response: 'true' }) : undefined
      const answer = await send<InteractionCallbackResponse | undefined>('post', (t) => `/interactions/${interactionId}/${t}/callback`, token, body, query, files)
      return options?.withResponse === true ? answer : undefined
    },
    getOriginal: (token) => send<WebhookMessage>('get', original, token),
    editOriginal: (token, body) => send<WebhookMessage>('patch', original, token, ...message(body, 'edit')),
    deleteOriginal: (token) => send<void>('delete', original, token),
    followUp: (token, body) => send<WebhookMessage>('post', hook(), token, ...message(body, 'follow-up')),
    getFollowUp: (token, messageId) => {
      id('messageId', messageId)
      return send<WebhookMessage>('get', hook(`/messages/${messageId}`), token)
    },
    editFollowUp: (token, messageId, body) => {
      id('messageId', messageId)
      return send<WebhookMessage>('patch', hook(`/messages/${messageId}`), token, ...message(body, 'edit'))
    },
    deleteFollowUp: (token, messageId) => {
      id('messageId', messageId)
      return send<void>('delete', hook(`/messages/${messageId}`), token)
    },
  }
}
