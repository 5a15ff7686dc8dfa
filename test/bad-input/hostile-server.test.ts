/**
 * The hostile trial, the REST client against a server that lies: a
 * real `node:http` server on loopback answers what a broken proxy or a hostile
 * host would (the spec's "Errors" shows no body; public API v10's is
 * `{ code, message, errors? }`, its rate-limit headers `X-RateLimit-*`). The
 * client's errors must stay short, quote no secret of the request, follow no
 * redirect elsewhere, and believe no reset that would hold a route for ever.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, RestError, RestNetworkError } from '../../src/rest/index.js'

const BOT = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.bot-token-secret-part-0123456789'
const WEBHOOK = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OnNlY3JldA'
const APP = '1100000000000000002'

type Answer = (req: IncomingMessage, res: ServerResponse) => void

async function listen(host: string, answer: Answer): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = []
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`)
    answer(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  return { server, url: `http://${host}:${(server.address() as AddressInfo).port}`, seen }
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

/** What each path answers. */
let mode: Answer = (_req, res) => json(res, 200, [])

describe('the REST client against a hostile server', () => {
  let api: Awaited<ReturnType<typeof listen>>
  let elsewhere: Awaited<ReturnType<typeof listen>>
  beforeAll(async () => {
    api = await listen('127.0.0.1', (req, res) => mode(req, res))
    // Another host: a second loopback address, as a redirect's target elsewhere.
    elsewhere = await listen('127.0.0.2', (_req, res) => json(res, 200, []))
  })
  afterAll(async () => {
    await new Promise((r) => api.server.close(r))
    await new Promise((r) => elsewhere.server.close(r))
  })
  const client = () => createClient({ token: BOT, applicationId: APP, baseUrl: `${api.url}/api/v10`, retries: 0, timeout: 5000 })
  const failure = async (call: Promise<unknown>): Promise<RestError> => {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(RestError)
    return error as RestError
  }

  it('an error body that quotes the bot token and the webhook token: the message holds neither', async () => {
    mode = (_req, res) => json(res, 401, { code: 0, message: `401: Unauthorized (Bot ${BOT}; webhook ${WEBHOOK})` })
    const e = await failure(client().listCommands())
    expect(e.message).not.toContain(BOT)
    expect(e.message).toContain(':credential')
    const hook = await failure(client().interactions.followUp(WEBHOOK, 'hi'))
    expect(hook.message).not.toContain(WEBHOOK)
    expect(hook.message).toBe(`POST /webhooks/${APP}/:token answered 401: Unauthorized (Bot :credential; webhook :token)`)
  })

  it("a token in a query string (a caller's own rest.request) is :token in the error and in the hooks", async () => {
    mode = (_req, res) => json(res, 404, { code: 10015, message: 'Unknown Webhook' })
    const seen: string[] = []
    const rest = createClient({
      token: BOT,
      applicationId: APP,
      baseUrl: `${api.url}/api/v10`,
      retries: 0,
      hooks: { onRequest: (i) => void seen.push(i.path), onResponse: (i) => void seen.push(i.path) },
    })
    const e = await failure(rest.request('GET', `/webhooks/${APP}/${WEBHOOK}/messages/1?thread_id=5&access_token=${WEBHOOK}&x=1`))
    expect(e.message).toBe(`GET /webhooks/${APP}/:token/messages/1?thread_id=5&access_token=:token&x=1 answered 404: Unknown Webhook (code 10015)`)
    expect(seen).toEqual([`/webhooks/${APP}/:token/messages/1?thread_id=5&access_token=:token&x=1`, `/webhooks/${APP}/:token/messages/1?thread_id=5&access_token=:token&x=1`])
  })

  it('a non-JSON page (a proxy quoting the request) and a 5xx quoting the token: masked too', async () => {
    mode = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(`<html>${BOT}</html>`)
    }
    expect((await failure(client().listCommands())).message).not.toContain(BOT)
    mode = (_req, res) => json(res, 503, { message: `upstream saw ${BOT}` })
    expect((await failure(client().listCommands())).message).toMatch(/answered 503: upstream saw :credential$/)
  })

  it('the error body is masked as the message is: the token in its strings and keys, at every depth', async () => {
    // Public API v10's error body: `{ code, message, errors }`, the field errors nested by path.
    const errors = { options: { 0: { name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: `echo of ${WEBHOOK}` }] } } } }
    mode = (_req, res) => json(res, 400, { code: 50035, message: 'Invalid Form Body', errors, [BOT]: `Bot ${BOT}` })
    const e = await failure(client().listCommands())
    const body = JSON.stringify(e.body)
    expect(body).not.toContain(BOT)
    expect(e.body).toEqual({ code: 50035, message: 'Invalid Form Body', errors, ':credential': 'Bot :credential' })
    const hook = await failure(client().interactions.followUp(WEBHOOK, 'hi'))
    expect(JSON.stringify(hook.body)).not.toContain(WEBHOOK)
    expect((hook.body as typeof e.body & { errors: typeof errors }).errors.options[0].name._errors[0]?.message).toBe('echo of :token')
    mode = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end(`<html>${BOT}</html>`)
    }
    expect((await failure(client().listCommands())).body).toBe('<html>:credential</html>')
  })

  it('a body nested 200,000 deep is kept to 32 levels, so a logger can print it; a __proto__ key stays a key', async () => {
    const deep = `${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`
    mode = (_req, res) => json(res, 400, `{"code":50035,"message":"deep","__proto__":{"polluted":true},"errors":${deep}}`)
    const e = await failure(client().listCommands())
    expect(e.code).toBe(50035)
    const printed = JSON.stringify(e.body)
    expect(printed.length).toBeLessThan(500)
    expect(printed).toContain('(nested deeper than 32 levels, not kept)')
    // Level 0 is the body, so `errors` and 30 more `a` keep objects; the 32nd level is the note.
    expect(printed.split('"a":').length - 1).toBe(31)
    expect(Object.getPrototypeOf(e.body)).toBe(Object.prototype)
    expect(Object.hasOwn(e.body as object, '__proto__')).toBe(true)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it('a 5 MB error message is quoted to 300 characters; the body keeps it all', async () => {
    mode = (_req, res) => json(res, 400, { code: 50035, message: 'x'.repeat(5_000_000) })
    const e = await failure(client().listCommands())
    expect(e.message.length).toBeLessThan(500)
    expect(e.message).toContain('... (5000000 characters) (code 50035)')
    expect((e.body as { message: string }).message.length).toBe(5_000_000)
  })

  it('an endless body is cut off at 32 MiB: RestNetworkError ERESPONSETOOLARGE, sent once, not held in memory', async () => {
    const chunk = Buffer.alloc(1 << 20, 91)
    let sent = 0
    mode = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const pump = () => {
        while (res.writable && res.write(chunk)) sent++
      }
      res.on('drain', pump)
      res.on('close', () => res.off('drain', pump))
      pump()
    }
    const hits = api.seen.length
    const rest = createClient({ token: BOT, applicationId: APP, baseUrl: `${api.url}/api/v10`, retries: 2, timeout: 15_000 })
    const error = await rest.listCommands().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RestNetworkError)
    expect(error).toMatchObject({ code: 'ERESPONSETOOLARGE', transient: false, attempts: 1 })
    expect((error as Error).message).toMatch(/the answer is over 33554432 bytes/)
    expect(api.seen.length).toBe(hits + 1)
    // The server was stopped by the cut, not by the timeout: a few MiB past the cap at most.
    expect(sent).toBeLessThan(200)
  })

  it.each([302, 307])('a %i redirect to another host is not followed: a RestError, and the other host sees nothing', async (status) => {
    const before = elsewhere.seen.length
    mode = (_req, res) => {
      res.writeHead(status, { location: `${elsewhere.url}/steal` })
      res.end()
    }
    const e = await failure(client().bulkOverwrite([]))
    expect(e.status).toBe(status)
    expect(e.message).toMatch(/a redirect, not followed/)
    expect(elsewhere.seen.length).toBe(before)
  })

  it.each(['Infinity', '1e300', '86401'])('X-RateLimit-Reset-After %s with nothing remaining is not believed: the next call goes', async (after) => {
    mode = (_req, res) => json(res, 200, [], { 'x-ratelimit-bucket': `b-${after}`, 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': after })
    const rest = createClient({ token: BOT, applicationId: APP, baseUrl: `${api.url}/api/v10`, retries: 0, maxRetryWait: 1000 })
    await rest.listCommands()
    const sent = api.seen.length
    await expect(rest.listCommands()).resolves.toEqual([])
    expect(api.seen.length).toBe(sent + 1)
  })

  it('a day (the daily creates, "Limits") is believed: the next call is held', async () => {
    mode = (_req, res) => json(res, 200, [], { 'x-ratelimit-bucket': 'b-day', 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '86400' })
    const rest = createClient({ token: BOT, applicationId: APP, baseUrl: `${api.url}/api/v10`, retries: 0, maxRetryWait: 1000 })
    await rest.listCommands()
    await expect(rest.listCommands()).rejects.toMatchObject({ name: 'RateLimitError' })
  })
})
