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
import type { AbortControllerLike, AbortSignalLike, ClientHooks, FetchLike, FetchResponse, RequestInfo, RequestOptions, SignalledInit } from './transport-types.js'
export type { AbortSignalLike, ClientHooks, FetchInit, FetchLike, FetchResponse, RequestInfo, RequestOptions, ResponseInfo } from './transport-types.js'

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

  /** The address and route of the paths seen, kept up to `TARGETS_KEPT` (the same paths come again and again). */
  private readonly targets = new Map<string, Target>()

  /** The address and route of a path, remembered by path: no string is built or hashed twice for a path sent again. */
  private target(method: string, path: string, global: boolean): Target {
    const known = this.targets.get(path)
    if (known !== undefined && known.method === method && known.global === global) return known
    if (this.targets.size >= TARGETS_KEPT) this.targets.clear()
    const made: Target = { method, global, url: `${this.o.base}${path}`, key: routeOf(method, path, global) }
    this.targets.set(path, made)
    return made
  }

  async send<T>(method: string, path: string, authorization: string, options: RequestOptions): Promise<T> {
    const fetcher = this.o.fetch ?? (globalThis as unknown as { fetch?: FetchLike }).fetch
    if (fetcher === undefined) throw new TypeError('no fetch: pass one to createClient({ fetch })')
    const headers: Record<string, string> = options.authorization === false ? { ...options.headers } : { authorization, ...options.headers }
    const init: SignalledInit = { method, headers }
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(options.body)
    }
    const target = this.target(method, path, options.globalLimit !== false)
    const url = target.url
    const route = target.key
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
      const started = info === undefined ? 0 : this.o.now()
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
        throw new RestNetworkError({
          method,
          path: key.path,
          route: key.route,
          address: addressOf(url),
          code,
          detail,
          attempts: attempt,
          cause: error === TIMEOUT ? undefined : error,
        })
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

  /**
   * One fetch and its body, within the timeout and the caller's signal. Sets
   * `init.signal` (the init is the call's own). Nothing made here outlives the
   * attempt: the deadline holds only the function that ends it, until it ends.
   */
  private attempt(fetcher: FetchLike, url: string, init: SignalledInit, signal: AbortSignalLike | undefined, timeout: number): Promise<Exchange> {
    const Controller = (globalThis as { AbortController?: new () => AbortControllerLike }).AbortController
    if (Controller === undefined || timers.setTimeout === undefined || !(timeout > 0 && timeout < Number.POSITIVE_INFINITY)) {
      if (signal !== undefined) init.signal = signal
      return exchange(fetcher, url, init)
    }
    const deadline = deadlineOf(Controller, Date.now() + timeout)
    if (signal === undefined) {
      // The common case: the deadline's shared controller and timer, nothing made per request but the promise.
      init.signal = deadline.controller.signal
      return new Promise<Exchange>((resolve, reject) => {
        // The deadline ends the attempt with `reject(TIMEOUT)`; the attempt takes itself off as it ends.
        deadline.pending.add(reject)
        exchange(fetcher, url, init).then(
          (done) => {
            deadline.pending.delete(reject)
            resolve(done)
          },
          (error: unknown) => {
            deadline.pending.delete(reject)
            reject(deadline.fired ? TIMEOUT : error)
          },
        )
      })
    }
    // The caller's signal too: a controller of this request's own, aborted by either.
    const controller = new Controller()
    init.signal = controller.signal
    return new Promise<Exchange>((resolve, reject) => {
      const settle = (): void => {
        deadline.pending.delete(expire)
        signal.removeEventListener('abort', onAbort)
      }
      // A fetch that ignores its signal still ends the attempt: at the deadline, or at the caller's abort.
      const expire = (): void => {
        settle()
        controller.abort()
        reject(signal.aborted ? signal.reason : TIMEOUT)
      }
      const onAbort = (): void => {
        settle()
        controller.abort(signal.reason)
        reject(signal.reason)
      }
      if (signal.aborted) {
        onAbort()
        return
      }
      deadline.pending.add(expire)
      signal.addEventListener('abort', onAbort, { once: true })
      exchange(fetcher, url, init).then(
        (done) => {
          settle()
          resolve(done)
        },
        (error: unknown) => {
          settle()
          reject(deadline.fired && !signal.aborted ? TIMEOUT : error)
        },
      )
    })
  }
}

/** An answer and its body. */
interface Exchange {
  readonly res: FetchResponse
  readonly text: string
}

async function exchange(fetcher: FetchLike, url: string, init: SignalledInit): Promise<Exchange> {
  const res = await fetcher.call(undefined, url, init)
  return { res, text: await res.text() }
}

/**
 * Deadlines shared by the requests that end within the same 25 ms: one
 * controller and one timer each, instead of a controller and a timer per request
 * (creating an `AbortSignal` costs a few microseconds in Node 20). A request
 * times out up to 25 ms after its timeout. The deadline holds the attempts still
 * running, each by the function that ends it, and drops one as it ends: a
 * `Promise.race` against a promise of the deadline instead kept every answer
 * (its `Response` and body) until the deadline passed, 15 s later.
 */
interface Deadline {
  readonly controller: AbortControllerLike
  /** The attempts still running: each is ended, called with TIMEOUT, when the deadline passes, whether its fetch heeds the signal or not. */
  readonly pending: Set<(reason: typeof TIMEOUT) => void>
  fired: boolean
}

const DEADLINE_STEP = 25
const deadlines = new Map<number, Deadline>()

function deadlineOf(Controller: new () => AbortControllerLike, at: number): Deadline {
  const slot = Math.ceil(at / DEADLINE_STEP) * DEADLINE_STEP
  const known = deadlines.get(slot)
  if (known !== undefined) return known
  const created: Deadline = { controller: new Controller(), pending: new Set(), fired: false }
  deadlines.set(slot, created)
  const timer = timers.setTimeout?.(
    () => {
      deadlines.delete(slot)
      created.fired = true
      created.controller.abort()
      for (const end of created.pending) end(TIMEOUT)
      created.pending.clear()
    },
    Math.max(0, slot - Date.now()),
  )
  // A pending deadline does not keep a Node process alive on its own.
  ;(timer as { unref?: () => void } | undefined)?.unref?.()
  return created
}
