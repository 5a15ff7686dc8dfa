/**
 * workerd (Cloudflare Workers) cancels what a fetch handler starts after its
 * response unless `ctx.waitUntil` holds it (docs/runtimes.md; workerd's
 * `navigator.userAgent` is `Cloudflare-Workers`). A deferred answer there without
 * `ctx` would leave the user on "thinking..." for good, so `onError` is told, at
 * step follow-up, with the fix. test/runtime/engines.test.ts shows it on workerd
 * itself; here Node plays workerd's user agent, and the same request with `ctx`, or
 * on another runtime, is not reported.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createHandler, DispatchError } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { delay, world } from './helpers.js'

const ping = slash('ping', 'Pong')
const app = commands(ping)
const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator')

afterEach(() => {
  if (had === undefined) delete (globalThis as { navigator?: unknown }).navigator
  else Object.defineProperty(globalThis, 'navigator', had)
})

const asWorkerd = () => Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Cloudflare-Workers' }, configurable: true, writable: true })

async function deferred(ctx?: object) {
  const w = await world()
  const handler = createHandler({
    publicKey: w.keys.publicKey,
    app,
    rest: w.rest,
    onError: w.onError,
    deferAfter: 10,
    handlers: { ping: async () => (await delay(60), 'Pong') },
  })
  const d = await w.deliver(ctx === undefined ? handler : (r) => handler(r, ctx), fakeInteraction(ping, {}))
  expect(d.answer).toEqual({ type: 5 })
  await delay(120)
  return w.errors as DispatchError[]
}

describe('a deferral on workerd without ctx', () => {
  it('is reported at step follow-up, with the fix', async () => {
    asWorkerd()
    const errors = await deferred()
    expect(errors.map((e) => [e instanceof DispatchError, e.step])).toEqual([[true, 'follow-up']])
    expect(errors[0]?.message).toBe('a webhook call failed: deferred on Cloudflare Workers without ctx: what follows the response is cancelled; pass ctx, handler(request, ctx)')
  })

  it('is not reported when ctx.waitUntil holds the work, nor on a runtime that runs it on', async () => {
    asWorkerd()
    const held: Promise<unknown>[] = []
    expect(await deferred({ waitUntil: (p: Promise<unknown>) => void held.push(p) })).toEqual([])
    expect(held).toHaveLength(1)
    delete (globalThis as { navigator?: unknown }).navigator
    expect(await deferred()).toEqual([])
  })
})
