/**
 * The credential, checked when the client is created ("Authentication": `Bot
 * <token>` or `Bearer <token>`), so that a bad one fails there with an issue and
 * never later inside `fetch`, whose own error quotes the header value. No message
 * here quotes the token or any part of it.
 */
import type { Issue } from '../internal.js'

/**
 * The issues of a token: not a non-empty string, a character outside printable
 * ASCII (a control character, a line break: a header value cannot hold them), or
 * a space without the `Bot ` or `Bearer ` prefix before it.
 *
 * @example
 * checkToken('Bot abc.def', ['token']) // []
 * checkToken('abc\u0000def', ['token'])[0].code // 'value.type'
 */
export function checkToken(token: unknown, path: Issue['path']): Issue[] {
  if (typeof token !== 'string' || token.trim() === '') return [{ code: 'value.type', path, message: 'token must be a non-empty string' }]
  const t = token.trim()
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i)
    if (c < 0x20 || c === 0x7f)
      return [{ code: 'value.type', path, message: `token holds a control character at index ${i}: a header value cannot carry it (was the token pasted with a line break?)` }]
    if (c > 0x7e) return [{ code: 'value.type', path, message: `token holds a character outside printable ASCII at index ${i}: tokens are ASCII` }]
  }
  const space = t.indexOf(' ')
  if (space >= 0 && !/^(Bot|Bearer) [^ ]+$/.test(t))
    return [
      {
        code: 'value.type',
        path,
        message: 'token must be `Bot <token>`, `Bearer <token>` (the prefix spelled so, one space) or a bare bot token, with no other space',
      },
    ]
  return []
}

/**
 * The secret segment of an interaction or webhook path: `{interaction.token}` in
 * `/interactions/{interaction.id}/{interaction.token}/callback`, `{token}` in
 * `/webhooks/{application.id}/{token}` and its `/messages/{id or @original}`
 * (the OpenAPI's paths; a token may hold `-`, `_` and `.`). Unanchored: it is found
 * in a whole URL (after the base's path) as in a path alone.
 */
const PATH_TOKEN = /\/(?:webhooks|interactions)\/\d+\/([^/?#]+)/

/**
 * Where the interaction or webhook token of a path or URL is, or `undefined` when
 * it holds none. The one reading of it: the limiter's route (`routeOf`, `:token`
 * in hooks, errors and bucket keys) and the hiding of the token in an error's
 * texts (`tokenHider`) both take it from here, so they hide the same thing.
 *
 * @example
 * pathToken('/webhooks/123/aW50.x-y_z/messages/@original') // { token: 'aW50.x-y_z', at: 14 }
 * pathToken('/applications/123/commands') // undefined
 */
export function pathToken(url: string): { readonly token: string; readonly at: number } | undefined {
  const m = PATH_TOKEN.exec(url)
  if (m === null) return undefined
  const token = m[1] as string
  return { token, at: m.index + m[0].length - token.length }
}
