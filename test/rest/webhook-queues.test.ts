/**
 * Follow-ups of many interactions at once: the public API v10 keys a webhook's
 * rate limits on its id and token (the "major parameter"), and every interaction
 * webhook has the application's id, so the client queues each token apart. Before,
 * one queue per route held every interaction's follow-ups: one request on the wire
 * at a time for the whole bot. Real HTTP on loopback, the emulator's own server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createClient, createMemoryStore, type FetchLike } from '../../src/rest/index.js'
import { APP } from './helpers.js'

let server: RunningEmulator
beforeAll(async () => {
  server = await startEmulator({ rateLimits: { global: false, dailyCreates: false } })
})
afterAll(() => server.close())

describe('interaction webhooks: a queue per token (public API v10 major parameter)', () => {
  it('20 interactions follow up at once, each in its own order; no hook or error shows a token', async () => {
    let wire = 0
    let most = 0
    const counting: FetchLike = async (url, init) => {
      most = Math.max(most, ++wire)
      try {
        return await fetch(url, init)
      } finally {
        wire--
      }
    }
    const seen: string[] = []
    const rest = createClient({ applicationId: APP, baseUrl: server.url, fetch: counting, hooks: { onRequest: (i) => void seen.push(JSON.stringify(i)) } })
    const open = Array.from({ length: 20 }, () => server.emulator.interactions.open(APP))
    for (const { id, token } of open) await rest.interactions.callback(id, token, { type: 4, data: { content: 'started' } })
    most = 0
    await Promise.all(
      open.map(async ({ token }) => {
        for (let k = 0; k < 5; k++) {
          const m = await rest.interactions.followUp(token, { content: `step ${k}` })
          await rest.interactions.editFollowUp(token, m.id, { content: `step ${k} done` })
        }
      }),
    )
    // One queue for all (before): 1 on the wire. A queue per token: the 20 first follow-ups go together.
    expect(most).toBeGreaterThanOrEqual(10)
    for (const { id } of open) expect(server.emulator.interactions.get(id)?.followUps.map((m) => m.content)).toEqual([0, 1, 2, 3, 4].map((k) => `step ${k} done`))
    for (const { token } of open) expect(seen.join('\n')).not.toContain(token)
    expect(seen.some((s) => s.includes(`/webhooks/${APP}/:token`))).toBe(true)
  })
})

describe('the memory store forgets idle buckets', () => {
  it('after 3000 buckets, one still in its window keeps holding its requests', () => {
    const store = createMemoryStore()
    const now = 1_000_000
    void store.learn('app:spent:webhooks/1', { limit: 5, remaining: 0, resetAfter: 120_000 }, now)
    for (let i = 0; i < 3000; i++) void store.learn(`app:b${i}:guilds/${i}`, { limit: 5, remaining: 4, resetAfter: 1000 }, now)
    // A minute and more past their reset, the others are swept at the next learn; the spent one is not.
    for (let i = 0; i < 3000; i++) void store.learn(`app:c${i}:guilds/${i}`, { limit: 5, remaining: 4, resetAfter: 1000 }, now + 90_000)
    const take = store.take({ bucket: 'app:spent:webhooks/1' }, now + 90_000)
    expect(take).toMatchObject({ global: false })
    expect((take as { wait: number }).wait).toBeGreaterThan(29_000)
  })
})

describe('429s of interaction webhooks (emulator rateLimits.webhooks), through hooks', () => {
  it('10 interactions x 8 follow-ups at 4 per 400 ms a token: every call resolves; hooks name route, bucket and wait, never a token', async () => {
    const limited = await startEmulator({ rateLimits: { global: false, dailyCreates: false, webhooks: { limit: 4, window: 400 } } })
    try {
      const payloads: string[] = []
      const waits: { route: string; bucket?: string | undefined; wait: number; reason: string }[] = []
      const rest = createClient({
        applicationId: APP,
        baseUrl: limited.url,
        hooks: {
          onRequest: (i) => void payloads.push(JSON.stringify(i)),
          onResponse: (i) => void payloads.push(JSON.stringify(i)),
          onRateLimit: (i) => {
            payloads.push(JSON.stringify(i))
            waits.push(i)
          },
        },
      })
      const open = Array.from({ length: 10 }, () => limited.emulator.interactions.open(APP))
      for (const { id, token } of open) await rest.interactions.callback(id, token, { type: 4, data: { content: 'started' } })
      const results = await Promise.all(open.map(({ token }) => Promise.all(Array.from({ length: 8 }, (_, k) => rest.interactions.followUp(token, `step ${k}`)))))
      expect(results.flat()).toHaveLength(80)
      // Sent together once the bucket is known, they may land in any order: each lands once.
      for (const { id } of open)
        expect(
          limited.emulator.interactions
            .get(id)
            ?.followUps.map((m) => m.content)
            .sort(),
        ).toEqual(Array.from({ length: 8 }, (_, k) => `step ${k}`))
      // Each token's second four waited for its bucket, learned from the headers: before sending, or after a 429.
      expect(waits.length).toBeGreaterThanOrEqual(10)
      for (const w of waits) expect(w).toMatchObject({ route: `POST /webhooks/:id/:token`, bucket: 'POST /webhooks/:app/:token' })
      expect(waits.every((w) => w.wait > 0 && w.wait <= 450)).toBe(true)
      for (const { token } of open) expect(payloads.join('\n')).not.toContain(token)
    } finally {
      await limited.close()
    }
  })
})
