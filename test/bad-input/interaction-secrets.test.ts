/**
 * The hostile trial: a handler that throws an error quoting the
 * interaction's token (public API v10: the token reaches the interaction's webhook
 * for 15 minutes, a credential) and the bot token. `DispatchError`'s contract: "Its
 * message never holds the interaction token"; the HTTP answer holds neither. The
 * HTTP path (signed with real WebCrypto Ed25519) and the gateway path, each
 * answering through the emulator.
 */
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createGatewayHandler, createHandler, DispatchError } from '../../src/http/index.js'
import { APP, world } from '../http/helpers.js'

const BOT = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.bot-token-secret-part-0123456789'
const app = commands(slash('boom', 'Boom'))

describe('a handler whose error quotes the tokens', () => {
  it('HTTP: the answer quotes neither; onError gets the step, the token as :token in the message, the error as it was in cause', async () => {
    const w = await world()
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      rest: w.rest,
      onError: w.onError,
      handlers: {
        boom: (_values, ctx) => {
          throw new Error(`cannot reach /webhooks/${APP}/${ctx.token} with ${BOT}`)
        },
      },
    })
    const r = await w.deliver(handler, { type: 2, channel_id: '1', user: { id: '4', username: 'u' }, data: { id: '5', name: 'boom', type: 1 } })
    const token = w.emulator.interactions.get(r.id)?.token as string
    expect(token.length).toBeGreaterThan(20)
    expect(r.status).toBe(200)
    expect(r.text).not.toContain(token)
    expect(r.text).not.toContain(BOT)
    expect(w.errors).toHaveLength(1)
    const e = w.errors[0] as DispatchError
    expect(e).toBeInstanceOf(DispatchError)
    expect(e.step).toBe('handler')
    expect(e.message).not.toContain(token)
    expect(e.message).toBe(`the handler failed: cannot reach /webhooks/${APP}/:token with ${BOT}`)
    // The cause is the handler's own error, untouched: what the app threw is the app's to log.
    expect((e.cause as Error).message).toContain(token)
  })

  it('gateway: the same through createGatewayHandler', async () => {
    const w = await world()
    const onInteraction = createGatewayHandler({
      app,
      rest: w.rest,
      onError: w.onError,
      handlers: {
        boom: (_values, ctx) => {
          throw new Error(`token ${ctx.token}`)
        },
      },
    })
    const opened = w.emulator.interactions.open(APP, { type: 2 })
    await onInteraction({
      op: 0,
      s: 1,
      t: 'INTERACTION_CREATE',
      d: { type: 2, id: opened.id, token: opened.token, application_id: APP, channel_id: '1', user: { id: '4', username: 'u' }, data: { id: '5', name: 'boom', type: 1 } },
    })
    expect(w.errors.map((e) => [(e as DispatchError).step, (e as DispatchError).message])).toEqual([['handler', 'the handler failed: token :token']])
    // The user was told, ephemerally, through the callback.
    expect(w.emulator.interactions.get(opened.id)?.transcript[0]).toMatchObject({ kind: 'callback', type: 4, data: { flags: 64 } })
  })
})
