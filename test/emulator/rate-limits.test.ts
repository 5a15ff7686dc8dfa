/**
 * The emulator's rate limits (spec: "Limits" for the numbers; "Errors": 429), shaped
 * as the public API v10 shapes them (the spec shows no headers or algorithm): a
 * bucket per route (method and template) counted per application, guild and lobby
 * and named in X-RateLimit-Bucket; the global limit reported only on its own 429;
 * token buckets, so no burst across a window's edge passes twice a limit; the daily
 * create limit, a sliding day, with its own headers. On a controlled clock: nothing
 * here waits.
 */
import { describe, expect, it } from 'vitest'
import { Counters } from '../../src/emulator/buckets.js'
import { exemptFromGlobal } from '../../src/emulator/rate-limits.js'
import { APP, BOT, OTHER_APP, OTHER_GUILD, global, guild, setup, type Answer } from './helpers.js'

const ping = { name: 'ping', description: 'Pong' }
const HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-reset-after', 'x-ratelimit-bucket']

/** The X-RateLimit-* headers of an answer, by name without the prefix. */
const limits = (a: Answer): Record<string, string | null> =>
  Object.fromEntries(['limit', 'remaining', 'reset', 'reset-after', 'bucket', 'global', 'scope'].map((n) => [n, a.headers.get(`x-ratelimit-${n}`)]))

describe('buckets per route (public API v10: per-route limits may include the method; top-level resources count apart)', () => {
  it('names one bucket per method and route template, the same in every guild, with no ids in it', async () => {
    const { call } = setup({ rateLimits: { global: 50, dailyCreates: false } })
    const list = await call('GET', global())
    const create = await call('POST', global(), ping)
    const guildList = await call('GET', guild())
    const otherGuildList = await call('GET', guild('', OTHER_GUILD))
    expect(list.headers.get('x-ratelimit-bucket')).toBe('GET /applications/:app/commands')
    expect(create.headers.get('x-ratelimit-bucket')).toBe('POST /applications/:app/commands')
    expect(guildList.headers.get('x-ratelimit-bucket')).toBe('GET /applications/:app/guilds/:guild/commands')
    expect(otherGuildList.headers.get('x-ratelimit-bucket')).toBe(guildList.headers.get('x-ratelimit-bucket'))
    // Never the global limit's: it is no route's bucket.
    for (const a of [list, create, guildList]) expect(a.headers.get('x-ratelimit-bucket')).not.toBe('global')
  })

  it('counts each route apart, and each guild apart on one route (the guild is a top-level resource)', async () => {
    const { call } = setup({ rateLimits: { global: false, routes: { limit: 2, window: 1000 }, dailyCreates: false } })
    expect(limits(await call('GET', guild()))).toMatchObject({ limit: '2', remaining: '1' })
    expect(limits(await call('GET', guild()))).toMatchObject({ remaining: '0' })
    const third = await call('GET', guild())
    expect(third.status).toBe(429)
    // Another guild, and another method on the same path, have their own counts.
    expect(limits(await call('GET', guild('', OTHER_GUILD)))).toMatchObject({ remaining: '1' })
    expect((await call('POST', guild(), ping)).status).toBe(201)
  })

  it("a route 429 is the route's: scope user, global false, Remaining 0, Reset-After equal to retry_after", async () => {
    const { call, tick, clock } = setup({ rateLimits: { global: false, routes: { limit: 2, window: 1000 }, dailyCreates: false } })
    await call('GET', global())
    // Allowed: Reset-After is when the window is empty again (its newest request a second old).
    expect(limits(await call('GET', global()))).toMatchObject({ remaining: '0', 'reset-after': '1.000' })
    tick(250)
    const r = await call('GET', global())
    expect(r.status).toBe(429)
    // Refused: until the oldest request leaves the window.
    expect(r.body).toEqual({ code: 0, message: 'You are being rate limited.', retry_after: 0.75, global: false })
    expect(limits(r)).toEqual({
      limit: '2',
      remaining: '0',
      reset: ((clock.now + 750) / 1000).toFixed(3),
      'reset-after': '0.750',
      bucket: 'GET /applications/:app/commands',
      global: null,
      scope: 'user',
    })
    expect(r.headers.get('retry-after')).toBe('1')
  })

  it('carries the headers on every answer of a route: 2xx, 400, 401, 403, 404 and 405 alike', async () => {
    const { call, raw } = setup({ rateLimits: { global: 50, dailyCreates: false } })
    const answers = [
      await call('POST', global(), ping), // 201
      await call('DELETE', global('/123456789012345678')), // 404, unknown command
      await call('POST', global(), { name: 'Bad', description: '' }), // 400
      await raw('POST', global(), '{'), // 400, not JSON
      await call('GET', global(), undefined, { authorization: '' }), // 401
      await call('PUT', guild('/123456789012345678/permissions'), { permissions: [] }, { authorization: BOT }), // 403
      await call('GET', '/nothing/here'), // 404, no such route
      await call('PATCH', global()), // 405
    ]
    expect(answers.map((a) => a.status)).toEqual([201, 404, 400, 400, 401, 403, 404, 405])
    for (const a of answers) for (const h of HEADERS) expect(a.headers.get(h), `${a.status} ${h}`).not.toBeNull()
    expect(answers[6]!.headers.get('x-ratelimit-bucket')).toBe('GET /*')
  })

  it('counts the requests of one application together, whatever the token (one key per application)', async () => {
    const applications = [
      { id: APP, botToken: 'bot', bearerTokens: { user: ['applications.commands.update'] } },
      { id: OTHER_APP, botToken: 'other' },
    ]
    const { call } = setup({ applications, rateLimits: { global: 4, dailyCreates: false } })
    await call('GET', global(), undefined, { authorization: 'Bot bot' })
    await call('GET', global(), undefined, { authorization: 'Bearer user' })
    // Lobby calls count under the application of the token too.
    expect((await call('POST', '/lobbies', {}, { authorization: 'Bot bot' })).status).toBe(201)
    expect((await call('GET', global(), undefined, { authorization: 'Bot bot' })).status).toBe(200)
    const fifth = await call('POST', '/lobbies', {}, { authorization: 'Bot bot' })
    expect(fifth.status).toBe(429)
    expect(fifth.body.global).toBe(true)
    // Another application has its own.
    expect((await call('GET', `/applications/${OTHER_APP}/commands`, undefined, { authorization: 'Bot other' })).status).toBe(200)
  })
})

describe('the global limit (spec "Limits": 50 per second per application, raisable to 1200)', () => {
  it("answers the request over it with a global 429 that carries the route's own headers, uncounted", async () => {
    const { call, tick } = setup({ rateLimits: { global: 50, dailyCreates: false } })
    tick(1) // not on a second
    // 50 requests over 25 guilds: no route is spent, the application is.
    for (let i = 0; i < 50; i++) expect((await call('GET', guild('', String(2n * 10n ** 17n + BigInt(i % 25))))).status).toBe(200)
    tick(10)
    const r = await call('GET', global())
    expect(r.status).toBe(429)
    // A token comes back every 20 ms, but a 429 waits until the bucket is whole again; Retry-After is whole seconds.
    expect(r.body).toEqual({ code: 0, message: 'You are being rate limited.', retry_after: 0.99, global: true })
    expect(r.headers.get('retry-after')).toBe('1')
    // The route's bucket as it stands (nothing spent on it), and the global flags.
    expect(limits(r)).toMatchObject({ limit: '50', remaining: '50', bucket: 'GET /applications/:app/commands', global: 'true', scope: 'global' })
    expect((await call('GET', `/applications/${OTHER_APP}/commands`)).status).toBe(200)
    tick(10)
    expect(limits(await call('GET', global()))).toMatchObject({ remaining: '49', global: null, scope: null })
    expect((await call('GET', global())).status).toBe(429)
  })

  it("a burst across a second's edge passes no more than the limit (a fixed window lets 9 of 5 through)", async () => {
    const { call, tick } = setup({ rateLimits: { global: 5, routes: false, dailyCreates: false } })
    const at = async (): Promise<number> => (await call('GET', global())).status
    expect(await at()).toBe(200)
    tick(999)
    for (let i = 0; i < 4; i++) expect(await at()).toBe(200)
    tick(1)
    // The second is over, but the four of a millisecond ago still count: one more passes.
    expect(await at()).toBe(200)
    const refused = await call('GET', global())
    expect(refused.status).toBe(429)
    // Told to wait until the bucket is whole again (5 tokens, one per 200 ms).
    expect(refused.body.retry_after).toBe(0.999)
    // No route buckets here: a global 429 as in the public API's example, with no route's headers.
    expect(limits(refused)).toEqual({ limit: null, remaining: null, reset: null, 'reset-after': null, bucket: null, global: 'true', scope: 'global' })
    // One token is back 200 ms after the last one was spent.
    tick(198)
    expect(await at()).toBe(429)
    tick(1)
    expect(await at()).toBe(200)
  })

  it('a route bucket passes at most its limit at once and its rate over time', async () => {
    const { call, tick } = setup({ rateLimits: { global: false, routes: { limit: 10, window: 200 }, dailyCreates: false } })
    const passed: number[] = []
    // 3 requests every 10 ms for 1 s, against 10 per 200 ms.
    for (let t = 0; t < 1000; t += 10) {
      for (let i = 0; i < 3; i++) if ((await call('GET', global())).status === 200) passed.push(t)
      tick(10)
    }
    // In any span of d ms at most 10 + d / 20 pass (the burst, then the rate).
    for (const d of [1, 50, 200, 500])
      for (const start of passed) expect(passed.filter((t) => t >= start && t < start + d).length, `${d} ms from ${start}`).toBeLessThanOrEqual(10 + Math.ceil(d / 20))
    // 10 at once, then one every 20 ms: 10 + 49 by 990 ms.
    expect(passed.length).toBe(59)
  })

  it('does not count a refused request', async () => {
    const { call, emulator } = setup({ rateLimits: { global: 2, dailyCreates: false } })
    await call('GET', global())
    await call('GET', guild())
    for (let i = 0; i < 5; i++) expect((await call('GET', guild('', OTHER_GUILD))).status).toBe(429)
    expect(emulator.requests.filter((r) => r.status === 429)).toHaveLength(5)
  })

  it('can be raised to 1200 per second, or turned off (and with it the route buckets that follow it)', async () => {
    const raised = setup({ rateLimits: { global: 1200, dailyCreates: false } })
    for (let i = 0; i < 1200; i++)
      raised.emulator.handle({ method: 'GET', url: `/api/v10${guild('', String(2n * 10n ** 17n + BigInt(i % 100)))}`, headers: { authorization: BOT }, body: '' })
    expect((await raised.call('GET', global())).body.global).toBe(true)
    const off = setup({ rateLimits: { global: false, lobbies: false, dailyCreates: false } })
    for (let i = 0; i < 100; i++) expect((await off.call('GET', global())).status).toBe(200)
    for (const h of HEADERS) expect((await off.call('GET', global())).headers.get(h)).toBeNull()
  })

  it('leaves interaction endpoints out (public API v10: they are not bound to the global limit)', () => {
    expect(exemptFromGlobal('interactions/:interaction/:token/callback')).toBe(true)
    expect(exemptFromGlobal('webhooks/:app/:token')).toBe(true)
    expect(exemptFromGlobal('applications/:app/commands')).toBe(false)
    expect(exemptFromGlobal(undefined)).toBe(false)
  })
})

describe('the lobby route limits ("Limits": create, delete, get 500 per 10 s; member add, remove 5000 per 10 s; per application)', () => {
  it("refuses the 501st create within 10 seconds with the lobby bucket's headers; other routes count apart", async () => {
    // Per user, a bot may create 10 lobbies a minute (user-limits.test.ts): off here, to reach the per-application 500.
    const { emulator, call, tick } = setup({ rateLimits: { global: false, lobbies: true, dailyCreates: false, users: false } })
    const create = () => emulator.handle({ method: 'POST', url: '/api/v10/lobbies', headers: { authorization: BOT }, body: '{}' })
    expect(create().headers['x-ratelimit-limit']).toBe('500')
    for (let i = 1; i < 500; i++) expect(create().status).toBe(201)
    const r = await call('POST', '/lobbies', {})
    expect(r.status).toBe(429)
    expect(limits(r)).toMatchObject({ limit: '500', remaining: '0', 'reset-after': '10.000', bucket: 'POST /lobbies', scope: 'user', global: null })
    expect(r.body.global).toBe(false)
    const lobby = emulator.state.lobbies()[0]!.id
    expect(limits(await call('GET', `/lobbies/${lobby}`))).toMatchObject({ limit: '500', remaining: '499', bucket: 'GET /lobbies/:lobby' })
    expect(limits(await call('PUT', `/lobbies/${lobby}/members/300000000000000003`, {}))).toMatchObject({ limit: '5000', remaining: '4999' })
    tick(10_000)
    expect((await call('POST', '/lobbies', {})).status).toBe(201)
  })
})

describe('the daily create limit ("Limits": 200 creates a day, per guild; the global scope counted the same way)', () => {
  it("answers with its own headers, not the route's: Limit, Remaining 0, its reset, scope shared in a guild", async () => {
    const { call, tick, clock } = setup({ rateLimits: { global: 50, dailyCreates: 2 } })
    const start = clock.now
    await call('POST', guild(), { name: 'a', description: 'A' })
    tick(1000)
    const second = await call('POST', guild(), { name: 'b', description: 'B' })
    // An admitted create shows its route's bucket.
    expect(limits(second)).toMatchObject({ bucket: 'POST /applications/:app/guilds/:guild/commands', limit: '50' })
    tick(1000)
    const r = await call('POST', guild(), { name: 'c', description: 'C' })
    expect(r.status).toBe(429)
    expect(r.body).toEqual({ code: 30034, message: 'Max number of daily application command creates has been reached (2)', retry_after: 86_398, global: false })
    expect(limits(r)).toEqual({
      limit: '2',
      remaining: '0',
      reset: ((start + 86_400_000) / 1000).toFixed(3),
      'reset-after': '86398.000',
      bucket: 'daily-creates /applications/:app/guilds/:guild/commands',
      global: null,
      scope: 'shared',
    })
    expect(r.headers.get('retry-after')).toBe('86398')
    // The route itself is not spent: a list, and an upsert (not a create), pass at once.
    expect((await call('GET', guild())).status).toBe(200)
    expect((await call('POST', guild(), { name: 'a', description: 'A2' })).status).toBe(200)
  })

  it('is scope user in the global scope (a limit of the application); a bulk overwrite counts the commands it creates', async () => {
    const { call } = setup({ rateLimits: { global: false, dailyCreates: 3 } })
    expect(
      (
        await call('PUT', global(), [
          { name: 'a', description: 'A' },
          { name: 'b', description: 'B' },
        ])
      ).status,
    ).toBe(200)
    const r = await call('PUT', global(), [
      { name: 'a', description: 'A' },
      { name: 'c', description: 'C' },
      { name: 'd', description: 'D' },
    ])
    expect(r.status).toBe(429)
    // One create is left: the bulk of two new ones is refused whole.
    expect(limits(r)).toMatchObject({ limit: '3', remaining: '1', bucket: 'daily-creates /applications/:app/commands', scope: 'user' })
    expect((await call('POST', global(), { name: 'c', description: 'C' })).status).toBe(201)
  })
})

describe('Counters', () => {
  const k = { owner: 'a' }

  it('a quota frees nothing when the clock moves back; more than the limit waits a whole window', () => {
    const c = new Counters()
    const b = { id: 'b', limit: 2, window: 1000, kind: 'quota' as const }
    c.take(b, k, 5000)
    expect(c.peek(b, k, 4000)).toMatchObject({ allowed: true, remaining: 1 })
    c.take(b, k, 5000)
    expect(c.peek(b, k, 4000)).toMatchObject({ allowed: false, remaining: 0, resetAfter: 2000 })
    expect(c.peek(b, k, 5999)).toMatchObject({ allowed: false, resetAfter: 1 })
    c.take(b, k, 5000)
    expect(c.peek(b, k, 5000, 3)).toMatchObject({ allowed: false, resetAfter: 1000 })
  })

  it('a rate refills nothing when the clock moves back, and keeps a key per user beside the application', () => {
    const c = new Counters()
    const b = { id: 'b', limit: 2, window: 1000 }
    c.take(b, k, 5000)
    c.take(b, k, 5000)
    // Refused: wait until whole again (two tokens, one per 500 ms).
    expect(c.peek(b, k, 4000)).toMatchObject({ allowed: false, remaining: 0, resetAfter: 1000 })
    expect(c.peek(b, k, 4500)).toMatchObject({ allowed: false, remaining: 0 })
    expect(c.peek(b, k, 5500)).toMatchObject({ allowed: true, remaining: 1 })
    // Per user (the per-user limits of "Limits"): its own count.
    expect(c.take(b, { owner: 'a', user: '1' }, 4500).remaining).toBe(1)
  })

  it('forgets the keys whose buckets are whole again, so a token or a guild per request does not grow it', () => {
    const c = new Counters()
    const b = { id: 'b', limit: 2, window: 1000 }
    const q = { id: 'q', limit: 2, window: 1000, kind: 'quota' as const }
    for (let i = 0; i < 3000; i++) c.take(i % 2 === 0 ? b : q, { owner: `token:${i}` }, 1000 + i)
    // Sweeps run every 1024 counts: what is left is at most the last second's keys.
    expect(c.size).toBeLessThanOrEqual(2048)
    c.take(b, k, 100_000)
    for (let i = 0; i < 1100; i++) c.take(b, { owner: 'x', major: String(i % 2) }, 100_000 + 2000 + i)
    expect(c.size).toBeLessThan(100)
  })
})

describe('options', () => {
  it('refuses a limit or window that is not a positive number, with the option named', () => {
    expect(() => setup({ rateLimits: { global: 0 } })).toThrow('  - rateLimits.global: must be a whole number above 0, or false [config.type]')
    expect(() => setup({ rateLimits: { routes: { limit: 5, window: Number.NaN } } })).toThrow('  - rateLimits.routes.window: must be a whole number of ms above 0')
    expect(() => setup({ rateLimits: { dailyCreates: -1 } })).toThrow(TypeError)
    // A limit of part of a request is none: the limits are counts, the windows whole milliseconds.
    expect(() => setup({ rateLimits: { global: 0.5 } })).toThrow('rateLimits.global: must be a whole number above 0, or false')
    expect(() => setup({ rateLimits: { routes: false, global: 1200 } })).not.toThrow()
  })
})

describe('hostile requests', () => {
  it('names no bucket after a method a caller made up, and still answers', async () => {
    const { emulator } = setup({ rateLimits: { global: 50, dailyCreates: false } })
    const r = emulator.handle({ method: 'GET\r\nX-Injected: 1', url: '/api/v10/nothing', headers: { authorization: BOT }, body: '' })
    expect(r.status).toBe(404)
    expect(r.headers['x-ratelimit-bucket']).toBe('OTHER /*')
    const res = await emulator.fetch(`${emulator.baseUrl}/nothing`, { method: 'BREW', headers: { authorization: BOT } })
    expect(res.headers.get('x-ratelimit-bucket')).toBe('BREW /*')
  })
})

// The public API v10 keys an interaction webhook's limits on its token (its major
// parameter) and publishes no number; the spec none either: a bucket per token, opt-in.
describe('rateLimits.webhooks: a bucket per interaction token, off by default', () => {
  it('the third follow-up of a token in the window is 429; another token has its own count; the bucket names no token', async () => {
    const { call, emulator, tick } = setup({ rateLimits: { global: false, dailyCreates: false, webhooks: { limit: 2, window: 1000 } } })
    const a = emulator.interactions.open(APP)
    const b = emulator.interactions.open(APP)
    for (const t of [a, b]) expect((await call('POST', `/interactions/${t.id}/${t.token}/callback`, { type: 4, data: { content: 'hi' } })).status).toBe(204)
    const follow = (token: string) => call('POST', `/webhooks/${APP}/${token}`, { content: 'more' })
    expect(limits(await follow(a.token))).toMatchObject({ limit: '2', remaining: '1', bucket: 'POST /webhooks/:app/:token' })
    expect((await follow(a.token)).status).toBe(200)
    const refused = await follow(a.token)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ global: false, retry_after: 1 })
    expect(limits(refused)).toMatchObject({ remaining: '0', bucket: 'POST /webhooks/:app/:token' })
    expect(limits(await follow(b.token))).toMatchObject({ remaining: '1' })
    tick(1000)
    expect((await follow(a.token)).status).toBe(200)
    const off = setup({ rateLimits: { global: false, dailyCreates: false } })
    const c = off.emulator.interactions.open(APP)
    await off.call('POST', `/interactions/${c.id}/${c.token}/callback`, { type: 4, data: { content: 'hi' } })
    for (let i = 0; i < 10; i++) expect((await off.call('POST', `/webhooks/${APP}/${c.token}`, { content: 'more' })).status).toBe(200)
  })
})
