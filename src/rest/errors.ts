/**
 * The error of a refused request. The spec shows no error body ("Errors"); the
 * service answers with the public API v10 shape `{ code, message, errors? }`, which
 * `RestError` carries as it came.
 */
import type { Issue } from '../internal.js'
import { routeOf } from './limiter.js'

/** Thrown for every response outside 2xx (after the 429 retries are spent). */
export class RestError extends Error {
  override readonly name = 'RestError'
  /** The HTTP status. */
  readonly status: number
  /** The JSON error code of the body (0 when there is none). */
  readonly code: number
  /** The parsed body, or its text when it is not JSON. */
  readonly body: unknown
  /** The request's method and path (after the base address). */
  readonly method: string
  readonly path: string
  /** The route: the path with its ids as `:id` (`PATCH /applications/:id/commands/:id`). */
  readonly route: string
  /** The emulator's issues of a refused body, when the body carries them. */
  readonly issues: readonly Issue[] | undefined
  /** 429 only: the seconds the service asked to wait. */
  readonly retryAfter: number | undefined

  constructor(init: { status: number; body: unknown; method: string; path: string; retryAfter?: number | undefined }) {
    const body = init.body
    const fields = typeof body === 'object' && body !== null ? (body as { code?: unknown; message?: unknown; issues?: unknown }) : {}
    const code = typeof fields.code === 'number' ? fields.code : 0
    const message = typeof fields.message === 'string' ? fields.message : typeof body === 'string' && body !== '' ? body.slice(0, 200) : `HTTP ${init.status}`
    super(`${init.method} ${init.path} answered ${init.status}: ${message}${code === 0 ? '' : ` (code ${code})`}`)
    this.status = init.status
    this.code = code
    this.body = body
    this.method = init.method
    this.path = init.path
    this.route = routeOf(init.method, init.path, true).route
    this.issues = Array.isArray(fields.issues) ? (fields.issues as Issue[]) : undefined
    this.retryAfter = init.retryAfter
  }
}
