/**
 * Hosts that stop what a fetch handler starts after its response unless a
 * `waitUntil` holds it. A deferred answer there without one would leave the user on
 * "thinking..." for good, so `onError` is told, at step follow-up, with the fix.
 * Each host is known by what it sets:
 * - workerd (Cloudflare Workers): `navigator.userAgent` is `Cloudflare-Workers`
 *   (docs/runtimes.md); test/runtime/engines.test.ts shows it on workerd itself;
 * - Vercel: the system environment variable `VERCEL` is `1` at build and run time
 *   (Vercel's docs, "System environment variables"); its functions keep the work
 *   after the response only through `waitUntil` (Vercel's Functions API reference:
 *   the context's `waitUntil`, or `@vercel/functions`'s);
 * - AWS Lambda: the reserved variable `AWS_LAMBDA_FUNCTION_NAME` (AWS's "Defined
 *   runtime environment variables"); the execution environment is frozen between
 *   invocations.
 * Here Node plays each host by what it sets; the same request with a `waitUntil`,
 * or on a host that runs on, is not reported. `nodeListener` (an Express app hosted
 * as a Vercel function) gives the handler a `waitUntil` of its own, for `idle()`,
 * which holds no host: told as none, unless the host's is given to the listener.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createHandler, DispatchError, nodeListener, type NodeListenerOptions } from '../../src/http/index.js'
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
const env = { VERCEL: process.env.VERCEL, AWS_LAMBDA_FUNCTION_NAME: process.env.AWS_LAMBDA_FUNCTION_NAME }
afterEach(() => {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

/** A deferred `/ping` through the handler (with `ctx`), or, with `listener`, through `nodeListener` on a real server on loopback. */
async function deferred(ctx?: object, listener?: NodeListenerOptions) {
  const w = await world()
  const handler = createHandler({
    publicKey: w.keys.publicKey,
    app,
    rest: w.rest,
    onError: w.onError,
    deferAfter: 10,
    handlers: { ping: async () => (await delay(60), 'Pong') },
  })
  let endpoint = ctx === undefined ? handler : (r: Request) => handler(r, ctx)
  let close = async () => {}
  if (listener !== undefined) {
    const served = nodeListener(handler, listener)
    const server = createServer(served)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`
    endpoint = async (r: Request) => fetch(url, { method: 'POST', headers: r.headers, body: await r.text() })
    close = async () => {
      await served.idle({ timeout: 1000 })
      await new Promise((resolve) => server.close(resolve))
    }
  }
  const d = await w.deliver(endpoint, fakeInteraction(ping, {}))
  expect(d.answer).toEqual({ type: 5 })
  await delay(120)
  await close()
  // Here the process runs on, so the edit lands whatever is told.
  expect(d.record()?.original?.content).toBe('Pong')
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

const VERCEL =
  "a webhook call failed: deferred on Vercel without waitUntil: what follows the response is not kept running; pass handler(request, { waitUntil }) or nodeListener(handler, { waitUntil }), waitUntil from '@vercel/functions'"

describe('a deferral on Vercel without waitUntil', () => {
  it('is reported at step follow-up, with the fix', async () => {
    process.env.VERCEL = '1'
    const errors = await deferred()
    expect(errors.map((e) => [e instanceof DispatchError, e.step, e.message])).toEqual([[true, 'follow-up', VERCEL]])
  })

  it("is not reported when a waitUntil holds the work (@vercel/functions's, or the function's context), nor where VERCEL is not 1", async () => {
    process.env.VERCEL = '1'
    const held: Promise<unknown>[] = []
    expect(await deferred({ waitUntil: (p: Promise<unknown>) => void held.push(p) })).toEqual([])
    expect(held).toHaveLength(1)
    process.env.VERCEL = ''
    expect(await deferred()).toEqual([])
  })
})

describe('an Express (node:http) app hosted as a Vercel function: nodeListener', () => {
  it("without the host's waitUntil, a deferral is told, though the listener tracks it for idle()", async () => {
    process.env.VERCEL = '1'
    const errors = await deferred(undefined, {})
    expect(errors.map((e) => [e.step, e.message])).toEqual([['follow-up', VERCEL]])
  })

  it('with nodeListener(handler, { waitUntil }), the late work is handed to the host and not told', async () => {
    process.env.VERCEL = '1'
    const held: Promise<unknown>[] = []
    expect(await deferred(undefined, { waitUntil: (p) => void held.push(p) })).toEqual([])
    expect(held).toHaveLength(1)
    // What the host holds is the deferral's edit: settled, with the edit made.
    await expect(Promise.all(held)).resolves.toBeDefined()
  })

  it("a host's waitUntil that throws costs no answer: the deferral goes out and its edit still lands", async () => {
    process.env.VERCEL = '1'
    const throwing = () => {
      throw new Error('waitUntil called outside a request')
    }
    expect(await deferred(undefined, { waitUntil: throwing })).toEqual([])
  })

  it('where the process runs on (no such host), a listener without waitUntil is not told', async () => {
    process.env.VERCEL = ''
    expect(await deferred(undefined, {})).toEqual([])
  })

  it('a waitUntil that is not a function is refused when the listener is made', () => {
    const handler = async () => new Response('')
    expect(() => nodeListener(handler, { waitUntil: 'later' as never })).toThrow(new TypeError('nodeListener: waitUntil must be a function (the host\'s waitUntil) (was "later")'))
    expect(() => nodeListener(handler, null as never)).not.toThrow()
  })
})

describe('a deferral on AWS Lambda without waitUntil', () => {
  it('is reported at step follow-up, with the fix; not with a waitUntil', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'interactions'
    const errors = await deferred()
    expect(errors.map((e) => [e.step, e.message])).toEqual([
      [
        'follow-up',
        "a webhook call failed: deferred on AWS Lambda without waitUntil: the function is frozen once it returns, and what follows may never run; pass the host's waitUntil (Netlify's context), or answer within 3 s",
      ],
    ])
    expect(await deferred({ waitUntil: () => undefined })).toEqual([])
  })

  it('an answer at once is not reported: its work is done', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'interactions'
    const w = await world()
    const handler = createHandler({ publicKey: w.keys.publicKey, app, rest: w.rest, onError: w.onError, handlers: { ping: () => 'Pong' } })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 4, data: { content: 'Pong' } })
    await delay(20)
    expect(w.errors).toEqual([])
  })
})
