/**
 * The recipes under examples/ (Cloudflare Workers, Bun, Deno) drive the same
 * handler: a signed PING gets PONG, a signed command its answer, a bad signature
 * 401; the worker hands late work to `ctx.waitUntil`. Runs against dist/ (the
 * examples import the package by name).
 */
import { describe, expect, it } from 'vitest'
// The examples import the built package: so does this test, for one copy of the builders.
import { fakeInteraction, generateTestKeys } from 'slashkit/testing'
import worker from '../../examples/cloudflare-worker.js'
import { makeHandler as bunHandler } from '../../examples/bun.js'
import { makeHandler as denoHandler } from '../../examples/deno.js'
import { kick } from '../../examples/commands.js'

const ping = { id: '1', token: 't', application_id: '1', type: 1, version: 1 }

describe('recipes (examples/)', () => {
  it('Cloudflare Workers: the default export answers PING, a command, and a bad signature', async () => {
    const keys = await generateTestKeys()
    const env = { PUBLIC_KEY: keys.publicKey }
    const waited: Promise<unknown>[] = []
    const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p) }
    const pong = await worker.fetch((await keys.request(ping)) as Request, env, ctx)
    expect(await pong.json()).toEqual({ type: 1 })
    const cmd = fakeInteraction(kick, { options: { target: { user: { username: 'eve' } } } })
    const res = await worker.fetch((await keys.request(cmd)) as Request, env, ctx)
    expect(await res.json()).toEqual({ type: 4, data: { content: 'Kicked eve' } })
    expect(waited).toHaveLength(1)
    await Promise.all(waited)
    const bad = await worker.fetch((await keys.request(ping, { headers: { 'x-signature-ed25519': '00'.repeat(64) } })) as Request, env, ctx)
    expect(bad.status).toBe(401)
  })

  it.each([
    ['Bun', bunHandler],
    ['Deno', denoHandler],
  ] as const)('%s: makeHandler answers a signed command', async (_, make) => {
    const keys = await generateTestKeys()
    const handler = make(keys.publicKey)
    const res = await handler((await keys.request(fakeInteraction(kick, { options: { target: { user: { username: 'eve' } } } }))) as Request)
    expect(await res.json()).toEqual({ type: 4, data: { content: 'Kicked eve' } })
    expect((await handler((await keys.request(ping, { timestamp: 1 })) as Request)).status).toBe(401)
  })

  // Found on the real runtimes (test/runtime/engines.test.ts): `Bun.serve({ fetch: handler })` calls
  // `fetch(request, server)` and `Deno.serve(handler)` calls `handler(request, info)`; neither has a
  // `waitUntil`, and calling it threw: every command got a 500 (public API v10: the service then shows
  // "The application did not respond"), while the handler's work went on unseen.
  it.each([
    ['Bun.serve({ fetch: handler }): the server', { port: 3000, hostname: 'localhost', stop() {} }],
    ["Deno.serve(handler): the connection's info", { remoteAddr: { transport: 'tcp', hostname: '127.0.0.1', port: 5000 }, completed: Promise.resolve() }],
    ['a waitUntil that is not a function', { waitUntil: 'soon' }],
  ])('%s as the second argument is not taken for an ExecutionContext', async (_, second) => {
    const keys = await generateTestKeys()
    const handler = bunHandler(keys.publicKey)
    const res = await handler((await keys.request(fakeInteraction(kick, { options: { target: { user: { username: 'eve' } } } }))) as Request, second)
    expect([res.status, await res.json()]).toEqual([200, { type: 4, data: { content: 'Kicked eve' } }])
  })
})
