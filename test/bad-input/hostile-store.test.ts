/**
 * The hostile trial, the rate-limit store: what a shared store holds
 * is readable by whoever reads that Redis, so no key may carry a credential (a
 * webhook's token is its major parameter, public API v10: the key holds a
 * fingerprint); and a store that answers garbage fails closed, as one that throws
 * does (RateLimitStoreError, the request not sent), never a go, never an unhandled
 * rejection, never a call left pending. A real redis-server, the emulator on
 * loopback.
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createClient, RateLimitStoreError, type RateLimitStore } from '../../src/rest/index.js'
import { createRedisStore, type RedisLike } from '../../src/rest/redis.js'
import { haveRedis, startRedis } from '../rest/redis-server.js'

const APP = '1100000000000000002'
const BOT = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.bot-token-secret-part-0123456789'

describe.skipIf(!haveRedis)('the redis store against hostile input', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>
  let client: Redis
  let server: RunningEmulator
  const unhandled: unknown[] = []
  const onUnhandled = (e: unknown) => void unhandled.push(e)
  beforeAll(async () => {
    redis = await startRedis()
    client = new Redis(redis.port, '127.0.0.1')
    server = await startEmulator({ port: 0, rateLimits: { global: false, dailyCreates: false } })
    process.on('unhandledRejection', onUnhandled)
  })
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled)
    client.disconnect()
    await server.close()
    await redis.stop()
  })

  it('no key holds the bot token, a webhook token, or a custom_id: webhooks are keyed by a fingerprint', async () => {
    const rest = createClient({ token: BOT, applicationId: APP, baseUrl: server.url, rateLimitStore: createRedisStore(client) })
    const opened = server.emulator.interactions.open(APP, { type: 2 })
    await rest.interactions.callback(opened.id, opened.token, {
      type: 4,
      data: { content: 'hi', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'secret-route:42' }] }] },
    })
    await rest.interactions.followUp(opened.token, 'again')
    await rest.interactions.followUp(opened.token, 'and again')
    await rest.listCommands()
    const keys = await client.keys('*')
    expect(keys.length).toBeGreaterThan(0)
    const all = keys.join('\n')
    expect(all).not.toContain(opened.token)
    expect(all).not.toContain(BOT)
    expect(all).not.toContain('secret-route')
    expect(keys.every((k) => k.startsWith('slashkit:rl:'))).toBe(true)
  })

  const garbage: [string, unknown][] = [
    ['null', null],
    ['a string', 'OK'],
    ['a list of a string', ['soon', 0]],
    ['NaN', [Number.NaN, 0]],
    ['a negative wait', [-5, 0]],
  ]
  it.each(garbage)('redis answering the take script with %s: RateLimitStoreError, nothing sent', async (_label, answer) => {
    const broken: RedisLike = { script: (sub, source) => client.script(sub, source), evalsha: async () => answer }
    const before = server.emulator.requests.length
    const rest = createClient({ token: BOT, applicationId: APP, baseUrl: server.url, rateLimitStore: createRedisStore(broken), timeout: 2000 })
    const error = await rest.listCommands().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitStoreError)
    expect(error).toMatchObject({ store: 'redis', operation: 'take', timedOut: false })
    expect(server.emulator.requests.length).toBe(before)
  })

  const answers: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['a string', 'go'],
    ['{ wait: NaN }', { wait: Number.NaN }],
    ['{ wait: -1 }', { wait: -1 }],
    ["{ wait: '50' }", { wait: '50' }],
  ]
  it.each(answers)('a store of your own answering %s, at once or later: RateLimitStoreError, no unhandled rejection, nothing pending', async (_label, answer) => {
    for (const later of [false, true]) {
      const store: RateLimitStore = { name: 'mine', take: () => (later ? Promise.resolve(answer as never) : (answer as never)), done: () => {}, learn: () => {}, block: () => {} }
      const before = server.emulator.requests.length
      const rest = createClient({ token: BOT, applicationId: APP, baseUrl: server.url, rateLimitStore: store, timeout: 1000 })
      const settled = await Promise.race([rest.listCommands().catch((e: unknown) => e), new Promise((r) => setTimeout(() => r('still pending after 3 s'), 3000))])
      expect([later, settled]).toEqual([later, expect.any(RateLimitStoreError)])
      expect((settled as RateLimitStoreError).message).toMatch(/take answered/)
      expect(server.emulator.requests.length).toBe(before)
    }
    await new Promise((r) => setTimeout(r, 20))
    expect(unhandled).toEqual([])
  })
})
