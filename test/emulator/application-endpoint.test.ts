/**
 * PATCH /applications/@me (OpenAPI `update_my_application`): a deploy script sets the
 * application's `interactions_endpoint_url`, and the service takes it only once the
 * URL passes its check (public API v10, "Setting Up an Endpoint": a PING signed with
 * the application's key answered with PONG, and a PING with a wrong signature
 * answered 401; otherwise 400, "The specified interactions endpoint url could not be
 * verified."). The endpoints are real servers on loopback: slashkit's `serve` of
 * `createHandler`, and a careless one that answers PONG to anything.
 */
import { createServer, type Server } from 'node:http'
import { API } from '@discordjs/core'
import { REST } from '@discordjs/rest'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createEmulator, startEmulator, type Emulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createHandler, serve } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP } from './helpers.js'

const TOKEN = 'bot-token'
const USER = { id: '300000000000000003' }
const app = commands(slash('ping', 'Pong'))
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  // A test may have closed one already (an endpoint that is down).
  for (const c of closers.splice(0)) await c().catch(() => undefined)
})

/** An emulator knowing the application, and the bot's own endpoint (`createHandler`, served) verifying with its key. */
async function setup(configured?: string) {
  const emulator = createEmulator({
    applications: [{ id: APP, botToken: TOKEN, ...(configured === undefined ? {} : { interactionsEndpointUrl: configured }) }],
    rateLimits: { global: false },
  })
  await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, fetch: emulator.fetch, baseUrl: emulator.baseUrl }).deploy(app)
  const handler = createHandler({ publicKey: await emulator.publicKey(APP), app, handlers: { ping: () => 'pong' } })
  const bot = await serve(handler, { port: 0 })
  closers.push(() => bot.close({ timeout: 0 }))
  return { emulator, bot }
}

const patch = async (emulator: Emulator, body: unknown, authorization = `Bot ${TOKEN}`) => {
  const res = await emulator.fetch(`${emulator.baseUrl}/applications/@me`, {
    method: 'PATCH',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

/** A server that answers every POST with PONG, checking no signature: what the service's check is there to catch. */
async function careless(): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"type":1}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(resolve)))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/interactions`
}

describe('PATCH /applications/@me: interactions_endpoint_url, checked as the service checks it', () => {
  it('takes a URL whose endpoint verifies signatures; GET shows it and invoke delivers there without an endpoint of its own', async () => {
    const { emulator, bot } = await setup()
    const url = `${bot.url}/interactions`
    const r = await patch(emulator, { interactions_endpoint_url: url })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ id: APP, interactions_endpoint_url: url, verify_key: await emulator.publicKey(APP) })
    const invoked = await emulator.invoke({ applicationId: APP, user: USER, command: '/ping' })
    expect(invoked).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'pong' } } })
    expect(emulator.requests.filter((q) => q.method === 'PATCH').map((q) => q.status)).toEqual([200])
  })

  it('refuses an endpoint that answers a PING with a wrong signature (400, APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID), and keeps the old URL', async () => {
    const { emulator, bot } = await setup()
    const good = `${bot.url}/interactions`
    expect((await patch(emulator, { interactions_endpoint_url: good })).status).toBe(200)
    const r = await patch(emulator, { interactions_endpoint_url: await careless() })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe(50035)
    const [error] = r.body.errors.interactions_endpoint_url._errors
    expect(error.code).toBe('APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID')
    expect(error.message).toBe('The specified interactions endpoint url could not be verified. (the PING with a wrong signature was answered 200, not 401)')
    expect(
      (await emulator.fetch(`${emulator.baseUrl}/applications/@me`, { headers: { authorization: `Bot ${TOKEN}` } }).then((x) => x.json() as Promise<any>))
        .interactions_endpoint_url,
    ).toBe(good)
  })

  it('refuses an endpoint that is down, one off this machine, and a value that is no URL; null removes the URL', async () => {
    const { emulator, bot } = await setup()
    const url = `${bot.url}/interactions`
    await bot.close({ timeout: 0 })
    const down = await patch(emulator, { interactions_endpoint_url: url })
    expect(down.status).toBe(400)
    expect(down.body.errors.interactions_endpoint_url._errors[0].code).toBe('APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID')
    const away = await patch(emulator, { interactions_endpoint_url: 'https://bot.example.com/interactions' })
    expect(away.body.errors.interactions_endpoint_url._errors[0].message).toMatch(/could not be verified\. \(.*loopback/)
    // Each shape issue carries its code and path, as every refusal of the emulator does.
    expect((await patch(emulator, { interactions_endpoint_url: 42 })).body.issues).toMatchObject([{ code: 'value.type', path: ['interactions_endpoint_url'] }])
    expect((await patch(emulator, { interactions_endpoint_url: 'not a url' })).body.issues).toMatchObject([{ code: 'url.format', path: ['interactions_endpoint_url'] }])
    expect((await patch(emulator, { interactions_endpoint_url: `http://127.0.0.1/${'x'.repeat(2048)}` })).body.issues).toMatchObject([
      { code: 'string.length', path: ['interactions_endpoint_url'] },
    ])
    expect((await patch(emulator, { interactions_endpoint_url: null })).body.interactions_endpoint_url).toBeNull()
  })

  it('null removes a configured URL until reset(), which brings the configured one back', async () => {
    const { bot } = await setup()
    const configured = `${bot.url}/interactions`
    const e = createEmulator({ applications: [{ id: APP, botToken: TOKEN, interactionsEndpointUrl: configured }] })
    await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, fetch: e.fetch, baseUrl: e.baseUrl }).deploy(app)
    expect((await patch(e, { interactions_endpoint_url: null })).status).toBe(200)
    expect(await e.invoke({ applicationId: APP, user: USER, command: '/ping' })).toMatchObject({ outcome: 'failed', code: 'endpoint.unreachable' })
    e.reset()
    expect((await e.fetch(`${e.baseUrl}/applications/@me`, { headers: { authorization: `Bot ${TOKEN}` } }).then((x) => x.json() as Promise<any>)).interactions_endpoint_url).toBe(
      configured,
    )
  })

  it('refuses the fields it does not keep, by name, and a body that is not an object; handle (synchronous) cannot run the check: 503', async () => {
    const { emulator, bot } = await setup()
    const r = await patch(emulator, { description: { default: 'A bot' }, interactions_endpoint_url: null })
    expect(r.status).toBe(400)
    expect(r.body.issues).toEqual([
      { code: 'field.unknown', path: ['description'], message: 'body.description is not kept by the emulator, which keeps only interactions_endpoint_url' },
    ])
    expect((await patch(emulator, [1])).body.issues).toMatchObject([{ code: 'value.type', path: [] }])
    const hostile = await patch(emulator, JSON.parse('{"__proto__":{"interactions_endpoint_url":null}}'))
    expect(hostile.body.issues).toMatchObject([{ code: 'field.unknown', path: ['__proto__'] }])
    expect((await patch(emulator, { interactions_endpoint_url: null }, 'Bearer x')).status).toBe(401)
    const sync = emulator.handle({
      method: 'PATCH',
      url: '/api/v10/applications/@me',
      headers: { authorization: `Bot ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ interactions_endpoint_url: `${bot.url}/other` }),
    })
    expect(sync.status).toBe(503)
  })
})

describe("@discordjs/core's api.applications.editCurrent on loopback", () => {
  it('sets the endpoint URL a deploy script gives', async () => {
    const { bot } = await setup()
    const server: RunningEmulator = await startEmulator({ applications: [{ id: APP, botToken: TOKEN }] })
    closers.push(() => server.close())
    // The bot's endpoint verifies with this emulator's key: a handler made for it.
    const handler = createHandler({ publicKey: await server.emulator.publicKey(APP), app, handlers: { ping: () => 'pong' } })
    const own = await serve(handler, { port: 0 })
    closers.push(() => own.close({ timeout: 0 }))
    const api = new API(new REST({ api: `http://127.0.0.1:${server.port}/api` }).setToken(TOKEN))
    const edited = await api.applications.editCurrent({ interactions_endpoint_url: `${own.url}/interactions` })
    expect(edited.interactions_endpoint_url).toBe(`${own.url}/interactions`)
    // The first endpoint verifies another emulator's key: refused.
    await expect(api.applications.editCurrent({ interactions_endpoint_url: `${bot.url}/interactions` })).rejects.toMatchObject({ code: 50035, status: 400 })
  })
})
