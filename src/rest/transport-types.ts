/** The shapes the REST client's transport takes and gives: `fetch`, its answers, the hooks and per-request options. */
import type { RateLimitInfo } from './limiter.js'

/**
 * The part of an `AbortSignal` the client uses (the sources are checked without the
 * DOM's types): the platform's `AbortSignal` is one.
 */
export interface AbortSignalLike {
  readonly aborted: boolean
  readonly reason?: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

export interface AbortControllerLike {
  readonly signal: AbortSignalLike
  abort(reason?: unknown): void
}

/** What the client sends through `fetch`. */
export interface FetchInit {
  method: string
  headers: Record<string, string>
  body?: string
}

/**
 * What the client passes at run time: a `signal` too (the caller's, or the
 * client's timeout), an `AbortSignal`. It is left out of `FetchInit`'s type so
 * that the platform's `fetch`, whose `RequestInit` names the DOM's `AbortSignal`,
 * stays a `FetchLike`; a `fetch` of your own may read it as `init.signal`.
 */
export type SignalledInit = FetchInit & { signal?: AbortSignalLike }

/** What the client reads of a response. The platform's `Response` is one. */
export interface FetchResponse {
  readonly status: number
  readonly headers: { get(name: string): string | null }
  text(): Promise<string>
}

/** A `fetch`: the platform's, the emulator's, or any function of this shape. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>

/** What `onRequest` is told as a request is sent. Never a header: the credential stays out. */
export interface RequestInfo {
  readonly method: string
  /** The path after the base address (an interaction token in it as `:token`). */
  readonly path: string
  /** The path with its ids as `:id`. */
  readonly route: string
  /** 1 for the first send, 2 for the first retry, ... */
  readonly attempt: number
}

/** What `onResponse` is told when an answer comes. */
export interface ResponseInfo extends RequestInfo {
  readonly status: number
  /** Milliseconds from sending to the answer's body. */
  readonly duration: number
}

/** Hooks to log or meter the client's traffic without wrapping `fetch`. A hook that throws is ignored. */
export interface ClientHooks {
  /** A request is sent (each attempt). */
  readonly onRequest?: (info: RequestInfo) => void
  /** An answer came (each attempt, 429s and 5xx included). */
  readonly onResponse?: (info: ResponseInfo) => void
  /** A request waits for a rate limit: before sending (`reason: 'queue'`) or after a 429. */
  readonly onRateLimit?: (info: RateLimitInfo) => void
}

/** Options of one request beyond its method and path. */
export interface RequestOptions {
  /** A JSON body. */
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
  /** Another credential for this request (`Bearer <token>` for the permissions PUT). */
  readonly token?: string
  /** Cancels the call: it leaves its queue, or its request is aborted; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignalLike
  /** Milliseconds each attempt may take before it is abandoned (default: the client's `timeout`). */
  readonly timeout?: number
  /**
   * Whether the request counts against the application's global limit (default
   * true). The interaction webhook endpoints (`/interactions/{id}/{token}/callback`,
   * `/webhooks/{application}/{token}/...`) do not (public API v10): pass `false` for them.
   */
  readonly globalLimit?: boolean
  /**
   * `false`: no Authorization header. The interaction callback and webhook endpoints
   * are authorized by the token in their path (public API v10).
   */
  readonly authorization?: false
}
