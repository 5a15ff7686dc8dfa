/**
 * The client's 429 handling (spec: "Limits": clients must respect rate limit
 * responses; "Errors": 429), on the emulator's clock: the client's `sleep` moves
 * that clock, so no test waits for real time.
 */
import { describe, expect, it } from 'vitest'
import { createClient, RestError, type FetchLike, type RateLimitInfo } from '../../src/rest/index.js'
import { APP, connect } from './helpers.js'

describe('429 and retries', () => {
  it('waits the retry_after of a 429, then retries, and succeeds', async () => {
    const { rest, other, clock, waits, emulator } = connect({}, { rateLimits: { global: 5 } })
    clock.now += 1
    // Another program of the application spends the limit; this client cannot know it.
    for (let i = 0; i < 5; i++) await other.listCommands()
    // The window frees when the first of the five is a second old (the emulator's windows slide).
    expect(await rest.listCommands()).toEqual([])
    expect(waits).toEqual([1000])
    expect(emulator.requests.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 200])
  })

  it('waits before sending when the X-RateLimit-* headers say the bucket is spent, so no 429 comes', async () => {
    // One route: its bucket (the global limit's numbers by default) is the one the headers describe; the client's own global window is off here.
    const { rest, waits, emulator } = connect({ globalLimit: false }, { rateLimits: { global: 3 } })
    for (let i = 0; i < 7; i++) await rest.listCommands()
    expect(waits).toEqual([1000, 1000])
    expect(emulator.requests.every((r) => r.status === 200)).toBe(true)
  })

  it('keeps the global limit before sending, across routes and guilds ("Limits": per application across all endpoints)', async () => {
    const { rest, waits, emulator } = connect({ globalLimit: 3 }, { rateLimits: { global: 3 } })
    for (let i = 0; i < 7; i++) await rest.listCommands({ guildId: String(10n ** 17n + BigInt(i)) })
    // A window of one second from the answer of the first request to the sending of the fourth.
    expect(waits).toEqual([1000, 1000])
    expect(emulator.requests.every((r) => r.status === 200)).toBe(true)
  })

  it('gives up after `retries` retries with the 429 as a RestError', async () => {
    let spend = async (): Promise<void> => {}
    const { rest, other, emulator, clock } = connect(
      {
        retries: 2,
        globalLimit: false,
        sleep: async (ms) => {
          clock.now += ms
          await spend()
        },
      },
      { rateLimits: { global: 1 } },
    )
    // Another program of the application spends each new window before this client's retry.
    spend = async () => void (await other.listCommands())
    await spend()
    const error = (await rest.listCommands().catch((e: unknown) => e)) as RestError
    expect(error).toBeInstanceOf(RestError)
    expect(error).toMatchObject({ status: 429, retryAfter: 1, method: 'GET', route: 'GET /applications/:id/commands' })
    expect(emulator.requests.map((r) => r.status)).toEqual([200, 429, 200, 429, 200, 429])
  })

  it('retries: 0 throws at the first 429', async () => {
    const { rest, other } = connect({ retries: 0, sleep: async () => expect.unreachable() }, { rateLimits: { global: 1 } })
    await other.listCommands()
    await expect(rest.listCommands()).rejects.toMatchObject({ status: 429 })
  })

  it('throws at once a 429 that asks for a longer wait than maxRetryWait: the daily create limit (code 30034)', async () => {
    const { rest, waits } = connect({}, { rateLimits: { global: false, dailyCreates: 1 } })
    await rest.createCommand({ name: 'a', description: 'A' })
    const error = (await rest.createCommand({ name: 'b', description: 'B' }).catch((e: unknown) => e)) as RestError
    expect(error).toMatchObject({ status: 429, code: 30034 })
    expect(error.retryAfter).toBeGreaterThan(60)
    // A wait of hours is told in hours too: what an operator reads in a CI log.
    expect(error.message).toMatch(/\(retry after [\d.]+ s, about 24\.0 h\)$/)
    expect(waits).toEqual([])
    // The route is not held back: an upsert (not a create) goes through at once.
    expect((await rest.createCommand({ name: 'a', description: 'A2' })).description).toBe('A2')
    expect(waits).toEqual([])
    const patient = connect({ maxRetryWait: 2 * 86_400_000 }, { rateLimits: { global: false, dailyCreates: 1 } })
    await patient.rest.createCommand({ name: 'a', description: 'A' })
    expect((await patient.rest.createCommand({ name: 'b', description: 'B' })).name).toBe('b')
    expect(patient.waits).toEqual([86_400_000])
  })

  it('tells onRateLimit of a 429 it throws at once (the daily create limit, code 30034), before the error, as onResponse sees it', async () => {
    const seen: string[] = []
    const infos: RateLimitInfo[] = []
    const hooks = {
      onResponse: ({ status }: { status: number }) => void seen.push(`response ${status}`),
      onRateLimit: (info: RateLimitInfo) => void (infos.push(info), seen.push(`rate limit ${info.reason}`)),
    }
    const { rest } = connect({ hooks }, { rateLimits: { global: false, dailyCreates: 1 } })
    await rest.createCommand({ name: 'a', description: 'A' })
    const error = (await rest.createCommand({ name: 'b', description: 'B' }).catch((e: unknown) => (seen.push('thrown'), e))) as RestError
    expect(error).toMatchObject({ status: 429, code: 30034 })
    expect(seen).toEqual(['response 201', 'response 429', 'rate limit 429', 'thrown'])
    expect(infos).toEqual([
      {
        method: 'POST',
        route: 'POST /applications/:id/commands',
        bucket: expect.any(String),
        global: false,
        wait: Math.ceil(error.retryAfter! * 1000),
        reason: '429',
        scope: expect.any(String),
      },
    ])
  })

  it('tells onRateLimit of each 429 when the retries are spent, the last (thrown) one too', async () => {
    let spend = async (): Promise<void> => {}
    const infos: RateLimitInfo[] = []
    const { rest, other, clock } = connect(
      { retries: 1, globalLimit: false, hooks: { onRateLimit: (i) => void infos.push(i) }, sleep: async (ms) => void ((clock.now += ms), await spend()) },
      { rateLimits: { global: 1 } },
    )
    spend = async () => void (await other.listCommands())
    await spend()
    await expect(rest.listCommands()).rejects.toMatchObject({ status: 429 })
    expect(infos.map((i) => `${i.reason} ${i.wait}`)).toEqual(['429 1000', '429 1000'])
  })

  it('reads Retry-After when the body has no retry_after, and waits a second when there is neither', async () => {
    const waits: number[] = []
    const answers = [
      { status: 429, headers: { 'retry-after': '3' }, body: '' },
      { status: 429, headers: {}, body: 'slow down' },
      { status: 200, headers: {}, body: '[]' },
    ]
    const fetch: FetchLike = async () => {
      const a = answers.shift()!
      return { status: a.status, headers: { get: (n: string) => (a.headers as Record<string, string>)[n] ?? null }, text: async () => a.body }
    }
    const rest = createClient({ token: 't', applicationId: APP, fetch, sleep: async (ms) => void waits.push(ms) })
    expect(await rest.listCommands()).toEqual([])
    expect(waits).toEqual([3000, 1000])
  })
})
