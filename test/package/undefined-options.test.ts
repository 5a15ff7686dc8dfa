/**
 * A key set to `undefined` is absent (DESIGN.md, "Rulings"): every public option
 * bag a user fills from the environment (`createClient({ baseUrl:
 * process.env.DISCORD_API })`) gets the default for it at run time, never the
 * `undefined` in its place. The types take it (test-d/option-bags.test-d.ts,
 * with exactOptionalPropertyTypes on); createRedisStore's prefix is in
 * test/rest/redis.test.ts, on a real redis-server.
 */
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createEmulator, startEmulator } from '../../src/emulator/index.js'
import { createGatewayHandler, createHandler, DispatchError, serve, verifyRequest } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { fakeInteraction, fakeModalSubmit, generateTestKeys } from '../../src/testing/index.js'

const env: Record<string, string | undefined> = {}
const ping = slash('ping', 'Pong')
const app = commands(ping)

describe('createClient: each option given as undefined is its default', () => {
  it('baseUrl, retries, retryBackoff, timeout, globalLimit, localeHeader, hooks, sleep, now, fetch (the platform one): the public v10 address, 3 retries', async () => {
    const urls: string[] = []
    const headers: Record<string, string>[] = []
    let calls = 0
    const fetch = async (url: string, init?: { headers?: Record<string, string> }) => {
      urls.push(url)
      headers.push({ ...(init?.headers ?? {}) })
      calls++
      return new Response(JSON.stringify({ message: 'boom', code: 0 }), { status: 500, headers: { 'content-type': 'application/json' } })
    }
    const rest = createClient({
      applicationId: '100000000000000001',
      token: 'Bot t',
      baseUrl: env.DISCORD_API,
      fetch: fetch as never,
      retries: undefined,
      retryBackoff: undefined,
      timeout: undefined,
      globalLimit: undefined,
      rateLimitMargin: undefined,
      rateLimitStore: undefined,
      rejectOnRateLimit: undefined,
      invalidRequestLimit: undefined,
      hooks: undefined,
      maxRetryWait: undefined,
      // A clock that does not wait, so the default backoff (500, 1000, 2000 ms) costs no time.
      sleep: async () => {},
      now: undefined,
      localeHeader: undefined,
    })
    await expect(rest.listCommands({ guildId: undefined, withLocalizations: undefined, locale: 'fr' })).rejects.toMatchObject({ status: 500 })
    // The default retries (3): four attempts, each at the public API v10 address ("Versioning" 1).
    expect(calls).toBe(4)
    expect(urls[0]).toBe('https://discord.com/api/v10/applications/100000000000000001/commands')
    // The default locale header ("Other command rules" 7: X-Service-Locale).
    expect(Object.keys(headers[0] ?? {}).map((k) => k.toLowerCase())).toContain('x-service-locale')
  })

  it('per call: a token, a timeout or a limit given as undefined is the client default; dryRun undefined writes', async () => {
    const emulator = createEmulator({ now: undefined, rateLimits: undefined, applications: undefined, signingKey: undefined })
    const rest = createClient({ applicationId: '100000000000000001', token: 'Bot t', baseUrl: emulator.baseUrl, fetch: emulator.fetch })
    const result = await rest.deploy(app, { guildId: undefined, dryRun: undefined, permissionGuilds: undefined })
    expect(result.applied).toBe(true)
    expect(
      (
        await rest.request<unknown[]>('GET', '/applications/100000000000000001/commands', {
          token: undefined,
          timeout: undefined,
          globalLimit: undefined,
          body: undefined,
          files: undefined,
          headers: undefined,
        })
      ).length,
    ).toBe(1)
    await expect(rest.putPermissions('200000000000000001', result.commands[0]!.id, [], { token: undefined })).rejects.toMatchObject({ name: 'CredentialError' })
  })
})

describe('slashkit/http: undefined options are their defaults', () => {
  it('createHandler: the replay window (300 s), the body limit, the clock, the notices and the deferral stay on', async () => {
    const keys = await generateTestKeys()
    const errors: unknown[] = []
    const handler = createHandler({
      publicKey: keys.publicKey,
      app,
      handlers: { ping: () => 'pong' },
      onError: (e) => void errors.push(e),
      autocomplete: undefined,
      rest: undefined,
      deferAfter: undefined,
      deferEphemeral: undefined,
      noAutoDefer: undefined,
      messages: { misfit: undefined, error: undefined, unhandled: undefined, stale: undefined },
      maxBodyBytes: undefined,
      replayWindowSeconds: undefined,
      now: undefined,
      onRefused: undefined,
    })
    const ok = await handler((await keys.request(fakeInteraction(ping, {}), { timestamp: undefined, url: undefined, method: undefined, headers: undefined })) as Request)
    expect([ok.status, await ok.json()]).toEqual([200, { type: 4, data: { content: 'pong' } }])
    // A timestamp an hour old: outside the default replay window, 401.
    const old = await handler((await keys.request(fakeInteraction(ping, {}), { timestamp: Math.floor(Date.now() / 1000) - 3600 })) as Request)
    expect(old.status).toBe(401)
    // The default notice of a misfit with messages.misfit undefined.
    const gone = await handler((await keys.request({ ...fakeInteraction(ping, {}), data: { id: '1', name: 'gone', type: 1 } })) as Request)
    expect(((await gone.json()) as { data: { content: string } }).data.content).toBe('This command does not match the app any more. Try again in a moment.')
    expect(errors.map((e) => (e as DispatchError).step)).toEqual(['payload'])
    // verifyRequest alone: the default body limit (1 MiB) refuses a signed body over it (413).
    const big = (await keys.request({ padding: 'x'.repeat(1024 * 1024 + 1) })) as Request
    expect(await verifyRequest(big, keys.publicKey, { maxBodyBytes: undefined, replayWindowSeconds: undefined, now: undefined })).toMatchObject({ ok: false, status: 413 })
  })

  it('createGatewayHandler: rest, onError and deferAfter undefined are the defaults (a raw interaction still runs)', async () => {
    const emulator = createEmulator({})
    const rest = createClient({ applicationId: '100000000000000001', baseUrl: emulator.baseUrl, fetch: emulator.fetch })
    const opened = emulator.interactions.open('100000000000000001', {
      type: undefined,
      channelId: undefined,
      guildId: undefined,
      token: undefined,
      userId: undefined,
      message: undefined,
    })
    const run = createGatewayHandler({ app, handlers: { ping: () => 'pong' }, rest, onError: undefined, deferAfter: undefined, messages: undefined, others: undefined })
    await run({
      ...fakeInteraction(ping, { guildId: undefined, locale: undefined, channelId: undefined, user: undefined }),
      id: opened.id,
      token: opened.token,
      application_id: '100000000000000001',
    })
    expect(emulator.interactions.get(opened.id)?.original?.content).toBe('pong')
  })

  it('serve and startEmulator: host undefined is 127.0.0.1 (loopback only); startEmulator port undefined a free port', async () => {
    const keys = await generateTestKeys()
    const server = await serve(createHandler({ publicKey: keys.publicKey, app, handlers: { ping: () => 'pong' } }), { port: 0, host: undefined })
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/)
    } finally {
      await server.close()
    }
    const emulated = await startEmulator({ port: undefined, host: undefined, emulator: undefined, control: undefined })
    try {
      expect(emulated.port).toBeGreaterThan(0)
      expect(emulated.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/)
      // control undefined is on: the control page answers.
      const key = await fetch(emulated.url.replace('/api/v10', '/emulator/public-key?application=100000000000000001'))
      expect(key.status).toBe(200)
      expect(((await key.json()) as { publicKey: string }).publicKey).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      await emulated.close()
    }
  })

  it('the fakes: settings given as undefined are the defaults (a guild, en-US)', () => {
    const submit = fakeModalSubmit({ customId: 'm', fields: {}, guildId: undefined, locale: undefined, resolved: undefined, message: undefined })
    expect(submit.locale).toBe('en-US')
    expect(submit.guild_id).toBe('200000000000000001')
  })
})
