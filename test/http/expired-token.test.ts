/**
 * A follow-up after the interaction's 15 minutes (public API v10: the token, and so
 * its webhook, lasts 15 minutes; the service then answers 401, code 50027): the
 * `onError` call at the step `follow-up` keeps the service's words and says why and
 * what to do instead. Found in the s8 trial: "answered 401: Invalid Webhook Token
 * (code 50027)" alone sent the author looking for a wrong token. The emulator and the
 * handler share a virtual clock; the handler's slow work moves it 16 minutes, and only
 * once the emulator has taken the answer (its transcript says so), never after a
 * timer: a loaded machine can stall the loop longer than any fixed wait.
 */
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createEmulator, type Emulator, startEmulator } from '../../src/emulator/index.js'
import { createGatewayHandler, createHandler, DispatchError } from '../../src/http/index.js'
import { createClient, RestError } from '../../src/rest/index.js'
import { connect, fakeInteraction } from '../../src/testing/index.js'

/** Resolves when the emulator has taken the first callback of any interaction. */
function callbackTaken(emulator: Emulator): Promise<void> {
  return new Promise((resolve) => {
    const stop = emulator.interactions.subscribe((_, entry) => {
      if (entry.kind !== 'callback') return
      stop()
      resolve()
    })
  })
}

const app = commands(slash('late', 'Follows up much later'), slash('soon', 'Follows up at once'))

async function play(command: string) {
  let t = Date.UTC(2026, 0, 5)
  const now = () => t
  const errors: DispatchError[] = []
  const emulator = createEmulator({ now })
  const answered = callbackTaken(emulator)
  const bot = await connect(emulator, (publicKey, { applicationId, baseUrl, fetch }) =>
    createHandler({
      publicKey,
      app,
      now,
      rest: createClient({ token: 'Bot t', applicationId, baseUrl, fetch }),
      onError: (e) => void errors.push(e),
      handlers: {
        late: async (_, ctx) => {
          await ctx.reply('on it')
          // The slow work: once the answer has landed, 16 minutes pass.
          await answered
          t += 16 * 60_000
          await ctx.followUp('done')
        },
        soon: async (_, ctx) => {
          await ctx.reply('on it')
          // A follow-up the service refuses for another reason, within the 15 minutes: no word about the token.
          await ctx.editFollowUp('999999999999999999', 'edited')
        },
      },
    }),
  )
  await createClient({ token: 'Bot t', applicationId: bot.applicationId, baseUrl: emulator.baseUrl, fetch: emulator.fetch }).deploy(app)
  const r = await bot.invoke({ user: { id: '600000000000000006', username: 'alice' }, command })
  return { r, errors }
}

describe('a webhook call after the 15 minutes', () => {
  it('onError says the token lasts 15 minutes, how old this one is, and what to do', async () => {
    const { r, errors } = await play('/late')
    expect(r.outcome).toBe('answered')
    expect(errors.map((e) => e.step)).toEqual(['follow-up'])
    const [e] = errors as [DispatchError]
    expect(e.cause).toBeInstanceOf(RestError)
    expect(e.cause).toMatchObject({ status: 401, code: 50027 })
    expect(e.message).toMatch(/^a webhook call failed: .*answered 401: Invalid Webhook Token \(code 50027\)/)
    expect(e.message).toContain(
      "; the interaction's token (and its edits and follow-ups) lasts 15 minutes and this one is 16 minutes old: answer within them, or send a later message to the channel with the bot token",
    )
    expect(e.message).not.toMatch(/emulated\.\d+/)
  })

  it('a refusal within the 15 minutes is told as the service answered it, with no word about the token', async () => {
    const { errors } = await play('/soon')
    expect(errors.map((e) => e.step)).toEqual(['follow-up'])
    expect(errors[0]?.message).not.toContain('15 minutes')
  })
})

describe('over the gateway, on the same virtual clock (createGatewayHandler({ now }))', () => {
  it('a reply after 16 minutes: the edit of the deferral is refused, and onError says how old the interaction is', async () => {
    let t = Date.UTC(2026, 0, 5)
    const now = () => t
    const server = await startEmulator({ now })
    // The deferral (sent after deferAfter: 20 ms) must reach the emulator before the clock moves.
    const deferred = callbackTaken(server.emulator)
    try {
      const APP = '123456789012345678'
      const rest = createClient({ token: 'Bot t', applicationId: APP, baseUrl: server.url })
      const errors: DispatchError[] = []
      const onInteraction = createGatewayHandler({
        app,
        rest,
        now,
        deferAfter: 20,
        onError: (e) => void errors.push(e),
        handlers: {
          late: async () => {
            await deferred
            t += 16 * 60_000
            return 'done'
          },
          soon: () => 'soon',
        },
      })
      const o = server.emulator.interactions.open(APP)
      await onInteraction({
        op: 0,
        s: 1,
        t: 'INTERACTION_CREATE',
        d: { ...fakeInteraction(slash('late', 'Follows up much later'), {}), id: o.id, token: o.token, application_id: APP },
      })
      // The user sees "thinking..." for ever: the deferral was the last thing the service took.
      expect(server.emulator.interactions.get(o.id)).toMatchObject({ callbackType: 5, deferred: true })
      expect(errors.map((e) => e.step)).toEqual(['follow-up'])
      expect(errors[0]?.cause).toMatchObject({ status: 401, code: 50027 })
      expect(errors[0]?.message).toContain('lasts 15 minutes and this one is 16 minutes old')
      expect(errors[0]?.message).not.toContain(o.token)
    } finally {
      await server.close()
    }
  })
})
