/**
 * A `fetch` that refuses the request itself fails the same way every time: the
 * client sends it once and throws a `RestNetworkError` with `transient: false`
 * that says what is wrong and that it was not retried, the token hidden. What a
 * retry may get past (a refused connection, a name that does not resolve) is
 * still retried. On the platform's real `fetch` (undici) against loopback:
 * - WHATWG fetch, "port blocking": a request to a "bad port" (1, 9, 6000, ...)
 *   is a network error before any connection ("fetch failed", caused by "bad port");
 * - "URL parsing": a port over 65535 is no URL (`ERR_INVALID_URL`);
 * - "scheme fetch": only http: and https: go to the network ("unknown scheme");
 * - the `Request` constructor: a URL with credentials is a `TypeError`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { requestFault } from '../../src/rest/fetch.js'
import { createClient, RestNetworkError, type FetchLike } from '../../src/rest/index.js'
import { APP } from './helpers.js'

const TOKEN = 'aW50ZXJhY3Rpb246OTk.Zm9sbG93-dXA_secret'

/** The platform's fetch, counting its calls, the URL rewritten by `rewrite` first. */
function counting(rewrite: (url: string) => string = (url) => url) {
  const seen = { calls: 0 }
  const fetch: FetchLike = (url, init) => {
    seen.calls++
    return globalThis.fetch(rewrite(url), init as RequestInit)
  }
  return { seen, fetch }
}

/** A loopback port nothing listens on: one the system gave, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function failure(promise: Promise<unknown>): Promise<RestNetworkError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RestNetworkError)
  return error as RestNetworkError
}

describe('a request fetch refuses is not retried', () => {
  it.each([
    ['a bad port (WHATWG fetch, "port blocking": 6000)', 'http://127.0.0.1:6000/api/v10', undefined, /the port is one fetch never connects to/, 'ENETWORK'],
    ['an invalid URL (a port over 65535: URL parsing)', 'http://127.0.0.1:99999/api/v10', undefined, /the URL is not valid/, 'ERR_INVALID_URL'],
    ['an unsupported scheme (scheme fetch: ftp:)', 'http://127.0.0.1:2121/api/v10', (url: string) => url.replace(/^http:/, 'ftp:'), /a scheme fetch does not send/, 'ENETWORK'],
    ['credentials in the URL (the Request constructor)', 'http://bot:s3cr3t-pass@127.0.0.1:2121/api/v10', undefined, /a user name or password/, 'ENETWORK'],
  ])('%s: sent once, transient false, the message says why and that it was not retried', async (_, baseUrl, rewrite, why, code) => {
    const { seen, fetch } = counting(rewrite)
    // A backoff of a minute: a retry would time the test out.
    const rest = createClient({ applicationId: APP, baseUrl, fetch, retries: 3, retryBackoff: 60_000 })
    const error = await failure(rest.interactions.followUp(TOKEN, 'late'))
    expect(seen.calls).toBe(1)
    expect(error).toMatchObject({ transient: false, attempts: 1, code, path: `/webhooks/${APP}/:token`, route: 'POST /webhooks/:id/:token' })
    expect(error.message).toMatch(why)
    expect(error.message).toMatch(/not retried/)
    const texts = [
      error.message,
      String(error.stack),
      JSON.stringify(error),
      String((error.cause as Error | undefined)?.message),
      String((error.cause as Error | undefined)?.stack),
    ]
    for (const text of texts) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain('s3cr3t-pass')
    }
  })
})

describe('a failure a retry may get past is retried', () => {
  it('a closed loopback port (ECONNREFUSED): every attempt, transient true', async () => {
    const port = await closedPort()
    const { seen, fetch } = counting()
    const rest = createClient({ applicationId: APP, baseUrl: `http://127.0.0.1:${port}/api/v10`, fetch, retries: 2, retryBackoff: 1 })
    const error = await failure(rest.interactions.followUp(TOKEN, 'late'))
    expect(seen.calls).toBe(3)
    expect(error).toMatchObject({ transient: true, attempts: 3, code: 'ECONNREFUSED', address: `127.0.0.1:${port}` })
    expect(error.message).toMatch(/got no answer .* after 3 attempts/)
    expect(error.message).not.toContain(TOKEN)
  })

  it('a name that does not resolve (RFC 6761 .invalid): retried, a resolver may answer it while the network comes back', async () => {
    const { seen, fetch } = counting()
    // The client's own timeout bounds a slow resolver: ETIMEDOUT is retried as well.
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: 'http://slashkit-test.invalid/api/v10', fetch, retries: 1, retryBackoff: 1, timeout: 3_000 })
    const error = await failure(rest.listCommands())
    expect(seen.calls).toBe(2)
    expect(error).toMatchObject({ transient: true, attempts: 2 })
  })
})

describe('requestFault reads what undici throws', () => {
  it('names the fault of a real refusal and none for a refused connection', async () => {
    const port = await closedPort()
    const of = (url: string) => globalThis.fetch(url).then(() => 'answered', requestFault)
    expect(await of('http://127.0.0.1:9/')).toMatch(/bad port/)
    expect(await of('http://127.0.0.1:1/')).toMatch(/bad port/)
    expect(await of('http://[::1/')).toBe('the URL is not valid')
    expect(await of('ws://127.0.0.1:1/')).toMatch(/scheme/)
    expect(await of(`http://127.0.0.1:${port}/`)).toBeUndefined()
  })

  it('reads codes and words through the cause chain, and nothing else', () => {
    expect(requestFault(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'UND_ERR_INVALID_ARG' }) }))).toBe('fetch refused one of its arguments')
    expect(requestFault(new TypeError("Failed to execute 'fetch' on 'Window': Failed to parse URL from x"))).toBe('the URL is not valid')
    expect(requestFault(new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }))).toBeUndefined()
    expect(requestFault(new TypeError('Failed to fetch'))).toBeUndefined()
    expect(requestFault(new Error('fetch failed for http://x/', { cause: new Error('bad port in http://x/') }))).toBeUndefined()
    expect(requestFault(null)).toBeUndefined()
    expect(requestFault('bad port')).toBeUndefined()
  })
})
