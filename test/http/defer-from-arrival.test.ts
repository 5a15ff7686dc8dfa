/**
 * The automatic deferral counts from the request's arrival, not from the handler's
 * call. Public API v10: the service waits 3 seconds for the answer from the moment
 * it sends the request; the time the request spends before the handler runs (its
 * body coming in, its signature checked behind a burst of others) is spent from
 * those 3 seconds too. Here the body takes 400 ms to come in, a stand-in for any
 * such wait: the deferral, 300 ms after arrival, goes as soon as the handler runs.
 */
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createHandler } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { delay, world } from './helpers.js'

const slow = slash('slow', 'Takes a second')
const app = commands(slow)

/** A signed request whose body comes in `ms` after the request itself. */
async function lateBody(w: Awaited<ReturnType<typeof world>>, body: object, ms: number): Promise<Request> {
  const signed = (await w.keys.request(body)) as Request
  const bytes = new Uint8Array(await signed.arrayBuffer())
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      await delay(ms)
      controller.enqueue(bytes)
      controller.close()
    },
  })
  return new Request(signed.url, { method: 'POST', headers: signed.headers, body: stream, duplex: 'half' } as RequestInit)
}

/** A bot whose `/slow` takes a second, deferred 300 ms after arrival; `answer` times its first answer to a request. */
async function slowBot() {
  const w = await world()
  const handler = createHandler({ publicKey: w.keys.publicKey, app, rest: w.rest, onError: w.onError, deferAfter: 300, handlers: { slow: () => delay(1000).then(() => 'done') } })
  const opened = w.emulator.interactions.open('100000000000000001', { type: 2 })
  const body = { ...fakeInteraction(slow, {}), id: opened.id, token: opened.token }
  const answer = async (request: Request) => {
    const arrived = performance.now()
    const response = await handler(request)
    return { took: performance.now() - arrived, json: await response.json() }
  }
  return { w, body, answer }
}

describe('deferAfter counts from the arrival of the request', () => {
  it('a request that waited 400 ms before its handler ran is deferred at once, not 300 ms later', async () => {
    const { w, body, answer } = await slowBot()
    const { took, json } = await answer(await lateBody(w, body, 400))
    expect(json).toEqual({ type: 5 })
    // At 400 ms and a little: counted from the handler's call it would be 700 ms.
    expect(took).toBeGreaterThanOrEqual(390)
    expect(took).toBeLessThan(650)
    expect(w.errors).toEqual([])
  })

  it('a request handled at once still has the whole of deferAfter', async () => {
    const { w, body, answer } = await slowBot()
    const { took, json } = await answer((await w.keys.request(body)) as Request)
    expect(json).toEqual({ type: 5 })
    expect(took).toBeGreaterThanOrEqual(290)
    expect(took).toBeLessThan(600)
  })
})
