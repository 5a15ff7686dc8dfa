/**
 * A slow handler of a modal's submit. Public API v10, "Interaction callback type":
 * the submit of a modal shown from a component may be answered by
 * DEFERRED_UPDATE_MESSAGE (6) and UPDATE_MESSAGE (7), which change the component's
 * message (the interaction's `message`); one shown from a command has no message and
 * takes 4 and 5.
 *
 * The automatic deferral of such a submit was 5 ("thinking...", a new message), so a
 * slow handler's `ctx.update` edited that new message: the user saw a second copy of
 * the card and the card itself unchanged, with its buttons live, where the same
 * update sent in time changes the card. Now the submit of a modal shown from a
 * component is deferred with 6, as a component is: the update changes the card
 * whatever the handler's time, and a reply after it comes as a follow-up, ephemeral
 * as asked. The submit of a modal shown from a command keeps 5, and an update of it
 * after the deferral (which went as the edit of "thinking...") is refused as it is
 * in time: there is no message to update.
 */
import { describe, expect, it } from 'vitest'
import { actionRow, commands, label, modalRoute, param, route, slash, textInput } from '../../src/index.js'
import { createHandler, type Context } from '../../src/http/index.js'
import { connected, delay } from './helpers.js'

const USER = { id: '400000000000000004' }
const close = route('close', { ticket: param.integer({ min: 1, max: 999 }) })
const reason = modalRoute('reason', { ticket: param.integer({ min: 1, max: 999 }), answer: param.oneOf('update', 'reply') }, 'Close the ticket', [label('Why?', textInput('why'))])
const app = commands(slash('ticket', 'Open a ticket'), slash('feedback', 'Send feedback'), slash('close', 'Close a ticket by its modal'))

/** The bot: a ticket whose buttons show the modal, a command that shows it too, and the submit's handler slower than `deferAfter`. */
const joining = connected(app, (base) =>
  createHandler({
    app,
    deferAfter: 20,
    ...base,
    routes: [close, reason],
    handlers: {
      ticket: (_: unknown, ctx: Context) =>
        ctx.reply({ content: 'Ticket 7: open', components: [actionRow(close.button({ ticket: 7 }, 'Close'), close.button({ ticket: 8 }, 'Close, then reply'))] }),
      feedback: (_: unknown, ctx: Context) => ctx.showModal(reason.modal({ ticket: 1, answer: 'reply' })),
      close: (_: unknown, ctx: Context) => ctx.showModal(reason.modal({ ticket: 2, answer: 'update' })),
    },
    components: {
      close: ({ params }, ctx) => ctx.showModal(reason.modal({ ticket: params.ticket, answer: params.ticket === 7 ? 'update' : 'reply' })),
      reason: async ({ params, fields }, ctx) => {
        await delay(150)
        if (params.answer === 'update') await ctx.update({ content: `Ticket ${params.ticket}: closed (${fields.why})`, components: [] })
        else await ctx.reply(`Noted: ${fields.why}`, { ephemeral: true })
      },
    },
  }),
)

describe('a slow handler of a modal submit (deferAfter: 20)', () => {
  /** Opens the ticket, presses `button`, submits the modal it shows: the submit, and the ticket's message as it is after. */
  async function closeWith(ticket: 7 | 8) {
    const { bot, emulator, errors } = await joining
    const opened = await bot.invoke({ user: USER, command: '/ticket' })
    if (opened.outcome !== 'answered') throw new Error(JSON.stringify(opened))
    errors.length = 0
    const pressed = await bot.press({ user: USER, component: close.button({ ticket }, ticket === 7 ? 'Close' : 'Close, then reply') })
    expect(pressed).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    const r = await bot.submit({ user: USER, modal: reason.modal({ ticket, answer: ticket === 7 ? 'update' : 'reply' }), fields: { why: 'fixed' } })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    return { r, errors, card: () => emulator.interactions.get(opened.interaction.id)?.original }
  }

  /** Invokes `command`, which shows `modal`, and submits it: the submit, and what onError was told since. */
  async function submitFromCommand(command: string, modal: ReturnType<typeof reason.modal>) {
    const { bot, errors } = await joining
    const shown = await bot.invoke({ user: USER, command })
    expect(shown).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    errors.length = 0
    const r = await bot.submit({ user: USER, modal, fields: { why: 'done' } })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    return { r, errors }
  }

  it("ctx.update after the deferral changes the component's message, as in time; no new message", async () => {
    const { r, errors, card } = await closeWith(7)
    // Before: callback 5, and the update edited the new "thinking..." message; the card stayed "open" with its buttons.
    expect(r.callback).toEqual({ type: 6 })
    expect(r.transcript().map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    expect(card()).toMatchObject({ content: 'Ticket 7: closed (fixed)', components: [] })
    expect(errors).toEqual([])
  })

  it('a reply after the deferral is a follow-up, ephemeral as asked; the card is as it was', async () => {
    const { r, errors, card } = await closeWith(8)
    expect(r.callback).toEqual({ type: 6 })
    const [, followup] = r.transcript()
    expect(followup).toMatchObject({ kind: 'followup', message: { content: 'Noted: fixed', flags: 64 } })
    expect(card()).toMatchObject({ content: 'Ticket 7: open' })
    expect(errors).toEqual([])
  })

  it('a modal shown from a command has no message: its submit is deferred with 5 ("thinking..."), which the ephemeral reply replaces', async () => {
    const { r, errors } = await submitFromCommand('/feedback', reason.modal({ ticket: 1, answer: 'reply' }))
    expect(r.callback).toEqual({ type: 5 })
    expect(r.transcript().map((e) => e.kind)).toEqual(['callback', 'original.delete', 'followup'])
    expect(errors).toEqual([])
  })

  it('an update of a modal shown from a command (no message) is refused after the deferral as it is in time, at response; the notice replaces "thinking..."', async () => {
    const { r, errors } = await submitFromCommand('/close', reason.modal({ ticket: 2, answer: 'update' }))
    // Before: the update went as the edit of "thinking...", where the same update in time is refused (update-refusals.test.ts).
    expect(r.callback).toEqual({ type: 5 })
    expect(errors.map((e) => [e.step, (e.cause as { issues?: { code: string }[] }).issues?.map((i) => i.code)])).toEqual([['response', ['response.type']]])
    expect(r.transcript().map((e) => [e.kind, e.kind === 'original.edit' ? (e.body as { content?: string } | undefined)?.content : undefined])).toEqual([
      ['callback', undefined],
      ['original.edit', 'Something went wrong while handling this.'],
    ])
  })
})
