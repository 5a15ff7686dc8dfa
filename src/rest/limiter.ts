/**
 * The rate-limit model of the client (public API v10; the spec gives the numbers
 * in "Limits" and no headers): a queue per route, the route's bucket learned from
 * `X-RateLimit-Bucket`, `-Limit`, `-Remaining` and `-Reset-After`, the global limit
 * of the application kept before sending (a window of `limit` requests per second),
 * and 429s (`retry_after`, `global`, `X-RateLimit-Global`, `-Scope`) held in the
 * store so that every request of the bucket, or of the application, waits.
 */
import { GLOBAL_WINDOW_MS, INVALID_REQUEST_WINDOW_MS, LONGEST_WINDOW_MS } from '../internal.js'
import { RateLimitError, type StoreOperation } from './errors.js'
import { RequestQueue } from './queue.js'
import type { InvalidAnswers } from './invalid.js'
import type { Awaitable, InvalidCount, RateLimitStore, Taken, TakeRequest, Wait } from './store.js'
import { EXPIRED, within } from './timers.js'
import { pathToken } from './token.js'

/** What the `onRateLimit` hook is told: a request waits, or is refused instead of waiting. */
export interface RateLimitInfo {
  readonly method: string
  readonly route: string
  /** The bucket the service named for the route; `global` for the global limit; undefined before it is known. */
  readonly bucket: string | undefined
  /** Whether the wait is the application's global limit. */
  readonly global: boolean
  /** Milliseconds to wait. */
  readonly wait: number
  /** `queue`: the client holds the request back before sending; `429`: the service refused it. */
  readonly reason: 'queue' | '429'
  /** `X-RateLimit-Scope` of a 429 (`user`, `global`, `shared`), when given. */
  readonly scope?: string
}

/** What the `onStoreError` hook is told: the rate-limit store failed (rejected, threw, or did not answer in time). */
export interface StoreErrorInfo {
  /** The store's name (`redis`, `memory`, or the `name` of a store of your own). */
  readonly store: string
  /** `take`: the calls waiting on the route failed with a `RateLimitStoreError`; `done`, `learn`, `block`, `invalid`: no call failed (an answer that came is returned). */
  readonly operation: StoreOperation
  readonly method: string
  readonly route: string
  /** Whether the store did not answer within the call's timeout. */
  readonly timedOut: boolean
  /** What the store said, or how long it was waited for. */
  readonly detail: string
  /** The store's own error (undefined when it timed out). */
  readonly error: unknown
}

/** A store's failure, as the queue passes it to the requests that waited on it (transport.ts makes each its `RateLimitStoreError`). */
export class StoreFailure {
  constructor(
    readonly store: string,
    readonly operation: StoreOperation,
    readonly timedOut: boolean,
    readonly detail: string,
    readonly error: unknown,
  ) {}
}

/** How a request is routed: its queue and what it counts against. */
export interface RouteKey {
  readonly method: string
  /** The path with its ids as `:id` (and the interaction token as `:token`). */
  readonly route: string
  /** The path, with an interaction token as `:token`. */
  readonly path: string
  /** The id the service keys buckets on besides the route: the guild, the interaction or webhook; '' when none. */
  readonly major: string
  /** Whether the request counts against the global limit. */
  readonly global: boolean
  /** The key of its queue: route, major id, and whether it counts against the global limit. */
  readonly queue: string
  /**
   * The bucket last named for this key and its store key, kept by the limiter's
   * `learn` (route keys are kept per path by the transport, so they come again):
   * a field, not a WeakMap entry, for the one read a response costs.
   */
  learned: { readonly name: string; readonly key: string } | undefined
}

const MAJOR = /^\/(?:applications\/\d+\/)?(guilds|webhooks|interactions|lobbies)\/(\d+)/

/**
 * The route of a path: ids as `:id`, the token of an interaction or webhook (and a
 * query parameter named for a token or a secret) as `:token` (it never reaches a
 * hook or an error), and the major id the service keys buckets on.
 */
export function routeOf(method: string, path: string, global: boolean): RouteKey {
  const bare = path.split('?')[0] as string
  const secret = pathToken(bare)
  const shown = secret === undefined ? bare : `${bare.slice(0, secret.at)}:token${bare.slice(secret.at + secret.token.length)}`
  const major = MAJOR.exec(bare)
  const route = `${method} ${shown.replace(/\/\d{5,}(?=\/|$)/g, '/:id')}`
  // A webhook's major parameter is its id and token (public API v10): each interaction's
  // follow-ups get their own queue, keyed by a fingerprint, never the token itself.
  const token = major?.[1] === 'webhooks' ? secret?.token : undefined
  const majorId = major === null ? '' : `${major[1]}/${major[2]}${token === undefined ? '' : `/${fnv(token, 0x811c9dc5)}`}`
  // A query parameter that names a token or a secret (`?access_token=`, a caller's own) is shown as `:token` too.
  const query = path.slice(bare.length).replace(/([?&][^=&#]*(?:token|secret)[^=&#]*=)[^&#]*/gi, '$1:token')
  return { method, route, path: shown + query, major: majorId, global, queue: `${route}\u0000${majorId}\u0000${global ? 'g' : ''}`, learned: undefined }
}

/** FNV-1a, 32 bits, from `seed`: half of a credential's fingerprint. */
function fnv(text: string, seed: number): string {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0
  return h.toString(16).padStart(8, '0')
}

/**
 * The route key of a request sent with a credential of its own (a user's Bearer
 * token passed as `token`): its queue and its buckets apart from the client's.
 * The service counts per user ("Limits": lobby messages and create-or-join per
 * user; public API v10 `X-RateLimit-Scope: user`), so one user's spent bucket must
 * not hold another's requests. The credential is kept as a 64-bit fingerprint,
 * never as itself: bucket keys reach the store (a shared Redis).
 */
export function forCredential(key: RouteKey, credential: string): RouteKey {
  const tag = `as:${fnv(credential, 0x811c9dc5)}${fnv(credential, 0x01000193)}`
  return { ...key, major: key.major === '' ? tag : `${key.major}|${tag}`, queue: `${key.queue}\u0000${tag}`, learned: undefined }
}

/** Options of the limiter, from the client's. */
export interface LimiterOptions {
  readonly store: RateLimitStore
  /** Keys the store's entries, so several applications can share one store. */
  readonly application: string
  /** Requests per second, or false for none (`globalLimit`). */
  readonly globalLimit: number | false
  /** Added to the global window, for the spread of latencies ("the margin"). */
  readonly margin: number
  readonly maxWait: number
  readonly now: () => number
  readonly sleep: (ms: number) => Promise<void>
  readonly onRateLimit: ((info: RateLimitInfo) => void) | undefined
  readonly onStoreError: ((info: StoreErrorInfo) => void) | undefined
  /** The client's timeout: the longest wait on the store for a place given back (`untake`). */
  readonly timeout: number
  readonly rejectOnRateLimit: boolean | ((info: RateLimitInfo) => boolean)
}

/** Idle queues are dropped once there are more than this many (a bot that talks to many guilds). */
const QUEUES_KEPT = 256

/** The store key of the invalid answers: the address's, whatever the application (the service blocks the address). */
const INVALID_KEY = 'invalid'

/** A response's headers, as the client reads them. */
export interface HeaderBag {
  get(name: string): string | null
}

const detailOf = (error: unknown): string => {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error
  return typeof message === 'string' && message !== '' ? message.slice(0, 200) : String(message)
}

/**
 * A store's answer to `take`, checked: `{ wait }` a number 0 or more (0: taken).
 * Anything else (`null`, a string, `NaN`, a negative wait) is the store's failure,
 * not a go: the client fails closed, as for a store that throws.
 */
function checked(answer: Taken | Wait): Taken | Wait {
  const wait = (answer as { wait?: unknown } | null | undefined)?.wait
  if (typeof wait === 'number' && wait >= 0) return answer
  throw new TypeError(`take answered a wait of ${typeof wait === 'number' ? wait : typeof wait}`)
}

/** Tells a hook; a hook observes, its failure is not the request's. */
const tell = <T>(hook: ((info: T) => void) | undefined, info: T): void => {
  if (hook === undefined) return
  try {
    hook(info)
  } catch {
    // Ignored: see above.
  }
}

/** The rate-limit model: queues by route, what the service said of each bucket, and the global window. */
export class Limiter {
  /** Route to the bucket the service named for it. */
  private readonly buckets = new Map<string, string>()
  private readonly queues = new Map<string, RequestQueue>()
  private readonly globalKey: string
  private readonly storeName: string

  constructor(private readonly options: LimiterOptions) {
    this.globalKey = `${options.application}:global`
    this.storeName = typeof options.store.name === 'string' && options.store.name !== '' ? options.store.name : 'store'
  }

  private bucketKey(key: RouteKey): string | undefined {
    const name = this.buckets.get(key.route)
    return name === undefined ? undefined : `${this.options.application}:${name}:${key.major}`
  }

  /**
   * A store's answer that comes later, bounded by `ms`: its value, or a rejection
   * with a `StoreFailure`, reported to `onStoreError` once. (An answer at once is
   * used as it is; a store that throws is `failure` at the call.)
   */
  private later<T>(operation: StoreOperation, key: RouteKey, ms: number, answer: Promise<T>): Promise<T> {
    return within(answer, ms).catch((error: unknown) => {
      throw this.failure(operation, key, error, ms)
    })
  }

  private failure(operation: StoreOperation, key: RouteKey, error: unknown, ms: number): StoreFailure {
    const timedOut = error === EXPIRED
    const failure = new StoreFailure(this.storeName, operation, timedOut, timedOut ? `no answer within ${ms} ms` : detailOf(error), timedOut ? undefined : error)
    tell(this.options.onStoreError, {
      store: failure.store,
      operation,
      method: key.method,
      route: key.route,
      timedOut,
      detail: failure.detail,
      error: failure.error,
    })
    return failure
  }

  /** The queue of a route; requests exempt from the global limit queue apart. */
  queue(key: RouteKey): RequestQueue {
    const id = key.queue
    let queue = this.queues.get(id)
    if (queue === undefined) {
      const o = this.options
      const global = key.global && o.globalLimit !== false ? { key: this.globalKey, limit: o.globalLimit, window: GLOBAL_WINDOW_MS + o.margin } : undefined
      // What the queue asks the store, made again only when the route's bucket becomes known.
      let request: TakeRequest = global === undefined ? {} : { global }
      let named: string | undefined
      queue = new RequestQueue({
        take: (ms) => {
          const name = this.buckets.get(key.route)
          if (name !== named) {
            named = name
            const bucket = this.bucketKey(key)
            request = bucket === undefined ? (global === undefined ? {} : { global }) : global === undefined ? { bucket } : { global, bucket }
          }
          let answer: Awaitable<Taken | Wait>
          try {
            answer = o.store.take(request, o.now())
            if (!(answer instanceof Promise)) return checked(answer)
          } catch (error) {
            throw this.failure('take', key, error, ms)
          }
          return this.later('take', key, ms, answer.then(checked))
        },
        untake: (taken) => this.done(key, taken, o.timeout),
        sequential: () => !this.buckets.has(key.route),
        waiting: (wait: Wait) => {
          const info: RateLimitInfo = {
            method: key.method,
            route: key.route,
            bucket: wait.global ? 'global' : this.buckets.get(key.route),
            global: wait.global,
            wait: wait.wait,
            reason: 'queue',
          }
          return this.refusal(key, info)
        },
        sleep: o.sleep,
      })
      this.queues.set(id, queue)
    }
    return queue
  }

  /** Stamps the request's place in the global window with the time its answer came (or it failed). Nothing waits on it; a failure is reported within `ms`. */
  private done(key: RouteKey, taken: Taken, ms: number): void {
    const ticket = taken.ticket
    if (ticket === undefined) return
    try {
      const stamped = this.options.store.done(this.globalKey, ticket, this.options.now())
      // A shared store that fails here leaves the place to expire there (reported); the request is not the worse for it.
      if (stamped instanceof Promise) this.later('done', key, ms, stamped).catch(() => {})
    } catch (error) {
      this.failure('done', key, error, ms)
    }
  }

  /**
   * A request's answer came, or it failed: its place in the global window counts
   * from now, the next of its queue may go, and idle queues are dropped once there
   * are more than `QUEUES_KEPT` (a bot that talks to many guilds keeps few).
   */
  release(key: RouteKey, queue: RequestQueue, taken: Taken, ms: number): void {
    this.done(key, taken, ms)
    queue.leave()
    // Swept in bulk, not one by one: a queue used call after call is kept, not made again each time.
    if (this.queues.size > QUEUES_KEPT) for (const [id, q] of this.queues) if (q.idle) this.queues.delete(id)
  }

  /** Tells the hook; returns the error to throw instead of waiting, when the caller asked for one. */
  refusal(key: RouteKey, info: RateLimitInfo): RateLimitError | undefined {
    tell(this.options.onRateLimit, info)
    const reject = this.options.rejectOnRateLimit
    if (info.wait > this.options.maxWait || reject === true || (typeof reject === 'function' && reject(info)))
      return new RateLimitError({ method: key.method, path: key.path, route: key.route, bucket: info.bucket, global: info.global, wait: info.wait })
    return undefined
  }

  /**
   * Learns the route's bucket from an answer that is not a 429. A store that
   * answers later is waited on at most `ms`; its failure is reported, never thrown
   * (the answer is the caller's all the same).
   */
  learn(key: RouteKey, headers: HeaderBag, ms: number): Promise<void> | undefined {
    const name = headers.get('x-ratelimit-bucket')
    if (name === null || name === '') return undefined
    const limit = Number(headers.get('x-ratelimit-limit'))
    const remaining = Number(headers.get('x-ratelimit-remaining'))
    const after = Number(headers.get('x-ratelimit-reset-after'))
    // A reset past the longest window the service counts in (Infinity, 1e300, a negative or garbage) is not believed: it would hold the route for ever.
    if (!(limit > 0) || !(remaining >= 0) || !(after >= 0) || !(after * 1000 <= LONGEST_WINDOW_MS)) return undefined
    if (this.buckets.get(key.route) !== name) this.buckets.set(key.route, name)
    // The store key of the route's bucket, made again only when the service names another bucket.
    let known = key.learned
    if (known === undefined || known.name !== name) key.learned = known = { name, key: this.bucketKey(key) as string }
    try {
      const stored = this.options.store.learn(known.key, { limit, remaining, resetAfter: after * 1000 }, this.options.now())
      return stored instanceof Promise ? this.later('learn', key, ms, stored).catch(() => {}) : undefined
    } catch (error) {
      this.failure('learn', key, error, ms)
      return undefined
    }
  }

  /**
   * Counts an invalid answer in the store, for all its clients, when it counts them
   * (`RateLimitStore.invalid`), and holds `answers` at the limit: at once, or once
   * the store answers (waited on at most `ms`). A failure is reported, never thrown:
   * the client's own count still holds.
   */
  invalid(key: RouteKey, answers: InvalidAnswers, ms: number): Promise<void> | undefined {
    const store = this.options.store
    if (store.invalid === undefined) return undefined
    // An answer that is no object is the store's failure; one whose count or wait is no number stops nothing.
    const hold = (c: InvalidCount): void => answers.hold(c.count, c.wait)
    try {
      const c = store.invalid(INVALID_KEY, answers.limit, INVALID_REQUEST_WINDOW_MS, this.options.now())
      if (!(c instanceof Promise)) return void hold(c)
      return this.later('invalid', key, ms, c.then(hold)).catch(() => {})
    } catch (error) {
      this.failure('invalid', key, error, ms)
    }
  }

  /**
   * A 429 that will be waited out: the global limit (`global` in the body or
   * `X-RateLimit-Global`) holds every request of the application; another holds
   * the route's bucket, when the service named one. The request itself waits `ms`
   * (`wait`); the store is waited on at most `bound`, and its failure reported.
   */
  async limited(key: RouteKey, wait: number, global: boolean, headers: HeaderBag, bound: number): Promise<RateLimitInfo> {
    const now = this.options.now()
    const held = global ? this.globalKey : this.bucketKey(key)
    if (held !== undefined) {
      try {
        const blocked = this.options.store.block(held, wait, now)
        if (blocked instanceof Promise) await this.later('block', key, bound, blocked)
      } catch (error) {
        // Reported; the request waits its own `wait` all the same.
        if (!(error instanceof StoreFailure)) this.failure('block', key, error, bound)
      }
    }
    return this.described(key, wait, global, headers)
  }

  /**
   * A 429 thrown at once (its wait is over `maxRetryWait`, or the retries are spent):
   * the hook is told all the same, so an operator's metrics see every 429.
   */
  unretried(key: RouteKey, wait: number, global: boolean, headers: HeaderBag): void {
    tell(this.options.onRateLimit, this.described(key, wait, global, headers))
  }

  /** What the hook is told of a 429. */
  private described(key: RouteKey, wait: number, global: boolean, headers: HeaderBag): RateLimitInfo {
    const scope = headers.get('x-ratelimit-scope') ?? undefined
    const bucket = global ? 'global' : (this.buckets.get(key.route) ?? headers.get('x-ratelimit-bucket') ?? undefined)
    return { method: key.method, route: key.route, bucket, global, wait, reason: '429', ...(scope === undefined ? {} : { scope }) }
  }
}
