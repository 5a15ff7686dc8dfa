/**
 * The per-user limits of "Limits": "Sending a message API: 3000 per 2 hours per
 * user" and "Creating or joining a lobby API: 10 per 60 seconds per user", keyed by
 * the user of the credential (a Bearer token's user from `bearerUsers`; the
 * application for its bot token). A refusal is a 429 with the per-user bucket's
 * headers and `X-RateLimit-Scope: user` (public API v10). And the client: it learns
 * the per-user bucket as a route's and queues on it, one user's apart from another's.
 */
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { createClient, createMemoryStore, type RateLimitInfo } from '../../src/rest/index.js'
import { virtualClock } from '../rest/virtual-clock.js'
import { APP, setup, type Answer } from './helpers.js'

const ALICE = '610000000000000001'
const BOB = '610000000000000002'
const AS_ALICE = { authorization: 'Bearer alice-token' }
const AS_BOB = { authorization: 'Bearer bob-token' }
const applications = [{ id: APP, botToken: 'bot-token', bearerTokens: { 'alice-token': [], 'bob-token': [] }, bearerUsers: { 'alice-token': ALICE, 'bob-token': BOB } }]

const limits = (a: Answer): Record<string, string | null> =>
  Object.fromEntries(['limit', 'remaining', 'reset-after', 'bucket', 'scope', 'global'].map((n) => [n, a.headers.get(`x-ratelimit-${n}`)]))

const world = () => setup({ applications, rateLimits: { global: false, dailyCreates: false } })

describe('"Creating or joining a lobby API: 10 per 60 seconds per user"', () => {
  it("the 11th create-or-join of one user within 60 s is a 429 of the per-user bucket, while another user's goes through", async () => {
    const { call, tick } = world()
    for (let i = 0; i < 10; i++) {
      const r = await call('PUT', '/lobbies', { secret: `room-${i}` }, AS_ALICE)
      expect(r.status).toBe(200)
      expect(limits(r)).toMatchObject({ limit: '10', remaining: String(9 - i), bucket: 'per-user /lobbies create-or-join' })
      tick(1000)
    }
    const eleventh = await call('PUT', '/lobbies', { secret: 'room-10' }, AS_ALICE)
    expect(eleventh.status).toBe(429)
    // The first join was 10 s ago: it leaves the window in 50 s.
    expect(eleventh.body).toEqual({ code: 0, message: 'You are being rate limited.', retry_after: 50, global: false })
    expect(eleventh.headers.get('retry-after')).toBe('50')
    expect(limits(eleventh)).toEqual({ limit: '10', remaining: '0', 'reset-after': '50.000', bucket: 'per-user /lobbies create-or-join', scope: 'user', global: null })
    // Bob's count is his own.
    const bob = await call('PUT', '/lobbies', { secret: 'room-0' }, AS_BOB)
    expect(bob.status).toBe(200)
    expect(limits(bob)).toMatchObject({ remaining: '9' })
    // The refused one counted nowhere: once the first join is 60 s old, one more passes, then the second's turn.
    tick(50_000)
    expect((await call('PUT', '/lobbies', { secret: 'room-10' }, AS_ALICE)).status).toBe(200)
    expect((await call('PUT', '/lobbies', { secret: 'room-11' }, AS_ALICE)).status).toBe(429)
  })

  it("a bot token counts as the application's user; POST /lobbies (server to server) spends nothing of that count", async () => {
    const { call } = world()
    const bot = { authorization: 'Bot bot-token' }
    // "Lobby endpoints" 3: the 10 per 60 s is the client's create-or-join, not POST /lobbies (issue 27 item 7).
    for (let i = 0; i < 15; i++) {
      const post = await call('POST', '/lobbies', {}, bot)
      expect(post.status).toBe(201)
      expect(limits(post)).toMatchObject({ limit: '500', bucket: 'POST /lobbies' })
    }
    for (let i = 0; i < 10; i++) expect((await call('PUT', '/lobbies', { secret: `s${i}` }, bot)).status).toBe(200)
    const put = await call('PUT', '/lobbies', { secret: 's10' }, bot)
    expect(put.status).toBe(429)
    expect(limits(put)).toMatchObject({ bucket: 'per-user /lobbies create-or-join', scope: 'user', remaining: '0' })
    // The users of Bearer tokens are not the bot.
    expect((await call('PUT', '/lobbies', { secret: 's0' }, AS_ALICE)).status).toBe(200)
  })

  it("a bot's 150 lobbies within a minute through POST /lobbies all pass: only the application's 500 per 10 s applies", async () => {
    const { call } = world()
    for (let i = 0; i < 150; i++) {
      const r = await call('POST', '/lobbies', {}, { authorization: 'Bot bot-token' })
      if (r.status !== 201) throw new Error(`lobby ${i + 1}: ${r.status}`)
    }
    const last = await call('POST', '/lobbies', {}, { authorization: 'Bot bot-token' })
    expect(limits(last)).toMatchObject({ limit: '500', remaining: '349', bucket: 'POST /lobbies', scope: null })
  })

  it("POST /lobbies spends the application's 500 per 10 s: spent by Bearer tokens (refused, yet counted), the next is refused with that bucket", async () => {
    const tokens = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`user-${i}`, []]))
    const users = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`user-${i}`, String(620000000000000000n + BigInt(i))]))
    const { emulator, call } = setup({
      applications: [{ id: APP, botToken: 'bot-token', bearerTokens: tokens, bearerUsers: users }],
      rateLimits: { global: false, dailyCreates: false },
    })
    // A Bearer token may not create (401), yet every request counts ("Limits": refused ones included).
    for (let u = 0; u < 50; u++)
      for (let i = 0; i < 10; i++) expect(emulator.handle({ method: 'POST', url: '/api/v10/lobbies', headers: { authorization: `Bearer user-${u}` }, body: '{}' }).status).toBe(401)
    const r = await call('POST', '/lobbies', {}, { authorization: 'Bearer user-50' })
    expect(r.status).toBe(429)
    expect(limits(r)).toMatchObject({ limit: '500', remaining: '0', bucket: 'POST /lobbies', scope: 'user' })
    // It spent nothing of the user's create-or-join count.
    expect(limits(await call('PUT', '/lobbies', { secret: 'x' }, { authorization: 'Bearer user-50' }))).toMatchObject({ limit: '10', remaining: '9' })
  })

  it("an unknown token is 401 and spends no user's count; `users: false` turns the limits off", async () => {
    const { call } = world()
    for (let i = 0; i < 12; i++) expect((await call('PUT', '/lobbies', { secret: 'x' }, { authorization: 'Bearer nobody' })).status).toBe(401)
    expect(limits(await call('PUT', '/lobbies', { secret: 'x' }, AS_ALICE))).toMatchObject({ remaining: '9' })
    const off = setup({ applications, rateLimits: { global: false, dailyCreates: false, users: false } })
    for (let i = 0; i < 11; i++) expect((await off.call('PUT', '/lobbies', { secret: 'x' }, AS_ALICE)).status).toBe(200)
  })
})

describe('"Sending a message API: 3000 per 2 hours per user"', () => {
  it('a 3001st message of one user within 2 hours is a 429; another user sends on; it passes once the first is 2 hours old', async () => {
    const { emulator, call, tick } = world()
    const lobby = (await call('POST', '/lobbies', { members: [{ id: ALICE }, { id: BOB }] }, { authorization: 'Bot bot-token' })).body.id as string
    const send = (who: Record<string, string>) =>
      emulator.handle({ method: 'POST', url: `/api/v10/lobbies/${lobby}/messages`, headers: { ...who, 'content-type': 'application/json' }, body: '{"content":"hi"}' })
    // 3000 messages, one every 2 s: the last at 5998 s, inside the 7200 s window.
    for (let i = 0; i < 3000; i++) {
      const r = send(AS_ALICE)
      if (r.status !== 201) throw new Error(`message ${i + 1}: ${r.status}`)
      tick(2000)
    }
    const refused = await call('POST', `/lobbies/${lobby}/messages`, { content: 'one too many' }, AS_ALICE)
    expect(refused.status).toBe(429)
    // Now is 6000 s after the first message: it leaves the window in 1200 s.
    expect(refused.body).toMatchObject({ retry_after: 1200, global: false })
    expect(limits(refused)).toEqual({ limit: '3000', remaining: '0', 'reset-after': '1200.000', bucket: 'per-user POST /lobbies/:lobby/messages', scope: 'user', global: null })
    const bob = await call('POST', `/lobbies/${lobby}/messages`, { content: 'mine' }, AS_BOB)
    expect(bob.status).toBe(201)
    expect(limits(bob)).toMatchObject({ limit: '3000', remaining: '2999' })
    tick(1_200_000)
    expect((await call('POST', `/lobbies/${lobby}/messages`, { content: 'again' }, AS_ALICE)).status).toBe(201)
    expect((await call('POST', `/lobbies/${lobby}/messages`, { content: 'and again' }, AS_ALICE)).status).toBe(429)
  })
})

describe('the client queues on a per-user bucket (src/rest/limiter.ts)', () => {
  function client() {
    const time = virtualClock()
    const emulator = createEmulator({ now: time.now, applications, rateLimits: { global: false, dailyCreates: false } })
    const seen: RateLimitInfo[] = []
    // The keys the store is given (a shared Redis sees them): a credential's fingerprint, never the token.
    const memory = createMemoryStore()
    const keys: string[] = []
    const rateLimitStore: typeof memory = {
      take: (request, now) => (keys.push(request.bucket ?? ''), memory.take(request, now)),
      done: (key, ticket, now) => memory.done(key, ticket, now),
      learn: (bucket, state, now) => (keys.push(bucket), memory.learn(bucket, state, now)),
      block: (key, ms, now) => (keys.push(key), memory.block(key, ms, now)),
    }
    const rest = createClient({
      rateLimitStore,
      token: 'Bot bot-token',
      applicationId: APP,
      baseUrl: emulator.baseUrl,
      fetch: emulator.fetch,
      now: time.now,
      sleep: time.sleep,
      maxRetryWait: 120_000,
      hooks: { onRateLimit: (i) => void seen.push(i) },
    })
    return { time, emulator, rest, seen, keys }
  }

  it('learns the bucket from the headers and holds the 11th create-or-join until the window has room: no 429 is sent', async () => {
    const { time, emulator, rest, seen } = client()
    const start = time.clock.now
    const done: number[] = []
    const calls = Array.from({ length: 11 }, (_, i) => rest.createOrJoinLobby({ secret: `room-${i}` }).then(() => void done.push(time.clock.now - start)))
    await time.run(Promise.all(calls))
    expect(emulator.requests.map((r) => r.status)).toEqual(Array(11).fill(200))
    expect(done.slice(0, 10)).toEqual(Array(10).fill(0))
    expect(done[10]).toBeGreaterThanOrEqual(60_000)
    expect(seen).toEqual([expect.objectContaining({ reason: 'queue', bucket: 'per-user /lobbies create-or-join', global: false })])
  })

  it("one user's spent bucket does not hold another user's requests (per-call Bearer tokens count apart)", async () => {
    const { time, emulator, rest, keys } = client()
    const start = time.clock.now
    const at: Record<string, number[]> = { alice: [], bob: [] }
    const join = (who: 'alice' | 'bob', i: number) =>
      rest.createOrJoinLobby({ secret: `${who}-${i}` }, { token: `Bearer ${who}-token` }).then(() => void at[who]!.push(time.clock.now - start))
    const calls = [...Array.from({ length: 11 }, (_, i) => join('alice', i)), join('bob', 0)]
    await time.run(Promise.all(calls))
    expect(emulator.requests.filter((r) => r.status === 429)).toEqual([])
    expect(at.bob).toEqual([0])
    expect(at.alice!.filter((t) => t === 0)).toHaveLength(10)
    expect(at.alice![10]).toBeGreaterThanOrEqual(60_000)
    expect(new Set(keys.filter((k) => k.includes('create-or-join'))).size).toBe(2)
    expect(keys.join(' ')).not.toMatch(/alice-token|bob-token/)
  })
})
