/**
 * `slashkit/redis`: a `RateLimitStore` in Redis, so that the processes of one
 * application (workers behind a load balancer, which is how bots that receive
 * interactions over HTTP scale) keep one global limit ("Limits": 50 requests per
 * second per application across all endpoints), one count per bucket, and one
 * count of invalid answers for the address they send from. Each
 * operation is one Lua script, atomic in Redis, timed by Redis's own clock so
 * that the processes' clocks need not agree.
 *
 * It takes an `ioredis` client (`script`, `evalsha`; the optional peer
 * dependency) or one of the `redis` package, node-redis (`scriptLoad`,
 * `evalSha`); nothing is imported from either here, so this entry loads no Node
 * module of its own.
 *
 * @packageDocumentation
 */
import { FREE, IN_FLIGHT_POLL, RESET_MARGIN, type Awaitable, type BucketState, type InvalidCount, type RateLimitStore, type Taken, type TakeRequest, type Wait } from './store.js'

/** The part of an `ioredis` client the store uses (an `ioredis` `Redis` or `Cluster` fits). */
export interface IoRedisLike {
  script(subcommand: 'LOAD', source: string): Promise<unknown>
  evalsha(sha: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>
}

/** The part of a node-redis client (`createClient()` of the `redis` package; the tests run on 5 and 6) the store uses. */
export interface NodeRedisLike {
  scriptLoad(source: string): Promise<unknown>
  evalSha(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
}

/** A Redis client the store takes: `ioredis`'s or node-redis's. */
export type RedisLike = IoRedisLike | NodeRedisLike

/** Options of `createRedisStore`. */
export interface RedisStoreOptions {
  /** Put before every key the store writes. Default `slashkit:rl:`. */
  readonly prefix?: string | undefined
}

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`

/** How long a place of the global window stays taken for a request whose answer never comes (its process died). */
const IN_FLIGHT_MAX = 60_000

/**
 * KEYS: the global window (a sorted set of the requests' answer times; in flight,
 * the time they are given up), the bucket (a hash).
 * ARGV: limit, window, margin, whether the global window applies, whether the
 * bucket does, the in-flight poll, the in-flight maximum.
 * Returns { wait, 1 if the global limit holds it } or { 0, 0, ticket }.
 */
const TAKE = `${NOW}
local g, b = KEYS[1], KEYS[2]
local limit, window, margin = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local poll, inflight = tonumber(ARGV[6]), tonumber(ARGV[7])
local gwait, bwait, counted = 0, 0, false
if ARGV[4] == '1' then
  local hold = redis.call('PTTL', g .. ':hold')
  if hold > 0 then gwait = hold end
  redis.call('ZREMRANGEBYSCORE', g, '-inf', now - window)
  if redis.call('ZCARD', g) >= limit then
    local oldest = tonumber(redis.call('ZRANGE', g, 0, 0, 'WITHSCORES')[2])
    if oldest > now then gwait = math.max(gwait, poll) else gwait = math.max(gwait, oldest + window - now) end
  end
end
if ARGV[5] == '1' then
  local hold = redis.call('PTTL', b .. ':hold')
  if hold > 0 then bwait = hold end
  local s = redis.call('HMGET', b, 'limit', 'remaining', 'resetAt', 'window')
  if s[1] then
    local rem, rat = tonumber(s[2]), tonumber(s[3])
    if now >= rat then
      rem = tonumber(s[1])
      rat = now + tonumber(s[4]) + margin
      redis.call('HSET', b, 'remaining', rem, 'resetAt', rat)
    end
    if rem <= 0 then bwait = math.max(bwait, rat - now) end
    counted = true
  end
end
if gwait > 0 or bwait > 0 then
  if gwait >= bwait then return { math.ceil(gwait), 1 } end
  return { math.ceil(bwait), 0 }
end
local ticket = ''
if ARGV[4] == '1' then
  ticket = tostring(redis.call('INCR', g .. ':n'))
  redis.call('ZADD', g, now + inflight, ticket)
  redis.call('PEXPIRE', g, window * 2 + inflight)
  redis.call('PEXPIRE', g .. ':n', window * 2 + inflight)
end
if counted then redis.call('HINCRBY', b, 'remaining', -1) end
return { 0, 0, ticket }
`

/** KEYS: the global window. ARGV: the ticket. Its place counts from now. */
const DONE = `${NOW}
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1]) end
return 0
`

/** KEYS: the bucket. ARGV: limit, remaining, reset-after (ms). */
const LEARN = `${NOW}
local b = KEYS[1]
local limit, remaining, after = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local s = redis.call('HMGET', b, 'remaining', 'resetAt', 'window')
if not s[2] or now >= tonumber(s[2]) then
  redis.call('HSET', b, 'limit', limit, 'remaining', remaining, 'resetAt', now + after, 'window', after)
else
  redis.call('HSET', b, 'limit', limit, 'remaining', math.min(tonumber(s[1]), remaining), 'resetAt', now + after, 'window', math.max(tonumber(s[3]), after))
end
redis.call('PEXPIRE', b, math.ceil(after) + 60000)
return 0
`

/** KEYS: the key to hold. ARGV: milliseconds. */
const BLOCK = `${NOW}
local k, ms = KEYS[1], math.ceil(tonumber(ARGV[1]))
if ms <= 0 then return 0 end
if redis.call('PTTL', k .. ':hold') < ms then redis.call('SET', k .. ':hold', '1', 'PX', ms) end
-- A bucket (a hash) is spent until then too; the global window (a sorted set) has only its hold.
local rat = redis.call('TYPE', k).ok == 'hash' and redis.call('HGET', k, 'resetAt')
if rat then redis.call('HSET', k, 'remaining', 0, 'resetAt', math.max(tonumber(rat), now + ms)) end
return 0
`

/**
 * KEYS: the invalid answers (a sorted set of their times). ARGV: limit, window.
 * Counts one now; returns { the count in the window, the ms until it falls below the limit (0 below it) }.
 */
const INVALID = `${NOW}
local k = KEYS[1]
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', k, '-inf', now - window)
redis.call('ZADD', k, now, tostring(redis.call('INCR', k .. ':n')))
redis.call('PEXPIRE', k, window)
redis.call('PEXPIRE', k .. ':n', window)
local count = redis.call('ZCARD', k)
if count < limit then return { count, 0 } end
local at = tonumber(redis.call('ZRANGE', k, count - limit, count - limit, 'WITHSCORES')[2])
return { count, math.max(0, math.ceil(at + window - now)) }
`

/** The two commands the store sends, on either client; anything else is refused with what was expected. */
function commandsOf(redis: RedisLike): {
  load(source: string): Promise<unknown>
  run(sha: string, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown>
} {
  const r = redis as Partial<IoRedisLike & NodeRedisLike> | null
  if (typeof r?.evalsha === 'function' && typeof r.script === 'function') {
    const io = r as IoRedisLike
    return { load: (source) => io.script('LOAD', source), run: (sha, keys, args) => io.evalsha(sha, keys.length, ...keys, ...args) }
  }
  if (typeof r?.evalSha === 'function' && typeof r.scriptLoad === 'function') {
    const node = r as NodeRedisLike
    return { load: (source) => node.scriptLoad(source), run: (sha, keys, args) => node.evalSha(sha, { keys: [...keys], arguments: args.map(String) }) }
  }
  // As the core's argument errors say it (rules/arguments.ts), without loading the core into this entry.
  const was = redis === null || redis === undefined ? String(redis) : typeof redis === 'object' ? 'an object' : `a ${typeof redis}`
  throw new TypeError(`createRedisStore: redis must be a client of ioredis (script, evalsha) or of the redis package (scriptLoad, evalSha) (was ${was})`)
}

/**
 * A rate-limit store shared through Redis: pass the same one (or one on the same
 * server) to the client of every process of the application.
 *
 * @example
 * import { Redis } from 'ioredis'
 * import { createRedisStore } from 'slashkit/redis'
 * import { createClient } from 'slashkit/rest'
 *
 * const store = createRedisStore(new Redis(process.env.REDIS_URL!))
 * const rest = createClient({ token: process.env.BOT_TOKEN!, applicationId: '123456789012345678', rateLimitStore: store })
 */
export function createRedisStore(redis: RedisLike, options: RedisStoreOptions = {}): RateLimitStore {
  // A misspelt `prefx` shared the default keys with every other application on the server, in silence. Written
  // here, not with the core's `assertFields`: this entry imports nothing beyond the store's own module.
  for (const [key, v] of Object.entries(options ?? {}))
    if (v !== undefined && key !== 'prefix') throw new TypeError(`createRedisStore: options.${key} is not a field of options (its fields: prefix)`)
  const prefix = options.prefix ?? 'slashkit:rl:'
  const client = commandsOf(redis)
  const shas = new Map<string, Promise<string>>()
  const load = (source: string): Promise<string> => {
    let sha = shas.get(source)
    if (sha === undefined) {
      sha = client.load(source).then(String)
      // A failed load is tried again next time.
      sha.catch(() => shas.delete(source))
      shas.set(source, sha)
    }
    return sha
  }
  const run = async (source: string, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> => {
    try {
      return await client.run(await load(source), keys, args)
    } catch (error) {
      // The server forgot its scripts (a restart, SCRIPT FLUSH): load again, once.
      if (!/NOSCRIPT/.test(String((error as { message?: unknown }).message))) throw error
      shas.delete(source)
      return client.run(await load(source), keys, args)
    }
  }
  const takeShared = async (request: TakeRequest): Promise<Taken | Wait> => {
    const g = request.global
    const keys = [`${prefix}${g?.key ?? '-'}`, `${prefix}${request.bucket ?? '-'}`]
    const args = [g?.limit ?? 0, g?.window ?? 0, RESET_MARGIN, g === undefined ? 0 : 1, request.bucket === undefined ? 0 : 1, IN_FLIGHT_POLL, IN_FLIGHT_MAX]
    const answer = (await run(TAKE, keys, args)) as [number, number, string?]
    const wait = Array.isArray(answer) ? Number(answer[0]) : Number.NaN
    // Not the script's answer (a proxy, a mocked or broken server): the store failed, the request is not sent.
    if (!(wait >= 0))
      throw new TypeError(`redis answered the take script with ${Array.isArray(answer) ? `a wait of ${String(answer[0]).slice(0, 40)}` : typeof answer}, not a wait in ms`)
    if (wait > 0) return { wait, global: Number(answer[1]) === 1 }
    return { wait: 0, ticket: answer[2] === undefined || answer[2] === '' ? undefined : String(answer[2]) }
  }
  return {
    name: 'redis',
    take(request: TakeRequest): Awaitable<Taken | Wait> {
      // Nothing shared to count (an interaction webhook before its bucket is known): no round trip.
      if (request.global === undefined && request.bucket === undefined) return FREE
      return takeShared(request)
    },
    async done(key: string, ticket: string | number): Promise<void> {
      await run(DONE, [`${prefix}${key}`], [ticket])
    },
    async learn(bucket: string, state: BucketState): Promise<void> {
      await run(LEARN, [`${prefix}${bucket}`], [state.limit, state.remaining, state.resetAfter])
    },
    async block(key: string, ms: number): Promise<void> {
      await run(BLOCK, [`${prefix}${key}`], [ms])
    },
    async invalid(key: string, limit: number, window: number): Promise<InvalidCount> {
      const answer = (await run(INVALID, [`${prefix}${key}`], [limit, window])) as [number, number]
      return { count: Number(answer?.[0]), wait: Number(answer?.[1]) }
    },
  }
}

export type { BucketState, InvalidCount, RateLimitStore, Taken, TakeRequest, Wait } from './store.js'
