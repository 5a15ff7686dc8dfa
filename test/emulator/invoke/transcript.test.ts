/**
 * What the user sees back, recorded by the emulator's interaction registry: the
 * callback from the HTTP answer, then the deferred edit and every follow-up sent
 * to the webhook endpoints with the interaction's token, in order, each with the
 * time it arrived (public API v10; the spec does not show the transport).
 */
import { describe, expect, it } from 'vitest'
import { APP, world } from './helpers.js'

const post = (w: ReturnType<typeof world>, path: string, method: string, body: unknown) =>
  w.emulator.fetch(`${w.emulator.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('transcript', () => {
  it('a handler that defers, edits the original and follows up twice: four entries in order, with arrival times', async () => {
    const w = world((i) => {
      setTimeout(async () => {
        w.tick(500)
        await post(w, `/webhooks/${APP}/${i.token}/messages/@original`, 'PATCH', { content: 'done thinking' })
        w.tick(250)
        await post(w, `/webhooks/${APP}/${i.token}`, 'POST', { content: 'first follow-up' })
        w.tick(250)
        await post(w, `/webhooks/${APP}/${i.token}`, 'POST', { content: 'second, only for you', flags: 64 })
      }, 10)
      return { type: 5 }
    })
    await w.deploy([{ name: 'slow', description: 'Slow' }])
    const start = w.clock.now
    const r = await w.invoke({ command: '/slow' })
    if (r.outcome !== 'answered') throw new Error(`not answered: ${JSON.stringify(r)}`)
    expect(r.callback).toEqual({ type: 5 })
    const t = await r.until((entries) => entries.length === 4)
    expect(t.map((e) => [e.kind, e.at - start])).toEqual([
      ['callback', 0],
      ['original.edit', 500],
      ['followup', 750],
      ['followup', 1000],
    ])
    // The deferred original is "thinking" (LOADING, 128) until edited.
    expect(t[0]).toMatchObject({ kind: 'callback', type: 5, via: 'response', message: { flags: 128 } })
    expect(t.slice(1).map((e) => ('message' in e && e.message !== undefined ? [e.message.content, e.message.flags] : []))).toEqual([
      ['done thinking', 0],
      ['first follow-up', 0],
      ['second, only for you', 64],
    ])
    expect(w.emulator.interactions.get(r.interaction.id)?.followUps).toHaveLength(2)
  })

  it("the interaction id and token are the registry's: a second callback through the endpoint is refused (40060)", async () => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    const r = await w.invoke({ command: '/ping' })
    if (r.outcome !== 'answered') throw new Error('not answered')
    const again = await post(w, `/interactions/${r.interaction.id}/${r.interaction.token}/callback`, 'POST', { type: 4, data: { content: 'again' } })
    expect(again.status).toBe(400)
    expect(((await again.json()) as { code: number }).code).toBe(40060)
    expect(r.transcript()).toHaveLength(1)
  })

  it('settle waits for quiet, and until gives up after its timeout with what there is (never a hang)', async () => {
    const w = world(() => ({ type: 4, data: { content: 'only this' } }))
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    const r = await w.invoke({ command: '/ping' })
    if (r.outcome !== 'answered') throw new Error('not answered')
    expect((await r.settle(50)).map((e) => e.kind)).toEqual(['callback'])
    const started = Date.now()
    expect(await r.until((t) => t.length > 5, 100)).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('a callback the registry refuses (a message without content, an autocomplete answer to a command) is a failed result', async () => {
    for (const answer of [
      { type: 4, data: {} },
      { type: 8, data: { choices: [] } },
    ]) {
      const w = world(() => answer)
      await w.deploy([{ name: 'ping', description: 'Ping' }])
      expect(await w.invoke({ command: '/ping' })).toMatchObject({ outcome: 'failed', code: 'endpoint.callback', status: 200 })
    }
  })
})
