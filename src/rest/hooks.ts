/**
 * What the client tells the hooks of its traffic (`createClient({ hooks })`): each
 * request sent, each answer, each rate-limit wait, each failure of the store.
 */
import type { RateLimitInfo, StoreErrorInfo } from './limiter.js'

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
  readonly onRequest?: ((info: RequestInfo) => void) | undefined
  /** An answer came (each attempt, 429s and 5xx included). */
  readonly onResponse?: ((info: ResponseInfo) => void) | undefined
  /** A request waits for a rate limit before sending (`reason: 'queue'`), or gets a 429 (`reason: '429'`): every 429, the one thrown at once too. */
  readonly onRateLimit?: ((info: RateLimitInfo) => void) | undefined
  /**
   * The rate-limit store failed: on `take` the calls waiting on it failed with a
   * `RateLimitStoreError`; on `done`, `learn`, `block` or `invalid` no call failed
   * (an answer the service gave is returned all the same).
   */
  readonly onStoreError?: ((info: StoreErrorInfo) => void) | undefined
}
