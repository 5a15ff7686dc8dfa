/**
 * Updates the service would refuse, refused before they are sent. Over HTTP the
 * first answer is the HTTP response, and the service's refusal of it (400) never
 * reaches the bot: the user saw "This interaction failed" and `onError` was not
 * called. Now the session refuses them at the step `response`, and the user gets the
 * notice. Played by the emulator (which answers each 400, as the service does)
 * through `slashkit/testing`'s `connect`.
 *
 * - Public API v10, "Interaction callback type": UPDATE_MESSAGE (7) and
 *   DEFERRED_UPDATE_MESSAGE (6) answer a component, and a modal submit from a
 *   component, by changing the component's message; a modal shown from a command
 *   has none.
 * - "Message Flags": a message sent with IS_COMPONENTS_V2 keeps the flag and holds no
 *   content, embeds or poll, so `ctx.update({ content })` on a button of a layout
 *   message is refused; an update with layout components keeps it.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  actionRow,
  attachment,
  commands,
  container,
  label,
  layout,
  mediaGallery,
  modalRoute,
  param,
  route,
  slash,
  textDisplay,
  textInput,
  ValidationError,
  type ButtonJSON,
} from '../../src/index.js'
import { createHandler, type Context, type DispatchError } from '../../src/http/index.js'
import { fakeModalSubmit, generateTestKeys } from '../../src/testing/index.js'
import { connected, delay } from './helpers.js'

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

/** /board's answer: a layout message with a row of `buttons`. */
const boardOf = (buttons: ButtonJSON[]) => layout([container([textDisplay('# Board')]), { type: 1 as const, components: buttons }])

/** Shows /board, then presses `button` on it: the press, what onError was told, and the board's message as it is after. */
async function pressOnBoard({ bot, emulator, errors }: Awaited<ReturnType<typeof connected>>, button: ButtonJSON) {
  const shown = await bot.invoke({ user: USER, command: '/board' })
  if (shown.outcome !== 'answered') throw new Error(JSON.stringify(shown))
  errors.length = 0
  const r = await bot.press({ user: USER, component: button })
  if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
  return { r, errors, board: () => emulator.interactions.get(shown.interaction.id)?.original }
}

describe('ctx.update on a button of a layout message (IS_COMPONENTS_V2)', () => {
  const done = route('done', { mode: param.oneOf('content', 'embeds', 'unflag', 'layout', 'gallery') })
  const board = slash('board', 'A layout board')
  const modes = ['content', 'embeds', 'unflag', 'layout', 'gallery'] as const
  let joined: Awaited<ReturnType<typeof connected>>

  beforeAll(async () => {
    joined = await connected(commands(board), (base) =>
      createHandler({
        ...base,
        app: commands(board),
        routes: [done],
        handlers: { board: (_: unknown, ctx: Context) => ctx.reply(boardOf(modes.map((mode) => done.button({ mode }, mode)))) },
        components: {
          done: ({ params }, ctx) => {
            switch (params.mode) {
              case 'content':
                return ctx.update({ content: 'Thanks!' })
              case 'embeds':
                return ctx.update({ embeds: [{ title: 'Thanks!' }] })
              case 'unflag':
                return ctx.update({ flags: 0, components: [] })
              case 'layout':
                return ctx.update(layout([textDisplay('Thanks!')]))
              case 'gallery':
                // Its attachments entry names the file sent with it by its index (a placeholder id), as an edit may.
                return ctx.update({
                  ...layout([mediaGallery('attachment://chart.png')], { attachments: [attachment(0, 'chart.png')] }),
                  files: [{ name: 'chart.png', data: new Uint8Array(8) }],
                })
            }
          },
        },
      }),
    )
  })

  const pressOn = (mode: (typeof modes)[number]) => pressOnBoard(joined, done.button({ mode }, mode))

  it.each([
    ['content', [['field.not_allowed', ['data', 'content']]]],
    ['embeds', [['field.not_allowed', ['data', 'embeds']]]],
    ['unflag', [['field.not_allowed', ['data', 'flags']]]],
  ] as const)('an update with %s: refused before it is sent, one onError at response, the notice; the message is as it was', async (mode, issues) => {
    // Before: outcome 'failed', the callback refused (400, 50035), and nothing told to onError.
    const { r, errors, board } = await pressOn(mode)
    expect(r.callback).toEqual({ type: 4, data: { content: 'Something went wrong while handling this.', flags: 64 } })
    expect(errors.map((e) => e.step)).toEqual(['response'])
    expect((errors[0]?.cause as ValidationError | undefined)?.issues.map((i) => [i.code, i.path])).toEqual(issues)
    expect(board()?.components).toHaveLength(2)
  })

  it('an update with layout components (no content) goes, and the message keeps its flag', async () => {
    const { r, errors, board } = await pressOn('layout')
    expect(r.callback).toMatchObject({ type: 7 })
    expect(board()).toMatchObject({ flags: 32768, components: [{ type: 10, content: 'Thanks!' }] })
    expect(errors).toEqual([])
  })

  it('an update with a gallery of a file sent with it goes (over HTTP: a deferred update, then the edit with the file)', async () => {
    const { r, errors, board } = await pressOn('gallery')
    expect(r.callback).toEqual({ type: 6 })
    const original = board()
    expect([original?.flags, (original?.components[0] as { type?: number } | undefined)?.type, original?.attachments.map((a) => a.filename)]).toEqual([32768, 12, ['chart.png']])
    expect(errors).toEqual([])
  })
})

describe('an edit of a layout message after a deferred update (6): refused as the update sent at once is', () => {
  // A slow handler's update is the deferral's answer, a webhook edit the service refuses (400, 50035) and the bot hears of
  // at follow-up, with nothing of which field; the same update sent in time is refused first (above). Now both read alike.
  const late = route('late', { mode: param.oneOf('slow-content', 'slow-layout', 'edit-content', 'edit-layout', 'reply-then-edit') })
  const modes = ['slow-content', 'slow-layout', 'edit-content', 'edit-layout', 'reply-then-edit'] as const
  const board = slash('board', 'A layout board')
  let joined: Awaited<ReturnType<typeof connected>>

  beforeAll(async () => {
    joined = await connected(commands(board), (base) =>
      createHandler({
        ...base,
        deferAfter: 20,
        app: commands(board),
        routes: [late],
        handlers: { board: (_: unknown, ctx: Context) => ctx.reply(boardOf(modes.map((mode) => late.button({ mode }, mode)))) },
        components: {
          late: async ({ params }, ctx) => {
            switch (params.mode) {
              case 'slow-content':
                await delay(120)
                return ctx.update({ content: 'Thanks!' })
              case 'slow-layout':
                await delay(120)
                return ctx.update(layout([textDisplay('Thanks!')]))
              case 'edit-content':
                await ctx.editReply({ content: 'Thanks!' })
                return
              case 'edit-layout':
                await ctx.editReply(layout([textDisplay('Edited')]))
                return
              case 'reply-then-edit':
                // The original is the reply now, a message of its own without the flag: its content may change.
                await ctx.reply('Working...', { ephemeral: true })
                await ctx.editReply({ content: 'Done' })
                return
            }
          },
        },
      }),
    )
  })

  const pressOn = (mode: (typeof modes)[number]) => pressOnBoard(joined, late.button({ mode }, mode))

  it("a slow handler's update with content: refused before the edit, at response with the field, as in time; the notice follows the deferral", async () => {
    const { r, errors, board } = await pressOn('slow-content')
    // Before: onError at follow-up, a RestError 400 (50035) from the edit.
    expect(r.callback).toEqual({ type: 6 })
    expect(errors.map((e) => e.step)).toEqual(['response'])
    expect((errors[0]?.cause as ValidationError | undefined)?.issues.map((i) => [i.code, i.path])).toEqual([['field.not_allowed', ['data', 'content']]])
    expect(r.transcript().map((e) => e.kind)).toEqual(['callback', 'followup'])
    expect(board()?.components).toHaveLength(2)
  })

  it('ctx.editReply with content before any answer: refused before anything is sent; the notice answers', async () => {
    const { r, errors, board } = await pressOn('edit-content')
    // Before: a deferred update spent, then the edit refused by the service (400, 50035).
    expect(r.callback).toEqual({ type: 4, data: { content: 'Something went wrong while handling this.', flags: 64 } })
    expect(errors.map((e) => e.step)).toEqual(['follow-up'])
    expect((errors[0]?.cause as ValidationError | undefined)?.issues.map((i) => [i.code, i.path])).toEqual([['field.not_allowed', ['content']]])
    expect(board()?.components).toHaveLength(2)
  })

  it.each(['slow-layout', 'edit-layout'] as const)('%s: an edit that fits the layout goes, and the message keeps its flag', async (mode) => {
    const { r, errors, board } = await pressOn(mode)
    expect(r.callback).toEqual({ type: 6 })
    expect(board()).toMatchObject({ flags: 32768, components: [{ type: 10 }] })
    expect(errors).toEqual([])
  })

  it('after a reply, the original is the reply: its content is edited, not checked against the layout', async () => {
    const { r, errors, board } = await pressOn('reply-then-edit')
    expect(r.callback).toMatchObject({ type: 4 })
    expect(r.transcript().map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    expect(board()?.components).toHaveLength(2)
    expect(errors).toEqual([])
  })
})

describe('fakeModalSubmit: a submit from a command unless given the message (docs/messages.md, "Testing a component handler")', () => {
  it('ctx.update answers a fake submit given the message, and is refused on one without it', async () => {
    const keys = await generateTestKeys()
    const errors: DispatchError[] = []
    const handler = createHandler({
      publicKey: keys.publicKey,
      app,
      onError: (e) => void errors.push(e),
      routes: [note, open],
      handlers: { note: () => 'x', board: () => 'x' },
      components: { open: () => 'x', note: ({ fields }, ctx) => ctx.update({ content: `noted: ${fields.text}` }) },
    })
    const answer = async (message?: { id: string }) =>
      (await handler(await keys.request(fakeModalSubmit({ modal: note.modal({}), fields: { text: 'hi' }, ...(message === undefined ? {} : { message }) })))).json()
    expect(await answer({ id: '500000000000000009' })).toEqual({ type: 7, data: { content: 'noted: hi' } })
    expect(await answer()).toEqual({ type: 4, data: { content: 'Something went wrong while handling this.', flags: 64 } })
    expect(errors.map((e) => e.step)).toEqual(['response'])
  })
})
