/**
 * Authentication (spec: "Authentication") and the request log of the emulator, on a
 * controlled clock. The rate limits are in rate-limits.test.ts.
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

describe('the request log and reset', () => {
  it("records method, path, status, time and a refusal's error; reset forgets commands, lobbies, counters and the log", async () => {
    const { call, emulator, clock } = setup({ rateLimits: { global: 1 } })
    await call('POST', global(), ping)
    await call('GET', global())
    expect(emulator.requests).toEqual([
      { method: 'POST', path: global(), status: 201, at: clock.now },
      { method: 'GET', path: global(), status: 429, at: clock.now, error: { code: 0, message: 'You are being rate limited.' } },
    ])
    emulator.reset()
    expect(emulator.requests).toEqual([])
    expect((await call('GET', global())).body).toEqual([])
  })
})
