/**
 * The client's errors, all of one request: it was answered outside 2xx
 * (`RestError`), it got no answer (`RestNetworkError`), a rate limit the caller
 * chose not to wait out (`RateLimitError`), the rate-limit store failed before it
 * was sent (`RateLimitStoreError`), or it needs a credential the client does not
 * hold (`CredentialError`). Each carries the request's method, path and route;
 * none carries a header or the credential. This module imports nothing: whoever
 * throws passes the route in.
 */
import { formatPath, INVALID_REQUEST_LIMIT, type Issue } from '../internal.js'

/** Where a failed request went: its method, its path and route (ids as `:id`). */
export interface RequestTarget {
  readonly method: string
  /** The path after the base address (an interaction token in it shown as `:token`). */
  readonly path: string
  /** The route: the path with its ids as `:id` (`PATCH /applications/:id/commands/:id`), the key of its queue. */
  readonly route: string
}

/** What the client's failures besides `RestError` share: the request they concern. */
abstract class RequestFailure extends Error implements RequestTarget {
  readonly method: string
  readonly path: string
  readonly route: string

  constructor(message: string, target: RequestTarget, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.method = target.method
    this.path = target.path
    this.route = target.route
  }
}

/** The most of a server's text an error quotes: a proxy's page or a hostile server's megabytes stay in `body`. */
const QUOTED_MAX = 300

const clip = (text: string): string => (text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX)}... (${text.length} characters)` : text)

/** How deep an error's body is kept: the public API's field errors nest a dozen levels; a logger's `JSON.stringify` overflows its stack on a hostile 200,000. */
const KEPT_DEPTH = 32

/** What `RestError.body` keeps of a body: its strings and keys with the request's secrets hidden, objects past `KEPT_DEPTH` levels as a short note. */
function kept(value: unknown, hide: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return hide(value)
  if (typeof value !== 'object' || value === null) return value
  if (depth === KEPT_DEPTH) return `(nested deeper than ${KEPT_DEPTH} levels, not kept)`
  if (Array.isArray(value)) return value.map((v) => kept(v, hide, depth + 1))
  // `fromEntries` defines each key as data, so a `__proto__` key stays a key.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [hide(k), kept(v, hide, depth + 1)]))
}

/**
 * The service's message without the status it repeats: its 401 says
 * `{"message": "401: Unauthorized"}`, which the line already leads with
 * ("answered 401: Unauthorized", not "answered 401: 401: Unauthorized").
 */
const unprefixed = (message: string, status: number): string => {
  const prefix = `${status}: `
  return message.startsWith(prefix) && message.length > prefix.length ? message.slice(prefix.length) : message
}

/**
 * One error of a refused body's fields (public API v10: a 400 Invalid Form Body,
 * code 50035, nests them by path in `errors`, each leaf's list under `_errors`).
 */
export interface FieldError {
  /** Where in the body sent: `['data', 'content']`, list indices as numbers; `[]` for the body as a whole. */
  readonly path: readonly (string | number)[]
  /** The service's code for it (`BASE_TYPE_MAX_LENGTH`, ...). */
  readonly code: string
  readonly message: string
}

/** The most field errors kept of one body: a hostile body may nest millions. */
const FIELD_ERRORS_MAX = 100
const INDEX = /^(?:0|[1-9]\d{0,8})$/
const text = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The public `errors` tree flattened, in the body's order, to `FIELD_ERRORS_MAX` entries. */
function flatten(node: unknown, path: (string | number)[], out: FieldError[]): void {
  if (typeof node !== 'object' || node === null) return
  for (const [key, value] of Object.entries(node))
    if (key !== '_errors') flatten(value, [...path, INDEX.test(key) ? Number(key) : key], out)
    else if (Array.isArray(value))
      for (const e of value as { code?: unknown; message?: unknown }[]) if (out.length < FIELD_ERRORS_MAX) out.push({ path, code: text(e?.code), message: text(e?.message) })
}

/**
 * Thrown for every response outside 2xx (after the 429 and 5xx retries are spent).
 * The spec shows no error body ("Errors"); the service answers with the public API
 * v10 shape `{ code, message, errors? }`, which `body` carries as it came.
 */
export class RestError extends Error implements RequestTarget {
  override readonly name = 'RestError'
  /** The HTTP status. */
  readonly status: number
  /** The JSON error code of the body (0 when there is none). */
  readonly code: number
  /**
   * The parsed body, or its text when it is not JSON: untrusted, with the request's
   * secrets masked as in the message, and objects nested past 32 levels cut.
   */
  readonly body: unknown
  /** The request's method and path (after the base address). */
  readonly method: string
  readonly path: string
  /** The route: the path with its ids as `:id` (`PATCH /applications/:id/commands/:id`). */
  readonly route: string
  /**
   * The field errors of a refused body (public API v10 `errors`, flattened; up to
   * 100), empty when it names none. The message names the first three.
   */
  readonly fieldErrors: readonly FieldError[]
  /** The emulator's issues of a refused body, when the body carries them. */
  readonly issues: readonly Issue[] | undefined
  /** 429 only: the seconds the service asked to wait. */
  readonly retryAfter: number | undefined
  /** How many times the request was sent (1, or more after 5xx and 429 answers). */
  readonly attempts: number

  constructor(
    init: RequestTarget & { status: number; body: unknown; retryAfter?: number | undefined; attempts?: number | undefined; hide?: ((text: string) => string) | undefined },
  ) {
    const hide = init.hide ?? ((text: string) => text)
    const body = kept(init.body, hide, 0)
    const fields = typeof body === 'object' && body !== null ? (body as { code?: unknown; message?: unknown; issues?: unknown; errors?: unknown }) : {}
    const fieldErrors: FieldError[] = []
    flatten(fields.errors, [], fieldErrors)
    const code = typeof fields.code === 'number' ? fields.code : 0
    const ok = init.status >= 200 && init.status < 300
    // A 2xx is thrown only when its body is not JSON (a proxy's page, a cut answer): say so, not "answered 200".
    const message = ok
      ? `${body === '' ? 'an empty body where JSON was due' : `a body that is not JSON (${typeof body === 'string' ? JSON.stringify(body.slice(0, 100)) : typeof body})`}; the address may not be the service's, or the answer was cut`
      : init.status === 0 || (init.status >= 300 && init.status < 400)
        ? 'a redirect, not followed'
        : typeof fields.message === 'string'
          ? clip(unprefixed(fields.message, init.status))
          : typeof body === 'string' && body !== ''
            ? clip(body)
            : `HTTP ${init.status}`
    const attempts = init.attempts ?? 1
    // A wait of hours (the daily create limit, 30034) is told in hours too.
    const hours = init.retryAfter !== undefined && init.retryAfter >= 3600 ? `, about ${(init.retryAfter / 3600).toFixed(1)} h` : ''
    const wait = init.retryAfter === undefined ? '' : ` (retry after ${init.retryAfter} s${hours})`
    const tries = attempts > 1 ? ` (${attempts} attempts)` : ''
    // The first three field errors, as slashkit names a body's issues: `body.data.content: Must be 2000 or fewer in length. (BASE_TYPE_MAX_LENGTH)`.
    let where = fieldErrors
      .slice(0, 3)
      .map((e) => `; ${formatPath(e.path, 'body')}: ${clip(e.message)} (${e.code})`)
      .join('')
    if (fieldErrors.length > 3) where += `; +${fieldErrors.length - 3} in fieldErrors`
    const said = `${init.method} ${init.path} answered ${init.status}${tries}${ok ? ' with' : ':'} ${message}${code === 0 ? '' : ` (code ${code})`}${wait}${where}`
    // The request's secrets (its credential, the token in its path), should the server quote them back, are not repeated.
    super(hide(said))
    this.status = init.status
    this.code = code
    this.body = body
    this.method = init.method
    this.path = init.path
    this.route = init.route
    this.fieldErrors = fieldErrors
    this.issues = Array.isArray(fields.issues) ? (fields.issues as Issue[]) : undefined
    this.retryAfter = init.retryAfter
    this.attempts = attempts
  }
}

/**
 * Thrown when no answer came: the connection failed or the request timed out, on
 * every attempt; or, sent once and not retried, `fetch` refused the request itself
 * (`transient` false: a port fetch blocks, an invalid URL, a scheme it does not send).
 *
 * @example
 * const rest = createClient({ token, applicationId, baseUrl: 'http://127.0.0.1:6000/api/v10' })
 * await rest.listCommands().catch((e) => e.transient) // false: fetch never connects to port 6000
 */
export class RestNetworkError extends RequestFailure {
  override readonly name = 'RestNetworkError'
  /** The host and port the request went to (`discord.com`, `127.0.0.1:8080`). */
  readonly address: string
  /** The system's error code (`ECONNREFUSED`, `ECONNRESET`, ...), `ETIMEDOUT` for the client's own timeout. */
  readonly code: string
  /** How many times the request was sent. */
  readonly attempts: number
  /** False when `fetch` refused the request itself, which no retry can change: it was not retried. */
  readonly transient: boolean

  constructor(init: RequestTarget & { address: string; code: string; detail: string; attempts: number; cause?: unknown; fault?: string | undefined }) {
    const what = `(${init.code}: ${init.detail})`
    super(
      init.fault === undefined
        ? `${init.method} ${init.path} got no answer from ${init.address} ${what} after ${init.attempts} attempt${init.attempts === 1 ? '' : 's'}`
        : `${init.method} ${init.path} was not sent to ${init.address}: ${init.fault} ${what}; not retried, as no attempt can succeed`,
      init,
      init.cause,
    )
    this.address = init.address
    this.code = init.code
    this.attempts = init.attempts
    this.transient = init.fault === undefined
  }
}

/** Thrown instead of waiting out a rate limit: `rejectOnRateLimit` asked for it, or the wait is longer than `maxRetryWait`. */
export class RateLimitError extends RequestFailure {
  override readonly name = 'RateLimitError'
  /** The bucket the service named, or `global`. */
  readonly bucket: string | undefined
  /** Whether it is the application's global limit. */
  readonly global: boolean
  /** The wait it would have taken, in milliseconds. */
  readonly wait: number
  /**
   * Set when the call was not sent because the client's invalid answers (401, 403,
   * 429) of the last 10 minutes reached `invalidRequestLimit`: their count.
   */
  readonly invalidRequests: number | undefined

  constructor(init: RequestTarget & { bucket: string | undefined; global: boolean; wait: number; invalidRequests?: number | undefined }) {
    const wait = Math.ceil(init.wait)
    super(
      init.invalidRequests === undefined
        ? `${init.method} ${init.path} is rate limited (${init.global ? 'global limit' : `bucket ${init.bucket ?? init.route}`}): ${wait} ms to wait`
        : `${init.method} ${init.path} was not sent: ${init.invalidRequests} answers of 401, 403 or 429 in 10 minutes reached invalidRequestLimit (an address is blocked at ${INVALID_REQUEST_LIMIT}): ${wait} ms to wait`,
      init,
    )
    this.bucket = init.bucket
    this.global = init.global
    this.wait = init.wait
    this.invalidRequests = init.invalidRequests
  }
}

/** The store operations: count a request (`take`), stamp its answer (`done`), record a bucket (`learn`), hold a key after a 429 (`block`), count an invalid answer for all its clients (`invalid`). */
export type StoreOperation = 'take' | 'done' | 'learn' | 'block' | 'invalid'

/**
 * Thrown when the rate-limit store failed (rejected, threw, or did not answer
 * within the call's timeout) while the request waited for its turn: the request
 * was not sent. The client fails closed: a shared store is there to keep one limit
 * for several processes, and none of them can tell its share without it.
 * The calls queued behind it on the same route fail with it; the next call asks
 * the store again.
 */
export class RateLimitStoreError extends RequestFailure {
  override readonly name = 'RateLimitStoreError'
  /** The store's name (`redis`, `memory`, or the `name` of a store of your own). */
  readonly store: string
  /** The operation that failed. */
  readonly operation: StoreOperation
  /** Whether the store did not answer in time (else it rejected or threw: see `cause`). */
  readonly timedOut: boolean

  constructor(init: RequestTarget & { store: string; operation: StoreOperation; timedOut: boolean; detail: string; cause?: unknown }) {
    super(
      `${init.method} ${init.path} was not sent: the rate-limit store "${init.store}" failed on ${init.operation} (${init.detail}); the call may be retried, and the next one asks the store again`,
      init,
      init.cause,
    )
    this.store = init.store
    this.operation = init.operation
    this.timedOut = init.timedOut
  }
}

/**
 * Thrown before sending when a request needs a credential the client does not
 * hold: the client was made without a token, or holds a bot token where the
 * endpoint takes only a Bearer token, or the reverse ("Authentication").
 */
export class CredentialError extends RequestFailure {
  override readonly name = 'CredentialError'
  /** The kind of token the request needs: `Bot`, `Bearer`, or `any` (either). */
  readonly needs: 'Bot' | 'Bearer' | 'any'

  constructor(init: RequestTarget & { needs: 'Bot' | 'Bearer' | 'any'; detail: string }) {
    super(`${init.method} ${init.path} ${init.detail}`, init)
    this.needs = init.needs
  }
}
