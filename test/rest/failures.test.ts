/**
 * What the service's failures look like on a real socket on 127.0.0.1: a server
 * that never answers, 502 and 503 answers, a connection reset, a refused
 * connection. The emulator cannot fail so; the server here answers with its
 * `handle` once it stops failing. The 15 s timeout and the retries of 5xx and
 * network errors are those of the field's standard client (public API v10 clients).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { createClient, RestError, RestNetworkError, type ResponseInfo } from '../../src/rest/index.js'
import { APP } from './helpers.js'

type Behaviour = (req: IncomingMessage, res: ServerResponse, n: number) => boolean

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})

/** A loopback server that fails as `behaviour` says (true: it handled the request), else answers as the emulator. */
async function failing(behaviour: Behaviour): Promise<{ url: string; port: number; hits: () => number }> {
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
  let n = 0
  const server = createServer((req, res) => {
    if (behaviour(req, res, n++)) return
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const reply = emulator.handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString() })
      res.writeHead(reply.status, reply.headers)
      res.end(reply.body === '' ? undefined : reply.body)
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return { url: `http://127.0.0.1:${port}/api/v10`, port, hits: () => n }
}

const fast = { retries: 2, retryBackoff: 5 }

describe('failures on a real socket', () => {
  it('a server that never answers: each attempt times out, and the error names the address', async () => {
    const server = await failing(() => true)
    const rest = createClient({ token: 'Bot secret-token', applicationId: APP, baseUrl: server.url, timeout: 300, ...fast })
    const error = (await rest.listCommands().catch((e: unknown) => e)) as RestNetworkError
    expect(error).toBeInstanceOf(RestNetworkError)
    expect(error).toMatchObject({ code: 'ETIMEDOUT', address: `127.0.0.1:${server.port}`, attempts: 3, method: 'GET', route: 'GET /applications/:id/commands' })
    expect(error.message).toContain(`127.0.0.1:${server.port}`)
    // On a busy machine an attempt can time out before the server has read it.
    expect(server.hits()).toBeGreaterThanOrEqual(1)
    expect(server.hits()).toBeLessThanOrEqual(3)
  })

  it('502 and 503 are retried, then the answer comes', async () => {
    const server = await failing((_, res, n) => {
      if (n >= 2) return false
      res.writeHead(n === 0 ? 502 : 503, { 'content-type': 'text/plain' }).end('Bad Gateway')
      return true
    })
    const seen: ResponseInfo[] = []
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: server.url, ...fast, hooks: { onResponse: (i) => void seen.push(i) } })
    expect(await rest.listCommands()).toEqual([])
    expect(seen.map((i) => [i.status, i.attempt])).toEqual([
      [502, 1],
      [503, 2],
      [200, 3],
    ])
  })

  it('a 5xx on every attempt is reported with method, route and status after the retries', async () => {
    const server = await failing((_, res) => {
      res.writeHead(503).end()
      return true
    })
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: server.url, ...fast })
    const error = (await rest.getCommand('300000000000000003').catch((e: unknown) => e)) as RestError
    expect(error).toBeInstanceOf(RestError)
    expect(error).toMatchObject({ status: 503, method: 'GET', route: 'GET /applications/:id/commands/:id', attempts: 3 })
    expect(error.message).toBe(`GET /applications/${APP}/commands/300000000000000003 answered 503 (3 attempts): HTTP 503`)
    expect(server.hits()).toBe(3)
  })

  it('a 2xx whose body is not JSON (a proxy page, a cut answer, nothing but a 204) is a RestError that says so, sent once: never handed on as a string', async () => {
    // Public API v10 answers JSON, or nothing with 204.
    for (const body of ['{"id": "1", nope', '<html>Welcome to nginx</html>']) {
      const server = await failing((_, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(body)
        return true
      })
      const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: server.url, ...fast })
      const error = (await rest.listCommands().catch((e: unknown) => e)) as RestError
      expect(error).toBeInstanceOf(RestError)
      expect(error).toMatchObject({ status: 200, body, attempts: 1, route: 'GET /applications/:id/commands' })
      expect(error.message).toMatch(/^GET \/applications\/\d+\/commands answered 200 with a body that is not JSON \(".{1,100}"\); the address may not be the service's/)
      expect(server.hits()).toBe(1)
    }
    const empty = await failing((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end()
      return true
    })
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: empty.url, ...fast })
    const error = (await rest.listCommands().catch((e: unknown) => e)) as RestError
    expect(error).toMatchObject({ name: 'RestError', status: 200, body: '' })
    expect(error.message).toBe(`GET /applications/${APP}/commands answered 200 with an empty body where JSON was due; the address may not be the service's, or the answer was cut`)
  })

  it('a 429 on every attempt says how often it was sent and how long the service asks to wait', async () => {
    const server = await failing((_, res) => {
      res.writeHead(429, { 'content-type': 'application/json' }).end('{"message":"You are being rate limited.","retry_after":0.05,"global":false}')
      return true
    })
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: server.url, ...fast, globalLimit: false })
    const error = (await rest.listCommands().catch((e: unknown) => e)) as RestError
    expect(error).toMatchObject({ status: 429, attempts: 3, retryAfter: 0.05 })
    expect(error.message).toBe(`GET /applications/${APP}/commands answered 429 (3 attempts): You are being rate limited. (retry after 0.05 s)`)
    expect(server.hits()).toBe(3)
  })

  it('a reset socket is retried, then the answer comes; reset every time, it is reported with the address', async () => {
    const once = await failing((req, _, n) => {
      if (n > 0) return false
      req.socket.destroy()
      return true
    })
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: once.url, ...fast })
    expect(await rest.listCommands()).toEqual([])
    expect(once.hits()).toBe(2)

    const always = await failing((req) => {
      req.socket.destroy()
      return true
    })
    const broken = createClient({ token: 'Bot t', applicationId: APP, baseUrl: always.url, ...fast })
    const error = (await broken.listCommands().catch((e: unknown) => e)) as RestNetworkError
    expect(error).toBeInstanceOf(RestNetworkError)
    expect(error.address).toBe(`127.0.0.1:${always.port}`)
    expect(error.code).toMatch(/^(ECONNRESET|UND_ERR_SOCKET|EPIPE)$/)
    expect(error.attempts).toBe(3)
  })

  it('a refused connection names the address and the system code', async () => {
    const server = await failing(() => false)
    const url = server.url
    await new Promise((resolve) => servers.pop()!.close(resolve))
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: url, ...fast })
    const error = (await rest.listCommands().catch((e: unknown) => e)) as RestNetworkError
    expect(error).toMatchObject({ name: 'RestNetworkError', code: 'ECONNREFUSED', address: `127.0.0.1:${server.port}` })
    expect(error.message).toMatch(/^GET \/applications\/\d+\/commands got no answer from 127\.0\.0\.1:\d+ \(ECONNREFUSED/)
  })

  it("a caller's signal aborts a request in flight: no retry, the signal's reason", async () => {
    const server = await failing(() => true)
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: server.url, ...fast })
    const controller = new AbortController()
    const pending = rest.request('GET', `/applications/${APP}/commands`, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('shutting down')), 50)
    await expect(pending).rejects.toThrow('shutting down')
    expect(server.hits()).toBe(1)
  })

  it('hostile rate-limit headers: garbage is ignored, a bucket named __proto__ is a bucket, an absurd reset is not believed, a long one is refused, not waited', async () => {
    let headers: Record<string, string> = { 'x-ratelimit-bucket': 'b', 'x-ratelimit-limit': 'NaN', 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset-after': 'soon' }
    const server = await failing((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...headers }).end('[]')
      return true
    })
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: server.url, ...fast, maxRetryWait: 1000 })
    for (let i = 0; i < 3; i++) expect(await rest.listCommands()).toEqual([])
    headers = { 'x-ratelimit-bucket': '__proto__', 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '1e9' }
    expect(await rest.listCommands()).toEqual([])
    // 31 years, past the longest window the service counts in (a day, "Limits": the daily creates): not believed,
    // or one broken answer would close the route for good (in a shared store, for every process and restart).
    expect(await rest.listCommands()).toEqual([])
    expect(server.hits()).toBe(5)
    headers = { ...headers, 'x-ratelimit-reset-after': '3600' }
    expect(await rest.listCommands()).toEqual([])
    // Spent for an hour: refused at once with the wait, not sat out.
    const error = await rest.listCommands().catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'RateLimitError', bucket: '__proto__', global: false })
    expect((error as { wait: number }).wait).toBeGreaterThan(3_000_000)
    expect(server.hits()).toBe(6)
  })
})
