/**
 * The emulator's routing: the endpoints of "Endpoints" as route templates, the
 * URL split after `/api/v10` ("Versioning"), and the JSON body read ("All bodies
 * are JSON").
 */
import { isSnowflake, type Issue, type Result } from '../internal.js'
import { ErrorCode, fail, invalidBody } from './errors.js'
import type { EmulatorReply } from './http.js'
import { LOBBY_ROUTES } from './lobbies.js'

export const API_ROOT = '/api/v10'

/** A matched route: what it does, and the ids in its path. */
export interface Route {
  readonly action: string
  /** The route template of ROUTES it matched: what its rate-limit bucket is named after. */
  readonly pattern: string
  readonly app?: string
  readonly guild?: string
  readonly command?: string
  readonly lobby?: string
  readonly user?: string
  readonly message?: string
}

/** Segments with `:name` match a snowflake and bind it. Methods by route; a known path with another method is 405. */
const ROUTES: readonly (readonly [pattern: string, methods: Readonly<Record<string, string>>])[] = [
  ['applications/:app/commands', { GET: 'commands.list', POST: 'commands.create', PUT: 'commands.bulk' }],
  ['applications/:app/commands/:command', { GET: 'command.get', PATCH: 'command.edit', DELETE: 'command.delete' }],
  ['applications/:app/guilds/:guild/commands', { GET: 'commands.list', POST: 'commands.create', PUT: 'commands.bulk' }],
  // "Command permission endpoints": the batch PUT is disabled since permissions v2.
  ['applications/:app/guilds/:guild/commands/permissions', { GET: 'permissions.list', PUT: 'permissions.batch' }],
  ['applications/:app/guilds/:guild/commands/:command', { GET: 'command.get', PATCH: 'command.edit', DELETE: 'command.delete' }],
  ['applications/:app/guilds/:guild/commands/:command/permissions', { GET: 'permissions.get', PUT: 'permissions.put' }],
  // PUT: create or join (OpenAPI `create_or_join_lobby`; the spec shows only its rate limit).
  ['lobbies', { POST: 'lobby.create', PUT: 'lobby.join' }],
  ['lobbies/:lobby', { GET: 'lobby.get', PATCH: 'lobby.edit', DELETE: 'lobby.delete' }],
  ['lobbies/:lobby/members/:user', { PUT: 'lobby.member.put', DELETE: 'lobby.member.delete' }],
  ...LOBBY_ROUTES,
]

const COMPILED = ROUTES.map(([pattern, methods]) => ({ pattern, segments: pattern.split('/'), methods }))

export function match(segments: readonly string[], method: string): Route | 'not found' | 'method' {
  for (const r of COMPILED) {
    if (r.segments.length !== segments.length) continue
    const ids: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < segments.length && ok; i++) {
      const want = r.segments[i] as string
      const got = segments[i] as string
      if (want.startsWith(':')) {
        // A path id that is not a snowflake matches no route (the public API answers 400 or 404).
        if (isSnowflake(got)) ids[want.slice(1)] = got
        else ok = false
      } else ok = want === got
    }
    if (!ok) continue
    const action = Object.hasOwn(r.methods, method) ? r.methods[method] : undefined
    return action === undefined ? 'method' : { action, pattern: r.pattern, ...ids }
  }
  return 'not found'
}

/** Splits a URL into its path segments after `/api/v10` and its query; `undefined` when outside the API. */
export function parseUrl(url: string): { segments: string[]; query: Map<string, string>; path: string } | undefined {
  const noOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
  const noHash = noOrigin.split('#')[0] as string
  const q = noHash.indexOf('?')
  const path = q < 0 ? noHash : noHash.slice(0, q)
  // "Versioning" 1: the base address ends in api/v10.
  if (path !== API_ROOT && !path.startsWith(`${API_ROOT}/`)) return undefined
  const query = new Map<string, string>()
  if (q >= 0) {
    for (const pair of noHash.slice(q + 1).split('&')) {
      if (pair === '') continue
      const eq = pair.indexOf('=')
      const decode = (s: string): string => {
        try {
          return decodeURIComponent(s.replace(/\+/g, ' '))
        } catch {
          return s
        }
      }
      query.set(decode(eq < 0 ? pair : pair.slice(0, eq)), decode(eq < 0 ? '' : pair.slice(eq + 1)))
    }
  }
  return { segments: path.slice(API_ROOT.length + 1).split('/'), query, path: noHash.slice(API_ROOT.length) }
}

/** A parsed JSON body, or a reply refusing it. An empty body is `undefined`. */
export function parseBody(text: string): { value: unknown } | EmulatorReply {
  if (text.trim() === '') return { value: undefined }
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return fail(400, ErrorCode.InvalidJson, 'The request body contains invalid JSON.')
  }
}

export const refused = <T>(r: Result<T>): EmulatorReply | undefined => (r.ok ? undefined : invalidBody(r.issues))
export const issue = (code: Issue['code'], path: Issue['path'], message: string): Issue => ({ code, path, message })
