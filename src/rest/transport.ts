/**
 * Sending one request: its turn in the route's queue, each attempt within a
 * timeout and the caller's `AbortSignal` (fetch.ts), the hooks, retries of 5xx
 * answers and network errors with a growing wait, 429s waited out within
 * `maxRetryWait`, and the errors (errors.ts). Nothing here touches Node.
 */
import { RateLimitStoreError, RestError, RestNetworkError } from './errors.js'
import { addressOf, attempt, describeFailure, TIMEOUT, type Exchange, type FetchLike, type SignalledInit } from './fetch.js'
import { type FileInput, formOf } from './files.js'
import { forCredential, Limiter, routeOf, StoreFailure, type RateLimitInfo, type RouteKey, type StoreErrorInfo } from './limiter.js'
import type { RateLimitStore, Taken } from './store.js'
import { pause, type AbortSignalLike } from './timers.js'

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
  /**
   * The rate-limit store failed: on `take` the calls waiting on it failed with a
   * `RateLimitStoreError`; on `done`, `learn` or `block` no call failed (an answer
   * the service gave is returned all the same).
   */
  readonly onStoreError?: (info: StoreErrorInfo) => void
}

/** Options of one request beyond its method and path. */
export interface RequestOptions {
  /** A JSON body. */
  readonly body?: unknown
  /**
   * Files to upload with it: the request is sent as `multipart/form-data`, the
   * body as its `payload_json` and each file as `files[n]` (public API v10; see
   * `FileInput`).
   */
  readonly files?: readonly FileInput[]
  readonly headers?: Readonly<Record<string, string>>
  /** Another credential for this request (`Bearer <token>` for the permissions PUT). */
  readonly token?: string
  /** Cancels the call: it leaves its queue, or its request is aborted; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignalLike
  /** Milliseconds each attempt may take, and the longest wait on the rate-limit store (default: the client's `timeout`). */
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

/** What the transport needs of the client's options. */
export interface TransportOptions {
  readonly base: string
  readonly fetch: FetchLike | undefined
  readonly retries: number
  readonly maxRetryWait: number
  readonly timeout: number
  readonly backoff: number
  readonly sleep: (ms: number) => Promise<void>
  readonly now: () => number
  readonly hooks: ClientHooks
  readonly store: RateLimitStore
  readonly application: string
  readonly globalLimit: number | false
  readonly margin: number
  readonly rejectOnRateLimit: boolean | ((info: RateLimitInfo) => boolean)
}

/** Seconds to wait after a 429: `retry_after` of the body, else the `Retry-After` header (public API v10). */
function retryAfter(body: unknown, header: string | null): number | undefined {
  const fromBody = typeof body === 'object' && body !== null ? (body as { retry_after?: unknown }).retry_after : undefined
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody
  const fromHeader = header === null ? Number.NaN : Number(header)
  return Number.isFinite(fromHeader) && fromHeader >= 0 ? fromHeader : undefined
}

const call = <T>(hook: ((info: T) => void) | undefined, info: T): void => {
  if (hook === undefined) return
  try {
    hook(info)
  } catch {
    // A hook observes; its failure is not the request's.
  }
}

/** Where a path goes: its address and its route, for one method. */
interface Target {
  readonly method: string
  readonly global: boolean
  readonly url: string
  readonly key: RouteKey
}

const TARGETS_KEPT = 1024

/** Sends requests for one client. */
export class Transport {
  readonly limiter: Limiter
  /** The address and route of the paths seen, kept up to `TARGETS_KEPT` (the same paths come again and again). */
  private readonly targets = new Map<string, Target>()

  constructor(private readonly o: TransportOptions) {
    this.limiter = new Limiter({
      store: o.store,
      application: o.application,
      globalLimit: o.globalLimit,
      margin: o.margin,
      maxWait: o.maxRetryWait,
      now: o.now,
      sleep: o.sleep,
      onRateLimit: o.hooks.onRateLimit,
      onStoreError: o.hooks.onStoreError,
      timeout: o.timeout,
      rejectOnRateLimit: o.rejectOnRateLimit,
    })
  }

  /** The address and route of a path, remembered by path: no string is built or hashed twice for a path sent again. */
  private target(method: string, path: string, global: boolean): Target {
    const known = this.targets.get(path)
    if (known !== undefined && known.method === method && known.global === global) return known
    if (this.targets.size >= TARGETS_KEPT) this.targets.clear()
    const made: Target = { method, global, url: `${this.o.base}${path}`, key: routeOf(method, path, global) }
    this.targets.set(path, made)
    return made
  }

  /** The route of a request, as errors name it: for a failure before anything is sent. */
  route(method: string, path: string): RouteKey {
    return this.target(method, path, true).key
  }

  /**
   * Sends a request and resolves to its parsed answer. `authorization` is the
   * header's value, or undefined for none.
   */
  async send<T>(method: string, path: string, authorization: string | undefined, options: RequestOptions): Promise<T> {
    const fetcher = this.o.fetch ?? (globalThis as unknown as { fetch?: FetchLike }).fetch
    if (fetcher === undefined) throw new TypeError('no fetch: pass one to createClient({ fetch })')
    const extra = options.headers
    const headers: Record<string, string> =
      extra === undefined ? (authorization === undefined ? {} : { authorization }) : authorization === undefined ? { ...extra } : { authorization, ...extra }
    const init: SignalledInit = { method, headers }
    if (options.files !== undefined && options.files.length > 0) init.body = await formOf(options.body, options.files)
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(options.body)
    }
    const target = this.target(method, path, options.globalLimit !== false)
    const url = target.url
    // A request with a credential of its own counts apart (limits are per user).
    const key = options.token === undefined ? target.key : forCredential(target.key, authorization as string)
    const signal = options.signal
    const timeout = options.timeout ?? this.o.timeout
    const limiter = this.limiter
    let limits = 0
    let failures = 0
    for (let n = 1; ; n++) {
      const queue = limiter.queue(key)
      let taken: Taken
      try {
        taken = await queue.enter(signal, timeout, n > 1)
      } catch (error) {
        if (error instanceof StoreFailure)
          throw new RateLimitStoreError({
            method,
            path: key.path,
            route: key.route,
            store: error.store,
            operation: error.operation,
            timedOut: error.timedOut,
            detail: error.detail,
            cause: error.error,
          })
        throw error
      }
      const hooks = this.o.hooks
      const info: RequestInfo | undefined = hooks.onRequest === undefined && hooks.onResponse === undefined ? undefined : { method, path: key.path, route: key.route, attempt: n }
      if (info !== undefined) call(hooks.onRequest, info)
      const started = info === undefined ? 0 : this.o.now()
      let exchanged: Exchange
      try {
        exchanged = await attempt(fetcher, url, init, signal, timeout)
      } catch (error) {
        limiter.release(key, queue, taken, timeout)
        if (signal?.aborted === true) throw signal.reason
        // No answer: the connection failed, or the timeout passed. Retried with a growing wait.
        const { code, detail } = error === TIMEOUT ? { code: 'ETIMEDOUT', detail: `no answer within ${timeout} ms` } : describeFailure(error)
        if (failures < this.o.retries) {
          await pause(this.o.sleep, this.o.backoff * 2 ** failures++, signal)
          continue
        }
        throw new RestNetworkError({ method, path: key.path, route: key.route, address: addressOf(url), code, detail, attempts: n, cause: error === TIMEOUT ? undefined : error })
      }
      const { res, text } = exchanged
      const status = res.status
      if (info !== undefined) call(hooks.onResponse, { ...info, status, duration: this.o.now() - started })
      // A 429 names the bucket that refused it (the daily creates), which need not be the route's.
      const learned = status === 429 ? undefined : limiter.learn(key, res.headers, timeout)
      // The next request of the queue goes once the store knows the bucket; the answer is the caller's at once, whatever the store does.
      if (learned === undefined) limiter.release(key, queue, taken, timeout)
      else void learned.then(() => limiter.release(key, queue, taken, timeout))
      let body: unknown = text
      if (text !== '') {
        try {
          body = JSON.parse(text) as unknown
        } catch {
          // Not JSON: kept as text for the error.
        }
      }
      if (status >= 200 && status < 300) return (status === 204 || text === '' ? undefined : body) as T
      if (status === 429) {
        const wait = retryAfter(body, res.headers.get('retry-after'))
        // "Limits": clients must respect rate limit responses; without a stated wait, one second.
        const ms = Math.ceil((wait ?? 1) * 1000)
        const global = (typeof body === 'object' && body !== null && (body as { global?: unknown }).global === true) || res.headers.get('x-ratelimit-global') === 'true'
        if (limits < this.o.retries && ms <= this.o.maxRetryWait) {
          const limited = await limiter.limited(key, ms, global, res.headers, timeout)
          if (limiter.refusal(key, limited) === undefined) {
            limits++
            await pause(this.o.sleep, ms, signal)
            continue
          }
        }
        throw new RestError({ status, body, method, path: key.path, route: key.route, retryAfter: wait })
      }
      // 5xx: the service failed, not the request; retried with a growing wait.
      if (status >= 500 && failures < this.o.retries) {
        await pause(this.o.sleep, this.o.backoff * 2 ** failures++, signal)
        continue
      }
      throw new RestError({ status, body, method, path: key.path, route: key.route })
    }
  }
}
