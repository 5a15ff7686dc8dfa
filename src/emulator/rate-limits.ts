/**
 * The service's rate-limit policy ("Limits"): which bucket each request spends,
 * with the spec's numbers (`RATE_LIMITS`, named once), and what a refusal looks
 * like. The counting itself is generic (buckets.ts); each route says which rule
 * it follows in its row of the route table (endpoints.ts, `RateRule`).
 *
 * The spec shows neither the algorithm, the headers nor the retry timing ("Rate
 * limit response headers and retry timing: not shown"), so those are the public
 * API v10's:
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
 * daily creates and the per-user limits are sliding windows (buckets.ts). A request
 * refused with 429 is counted nowhere.
 */
import { GLOBAL_RATE_LIMIT, GLOBAL_WINDOW_MS } from '../internal.js'
import { Counters, type Bucket, type LimitKey, type Rate, type Verdict } from './buckets.js'
import { ErrorCode, fail } from './errors.js'
import type { EmulatorReply } from './http.js'

const DAY = 86_400_000

/**
 * "Limits": the service's rate numbers, each named once, in milliseconds. The
 * global limit, which the REST client keeps too, is read from its home in the core
 * (src/wire/rate-limits.ts); the others only the service counts.
 */
export const RATE_LIMITS = {
  /** "Global rate limit: 50 per second across all endpoints for one application; can be raised to 1200 per second". */
  GLOBAL: { limit: GLOBAL_RATE_LIMIT, window: GLOBAL_WINDOW_MS },
  /** "Lobby create, delete, retrieve APIs: each 500 per 10 seconds per application". */
  LOBBY_CREATE: { limit: 500, window: 10_000 },
  LOBBY_DELETE: { limit: 500, window: 10_000 },
  LOBBY_GET: { limit: 500, window: 10_000 },
  /** "Lobby add member, remove member APIs: each 5000 per 10 seconds per application". */
  LOBBY_MEMBER_ADD: { limit: 5000, window: 10_000 },
  LOBBY_MEMBER_REMOVE: { limit: 5000, window: 10_000 },
  /** "Sending a message API: 3000 per 2 hours per user". */
  LOBBY_MESSAGE_PER_USER: { limit: 3000, window: 2 * 3_600_000 },
  /** "Creating or joining a lobby API: 10 per 60 seconds per user" (the client's create-or-join). */
  LOBBY_CREATE_OR_JOIN_PER_USER: { limit: 10, window: 60_000 },
  /** "Limits" (and "Command endpoints" 3): 200 command creates per day, per guild; the global scope counted the same way. */
  DAILY_COMMAND_CREATES: { limit: 200, window: DAY },
} as const satisfies Readonly<Record<string, Rate>>

/**
 * How a route spends the limits, beside the global one (a row of the route table
 * says which):
 * - `route`: a bucket of its own per route, per application, guild and lobby of the
 *   path, with the `routes` option's numbers (the spec gives no number);
 * - `token`: an interaction endpoint: no bucket, and outside the global limit;
 * - `{ app }`: a number of the spec, per application (the lobby routes);
 * - `{ user, bucket }`: a number of the spec per user of the credential, named
 *   `bucket` (the same name: one bucket across routes).
 */
export type RateRule = 'route' | 'token' | { readonly app: Rate } | { readonly user: Rate; readonly bucket: string }

/** Rate limits the emulator applies; each can be turned off with `false`. */
export interface RateLimitOptions {
  /** Requests per second per application across all endpoints ("Limits": 50, raisable to 1200). */
  readonly global?: number | false | undefined
  /** The lobby route limits ("Limits"): create, delete and get 500 per 10 s each; add and remove member 5000 per 10 s each. */
  readonly lobbies?: boolean | undefined
  /** Command creates per day in one scope ("Limits": 200 per day, per guild; the global scope is counted the same way). */
  readonly dailyCreates?: number | false | undefined
  /**
   * The bucket of each route the spec gives no number for (command, permission and
   * other lobby routes): `limit` requests per `window` milliseconds, per application,
   * guild and lobby. By default the global limit's numbers (50 per 1000 ms, or the
   * `global` given), so it never refuses what the global limit admits; `false` for
   * none. A shorter window makes a rate-limit test faster.
   */
  readonly routes?: { readonly limit: number; readonly window: number } | false | undefined
  /**
   * The per-user limits ("Limits"): lobby messages 3000 per 2 hours and the client's
   * lobby create-or-join 10 per 60 seconds, per user of the credential. Default `true`.
   */
  readonly users?: boolean | undefined
  /**
   * A bucket per interaction token on the interaction endpoints (callback, original,
   * follow-ups): `limit` per `window` ms. The public API keys them on the token but
   * publishes no number, nor does the spec: off (`false`) by default.
   */
  readonly webhooks?: { readonly limit: number; readonly window: number } | false | undefined
}

/** Public API v10: interaction endpoints are not bound to the global rate limit. */
export const exemptFromGlobal = (pattern: string | undefined): boolean => pattern !== undefined && (pattern.startsWith('interactions/') || pattern.startsWith('webhooks/'))

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

/** What a limited request is: its route, its rule, and whose counts it goes to. */
export interface LimitedRequest {
  readonly method: string
  /** The route template (`applications/:app/guilds/:guild/commands`); `undefined` for a path no route matches. */
  readonly pattern: string | undefined
  /** The route's rule (`route` for a path no route matches). */
  readonly rule: RateRule
  /** An application id, or `anonymous`. */
  readonly owner: string
  /** The ids of the path: `app`, `guild` and `lobby` are its top-level resources. */
  readonly ids: Readonly<Record<string, string | undefined>>
  /** The user the credential acts for, when known: what a per-user rule counts. */
  readonly user?: string | undefined
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
  private readonly routes: Rate | undefined
  private readonly users: boolean
  private readonly webhooks: Rate | undefined

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
    for (const name of ['routes', 'webhooks'] as const) {
      const rate = options[name]
      if (rate === undefined || rate === false) continue
      positive(`${name}.limit`, rate.limit)
      positive(`${name}.window`, rate.window)
    }
    this.webhooks = options.webhooks === false ? undefined : options.webhooks
    const perSecond = options.global ?? RATE_LIMITS.GLOBAL.limit
    this.global = perSecond === false ? undefined : { id: 'global', limit: perSecond, window: RATE_LIMITS.GLOBAL.window }
    const daily = options.dailyCreates ?? RATE_LIMITS.DAILY_COMMAND_CREATES.limit
    this.daily = daily === false ? undefined : daily
    this.lobbies = options.lobbies ?? true
    const routes = options.routes ?? (this.global === undefined ? false : { limit: this.global.limit, window: this.global.window })
    this.routes = routes === false ? undefined : routes
    this.users = options.users ?? true
  }

  /** The bucket a request spends and the key it counts under; none when its route has no limit (or it is turned off). */
  private bucketOf(req: LimitedRequest): { bucket: Bucket; key: LimitKey } | undefined {
    const rule = req.rule
    // Named by the route, counted per token (the token is a key, never a bucket's name).
    if (rule === 'token')
      return this.webhooks === undefined ? undefined : { bucket: { id: `${req.method} /${req.pattern}`, ...this.webhooks }, key: { owner: req.owner, major: `${req.ids.token}` } }
    // Counted per user across applications; without a user (no credential), by the route's rule below.
    if (typeof rule === 'object' && 'user' in rule && this.users && req.user !== undefined)
      return { bucket: { id: rule.bucket, ...rule.user, kind: 'quota' }, key: { owner: '', user: req.user } }
    // A method no route has is whatever a caller sent: named only when it is a plain HTTP token.
    const method = req.pattern !== undefined || /^[A-Z]{1,16}$/.test(req.method) ? req.method : 'OTHER'
    const id = `${method} /${req.pattern ?? '*'}`
    // "Limits": the lobby numbers are per application.
    if (typeof rule === 'object' && 'app' in rule && this.lobbies) return { bucket: { id, ...rule.app }, key: { owner: req.owner } }
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
    const route = this.bucketOf(req)
    const global = this.global === undefined || req.rule === 'token' || exemptFromGlobal(req.pattern) ? undefined : this.global
    const seen = route === undefined ? undefined : this.counters.peek(route.bucket, route.key, now)
    if (seen !== undefined && !seen.allowed) return { refused: tooMany(seen, 'user', seen) }
    if (global !== undefined) {
      const g = this.counters.peek(global, { owner: req.owner }, now)
      // The route's headers as they stand: the global limit is never shown as a bucket.
      if (!g.allowed) return { refused: tooMany(g, 'global', seen) }
      this.counters.take(global, { owner: req.owner }, now)
    }
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
    const bucket: Bucket = { id, limit: this.daily, window: RATE_LIMITS.DAILY_COMMAND_CREATES.window, kind: 'quota' }
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
