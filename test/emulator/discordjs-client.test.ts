/**
 * A discord.js 14 bot, as most gateway bots are written, run against the emulator
 * with nothing mocked: `client.login(token)` fetches GET /gateway/bot from the
 * emulator (its `rest.api` option), connects over a WebSocket (discord.js's own
 * @discordjs/ws 1.x), gets READY; `interactionCreate` gets the interaction the
 * emulator's user invokes, and `interaction.reply`, `deferReply` and `editReply`
 * reach the emulator's callback and webhook endpoints (public API v10, "Receiving
 * an Interaction": an app without an interactions endpoint URL gets
 * INTERACTION_CREATE on the gateway).
 */
import { ActionRowBuilder, ApplicationFlags, ButtonBuilder, ButtonStyle, Client, Events, GatewayIntentBits, type Interaction } from 'discord.js'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, option, slash } from '../../src/index.js'
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, GUILD } from './helpers.js'

const TOKEN = 'discordjs-bot-token'
const USER = { id: '300000000000000003', username: 'lee' }
const app = commands(slash('echo', 'Echo').options(option.string('text', 'Text').required()), slash('slow', 'Thinks first'), slash('vote', 'A button'))

let server: RunningEmulator | undefined
let client: Client | undefined
afterEach(async () => {
  await client?.destroy()
  await server?.close()
  client = server = undefined
})

describe('a discord.js 14 Client logged in to the emulator', () => {
  it('gets READY and answers commands (reply; deferReply then editReply) and a button (update, then followUp)', async () => {
    server = await startEmulator({ applications: [{ id: APP, botToken: TOKEN }], rateLimits: { global: false } })
    const running = server
    await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, baseUrl: running.url }).deploy(app, { guildId: GUILD })
    client = new Client({ intents: [], rest: { api: `http://127.0.0.1:${running.port}/api` } })
    const errors: unknown[] = []
    client.on(Events.InteractionCreate, async (interaction: Interaction) => {
      try {
        if (interaction.isButton()) {
          await interaction.update({ content: `voted by ${interaction.user.id}`, components: [] })
          await interaction.followUp({ content: 'thanks', ephemeral: true })
          return
        }
        if (!interaction.isChatInputCommand()) return
        if (interaction.commandName === 'vote') {
          const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('yes').setLabel('Yes').setStyle(ButtonStyle.Success))
          await interaction.reply({ content: 'Vote?', components: [row] })
        } else if (interaction.commandName === 'echo') await interaction.reply(`echo ${interaction.options.getString('text', true)}`)
        else {
          await interaction.deferReply()
          await new Promise((r) => setTimeout(r, 50))
          await interaction.editReply('thought it over')
        }
      } catch (error) {
        errors.push(error)
      }
    })
    const ready = new Promise<Client<true>>((resolve) => client?.once(Events.ClientReady, resolve))
    await client.login(TOKEN)
    const c = await ready
    expect(c.user.id).toBe(APP)
    expect(c.application.id).toBe(APP)

    const place = { guild: { id: GUILD }, channel: { id: '500000000000000005' } }
    const echo = await running.emulator.invoke({ applicationId: APP, user: USER, place, command: '/echo text:hi' })
    expect(echo, JSON.stringify(echo)).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'echo hi' } } })
    const slow = await running.emulator.invoke({ applicationId: APP, user: USER, place, command: '/slow' })
    expect(slow).toMatchObject({ outcome: 'answered', callback: { type: 5 } })
    if (slow.outcome !== 'answered') return
    const settled = await slow.wait({ quietMs: 100, maxMs: 3000 })
    expect(settled.thinking, JSON.stringify({ settled, errors: errors.map(String), requests: running.emulator.requests.slice(-4) })).toBe(false)
    expect(settled.transcript.map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    expect(running.emulator.interactions.get(slow.interaction.id)?.original?.content).toBe('thought it over')

    // A button of the reply, pressed: discord.js's ButtonInteraction updates the message, then follows up.
    const vote = await running.emulator.invoke({ applicationId: APP, user: USER, place, command: '/vote' })
    expect(vote).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'Vote?' } } })
    const pressed = await running.emulator.press({ user: USER, customId: 'yes' })
    expect(pressed, JSON.stringify(pressed).slice(0, 600)).toMatchObject({ outcome: 'answered', callback: { type: 7, data: { content: `voted by ${USER.id}`, components: [] } } })
    if (pressed.outcome !== 'answered') return
    const after = await pressed.wait({ quietMs: 100, maxMs: 3000 })
    expect(after.transcript.map((e) => e.kind)).toEqual(['callback', 'followup'])
    expect(errors).toEqual([])
  })

  it('fails to log in with a privileged intent its application has not switched on, as against the service (close 4014)', async () => {
    server = await startEmulator({ applications: [{ id: APP, botToken: TOKEN }], rateLimits: { global: false } })
    client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers], rest: { api: `http://127.0.0.1:${server.port}/api` } })
    await expect(client.login(TOKEN)).rejects.toThrow('Used disallowed intents')
    await client.destroy()
    // Switched on in the application's settings, the same bot logs in.
    await server.close()
    server = await startEmulator({ applications: [{ id: APP, botToken: TOKEN, privilegedIntents: ['GuildMembers'] }], rateLimits: { global: false } })
    client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers], rest: { api: `http://127.0.0.1:${server.port}/api` } })
    const ready = new Promise<Client<true>>((resolve) => client?.once(Events.ClientReady, resolve))
    await client.login(TOKEN)
    expect((await ready).application.flags.bitfield).toBe(ApplicationFlags.GatewayGuildMembersLimited)
  })
})
