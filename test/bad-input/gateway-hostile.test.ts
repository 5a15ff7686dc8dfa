/**
 * The hostile trial, the gateway path (`createGatewayHandler`): a
 * payload whose reading throws (a getter, a Proxy), a malformed interaction, and
 * a replayed packet. DESIGN.md: "anything else is reported, never dropped in
 * silence"; the handler never rejects. A replay runs the handler again, and the
 * service refuses the second callback (public API v10: 40060, "Interaction has
 * already been acknowledged"): reported at step `callback` (docs/handling.md,
 * "Security"). Answers go through the emulator.
 */
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createGatewayHandler, type DispatchError } from '../../src/http/index.js'
import { RestError } from '../../src/rest/index.js'
import { APP, world } from '../http/helpers.js'

const app = commands(slash('ping', 'Ping'))

describe('createGatewayHandler against hostile payloads', () => {
  it('a payload whose reading throws: reported at step payload, never a rejection', async () => {
    const w = await world()
    const on = createGatewayHandler({ app, rest: w.rest, onError: w.onError, handlers: { ping: () => 'pong' } })
    const trap = new Proxy(
      {},
      {
        has: () => {
          throw new Error('trap')
        },
      },
    )
    await expect(on(trap)).resolves.toBeUndefined()
    const getter = Object.defineProperty({ op: 0, t: 'INTERACTION_CREATE' }, 'd', {
      enumerable: true,
      get: () => {
        throw new Error('getter')
      },
    })
    await expect(on(getter)).resolves.toBeUndefined()
    expect(w.errors.map((e) => [(e as DispatchError).step, (e as DispatchError).message])).toEqual([
      ['payload', 'the interaction was not handled: the payload could not be read: trap'],
      ['payload', 'the interaction was not handled: the payload could not be read: getter'],
    ])
  })

  it('malformed interactions: each reported at step payload with the field at fault, the handler never called', async () => {
    const w = await world()
    let calls = 0
    const on = createGatewayHandler({ app, rest: w.rest, onError: w.onError, handlers: { ping: () => (calls++, 'pong') } })
    for (const d of [
      { type: 2, id: 5, token: 't' },
      { type: 2, id: '1', token: {} },
      { type: 99, id: '1', token: 't' },
      JSON.parse('{"__proto__":{"type":2},"id":"1","token":"t"}'),
    ])
      await on({ op: 0, t: 'INTERACTION_CREATE', d })
    expect(calls).toBe(0)
    expect(w.errors.map((e) => (e as DispatchError).step)).toEqual(['payload', 'payload', 'payload', 'payload'])
    expect(w.errors.map((e) => (e as DispatchError).message)).toEqual([
      expect.stringContaining('id must be a string'),
      expect.stringContaining('token must be a string'),
      expect.stringContaining('type 99 is not one answered here'),
      expect.stringContaining('type is missing'),
    ])
  })

  it('a replayed packet: the handler runs again, the service refuses the second callback (40060), reported at callback', async () => {
    const w = await world()
    let calls = 0
    const on = createGatewayHandler({ app, rest: w.rest, onError: w.onError, handlers: { ping: () => (calls++, 'pong') } })
    const opened = w.emulator.interactions.open(APP, { type: 2 })
    const packet = {
      op: 0,
      t: 'INTERACTION_CREATE',
      d: { type: 2, id: opened.id, token: opened.token, application_id: APP, channel_id: '1', user: { id: '4', username: 'u' }, data: { id: '5', name: 'ping', type: 1 } },
    }
    await on(packet)
    await on(packet)
    expect(calls).toBe(2)
    expect(w.emulator.interactions.get(opened.id)?.transcript.filter((t) => t.kind === 'callback')).toHaveLength(1)
    expect(w.errors).toHaveLength(1)
    const e = w.errors[0] as DispatchError
    expect(e.step).toBe('callback')
    expect(e.cause).toBeInstanceOf(RestError)
    expect((e.cause as RestError).code).toBe(40060)
    expect(e.message).not.toContain(opened.token)
  })
})
