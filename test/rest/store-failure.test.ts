/**
 * What the client does when its rate-limit store goes away (issue 25 item 6),
 * against a real redis-server started here and killed by its pid mid-run
 * (SIGKILL, as a crash): it fails closed. A call whose turn the store cannot give
 * rejects with a `RateLimitStoreError` naming the store, within its timeout (the
 * calls queued behind it with it); its signal takes it out at once; an answer the
 * service gave is returned, the store's failure going to `onStoreError`; and
 * nothing is sent past the limit ("Limits": the global limit; an address drawing
 * thousands of 429s is blocked, which is why the client does not fall back to a
 * count of its own process: docs/rest.md "A failing store").
 */
import { Redis } from 'ioredis'
import { createClient as createNodeRedis } from 'redis'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { createClient, RateLimitStoreError, type FetchLike, type StoreErrorInfo } from '../../src/rest/index.js'
import { createRedisStore } from '../../src/rest/redis.js'
import { APP } from './helpers.js'
import { haveRedis, type RedisServer, startRedis } from './redis-server.js'

const servers: RedisServer[] = []
const connections: Redis[] = []
const closers: (() => unknown)[] = []
afterEach(async () => {
  for (const c of connections.splice(0)) c.disconnect()
  for (const close of closers.splice(0)) close()
  for (const s of servers.splice(0)) await s.stop()
})

async function redisAt(port?: number): Promise<RedisServer> {
  const server = await startRedis(port)
  servers.push(server)
  return server
}

/** An ioredis connection as docs/rest.md makes it (or with `options`); its reconnection noise is not the test's. */
async function connect(port: number, options: { readonly enableOfflineQueue?: boolean } = {}): Promise<Redis> {
  const redis = new Redis(port, '127.0.0.1', options)
  redis.on('error', () => {})
  connections.push(redis)
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve))
  return redis
}

/** A settled call: when (ms since `t0`), and its value or error. */
interface Settled {
  readonly at: number
  readonly ok: boolean
  readonly error?: unknown
}

const settle = (call: Promise<unknown>, t0: number): Promise<Settled> =>
  call.then(
    () => ({ at: performance.now() - t0, ok: true }),
    (error: unknown) => ({ at: performance.now() - t0, ok: false, error }),
  )

describe.skipIf(!haveRedis)('a failing rate-limit store (createRedisStore on redis-server, killed by its pid)', () => {
  it('a store that rejects on an idle route: all 10 calls fail at once with RateLimitStoreError; the route works again with Redis back', async () => {
    const server = await redisAt()
    // Without the offline queue, ioredis rejects every command while disconnected.
    const redis = await connect(server.port, { enableOfflineQueue: false })
    const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
    const failures: StoreErrorInfo[] = []
    const rest = createClient({
      token: 'Bot t',
      applicationId: APP,
      baseUrl: emulator.baseUrl,
      fetch: emulator.fetch,
      timeout: 5000,
      rateLimitStore: createRedisStore(redis),
      hooks: { onStoreError: (info) => void failures.push(info) },
    })
    await server.kill()
    const t0 = performance.now()
    const results = await Promise.all(Array.from({ length: 10 }, () => settle(rest.listCommands(), t0)))
    expect(results.every((r) => !r.ok && r.error instanceof RateLimitStoreError)).toBe(true)
    // Rejected by the store, not timed out: long before the 5 s timeout.
    expect(Math.max(...results.map((r) => r.at))).toBeLessThan(1000)
    expect(results[0]?.error).toMatchObject({ store: 'redis', operation: 'take', timedOut: false, method: 'GET', route: 'GET /applications/:id/commands' })
    // What happened, where, and what to do (a bot author's trial judged this error).
    expect((results[0]?.error as Error | undefined)?.message).toMatch(
      /^GET \/applications\/\d+\/commands was not sent: the rate-limit store "redis" failed on take \(.+\); the call may be retried, and the next one asks the store again$/,
    )
    expect(failures.length).toBeGreaterThanOrEqual(1)
    expect(emulator.requests).toEqual([])

    // Redis back on the same port: the queue was not left stuck, the next calls go.
    await redisAt(server.port)
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve))
    await expect(Promise.all([rest.listCommands(), rest.listCommands()])).resolves.toEqual([[], []])
  }, 20_000)

  it('a store that never answers: the calls fail within their timeout, and a call aborted while it waits rejects within 50 ms', async () => {
    const server = await redisAt()
    // The default connection, as docs/rest.md makes it: while Redis is gone, commands wait in ioredis's queue.
    const redis = await connect(server.port)
    const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch, timeout: 800, rateLimitStore: createRedisStore(redis) })
    await server.kill()

    const t0 = performance.now()
    const calls = Array.from({ length: 10 }, () => settle(rest.listCommands(), t0))
    const results = await Promise.all(calls)
    for (const r of results) {
      expect(r.error).toBeInstanceOf(RateLimitStoreError)
      expect(r.error).toMatchObject({ store: 'redis', operation: 'take', timedOut: true })
      // Each within its timeout of 800 ms (the ones queued behind fail with the head).
      expect(r.at).toBeLessThan(800 + 300)
    }

    // The head of an idle queue (its take asked of the store at once) and a call queued behind it, aborted 300 ms in.
    const slow = createClient({ token: 'Bot t', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch, timeout: 1500, rateLimitStore: createRedisStore(redis) })
    const head = new AbortController()
    const behind = new AbortController()
    const t1 = performance.now()
    const first = settle(
      slow.listCommands({ guildId: '223456789012345678' }).then(() => undefined),
      t1,
    )
    const second = settle(
      slow.listCommands({ guildId: '223456789012345678' }).then(() => undefined),
      t1,
    )
    // The signal is the request's; listCommands takes none, so these go through `request`.
    const path = `/applications/${APP}/guilds/323456789012345678/commands`
    const aborted = [settle(slow.request('GET', path, { signal: head.signal }), t1), settle(slow.request('GET', path, { signal: behind.signal }), t1)]
    setTimeout(() => head.abort(new Error('head gave up')), 300)
    setTimeout(() => behind.abort(new Error('behind gave up')), 300)
    const [a, b] = (await Promise.all(aborted)) as [Settled, Settled]
    expect((a.error as Error).message).toBe('head gave up')
    expect((b.error as Error).message).toBe('behind gave up')
    expect(a.at - 300).toBeLessThan(50)
    expect(b.at - 300).toBeLessThan(50)
    // The calls not aborted wait on the store until their timeout, then fail with it.
    expect(await first).toMatchObject({ error: { name: 'RateLimitStoreError', timedOut: true } })
    expect((await second).error).toBeInstanceOf(RateLimitStoreError)
    expect((await first).at).toBeLessThan(1500 + 300)
    expect(emulator.requests).toEqual([])
  }, 20_000)

  it('Redis killed mid-run, two processes x 60 calls: nothing past the limit, every answer returned, no call pending past its timeout', async () => {
    const LIMIT = 20
    const TIMEOUT = 1000
    const server = await redisAt()
    const emulator = createEmulator({ rateLimits: { global: LIMIT, dailyCreates: false } })
    let answered = 0
    const fetch: FetchLike = async (url, init) => {
      const res = await emulator.fetch(url, init)
      if (res.status === 200) answered++
      return res
    }
    // Two processes of one application: two clients, two connections, one store prefix.
    const clients = await Promise.all(
      [0, 1].map(async () =>
        createClient({
          token: 'Bot t',
          applicationId: APP,
          baseUrl: emulator.baseUrl,
          fetch,
          globalLimit: LIMIT,
          timeout: TIMEOUT,
          rateLimitStore: createRedisStore(await connect(server.port)),
        }),
      ),
    )
    const t0 = performance.now()
    const calls = clients.flatMap((rest) => Array.from({ length: 60 }, () => settle(rest.listCommands(), t0)))
    // 120 calls at 20 a second: the kill comes in the third window.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const killed = performance.now() - t0
    await server.kill()
    const results = await Promise.all(calls)

    const fulfilled = results.filter((r) => r.ok)
    const failed = results.filter((r) => !r.ok)
    expect(fulfilled.length).toBeGreaterThanOrEqual(2 * LIMIT)
    expect(failed.length).toBeGreaterThan(0)
    // Every request the emulator answered is a call that resolved.
    expect(fulfilled).toHaveLength(answered)
    // Nothing past the limit: the service never refused one.
    expect(emulator.requests.filter((r) => r.status === 429)).toEqual([])
    expect(emulator.requests).toHaveLength(answered)
    for (const r of failed) expect(r.error).toMatchObject({ name: 'RateLimitStoreError', store: 'redis' })
    // No call pending past its timeout: each failed within one global window (the wait it sat out) and its timeout of the kill.
    expect(Math.max(...failed.map((r) => r.at))).toBeLessThan(killed + 1000 + TIMEOUT + 500)
  }, 30_000)

  it('the service answered 201 and the store failed after: the lobby is returned at once, the failure goes to onStoreError', async () => {
    const server = await redisAt()
    const redis = await connect(server.port)
    const emulator = createEmulator({ rateLimits: { global: 50, dailyCreates: false } })
    const failures: StoreErrorInfo[] = []
    // The store goes away between the service's answer and the client's reading of it.
    const fetch: FetchLike = async (url, init) => {
      const res = await emulator.fetch(url, init)
      await server.kill()
      return res
    }
    const rest = createClient({
      token: 'Bot t',
      applicationId: APP,
      baseUrl: emulator.baseUrl,
      fetch,
      timeout: 600,
      rateLimitStore: createRedisStore(redis),
      hooks: { onStoreError: (info) => void failures.push(info) },
    })
    const t0 = performance.now()
    const lobby = await rest.createLobby()
    expect(performance.now() - t0).toBeLessThan(500)
    expect(lobby.id).toMatch(/^\d+$/)
    expect(emulator.requests.map((r) => r.status)).toEqual([201])
    // The store's failures (the bucket learned, the global place stamped) come to the hook, within the timeout.
    await expect.poll(() => failures.map((f) => f.operation).sort(), { timeout: 2000 }).toEqual(['done', 'learn'])
    expect(failures[0]).toMatchObject({ store: 'redis', method: 'POST', route: 'POST /lobbies' })
  }, 20_000)

  it('with node-redis (the redis package): Redis killed, the calls fail within their timeout (its offline queue) or at once (disableOfflineQueue); back, they go', async () => {
    const server = await redisAt()
    const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
    const clientOf = async (options: { disableOfflineQueue?: boolean }) => {
      const redis = createNodeRedis({ url: `redis://127.0.0.1:${server.port}`, ...options, socket: { reconnectStrategy: () => 100 } })
      // node-redis emits its connection errors: a client without a listener would throw them out of the process.
      redis.on('error', () => {})
      await redis.connect()
      closers.push(() => redis.destroy())
      return createClient({ token: 'Bot t', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch, timeout: 800, rateLimitStore: createRedisStore(redis) })
    }
    const queued = await clientOf({})
    const unqueued = await clientOf({ disableOfflineQueue: true })
    await queued.listCommands()
    await server.kill()

    const t0 = performance.now()
    const [waited, refused] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => settle(queued.listCommands(), t0))),
      Promise.all(Array.from({ length: 5 }, () => settle(unqueued.listCommands(), t0))),
    ])
    for (const r of [...waited, ...refused]) expect(r.error).toBeInstanceOf(RateLimitStoreError)
    expect(waited[0]?.error).toMatchObject({ store: 'redis', operation: 'take', timedOut: true })
    expect(Math.min(...waited.map((r) => r.at))).toBeGreaterThanOrEqual(700)
    expect(Math.max(...waited.map((r) => r.at))).toBeLessThan(1500)
    expect(refused[0]?.error).toMatchObject({ store: 'redis', operation: 'take', timedOut: false })
    expect(Math.max(...refused.map((r) => r.at))).toBeLessThan(500)
    // Only the first call, before the kill, reached the service.
    expect(emulator.requests).toHaveLength(1)

    await redisAt(server.port)
    // Each client's next call asks the store again: within the reconnection, one goes.
    for (const rest of [queued, unqueued]) {
      const sent = () =>
        rest.listCommands().then(
          () => 'sent',
          () => 'failed',
        )
      await expect.poll(sent, { timeout: 5000, interval: 200 }).toBe('sent')
    }
  }, 20_000)
})
