/**
 * Authentication (spec: "Authentication") and rate limits (spec: "Limits",
 * "Errors": 429) of the emulator, on a controlled clock.
 */
import { describe, expect, it } from 'vitest'
import { APP, BEARER, BOT, GUILD, OTHER_APP, global, guild, setup } from './helpers.js'

const ping = { name: 'ping', description: 'Pong' }

describe('authentication (spec: "Authentication")', () => {
  it('refuses a request without a credential, or with another scheme: 401', async () => {
    const { call } = setup()
    for (const authorization of ['', 'bot-token', 'Basic abc', 'Bot', 'Bot a b']) {
      const r = await call('GET', global(), undefined, { authorization })
      expect(r.status, authorization).toBe(401)
      expect(r.body).toEqual({ code: 0, message: '401: Unauthorized' })
    }
  })

  it('takes a bot token or a Bearer token on the command endpoints', async () => {
    const { call } = setup()
    expect((await call('POST', global(), ping, { authorization: BOT })).status).toBe(201)
    expect((await call('GET', global(), undefined, { authorization: BEARER })).status).toBe(200)
  })

  describe('with known applications', () => {
    const applications = [
      {
        id: APP,
        botToken: 'bot',
        bearerTokens: {
          reader: [],
          writer: ['applications.commands.update'],
          admin: ['applications.commands.permissions.update'],
        },
      },
      { id: OTHER_APP, botToken: 'other' },
    ]

    it('refuses an unknown token (401) and a token of another application (403, code 50001)', async () => {
      const { call } = setup({ applications })
      expect((await call('GET', global(), undefined, { authorization: 'Bot nope' })).status).toBe(401)
      const other = await call('GET', global(), undefined, { authorization: 'Bot other' })
      expect(other.status).toBe(403)
      expect(other.body.code).toBe(50001)
    })

    it('a Bearer token creates, edits and deletes commands only with applications.commands.update', async () => {
      const { call } = setup({ applications })
      expect((await call('POST', global(), ping, { authorization: 'Bearer reader' })).status).toBe(403)
      expect((await call('GET', global(), undefined, { authorization: 'Bearer reader' })).status).toBe(200)
      const c = await call('POST', global(), ping, { authorization: 'Bearer writer' })
      expect(c.status).toBe(201)
      expect((await call('PATCH', global(`/${c.body.id}`), { description: 'x' }, { authorization: 'Bearer reader' })).status).toBe(403)
      expect((await call('PUT', global(), [], { authorization: 'Bearer reader' })).status).toBe(403)
      expect((await call('DELETE', global(`/${c.body.id}`), undefined, { authorization: 'Bearer writer' })).status).toBe(204)
      // A bot token needs no scope.
      expect((await call('POST', global(), ping, { authorization: 'Bot bot' })).status).toBe(201)
    })

    it('the permissions PUT needs a Bearer token with applications.commands.permissions.update', async () => {
      const { call } = setup({ applications })
      const c = (await call('POST', global(), ping, { authorization: 'Bot bot' })).body
      const body = { permissions: [{ id: GUILD, type: 1, permission: false }] }
      expect((await call('PUT', guild(`/${c.id}/permissions`), body, { authorization: 'Bearer writer' })).status).toBe(403)
      expect((await call('PUT', guild(`/${c.id}/permissions`), body, { authorization: 'Bot bot' })).body.code).toBe(20001)
      expect((await call('PUT', guild(`/${c.id}/permissions`), body, { authorization: 'Bearer admin' })).status).toBe(200)
    })
  })
})

describe('the global rate limit (spec: "Limits": 50 per second per application; "Errors": 429)', () => {
  it('answers the 51st request within a second with 429, Retry-After and retry_after; a second later it passes', async () => {
    const { call, tick } = setup({ rateLimits: {} })
    tick(1) // not on a window boundary
    for (let i = 0; i < 50; i++) expect((await call('GET', global())).status).toBe(200)
    tick(400)
    const r = await call('GET', global())
    expect(r.status).toBe(429)
    expect(r.body).toMatchObject({ message: 'You are being rate limited.', retry_after: 0.6, global: true })
    expect(r.headers.get('retry-after')).toBe('1')
    expect(r.headers.get('x-ratelimit-global')).toBe('true')
    // Per application: another one is not limited.
    expect((await call('GET', `/applications/${OTHER_APP}/commands`)).status).toBe(200)
    tick(600)
    expect((await call('GET', global())).status).toBe(200)
  })

  it('counts every endpoint, and tells the remaining requests in X-RateLimit-* headers', async () => {
    const { call } = setup({ rateLimits: { global: 3 } })
    const a = await call('POST', global(), ping)
    expect(a.headers.get('x-ratelimit-limit')).toBe('3')
    expect(a.headers.get('x-ratelimit-remaining')).toBe('2')
    expect(a.headers.get('x-ratelimit-reset-after')).toBe('1.000')
    await call('GET', guild())
    expect((await call('DELETE', global(`/${a.body.id}`))).headers.get('x-ratelimit-remaining')).toBe('0')
    expect((await call('GET', global())).status).toBe(429)
  })

  it('can be raised (1200 per second on request) or turned off', async () => {
    const raised = setup({ rateLimits: { global: 1200 } })
    for (let i = 0; i < 1200; i++) await raised.emulator.handle({ method: 'GET', url: `/api/v10${global()}`, headers: { authorization: BOT }, body: '' })
    expect((await raised.call('GET', global())).status).toBe(429)
    const off = setup({ rateLimits: { global: false } })
    for (let i = 0; i < 100; i++) expect((await off.call('GET', global())).status).toBe(200)
    expect((await off.call('GET', global())).headers.get('x-ratelimit-limit')).toBeNull()
  })

  it('applies the lobby route limits too: 500 creates per 10 seconds ("Limits")', async () => {
    const { emulator, call, tick } = setup({ rateLimits: { global: false, lobbies: true } })
    const create = () => emulator.handle({ method: 'POST', url: '/api/v10/lobbies', headers: { authorization: BOT }, body: '{}' })
    for (let i = 0; i < 500; i++) expect(create().status).toBe(201)
    const r = await call('POST', '/lobbies', {})
    expect(r.status).toBe(429)
    expect(r.body.global).toBe(false)
    expect(r.headers.get('x-ratelimit-bucket')).toBe('lobby.create')
    // Another route has its own count.
    expect((await call('GET', `/lobbies/${emulator.state.lobbies()[0]!.id}`)).status).toBe(200)
    tick(10_000)
    expect((await call('POST', '/lobbies', {})).status).toBe(201)
  })

  it('does not count a refused request against the limit', async () => {
    const { call, emulator } = setup({ rateLimits: { global: 2 } })
    await call('GET', global())
    await call('GET', global())
    for (let i = 0; i < 5; i++) expect((await call('GET', global())).status).toBe(429)
    expect(emulator.requests.filter((r) => r.status === 429)).toHaveLength(5)
  })
})

describe('the request log and reset', () => {
  it('records method, path and status; reset forgets commands, lobbies, counters and the log', async () => {
    const { call, emulator } = setup({ rateLimits: { global: 1 } })
    await call('POST', global(), ping)
    await call('GET', global())
    expect(emulator.requests).toEqual([
      { method: 'POST', path: global(), status: 201 },
      { method: 'GET', path: global(), status: 429 },
    ])
    emulator.reset()
    expect(emulator.requests).toEqual([])
    expect((await call('GET', global())).body).toEqual([])
  })
})
