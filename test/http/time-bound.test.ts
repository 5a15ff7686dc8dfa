/**
 * The time a handler has (`handlerTimeout`). Public API v10: an interaction's
 * token, and with it every edit and follow-up, lasts 15 minutes; a deferred answer
 * shows "thinking..." until it is edited. A handler that never settles must not
 * leave the user there with nobody told: past its bound `onError` hears it once
 * (step handler), the user's answer says it failed, and what the handler sends
 * later is refused; without a bound, it is reported when the token runs out.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { type Context, createGatewayHandler, createHandler, DispatchError } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { APP, delay, until, world } from './helpers.js'

const ping = slash('ping', 'Pong')
const app = commands(ping)
const FAILED = 'Something went wrong while handling this.'
const root = fileURLToPath(new URL('../../', import.meta.url))

type World = Awaited<ReturnType<typeof world>>
type Ctx = Context

function endpoint(w: World, ping: (ctx: Ctx) => unknown, options: { deferAfter?: number; handlerTimeout?: number } = {}) {
  return createHandler({ publicKey: w.keys.publicKey, app, rest: w.rest, onError: w.onError, ...options, handlers: { ping: (_, ctx) => ping(ctx) as Promise<string> } })
}

const never = () => new Promise<never>(() => undefined)

afterEach(() => {
  vi.useRealTimers()
})

describe('handlerTimeout', () => {
  it('past it after a deferral: onError once at step handler, "thinking..." edited to the failure, later answers refused', async () => {
    const w = await world()
    let held: Ctx | undefined
    const d = await w.deliver(
      endpoint(
        w,
        (ctx) => {
          held = ctx
          return never()
        },
        { deferAfter: 30, handlerTimeout: 150 },
      ),
      fakeInteraction(ping, {}),
    )
    expect(d.answer).toEqual({ type: 5 })
    await until(() => d.record()?.original?.content === FAILED)
    expect(w.errors).toHaveLength(1)
    const error = w.errors[0] as DispatchError
    expect(error).toBeInstanceOf(DispatchError)
    expect(error.step).toBe('handler')
    expect(error.message).toBe('the handler failed: the handler did not settle in 150 ms (handlerTimeout): the user was told, and what it sends from now on is refused')
    const late = await held?.editReply('too late').then(
      () => 'sent',
      (e: Error) => e.message,
    )
    expect(late).toBe(error.cause instanceof Error ? error.cause.message : 'no cause')
    await expect(held?.followUp('later still')).rejects.toThrow(/handlerTimeout/)
    expect(d.record()?.original?.content).toBe(FAILED)
    expect(d.record()?.transcript.map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    expect(w.errors).toHaveLength(1)
  })

  it('shorter than deferAfter: the HTTP answer is the ephemeral failure itself, no deferral', async () => {
    const w = await world()
    const d = await w.deliver(endpoint(w, never, { deferAfter: 1000, handlerTimeout: 40 }), fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 4, data: { content: FAILED, flags: 64 } })
    expect((w.errors as DispatchError[]).map((e) => e.step)).toEqual(['handler'])
  })

  it('a handler that settles in time is answered as usual, and its bound never fires after', async () => {
    const w = await world()
    const d = await w.deliver(
      endpoint(w, async () => (await delay(60), 'Pong'), { deferAfter: 20, handlerTimeout: 150 }),
      fakeInteraction(ping, {}),
    )
    await until(() => d.record()?.original?.content === 'Pong')
    await delay(200)
    expect(w.errors).toEqual([])
    expect(d.record()?.original?.content).toBe('Pong')
  })

  it('without one, a handler still pending when the token runs out (15 minutes) is reported then, with no notice tried', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const w = await world()
    let called = false
    const delivered = w.deliver(
      endpoint(w, () => {
        called = true
        return never()
      }),
      fakeInteraction(ping, {}),
    )
    // Signing and verifying run off the faked timers: wait for the call, then the default deferAfter (2.5 s) answers the request.
    while (!called) await new Promise((r) => setImmediate(r))
    await vi.advanceTimersByTimeAsync(2500)
    const d = await delivered
    expect(d.answer).toEqual({ type: 5 })
    await vi.advanceTimersByTimeAsync(14 * 60_000)
    expect(w.errors).toEqual([])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(w.errors).toHaveLength(1)
    expect((w.errors[0] as DispatchError).step).toBe('handler')
    expect((w.errors[0] as Error).message).toMatch(/did not settle in its token's 15 minutes: nothing it sends can reach the user now/)
    // "thinking..." stays: the token is spent, so no edit is tried.
    expect(d.record()?.transcript.map((e) => e.kind)).toEqual(['callback'])
  })

  it('holds on the gateway path too: the deferral is edited to the failure at the emulator', async () => {
    const w = await world()
    const errors: unknown[] = []
    const onInteraction = createGatewayHandler({ app, rest: w.rest, onError: (e) => void errors.push(e), deferAfter: 20, handlerTimeout: 100, handlers: { ping: never } })
    const o = w.emulator.interactions.open(APP)
    await onInteraction({ ...fakeInteraction(ping, {}), id: o.id, token: o.token, application_id: APP })
    expect((errors as DispatchError[]).map((e) => e.step)).toEqual(['handler'])
    const record = w.emulator.interactions.get(o.id)
    expect([record?.callbackType, record?.original?.content]).toEqual([5, FAILED])
  })

  it("the bound does not keep Node's process alive: a script whose handler never settles ends once its answer is sent", () => {
    // Without the timer's unref the process would wait out the token's 15 minutes.
    const script = `
      import { commands, slash } from './dist/index.js'
      import { createHandler } from './dist/http.js'
      import { fakeInteraction, generateTestKeys } from './dist/testing.js'
      const ping = slash('ping', 'Pong')
      const keys = await generateTestKeys()
      const handler = createHandler({ publicKey: keys.publicKey, app: commands(ping), deferAfter: 10, handlers: { ping: () => new Promise(() => {}) } })
      const res = await handler(await keys.request({ ...fakeInteraction(ping, {}), application_id: '1' }))
      console.log(res.status, await res.text())
    `
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, timeout: 20_000, encoding: 'utf8' })
    expect(out.trim()).toBe('200 {"type":5}')
  })

  it('is checked when the handler is made: milliseconds in (0, 15 minutes]', async () => {
    const w = await world()
    for (const bad of [0, -1, Number.NaN, 15 * 60_000 + 1, '100'])
      expect(() => endpoint(w, never, { handlerTimeout: bad as number })).toThrow('handlerTimeout must be 1 to 900000 ms')
    expect(() => endpoint(w, never, { handlerTimeout: 15 * 60_000 })).not.toThrow()
  })
})
