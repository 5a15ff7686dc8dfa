/**
 * Sending one request: its turn in the route's queue, a timeout and the caller's
 * `AbortSignal`, the hooks, retries of 5xx answers and network errors with a
 * growing wait, 429s waited out within `maxRetryWait`, and the errors. Nothing
 * here touches Node: timers are the platform's `setTimeout`.
 */
import { RestError } from './errors.js'
import { RestNetworkError } from './failures.js'
import { forCredential, Limiter, routeOf, type RateLimitInfo, type RouteKey } from './limiter.js'
import type { RateLimitStore } from './store.js'

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

interface AbortControllerLike {
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
type SignalledInit = FetchInit & { signal?: AbortSignalLike }

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

type Timers = {
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (id: unknown) => void
}
const timers = globalThis as Timers

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

/** The host (and port) of a URL, for an error: never its path, which may hold a token. */
function addressOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)
  const host = m === null ? url : (m[1] as string)
  return host.slice(host.lastIndexOf('@') + 1)
}

/** The system's code and words of a failed `fetch` (undici puts them in `cause`). */
function describe(error: unknown): { code: string; detail: string } {
  let e: unknown = error
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && code !== '') return { code, detail: String((e as { message?: unknown }).message ?? code) }
    e = (e as { cause?: unknown }).cause
  }
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined
  return { code: 'ENETWORK', detail: typeof message === 'string' ? message : String(error) }
}

const TIMEOUT = Symbol('timeout')

/** Sends requests for one client. */
export class Transport {
  readonly limiter: Limiter

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
      rejectOnRateLimit: o.rejectOnRateLimit,
    })
  }

  async send<T>(method: string, path: string, authorization: string, options: RequestOptions): Promise<T> {
    const fetcher = this.o.fetch ?? (globalThis as unknown as { fetch?: FetchLike }).fetch
    if (fetcher === undefined) throw new TypeError('no fetch: pass one to createClient({ fetch })')
    const headers: Record<string, string> = options.authorization === false ? { ...options.headers } : { authorization, ...options.headers }
    const init: FetchInit = { method, headers }
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(options.body)
    }
    const url = `${this.o.base}${path}`
    const route = routeOf(method, path, options.globalLimit !== false)
    // A request with a credential of its own counts apart (limits are per user).
    const key = options.token === undefined ? route : forCredential(route, authorization)
    const signal = options.signal
    const timeout = options.timeout ?? this.o.timeout
    let limits = 0
    let failures = 0
    for (let attempt = 1; ; attempt++) {
      const queue = this.limiter.queue(key)
      const entered = queue.enter(signal, attempt > 1)
      const taken = entered instanceof Promise ? await entered : entered
      const hooks = this.o.hooks
      const info: RequestInfo | undefined = hooks.onRequest === undefined && hooks.onResponse === undefined ? undefined : { method, path: key.path, route: key.route, attempt }
      if (info !== undefined) call(hooks.onRequest, info)
      const started = this.o.now()
      let res: FetchResponse
      let text: string
      try {
        ;({ res, text } = await this.attempt(fetcher, url, init, signal, timeout))
      } catch (error) {
        this.limiter.release(key, queue, taken)
        if (signal?.aborted === true) throw signal.reason
        // No answer: the connection failed, or the timeout passed. Retried with a growing wait.
        const { code, detail } = error === TIMEOUT ? { code: 'ETIMEDOUT', detail: `no answer within ${timeout} ms` } : describe(error)
        if (failures < this.o.retries) {
          await this.o.sleep(this.o.backoff * 2 ** failures++)
          continue
        }
        throw new RestNetworkError({ method, path: key.path, route: key.route, address: addressOf(url), code, detail, attempts: attempt, cause: error === TIMEOUT ? undefined : error })
      }
      if (info !== undefined) call(hooks.onResponse, { ...info, status: res.status, duration: this.o.now() - started })
      if (res.status !== 429) {
        // A 429 names the bucket that refused it (the daily creates), which need not be the route's.
        const learned = this.limiter.learn(key, res.headers)
        if (learned !== undefined) await learned
      }
      this.limiter.release(key, queue, taken)
      let body: unknown = text
      if (text !== '') {
        try {
          body = JSON.parse(text) as unknown
        } catch {
          // Not JSON: kept as text for the error.
        }
      }
      if (res.status >= 200 && res.status < 300) return (res.status === 204 || text === '' ? undefined : body) as T
      if (res.status === 429) {
        const wait = retryAfter(body, res.headers.get('retry-after'))
        // "Limits": clients must respect rate limit responses; without a stated wait, one second.
        const ms = Math.ceil((wait ?? 1) * 1000)
        const global = (typeof body === 'object' && body !== null && (body as { global?: unknown }).global === true) || res.headers.get('x-ratelimit-global') === 'true'
        if (limits < this.o.retries && ms <= this.o.maxRetryWait) {
          const limited = await this.limiter.limited(key, ms, global, res.headers)
          if (this.limiter.refusal(key, limited) === undefined) {
            limits++
            await this.o.sleep(ms)
            continue
          }
        }
        throw new RestError({ status: 429, body, method, path: key.path, retryAfter: wait })
      }
      // 5xx: the service failed, not the request; retried with a growing wait.
      if (res.status >= 500 && failures < this.o.retries) {
        await this.o.sleep(this.o.backoff * 2 ** failures++)
        continue
      }
      throw new RestError({ status: res.status, body, method, path: key.path })
    }
  }

  /** One fetch and its body, within the timeout and the caller's signal. */
  private async attempt(fetcher: FetchLike, url: string, init: FetchInit, signal: AbortSignalLike | undefined, timeout: number): Promise<{ res: FetchResponse; text: string }> {
    const Controller = (globalThis as { AbortController?: new () => AbortControllerLike }).AbortController
    const exchange = async (withSignal: SignalledInit): Promise<{ res: FetchResponse; text: string }> => {
      const res = await fetcher.call(undefined, url, withSignal)
      return { res, text: await res.text() }
    }
    if (Controller === undefined || timers.setTimeout === undefined || !(timeout > 0 && timeout < Number.POSITIVE_INFINITY))
      return exchange(signal === undefined ? init : { ...init, signal })
    const deadline = deadlineOf(Controller, Date.now() + timeout)
    if (signal === undefined) {
      // The common case: the deadline's shared controller and timer, nothing made per request.
      try {
        return await Promise.race([exchange({ ...init, signal: deadline.controller.signal }), deadline.expired])
      } catch (error) {
        throw deadline.fired ? TIMEOUT : error
      }
    }
    // The caller's signal too: a controller of this request's own, aborted by either.
    const controller = new Controller()
    const onAbort = (): void => controller.abort(signal.reason)
    const onExpiry = (): void => controller.abort()
    signal.addEventListener('abort', onAbort, { once: true })
    deadline.controller.signal.addEventListener('abort', onExpiry, { once: true })
    try {
      return await Promise.race([exchange({ ...init, signal: controller.signal }), deadline.expired])
    } catch (error) {
      throw deadline.fired && !signal.aborted ? TIMEOUT : error
    } finally {
      signal.removeEventListener('abort', onAbort)
      deadline.controller.signal.removeEventListener('abort', onExpiry)
    }
  }
}

/**
 * Deadlines shared by the requests that end within the same 25 ms: one
 * controller and one timer each, instead of a controller and a timer per request
 * (an `AbortController` costs about a tenth of an in-memory request). A request
 * times out up to 25 ms after its timeout.
 */
interface Deadline {
  readonly controller: AbortControllerLike
  /** Rejects with TIMEOUT when the deadline passes; a fetch that ignores its signal still loses the race. */
  readonly expired: Promise<never>
  fired: boolean
}

const DEADLINE_STEP = 25
const deadlines = new Map<number, Deadline>()

function deadlineOf(Controller: new () => AbortControllerLike, at: number): Deadline {
  const slot = Math.ceil(at / DEADLINE_STEP) * DEADLINE_STEP
  let d = deadlines.get(slot)
  if (d !== undefined) return d
  const controller = new Controller()
  let reject: (reason: unknown) => void = () => {}
  const expired = new Promise<never>((_, no) => {
    reject = no
  })
  expired.catch(() => {})
  const created: Deadline = { controller, expired, fired: false }
  deadlines.set(slot, created)
  const timer = timers.setTimeout?.(
    () => {
      deadlines.delete(slot)
      created.fired = true
      controller.abort()
      reject(TIMEOUT)
    },
    Math.max(0, slot - Date.now()),
  )
  // A pending deadline does not keep a Node process alive on its own.
  ;(timer as { unref?: () => void } | undefined)?.unref?.()
  d = created
  return d
}

export { routeOf }
