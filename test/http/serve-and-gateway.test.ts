/**
 * The same handler over a real loopback socket (`serve`, node:http), and the
 * gateway path: INTERACTION_CREATE payloads (public API v10; the shapes of
 * discord-api-types' APIInteraction, which @discordjs/core's InteractionCreate
 * event hands over as `data` and discord.js's `raw` event as `d`) answered through
 * the REST client's callback endpoint, at the emulator.
 */
import type { APIChatInputApplicationCommandInteraction, GatewayInteractionCreateDispatch } from 'discord-api-types/v10'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commands, option, slash } from '../../src/index.js'
import { createGatewayHandler, createHandler, serve, type Server } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { APP, delay, until, world } from './helpers.js'

const echo = slash('echo', 'Echo').options(option.string('text', 'Text').required())
const app = commands(echo)

describe('serve (node:http on 127.0.0.1)', () => {
  let server: Server
  let w: Awaited<ReturnType<typeof world>>
  beforeAll(async () => {
    w = await world()
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      rest: w.rest,
      onError: w.onError,
      deferAfter: 40,
      handlers: {
        echo: async ({ options }, ctx) => {
          if (options.text === 'slow') {
            await delay(150)
            return `slow ${ctx.user.id}`
          }
          return options.text
        },
      },
    })
    server = await serve(handler, { port: 0 })
  })
  afterAll(async () => {
    await server.close()
  })

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const signed = (await w.keys.request(body)) as Request
    const h: Record<string, string> = {}
    signed.headers.forEach((v, k) => {
      h[k] = v
    })
    return fetch(`${server.url}/interactions`, { method: 'POST', headers: { ...h, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  }

  it('answers a signed command over the socket; 401, 405, 400 and 413 too, and keeps serving', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const ok = await post(fakeInteraction(echo, { options: { text: 'hi' } }))
    expect([ok.status, await ok.json()]).toEqual([200, { type: 4, data: { content: 'hi' } }])
    expect((await post(fakeInteraction(echo, { options: { text: 'hi' } }), { 'x-signature-ed25519': '00'.repeat(64) })).status).toBe(401)
    expect((await fetch(`${server.url}/interactions`)).status).toBe(405)
    expect((await post('[1,2]')).status).toBe(400)
    // Content-Length over the limit: 413 before the body is read; the rest is read and dropped, so the client gets the 413.
    const big = await post('x'.repeat(5 * 1024 * 1024))
    expect(big.status).toBe(413)
    const again = await post(fakeInteraction(echo, { options: { text: 'still here' } }))
    expect((await again.json()).data.content).toBe('still here')
  })

  it('an oversized chunked body gets its 413, then is read to its end: no reset, and the connection serves again (issue 25 item 7)', async () => {
    // HTTP/1.1 chunked framing, no Content-Length: the limit (1 MiB) is passed while the body streams in.
    // The 413 comes before the body has ended; the client goes on sending after it has the answer, which
    // a server that closed at once would answer with a reset (EPIPE, ECONNRESET).
    const { connect } = await import('node:net')
    const signed = (await w.keys.request(fakeInteraction(echo, { options: { text: 'hi' } }))) as Request
    const head = (length: string) =>
      `POST /interactions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n${length}` +
      `x-signature-ed25519: ${signed.headers.get('x-signature-ed25519')}\r\nx-signature-timestamp: ${signed.headers.get('x-signature-timestamp')}\r\n\r\n`
    const chunk = (bytes: number) => `${bytes.toString(16)}\r\n${'x'.repeat(bytes)}\r\n`
    const socket = connect(server.port, '127.0.0.1')
    let received = ''
    const errors: unknown[] = []
    socket.setEncoding('utf8')
    socket.on('data', (d: string) => {
      received += d
    })
    socket.on('error', (e) => errors.push(e))
    await new Promise((r) => socket.once('connect', r))
    socket.write(head('transfer-encoding: chunked\r\n'))
    socket.write(chunk(1536 * 1024))
    await until(() => received.includes('\r\n\r\n') && received.includes('over 1048576 bytes'))
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    await delay(50)
    // The rest of the body after the answer: read and dropped, not reset.
    for (let i = 0; i < 8; i++) socket.write(chunk(128 * 1024))
    socket.write('0\r\n\r\n')
    // And the same connection takes the next request.
    received = ''
    const body = JSON.stringify(fakeInteraction(echo, { options: { text: 'hi' } }))
    const again = (await w.keys.request(JSON.parse(body))) as Request
    socket.write(
      `POST /interactions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(await again.clone().text())}\r\n` +
        `x-signature-ed25519: ${again.headers.get('x-signature-ed25519')}\r\nx-signature-timestamp: ${again.headers.get('x-signature-timestamp')}\r\n\r\n${await again.text()}`,
    )
    await until(() => received.includes('"content":"hi"'))
    expect(received).toMatch(/^HTTP\/1\.1 200 /)
    socket.end()
    expect(errors).toEqual([])
  })

  it('a slow handler over the socket: deferred, then the edit lands at the emulator; close() waits for it', async () => {
    const opened = w.emulator.interactions.open(APP)
    const payload = { ...fakeInteraction(echo, { options: { text: 'slow' } }), id: opened.id, token: opened.token, application_id: APP }
    const res = await post(payload)
    const answer = await res.json()
    expect(answer).toEqual({ type: 5 })
    w.emulator.interactions.respond(opened.id, answer)
    await until(() => w.emulator.interactions.get(opened.id)?.deferred === false)
    expect(w.emulator.interactions.get(opened.id)?.original?.content).toMatch(/^slow \d+$/)
    expect(w.errors).toEqual([])
  })
})

describe('createGatewayHandler (@discordjs/core data, discord.js raw packets)', () => {
  it('answers through the callback endpoint; the same router, context and deferral', async () => {
    const w = await world()
    const onInteraction = createGatewayHandler({
      app,
      rest: w.rest,
      onError: w.onError,
      deferAfter: 30,
      handlers: {
        echo: async ({ options }, ctx) => {
          if (options.text === 'slow') {
            await delay(100)
            // Deferred by now (the 3-second rule at 30 ms): the first follow-up takes the "thinking" message's place, and the answer comes after it.
            await ctx.followUp(`(for ${ctx.user.username})`)
          }
          return `echo ${options.text}`
        },
      },
    })
    // @discordjs/core: client.on(GatewayDispatchEvents.InteractionCreate, ({ data }) => onInteraction(data))
    const a = w.emulator.interactions.open(APP)
    const data = { ...fakeInteraction(echo, { options: { text: 'hi' } }), id: a.id, token: a.token, application_id: APP } as unknown as APIChatInputApplicationCommandInteraction
    await onInteraction(data)
    const ra = w.emulator.interactions.get(a.id)
    expect(ra?.transcript[0]).toMatchObject({ kind: 'callback', via: 'endpoint', type: 4, data: { content: 'echo hi' } })
    expect(ra?.transcript).toHaveLength(1)
    // discord.js: client.on('raw', (packet) => onInteraction(packet)); other packets are ignored.
    await onInteraction({ op: 0, t: 'MESSAGE_CREATE', s: 1, d: {} })
    const b = w.emulator.interactions.open(APP)
    const packet = {
      op: 0,
      s: 2,
      t: 'INTERACTION_CREATE',
      d: { ...fakeInteraction(echo, { options: { text: 'slow' } }), id: b.id, token: b.token, application_id: APP },
    } as unknown as GatewayInteractionCreateDispatch
    await onInteraction(packet)
    const rb = w.emulator.interactions.get(b.id)
    expect(rb?.transcript.map((e) => [e.kind, 'type' in e ? e.type : undefined])).toEqual([
      ['callback', 5],
      ['followup', undefined],
      ['followup', undefined],
    ])
    expect(rb?.transcript[1]).toMatchObject({ replacedLoading: true, message: { content: expect.stringMatching(/^\(for user\d+\)$/) } })
    expect(rb?.original?.content).toMatch(/^\(for user\d+\)$/)
    expect(rb?.followUps.map((m) => m.content)).toEqual(['echo slow'])
    expect(w.errors).toEqual([])
  })

  it('a payload of another app is answered with a misfit message and one onError call, never a throw (shapes: gateway.test.ts)', async () => {
    const w = await world()
    const onInteraction = createGatewayHandler({ app, rest: w.rest, onError: w.onError, handlers: { echo: () => 'x' } })
    const c = w.emulator.interactions.open(APP)
    await onInteraction({ ...fakeInteraction(echo, { options: { text: 'hi' } }), data: { id: '1', name: 'nope', type: 1 }, id: c.id, token: c.token, application_id: APP })
    expect(w.emulator.interactions.get(c.id)?.original?.flags).toBe(64)
    expect(w.errors.map((e) => (e as { step?: string }).step)).toEqual(['payload'])
  })
})
