/**
 * The hostile trial, the servers slashkit starts on this machine: the
 * emulator (`slashkit emulator`, `startEmulator`), the dev page (`slashkit dev`) and
 * `serve`. A web page the developer visits can send requests to 127.0.0.1 (a form,
 * a `no-cors` fetch: the browser sends its `Origin`) or point a name of its own at
 * 127.0.0.1 (DNS rebinding: the browser sends that name as `Host`); a slow client can
 * hold a connection open a byte at a time (a slowloris). Real `node:http` servers on
 * loopback, raw requests with the headers a browser sends.
 */
import { connect } from 'node:net'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDev, type DevServer } from '../../src/cli/dev.js'
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { foreignRequest, isLoopbackHost } from '../../src/emulator/guard.js'
import { createHandler, serve } from '../../src/http/index.js'
import { commands, slash } from '../../src/index.js'

interface Answer {
  readonly status: number
  readonly body: string
}

/** One request with exactly these headers (node:http sends `Host` as given). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => {
        text += c
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Opens a connection, sends `head` and then one byte a second; resolves with what came back and when the server closed it. */
function slowClient(port: number, head: string, drip: string): Promise<{ readonly answer: string; readonly ms: number }> {
  return new Promise((resolve) => {
    const began = Date.now()
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (c: string) => {
      answer += c
    })
    socket.write(head)
    const timer = setInterval(() => socket.writable && socket.write(drip), 1000)
    // 40 s: the test fails by its expectation (a bound of seconds), not by a hang.
    const give = setTimeout(() => socket.destroy(), 40_000)
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(give)
      resolve({ answer, ms: Date.now() - began })
    })
  })
}

const EVIL = 'http://evil.example'

describe('the emulator refuses web pages of other sites', () => {
  let server: RunningEmulator
  const auth = { authorization: 'Bot token', 'content-type': 'application/json' }
  beforeAll(async () => {
    server = await startEmulator({ port: 0 })
    await send(server.port, 'POST', '/api/v10/applications/1/commands', auth, JSON.stringify({ name: 'kept', description: 'Kept' }))
  })
  afterAll(() => server.close())

  it('a cross-site form POST to /emulator/reset is 403, and nothing is forgotten', async () => {
    // A form's POST: text/plain, no preflight; the browser sends its page's Origin.
    const forged = await send(server.port, 'POST', '/emulator/reset', { origin: EVIL, 'content-type': 'text/plain' }, '{}')
    expect(forged.status).toBe(403)
    expect(forged.body).toContain('evil.example')
    const listed = await send(server.port, 'GET', '/api/v10/applications/1/commands', auth)
    expect(JSON.parse(listed.body).map((c: { name: string }) => c.name)).toEqual(['kept'])
  })

  it('a cross-site POST to /emulator/invoke (which signs an interaction to the bot) is 403', async () => {
    const forged = await send(
      server.port,
      'POST',
      '/emulator/invoke',
      { origin: EVIL, 'content-type': 'text/plain' },
      JSON.stringify({ command: 'kept', endpoint: 'http://127.0.0.1:9/' }),
    )
    expect(forged.status).toBe(403)
  })

  it('a DNS rebinding name in Host is 403 on every path', async () => {
    for (const path of ['/emulator/picker', '/api/v10/applications/1/commands']) {
      const r = await send(server.port, 'GET', path, { ...auth, host: `evil.example:${server.port}` })
      expect([path, r.status]).toEqual([path, 403])
      expect(r.body).toContain('not a loopback address')
    }
  })

  it('a program (no Origin) and its own origin pass', async () => {
    expect((await send(server.port, 'GET', '/api/v10/applications/1/commands', auth)).status).toBe(200)
    expect((await send(server.port, 'GET', '/api/v10/applications/1/commands', { ...auth, origin: `http://127.0.0.1:${server.port}` })).status).toBe(200)
    expect((await send(server.port, 'GET', '/api/v10/applications/1/commands', { ...auth, host: `localhost:${server.port}` })).status).toBe(200)
  })

  it('a client that sends its headers a byte a second is cut off with 408 (Node would wait 60 s)', async () => {
    const slow = await slowClient(server.port, 'GET /api/v10/applications/1/commands HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'x: y\r\n')
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408/)
    expect(slow.ms).toBeLessThan(15_000)
  }, 45_000)
})

describe('the rules of foreignRequest', () => {
  it('names what is wrong, and lets programs and the own page by', () => {
    expect(foreignRequest({ host: '127.0.0.1:80' }, true)).toBeUndefined()
    expect(foreignRequest({ host: '[::1]:80', origin: 'http://[::1]:80' }, true)).toBeUndefined()
    expect(foreignRequest({ host: '127.0.0.1:80', origin: 'null' }, true)).toMatch(/Origin "null"/)
    expect(foreignRequest({ host: '127.0.0.1:80', origin: 'http://127.0.0.1:81' }, true)).toMatch(/other sites' pages/)
    expect(foreignRequest({ host: 'emulator:8080' }, true)).toMatch(/not a loopback address/)
    // Bound elsewhere (`--host 0.0.0.0` in a container), any Host is the server's own name.
    expect(foreignRequest({ host: 'emulator:8080' }, false)).toBeUndefined()
    expect(foreignRequest({ host: 'emulator:8080', origin: EVIL }, false)).toMatch(/other sites' pages/)
    expect([isLoopbackHost('127.0.0.1'), isLoopbackHost('127.1.2.3'), isLoopbackHost('::1'), isLoopbackHost('0.0.0.0'), isLoopbackHost('127.0.0.1.evil.example')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })
})

describe('the dev page refuses web pages of other sites', () => {
  let dev: DevServer
  let port: number
  beforeAll(async () => {
    dev = await startDev(process.cwd(), 'test/cli/fixtures/bot.mjs', 0, '42'.repeat(32))
    port = Number(new URL(dev.url).port)
  }, 60_000)
  afterAll(() => dev.close())

  it('a cross-site POST to /api/invoke is 403; the page itself (its own Origin) is answered', async () => {
    const body = JSON.stringify({ command: 'ping' })
    const forged = await send(port, 'POST', '/api/invoke', { origin: EVIL, 'content-type': 'text/plain' }, body)
    expect(forged.status).toBe(403)
    const own = await send(port, 'POST', '/api/picker', { origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' }, '{}')
    expect(own.status).toBe(200)
  })
})

describe('serve cuts off slow clients', () => {
  it('headers or a body sent a byte a second get 408 within seconds, not Node default minutes', async () => {
    const key = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])
    const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', (key as CryptoKeyPair).publicKey)).toString('hex')
    const app = commands(slash('ping', 'Ping'))
    const server = await serve(createHandler({ publicKey, app, handlers: { ping: () => ({ content: 'pong' }) } }), { port: 0 })
    try {
      const stamp = `x-signature-ed25519: ${'a'.repeat(128)}\r\nx-signature-timestamp: ${Math.floor(Date.now() / 1000)}\r\n`
      const [headers, body] = await Promise.all([
        slowClient(server.port, `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n${stamp}`, 'x: y\r\n'),
        slowClient(server.port, `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n${stamp}Content-Length: 1000\r\n\r\n`, 'x'),
      ])
      expect(headers.answer).toMatch(/^HTTP\/1\.1 408/)
      expect(body.answer).toMatch(/^HTTP\/1\.1 408/)
      expect(headers.ms).toBeLessThan(15_000)
      expect(body.ms).toBeLessThan(20_000)
    } finally {
      await server.close()
    }
  }, 45_000)
})
