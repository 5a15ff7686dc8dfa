/**
 * The invalid request limit: an address that draws thousands of refused requests
 * in a short period is blocked at the network edge, for every bot behind it (spec
 * "Limits", IP blocking; public API v10, "Rate Limits": 10,000 answers of 401, 403
 * or 429 in 10 minutes, a 429 of scope `shared` aside). A bot whose token was
 * reset, or that posts where it may not, draws them in a loop. The client counts
 * them and stops sending at `invalidRequestLimit` (9,000 by default) until the
 * oldest leaves the window: each call fails at once, unsent, with a
 * `RateLimitError` that says why.
 */
import { describe, expect, it } from 'vitest'
import { RateLimitError, RestError, createClient, createMemoryStore, type StoreErrorInfo } from '../../src/rest/index.js'
import { INVALID_REQUEST_WINDOW_MS, ValidationError } from '../../src/internal.js'
import { APP, GUILD, connect } from './helpers.js'

// The window, from src/wire/rate-limits.ts (public API v10, "Invalid Request Limit").
const TEN_MINUTES = INVALID_REQUEST_WINDOW_MS

/** A client whose token the emulator refuses (401), with the given limit. */
function revoked(invalidRequestLimit?: number | false) {
  return connect({ token: 'Bot reset-token', ...(invalidRequestLimit === undefined ? {} : { invalidRequestLimit }) }, { applications: [{ id: APP, botToken: 'current-token' }] })
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  )

describe('invalidRequestLimit', () => {
  it('five 401s at a limit of 5: the sixth call is not sent, and says why and for how long; after 10 minutes it is sent again', async () => {
    const { rest, sent, clock } = revoked(5)
    for (let i = 0; i < 5; i++) {
      expect(await failure(rest.listCommands())).toMatchObject({ status: 401 })
      clock.now += 1000
    }
    expect(sent).toHaveLength(5)
    const stopped = await failure(rest.listCommands({ guildId: GUILD }))
    expect(stopped).toBeInstanceOf(RateLimitError)
    expect(stopped).toMatchObject({ invalidRequests: 5, global: true, method: 'GET', wait: TEN_MINUTES - 5000 })
    expect((stopped as Error).message).toBe(
      `GET /applications/${APP}/guilds/${GUILD}/commands was not sent: 5 answers of 401, 403 or 429 in 10 minutes reached invalidRequestLimit (an address is blocked at 10000): ${TEN_MINUTES - 5000} ms to wait`,
    )
    expect(sent).toHaveLength(5)
    // The first 401 leaves the window: one call may go, and draws its 401.
    clock.now += TEN_MINUTES - 5000
    expect(await failure(rest.listCommands())).toBeInstanceOf(RestError)
    expect(sent).toHaveLength(6)
    expect(await failure(rest.listCommands())).toMatchObject({ invalidRequests: 5, wait: 1000 })
    expect(sent).toHaveLength(6)
  })

  it("counts 403 and 429, not a 429 of scope shared (a guild's daily creates), and not the 2xx", async () => {
    const { rest, sent, emulator } = connect(
      { token: 'Bot t', invalidRequestLimit: 3, maxRetryWait: 0, retries: 0 },
      { applications: [{ id: APP, botToken: 't' }], rateLimits: { global: false, dailyCreates: 1 } },
    )
    const command = { name: 'ping', description: 'Pong' }
    expect(await failure(rest.createCommand(command, { guildId: GUILD }))).toBeUndefined()
    // The second create of the day in this guild: a 429 of scope shared, which counts for nothing.
    const shared = (await failure(rest.createCommand({ ...command, name: 'pong' }, { guildId: GUILD }))) as RestError
    expect(shared.status).toBe(429)
    expect(emulator.requests.at(-1)?.status).toBe(429)
    // Three 403s (another application's commands), each sent: had the shared 429 counted, the third would not have been.
    for (let i = 0; i < 3; i++) {
      expect(await failure(rest.request('GET', '/applications/999999999999999999/commands'))).toMatchObject({ status: 403 })
      expect(sent).toHaveLength(3 + i)
    }
    expect(await failure(rest.listCommands())).toMatchObject({ invalidRequests: 3 })
    expect(sent).toHaveLength(5)
  })

  it('is 9,000 by default; false turns it off; anything else is refused with its path', async () => {
    // The default: 9,000 401s are sent (the emulator's clock stands still), the next call is not.
    const on = revoked()
    const start = on.clock.now
    for (let i = 0; i < 9000; i++) await failure(on.rest.listCommands())
    expect(on.sent).toHaveLength(9000)
    const stopped = (await failure(on.rest.listCommands())) as RateLimitError
    expect(stopped.invalidRequests).toBe(9000)
    // The client's own global limit (50 a second) moved the clock while they went: the first leaves the window that much sooner.
    expect(stopped.wait).toBe(TEN_MINUTES - (on.clock.now - start))
    expect(on.sent).toHaveLength(9000)
    // Off: as many as that and more go out, each its own 401.
    const off = revoked(false)
    for (let i = 0; i < 9001; i++) await failure(off.rest.listCommands())
    expect(off.sent).toHaveLength(9001)
    expect(await failure(off.rest.listCommands())).toMatchObject({ status: 401 })
    for (const bad of [0, -1, 1.5, Number.NaN, '10' as unknown as number])
      expect(() => createClient({ applicationId: APP, invalidRequestLimit: bad })).toThrow(
        expect.objectContaining({ issues: [expect.objectContaining({ code: 'number.range', path: ['invalidRequestLimit'] })] }) as unknown as ValidationError,
      )
  })
})

/**
 * The service blocks the address, whatever client drew the answers: clients that
 * share a store (one memory store in a process; `slashkit/redis` across processes,
 * test/rest/redis.test.ts) count them together, and each stops at its next invalid
 * answer once the address's count reached the limit.
 */
describe('invalidRequestLimit, counted by a shared store', () => {
  /** Two clients of revoked tokens on one emulator and one clock, with `store`. */
  function two(store: ReturnType<typeof createMemoryStore>, limit = 5) {
    const a = connect({ token: 'Bot reset-a', invalidRequestLimit: limit, rateLimitStore: store }, { applications: [{ id: APP, botToken: 'current-token' }] })
    const b = createClient({
      token: 'Bot reset-b',
      applicationId: APP,
      baseUrl: a.emulator.baseUrl,
      fetch: a.emulator.fetch,
      now: () => a.clock.now,
      invalidRequestLimit: limit,
      rateLimitStore: store,
    })
    return { ...a, b }
  }

  it('three 401s of one client and two of another reach a limit of 5: the second stops at once, the first at its next 401', async () => {
    const { rest, b, clock, emulator } = two(createMemoryStore())
    for (let i = 0; i < 3; i++) {
      expect(await failure(rest.listCommands())).toMatchObject({ status: 401 })
      clock.now += 1000
    }
    expect(await failure(b.listCommands())).toMatchObject({ status: 401 })
    expect(await failure(b.listCommands())).toMatchObject({ status: 401 })
    // Before: each client counted its own (3 and 2), and both went on sending.
    const stopped = await failure(b.listCommands())
    expect(stopped).toBeInstanceOf(RateLimitError)
    // The count falls below 5 when the first 401 (at 0 s; it is 3 s now) leaves the window.
    expect(stopped).toMatchObject({ invalidRequests: 5, wait: TEN_MINUTES - 3000 })
    const sent = emulator.requests.length
    // The first client learns of the count with its next invalid answer, and stops.
    expect(await failure(rest.listCommands())).toMatchObject({ status: 401 })
    expect(await failure(rest.listCommands())).toMatchObject({ invalidRequests: 6 })
    expect(emulator.requests.length).toBe(sent + 1)
    // Once enough of them leave the window, both send again.
    clock.now += TEN_MINUTES
    expect(await failure(b.listCommands())).toMatchObject({ status: 401 })
    expect(await failure(rest.listCommands())).toMatchObject({ status: 401 })
  })

  it('a store whose count fails is reported (onStoreError, operation invalid); the client still counts its own', async () => {
    const told: StoreErrorInfo[] = []
    const store = { ...createMemoryStore(), name: 'flaky', invalid: () => Promise.reject(new Error('connection lost')) }
    const { rest } = connect(
      { token: 'Bot reset-token', invalidRequestLimit: 2, rateLimitStore: store, hooks: { onStoreError: (info) => void told.push(info) } },
      { applications: [{ id: APP, botToken: 'current-token' }] },
    )
    expect(await failure(rest.listCommands())).toMatchObject({ status: 401 })
    expect(await failure(rest.listCommands())).toMatchObject({ status: 401 })
    expect(await failure(rest.listCommands())).toMatchObject({ invalidRequests: 2 })
    expect(told.map((t) => [t.store, t.operation, t.detail])).toEqual([
      ['flaky', 'invalid', 'connection lost'],
      ['flaky', 'invalid', 'connection lost'],
    ])
    // An answer that is no count is the store's failure too, and stops nothing; one whose numbers are not numbers stops nothing.
    for (const answer of [undefined, { count: 'many', wait: Number.NaN }]) {
      const odd = { ...createMemoryStore(), invalid: () => answer as never }
      const c = connect(
        { token: 'Bot reset-token', invalidRequestLimit: 1, rateLimitStore: odd, hooks: { onStoreError: (info) => void told.push(info) } },
        { applications: [{ id: APP, botToken: 'current-token' }] },
      )
      expect(await failure(c.rest.listCommands())).toMatchObject({ status: 401 })
      // The client's own count (1, at a limit of 1) stops the next call, with its own count and wait.
      expect(await failure(c.rest.listCommands())).toMatchObject({ invalidRequests: 1, wait: TEN_MINUTES })
    }
    expect(told.map((t) => t.operation)).toEqual(['invalid', 'invalid', 'invalid'])
    expect(told[2]?.error).toBeInstanceOf(TypeError)
  })
})
