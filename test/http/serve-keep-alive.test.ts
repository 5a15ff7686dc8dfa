/**
 * `serve` behind the proxy it always has: the service posts interactions only to an
 * HTTPS endpoint (public API v10, "Receiving and Responding": the interactions
 * endpoint URL must be HTTPS), and `serve` speaks plain HTTP, so a TLS proxy (nginx,
 * Caddy, cloudflared, a cloud load balancer) sits in front and keeps its connections
 * to the server open between interactions. Each closes an idle one after its own
 * timeout: 60 s for AWS's load balancers (their documentation asks that the server's
 * keep-alive be longer, "to ensure that the load balancer is responsible for closing
 * the connections") and nginx's upstream `keepalive_timeout`, 90 s for cloudflared,
 * 120 s for Caddy. Node closes one after 5 s; an interaction the proxy sends on a
 * connection as Node closes it is lost, and the user sees "This interaction failed".
 *
 * Here a raw socket plays the proxy, which neither reads `Keep-Alive: timeout` nor
 * opens a new connection while it holds one: a signed PING, an idle wait, another.
 */
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createHandler, serve, type Server } from '../../src/http/index.js'
import { generateTestKeys } from '../../src/testing/index.js'
import { APP, delay } from './helpers.js'

const keys = await generateTestKeys()
const handler = createHandler({ publicKey: keys.publicKey, app: commands(slash('ping', 'Check the bot')), handlers: { ping: () => 'pong' } })
const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close({ timeout: 0 })
})

/** A signed PING as the proxy forwards it: HTTP/1.1, keep-alive, Content-Length. */
async function ping(n: number): Promise<string> {
  const body = JSON.stringify({ id: `10000000000000000${n}`, application_id: APP, type: 1, token: `t${n}`, version: 1 })
  const timestamp = String(Math.floor(Date.now() / 1000))
  const signature = await keys.sign(body, timestamp)
  return [
    'POST /interactions HTTP/1.1',
    'Host: bot.example',
    'Content-Type: application/json',
    `X-Signature-Ed25519: ${signature}`,
    `X-Signature-Timestamp: ${timestamp}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n')
}

/** One connection, kept: what was answered on it, and when the server closed it. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  let closedAt: number | undefined
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    received += chunk
  })
  socket.on('close', () => {
    closedAt = performance.now()
  })
  /** Sends a request and resolves with its whole answer (chunked or with a length). */
  const exchange = async (request: string): Promise<{ head: string; body: string }> => {
    const from = received.length
    socket.write(request)
    for (let i = 0; i < 400; i++) {
      const text = received.slice(from)
      const end = text.indexOf('\r\n\r\n')
      if (end >= 0) {
        const head = text.slice(0, end)
        const rest = text.slice(end + 4)
        const length = /content-length: (\d+)/i.exec(head)
        if (length !== null && rest.length >= Number(length[1])) return { head, body: rest.slice(0, Number(length[1])) }
        if (/transfer-encoding: chunked/i.test(head) && rest.endsWith('0\r\n\r\n')) return { head, body: rest.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '') }
      }
      if (closedAt !== undefined) throw new Error(`the server closed the connection before answering (received ${JSON.stringify(text)})`)
      await delay(5)
    }
    throw new Error('no answer within 2 s')
  }
  return { exchange, closedAt: () => closedAt, destroy: () => socket.destroy() }
}

describe('serve: connections kept for the proxy in front', () => {
  it('carries an interaction on a connection left idle past Node’s own 5 seconds', async () => {
    const server = await serve(handler, { port: 0 })
    servers.push(server)
    const proxy = connection(server.port)
    const first = await proxy.exchange(await ping(1))
    expect(first.head).toMatch(/^HTTP\/1\.1 200 /)
    expect(JSON.parse(first.body)).toEqual({ type: 1 })
    await delay(6_000)
    expect(proxy.closedAt()).toBeUndefined()
    const second = await proxy.exchange(await ping(2))
    expect(second.head).toMatch(/^HTTP\/1\.1 200 /)
    expect(JSON.parse(second.body)).toEqual({ type: 1 })
    // The server says how long it keeps the connection (a hint proxies do not read): above 120 s.
    expect(first.head).toMatch(/\r\nkeep-alive: timeout=125\r\n/i)
    proxy.destroy()
  }, 15_000)

  it('closes an idle connection after keepAliveTimeout, when it is given', async () => {
    const server = await serve(handler, { port: 0, keepAliveTimeout: 300 })
    servers.push(server)
    const proxy = connection(server.port)
    expect(JSON.parse((await proxy.exchange(await ping(3))).body)).toEqual({ type: 1 })
    const answered = performance.now()
    for (let i = 0; i < 600 && proxy.closedAt() === undefined; i++) await delay(5)
    const after = (proxy.closedAt() ?? Number.POSITIVE_INFINITY) - answered
    // Node closes it a second after the time it announces (1.3 s here).
    expect(after).toBeGreaterThanOrEqual(250)
    expect(after).toBeLessThan(3_000)
  })

  it('refuses a keepAliveTimeout that is not a finite number of ms above 0', async () => {
    // Node reads 0 as "never close an idle connection": refused with the rest.
    for (const [value, shown] of [
      [0, '0'],
      [-1, '-1'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['60000', '"60000"'],
    ] as const) {
      await expect(serve(handler, { port: 0, keepAliveTimeout: value as number })).rejects.toThrow(
        new TypeError(`serve: keepAliveTimeout must be a finite number of ms, more than 0 (was ${shown})`),
      )
    }
  })
})
