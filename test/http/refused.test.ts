/**
 * What an app's developer sees of the requests its endpoint refuses
 * (`createHandler({ onRefused })`): the service's own requests that do not get
 * through, the developer portal's "could not be verified", have three usual causes
 * (public API v10, "Security and Authorization": Ed25519 over
 * `X-Signature-Timestamp` + the body as sent): a public key of another
 * application, a body parsed and serialized again before it is verified, a clock
 * that is wrong. Each is told apart by its reason, over real HTTP on loopback
 * (`serve`) and through the fetch handler alone.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createHandler, serve, type Refusal, type Server } from '../../src/http/index.js'
import { fakeInteraction, generateTestKeys } from '../../src/testing/index.js'

const ping = slash('ping', 'Pong')
const app = commands(ping)
const seconds = () => Math.floor(Date.now() / 1000)

async function setup(extra: { now?: () => number; onRefused?: (r: Refusal, request: Request) => void } = {}) {
  const keys = await generateTestKeys()
  const refused: { status: number; reason: string; method: string; path: string }[] = []
  const errors: unknown[] = []
  const handler = createHandler({
    publicKey: keys.publicKey,
    app,
    handlers: { ping: () => 'pong' },
    onError: (e) => void errors.push(e),
    onRefused: (r, request) => {
      refused.push({ status: r.status, reason: r.reason, method: request.method, path: new URL(request.url).pathname })
      extra.onRefused?.(r, request as Request)
    },
    ...(extra.now === undefined ? {} : { now: extra.now }),
  })
  return { keys, refused, errors, handler }
}

const servers: Server[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close({ timeout: 1000 })))
})

describe('createHandler: onRefused, for what the service sends that does not get through', () => {
  it('a public key of another application: 401, "does not verify with this public key", over loopback', async () => {
    const s = await setup()
    const server = await serve(s.handler, { port: 0 })
    servers.push(server)
    const other = await generateTestKeys()
    const body = JSON.stringify(fakeInteraction(ping, {}))
    const at = seconds()
    const res = await fetch(`${server.url}/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': await other.sign(body, at), 'x-signature-timestamp': String(at) },
      body,
    })
    expect(res.status).toBe(401)
    const text = await res.text()
    expect(text).toBe("the signature does not verify: not signed by the service, another application's public key, or a body changed before it was verified")
    expect(s.refused).toEqual([{ status: 401, reason: text, method: 'POST', path: '/interactions' }])
    // The same request signed with the app's key goes through, and is not reported.
    const ok = await fetch(`${server.url}/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': await s.keys.sign(body, at), 'x-signature-timestamp': String(at) },
      body,
    })
    expect([ok.status, await ok.json()]).toEqual([200, { type: 4, data: { content: 'pong' } }])
    expect(s.refused).toHaveLength(1)
    expect(s.errors).toEqual([])
  })

  it('a body parsed and serialized again (a JSON middleware before the handler): the same reason, which names it', async () => {
    const s = await setup()
    // The service's bytes, as signed: its own spacing and key order.
    const sent = JSON.stringify(fakeInteraction(ping, {}), null, 1)
    const at = seconds()
    const signature = await s.keys.sign(sent, at)
    const again = JSON.stringify(JSON.parse(sent))
    const res = await s.handler(new Request('http://bot/', { method: 'POST', headers: { 'x-signature-ed25519': signature, 'x-signature-timestamp': String(at) }, body: again }))
    expect(res.status).toBe(401)
    expect(s.refused[0]?.reason).toContain('or a body changed before it was verified')
    // The bytes as sent verify.
    const asSent = await s.handler(new Request('http://bot/', { method: 'POST', headers: { 'x-signature-ed25519': signature, 'x-signature-timestamp': String(at) }, body: sent }))
    expect(asSent.status).toBe(200)
  })

  it('a clock that is wrong: how far, and which way, beside the replay window', async () => {
    // This machine two hours ahead of the service: every request looks two hours old.
    const ahead = await setup({ now: () => Date.now() + 7_200_000 })
    const res = await ahead.handler((await ahead.keys.request(fakeInteraction(ping, {}))) as Request)
    expect(res.status).toBe(401)
    expect(ahead.refused[0]?.reason).toMatch(/^X-Signature-Timestamp is 720\d s behind this machine's clock, outside the replay window \(300 s\)$/)
    // And ten minutes behind it.
    const behind = await setup({ now: () => Date.now() - 600_000 })
    await behind.handler((await behind.keys.request(fakeInteraction(ping, {}))) as Request)
    expect(behind.refused[0]?.reason).toMatch(/^X-Signature-Timestamp is (599|600|601) s ahead of this machine's clock/)
  })

  it('every other refusal is told too: 405, 401 without headers, 413, 400 for garbage and for what is not an interaction', async () => {
    const s = await setup()
    await s.handler(new Request('http://bot/', { method: 'GET' }))
    await s.handler(new Request('http://bot/', { method: 'POST', body: '{}' }))
    await s.handler((await s.keys.request('x'.repeat(2 * 1024 * 1024))) as Request)
    await s.handler((await s.keys.request('garbage')) as Request)
    await s.handler((await s.keys.request({ ...fakeInteraction(ping, {}), type: 99 })) as Request)
    expect(s.refused.map((r) => [r.status, r.reason.slice(0, 40)])).toEqual([
      [405, 'interactions are POSTed'],
      [401, 'X-Signature-Ed25519 must be a 64-byte si'],
      [413, 'the body is over 1048576 bytes'],
      [400, 'the body must be a JSON object (an inter'],
      [400, 'the body is not an interaction this endp'],
    ])
    // A PING and a command are answered, not reported.
    await s.handler((await s.keys.request({ ...fakeInteraction(ping, {}), type: 1 })) as Request)
    await s.handler((await s.keys.request(fakeInteraction(ping, {}))) as Request)
    expect(s.refused).toHaveLength(5)
    expect(s.errors).toEqual([])
  })

  it('an onRefused that throws changes no answer', async () => {
    const s = await setup({
      onRefused: () => {
        throw new Error('the logger is down')
      },
    })
    const res = await s.handler(new Request('http://bot/', { method: 'POST', body: '{}' }))
    expect(res.status).toBe(401)
    expect(s.refused).toHaveLength(1)
  })
})
