/**
 * Delivery, as the service does it (public API v10; the spec does not show the
 * transport): the interaction is POSTed, signed with Ed25519 over timestamp + body,
 * to a loopback URL or an in-process function, and answered within 3 seconds.
 * Every failure of the endpoint is a result, never a hang or a crash. And the
 * version check of global commands (spec "Command endpoints" rule 1, "Versioning" 2).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { APP, GUILD, verify, world } from './helpers.js'
import { GUILD as G, setup } from '../helpers.js'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

/** A real HTTP server on 127.0.0.1; `answer` writes the response. */
async function serve(answer: (body: string, headers: Record<string, string | string[] | undefined>, res: import('node:http').ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c) => (body += c))
    req.on('end', () => answer(body, req.headers, res))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`
}

describe('signing (public API v10: X-Signature-Ed25519 over X-Signature-Timestamp + body)', () => {
  it('one key pair per application: 32 bytes of public key in hex, stable, different between applications', async () => {
    const { emulator } = setup()
    const a = await emulator.publicKey(APP)
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(await emulator.publicKey(APP)).toBe(a)
    expect(await emulator.publicKey('100000000000000002')).not.toBe(a)
  })

  it('a real HTTP endpoint on loopback gets a body whose signature verifies, and not once the body is changed', async () => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    let seen: { body: string; signature: string; timestamp: string } | undefined
    const url = await serve((body, headers, res) => {
      seen = { body, signature: String(headers['x-signature-ed25519']), timestamp: String(headers['x-signature-timestamp']) }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 4, data: { content: 'pong' } }))
    })
    const r = await w.invoke({ command: '/ping', endpoint: url })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'pong' } } })
    const key = await w.emulator.publicKey(APP)
    const s = seen as NonNullable<typeof seen>
    expect(s.timestamp).toBe(String(Math.floor(w.clock.now / 1000)))
    expect(await verify(key, s.signature, s.timestamp, s.body)).toBe(true)
    expect(await verify(key, s.signature, s.timestamp, s.body.replace('ping', 'pong'))).toBe(false)
    expect(JSON.parse(s.body).data.name).toBe('ping')
  })
})

describe('an endpoint that fails is a clear result', () => {
  const cases: [string, (url: string) => Parameters<typeof serve>[0] | undefined, string, number | undefined][] = [
    ['answers 500', () => (_, __, res) => res.writeHead(500).end('oops'), 'endpoint.status', 500],
    ['answers garbage', () => (_, __, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"type": 4, data'), 'endpoint.garbage', 200],
    ['answers an unknown callback type', () => (_, __, res) => res.writeHead(200).end('{"type": 42}'), 'endpoint.callback', 200],
    ['answers a JSON array', () => (_, __, res) => res.writeHead(200).end('[]'), 'endpoint.callback', 200],
  ]
  it.each(cases)('a loopback server that %s', async (_, make, code, status) => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    const url = await serve(make('') as Parameters<typeof serve>[0])
    const r = await w.invoke({ command: '/ping', endpoint: url })
    expect(r).toMatchObject({ outcome: 'failed', code, ...(status === undefined ? {} : { status }) })
  })

  it('a server that answers late (after 3 s) times out at 3 s, and the emulator goes on', async () => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    const url = await serve((_, __, res) => setTimeout(() => res.writeHead(200).end('{"type":4,"data":{"content":"late"}}'), 3500))
    const started = Date.now()
    const r = await w.invoke({ command: '/ping', endpoint: url })
    const took = Date.now() - started
    expect(r).toMatchObject({ outcome: 'failed', code: 'endpoint.timeout' })
    expect(took).toBeGreaterThanOrEqual(2900)
    expect(took).toBeLessThan(3400)
    expect((await w.invoke({ command: '/ping' })).outcome).toBe('answered')
  }, 10_000)

  it('a function that never answers times out (the default 3 s)', async () => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    const r = await w.invoke({ command: '/ping', endpoint: () => new Promise<Response>(() => {}) })
    expect(r).toMatchObject({ outcome: 'failed', code: 'endpoint.timeout' })
    expect(r.outcome === 'failed' && r.ms).toBeGreaterThanOrEqual(2900)
  }, 10_000)

  it('a function that throws, or answers something that is not a Response', async () => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    const thrown = await w.invoke({
      command: '/ping',
      endpoint: () => {
        throw new Error('boom')
      },
    })
    expect(thrown).toMatchObject({ outcome: 'failed', code: 'endpoint.threw', message: expect.stringContaining('boom') })
    expect(await w.invoke({ command: '/ping', endpoint: (() => 'nope') as never })).toMatchObject({ outcome: 'failed', code: 'endpoint.threw' })
  })

  it('a closed port is unreachable; a non-loopback URL is never contacted', async () => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    const url = await serve((_, __, res) => res.end())
    await new Promise((resolve) => servers.pop()?.close(resolve))
    expect(await w.invoke({ command: '/ping', endpoint: url })).toMatchObject({ outcome: 'failed', code: 'endpoint.unreachable' })
    for (const far of ['http://example.com/i', 'http://127.0.0.1.example.com/i', 'http://10.0.0.1/i', 'file:///etc/passwd', 'http://[::2]/'])
      expect(await w.invoke({ command: '/ping', endpoint: far })).toMatchObject({ outcome: 'failed', code: 'endpoint.not_loopback' })
  })
})

describe('the 3 seconds count from the sending (public API v10: the app answers within 3 seconds of receiving)', () => {
  it('a delivery held back by a busy process is not charged for the wait, by the timer or by the callback', async () => {
    const s = setup({ now: () => Date.now() })
    expect((await s.call('PUT', `/applications/${APP}/commands`, [{ name: 'ping', description: 'Ping' }])).status).toBe(200)
    let busy = true
    const arrived: number[] = []
    const endpoint = async (request: Request): Promise<Response> => {
      const { id } = JSON.parse(await request.text()) as { id: string }
      arrived.push(Date.now() - (s.emulator.interactions.get(id)?.openedAt ?? Number.NaN))
      if (busy) {
        // The first delivery keeps the process busy for a second: the second, opened and signed, waits to be sent.
        busy = false
        const until = Date.now() + 1000
        while (Date.now() < until) {}
        return Response.json({ type: 4, data: { content: 'first' } })
      }
      await new Promise((r) => setTimeout(r, 2300))
      return Response.json({ type: 4, data: { content: 'second' } })
    }
    const at = { applicationId: APP, endpoint, user: { id: '600000000000000006', username: 'alice' }, place: { guild: { id: G }, channel: { id: '500000000000000005' } } }
    const [a, b] = await Promise.all([s.emulator.invoke({ ...at, command: '/ping' }), s.emulator.invoke({ ...at, command: '/ping' })])
    expect([a.outcome, b.outcome]).toEqual(['answered', 'answered'])
    // Each was received at once after its sending, which is when its window opened.
    expect(Math.max(...arrived)).toBeLessThan(200)
  }, 10_000)
})

describe('version check and read-repair (spec "Command endpoints" rule 1)', () => {
  it("an invocation with the user's outdated copy of a global command is refused, the copy reloaded, and the next one goes through", async () => {
    const w = world()
    const [c] = await w.deploy([{ name: 'ping', description: 'Ping' }])
    expect((await w.invoke({ command: '/ping' })).outcome).toBe('answered')
    w.tick(1000)
    // The edit adds a required option: the client's old copy does not know it.
    const edit = await w.call('PATCH', `/applications/${APP}/commands/${c.id}`, { options: [{ type: 3, name: 'text', description: 'Text', required: true }] })
    expect(edit.body.version).not.toBe(c.version)
    expect(await w.invoke({ command: '/ping' })).toMatchObject({ outcome: 'refused', code: 'command.outdated' })
    // Reloaded: now the client knows the option.
    expect(await w.invoke({ command: '/ping' })).toMatchObject({ outcome: 'refused', code: 'option.required' })
    expect((await w.invoke({ command: '/ping text:hi' })).outcome).toBe('answered')
    expect(w.received.map((i) => i.data.options)).toEqual([undefined, [{ type: 3, name: 'text', value: 'hi' }]])
  })

  it('copies are per user: another user loads the current version at once', async () => {
    const w = world()
    const [c] = await w.deploy([{ name: 'ping', description: 'Ping' }])
    await w.invoke({ command: '/ping' })
    w.tick(1000)
    await w.call('PATCH', `/applications/${APP}/commands/${c.id}`, { description: 'Ping!' })
    expect((await w.invoke({ command: '/ping', user: { id: '610000000000000061' } })).outcome).toBe('answered')
    expect(await w.invoke({ command: '/ping' })).toMatchObject({ outcome: 'refused', code: 'command.outdated' })
  })

  it('a deleted global command is unknown to the next invocation; a guild command update takes effect at once (rule 2)', async () => {
    const w = world()
    const [c] = await w.deploy([{ name: 'ping', description: 'Ping' }])
    const [g] = await w.deploy([{ name: 'local', description: 'Local' }], G)
    await w.invoke({ command: '/ping' })
    await w.invoke({ command: '/local' })
    w.tick(1000)
    await w.call('DELETE', `/applications/${APP}/commands/${c.id}`)
    await w.call('PATCH', `/applications/${APP}/guilds/${GUILD}/commands/${g.id}`, { description: 'Changed' })
    expect(await w.invoke({ command: '/ping' })).toMatchObject({ outcome: 'refused', code: 'command.unknown' })
    expect(await w.invoke({ command: '/ping' })).toMatchObject({ outcome: 'refused', code: 'command.unknown' })
    expect((await w.invoke({ command: '/local' })).outcome).toBe('answered')
  })
})
