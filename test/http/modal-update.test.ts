/**
 * `ctx.update` on a modal submit (public API v10, "Interaction callback type"):
 * UPDATE_MESSAGE (7) and DEFERRED_UPDATE_MESSAGE (6) answer a component, and a modal
 * submit from a component, by changing the component's message. A modal shown from a
 * command has no such message, and the service refuses the callback (400), which
 * over HTTP the bot never hears of: the user saw "This interaction failed" and
 * `onError` was not called. The session refuses it before it is sent, and the user
 * gets the notice. Played by the emulator (which answers such a callback 400, as the
 * service does) through `slashkit/testing`'s `connect`.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { actionRow, commands, label, modalRoute, route, slash, textInput, ValidationError } from '../../src/index.js'
import { createHandler, type Context } from '../../src/http/index.js'
import { connected } from './helpers.js'

const USER = { id: '400000000000000004' }
const note = modalRoute('note', {}, 'A note', [label('Text', textInput('text'))])
const open = route('open', {})
const app = commands(slash('note', 'Write a note'), slash('board', 'A board with a button'))

describe('ctx.update answering a modal submit', () => {
  let joined: Awaited<ReturnType<typeof connected>>

  beforeAll(async () => {
    joined = await connected(app, (base) =>
      createHandler({
        ...base,
        app,
        routes: [note, open],
        handlers: {
          note: (_: unknown, ctx: Context) => ctx.showModal(note.modal({})),
          board: (_: unknown, ctx: Context) => ctx.reply({ content: 'the board', components: [actionRow(open.button({}, 'Write'))] }),
        },
        components: {
          open: (_, ctx) => ctx.showModal(note.modal({})),
          note: ({ fields }, ctx) => ctx.update({ content: `noted: ${fields.text}` }),
        },
      }),
    )
  })

  it('shown from a command (no message to update): refused before it is sent, one onError at response, and the user gets the notice', async () => {
    const { bot, errors } = joined
    errors.length = 0
    const shown = await bot.invoke({ user: USER, command: '/note' })
    expect(shown.outcome).toBe('answered')
    const r = await bot.submit({ user: USER, modal: note.modal({}), fields: { text: 'hello' } })
    // Before: outcome 'failed', the callback refused (400), and nothing told to onError.
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.callback).toEqual({ type: 4, data: { content: 'Something went wrong while handling this.', flags: 64 } })
    expect(errors.map((e) => e.step)).toEqual(['response'])
    const cause = errors[0]?.cause
    expect(cause).toBeInstanceOf(ValidationError)
    expect((cause as ValidationError).issues).toEqual([expect.objectContaining({ code: 'response.type', path: ['type'] })])
    expect(errors[0]?.message).toContain('this modal was shown from a command and has none: reply instead')
  })

  it("shown from a button: the update changes the button's message", async () => {
    const { bot, emulator, errors } = joined
    errors.length = 0
    const board = await bot.invoke({ user: USER, command: '/board' })
    if (board.outcome !== 'answered') throw new Error(JSON.stringify(board))
    const pressed = await bot.press({ user: USER, component: open.button({}, 'Write') })
    expect(pressed.outcome).toBe('answered')
    const r = await bot.submit({ user: USER, modal: note.modal({}), fields: { text: 'hello' } })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.callback).toEqual({ type: 7, data: { content: 'noted: hello' } })
    expect(emulator.interactions.get(board.interaction.id)?.original?.content).toBe('noted: hello')
    expect(errors).toEqual([])
  })
})
