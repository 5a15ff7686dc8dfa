/**
 * The emulator's routing: what a row of the route table is (endpoints.ts holds the
 * table, one row per endpoint), the URL split after `/api/v10` ("Versioning"), the
 * matcher, and the JSON body read ("All bodies are JSON").
 */
import { isSnowflake, type Issue, type Result } from '../internal.js'
import { ErrorCode, fail, invalidBody } from './errors.js'
import { bodyBytes, bodyText, type EmulatorReply } from './http.js'
import { isMultipart } from './multipart.js'
import type { RateRule } from './rate-limits.js'
import { readMessageForm, type Upload } from './uploads.js'

export const API_ROOT = '/api/v10'

/** The ids a path binds: `:app`, `:guild`, ... match a snowflake; `:token` any segment. */
export interface PathIds {
  readonly app?: string
  readonly guild?: string
  readonly command?: string
  readonly lobby?: string
  readonly user?: string
  readonly message?: string
  readonly interaction?: string
  readonly token?: string
}

/**
 * Who may call an endpoint ("Authentication"; the public API v10 where the spec is
 * silent):
 * - `app`: a bot token or a Bearer token of the application in the path;
 * - `app.update`: the same, a Bearer token needing `applications.commands.update`;
 * - `app.permissions`: a Bearer token with `applications.commands.permissions.update`
 *   only (a bot token is 403, code 20001);
 * - `bot`: a bot token only (the lobby endpoints of the spec);
 * - `bot+oauth`: a bot token, or a Bearer token (lobby endpoints the OpenAPI opens to OAuth2);
 * - `token`: none; the interaction token in the path authorizes.
 */
export type Auth = 'app' | 'app.update' | 'app.permissions' | 'bot' | 'bot+oauth' | 'token'

/**
 * What a request body is: none read, JSON (empty is `undefined`), JSON that may be
 * empty (empty is `{}`), or a message: JSON, or `multipart/form-data` with files
 * (uploads.ts).
 */
export type BodyRule = 'none' | 'json' | 'json?' | 'message'

/** A request's `Authorization` header, read (auth.ts, `credential`). */
export type Credential = { readonly kind: 'Bot' | 'Bearer'; readonly token: string }

/** What a handler gets: the request, read and authorized. */
export interface Call<Service> {
  readonly service: Service
  readonly method: string
  readonly ids: PathIds
  /** Who the request acts for: an application id, or (without applications) `token:<token>`; `''` on a `token` route. */
  readonly owner: string
  readonly who: Credential | undefined
  /** The JSON body (by the row's `BodyRule`). */
  readonly body: unknown
  /** The files of a `message` body sent as `multipart/form-data` (none for JSON). */
  readonly uploads: readonly Upload[]
  readonly query: ReadonlyMap<string, string>
  /** Request headers, lower-case names, on a prototype-free object. */
  readonly headers: Readonly<Record<string, string>>
}

/** One endpoint: its method and path, who may call it, its body, its rate rule and what it does. */
export interface Endpoint<Service> {
  readonly method: string
  /** The route template, segments split by `/`; `:name` binds an id (PathIds). It names the route's rate-limit bucket. */
  readonly path: string
  readonly auth: Auth
  readonly body: BodyRule
  readonly limit: RateRule
  readonly run: (call: Call<Service>) => EmulatorReply
}

/** A request matched to a row, with the ids of its path. */
export interface Matched<Service> {
  readonly endpoint: Endpoint<Service>
  readonly ids: PathIds
}

/** The route table compiled for matching: rows by path, methods under each path. */
export class RouteTable<Service> {
  private readonly paths: { readonly segments: readonly string[]; readonly rows: Endpoint<Service>[] }[] = []

  constructor(rows: readonly Endpoint<Service>[]) {
    for (const row of rows) {
      const known = this.paths.find((p) => p.segments.join('/') === row.path)
      if (known === undefined) this.paths.push({ segments: row.path.split('/'), rows: [row] })
      else if (known.rows.some((r) => r.method === row.method)) throw new Error(`route table: ${row.method} ${row.path} twice`)
      else known.rows.push(row)
    }
  }

  /** The row of a method and path; `method` when the path is known with other methods (405); `not found` otherwise. */
  match(segments: readonly string[], method: string): Matched<Service> | 'not found' | 'method' {
    for (const p of this.paths) {
      const ids = bind(p.segments, segments)
      if (ids === undefined) continue
      const endpoint = p.rows.find((r) => r.method === method)
      return endpoint === undefined ? 'method' : { endpoint, ids }
    }
    return 'not found'
  }
}

function bind(template: readonly string[], segments: readonly string[]): PathIds | undefined {
  if (template.length !== segments.length) return undefined
  const ids: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const want = template[i] as string
    const got = segments[i] as string
    if (!want.startsWith(':')) {
      if (want !== got) return undefined
      continue
    }
    // A path id that is not a snowflake matches no route (the public API answers 400 or 404); a token is any segment.
    if (want === ':token' ? got === '' : !isSnowflake(got)) return undefined
    ids[want.slice(1)] = got
  }
  return ids
}

/** Splits a URL (absolute, or a path) into its path, its query, and the path with the query. */
export function splitUrl(url: string): { pathname: string; query: Map<string, string>; full: string } {
  const noOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
  const noHash = noOrigin.split('#')[0] as string
  const q = noHash.indexOf('?')
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
  return { pathname: q < 0 ? noHash : noHash.slice(0, q), query, full: noHash }
}

/** Splits a URL into its path segments after `/api/v10` and its query; `undefined` when outside the API. */
export function parseUrl(url: string): { segments: string[]; query: Map<string, string>; path: string } | undefined {
  const { pathname: path, query, full } = splitUrl(url)
  // "Versioning" 1: the base address ends in api/v10.
  if (path !== API_ROOT && !path.startsWith(`${API_ROOT}/`)) return undefined
  return {
    segments: path
      .slice(API_ROOT.length + 1)
      .split('/')
      .map(decodeSegment),
    query,
    path: full.slice(API_ROOT.length),
  }
}

/**
 * A path segment percent-decoded, as the service reads it (RFC 3986 section 2.1:
 * `%40original` is `@original`, which discord.js sends); a malformed escape stays as
 * it is, and matches no route.
 */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * A request body by the row's rule, or a reply refusing it. "All bodies are JSON": a
 * body sent as another media type is refused (415, public API v10 status) before
 * it is read; no Content-Type at all is read as JSON; bad JSON is 400, code 50109.
 * A `message` row takes `multipart/form-data` too (public API v10, "Uploading
 * Files"): the message and its files (uploads.ts).
 */
export function readBody(rule: BodyRule, body: string | Uint8Array, type: string | undefined): { value: unknown; uploads: readonly Upload[] } | EmulatorReply {
  if (rule === 'none') return { value: undefined, uploads: [] }
  if (rule === 'message' && isMultipart(type)) return readMessageForm(bodyBytes(body), type as string)
  const text = bodyText(body)
  const empty = text.trim() === ''
  if (type !== undefined && !empty && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type))
    return fail(
      415,
      ErrorCode.General,
      `415: Unsupported Media Type: the body must be JSON (Content-Type: application/json${rule === 'message' ? ', or multipart/form-data with files' : ''}, was ${JSON.stringify(type.slice(0, 100))})`,
    )
  // Every field of some bodies (the lobby ones) is optional: no body is the empty body.
  if (empty) return { value: rule === 'json?' ? {} : undefined, uploads: [] }
  try {
    return { value: JSON.parse(text) as unknown, uploads: [] }
  } catch {
    return fail(400, ErrorCode.InvalidJson, 'The request body contains invalid JSON.')
  }
}

export const refused = <T>(r: Result<T>): EmulatorReply | undefined => (r.ok ? undefined : invalidBody(r.issues))
export const issue = (code: Issue['code'], path: Issue['path'], message: string): Issue => ({ code, path, message })
