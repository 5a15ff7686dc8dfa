/**
 * Sending one request: its turn in the route's queue, each attempt within a
 * timeout and the caller's `AbortSignal` (fetch.ts), the hooks, retries of 5xx
 * answers and network errors with a growing wait, 429s waited out within
 * `maxRetryWait`, and the errors (errors.ts). Nothing here touches Node.
 */
import { RateLimitError, RateLimitStoreError, RestError, RestNetworkError } from './errors.js'
import { addressOf, attempt, describeFailure, safeCause, TIMEOUT, tokenHider, type Exchange, type FetchLike, type FetchResponse, type SignalledInit } from './fetch.js'
import { type FileInput, formOf } from './files.js'
import { InvalidAnswers } from './invalid.js'
import type { ClientHooks, RequestInfo } from './hooks.js'
import { forCredential, Limiter, routeOf, StoreFailure, type RateLimitInfo, type RouteKey } from './limiter.js'
import type { RequestQueue } from './queue.js'
import type { RateLimitStore, Taken } from './store.js'
import { either, pause, shared, type AbortSignalLike } from './timers.js'

/** Options of one request beyond its method and path. */
export interface RequestOptions {
  /** A JSON body. */
  readonly body?: unknown | undefined
  /**
   * Files to upload with it: the request is sent as `multipart/form-data`, the
   * body as its `payload_json` and each file as `files[n]` (public API v10; see
   * `FileInput`).
   */
  readonly files?: readonly FileInput[] | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Another credential for this request (`Bearer <token>` for the permissions PUT). */
  readonly token?: string | undefined
  /** Cancels the call: it leaves its queue, or its request is aborted; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignalLike | undefined
  /** Milliseconds each attempt may take, and the longest wait on the rate-limit store (default: the client's `timeout`). */
  readonly timeout?: number | undefined
  /**
   * Whether the request counts against the application's global limit (default
   * true). The interaction webhook endpoints (`/interactions/{id}/{token}/callback`,
   * `/webhooks/{application}/{token}/...`) do not (public API v10): pass `false` for them.
   */
  readonly globalLimit?: boolean | undefined
  /**
   * `false`: no Authorization header. The interaction callback and webhook endpoints
   * are authorized by the token in their path (public API v10).
   */
  readonly authorization?: false | undefined
}

/** What the transport needs of the client's options. */
export interface TransportOptions {
  readonly base: string
  /** The client's own `Authorization` value: never quoted in an error, even of a request sent without it. */
  readonly credential?: string | undefined
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
  /** The client's own signal (`createClient({ signal })`): it cancels every call. */
  readonly signal?: AbortSignalLike | undefined
  readonly margin: number
  readonly rejectOnRateLimit: boolean | ((info: RateLimitInfo) => boolean)
  /** How many invalid answers (401, 403, 429 but a shared one) in 10 minutes stop the sending; Infinity for no limit. */
  readonly invalidLimit: number
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

  /** The client's signal, one listener on it for all the calls (`shared`). */
  private readonly signal: AbortSignalLike | undefined
  /** The invalid answers of the last 10 minutes (src/rest/invalid.ts). */
  private readonly invalid: InvalidAnswers

  constructor(private readonly o: TransportOptions) {
    this.signal = shared(o.signal)
    this.invalid = new InvalidAnswers(o.invalidLimit, o.now)
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
   *
   * Written as steps that hand each other on (`turn`, `go`, `answered`), not as
   * one async loop: a request whose turn comes at once and whose answer is a 2xx
   * (nearly all of them) makes no promise beyond the attempt's and the one it
   * returns, and no hop through the queue (bench/rest.mjs: the client's own time
   * per call, docs/internals.md "Ledger").
   */
  send<T>(method: string, path: string, authorization: string | undefined, options: RequestOptions): Promise<T> {
    let s: Sending
    try {
      const fetcher = this.o.fetch ?? (globalThis as unknown as { fetch?: FetchLike }).fetch
      if (fetcher === undefined) throw new TypeError('no fetch: pass one to createClient({ fetch })')
      const extra = options.headers
      const headers: Record<string, string> =
        extra === undefined ? (authorization === undefined ? {} : { authorization }) : authorization === undefined ? { ...extra } : { authorization, ...extra }
      // A redirect is not followed: the service never redirects its API, and the credential and body must not go elsewhere.
      const init: SignalledInit = { method, headers, redirect: 'manual' }
      const files = options.files !== undefined && options.files.length > 0 ? options.files : undefined
      if (files === undefined && options.body !== undefined) {
        headers['content-type'] = 'application/json'
        init.body = JSON.stringify(options.body)
      }
      const target = this.target(method, path, options.globalLimit !== false)
      s = {
        method,
        url: target.url,
        init,
        fetcher,
        // A request with a credential of its own counts apart (limits are per user).
        key: options.token === undefined ? target.key : forCredential(target.key, authorization as string),
        signal: either(options.signal, this.signal),
        timeout: options.timeout ?? this.o.timeout,
        n: 1,
        limits: 0,
        failures: 0,
      }
      if (files !== undefined)
        return formOf(options.body, files).then((form) => {
          s.init.body = form
          return this.turn<T>(s)
        })
    } catch (error) {
      return Promise.reject(error)
    }
    return this.turn<T>(s)
  }

  /** The request's turn in its route's queue (at once when the queue lets it go), then its attempt. */
  private turn<T>(s: Sending): Promise<T> {
    // Past the invalid answers' limit nothing is sent until the oldest leaves the window.
    const over = this.invalid.over()
    if (over !== undefined)
      return Promise.reject(
        new RateLimitError({ method: s.method, path: s.key.path, route: s.key.route, bucket: undefined, global: true, wait: over.wait, invalidRequests: over.count }),
      )
    const queue = this.limiter.queue(s.key)
    const entered = queue.enter(s.signal, s.timeout, s.n > 1)
    if (!(entered instanceof Promise)) return this.go<T>(s, queue, entered)
    return entered.then(
      (taken) => this.go<T>(s, queue, taken),
      (error: unknown) => {
        if (!(error instanceof StoreFailure)) throw error
        throw new RateLimitStoreError({
          method: s.method,
          path: s.key.path,
          route: s.key.route,
          store: error.store,
          operation: error.operation,
          timedOut: error.timedOut,
          detail: error.detail,
          cause: error.error,
        })
      },
    )
  }

  /** One attempt, its place taken: the hooks told, the answer or the failure handled. */
  private go<T>(s: Sending, queue: RequestQueue, taken: Taken): Promise<T> {
    const hooks = this.o.hooks
    const info: RequestInfo | undefined =
      hooks.onRequest === undefined && hooks.onResponse === undefined ? undefined : { method: s.method, path: s.key.path, route: s.key.route, attempt: s.n }
    if (info !== undefined) call(hooks.onRequest, info)
    const started = info === undefined ? 0 : this.o.now()
    return new Promise<T>((resolve, reject) => {
      attempt(
        s.fetcher,
        s.url,
        s.init,
        s.signal,
        s.timeout,
        (exchanged) => {
          try {
            resolve(this.answered<T>(s, queue, taken, exchanged, info, started))
          } catch (error) {
            reject(error)
          }
        },
        (failure) => {
          try {
            resolve(this.unanswered<T>(s, queue, taken, failure))
          } catch (error) {
            reject(error)
          }
        },
      )
    })
  }

  /** No answer: the connection failed, or the timeout passed. Retried with a growing wait, unless fetch refused the request itself. */
  private unanswered<T>(s: Sending, queue: RequestQueue, taken: Taken, error: unknown): Promise<T> {
    this.limiter.release(s.key, queue, taken, s.timeout)
    const signal = s.signal
    if (signal?.aborted === true) throw signal.reason
    const { code, detail, fault } = error === TIMEOUT ? { code: 'ETIMEDOUT', detail: `no answer within ${s.timeout} ms`, fault: undefined } : describeFailure(error)
    // A request fetch refuses (a blocked port, an invalid URL) fails the same way every time: not retried.
    if (fault === undefined && s.failures < this.o.retries) return this.again<T>(s, this.o.backoff * 2 ** s.failures++)
    const hide = this.hider(s)
    const key = s.key
    throw new RestNetworkError({
      method: s.method,
      path: key.path,
      route: key.route,
      address: addressOf(s.url),
      code,
      detail: hide(detail),
      attempts: s.n,
      cause: error === TIMEOUT ? undefined : safeCause(error, hide),
      fault,
    })
  }

  /** The next attempt of `s`, after `ms` (cut short by its signal). */
  private again<T>(s: Sending, ms: number): Promise<T> {
    return pause(this.o.sleep, ms, s.signal).then(() => {
      s.n++
      return this.turn<T>(s)
    })
  }

  /**
   * An answer came. An invalid one (401, 403, a 429 not shared) is counted first,
   * in the store too when it counts them for all its clients: the caller has its
   * answer once the client knows whether the address reached the limit.
   */
  private answered<T>(s: Sending, queue: RequestQueue, taken: Taken, exchanged: Exchange, info: RequestInfo | undefined, started: number): T | Promise<T> {
    const status = exchanged.res.status
    if (info !== undefined) call(this.o.hooks.onResponse, { ...info, status, duration: this.o.now() - started })
    const counted = this.invalid.answered(status, exchanged.res.headers) ? this.limiter.invalid(s.key, this.invalid, s.timeout) : undefined
    return counted === undefined ? this.settled<T>(s, queue, taken, exchanged) : counted.then(() => this.settled<T>(s, queue, taken, exchanged))
  }

  /** The bucket learned, the queue's next let go, the body parsed; a 2xx is the caller's, a 429 or a 5xx retried. */
  private settled<T>(s: Sending, queue: RequestQueue, taken: Taken, exchanged: Exchange): T | Promise<T> {
    const { res, text } = exchanged
    const status = res.status
    const key = s.key
    const limiter = this.limiter
    // A 429 names the bucket that refused it (the daily creates), which need not be the route's.
    const learned = status === 429 ? undefined : limiter.learn(key, res.headers, s.timeout)
    // The next request of the queue goes once the store knows the bucket; the answer is the caller's at once, whatever the store does.
    if (learned === undefined) limiter.release(key, queue, taken, s.timeout)
    else void learned.then(() => limiter.release(key, queue, taken, s.timeout))
    let body: unknown = text
    let json = text === ''
    if (!json) {
      try {
        body = JSON.parse(text) as unknown
        json = true
      } catch {
        // Not JSON: kept as text for the error.
      }
    }
    const target = { method: s.method, path: key.path, route: key.route, attempts: s.n }
    // Public API v10 answers JSON, or nothing with 204: a 2xx of anything else (an empty 200 too) is no answer to hand on, and is not retried (it may have been applied).
    if (status >= 200 && status < 300) {
      if (status === 204) return undefined as T
      if (json && text !== '') return body as T
      throw new RestError({ status, body, ...target, hide: this.hider(s) })
    }
    if (status === 429) return this.limited<T>(s, res, body)
    // 5xx: the service failed, not the request; retried with a growing wait.
    if (status >= 500 && s.failures < this.o.retries) return this.again<T>(s, this.o.backoff * 2 ** s.failures++)
    throw new RestError({ status, body, ...target, hide: this.hider(s) })
  }

  /** What hides this request's secrets in a text: the token in its path, its `Authorization` and the client's own credential. */
  private hider(s: Sending): (text: string) => string {
    return tokenHider(s.url, s.init.headers.authorization, this.o.credential)
  }

  /** A 429: waited out and retried within `retries` and `maxRetryWait`, else thrown as a `RestError`; `onRateLimit` is told either way. */
  private async limited<T>(s: Sending, res: FetchResponse, body: unknown): Promise<T> {
    const key = s.key
    const wait = retryAfter(body, res.headers.get('retry-after'))
    // "Limits": clients must respect rate limit responses; without a stated wait, one second.
    const ms = Math.ceil((wait ?? 1) * 1000)
    const global = (typeof body === 'object' && body !== null && (body as { global?: unknown }).global === true) || res.headers.get('x-ratelimit-global') === 'true'
    if (s.limits < this.o.retries && ms <= this.o.maxRetryWait) {
      const limited = await this.limiter.limited(key, ms, global, res.headers, s.timeout)
      if (this.limiter.refusal(key, limited) === undefined) {
        s.limits++
        return this.again<T>(s, ms)
      }
    } else this.limiter.unretried(key, ms, global, res.headers)
    throw new RestError({
      status: res.status,
      body,
      method: s.method,
      path: key.path,
      route: key.route,
      retryAfter: wait,
      attempts: s.n,
      hide: this.hider(s),
    })
  }
}

/** A request in progress: what each attempt sends, and its counts of attempts, 429s and failures. */
interface Sending {
  readonly method: string
  readonly url: string
  readonly init: SignalledInit
  readonly fetcher: FetchLike
  readonly key: RouteKey
  readonly signal: AbortSignalLike | undefined
  readonly timeout: number
  /** The attempt: 1 for the first send. */
  n: number
  limits: number
  failures: number
}
