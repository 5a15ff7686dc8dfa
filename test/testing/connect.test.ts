/**
 * Issue 27 item 6: tests of a bot without glue. `connect` joins a real
 * `createHandler` to the emulator as the service joins them: answers taken as the
 * service takes them (a follow-up right after a reply lands at once, no 404 10015,
 * no retry), and one await per step for everything the interaction started (the
 * deferral's edit, the follow-ups). And the fakes of component and modal-submit
 * payloads beside `fakeInteraction`, read by createHandler's `components` and
 * `modals` maps as the service's would be.
 */
import { describe, expect, it } from 'vitest'
import { commands, option, slash } from '../../src/index.js'
import { createEmulator } from '../../src/emulator/index.js'
import { createHandler, type ComponentValue, type ModalValue } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { connect, fakeComponentInteraction, fakeModalSubmit, generateTestKeys } from '../../src/testing/index.js'

const app = commands(slash('ping', 'Check'), slash('report', 'Make a report').options(option.integer('pages', 'Pages').min(1).max(3).required()), slash('poll', 'A poll'))
const user = { id: '600000000000000006', username: 'alice' }
const place = { guild: { id: '200000000000000002' } }

async function joined() {
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false, lobbies: false } })
  const bot = await connect(emulator, (publicKey, { applicationId, baseUrl, fetch }) => {
    const rest = createClient({ token: 'Bot test', applicationId, baseUrl, fetch })
    return createHandler({
      publicKey,
      app,
      rest,
      handlers: {
        ping: async (_, ctx) => {
          await ctx.reply('pong')
          await ctx.followUp('one more thing')
        },
        report: async ({ options }, ctx) => {
          await ctx.defer()
          await new Promise((r) => setTimeout(r, 300))
          await ctx.editReply(`report of ${options.pages} pages`)
          for (let p = 1; p <= options.pages; p++) await ctx.followUp(`page ${p}`)
        },
        poll: () => ({ type: 4, data: { content: 'Lunch?', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Yes', custom_id: 'vote:yes' }] }] } }),
      },
      components: {
        'vote:': async ({ args }, ctx) => {
          await ctx.update(`voted ${args}`)
          await ctx.followUp('counted', { ephemeral: true })
        },
      },
    })
  })
  await createClient({ token: 'Bot test', applicationId: bot.applicationId, baseUrl: emulator.baseUrl, fetch: emulator.fetch }).deploy(app)
  return { emulator, bot }
}

describe('connect: a handler joined to the emulator', () => {
  it('a follow-up right after the reply lands at once: no 404 (10015), no retry', async () => {
    const { emulator, bot } = await joined()
    const r = await bot.invoke({ user, place, command: '/ping' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.transcript().map((e) => [e.kind, 'message' in e ? e.message?.content : undefined])).toEqual([
      ['callback', 'pong'],
      ['followup', 'one more thing'],
    ])
    expect(emulator.requests.filter((q) => q.path.startsWith('/webhooks')).map((q) => q.status)).toEqual([200])
  })

  it('one await for everything the interaction started: the deferral, its edit 300 ms later, each follow-up', async () => {
    const { bot } = await joined()
    const r = await bot.invoke({ user, place, command: '/report pages:2' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.transcript().map((e) => e.kind)).toEqual(['callback', 'original.edit', 'followup', 'followup'])
    await bot.settled()
  })

  it('press through the bot: the update and the ephemeral follow-up, done when it resolves', async () => {
    const { emulator, bot } = await joined()
    const poll = await bot.invoke({ user, place, command: '/poll' })
    const pressed = await bot.press({ user, customId: 'vote:yes' })
    if (pressed.outcome !== 'answered' || poll.outcome !== 'answered') throw new Error(JSON.stringify(pressed))
    expect(pressed.transcript().map((e) => [e.kind, 'type' in e ? e.type : undefined])).toEqual([
      ['callback', 7],
      ['followup', undefined],
    ])
    expect(emulator.interactions.get(poll.interaction.id)?.original?.content).toBe('voted yes')
  })
})

describe('fakes of component and modal-submit payloads', () => {
  it('fakeComponentInteraction: a button, and a select with its values, read by createHandler as the service sends them', async () => {
    const keys = await generateTestKeys()
    const seen: ComponentValue[] = []
    const handler = createHandler({
      publicKey: keys.publicKey,
      app,
      handlers: { ping: () => 'x', report: () => 'x', poll: () => 'x' },
      components: { '': (v) => (seen.push(v), { type: 6 }) },
    })
    const button = fakeComponentInteraction({ customId: 'vote:yes', message: { content: 'Lunch?' } })
    expect(button).toMatchObject({
      type: 3,
      data: { custom_id: 'vote:yes', component_type: 2 },
      message: { content: 'Lunch?', components: [] },
      member: { user: { id: expect.any(String) } },
    })
    expect(await (await handler(await keys.request(button))).json()).toEqual({ type: 6 })
    const select = fakeComponentInteraction({ customId: 'color', values: ['red', 'blue'], guildId: null })
    expect(select.data).toEqual({ custom_id: 'color', component_type: 3, values: ['red', 'blue'] })
    expect(select.user).toBeDefined()
    await handler(await keys.request(select))
    expect(seen).toEqual([
      { customId: 'vote:yes', args: 'vote:yes', componentType: 2, values: [] },
      { customId: 'color', args: 'color', componentType: 3, values: ['red', 'blue'] },
    ])
  })

  it('fakeModalSubmit: text inputs in rows, selects in labels, numbered; read by the modals map', async () => {
    const keys = await generateTestKeys()
    const seen: ModalValue[] = []
    const handler = createHandler({
      publicKey: keys.publicKey,
      app,
      handlers: { ping: () => 'x', report: () => 'x', poll: () => 'x' },
      modals: { 'report:': (v) => (seen.push(v), 'thanks') },
    })
    const body = fakeModalSubmit({ customId: 'report:42', fields: { reason: 'spam', severity: ['high'] } })
    expect(body.data.components).toEqual([
      { type: 1, id: 1, components: [{ type: 4, id: 2, custom_id: 'reason', value: 'spam' }] },
      { type: 18, id: 3, component: { type: 3, id: 4, custom_id: 'severity', values: ['high'] } },
    ])
    expect(body.message).toBeUndefined()
    expect(await (await handler(await keys.request(body))).json()).toMatchObject({ type: 4, data: { content: 'thanks' } })
    expect(seen).toEqual([{ customId: 'report:42', args: '42', fields: { reason: 'spam', severity: ['high'] } }])
  })
})
