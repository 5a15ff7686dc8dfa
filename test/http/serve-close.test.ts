/**
 * `serve(...).close()` and late work: it waits for edits and follow-ups handed to
 * `ctx.waitUntil`, but no longer than its `timeout` (by default the 15 minutes an
 * interaction token lasts: spec, "Interactions", a token is valid for 15 minutes),
 * so that a handler that never settles cannot hold a shutdown for ever. A request
 * being handled when `close()` is called still gets its answer (the service waits 3
 * seconds for it, and a user whose answer was cut sees "This interaction failed"),
 * on a connection closed after it; idle keep-alive connections close at once.
 */
import { describe, expect, it } from 'vitest'
import { serve } from '../../src/http/index.js'
import type { ExecutionContext } from '../../src/http/handler.js'

/** A handler that answers at once and hands `late` to waitUntil. */
const handing = (late: () => Promise<unknown>) => async (_request: unknown, ctx?: ExecutionContext | object) => {
  ;(ctx as ExecutionContext).waitUntil(late())
  return new Response('{"type":1}', { headers: { 'content-type': 'application/json' } })
}

/** A server whose one request hands late work of 80 ms to waitUntil, that request answered: `ended()` once the work is done. */
async function servedWithLateWork() {
  let ended = false
  const server = await serve(
    handing(async () => {
      await new Promise((r) => setTimeout(r, 80))
      ended = true
    }),
    { port: 0 },
  )
  expect((await fetch(server.url, { method: 'POST', body: '{}' })).status).toBe(200)
  return { server, ended: () => ended }
}

describe('serve: close() and late work', () => {
  it('waits for late work that ends', async () => {
    const { server, ended } = await servedWithLateWork()
    await server.close()
    expect(ended()).toBe(true)
  })

  it('stops waiting after its timeout when late work never settles', async () => {
    const server = await serve(
      handing(() => new Promise(() => {})),
      { port: 0 },
    )
    expect((await fetch(server.url, { method: 'POST', body: '{}' })).status).toBe(200)
    const began = performance.now()
    await server.close({ timeout: 50 })
    // Resolved, and near its timeout rather than at the 15-minute default.
    expect(performance.now() - began).toBeLessThan(10_000)
  })

  it('a second close (SIGINT after SIGTERM) waits for the first, and neither rejects', async () => {
    const { server, ended } = await servedWithLateWork()
    // Before: the second call rejected with node:http's ERR_SERVER_NOT_RUNNING, unhandled in a signal handler.
    const first = server.close()
    const second = server.close()
    await second
    expect(ended()).toBe(true)
    await first
    await expect(server.close()).resolves.toBeUndefined()
  })

  it('names a timeout that is not a number of ms', async () => {
    const server = await serve(
      handing(async () => undefined),
      { port: 0 },
    )
    await expect(server.close({ timeout: -1 })).rejects.toThrow('close: timeout must be a number of ms, 0 or more (was -1)')
    await expect(server.close({ timeout: '5' as unknown as number })).rejects.toThrow(/close: timeout must be a number of ms, 0 or more \(was "5"\)/)
    await server.close()
  })
})

describe('serve: close() and requests in flight', () => {
  it('answers a request already being handled before it closes its connection; idle ones close at once', async () => {
    const server = await serve(
      async () => {
        await new Promise((r) => setTimeout(r, 300))
        return new Response('{"type":1}', { headers: { 'content-type': 'application/json' } })
      },
      { port: 0 },
    )
    // An idle keep-alive connection (kept 125 s by default) must not hold the close.
    const idle = await fetch(server.url, { method: 'POST', body: '{}' })
    expect(idle.status).toBe(200)
    const inFlight = fetch(server.url, { method: 'POST', body: '{}' })
    await new Promise((r) => setTimeout(r, 100))
    const began = performance.now()
    await server.close({ timeout: 5_000 })
    expect(performance.now() - began).toBeLessThan(2_000)
    const res = await inFlight
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ type: 1 })
    await expect(fetch(server.url, { method: 'POST', body: '{}' })).rejects.toThrow()
  })

  it("cuts a request that is still unanswered at its timeout (at most the service's 3 seconds)", async () => {
    const server = await serve(() => new Promise<Response>(() => {}), { port: 0 })
    const inFlight = fetch(server.url, { method: 'POST', body: '{}' })
    await new Promise((r) => setTimeout(r, 100))
    const began = performance.now()
    await server.close({ timeout: 200 })
    expect(performance.now() - began).toBeLessThan(1_500)
    await expect(inFlight).rejects.toThrow()
  })
})
