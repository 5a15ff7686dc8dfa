/**
 * Rate limits ("Limits"): counters over fixed windows of a controllable clock.
 * The spec gives the numbers but not the algorithm, the headers or the retry
 * timing ("Rate limit response headers and retry timing: not shown"); the headers
 * are those of the public API v10 (`X-RateLimit-*`, `Retry-After`).
 */

/** Rate limits the emulator applies; each can be turned off with `false`. */
export interface RateLimitOptions {
  /** Requests per second per application across all endpoints ("Limits": 50, raisable to 1200). */
  readonly global?: number | false
  /** The lobby route limits ("Limits"): create, delete and get 500 per 10 s each; add and remove member 5000 per 10 s each. */
  readonly lobbies?: boolean
  /** Command creates per day in one scope ("Limits": 200 per day, per guild; the global scope is counted the same way). */
  readonly dailyCreates?: number | false
}

/** One named limit: `limit` requests per `window` milliseconds. */
export interface Bucket {
  readonly name: string
  readonly limit: number
  readonly window: number
}

export const DAY = 86_400_000

/** The lobby route buckets of "Limits", by route. */
export const LOBBY_BUCKETS: Readonly<Record<string, Bucket>> = {
  'lobby.create': { name: 'lobby.create', limit: 500, window: 10_000 },
  'lobby.delete': { name: 'lobby.delete', limit: 500, window: 10_000 },
  'lobby.get': { name: 'lobby.get', limit: 500, window: 10_000 },
  'lobby.member.put': { name: 'lobby.member.put', limit: 5000, window: 10_000 },
  'lobby.member.delete': { name: 'lobby.member.delete', limit: 5000, window: 10_000 },
}

/** How a bucket stands after counting one request. */
export interface Verdict {
  readonly bucket: Bucket
  readonly allowed: boolean
  readonly remaining: number
  /** Milliseconds until the window resets. */
  readonly resetAfter: number
  /** Epoch milliseconds of the reset. */
  readonly resetAt: number
}

/** Fixed-window counters, one per (bucket, key). */
export class Counters {
  private readonly windows = new Map<string, { start: number; count: number }>()

  /** Counts a request of `key` against `bucket` at `now` (refused requests are not counted). */
  take(bucket: Bucket, key: string, now: number): Verdict {
    const id = `${bucket.name}\u0000${key}`
    let w = this.windows.get(id)
    if (w === undefined || now - w.start >= bucket.window || now < w.start) {
      w = { start: now, count: 0 }
      this.windows.set(id, w)
    }
    const resetAt = w.start + bucket.window
    const allowed = w.count < bucket.limit
    if (allowed) w.count++
    return { bucket, allowed, remaining: bucket.limit - w.count, resetAfter: resetAt - now, resetAt }
  }

  /** Whether `key` still has `n` requests left in `bucket` at `now`, without counting any. */
  left(bucket: Bucket, key: string, now: number): number {
    const w = this.windows.get(`${bucket.name}\u0000${key}`)
    return w === undefined || now - w.start >= bucket.window || now < w.start ? bucket.limit : bucket.limit - w.count
  }

  /** Counts `n` requests at once (daily creates of a bulk overwrite). */
  add(bucket: Bucket, key: string, now: number, n: number): void {
    for (let i = 0; i < n; i++) this.take(bucket, key, now)
  }

  clear(): void {
    this.windows.clear()
  }
}

/** Public API v10 rate-limit headers of an allowed request (not shown in the spec). */
export function rateLimitHeaders(v: Verdict): Record<string, string> {
  return {
    'x-ratelimit-limit': String(v.bucket.limit),
    'x-ratelimit-remaining': String(v.remaining),
    'x-ratelimit-reset': (v.resetAt / 1000).toFixed(3),
    'x-ratelimit-reset-after': (v.resetAfter / 1000).toFixed(3),
    'x-ratelimit-bucket': v.bucket.name,
  }
}
