/**
 * A discord.js 14 bot that moves to slashkit a command at a time: slashkit's
 * `createGatewayHandler` gets every raw packet (discord.js's `raw` event), and the
 * bot's own `interactionCreate` listener keeps answering its other commands and
 * buttons. Public API v10: an interaction is answered once (a second callback is
 * refused, 40060 "already acknowledged"). With `others: 'leave'` slashkit leaves
 * what is not the app's (a command the set does not hold, a custom_id no route made)
 * to that listener; by default it answers them with its notice and `onError`, as
 * over HTTP, where it is the only receiver. A real Client on the emulator's gateway
 * (`startEmulator`), nothing mocked.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type Client, Events, type Interaction } from 'discord.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionRow, commands, param, reply, route, slash } from '../../src/index.js'
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createGatewayHandler, type DispatchError } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, GUILD } from '../emulator/helpers.js'
import { loggedIn } from '../support/discordjs.js'

const TOKEN = 'mixed-bot-token'
const USER = { id: '300000000000000003', username: 'lee' }
const PLACE = { guild: { id: GUILD }, channel: { id: '500000000000000005' } }

/** slashkit's part of the bot: one command and one route. */
const vote = route('vote', { choice: param.oneOf('yes', 'no') }, 'button')
const slashkitApp = commands(slash('poll', 'A poll'))
/** Everything the bot deploys: its old command too, which discord.js still answers. */
const deployed = commands(slash('poll', 'A poll'), slash('legacy', 'The old way'))

let server: RunningEmulator
let client: Client
/** What discord.js's own listener met: its errors (a 40060 when slashkit answered first). */
const legacyErrors: unknown[] = []
const errors: Record<'answer' | 'leave', DispatchError[]> = { answer: [], leave: [] }
let mode: 'answer' | 'leave' = 'leave'

async function legacy(interaction: Interaction): Promise<void> {
  if (interaction.isChatInputCommand() && interaction.commandName === 'legacy') {
    const button = new ButtonBuilder().setCustomId('old-button').setLabel('Old').setStyle(ButtonStyle.Secondary)
    await interaction.reply({ content: 'the old way', components: [new ActionRowBuilder<ButtonBuilder>().addComponents(button)] })
  } else if (interaction.isButton() && interaction.customId === 'old-button') await interaction.update({ content: 'old button pressed', components: [] })
}

beforeAll(async () => {
  server = await startEmulator({ applications: [{ id: APP, botToken: TOKEN }], rateLimits: { global: false } })
  await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, baseUrl: server.url }).deploy(deployed, { guildId: GUILD })
  const onInteraction: Record<'answer' | 'leave', (packet: unknown) => Promise<void>> = { answer: async () => {}, leave: async () => {} }
  client = await loggedIn(server, TOKEN, (c) => {
    c.on('raw', (packet) => void onInteraction[mode](packet))
    c.on(Events.InteractionCreate, (i) => legacy(i).catch((e) => legacyErrors.push(e)))
  })
  const handlers = (m: 'answer' | 'leave') =>
    createGatewayHandler({
      app: slashkitApp,
      rest: client.rest,
      handlers: { poll: () => reply({ content: 'Lunch?', components: [actionRow(vote.button({ choice: 'yes' }, 'Yes'))] }) },
      routes: [vote],
      components: { vote: ({ params }, ctx) => ctx.update({ content: `${ctx.user.username} voted ${params.choice}`, components: [] }) },
      onError: (e) => void errors[m].push(e),
      others: m,
    })
  onInteraction.answer = handlers('answer')
  onInteraction.leave = handlers('leave')
})
afterAll(async () => {
  await client.destroy()
  await server.close()
})

const play = {
  invoke: (command: string) => server.emulator.invoke({ applicationId: APP, user: USER, place: PLACE, command }),
  press: (customId: string) => server.emulator.press({ applicationId: APP, user: USER, customId }),
}

describe("createGatewayHandler beside a discord.js bot's own listener", () => {
  it("others: 'leave': slashkit answers its command and route, discord.js the rest, each once", async () => {
    mode = 'leave'
    const poll = await play.invoke('/poll')
    expect(poll).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'Lunch?' } } })
    const voted = await play.press('vote')
    expect(voted).toMatchObject({ outcome: 'answered', callback: { type: 7, data: { content: 'lee voted yes' } } })
    const old = await play.invoke('/legacy')
    expect(old).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'the old way' } } })
    const pressed = await play.press('old-button')
    expect(pressed).toMatchObject({ outcome: 'answered', callback: { type: 7, data: { content: 'old button pressed' } } })
    // One answer each: nothing refused, on either side.
    for (const r of [poll, voted, old, pressed]) if (r.outcome === 'answered') expect(r.transcript().filter((e) => e.kind === 'callback')).toHaveLength(1)
    expect(legacyErrors).toEqual([])
    expect(errors.leave).toEqual([])
  })

  it("by default ('answer'), what is not the app's is answered with the notice and told to onError, as over HTTP", async () => {
    mode = 'answer'
    const old = await play.invoke('/legacy')
    expect(old.outcome).toBe('answered')
    // Both listeners answered: one of the two callbacks was refused (40060), and the user saw the first.
    await expect.poll(() => errors.answer.length + legacyErrors.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2)
    expect(errors.answer[0]).toMatchObject({ step: 'payload' })
    expect(String((errors.answer[0] as DispatchError).cause)).toContain('which this set does not hold')
  })
})

describe("others: 'leave' keeps what is the app's", () => {
  it('answers a stale custom_id of its route and a payload of its command that does not fit; refuses a wrong value from JavaScript', async () => {
    const rest = createClient({ token: `Bot ${TOKEN}`, applicationId: APP, baseUrl: server.url })
    const seen: DispatchError[] = []
    const onInteraction = createGatewayHandler({
      app: slashkitApp,
      rest,
      handlers: { poll: () => 'Lunch?' },
      routes: [vote],
      components: { vote: () => 'voted' },
      onError: (e) => void seen.push(e),
      others: 'leave',
    })
    const open = () => server.emulator.interactions.open(APP)
    const base = { application_id: APP, guild_id: GUILD, member: { user: { id: USER.id, username: USER.username }, roles: [], permissions: '0' }, locale: 'en-US' }
    // A custom_id of 'vote' minted for another shape of the route: stale, the app's.
    const stale = open()
    await onInteraction({ ...base, id: stale.id, token: stale.token, type: 3, data: { custom_id: 'vote:zzz', component_type: 2 } })
    // The app's command with an option it does not define: a misfit, the app's.
    const misfit = open()
    await onInteraction({ ...base, id: misfit.id, token: misfit.token, type: 2, data: { id: '1', name: 'poll', type: 1, options: [{ name: 'x', type: 3, value: 'y' }] } })
    // Another listener's command and button: left alone.
    const other = open()
    await onInteraction({ ...base, id: other.id, token: other.token, type: 2, data: { id: '2', name: 'legacy', type: 1 } })
    const otherButton = open()
    await onInteraction({ ...base, id: otherButton.id, token: otherButton.token, type: 3, data: { custom_id: 'old-button', component_type: 2 } })
    expect(seen.map((e) => e.step)).toEqual(['payload', 'payload'])
    const answered = (id: string) => server.emulator.interactions.get(id)?.transcript.length ?? 0
    expect([answered(stale.id), answered(misfit.id), answered(other.id), answered(otherButton.id)]).toEqual([1, 1, 0, 0])
    expect(() => createGatewayHandler({ app: slashkitApp, handlers: { poll: () => 'x' }, others: 'ignore' as never })).toThrow(
      /createGatewayHandler: options\.others must be 'answer' or 'leave'/,
    )
  })
})
