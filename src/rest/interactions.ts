/**
 * The interaction endpoints of the public API v10 (the spec shows no response
 * format, "Events" 2): the callback, and the interaction webhook that carries the
 * original response and the follow-ups for 15 minutes.
 *
 * - POST /interactions/{interaction.id}/{interaction.token}/callback
 * - GET, PATCH, DELETE /webhooks/{application.id}/{interaction.token}/messages/@original
 * - POST /webhooks/{application.id}/{interaction.token}
 * - GET, PATCH, DELETE /webhooks/{application.id}/{interaction.token}/messages/{message.id}
 *
 * They take no Authorization header (the token in the path authorizes), so a
 * client made without a token calls them, and they are not under the global rate
 * limit. Bodies are checked before sending (`validateInteractionResponse`,
 * `validateWebhookMessage`); a `RestError` never shows the token (its path says
 * `:token`). The callback, a follow-up and the two edits take files (OpenAPI:
 * their `multipart/form-data` bodies; files.ts).
 */
import {
  InteractionCallbackType,
  isSnowflake,
  validateInteractionResponse,
  validateWebhookMessage,
  ValidationError,
  type InteractionResponseJSON,
  type Issue,
  type PathSegment,
  type Result,
  type WebhookMessage,
  type WebhookMessageJSON,
} from '../internal.js'
import type { RestCore } from './core.js'
import { checkFiles, splitMessage, withFiles, type FileInput, type MessageInput } from './files.js'

/** What `callback(..., { withResponse: true })` returns (public API v10 `InteractionCallbackResponse`). */
export interface InteractionCallbackResponse {
  readonly interaction: {
    readonly id: string
    readonly type: number
    readonly response_message_id?: string
    readonly response_message_loading?: boolean
    readonly response_message_ephemeral?: boolean
  }
  readonly resource?: { readonly type: number; readonly message?: WebhookMessage }
}

export type { MessageInput } from './files.js'

/** Options of `callback`. */
export interface CallbackOptions {
  /** `with_response=true`: resolve to the `InteractionCallbackResponse`. */
  readonly withResponse?: boolean | undefined
  /** Files of the message (callback types CHANNEL_MESSAGE_WITH_SOURCE and UPDATE_MESSAGE), described by `data.attachments`. */
  readonly files?: readonly FileInput[] | undefined
}

/** The interaction endpoints, on the client's `fetch`, retries and errors. */
export interface InteractionEndpoints {
  /**
   * Answers an interaction (at most once, within 3 s of its arrival). Resolves to
   * `undefined`, or the `InteractionCallbackResponse` with `withResponse: true`.
   *
   * @example
   * await rest.interactions.callback(interaction.id, interaction.token, { type: InteractionCallbackType.DeferredChannelMessageWithSource })
   */
  callback(interactionId: string, token: string, body: InteractionResponseJSON, options?: CallbackOptions): Promise<InteractionCallbackResponse | undefined>
  /** The original response. */
  getOriginal(token: string): Promise<WebhookMessage>
  /**
   * Edits the original response (after a deferral: the answer replaces "thinking").
   *
   * @example
   * await rest.interactions.editOriginal(interaction.token, 'Done')
   */
  editOriginal(token: string, body: MessageInput): Promise<WebhookMessage>
  /** Deletes the original response. */
  deleteOriginal(token: string): Promise<void>
  /**
   * Sends a follow-up message (`flags: MessageFlag.Ephemeral` for an ephemeral one), with files if given.
   *
   * @example
   * await rest.interactions.followUp(interaction.token, { content: 'One more thing', flags: MessageFlag.Ephemeral })
   */
  followUp(token: string, body: MessageInput): Promise<WebhookMessage>
  getFollowUp(token: string, messageId: string): Promise<WebhookMessage>
  editFollowUp(token: string, messageId: string, body: MessageInput): Promise<WebhookMessage>
  deleteFollowUp(token: string, messageId: string): Promise<void>
}

/** Public API v10 interaction tokens are long strings of letters, digits, `-`, `_` and `.`. */
const TOKEN = /^[\w.-]{1,1000}$/

function refuse(path: string, message: string): never {
  const issue: Issue = { code: 'value.type', path: [path], message }
  throw new ValidationError([issue], 'request')
}

/** Every issue of a message check and of its files, thrown together. */
function refuseAll(checked: Result<unknown>, files: readonly FileInput[] | undefined, message: unknown, at: readonly PathSegment[], what: string): void {
  const issues = [...(checked.ok ? [] : checked.issues), ...(files === undefined ? [] : checkFiles(message, files, at))]
  if (issues.length > 0) throw new ValidationError(issues, what)
}

/**
 * The interaction endpoints over a client's core, for its application.
 * `createClient` exposes them as `rest.interactions`.
 */
export function interactionEndpoints(core: RestCore): InteractionEndpoints {
  const applicationId = core.app
  /** A request whose path holds the token: checked first, and never shown in an error (the route says `:token`). */
  const send = async <T>(method: string, path: (token: string) => string, token: string, body?: unknown, files?: readonly FileInput[]): Promise<T> => {
    // The token goes into a URL: a `/`, `?` or space would change the request. The message never repeats it.
    if (typeof token !== 'string' || !TOKEN.test(token)) refuse('token', 'token must be an interaction token (letters, digits, "-", "_" and ".")')
    const options = files === undefined || files.length === 0 ? { body, globalLimit: false } : { body, files, globalLimit: false }
    return core.transport.send<T>(method, path(token), undefined, body === undefined ? { globalLimit: false } : options)
  }
  const id = (name: string, value: string): void => {
    if (!isSnowflake(value)) refuse(name, `${name} must be a snowflake (a string of digits)`)
  }
  /** The body of a message input and its files, checked. */
  const message = (input: MessageInput, kind: 'follow-up' | 'edit'): [WebhookMessageJSON, readonly FileInput[] | undefined] => {
    const [body, files] = splitMessage(input)
    refuseAll(validateWebhookMessage(withFiles(body, files), kind), files, body, [], kind === 'edit' ? 'message edit' : 'follow-up message')
    return [body, files]
  }
  const hook =
    (rest = ''): ((token: string) => string) =>
    (token) =>
      `/webhooks/${applicationId}/${token}${rest}`
  return {
    async callback(interactionId, token, body, options = {}) {
      id('interactionId', interactionId)
      const files = options.files
      const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined
      const carries = typeof data === 'object' && data !== null ? withFiles(data, files) : data
      const checked = validateInteractionResponse(carries === data ? body : { ...body, data: carries })
      if (files !== undefined && files.length > 0) {
        const type = (body as { type?: unknown }).type
        // OpenAPI: of the callbacks, only a message (CHANNEL_MESSAGE_WITH_SOURCE) and a message update (UPDATE_MESSAGE) carry attachments.
        if (type !== InteractionCallbackType.ChannelMessageWithSource && type !== InteractionCallbackType.UpdateMessage)
          refuse('files', `files go with a callback that carries a message (CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE), not type ${String(type)}`)
      }
      refuseAll(checked, files, data, ['data'], 'interaction callback')
      const query = options.withResponse === true ? '?with_response=true' : ''
      return send<InteractionCallbackResponse | undefined>('POST', (t) => `/interactions/${interactionId}/${t}/callback${query}`, token, body, files)
    },
    getOriginal: (token) => send('GET', hook('/messages/@original'), token),
    editOriginal: async (token, input) => send('PATCH', hook('/messages/@original'), token, ...message(input, 'edit')),
    deleteOriginal: async (token) => {
      await send('DELETE', hook('/messages/@original'), token)
    },
    followUp: async (token, input) => send('POST', hook(), token, ...message(input, 'follow-up')),
    getFollowUp: async (token, messageId) => {
      id('messageId', messageId)
      return send('GET', hook(`/messages/${messageId}`), token)
    },
    editFollowUp: async (token, messageId, input) => {
      id('messageId', messageId)
      return send('PATCH', hook(`/messages/${messageId}`), token, ...message(input, 'edit'))
    },
    deleteFollowUp: async (token, messageId) => {
      id('messageId', messageId)
      await send('DELETE', hook(`/messages/${messageId}`), token)
    },
  }
}
