/**
 * The messages of a modal submit carry `interaction_metadata` (public API v10; the
 * OpenAPI's `MessageResponse.interaction_metadata`, schema
 * `ModalSubmitInteractionMetadataResponse`): the submit's id, type 5, user and
 * `authorizing_integration_owners`, a follow-up's `original_response_message_id`,
 * and the required `triggering_interaction_metadata`: the metadata of the command
 * (`ApplicationCommandInteractionMetadataResponse`) or component
 * (`MessageComponentInteractionMetadataResponse`, with its `interacted_message_id`)
 * that showed the modal. All on loopback: the emulator served by `startEmulator`,
 * a real `createHandler` served by `serve`, its follow-ups over HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { actionRow, commands, modalRoute, route, slash, type ModalComponentJSON } from '../../../src/index.js'
import { createHandler } from '../../../src/http/index.js'
import { APP, GUILD, onLoopback } from './helpers.js'

const LEE = { id: '400000000000000004', username: 'lee' }
const CHANNEL = '500000000000000005'
const note = modalRoute('note', {}, 'Note', [{ type: 1, components: [{ type: 4, custom_id: 'text', label: 'Text', style: 1 }] }] as ModalComponentJSON[])
const open = route('open', {}, 'button')
const app = commands(slash('feedback', 'Leave a note').integrationTypes('GuildInstall', 'UserInstall'), slash('board', 'A board with a button'))

let stop: (() => Promise<void>) | undefined
afterEach(async () => {
  await stop?.()
  stop = undefined
})

async function bot() {
  const b = await onLoopback(app, ({ publicKey, rest }) =>
    createHandler({
      publicKey,
      app,
      rest,
      handlers: {
        feedback: (_, ctx) => ctx.showModal(note.modal({})),
        board: () => ({ type: 4, data: { content: 'Board', components: [actionRow(open.button({}, 'Write'))] } }),
      },
      routes: [note, open],
      components: {
        open: (_, ctx) => ctx.showModal(note.modal({})),
        note: async (value, ctx) => {
          await ctx.reply(`noted: ${value.fields.text}`)
          await ctx.followUp({ content: 'and a follow-up' })
        },
      },
    }),
  )
  stop = b.close
  const at = { applicationId: APP, endpoint: b.endpoint, user: LEE, place: { guild: { id: GUILD }, channel: { id: CHANNEL } } }
  return { ...b, at }
}

const user = expect.objectContaining({ id: LEE.id, username: 'lee' })

describe('interaction_metadata of a modal submit (OpenAPI ModalSubmitInteractionMetadataResponse)', () => {
  it("a modal a command showed: the submit's reply and follow-up name the submit, and the command as the trigger", async () => {
    const b = await bot()
    const command = await b.emulator.invoke({ ...b.at, command: '/feedback' })
    expect(command).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    const submit = await b.emulator.submit({ ...b.at, fields: { text: 'hello' } })
    if (submit.outcome !== 'answered' || command.outcome !== 'answered') throw new Error(submit.outcome)
    await submit.until((t) => t.some((e) => e.kind === 'followup'))
    const record = b.emulator.interactions.get(submit.interaction.id)
    const triggering = { id: command.interaction.id, type: 2, user, authorizing_integration_owners: { '0': GUILD, '1': LEE.id } }
    expect(record?.original?.content).toBe('noted: hello')
    expect(record?.original?.interaction_metadata).toEqual({
      id: submit.interaction.id,
      type: 5,
      user,
      authorizing_integration_owners: { '0': GUILD, '1': LEE.id },
      triggering_interaction_metadata: triggering,
    })
    // A follow-up names the original response too.
    expect(record?.followUps[0]?.interaction_metadata).toEqual({
      id: submit.interaction.id,
      type: 5,
      user,
      authorizing_integration_owners: { '0': GUILD, '1': LEE.id },
      original_response_message_id: record?.original?.id,
      triggering_interaction_metadata: triggering,
    })
  })

  it("a modal a button showed: the trigger is the component's metadata, with the message that held the button", async () => {
    const b = await bot()
    const board = await b.emulator.invoke({ ...b.at, command: '/board' })
    if (board.outcome !== 'answered') throw new Error(board.outcome)
    const message = b.emulator.interactions.get(board.interaction.id)?.original?.id
    const pressed = await b.emulator.press({ ...b.at, customId: open.id({}) })
    expect(pressed).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    const submit = await b.emulator.submit({ ...b.at, fields: { text: 'from the board' } })
    if (submit.outcome !== 'answered' || pressed.outcome !== 'answered') throw new Error(submit.outcome)
    const metadata = b.emulator.interactions.get(submit.interaction.id)?.original?.interaction_metadata
    expect(metadata).toEqual({
      id: submit.interaction.id,
      type: 5,
      user,
      authorizing_integration_owners: { '0': GUILD },
      triggering_interaction_metadata: { id: pressed.interaction.id, type: 3, user, authorizing_integration_owners: { '0': GUILD }, interacted_message_id: message },
    })
  })

  it('a user-installed command in a guild without the app: the owners are the user installation alone, in both', async () => {
    const b = await bot()
    const place = { guild: { id: GUILD, installed: false }, channel: { id: CHANNEL } }
    const command = await b.emulator.invoke({ ...b.at, place, command: '/feedback' })
    const submit = await b.emulator.submit({ ...b.at, fields: { text: 'hi' } })
    if (submit.outcome !== 'answered' || command.outcome !== 'answered') throw new Error(submit.outcome)
    const metadata = b.emulator.interactions.get(submit.interaction.id)?.original?.interaction_metadata as Record<string, unknown>
    expect(metadata.authorizing_integration_owners).toEqual({ '1': LEE.id })
    expect(metadata.triggering_interaction_metadata).toMatchObject({ id: command.interaction.id, type: 2, authorizing_integration_owners: { '1': LEE.id } })
  })
})
