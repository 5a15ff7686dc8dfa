/**
 * The client's errors besides `RestError` (an answer outside 2xx): no answer at
 * all (a network error or a timeout, after the retries), and a rate limit the
 * caller chose not to wait out. None of them carries a header or the credential.
 */

/** Where a failed request went: its method, its path and route (ids as `:id`), and the address it tried. */
export interface RequestTarget {
  readonly method: string
  /** The path after the base address (an interaction token in it shown as `:token`). */
  readonly path: string
  /** The route: the path with its ids as `:id`, the key of its queue. */
  readonly route: string
}

/** What the client's failures share: the request they concern. */
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

/** Thrown when no answer came: the connection failed or the request timed out, on every attempt. */
export class RestNetworkError extends RequestFailure {
  override readonly name = 'RestNetworkError'
  /** The host and port the request went to (`discord.com`, `127.0.0.1:8080`). */
  readonly address: string
  /** The system's error code (`ECONNREFUSED`, `ECONNRESET`, ...), `ETIMEDOUT` for the client's own timeout. */
  readonly code: string
  /** How many times the request was sent. */
  readonly attempts: number

  constructor(init: RequestTarget & { address: string; code: string; detail: string; attempts: number; cause?: unknown }) {
    super(
      `${init.method} ${init.path} got no answer from ${init.address} (${init.code}: ${init.detail}) after ${init.attempts} attempt${init.attempts === 1 ? '' : 's'}`,
      init,
      init.cause,
    )
    this.address = init.address
    this.code = init.code
    this.attempts = init.attempts
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

  constructor(init: RequestTarget & { bucket: string | undefined; global: boolean; wait: number }) {
    super(`${init.method} ${init.path} is rate limited (${init.global ? 'global limit' : `bucket ${init.bucket ?? init.route}`}): ${Math.ceil(init.wait)} ms to wait`, init)
    this.bucket = init.bucket
    this.global = init.global
    this.wait = init.wait
  }
}
