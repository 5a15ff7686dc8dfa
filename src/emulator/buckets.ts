/**
 * Generic rate counters, with no policy in them: a token bucket (a `rate`) and a
 * sliding window (a `quota`), counted per bucket and key on a clock the caller
 * passes. Which request goes to which bucket, with which numbers, and what a
 * refusal looks like are the service's policy: rate-limits.ts.
 */

/** `limit` requests per `window` milliseconds. */
export interface Rate {
  readonly limit: number
  readonly window: number
}

/**
 * One limit of `limit` requests per `window` milliseconds; `id` names it (the
 * service shows it as `X-RateLimit-Bucket`). A `rate` (the default) refills
 * continuously; a `quota` counts each request for a whole window (see Counters).
 */
export interface Bucket extends Rate {
  readonly id: string
  readonly kind?: 'rate' | 'quota'
}

/**
 * Whose count a request goes to: the requester (an application id, or `anonymous`),
 * the route's top-level resources (`major`), and a user for per-user limits.
 */
export interface LimitKey {
  readonly owner: string
  readonly major?: string
  readonly user?: string
}

/** How a bucket stands for one key. */
export interface Verdict {
  readonly bucket: Bucket
  readonly allowed: boolean
  /** Requests left in the window after this one. */
  readonly remaining: number
  /** Milliseconds until the next request (or the refused one) is admitted. */
  readonly resetAfter: number
  /** Epoch milliseconds of that moment. */
  readonly resetAt: number
}

const keyId = (bucket: Bucket, key: LimitKey): string => `${bucket.id}\u0000${key.owner}\u0000${key.major ?? ''}\u0000${key.user ?? ''}`

/** Floating-point slack when comparing token levels. */
const EPSILON = 1e-9
/** Counted requests between two sweeps of the buckets that are whole again. */
const SWEEP_EVERY = 1024

/**
 * Counters per (bucket, key).
 *
 * A rate bucket (the default) is a token bucket: `limit` tokens, refilled continuously
 * at `limit` per `window`, one spent per request. At most `limit` pass at once, also
 * across what a fixed window would call its edge, and a client that keeps its own
 * fixed windows from when it sends (as `@discordjs/rest` does) is not refused when its
 * requests of one window arrive spread out. A refused request is told to wait until
 * the bucket is whole again: a client that waits that long may send a whole `limit`,
 * and is not refused again one request later.
 *
 * A quota bucket (the daily creates, the per-user limits) is a sliding window: at most
 * `limit` in any `window`, a request counting until it is `window` old.
 */
export class Counters {
  private readonly levels = new Map<string, { level: number; at: number; readonly bucket: Bucket }>()
  private readonly logs = new Map<string, { readonly times: number[]; readonly bucket: Bucket }>()
  /** Calls to take since the last sweep of whole buckets: keys come and go (a token per test, a guild per call). */
  private takes = 0

  /** Tokens of a rate bucket at `now` (a bucket never used is full). A clock moved back refills nothing. */
  private level(bucket: Bucket, id: string, now: number): { level: number; at: number; readonly bucket: Bucket } {
    const s = this.levels.get(id)
    if (s === undefined) return { level: bucket.limit, at: now, bucket }
    s.level = Math.min(bucket.limit, s.level + (Math.max(0, now - s.at) * bucket.limit) / bucket.window)
    s.at = Math.max(s.at, now)
    return s
  }

  /** The admitted requests of a quota's window ending at `now`, oldest first; a clock moved back frees nothing. */
  private log(bucket: Bucket, id: string, now: number): number[] {
    const log = this.logs.get(id)?.times ?? []
    let old = 0
    while (old < log.length && now - (log[old] as number) >= bucket.window) old++
    if (old > 0) log.splice(0, old)
    return log
  }

  /** Forgets the buckets that are whole again at `now`: they answer the same as never used. */
  private sweep(now: number): void {
    for (const [id, s] of this.levels) if (s.level + (Math.max(0, now - s.at) * s.bucket.limit) / s.bucket.window >= s.bucket.limit) this.levels.delete(id)
    for (const [id, l] of this.logs) if (l.times.length === 0 || now - (l.times[l.times.length - 1] as number) >= l.bucket.window) this.logs.delete(id)
  }

  /** How many keys are kept (for the tests of the sweep). */
  get size(): number {
    return this.levels.size + this.logs.size
  }

  /**
   * How `bucket` stands for `key` at `now`, for `n` more requests, without counting
   * them. `resetAfter`: admitted, until the bucket is whole again (a rate bucket full,
   * a quota's window empty); refused, for a rate bucket the same, for a quota until
   * the `n` requests would pass (a whole window when `n` is over the limit: never).
   */
  peek(bucket: Bucket, key: LimitKey, now: number, n = 1): Verdict {
    return this.stand(bucket, keyId(bucket, key), now, n)
  }

  private stand(bucket: Bucket, id: string, now: number, n: number): Verdict {
    let allowed: boolean
    let remaining: number
    let wait: number
    if (bucket.kind === 'quota') {
      const log = this.log(bucket, id, now)
      allowed = log.length + n <= bucket.limit
      remaining = Math.max(0, bucket.limit - log.length)
      wait =
        n > bucket.limit || log.length === 0
          ? bucket.window
          : allowed
            ? (log[log.length - 1] as number) + bucket.window - now
            : (log[log.length + n - bucket.limit - 1] as number) + bucket.window - now
    } else {
      const { level } = this.level(bucket, id, now)
      allowed = level + EPSILON >= n
      remaining = Math.floor(level + EPSILON)
      wait = n > bucket.limit ? bucket.window : ((bucket.limit - level) * bucket.window) / bucket.limit
    }
    return { bucket, allowed, remaining, resetAfter: wait, resetAt: now + wait }
  }

  /** Counts `n` requests of `key` at `now` if the bucket admits them all; a refusal counts none. */
  take(bucket: Bucket, key: LimitKey, now: number, n = 1): Verdict {
    if (++this.takes >= SWEEP_EVERY) {
      this.takes = 0
      this.sweep(now)
    }
    const id = keyId(bucket, key)
    const before = this.stand(bucket, id, now, n)
    if (!before.allowed) return before
    if (bucket.kind === 'quota') {
      const log = this.log(bucket, id, now)
      for (let i = 0; i < n; i++) log.push(now)
      this.logs.set(id, { times: log, bucket })
    } else {
      const state = this.level(bucket, id, now)
      state.level -= n
      this.levels.set(id, state)
    }
    return this.stand(bucket, id, now, 0)
  }

  clear(): void {
    this.levels.clear()
    this.logs.clear()
  }
}
