/**
 * GET /applications/@me (public API v10; the operator's OpenAPI `get_my_application`,
 * security `BotToken`, answering `PrivateApplicationResponse`): the bot's own
 * application, which deploy scripts read for their id (`@discordjs/core`'s
 * `api.applications.getCurrent()`). The emulator answers what it knows (the id, the
 * key it signs interactions with as `verify_key`, the interactions endpoint, the
 * installs) and a new application's values for the rest of the required fields.
 */
import { API } from '@discordjs/core'
import { REST } from '@discordjs/rest'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmulator, startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { APP, GUILD, USER_ID } from './helpers.js'

/** The OpenAPI's `PrivateApplicationResponse.required`. */
const REQUIRED = [
  'id',
  'name',
  'icon',
  'description',
  'type',
  'verify_key',
  'flags',
  'flags_new',
  'redirect_uris',
  'interactions_endpoint_url',
  'role_connections_verification_url',
  'owner',
  'approximate_guild_count',
  'approximate_user_install_count',
  'approximate_user_authorization_count',
  'explicit_content_filter',
  'team',
  'eligible_oauth2_scopes',
]

const servers: RunningEmulator[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

const call = async (e: ReturnType<typeof createEmulator>, authorization?: string, method = 'GET') => {
  const res = await e.fetch(`${e.baseUrl}/applications/@me`, { method, headers: authorization === undefined ? {} : { authorization } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('GET /applications/@me', () => {
  it('a configured application: its id, its signing key as verify_key, its endpoint and installs, every required field', async () => {
    const e = createEmulator({
      applications: [{ id: APP, botToken: 'bot-token', interactionsEndpointUrl: 'http://127.0.0.1:8787/interactions', installs: { guilds: [GUILD], users: [USER_ID] } }],
    })
    const { status, body } = await call(e, 'Bot bot-token')
    expect(status).toBe(200)
    for (const key of REQUIRED) expect(body, key).toHaveProperty(key)
    expect(body).toMatchObject({
      id: APP,
      verify_key: await e.publicKey(APP),
      interactions_endpoint_url: 'http://127.0.0.1:8787/interactions',
      approximate_guild_count: 1,
      approximate_user_install_count: 1,
      integration_types_config: { 0: {}, 1: {} },
      bot: { id: APP, bot: true },
    })
    expect(body.verify_key).toMatch(/^[0-9a-f]{64}$/)
  })

  it('without configured applications: the id a bot token carries in its first part (base64), else 401', async () => {
    const e = createEmulator({})
    const token = `${btoa(APP).replace(/=+$/, '')}.GhIjKl.secret-part`
    const { status, body } = await call(e, `Bot ${token}`)
    expect(status).toBe(200)
    expect(body.id).toBe(APP)
    expect(body.verify_key).toBe(await e.publicKey(APP))
    expect(body.interactions_endpoint_url).toBeNull()
    expect((await call(e, 'Bot not-a-token')).status).toBe(401)
  })

  it('refuses what the OpenAPI does not let in: no token, a Bearer token, an unknown bot token (401); another method (405)', async () => {
    const e = createEmulator({ applications: [{ id: APP, botToken: 'bot-token' }] })
    expect((await call(e)).status).toBe(401)
    expect((await call(e, 'Bearer bearer-token')).status).toBe(401)
    expect((await call(e, 'Bot other-token')).status).toBe(401)
    expect((await call(e, 'Bot bot-token', 'DELETE')).status).toBe(405)
  })

  it('handle, the synchronous entry, answers 503 until the key is made (WebCrypto is asynchronous), then the same as answer', async () => {
    const e = createEmulator({ applications: [{ id: APP, botToken: 'bot-token' }] })
    const request = { method: 'GET', url: '/api/v10/applications/@me', headers: { authorization: 'Bot bot-token' }, body: '' }
    const first = e.handle(request)
    expect(first.status).toBe(503)
    expect(first.body).toContain('the signing key is not ready: ask again')
    expect((await e.answer(request)).status).toBe(200)
    expect(e.handle(request).status).toBe(200)
  })

  it('a token whose first part is not base64 of an id (other characters, padding, extra bytes) names no application: 401', async () => {
    const e = createEmulator({})
    for (const head of ['MTAwMDAwMDAwMDAwMDAwMDAx!!', `${btoa(`${APP}x`).replace(/=+$/, '')}`, btoa('12345'), ''])
      expect((await call(e, `Bot ${head}.GhIjKl.secret`)).status, head).toBe(401)
    expect((await call(e, `Bot ${btoa(APP)}.GhIjKl.secret`)).status).toBe(200)
  })

  it("@discordjs/core's api.applications.getCurrent() on loopback reads it", async () => {
    const server = await startEmulator({ applications: [{ id: APP, botToken: 'bot-token' }] })
    servers.push(server)
    const api = new API(new REST({ api: `http://127.0.0.1:${server.port}/api` }).setToken('bot-token'))
    const me = await api.applications.getCurrent()
    expect(me.id).toBe(APP)
    expect(me.verify_key).toBe(await server.emulator.publicKey(APP))
  })
})
