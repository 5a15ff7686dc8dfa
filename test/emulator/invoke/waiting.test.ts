/**
 * Issue 27 items 4 and 6, the emulator's side. Waiting while the app is
 * "thinking": `wait` and `settle` go on while a deferral is unresolved, until it
 * is (the original edited or replaced), until the interaction's 15 minutes run
 * out (public API v10 token lifetime), or until the caller's cap, and say which.
 * And answers taken as the service takes them: a follow-up the app sends right
 * after its HTTP answer waits for that answer to be taken, instead of finding no
 * webhook yet (404, code 10015); one sent before any answer still gets 10015.
 */
import { describe, expect, it } from 'vitest'
import { TOKEN_LIFETIME_MS } from '../../../src/emulator/index.js'
import { APP, world } from './helpers.js'

const slow = { name: 'purge', description: 'Purge', options: [{ type: 4, name: 'count', description: 'How many' }] }

/** An app that defers, then edits the original after `editAfterMs` (never, when undefined), through the webhook. */
async function deferring(editAfterMs: number | undefined, clock?: { now: number }) {
  const w = world((i) => {
    if (editAfterMs !== undefined)
      setTimeout(() => {
        void w.emulator.fetch(`${w.emulator.baseUrl}/webhooks/${APP}/${i.token}/messages/@original`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'purged' }),
        })
      }, editAfterMs)
    return { type: 5 }
  })
  if (clock !== undefined) w.tick(clock.now - w.clock.now)
  await w.deploy([slow])
  return w
}

describe('waiting while the app is "thinking" (issue 27 item 4)', () => {
  it('waits past the quiet period until the deferral is resolved: ended quiet, not thinking', async () => {
    const w = await deferring(700)
    const r = await w.invoke({ command: '/purge count:5' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    const settled = await r.wait({ quietMs: 100 })
    expect(settled).toMatchObject({ ended: 'quiet', thinking: false })
    expect(settled.transcript.map((e) => [e.kind, 'message' in e ? e.message?.content : undefined])).toEqual([
      ['callback', ''],
      ['original.edit', 'purged'],
    ])
    // settle() is the same wait, with the transcript alone.
    const again = await deferring(300)
    const s = await again.invoke({ command: '/purge' })
    if (s.outcome !== 'answered') throw new Error(JSON.stringify(s))
    expect((await s.settle(50)).map((e) => e.kind)).toEqual(['callback', 'original.edit'])
  })

  it("stops at the caller's cap while still thinking, and says so", async () => {
    const w = await deferring(undefined)
    const r = await w.invoke({ command: '/purge' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    const started = Date.now()
    const settled = await r.wait({ quietMs: 50, maxMs: 300 })
    expect(settled).toMatchObject({ ended: 'cap', thinking: true })
    expect(settled.transcript).toHaveLength(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
  })

  it("stops when the interaction's 15 minutes run out on the emulator's clock: nothing can come after", async () => {
    // The test clock starts at the real time: the handler's signature check reads the real clock.
    const w = await deferring(undefined, { now: Date.now() })
    const r = await w.invoke({ command: '/purge' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    const waiting = r.wait({ quietMs: 50 })
    setTimeout(() => w.tick(TOKEN_LIFETIME_MS + 1), 100)
    expect(await waiting).toMatchObject({ ended: 'expired', thinking: true })
  })
})

describe('answers taken as the service takes them (issue 27 item 6)', () => {
  it('a follow-up started before the endpoint returns its answer waits for it to be taken: 200 at once, never 10015', async () => {
    const w = world()
    await w.deploy([slow])
    let followUp: Promise<number> | undefined
    const r = await w.emulator.invoke({
      applicationId: APP,
      user: { id: '600000000000000006' },
      command: '/purge',
      endpoint: async () => {
        // Sent before the answer leaves the endpoint, as a handler that replies and then follows up does.
        followUp = w.emulator
          .fetch(`${w.emulator.baseUrl}/webhooks/${APP}/${(w.emulator.interactions.list().at(-1) as { token: string }).token}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ content: 'and one more thing' }),
          })
          .then((res) => res.status)
        return Response.json({ type: 4, data: { content: 'done' } })
      },
    })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    const t = await r.until((entries) => entries.length >= 2, 2000)
    expect(t.map((e) => e.kind)).toEqual(['callback', 'followup'])
    expect(await followUp).toBe(200)
    expect(w.emulator.requests.filter((q) => q.path.startsWith('/webhooks')).map((q) => q.status)).toEqual([200])
  })

  it('a follow-up awaited before any answer still finds no webhook (404, code 10015), after a short grace, and the endpoint answers on', async () => {
    const w = world()
    await w.deploy([slow])
    let early: { status: number; code: unknown } | undefined
    const r = await w.emulator.invoke({
      applicationId: APP,
      user: { id: '600000000000000006' },
      command: '/purge',
      endpoint: async () => {
        const token = (w.emulator.interactions.list().at(-1) as { token: string }).token
        const res = await w.emulator.fetch(`${w.emulator.baseUrl}/webhooks/${APP}/${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'too early' }),
        })
        early = { status: res.status, code: ((await res.json()) as { code: unknown }).code }
        return Response.json({ type: 4, data: { content: 'done' } })
      },
    })
    expect(early).toEqual({ status: 404, code: 10015 })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4 } })
  })
})
