/**
 * Bad input at the endpoint (DESIGN.md "Receiving interactions": 401, 405, 400,
 * 413, never a 5xx; public API v10: Ed25519 over X-Signature-Timestamp + body):
 * each gets its status, never a crash and never a handler call.
 */
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createHandler, MAX_BODY_BYTES, verifyRequest } from '../../src/http/index.js'
import { fakeInteraction, generateTestKeys } from '../../src/testing/index.js'

const ping = slash('ping', 'Pong')
const app = commands(ping)

async function setup(options: { maxBodyBytes?: number; replayWindowSeconds?: number | false } = {}) {
  const keys = await generateTestKeys()
  const calls: unknown[] = []
  const handler = createHandler({ publicKey: keys.publicKey, app, handlers: { ping: (v) => (calls.push(v), 'pong') }, ...options })
  const send = async (request: Request | Promise<unknown>) => {
    const res = await handler((await request) as Request)
    return { status: res.status, text: await res.text() }
  }
  return { keys, calls, handler, send }
}

const now = () => Math.floor(Date.now() / 1000)

describe('createHandler: bad input', () => {
  it('checks the public key at creation: 64 hex characters, with a clear error that does not echo it', async () => {
    const make = (publicKey: string) => () => createHandler({ publicKey, app, handlers: { ping: () => 'x' } })
    expect(make('ab')).toThrow(/64 hex characters \(got 2 characters\)/)
    expect(make('z'.repeat(64))).toThrow(/not all hex/)
    expect(make('z'.repeat(64))).not.toThrow(/zzzz/)
    expect(make(undefined as never)).toThrow(TypeError)
    expect(make('a'.repeat(64))).not.toThrow()
  })

  it('405 to anything but POST', async () => {
    const s = await setup()
    for (const method of ['GET', 'HEAD', 'DELETE']) expect((await s.send(new Request('http://x/', { method }))).status).toBe(405)
    expect((await s.send(s.keys.request(fakeInteraction(ping, {}), { method: 'PUT' }))).status).toBe(405)
    expect(s.calls).toEqual([])
  })

  it('the replay window on a fixed clock: 300 s either side is accepted, 301 s is not (REPLAY_WINDOW_SECONDS)', async () => {
    const keys = await generateTestKeys()
    const body = JSON.stringify(fakeInteraction(ping, {}))
    const at = 1_700_000_000
    const verdicts = []
    for (const skew of [-300, 300, -301, 301]) verdicts.push((await verifyRequest(await keys.request(body, { timestamp: at + skew }), keys.publicKey, { now: () => at * 1000 })).ok)
    expect(verdicts).toEqual([true, true, false, false])
  })

  it('401: missing, wrong, non-hex or short signature; missing, non-numeric or stale timestamp; a body changed after signing', async () => {
    const s = await setup()
    const body = JSON.stringify(fakeInteraction(ping, {}))
    const good = await s.keys.sign(body, now())
    const req = (headers: Record<string, string>, b = body) => new Request('http://x/', { method: 'POST', headers, body: b })
    const cases = [
      req({ 'x-signature-timestamp': String(now()) }),
      req({ 'x-signature-ed25519': good }),
      req({ 'x-signature-ed25519': good.replace(/^../, good.startsWith('00') ? '11' : '00'), 'x-signature-timestamp': String(now()) }),
      req({ 'x-signature-ed25519': 'zz'.repeat(64), 'x-signature-timestamp': String(now()) }),
      req({ 'x-signature-ed25519': good.slice(2), 'x-signature-timestamp': String(now()) }),
      req({ 'x-signature-ed25519': good, 'x-signature-timestamp': 'yesterday' }),
      req({ 'x-signature-ed25519': good, 'x-signature-timestamp': String(now()) }, body.replace('ping', 'pong')),
      // Outside the 300 s window by a minute: a timestamp 1 s ahead went stale into the
      // window while a loaded machine built the cases (a flake in CI).
      await s.keys.request(body, { timestamp: now() - 360 }),
      await s.keys.request(body, { timestamp: now() + 360 }),
    ]
    for (const c of cases) expect((await s.send(c)).status).toBe(401)
    expect(s.calls).toEqual([])
    // Another key pair's signature does not verify either.
    const other = await generateTestKeys()
    expect((await s.send(other.request(body))).status).toBe(401)
    // The window is configurable, and can be turned off.
    const off = await setup({ replayWindowSeconds: false })
    expect((await off.send(off.keys.request(body, { timestamp: 1 }))).status).toBe(200)
  })

  it('413 to a body over the limit, by Content-Length or while streaming (a 5 MB body), before verifying it', async () => {
    const s = await setup()
    expect(MAX_BODY_BYTES).toBe(1024 * 1024)
    const big = 'x'.repeat(5 * 1024 * 1024)
    expect((await s.send(s.keys.request(big))).status).toBe(413)
    // No Content-Length: the stream is cut at the limit; the signature is not even valid.
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++
        c.enqueue(new Uint8Array(64 * 1024))
        if (pulled > 1000) c.close()
      },
    })
    const streamed = new Request('http://x/', {
      method: 'POST',
      headers: { 'x-signature-ed25519': '00'.repeat(64), 'x-signature-timestamp': String(now()) },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect((await s.send(streamed)).status).toBe(413)
    expect(pulled).toBeLessThan(40)
    const small = await setup({ maxBodyBytes: 100 })
    expect((await small.send(small.keys.request(fakeInteraction(ping, {})))).status).toBe(413)
    expect(s.calls).toEqual([])
  })

  it('400: garbage JSON, an array, null, a number, 10k-deep nesting, unknown interaction types, no id or token', async () => {
    const s = await setup()
    const deep = '['.repeat(10_000) + ']'.repeat(10_000)
    const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)
    const base = fakeInteraction(ping, {}) as unknown as Record<string, unknown>
    for (const body of [
      '{',
      'garbage',
      '[]',
      'null',
      '42',
      '""',
      deep,
      deepObject,
      '',
      JSON.stringify({ ...base, type: 6 }),
      JSON.stringify({ ...base, type: 99 }),
      JSON.stringify({ ...base, type: '2' }),
      JSON.stringify({ ...base, token: undefined }),
    ])
      expect((await s.send(s.keys.request(body))).status, body.slice(0, 30)).toBe(400)
    expect(s.calls).toEqual([])
  })

  it('400 names the field of an interaction it cannot read, never quoting the token', async () => {
    // Public API v10 interaction types 1 to 5 are the ones an endpoint answers; id and token are strings.
    const s = await setup()
    const base = fakeInteraction(ping, {}) as unknown as Record<string, unknown>
    const reasons: [Record<string, unknown>, string][] = [
      [{ ...base, type: 99 }, 'type 99 is not one answered here (1 PING, 2 command, 3 component, 4 autocomplete, 5 modal submit)'],
      [{ ...base, type: undefined }, 'type is missing (1 PING, 2 command, 3 component, 4 autocomplete, 5 modal submit)'],
      [{ ...base, id: 123 }, 'id must be a string (a snowflake), got a number'],
      [{ ...base, token: undefined }, 'token must be a string, got nothing'],
      [{ ...base, application_id: 5 }, 'application_id must be a string when present, got a number'],
    ]
    for (const [body, why] of reasons) {
      const res = await s.send(s.keys.request(JSON.stringify(body)))
      expect(res.status).toBe(400)
      expect(res.text).toBe(`the body is not an interaction this endpoint answers: ${why}`)
    }
    const secret = await s.send(s.keys.request(JSON.stringify({ ...base, id: 'x', token: { value: 'SECRET-token' } })))
    expect(secret.text).toBe('the body is not an interaction this endpoint answers: token must be a string, got an object')
    expect(s.calls).toEqual([])
  })

  it('__proto__ keys are plain data: no prototype pollution, no handler call on a payload that does not fit', async () => {
    const s = await setup()
    const base = fakeInteraction(ping, {}) as unknown as Record<string, unknown>
    const text = JSON.stringify(base).replace('{', '{"__proto__":{"polluted":true},')
    const r = await s.send(s.keys.request(text))
    expect(r.status).toBe(200)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const hostile = JSON.stringify({ ...base, data: JSON.parse('{"__proto__":{"name":"ping"},"id":"1","type":1}') })
    const h = await s.send(s.keys.request(hostile))
    expect(h.status).toBe(200)
    expect(JSON.parse(h.text).data.flags).toBe(64)
  })

  it('verifyRequest alone: the body text when it verifies, the status and reason otherwise', async () => {
    const keys = await generateTestKeys()
    const ok = await verifyRequest((await keys.request({ hello: 1 })) as Request, keys.publicKey)
    expect(ok).toEqual({ ok: true, body: '{"hello":1}' })
    const bad = await verifyRequest(new Request('http://x/', { method: 'POST', body: '{}' }), keys.publicKey)
    expect(bad).toMatchObject({ ok: false, status: 401 })
  })
})
