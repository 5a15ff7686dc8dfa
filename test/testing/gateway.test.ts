/**
 * `connectGateway`: a gateway bot's handler (`createGatewayHandler`) joined to the
 * emulator's gateway in process (public API v10, "Receiving an Interaction": an app
 * without an interactions endpoint URL gets INTERACTION_CREATE on its gateway
 * connection and answers through the callback endpoint). It identifies with the
 * bot's token, each step resolves once the handler's work is done, and a token the
 * emulator does not hold is the gateway's 4004, named.
 */
import { describe, expect, it } from 'vitest'
import { actionRow, commands, label, modalRoute, param, route, slash, textInput } from '../../src/index.js'
import { createEmulator } from '../../src/emulator/index.js'
import { createGatewayHandler } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { connectGateway } from '../../src/testing/index.js'

const APP = '100000000000000001'
const user = { id: '600000000000000006', username: 'alice' }
const place = { guild: { id: '200000000000000002' } }
const vote = route('vote', { choice: param.oneOf('yes', 'no') }, 'button')
const why = modalRoute('why', {}, 'Why?', [label('Tell us', textInput('text'))])
const app = commands(slash('poll', 'A poll'), slash('slow', 'Takes 3.1 s'), slash('later', 'Deferred, answered by nobody'))

async function joined() {
  const emulator = createEmulator({ applications: [{ id: APP, botToken: 'bot-token' }], rateLimits: { global: false, dailyCreates: false, lobbies: false } })
  const rest = createClient({ token: 'bot-token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  await rest.deploy(app)
  const onInteraction = createGatewayHandler({
    app,
    rest,
    handlers: {
      poll: async (_, ctx) => {
        await ctx.reply({ content: 'Lunch?', components: [actionRow(vote.button({ choice: 'yes' }, 'Yes'), vote.button({ choice: 'no' }, 'No'))] })
        await ctx.followUp('vote below')
      },
      slow: async (_, ctx) => {
        await new Promise((r) => setTimeout(r, 3100))
        await ctx.reply('done at last')
      },
      later: (_, ctx) => ctx.defer(),
    },
    routes: [vote, why],
    components: {
      vote: ({ params }, ctx) => (params.choice === 'no' ? ctx.showModal(why.modal({})) : ctx.update(`voted ${params.choice} by ${ctx.user.username}`)),
      why: ({ fields }, ctx) => ctx.update(`no, because ${fields.text}`),
    },
  })
  const bot = await connectGateway(emulator, onInteraction, { token: 'bot-token' })
  return { emulator, bot }
}

describe('connectGateway: a gateway handler on the emulator, no socket', () => {
  it('a command over INTERACTION_CREATE: the callback and the follow-up, done when the step resolves', async () => {
    const { emulator, bot } = await joined()
    expect(bot.applicationId).toBe(APP)
    expect(emulator.gateway.sessions().map((s) => [s.applicationId, s.connected])).toEqual([[APP, true]])
    const r = await bot.invoke({ user, place, command: '/poll' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.transcript().map((e) => e.kind)).toEqual(['callback', 'followup'])
    // Code 1000 ends the session: it is gone, not resumable.
    bot.close()
    expect(emulator.gateway.sessions()).toEqual([])
  })

  it('a button updates the message, another opens a modal whose submit updates it, each named as the app made it', async () => {
    const { emulator, bot } = await joined()
    const poll = await bot.invoke({ user, place, command: '/poll' })
    if (poll.outcome !== 'answered') throw new Error(JSON.stringify(poll))
    expect(await bot.press({ user, component: vote.button({ choice: 'no' }, 'No') })).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    expect(await bot.submit({ user, modal: why.modal({}), fields: { text: 'too early' } })).toMatchObject({ outcome: 'answered', callback: { type: 7 } })
    expect(emulator.interactions.get(poll.interaction.id)?.original?.content).toBe('no, because too early')
  })

  it('a handler of 3.1 s is deferred through the callback endpoint, and its answer edits the original; a deferral nobody answers ends settled', async () => {
    const { bot } = await joined()
    const slow = await bot.invoke({ user, place, command: '/slow' })
    if (slow.outcome !== 'answered') throw new Error(JSON.stringify(slow))
    expect(slow.callback.type).toBe(5)
    expect(slow.transcript().map((e) => [e.kind, 'message' in e ? e.message?.content : undefined])).toEqual([
      ['callback', ''],
      ['original.edit', 'done at last'],
    ])
    const later = await bot.invoke({ user, place, command: '/later' })
    if (later.outcome !== 'answered') throw new Error(JSON.stringify(later))
    expect(await later.wait()).toMatchObject({ ended: 'settled', thinking: true })
  })

  it('a handler that throws at once is a step that failed (no callback), and the session goes on', async () => {
    const emulator = createEmulator({ applications: [{ id: APP, botToken: 'bot-token' }] })
    await createClient({ token: 'bot-token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch }).deploy(app)
    const bot = await connectGateway(
      emulator,
      () => {
        throw new Error('broken')
      },
      { token: 'bot-token' },
    )
    expect(await bot.invoke({ user, place, command: '/poll', timeoutMs: 100 })).toMatchObject({ outcome: 'failed', code: 'endpoint.timeout' })
    expect(emulator.gateway.sessions().map((s) => s.connected)).toEqual([true])
  })

  it("a token the emulator's applications do not hold: rejected with the gateway's 4004", async () => {
    const emulator = createEmulator({ applications: [{ id: APP, botToken: 'bot-token' }] })
    await expect(connectGateway(emulator, () => undefined, { token: 'wrong' })).rejects.toThrow(/^connectGateway: the gateway closed the connection before READY \(4004: /)
  })
})
