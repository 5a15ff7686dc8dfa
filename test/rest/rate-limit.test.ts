/**
 * The client's 429 handling (spec: "Limits": clients must respect rate limit
 * responses; "Errors": 429), on the emulator's clock: the client's `sleep` moves
 * that clock, so no test waits for real time.
 */
import { describe, expect, it } from 'vitest'
import { createClient, RestError, type FetchLike } from '../../src/rest/index.js'
import { APP, connect } from './helpers.js'

describe('429 and retries', () => {
  it('waits the retry_after the service asks for, then retries, and succeeds', async () => {
    const waits: number[] = []
    let s!: ReturnType<typeof connect>
    s = connect(
      {
        sleep: async (ms) => {
          waits.push(ms)
          s.clock.now += ms
        },
      },
      { rateLimits: { global: 5 } },
    )
    s.clock.now += 1
    for (let i = 0; i < 5; i++) await s.rest.listCommands()
    s.clock.now += 250
    expect(await s.rest.listCommands()).toEqual([])
    expect(waits).toEqual([750])
    expect(s.emulator.requests.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 200])
  })

  it('gives up after `retries` retries with the 429 as a RestError', async () => {
    let sleeps = 0
    const { rest, emulator } = connect(
      {
        retries: 2,
        sleep: async () => {
          sleeps++ // the clock does not move: every retry is limited again
        },
      },
      { rateLimits: { global: 1 } },
    )
    await rest.listCommands()
    const error = (await rest.listCommands().catch((e: unknown) => e)) as RestError
    expect(error).toBeInstanceOf(RestError)
    expect(error.status).toBe(429)
    expect(error.retryAfter).toBe(1)
    expect(sleeps).toBe(2)
    expect(emulator.requests).toHaveLength(4)
  })

  it('retries: 0 throws at the first 429', async () => {
    const { rest } = connect({ retries: 0, sleep: async () => expect.unreachable() }, { rateLimits: { global: 1 } })
    await rest.listCommands()
    await expect(rest.listCommands()).rejects.toMatchObject({ status: 429 })
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
