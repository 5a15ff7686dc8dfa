/**
 * The rest of a discord.js 14 bot's conversation against the emulator, nothing
 * mocked: autocomplete (`respond`), a modal (`showModal`, then the user's submit
 * answered with `reply`), a string select (`update`), and a reply with a file
 * (`files`, sent as multipart/form-data). Public API v10: callbacks 8, 9, 7 and 4,
 * "Uploading Files".
 */
import { ActionRowBuilder, AttachmentBuilder, type Client, Events, ModalBuilder, StringSelectMenuBuilder, TextInputBuilder, TextInputStyle, type Interaction } from 'discord.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commands, option, slash } from '../../src/index.js'
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, GUILD } from './helpers.js'
import { loggedIn } from '../support/discordjs.js'

const TOKEN = 'discordjs-bot-token'
const USER = { id: '300000000000000003', username: 'lee' }
const PLACE = { guild: { id: GUILD }, channel: { id: '500000000000000005' } }
const app = commands(
  slash('pick', 'Autocomplete').options(option.string('fruit', 'Fruit').required().autocomplete()),
  slash('feedback', 'A modal'),
  slash('menu', 'A select'),
  slash('file', 'A file'),
)

let server: RunningEmulator
let client: Client
const errors: unknown[] = []

async function on(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = String(interaction.options.getFocused())
    await interaction.respond(['apple', 'apricot', 'banana'].filter((f) => f.startsWith(typed)).map((f) => ({ name: f, value: f })))
  } else if (interaction.isModalSubmit()) {
    await interaction.reply({ content: `thanks: ${interaction.fields.getTextInputValue('text')}`, ephemeral: true })
  } else if (interaction.isStringSelectMenu()) {
    await interaction.update({ content: `chose ${interaction.values.join(', ')}`, components: [] })
  } else if (interaction.isChatInputCommand()) {
    if (interaction.commandName === 'feedback') {
      const input = new TextInputBuilder().setCustomId('text').setLabel('Your feedback').setStyle(TextInputStyle.Paragraph).setRequired(true)
      await interaction.showModal(new ModalBuilder().setCustomId('feedback').setTitle('Feedback').addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)))
    } else if (interaction.commandName === 'menu') {
      const menu = new StringSelectMenuBuilder().setCustomId('color').addOptions({ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }).setMaxValues(2)
      await interaction.reply({ content: 'Pick colors', components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)] })
    } else if (interaction.commandName === 'file') {
      await interaction.reply({ content: 'here', files: [new AttachmentBuilder(Buffer.from('hello file'), { name: 'hello.txt' })] })
    }
  }
}

beforeAll(async () => {
  server = await startEmulator({ applications: [{ id: APP, botToken: TOKEN }], rateLimits: { global: false } })
  await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, baseUrl: server.url }).deploy(app, { guildId: GUILD })
  client = await loggedIn(server, TOKEN, (c) => c.on(Events.InteractionCreate, (i) => on(i).catch((e) => errors.push(e))))
})
afterAll(async () => {
  await client.destroy()
  await server.close()
})

const invoke = (command: string, focused?: string) =>
  server.emulator.invoke({ applicationId: APP, user: USER, place: PLACE, command, ...(focused === undefined ? {} : { focused }) })

describe('a discord.js 14 Client, the rest of the conversation', () => {
  it('answers autocomplete with respond (callback 8)', async () => {
    const r = await invoke('/pick fruit:ap', 'fruit')
    expect(r, JSON.stringify(r).slice(0, 500)).toMatchObject({ outcome: 'answered', callback: { type: 8 } })
    if (r.outcome === 'answered')
      expect(r.choices).toEqual([
        { name: 'apple', value: 'apple' },
        { name: 'apricot', value: 'apricot' },
      ])
    expect(errors).toEqual([])
  })

  it('shows a modal (callback 9), and replies to its submit', async () => {
    const r = await invoke('/feedback')
    expect(r, JSON.stringify(r).slice(0, 500)).toMatchObject({ outcome: 'answered', callback: { type: 9, data: { custom_id: 'feedback' } } })
    const submitted = await server.emulator.submit({ user: USER, fields: { text: 'great bot' } })
    expect(submitted, JSON.stringify(submitted).slice(0, 500)).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'thanks: great bot', flags: 64 } } })
    expect(errors).toEqual([])
  })

  it('updates the message of a string select (callback 7)', async () => {
    const r = await invoke('/menu')
    expect(r, JSON.stringify(r).slice(0, 500)).toMatchObject({ outcome: 'answered', callback: { type: 4 } })
    const chosen = await server.emulator.choose({ user: USER, customId: 'color', values: ['red', 'blue'] })
    expect(chosen, JSON.stringify(chosen).slice(0, 500)).toMatchObject({ outcome: 'answered', callback: { type: 7, data: { content: 'chose red, blue' } } })
    expect(errors).toEqual([])
  })

  it('replies with a file, sent as multipart/form-data, kept with its bytes', async () => {
    const r = await invoke('/file')
    expect(r, JSON.stringify(r).slice(0, 700)).toMatchObject({ outcome: 'answered', callback: { type: 4 } })
    if (r.outcome !== 'answered') return
    const original = server.emulator.interactions.get(r.interaction.id)?.original
    expect(original?.attachments).toMatchObject([{ filename: 'hello.txt', size: 10 }])
    const id = String(original?.attachments[0]?.id)
    expect(new TextDecoder().decode(server.emulator.interactions.file(id)?.bytes)).toBe('hello file')
    expect(errors).toEqual([])
  })
})
