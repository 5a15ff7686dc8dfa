/**
 * `slashkit/redis` on a real redis-server on 127.0.0.1: the store's operations
 * are atomic (Lua scripts), and four client processes sharing one store stay
 * within one application's global limit ("Limits": 50 requests per second per
 * application across all endpoints) against the loopback emulator, where four
 * processes without it draw 429s.
 */
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { Redis } from 'ioredis'
// The peer range is ioredis >=5: the tests run on 6, what `npm install ioredis` gives, and this alias holds 5.
import { Redis as Redis5 } from 'ioredis-5'
// The official client, node-redis (`npm install redis`), fits as well: 6, what it gives today, and 5.
import { createClient as createNodeRedis } from 'redis'
import { createClient as createNodeRedis5 } from 'redis-5'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmulator, startEmulator } from '../../src/emulator/index.js'
import { createRedisStore } from '../../src/rest/redis.js'
import { createClient, type RateLimitStore, type Taken, type Wait } from '../../src/rest/index.js'
import { APP } from './helpers.js'
import { haveRedis, startRedis } from './redis-server.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!haveRedis)('createRedisStore on redis-server', () => {
  let server: Awaited<ReturnType<typeof startRedis>>
  const clients: Redis[] = []
  const connect = (): Redis => {
    const redis = new Redis(server.port, '127.0.0.1', { lazyConnect: false })
    clients.push(redis)
    return redis
  }
  let n = 0
  const fresh = () => `t${n++}:`

  beforeAll(async () => {
    server = await startRedis()
  })
  afterAll(async () => {
    for (const c of clients) c.disconnect()
    await server?.stop()
  })

  const go = (a: Taken | Wait): boolean => a.wait === 0
  const TWENTY = { key: 'app:global', limit: 20, window: 60_000 }
  /** 60 takes at once from `stores` (three connections, one prefix) of a window of 20: exactly 20 go, each with a ticket of its own. */
  const sixtyTakes = async (stores: readonly RateLimitStore[]): Promise<void> => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % stores.length]!.take({ global: TWENTY }, 0)))
    expect(answers.filter(go)).toHaveLength(20)
    expect(new Set(answers.filter(go).map((a) => (a as Taken).ticket)).size).toBe(20)
  }

  it('prefix: undefined is absent (DESIGN.md: a key set to undefined): the keys get the default prefix slashkit:rl:', async () => {
    const redis = connect()
    const store = createRedisStore(redis, { prefix: undefined })
    const key = `app:global:${fresh()}`
    expect(go(await store.take({ global: { key, limit: 5, window: 60_000 } }, 0))).toBe(true)
    const keys = await redis.keys(`*${key}*`)
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.every((k) => k.startsWith('slashkit:rl:'))).toBe(true)
  })

  it('the global window: `limit` requests go; a place counts from the answer (`done`), until then the wait is a short poll', async () => {
    const store = createRedisStore(connect(), { prefix: fresh() })
    const global = { key: 'app:global', limit: 3, window: 300 }
    const taken = [await store.take({ global }, 0), await store.take({ global }, 0), await store.take({ global }, 0)]
    expect(taken.map(go)).toEqual([true, true, true])
    // All three in flight: the fourth asks again soon.
    expect(await store.take({ global }, 0)).toEqual({ wait: 10, global: true })
    for (const t of taken) await store.done('app:global', (t as Taken).ticket!, 0)
    const held = (await store.take({ global }, 0)) as Wait
    expect(held.global).toBe(true)
    expect(held.wait).toBeGreaterThan(250)
    expect(held.wait).toBeLessThanOrEqual(300)
    await sleep(320)
    expect(go(await store.take({ global }, 0))).toBe(true)
  })

  it('is atomic: 60 takes from three connections at once let exactly the limit through', async () => {
    const prefix = fresh()
    const stores: RateLimitStore[] = [connect(), connect(), connect()].map((r) => createRedisStore(r, { prefix }))
    await sixtyTakes(stores)
  })

  it('fits ioredis 5 too, the floor of its peer range (>=5): the same 60 takes from three of its connections', async () => {
    const prefix = fresh()
    const old = [0, 1, 2].map(() => new Redis5(server.port, '127.0.0.1'))
    try {
      const stores = old.map((r) => createRedisStore(r, { prefix }))
      await sixtyTakes(stores)
    } finally {
      for (const r of old) r.disconnect()
    }
  })

  it('fits node-redis (the redis package, 6): atomic takes from three of its connections, a bucket learned and spent, scripts loaded again after SCRIPT FLUSH', async () => {
    const prefix = fresh()
    const nodes = await Promise.all([0, 1, 2].map(() => createNodeRedis({ url: `redis://127.0.0.1:${server.port}` }).connect()))
    try {
      const stores = nodes.map((r) => createRedisStore(r, { prefix }))
      await sixtyTakes(stores)
      // A bucket: the numbers go to Redis as strings and come back as the scripts' replies.
      const store = stores[0]!
      await store.learn('app:b:', { limit: 5, remaining: 1, resetAfter: 400 }, 0)
      expect(go(await store.take({ bucket: 'app:b:' }, 0))).toBe(true)
      const held = (await store.take({ bucket: 'app:b:' }, 0)) as Wait
      expect(held.global).toBe(false)
      expect(held.wait).toBeGreaterThan(300)
      await nodes[1]!.scriptFlush()
      expect(await store.take({ global: TWENTY }, 0)).toMatchObject({ global: true })
    } finally {
      for (const r of nodes) await r.quit()
    }
  })

  it('fits node-redis 5 too: the same 60 takes from three of its connections', async () => {
    const prefix = fresh()
    const nodes = await Promise.all([0, 1, 2].map(() => createNodeRedis5({ url: `redis://127.0.0.1:${server.port}` }).connect()))
    try {
      const stores = nodes.map((r) => createRedisStore(r, { prefix }))
      await sixtyTakes(stores)
    } finally {
      for (const r of nodes) await r.quit()
    }
  })

  it('refuses what is neither client, naming both', () => {
    for (const bad of [null, {}, { script: () => Promise.resolve('') }, { evalSha: () => Promise.resolve(0) }]) {
      expect(() => createRedisStore(bad as never)).toThrow(
        /^createRedisStore: redis must be a client of ioredis \(script, evalsha\) or of the redis package \(scriptLoad, evalSha\) \(was (null|an object)\)$/,
      )
    }
  })

  it('a bucket: learned from the headers, spent, held until its reset; a 429 holds it for the wait', async () => {
    const store = createRedisStore(connect(), { prefix: fresh() })
    expect(go(await store.take({ bucket: 'app:b:' }, 0))).toBe(true)
    await store.learn('app:b:', { limit: 5, remaining: 2, resetAfter: 400 }, 0)
    expect(go(await store.take({ bucket: 'app:b:' }, 0))).toBe(true)
    expect(go(await store.take({ bucket: 'app:b:' }, 0))).toBe(true)
    const held = (await store.take({ bucket: 'app:b:' }, 0)) as Wait
    expect(held.global).toBe(false)
    expect(held.wait).toBeGreaterThan(300)
    // An answer counted before this process's requests reached the service says more remain: the lower count holds.
    await store.learn('app:b:', { limit: 5, remaining: 4, resetAfter: 380 }, 0)
    expect(go(await store.take({ bucket: 'app:b:' }, 0))).toBe(false)
    await store.block('app:global', 250, 0)
    expect(await store.take({ global: { key: 'app:global', limit: 50, window: 1000 } }, 0)).toMatchObject({ global: true })
  })

  it('invalid answers: counted for every process of the address, by the server clock; at the limit, the wait until the count falls below it', async () => {
    const prefix = fresh()
    // Two processes: a connection and a store each, one prefix.
    const [a, b] = [createRedisStore(connect(), { prefix }), createRedisStore(connect(), { prefix })]
    const counts = []
    for (const store of [a, b, a, b, a]) counts.push(await store.invalid?.('invalid', 3, 600_000, 0))
    expect(counts.map((c) => c?.count)).toEqual([1, 2, 3, 4, 5])
    expect(counts.slice(0, 2).map((c) => c?.wait)).toEqual([0, 0])
    // At 3, 4 and 5 the count falls below 3 when the first, second and third leave the 10-minute window: about 10 minutes from now.
    for (const c of counts.slice(2)) expect(c?.wait).toBeGreaterThan(600_000 - 5_000)
    // A short window: the answers leave it, and the count starts again.
    await sleep(30)
    expect(await a.invalid?.('short', 2, 20, 0)).toEqual({ count: 1, wait: 0 })
    await sleep(30)
    expect(await b.invalid?.('short', 2, 20, 0)).toEqual({ count: 1, wait: 0 })
  })

  it('two clients of revoked tokens, each with its own connection: at a limit of 4, two 401s each stop both', async () => {
    const prefix = fresh()
    const emulator = createEmulator({ applications: [{ id: APP, botToken: 'current-token' }], rateLimits: { global: false, dailyCreates: false } })
    const client = () =>
      createClient({
        token: 'Bot reset-token',
        applicationId: APP,
        baseUrl: emulator.baseUrl,
        fetch: emulator.fetch,
        invalidRequestLimit: 4,
        rateLimitStore: createRedisStore(connect(), { prefix }),
      })
    const [one, two] = [client(), client()]
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: { status?: number; invalidRequests?: number }) => e.status ?? `stopped at ${e.invalidRequests}`,
      )
    expect([await status(one.listCommands()), await status(two.listCommands()), await status(one.listCommands()), await status(two.listCommands())]).toEqual([401, 401, 401, 401])
    // Before: each had counted 2 of its limit of 4, and both went on.
    expect(await status(two.listCommands())).toBe('stopped at 4')
    expect(await status(one.listCommands())).toBe(401)
    expect(await status(one.listCommands())).toBe('stopped at 5')
    expect(emulator.requests.filter((r) => r.status === 401)).toHaveLength(5)
  })

  it('loads its scripts again after SCRIPT FLUSH', async () => {
    const redis = connect()
    const store = createRedisStore(redis, { prefix: fresh() })
    expect(go(await store.take({ global: { key: 'g', limit: 1, window: 1000 } }, 0))).toBe(true)
    await redis.script('FLUSH')
    expect(await store.take({ global: { key: 'g', limit: 1, window: 1000 } }, 0)).toMatchObject({ global: true })
  })

  it('four processes sharing one store stay within the limit; four without it draw 429s', async () => {
    const LIMIT = 20
    const CALLS = 20
    const outdir = `${root}node_modules/.cache/slashkit-test`
    mkdirSync(outdir, { recursive: true })
    const worker = `${outdir}/worker.mjs`
    await build({ entryPoints: [`${root}test/rest/fixtures/worker.ts`], bundle: true, platform: 'node', format: 'esm', outfile: worker, external: ['ioredis'], logLevel: 'silent' })

    async function round(shared: boolean): Promise<{ statuses: number[]; reports: { fulfilled: number; rejected: string[]; refused: number }[]; ms: number }> {
      const emulator = await startEmulator({ rateLimits: { global: LIMIT, dailyCreates: false } })
      try {
        await connect().flushall()
        const children = Array.from({ length: 4 }, () =>
          spawn(process.execPath, [worker, emulator.url, shared ? String(server.port) : 'none', String(CALLS), APP, String(LIMIT)], {
            cwd: root,
            stdio: ['pipe', 'pipe', 'inherit'],
          }),
        )
        const ready: unknown[] = []
        let started = false
        let t0 = 0
        const go = () => {
          started = true
          t0 = Date.now()
          for (const c of children) c.stdin.write('go\n')
        }
        const lines = children.map(
          (child) =>
            new Promise<string[]>((resolve, reject) => {
              const out: string[] = []
              let buffer = ''
              child.stdout.on('data', (chunk: Buffer) => {
                buffer += chunk.toString()
                const parts = buffer.split('\n')
                buffer = parts.pop() ?? ''
                out.push(...parts)
                if (out.length === 1 && parts.length > 0) ready.push(child)
                if (ready.length === 4 && !started) go()
              })
              child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`worker exited ${code}`))))
            }),
        )
        const outputs = await Promise.all(lines)
        return { statuses: emulator.emulator.requests.map((r) => r.status), reports: outputs.map((o) => JSON.parse(o[1] as string)), ms: Date.now() - t0 }
      } finally {
        await emulator.close()
      }
    }

    const together = await round(true)
    expect(together.reports.map((r) => r.fulfilled)).toEqual([CALLS, CALLS, CALLS, CALLS])
    expect(together.statuses.filter((s) => s === 429)).toEqual([])
    expect(together.statuses).toHaveLength(4 * CALLS)
    // 80 calls at 20 per second: at least three windows after the first 20.
    expect(together.ms).toBeGreaterThanOrEqual(3000)

    // Apart, each process may send its 20 at once: 80 arrive in the window the
    // application's limit gives 20. The limit is low so that an emulator slowed by a
    // loaded machine still sees the burst (at 50/s, a starved emulator answering
    // under 50 a second saw no burst at all).
    const apart = await round(false)
    expect(apart.statuses.filter((s) => s === 429).length).toBeGreaterThan(4)
    expect(apart.reports.reduce((sum, r) => sum + r.refused, 0)).toBeGreaterThan(4)
  }, 60_000)
})
