/**
 * The client under a bot's load, against the emulator on its clock (spec
 * "Limits": 50 requests per second per application across all endpoints, lobby
 * route limits; "an IP address receiving thousands of 429 responses ... is
 * blocked": clients must respect rate limits). Headers and 429 bodies are the
 * public API v10 ones.
 */
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { createClient, createMemoryStore, RateLimitError, type RateLimitInfo } from '../../src/rest/index.js'
import { APP } from './helpers.js'
import { virtualClock } from './virtual-clock.js'

const guild = (i: number): string => String(200000000000000000n + BigInt(i))

/** The per-user limits are off: 60 lobby creates of one bot would be 10 a minute ("Limits"; test/emulator/user-limits.test.ts). */
function setup(options: { global?: number; lobbies?: boolean } = {}) {
  const time = virtualClock()
  const emulator = createEmulator({ now: time.now, rateLimits: { global: options.global ?? 50, dailyCreates: false, lobbies: options.lobbies ?? true, users: false } })
  const limits: RateLimitInfo[] = []
  const client = (extra: Parameters<typeof createClient>[0] extends infer O ? Partial<O> : never = {}) =>
    createClient({
      token: 'Bot token',
      applicationId: APP,
      baseUrl: emulator.baseUrl,
      fetch: emulator.fetch,
      now: time.now,
      sleep: time.sleep,
      hooks: { onRateLimit: (i) => void limits.push(i) },
      ...extra,
    })
  const statuses = () => emulator.requests.map((r) => r.status)
  return { time, emulator, client, limits, statuses }
}

describe('under load (spec "Limits")', () => {
  it('300 concurrent mixed calls complete, none rejected, with no 429, in the time the global limit allows', async () => {
    const { time, client, statuses } = setup()
    const rest = client()
    const start = time.clock.now
    const calls: Promise<unknown>[] = []
    for (let i = 0; i < 300; i++) {
      const k = i % 5
      calls.push(
        k === 0
          ? rest.listCommands()
          : k === 1
            ? rest.listCommands({ guildId: guild(i % 7) })
            : k === 2
              ? rest.createCommand({ name: `c${i % 20}`, description: 'x' }, { guildId: guild(i % 3) })
              : k === 3
                ? rest.createLobby({})
                : rest.listPermissions(guild(i % 4)),
      )
    }
    const results = await time.run(Promise.allSettled(calls))
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    expect(statuses().filter((s) => s === 429)).toEqual([])
    expect(statuses()).toHaveLength(300)
    // 300 calls at 50 per second: the first 50 at once, then 50 a second.
    const elapsed = time.clock.now - start
    expect(elapsed).toBeGreaterThanOrEqual(5 * 1000)
    expect(elapsed).toBeLessThanOrEqual(5 * 1000 + 100)
  })

  it('two clients sharing one store keep one limit; two without it draw 429s', async () => {
    const shared = setup({ global: 10 })
    const store = createMemoryStore()
    const a = shared.client({ globalLimit: 10, rateLimitStore: store })
    const b = shared.client({ token: 'Bot other', globalLimit: 10, rateLimitStore: store })
    const both = [...Array.from({ length: 30 }, () => a.listCommands()), ...Array.from({ length: 30 }, () => b.listCommands())]
    await shared.time.run(Promise.all(both))
    expect(shared.statuses().filter((s) => s === 429)).toEqual([])

    const apart = setup({ global: 10 })
    const c = apart.client({ globalLimit: 10 })
    const d = apart.client({ token: 'Bot other', globalLimit: 10 })
    await apart.time.run(Promise.allSettled([...Array.from({ length: 30 }, () => c.listCommands()), ...Array.from({ length: 30 }, () => d.listCommands())]))
    expect(apart.statuses().filter((s) => s === 429).length).toBeGreaterThan(0)
  })

  it('a 429 of the global limit holds every route of the application; the hook is told the bucket and the wait', async () => {
    const { time, client, limits, statuses, emulator } = setup({ global: 3 })
    // This client believes in 50 per second; the service allows 3.
    const rest = client()
    await time.run(
      Promise.all([
        rest.listCommands(),
        rest.listCommands({ guildId: guild(1) }),
        rest.listPermissions(guild(2)),
        rest.listCommands({ guildId: guild(3) }),
        rest.listPermissions(guild(4)),
      ]),
    )
    const refused = statuses().filter((s) => s === 429).length
    // Each route queue probes once; after the first global 429 the rest wait for the window.
    expect(refused).toBeLessThanOrEqual(2)
    expect(limits.find((l) => l.reason === '429')).toMatchObject({ global: true, bucket: 'global', wait: 1000, scope: 'global' })
    expect(emulator.requests.filter((r) => r.status === 200)).toHaveLength(5)
  })

  it('calls to one bucket leave in the order they came', async () => {
    const { time, client, emulator } = setup({ global: 2 })
    const rest = client({ globalLimit: 2 })
    const names = Array.from({ length: 6 }, (_, i) => `n${i}`)
    await time.run(Promise.all(names.map((name) => rest.createCommand({ name, description: 'x' }))))
    expect(emulator.state.commands(APP).map((c) => c.name)).toEqual(names)
  })

  it('rejectOnRateLimit: the call that would wait throws a RateLimitError with the wait; a function picks which', async () => {
    const { time, client } = setup({ global: 2 })
    const rest = client({ globalLimit: 2, rejectOnRateLimit: true })
    const settled = await time.run(Promise.allSettled([rest.listCommands(), rest.listCommands(), rest.listCommands()]))
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    const error = (settled[2] as PromiseRejectedResult).reason as RateLimitError
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error).toMatchObject({ global: true, bucket: 'global', wait: 1000, method: 'GET', route: 'GET /applications/:id/commands' })

    const picky = client({ globalLimit: 2, rejectOnRateLimit: (info) => info.wait > 5000 })
    const waited = await time.run(Promise.allSettled([picky.listCommands(), picky.listCommands(), picky.listCommands()]))
    expect(waited.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
  })

  it('a wait longer than maxRetryWait is thrown, not sat out', async () => {
    const { time, client } = setup({ global: 1 })
    const rest = client({ globalLimit: 1, maxRetryWait: 500 })
    const settled = await time.run(Promise.allSettled([rest.listCommands(), rest.listCommands()]))
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ name: 'RateLimitError', wait: 1000 })
  })

  it('globalLimit: false on a request (the interaction webhooks) leaves it out of the global window', async () => {
    const { time, client, limits } = setup({ global: false as never })
    const rest = client({ globalLimit: 1 })
    await time.run(Promise.all([rest.listCommands(), ...Array.from({ length: 3 }, () => rest.request('GET', `/applications/${APP}/commands`, { globalLimit: false }))]))
    expect(limits).toEqual([])
    expect(time.clock.now).toBe(1_700_000_000_000)
  })

  it('a cancelled call leaves its queue: it is never sent, and the calls behind it move up', async () => {
    const { time, client, emulator } = setup({ global: 2 })
    const rest = client({ globalLimit: 2 })
    const controller = new AbortController()
    const calls = [
      rest.listCommands(),
      rest.listCommands(),
      rest.request('GET', `/applications/${APP}/commands?with_localizations=true`, { signal: controller.signal }),
      rest.listCommands({ locale: 'de' }),
    ]
    controller.abort(new Error('no longer wanted'))
    const settled = await time.run(Promise.allSettled(calls))
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'no longer wanted' })
    expect(emulator.requests.map((r) => r.path)).toEqual([`/applications/${APP}/commands`, `/applications/${APP}/commands`, `/applications/${APP}/commands`])
    // An already-aborted signal is refused before it queues.
    await expect(rest.listCommands().then(() => rest.request('GET', '/x', { signal: AbortSignal.abort(new Error('gone')) }))).rejects.toThrow('gone')
  })

  it('globalLimit must be 1 to 1200 ("Limits": 50, raisable to 1200)', () => {
    for (const globalLimit of [0, 1201, 1.5, Number.NaN])
      expect(() => createClient({ token: 't', applicationId: APP, globalLimit })).toThrow(
        expect.objectContaining({ issues: [expect.objectContaining({ code: 'number.range', path: ['globalLimit'] })] }),
      )
    expect(() => createClient({ token: 't', applicationId: APP, globalLimit: 1200 })).not.toThrow()
    expect(() => createClient({ token: 't', applicationId: APP, globalLimit: false })).not.toThrow()
  })
})
