/**
 * Where the client keeps what it knows of the rate limits: the global limit of the
 * application ("Limits": 50 requests per second across all endpoints, raisable to
 * 1200) and the buckets the service names in `X-RateLimit-Bucket` (public API v10;
 * the spec shows no headers). The default store lives in the process; a shared one
 * (`slashkit/redis`) lets several processes of one application keep one limit.
 */

/** A value, or a promise of it: the in-memory store answers at once, a shared one over the network. */
export type Awaitable<T> = T | Promise<T>

/** One request asking to go: the global window it counts in, and the bucket it belongs to. */
export interface TakeRequest {
  /** The global limit, unless the route is exempt from it (interaction webhooks). */
  readonly global?: { readonly key: string; readonly limit: number; readonly window: number }
  /** The store key of the bucket the service named for the route, when known. */
  readonly bucket?: string
}

/** Why a request must wait, and how long. */
export interface Wait {
  /** Milliseconds to wait before asking again. */
  readonly wait: number
  /** Whether the global limit holds it (else its bucket). */
  readonly global: boolean
}

/** A request may go: it is counted. `ticket` marks its place in the global window, for `done`. */
export interface Taken {
  readonly wait: 0
  readonly ticket: string | number | undefined
}

/** What the service said of a bucket in one response. */
export interface BucketState {
  /** `X-RateLimit-Limit`. */
  readonly limit: number
  /** `X-RateLimit-Remaining`. */
  readonly remaining: number
  /** `X-RateLimit-Reset-After`, in milliseconds. */
  readonly resetAfter: number
}

/** The invalid answers of the last window, as a store counts them for every client it serves. */
export interface InvalidCount {
  /** How many the window holds, the one just counted included. */
  readonly count: number
  /** When `count` reached the limit: the ms until it falls below it; else 0. */
  readonly wait: number
}

/**
 * A rate-limit store. Every method is atomic for its keys: `take` checks the global
 * window and the bucket together and counts the request in both only when both let
 * it go, so a request that waits is counted nowhere. A method may answer at once
 * or with a promise, and may fail (throw, reject, or never answer): the client
 * waits on it at most the call's timeout, fails the calls waiting on a `take`
 * with a `RateLimitStoreError` (it fails closed), and reports the others to
 * `onStoreError` (docs/rest.md "A failing store").
 */
export interface RateLimitStore {
  /** What errors and the `onStoreError` hook call the store (`memory`, `redis`); `store` when not given. */
  readonly name?: string
  /**
   * Counts one request that wants to go at `now` (epoch ms): `Taken` when it may go
   * (it is counted), else how long to wait before asking again and why (nothing is
   * counted). An unknown bucket lets the request go. The request's place in the
   * global window is held until `done`: a place counts from the answer, not from
   * the sending, so that no latency can squeeze more than `limit` requests into
   * one window where the service counts them.
   */
  take(request: TakeRequest, now: number): Awaitable<Taken | Wait>
  /** The answer of a taken request came (or it failed): its place in the global window counts from `now`. */
  done(key: string, ticket: string | number, now: number): Awaitable<void>
  /** Records what a response said of a bucket. */
  learn(bucket: string, state: BucketState, now: number): Awaitable<void>
  /** Holds every request of a key (a bucket, or a global key) for `ms`: the wait a 429 asked for. */
  block(key: string, ms: number, now: number): Awaitable<void>
  /**
   * Optional. Counts one invalid answer (401, 403, or a 429 not of scope `shared`)
   * at `now` under `key`, for every client of the store: they send from one
   * address, and the service blocks an address that draws 10,000 in 10 minutes
   * ("Limits", IP blocking). Answers how many the last `window` ms hold and, at
   * `limit` or more, how long until they fall below it. Without it each client
   * counts its own (`invalidRequestLimit`).
   */
  invalid?(key: string, limit: number, window: number, now: number): Awaitable<InvalidCount>
}

interface Bucket {
  limit: number
  remaining: number
  resetAt: number
  /** The longest reset-after seen: the window's length, to estimate the next reset. */
  window: number
}

/** Added to an estimated reset, so a window the service starts a little later is not run into. */
export const RESET_MARGIN = 50

/** How long a request waits for the oldest place of a full global window while that place's request is still in flight. */
export const IN_FLIGHT_POLL = 10

/** How many buckets the memory store holds before it forgets those idle `BUCKET_IDLE_MS` past their reset. */
const BUCKETS_KEPT = 1024
const BUCKET_IDLE_MS = 60_000

/**
 * The global window as a ring of the last `limit` requests: each place holds the
 * time its request was answered (infinity while in flight). A request may go when
 * the oldest place is at least `window` old, so that between the answer of a
 * request and the sending of the one `limit` places later a whole window passes:
 * the service, which sees each request between the two, never counts more than
 * `limit` in a window, wherever it starts its own and whatever the latencies.
 */
class Ring {
  readonly times: number[]
  at = 0
  constructor(readonly limit: number) {
    this.times = new Array<number>(limit).fill(Number.NEGATIVE_INFINITY)
  }
}

/** A request outside the global limit may go: nothing to stamp later, so one answer serves them all. */
export const FREE: Taken = Object.freeze({ wait: 0, ticket: undefined })

/**
 * The process's own store (the default): exact, synchronous, and lost with the process.
 *
 * @example
 * const store = createMemoryStore()
 * const a = createClient({ token, applicationId, rateLimitStore: store })
 * const b = createClient({ token: otherToken, applicationId, rateLimitStore: store }) // one limit for both
 */
export function createMemoryStore(): RateLimitStore {
  const rings = new Map<string, Ring>()
  const buckets = new Map<string, Bucket>()
  const blocked = new Map<string, number>()
  const invalids = new Map<string, number[]>()
  let sweepAt = BUCKETS_KEPT
  const held = (key: string, now: number): number => {
    const until = blocked.get(key)
    if (until === undefined) return 0
    if (until > now) return until - now
    blocked.delete(key)
    return 0
  }
  return {
    name: 'memory',
    take(request, now) {
      let globalWait = 0
      const g = request.global
      let ring: Ring | undefined
      if (g !== undefined) {
        ring = rings.get(g.key)
        if (ring === undefined || ring.limit !== g.limit) rings.set(g.key, (ring = new Ring(g.limit)))
        const oldest = ring.times[ring.at] as number
        globalWait = Math.max(held(g.key, now), oldest === Number.POSITIVE_INFINITY ? IN_FLIGHT_POLL : oldest + g.window - now)
      }
      let wait = 0
      let b: Bucket | undefined
      if (request.bucket !== undefined) {
        wait = held(request.bucket, now)
        b = buckets.get(request.bucket)
        // A window that has passed: the next one is estimated from the last, until a response says.
        if (b !== undefined && now >= b.resetAt) {
          b.remaining = b.limit
          b.resetAt = now + b.window + RESET_MARGIN
        }
        if (b !== undefined && b.remaining <= 0) wait = Math.max(wait, b.resetAt - now)
      }
      if (globalWait > 0 || wait > 0) return globalWait >= wait ? { wait: globalWait, global: true } : { wait, global: false }
      if (b !== undefined) b.remaining--
      if (ring === undefined) return FREE
      const ticket = ring.at
      ring.times[ticket] = Number.POSITIVE_INFINITY
      ring.at = (ring.at + 1) % ring.limit
      return { wait: 0, ticket }
    },
    done(key, ticket, now) {
      const ring = rings.get(key)
      if (ring !== undefined && typeof ticket === 'number' && ring.times[ticket] === Number.POSITIVE_INFINITY) ring.times[ticket] = now
    },
    learn(bucket, state, now) {
      // A bucket per guild and per interaction's webhook: those idle a minute past their reset
      // are forgotten (a passed window is a whole one anyway), so a long-running bot stays bounded.
      if (buckets.size > sweepAt) {
        for (const [k, v] of buckets) if (now > v.resetAt + BUCKET_IDLE_MS && held(k, now) === 0) buckets.delete(k)
        for (const [k, until] of blocked) if (until <= now) blocked.delete(k)
        sweepAt = Math.max(BUCKETS_KEPT, buckets.size * 2)
      }
      const b = buckets.get(bucket)
      const resetAt = now + state.resetAfter
      if (b === undefined || now >= b.resetAt) {
        buckets.set(bucket, { limit: state.limit, remaining: state.remaining, resetAt, window: state.resetAfter })
        return
      }
      // Requests counted here may not have reached the service yet: the lower count holds.
      b.limit = state.limit
      b.remaining = Math.min(b.remaining, state.remaining)
      b.resetAt = resetAt
      b.window = Math.max(b.window, state.resetAfter)
    },
    invalid(key, limit, window, now) {
      const times = invalids.get(key) ?? (invalids.set(key, []).get(key) as number[])
      times.push(now)
      while ((times[0] as number) <= now - window) times.shift()
      const n = times.length
      // The count falls below the limit when the answer `limit` places before the newest leaves the window.
      return { count: n, wait: n < limit ? 0 : (times[n - limit] as number) + window - now }
    },
    block(key, ms, now) {
      blocked.set(key, Math.max(blocked.get(key) ?? 0, now + ms))
      const b = buckets.get(key)
      if (b !== undefined) {
        b.remaining = 0
        b.resetAt = Math.max(b.resetAt, now + ms)
      }
    },
  }
}
