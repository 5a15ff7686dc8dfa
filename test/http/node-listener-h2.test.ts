/**
 * `nodeListener` on Node's HTTP/2 server (`node:http2`'s compatibility API, whose
 * requests and responses are `Http2ServerRequest` and `Http2ServerResponse`):
 * cleartext (`http2.createServer`) and over TLS with HTTP/1.1 beside it
 * (`http2.createSecureServer({ allowHTTP1: true })`), as a bot behind a proxy that
 * speaks HTTP/2 to its upstream is served. The emulator plays the service (public
 * API v10, "Receiving and Responding": a POST signed with Ed25519, answered within
 * 3 seconds, then the webhook's edits); its delivery is carried over a real HTTP/2
 * session on loopback. HTTP/2 has no `Connection` header (RFC 9113, 8.2.2: a
 * message that has one is malformed), and names the host in `:authority`
 * (8.3.1). The key and certificate in test/fixtures are for this test alone:
 * self-signed for localhost and 127.0.0.1.
 */
import { readFileSync } from 'node:fs'
import http2, { type ClientHttp2Session, type Http2Server, type Http2SecureServer } from 'node:http2'
import https from 'node:https'
import { afterEach, describe, expect, it } from 'vitest'
import type { EndpointRequest } from '../../src/emulator/invoke/deliver.js'
import { nodeListener } from '../../src/http/index.js'
import { APP } from './helpers.js'
import { bot, GUILD, USER, warnings } from './listener-bot.js'

const key = readFileSync(new URL('../fixtures/localhost.key', import.meta.url))
const cert = readFileSync(new URL('../fixtures/localhost.crt', import.meta.url))

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of closers.splice(0)) await c()
})

/** Listens on a free loopback port; returns the port. */
async function listen(server: Http2Server | Http2SecureServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(resolve)))
  const address = server.address()
  return typeof address === 'object' && address !== null ? address.port : 0
}

/** An HTTP/2 session to the server, closed after the test (before the server, whose close waits for its sessions). */
function session(url: string): ClientHttp2Session {
  const client = http2.connect(url, { ca: cert })
  closers.unshift(() => new Promise<void>((resolve) => client.close(() => resolve())))
  return client
}

interface Answer {
  readonly status: number
  readonly headers: Record<string, unknown>
  readonly text: string
}

/** One request over an HTTP/2 session. */
function request(client: ClientHttp2Session, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = client.request({ ':path': '/interactions', ...headers })
    let status = 0
    let received: Record<string, unknown> = {}
    let text = ''
    stream.setEncoding('utf8')
    stream.on('response', (h) => {
      status = Number(h[':status'])
      received = { ...h }
    })
    stream.on('data', (chunk: string) => {
      text += chunk
    })
    stream.on('end', () => resolve({ status, headers: received, text }))
    stream.on('error', reject)
    stream.end(body)
  })
}

/** An endpoint function for the emulator: its signed delivery, carried over the HTTP/2 session as sent. */
function over(client: ClientHttp2Session) {
  return async (req: EndpointRequest) => {
    const headers: Record<string, string> = { ':method': req.method }
    ;(req as unknown as Request).headers.forEach((value, name) => {
      headers[name] = value
    })
    const answer = await request(client, headers, await req.text())
    return new Response(answer.text, { status: answer.status, headers: { 'content-type': String(answer.headers['content-type']) } })
  }
}

describe('nodeListener on node:http2', () => {
  it('cleartext HTTP/2: a command answered, a slow one deferred and edited (awaited by idle()), a forged one refused 401', async () => {
    const { emulator, listener, errors, refused, hosts } = await bot()
    const port = await listen(http2.createServer(listener))
    const client = session(`http://127.0.0.1:${port}`)
    const invoke = (text: string) => emulator.invoke({ applicationId: APP, endpoint: over(client), user: USER, place: GUILD, command: `/echo text:${text}` })

    const quick = await invoke('hi')
    expect(quick).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'echo hi' } } })

    const slow = await invoke('slow')
    if (slow.outcome !== 'answered') throw new Error(slow.outcome)
    expect(slow.callback.type).toBe(5)
    await listener.idle({ timeout: 2000 })
    const settled = await slow.wait()
    const last = settled.transcript.at(-1)
    expect(last !== undefined && 'message' in last ? last.message?.content : undefined).toBe('echo slow')

    // A forged request: the signature of another body.
    const forged = await request(
      client,
      { ':method': 'POST', 'content-type': 'application/json', 'x-signature-ed25519': '00'.repeat(64), 'x-signature-timestamp': String(Math.floor(Date.now() / 1000)) },
      '{"type":1}',
    )
    expect(forged.status).toBe(401)
    // The request's URL names the host HTTP/2 gives in :authority.
    expect(refused.map((r) => r.status)).toEqual([401])
    expect(hosts).toEqual([`127.0.0.1:${port}`])
    expect(errors).toEqual([])
  })

  it('an answer after which the connection would close carries no Connection header on HTTP/2, and Node warns of nothing', async () => {
    const listener = nodeListener(() => Promise.reject(new Error('a handler that fails')))
    const port = await listen(http2.createServer(listener))
    const client = session(`http://127.0.0.1:${port}`)
    const { result, seen } = await warnings('any', () => request(client, { ':method': 'POST', 'content-type': 'application/json' }, '{}'))
    expect(result.status).toBe(500)
    expect(result.text).toBe('internal error')
    expect(result.headers).not.toHaveProperty('connection')
    expect(seen).toEqual([])
    // The session holds: the next request on it is answered.
    expect((await request(client, { ':method': 'POST' }, '{}')).status).toBe(500)
  })

  it('over TLS with allowHTTP1: HTTP/2 and HTTP/1.1 clients are both answered by the same listener', async () => {
    const { emulator, listener, errors } = await bot()
    const port = await listen(http2.createSecureServer({ key, cert, allowHTTP1: true }, listener))
    const client = session(`https://localhost:${port}`)
    const overH2 = await emulator.invoke({ applicationId: APP, endpoint: over(client), user: USER, place: GUILD, command: '/echo text:two' })
    expect(overH2).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'echo two' } } })

    // HTTP/1.1 over the same port: the emulator's delivery, carried by node:https.
    const overH1 = await emulator.invoke({
      applicationId: APP,
      user: USER,
      place: GUILD,
      command: '/echo text:one',
      endpoint: async (req) => {
        const headers: Record<string, string> = {}
        ;(req as unknown as Request).headers.forEach((value, name) => {
          headers[name] = value
        })
        const body = await req.text()
        const answer = await new Promise<{ status: number; text: string; version: string }>((resolve, reject) => {
          const r = https.request({ host: '127.0.0.1', servername: 'localhost', port, path: '/interactions', method: 'POST', headers, ca: cert }, (res) => {
            let text = ''
            res.setEncoding('utf8')
            res.on('data', (c: string) => {
              text += c
            })
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text, version: res.httpVersion }))
          })
          r.on('error', reject)
          r.end(body)
        })
        expect(answer.version).toBe('1.1')
        return new Response(answer.text, { status: answer.status, headers: { 'content-type': 'application/json' } })
      },
    })
    expect(overH1).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'echo one' } } })
    expect(errors).toEqual([])
  })
})
