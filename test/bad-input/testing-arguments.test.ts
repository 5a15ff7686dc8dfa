/**
 * `slashkit/testing`'s `connect` and `connectGateway` called from plain JavaScript
 * with arguments of the wrong type (the standard: bad input gets a clear error, never
 * a crash): each is a `TypeError` that names the function and the argument, where
 * `connect(emulator, 42)` threw the engine's "create is not a function" and a
 * `create` that returned nothing (a missing `return`) was taken, and failed at the
 * first step.
 */
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createEmulator } from '../../src/emulator/index.js'
import { createHandler } from '../../src/http/index.js'
import { connect, connectGateway } from '../../src/testing/index.js'
import { expectNamed } from './helpers.js'

describe('connect and connectGateway name a wrong argument', () => {
  it('connect: create must be a function, and its result a handler', async () => {
    const emulator = createEmulator()
    for (const value of [42, null, undefined]) await expectNamed(() => connect(emulator, value as never), /^connect: create must be a function making the bot's handler/)
    for (const made of [() => undefined, async () => null, () => ({ fetch: () => new Response() })])
      await expectNamed(() => connect(emulator, made as never), /^connect: create's result must be a fetch handler: return createHandler\(\.\.\.\)/)
    // The right shape still connects.
    const app = commands(slash('ping', 'Pong'))
    const bot = await connect(emulator, (publicKey) => createHandler({ publicKey, app, handlers: { ping: () => 'pong' } }))
    expect(bot.applicationId).toBe('100000000000000001')
  })

  it('connect and connectGateway: an emulator that is none is named, not read (it was "e.publicKey is not a function")', async () => {
    for (const emulator of [{}, undefined, null, 'http://127.0.0.1:8080']) {
      await expectNamed(
        () => connect(emulator as never, () => (() => undefined) as never),
        /^connect: emulator must be an emulator, createEmulator\(\) of 'slashkit\/emulator' \(was /,
      )
      await expectNamed(() => connectGateway(emulator as never, () => undefined, { token: 'a.b.c' }), /^connectGateway: emulator must be an emulator/)
    }
  })

  it('connectGateway: a handler that is no function and a token that is no string reject, named', async () => {
    const emulator = createEmulator({ applications: [{ id: '100000000000000001', botToken: 'a.b.c' }] })
    await expectNamed(() => connectGateway(emulator, 42 as never, { token: 'a.b.c' }), /^connectGateway: onInteraction must be a function given each INTERACTION_CREATE packet/)
    await expectNamed(() => connectGateway(emulator, () => undefined, { token: 42 } as never), /^connectGateway: options\.token must be the bot's token, a string/)
    await expectNamed(() => connectGateway(emulator, () => undefined, undefined as never), /^connectGateway: options\.token must be the bot's token, a string \(was undefined\)$/)
  })
})
