/**
 * One attempt of a request and what it leaves behind: the timeout (default 15 s,
 * issue 15 after the field's standard client) and the caller's `AbortSignal` end an
 * attempt even when the `fetch` ignores its signal; an answered call is not kept
 * until its deadline passes; the addresses and routes remembered per path stay
 * those of the method and limit of each call; a bucket the service names anew
 * (`X-RateLimit-Bucket`, public API v10) is learned under its new name.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { createClient, RestError, RestNetworkError, type FetchLike, type FetchResponse } from '../../src/rest/index.js'
import { APP } from './helpers.js'

/** A `fetch` whose answer never comes and that ignores its signal (a custom transport gone wrong). */
const deaf: FetchLike = () => new Promise<FetchResponse>(() => {})

/** A 200 with a JSON body and the given headers. */
function answer(body: unknown, headers: Record<string, string> = {}): FetchResponse {
  const text = JSON.stringify(body)
  return { status: 200, headers: { get: (name) => headers[name.toLowerCase()] ?? null }, text: () => Promise.resolve(text) }
}

describe('an attempt', () => {
  it('a fetch that ignores its signal still times out on every attempt, and the error says so', async () => {
    let calls = 0
    const fetch: FetchLike = (url, init) => {
      calls++
      return deaf(url, init)
    }
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: 'http://127.0.0.1:9/api/v10', fetch, timeout: 40, retries: 1, retryBackoff: 1 })
    const started = Date.now()
    const error = (await rest.listCommands().catch((e: unknown) => e)) as RestNetworkError
    expect(error).toBeInstanceOf(RestNetworkError)
    expect(error).toMatchObject({ code: 'ETIMEDOUT', attempts: 2, address: '127.0.0.1:9' })
    expect(error.message).toContain('no answer within 40 ms')
    expect(calls).toBe(2)
    // Two attempts of 40 ms, each ended within the 25 ms the deadlines are shared over.
    expect(Date.now() - started).toBeGreaterThanOrEqual(80)
  })

  it('a fetch that throws, answers with no promise, or whose text() throws is a network failure, retried, then reported; nothing is left unhandled', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason)
    }
    process.on('unhandledRejection', onUnhandled)
    try {
      const broken: Record<string, FetchLike> = {
        throws: () => {
          throw new TypeError('fetch exploded')
        },
        'no promise': () => ({ status: 200 }) as unknown as Promise<FetchResponse>,
        'text throws': () =>
          Promise.resolve({
            status: 200,
            headers: { get: () => null },
            text: () => {
              throw new TypeError('text exploded')
            },
          }),
      }
      for (const [what, bad] of Object.entries(broken)) {
        let calls = 0
        const fetch: FetchLike = (url, init) => {
          calls++
          return bad(url, init)
        }
        const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: 'http://127.0.0.1:9/api/v10', fetch, retries: 2, retryBackoff: 1 })
        const error = (await rest.listCommands().catch((e: unknown) => e)) as RestNetworkError
        expect(error, what).toBeInstanceOf(RestNetworkError)
        expect(error, what).toMatchObject({ code: 'ENETWORK', attempts: 3, address: '127.0.0.1:9', route: 'GET /applications/:id/commands' })
        expect(calls, what).toBe(3)
      }
      // A turn of the event loop for any rejection nobody handled to be reported.
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  it("a caller's abort ends an attempt whose fetch ignores its signal at once, with the signal's reason, and aborts the fetch's signal", async () => {
    let seen: AbortSignal | undefined
    const fetch: FetchLike = (url, init) => {
      seen = (init as { signal?: AbortSignal }).signal
      return deaf(url, init)
    }
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: 'http://127.0.0.1:9/api/v10', fetch, timeout: 60_000 })
    const controller = new AbortController()
    const pending = rest.request('GET', `/applications/${APP}/commands`, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('shutting down')), 20)
    const started = Date.now()
    await expect(pending).rejects.toThrow('shutting down')
    // Not the 60 s timeout: the abort itself ended the attempt.
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(seen?.aborted).toBe(true)
  }, 10_000)

  it('an answered call is not kept until its deadline: its answer can be collected while the 15 s timeout is still ahead', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const refs: WeakRef<object>[] = []
    const fetch: FetchLike = () => {
      const res = answer([])
      refs.push(new WeakRef(res))
      return Promise.resolve(res)
    }
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: 'http://127.0.0.1:9/api/v10', fetch, globalLimit: false })
    for (let i = 0; i < 50; i++) expect(await rest.listCommands()).toEqual([])
    // Every call is answered; their deadlines are 15 s away.
    await new Promise((resolve) => setTimeout(resolve, 0))
    gc()
    await new Promise((resolve) => setTimeout(resolve, 0))
    gc()
    const kept = refs.filter((r) => r.deref() !== undefined).length
    expect(refs).toHaveLength(50)
    expect(kept).toBeLessThanOrEqual(1)
  })

  it('one path sent with several methods, and outside the global limit, goes to its own method and route each time', async () => {
    const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
    const made = await rest.createCommand({ name: 'ping', description: 'Pong' })
    const path = `/applications/${APP}/commands/${made.id}`
    expect(await rest.request('GET', path)).toMatchObject({ id: made.id, name: 'ping' })
    expect(await rest.request('PATCH', path, { body: { description: 'Pong!' } })).toMatchObject({ description: 'Pong!' })
    expect(await rest.request('GET', path, { globalLimit: false })).toMatchObject({ description: 'Pong!' })
    await rest.request('DELETE', path)
    const error = await rest.request('GET', path).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RestError)
    expect(error).toMatchObject({ status: 404, method: 'GET' })
    expect(emulator.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 201', 'GET 200', 'PATCH 200', 'GET 200', 'DELETE 204', 'GET 404'])
  })

  it('a bucket the service names anew for a route is learned under its new name', async () => {
    let headers: Record<string, string> = { 'x-ratelimit-bucket': 'first', 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset-after': '1' }
    const fetch: FetchLike = () => Promise.resolve(answer([], headers))
    const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: 'http://127.0.0.1:9/api/v10', fetch, globalLimit: false, rejectOnRateLimit: true })
    expect(await rest.listCommands()).toEqual([])
    expect(await rest.listCommands()).toEqual([])
    // The service moves the route to another bucket, which this answer spends.
    headers = { 'x-ratelimit-bucket': 'second', 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '30' }
    expect(await rest.listCommands()).toEqual([])
    const error = await rest.listCommands().catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'RateLimitError', bucket: 'second', global: false })
    expect((error as { wait: number }).wait).toBeGreaterThan(25_000)
  })
})
