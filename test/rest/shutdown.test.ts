/**
 * Shutting a client down (`createClient({ signal })`): a process that stops aborts
 * one signal, and every call, queued, waiting or in flight, rejects with its reason;
 * later calls too. Real HTTP on loopback against the emulator's own server; a fetch
 * that holds each answer 30 ms stands for the network.
 */
import { getEventListeners } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createClient, type FetchLike } from '../../src/rest/index.js'
import { APP } from './helpers.js'

let server: RunningEmulator
beforeAll(async () => {
  server = await startEmulator({ rateLimits: { global: false, dailyCreates: false } })
})
afterAll(() => server.close())

const slow: FetchLike = async (url, init) => {
  await new Promise((r) => setTimeout(r, 30))
  return fetch(url, init)
}

describe('createClient({ signal }): shutdown', () => {
  it('an abort rejects the calls in flight and queued with its reason, and every later call; nothing more is sent', async () => {
    const stop = new AbortController()
    const rest = createClient({ applicationId: APP, baseUrl: server.url, fetch: slow, signal: stop.signal })
    const { id, token } = server.emulator.interactions.open(APP)
    await rest.interactions.callback(id, token, { type: 4, data: { content: 'started' } })
    // 10 follow-ups of one interaction: one in flight, nine queued behind it.
    const calls = Array.from({ length: 10 }, (_, k) =>
      rest.interactions.followUp(token, { content: `step ${k}` }).then(
        () => 'sent',
        (e: unknown) => e,
      ),
    )
    // The abort comes once the first is answered (its fetch holds 30 ms): the second is then in flight, the rest queued.
    // Waiting for that rather than a fixed time keeps the test true on a loaded machine.
    let first = false
    void calls[0]?.then(() => void (first = true))
    for (let i = 0; i < 2000 && !first; i++) await new Promise((r) => setTimeout(r, 1))
    const reason = new Error('shutting down')
    stop.abort(reason)
    const outcomes = await Promise.all(calls)
    expect(outcomes[0]).toBe('sent')
    expect(outcomes.slice(2)).toEqual(Array(8).fill(reason))
    const kept = server.emulator.interactions.get(id)?.followUps.length
    expect(kept).toBeLessThanOrEqual(2)
    await expect(rest.interactions.followUp(token, 'late')).rejects.toBe(reason)
    await new Promise((r) => setTimeout(r, 60))
    expect(server.emulator.interactions.get(id)?.followUps.length).toBe(kept)
  })

  it('one listener on the client signal however many calls wait: no MaxListenersExceededWarning', async () => {
    // Node's EventTarget warns past 10 listeners on one signal (events.defaultMaxListeners).
    const warnings: string[] = []
    const onWarning = (w: Error): void => void warnings.push(w.name)
    process.on('warning', onWarning)
    try {
      const stop = new AbortController()
      const rest = createClient({ applicationId: APP, baseUrl: server.url, fetch: slow, signal: stop.signal })
      const { id, token } = server.emulator.interactions.open(APP)
      await rest.interactions.callback(id, token, { type: 4, data: { content: 'started' } })
      const calls = Array.from({ length: 30 }, (_, k) => rest.interactions.followUp(token, `step ${k}`))
      await new Promise((r) => setTimeout(r, 10))
      expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1)
      await Promise.all(calls)
      await new Promise((r) => setImmediate(r))
      expect(warnings).not.toContain('MaxListenersExceededWarning')
      expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('a call with a signal of its own is cancelled by either; finished calls leave no listener on the client signal', async () => {
    const stop = new AbortController()
    const rest = createClient({ applicationId: APP, baseUrl: server.url, signal: stop.signal })
    const { id, token } = server.emulator.interactions.open(APP)
    await rest.interactions.callback(id, token, { type: 4, data: { content: 'started' } })
    await Promise.all(Array.from({ length: 20 }, (_, k) => rest.interactions.followUp(token, `step ${k}`)))
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
    const own = new AbortController()
    const call = rest.request('GET', `/webhooks/${APP}/${token}/messages/@original`, { authorization: false, globalLimit: false, signal: own.signal })
    own.abort(new Error('mine'))
    await expect(call).rejects.toThrow('mine')
    stop.abort(new Error('all'))
    await expect(rest.request('GET', `/webhooks/${APP}/${token}/messages/@original`, { authorization: false, signal: new AbortController().signal })).rejects.toThrow('all')
  })
})
