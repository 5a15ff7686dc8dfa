/**
 * A body read before the handler: the signature covers the bytes as the service
 * sent them (public API v10, "Security and Authorization": Ed25519 over
 * `X-Signature-Timestamp` + the body), so a middleware that reads the body first (a
 * validator, a logger's `await request.text()`) leaves nothing to verify. Before,
 * the handler's promise rejected ("ReadableStream is locked", "Body is unusable"),
 * which the platform turns into its own 500 and nobody is told why. Now it is a
 * refusal like the others: 500 with a sentence, told to `onRefused`. Played on
 * Hono 4, a real framework where a middleware reads `c.req` this way, with the
 * emulator as the service.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createHandler, verifyRequest, type Refusal } from '../../src/http/index.js'
import { generateTestKeys } from '../../src/testing/index.js'
import { APP, deployed } from '../emulator/invoke/helpers.js'

const ping = slash('ping', 'Pong')
const app = commands(ping)
const USER = { id: '300000000000000003', username: 'alice' }
const PLACE = { guild: { id: '400000000000000004' }, channel: { id: '500000000000000005' } }
const READ_FIRST = 'the body was read before it could be verified: give slashkit the request before anything reads its body'

/** A Hono app whose middleware reads the body as `read` says, before the slashkit route. */
async function honoBot(read: 'text' | 'clone') {
  const { emulator, rest, publicKey } = await deployed(app)
  const refused: Refusal[] = []
  const handler = createHandler({ publicKey, app, rest, handlers: { ping: () => 'pong' }, onRefused: (r) => void refused.push(r) })
  const logged: number[] = []
  const web = new Hono()
  web.use('*', async (c, next) => {
    // A request logger: its size, read from the body itself or from a clone of it.
    logged.push((read === 'text' ? await c.req.text() : await c.req.raw.clone().text()).length)
    await next()
  })
  // On Node there is no worker's context (Hono's `c.executionCtx` throws there): the handler alone.
  web.post('/interactions', (c) => handler(c.req.raw))
  const invoke = () => emulator.invoke({ applicationId: APP, endpoint: (request) => web.fetch(request as Request), user: USER, place: PLACE, command: '/ping' })
  return { invoke, refused, logged }
}

describe('a body read before the handler', () => {
  it("a Hono middleware that reads c.req's body: 500 with the sentence, told to onRefused, no rejection", async () => {
    const bot = await honoBot('text')
    const r = await bot.invoke()
    expect(r).toMatchObject({ outcome: 'failed', code: 'endpoint.status', status: 500 })
    expect(r.outcome === 'failed' && r.message).toContain(READ_FIRST)
    expect(bot.refused).toEqual([{ ok: false, status: 500, reason: READ_FIRST }])
    expect(bot.logged).toHaveLength(1)
  })

  it('the same middleware reading a clone: the bytes reach the handler as sent, and the command is answered', async () => {
    const bot = await honoBot('clone')
    const r = await bot.invoke()
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'pong' } } })
    expect(bot.refused).toEqual([])
    expect(bot.logged[0]).toBeGreaterThan(100)
  })

  it('verifyRequest: a body held by a reader is the same 500; a body that breaks off is 400; neither rejects', async () => {
    const keys = await generateTestKeys()
    const body = '{"type":1}'
    const signed = (await keys.request(body)) as Request
    // Held by a reader that never finished.
    const held = signed.clone()
    held.body?.getReader()
    expect(await verifyRequest(held, keys.publicKey)).toEqual({ ok: false, status: 500, reason: READ_FIRST })
    // Read whole by arrayBuffer (what a Content-Length lets the handler do itself).
    const used = signed.clone()
    await used.arrayBuffer()
    expect(await verifyRequest(used, keys.publicKey)).toEqual({ ok: false, status: 500, reason: READ_FIRST })
    // A stream that errors half way (a client gone mid-body).
    const broken = new Request('http://bot/', {
      method: 'POST',
      headers: signed.headers,
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"ty'))
          c.error(new Error('connection reset'))
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(await verifyRequest(broken, keys.publicKey)).toEqual({ ok: false, status: 400, reason: 'the body could not be read to its end' })
    // The request itself, untouched, still verifies.
    expect(await verifyRequest(signed, keys.publicKey)).toEqual({ ok: true, body })
  })
})
