/**
 * Rate limits ("Limits"): the numbers are the spec's; the spec shows neither the
 * algorithm, the headers nor the retry timing ("Rate limit response headers and
 * retry timing: not shown"), so those are the public API v10's:
 *
 * - Per-route buckets: a route is its method and template ("Per-route rate limits
 *   ... may include the HTTP method"), counted per top-level resource (here the
 *   application, the guild and the lobby of the path), and named in
 *   `X-RateLimit-Bucket` without those ids.
 * - A global limit per application across all routes, reported only on the 429 it
 *   causes (`X-RateLimit-Global: true`, `X-RateLimit-Scope: global`), never as a
 *   route's bucket; interaction endpoints are not bound to it.
 * - `X-RateLimit-Limit`, `-Remaining`, `-Reset` (epoch seconds), `-Reset-After`
 *   (seconds) and `-Bucket` on the answers of a limited route, 429s included;
 *   `Retry-After` (whole seconds, rounded up) and `X-RateLimit-Scope` (`user`,
 *   `global` or `shared`) on 429s only.
 *
 * Rate buckets are token buckets whose 429s wait until the bucket is whole again; the
 * daily creates and the per-user limits are sliding windows (see Counters). A
 * request refused with 429 is counted nowhere.
 */
import { ErrorCode, fail } from './errors.js'
import type { EmulatorReply } from './http.js'

/** Rate limits the emulator applies; each can be turned off with `false`. */
export interface RateLimitOptions {
  /** Requests per second per application across all endpoints ("Limits": 50, raisable to 1200). */
  readonly global?: number | false
  /** The lobby route limits ("Limits"): create, delete and get 500 per 10 s each; add and remove member 5000 per 10 s each. */
  readonly lobbies?: boolean
  /** Command creates per day in one scope ("Limits": 200 per day, per guild; the global scope is counted the same way). */
  readonly dailyCreates?: number | false
  /**
   * The bucket of each route the spec gives no number for (command, permission and
   * other lobby routes): `limit` requests per `window` milliseconds, per application,
   * guild and lobby. By default the global limit's numbers (50 per 1000 ms, or the
   * `global` given), so it never refuses what the global limit admits; `false` for
   * none. A shorter window makes a rate-limit test faster.
   */
  readonly routes?: { readonly limit: number; readonly window: number } | false
  /**
   * The per-user limits ("Limits"): lobby messages 3000 per 2 hours and lobby
   * creates and joins 10 per 60 seconds, per user of the credential. Default `true`.
   */
  readonly users?: boolean
}

/**
 * One limit of `limit` requests per `window` milliseconds; `id` is what
 * `X-RateLimit-Bucket` says. A `rate` (the default) refills continuously; a `quota`
 * counts each request for a whole window (see Counters).
 */
export interface Bucket {
  readonly id: string
  readonly limit: number
  readonly window: number
  readonly kind?: 'rate' | 'quota'
}

/**
 * Whose count a request goes to: the requester (an application id, or `anonymous`
 * for a request without a known credential: one loopback address), the route's
 * top-level resources, and a user for per-user limits ("Limits": messages and lobby
 * joins per user).
 */
export interface LimitKey {
  readonly owner: string
  readonly major?: string
  readonly user?: string
}

export const DAY = 86_400_000

/** "Limits": the lobby routes with their own numbers, per application, by route action. */
export const LOBBY_LIMITS: Readonly<Record<string, { readonly limit: number; readonly window: number }>> = {
  'lobby.create': { limit: 500, window: 10_000 },
  'lobby.delete': { limit: 500, window: 10_000 },
  'lobby.get': { limit: 500, window: 10_000 },
  'lobby.member.put': { limit: 5000, window: 10_000 },
  'lobby.member.delete': { limit: 5000, window: 10_000 },
}

/**
 * "Limits": the limits per user, by route action ("Sending a message API: 3000 per
 * 2 hours per user"; "Creating or joining a lobby API: 10 per 60 seconds per
 * user": POST /lobbies and PUT /lobbies spend one bucket). The user is the one the
 * credential acts for: a Bearer token's user, or the application for a bot token.
 * Such a route's answers show this bucket; the spec's number takes the place of
 * the `routes` default, and POST /lobbies keeps its per-application 500 per 10 s too.
 */
export const USER_LIMITS: Readonly<Record<string, Bucket>> = {
  'lobby.messages.send': { id: 'per-user POST /lobbies/:lobby/messages', limit: 3000, window: 7_200_000, kind: 'quota' },
  'lobby.create': { id: 'per-user /lobbies create-or-join', limit: 10, window: 60_000, kind: 'quota' },
  'lobby.join': { id: 'per-user /lobbies create-or-join', limit: 10, window: 60_000, kind: 'quota' },
}

/** Public API v10: interaction endpoints are not bound to the global rate limit. */
export const exemptFromGlobal = (pattern: string | undefined): boolean => pattern !== undefined && (pattern.startsWith('interactions/') || pattern.startsWith('webhooks/'))

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

/** `X-RateLimit-*` headers of a bucket (public API v10): present on every answer of a limited route. */
export function bucketHeaders(v: Verdict): Record<string, string> {
  return {
    'x-ratelimit-limit': String(v.bucket.limit),
    'x-ratelimit-remaining': String(v.remaining),
    'x-ratelimit-reset': (v.resetAt / 1000).toFixed(3),
    'x-ratelimit-reset-after': (Math.max(0, v.resetAfter) / 1000).toFixed(3),
    'x-ratelimit-bucket': v.bucket.id,
  }
}

/** What a limited request is: its route, and whose counts it goes to. */
export interface LimitedRequest {
  readonly method: string
  /** The route template (`applications/:app/guilds/:guild/commands`); `undefined` for a path no route matches. */
  readonly pattern: string | undefined
  /** The route's action (`lobby.create`), when one matched. */
  readonly action: string | undefined
  /** An application id, or `anonymous`. */
  readonly owner: string
  /** The ids of the path: `app`, `guild` and `lobby` are its top-level resources. */
  readonly ids: Readonly<Record<string, string | undefined>>
  /** The user the credential acts for, when known: what the per-user limits count (USER_LIMITS). */
  readonly user?: string
}

/** A request let through, with the headers of its route's bucket (none when the route has no limit), or a 429. */
export type Admission = { readonly headers: Record<string, string> } | { readonly refused: EmulatorReply }

/** 429 scopes of the public API v10: `user` per bot, `global` the global limit, `shared` per resource. */
export type LimitScope = 'user' | 'global' | 'shared'

/**
 * A 429 (public API v10 body and headers): `retry_after` (seconds) and `global` in
 * the body; `Retry-After`, `X-RateLimit-Scope` and, for the global limit,
 * `X-RateLimit-Global` in the headers, beside the headers of the bucket given.
 */
export function tooMany(wait: Verdict, scope: LimitScope, bucket: Verdict | undefined, code: number = ErrorCode.General, message = 'You are being rate limited.'): EmulatorReply {
  const seconds = Math.max(0, wait.resetAfter) / 1000
  const headers: Record<string, string> = { ...(bucket === undefined ? {} : bucketHeaders(bucket)), 'retry-after': String(Math.ceil(seconds)), 'x-ratelimit-scope': scope }
  if (scope === 'global') headers['x-ratelimit-global'] = 'true'
  return fail(429, code, message, { retry_after: Number(seconds.toFixed(3)), global: scope === 'global' }, headers)
}

/** The emulator's rate limits ("Limits"), on its clock. */
export class RateLimiter {
  private readonly counters = new Counters()
  private readonly global: Bucket | undefined
  private readonly daily: number | undefined
  private readonly lobbies: boolean
  private readonly routes: { readonly limit: number; readonly window: number } | undefined
  private readonly users: boolean

  constructor(
    options: RateLimitOptions,
    private readonly now: () => number,
  ) {
    const positive = (name: string, v: unknown): void => {
      if (v !== undefined && v !== false && (typeof v !== 'number' || !Number.isFinite(v) || v <= 0))
        throw new RangeError(`createEmulator: rateLimits.${name} must be a positive number or false (was ${String(v)})`)
    }
    positive('global', options.global)
    positive('dailyCreates', options.dailyCreates)
    if (options.routes !== undefined && options.routes !== false) {
      positive('routes.limit', options.routes.limit)
      positive('routes.window', options.routes.window)
    }
    const perSecond = options.global ?? 50
    this.global = perSecond === false ? undefined : { id: 'global', limit: perSecond, window: 1000 }
    const daily = options.dailyCreates ?? 200
    this.daily = daily === false ? undefined : daily
    this.lobbies = options.lobbies ?? true
    const routes = options.routes ?? (this.global === undefined ? false : { limit: this.global.limit, window: this.global.window })
    this.routes = routes === false ? undefined : routes
    this.users = options.users ?? true
  }

  /** The per-user bucket of a request (USER_LIMITS), counted per user across applications. */
  private userBucket(req: LimitedRequest): { bucket: Bucket; key: LimitKey } | undefined {
    if (!this.users || req.user === undefined || req.action === undefined || !Object.hasOwn(USER_LIMITS, req.action)) return undefined
    return { bucket: USER_LIMITS[req.action] as Bucket, key: { owner: '', user: req.user } }
  }

  /** The bucket of a route and the key it counts under; none when the route has no limit. */
  private routeBucket(req: LimitedRequest): { bucket: Bucket; key: LimitKey } | undefined {
    // A method no route has is whatever a caller sent: named only when it is a plain HTTP token.
    const method = req.pattern !== undefined || /^[A-Z]{1,16}$/.test(req.method) ? req.method : 'OTHER'
    const id = `${method} /${req.pattern ?? '*'}`
    const own = this.lobbies && req.action !== undefined && Object.hasOwn(LOBBY_LIMITS, req.action) ? LOBBY_LIMITS[req.action] : undefined
    // "Limits": the lobby numbers are per application.
    if (own !== undefined) return { bucket: { id, ...own }, key: { owner: req.owner } }
    if (this.routes === undefined) return undefined
    const major = [req.ids.app, req.ids.guild, req.ids.lobby].filter((x) => x !== undefined).join('/')
    return { bucket: { id, ...this.routes }, key: { owner: req.owner, major } }
  }

  /**
   * Counts a request against its route's bucket and the global limit, or refuses it
   * with 429 when either is spent (the route's first: it is the one a client can see
   * coming). Nothing is counted for a refused request.
   */
  admit(req: LimitedRequest): Admission {
    const now = this.now()
    const user = this.userBucket(req)
    // A per-user number of the spec is the route's bucket; POST /lobbies keeps its own per-application one beside it.
    const own = user === undefined || req.action === 'lobby.create' ? this.routeBucket(req) : undefined
    const route = user ?? own
    const global = this.global === undefined || exemptFromGlobal(req.pattern) ? undefined : this.global
    const seen = route === undefined ? undefined : this.counters.peek(route.bucket, route.key, now)
    if (route !== undefined && seen !== undefined && !seen.allowed) return { refused: tooMany(seen, 'user', seen) }
    const beside = user !== undefined && own !== undefined ? this.counters.peek(own.bucket, own.key, now) : undefined
    // Refused by the per-application bucket: its own headers, so the wait it names is the one that holds.
    if (beside !== undefined && !beside.allowed) return { refused: tooMany(beside, 'user', beside) }
    if (global !== undefined) {
      const g = this.counters.peek(global, { owner: req.owner }, now)
      // The route's headers as they stand: the global limit is never shown as a bucket.
      if (!g.allowed) return { refused: tooMany(g, 'global', seen) }
      this.counters.take(global, { owner: req.owner }, now)
    }
    if (beside !== undefined && own !== undefined) this.counters.take(own.bucket, own.key, now)
    return { headers: route === undefined ? {} : bucketHeaders(this.counters.take(route.bucket, route.key, now)) }
  }

  /**
   * "Limits": 200 command creates a day per scope (per guild, and the global scope
   * the same way); a bulk overwrite counts the commands it creates ("Command
   * endpoints" 3). Refused: 429 with code 30034 (public API v10) and the daily
   * bucket's own headers, scope `shared` in a guild (a limit of that guild) and
   * `user` in the global scope (a limit of the application).
   */
  dailyCreates(app: string, guild: string | undefined, n: number): EmulatorReply | undefined {
    if (this.daily === undefined || n === 0) return undefined
    const id = guild === undefined ? 'daily-creates /applications/:app/commands' : 'daily-creates /applications/:app/guilds/:guild/commands'
    const bucket: Bucket = { id, limit: this.daily, window: DAY, kind: 'quota' }
    const key: LimitKey = { owner: app, major: guild ?? '' }
    const v = this.counters.take(bucket, key, this.now(), n)
    if (v.allowed) return undefined
    return tooMany(
      v,
      guild === undefined ? 'user' : 'shared',
      v,
      ErrorCode.MaxDailyCommandCreates,
      `Max number of daily application command creates has been reached (${this.daily})`,
    )
  }

  clear(): void {
    this.counters.clear()
  }
}
