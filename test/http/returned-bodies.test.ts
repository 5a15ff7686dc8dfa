/**
 * What a handler returns (src/http/handlers.ts `HandlerResult`): a message body as it
 * is, `{ content, components }` or `layout(...)` (the shape discord.js's
 * `interaction.reply(options)` takes), is a reply (CHANNEL_MESSAGE_WITH_SOURCE, public
 * API v10 callback 4), as a string is; the reply is checked like any other
 * (`validateInteractionResponse`), so a body that breaks a rule is refused, never sent.
 */
import { describe, expect, it } from 'vitest'
import { actionRow, button, commands, container, layout, route, slash, textDisplay } from '../../src/index.js'
import { createHandler } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { connected, world } from './helpers.js'

const plain = slash('plain', 'A message body')
const board = slash('board', 'A layout body')
const broken = slash('broken', 'Content beside the layout flag')
const app = commands(plain, board, broken)

describe('a handler that returns a message body replies with it', () => {
  it('{ content, components } and layout(...) are callback 4 with the body as data; a body the rules refuse is not sent', async () => {
    const w = await world()
    const row = actionRow(button('ok', 'OK'))
    const handlers = {
      plain: () => ({ content: 'Hello', components: [row] }),
      board: () => layout([container([textDisplay('# Board'), row])]),
      // "Using Components V2": a message with IS_COMPONENTS_V2 takes no content.
      broken: () => ({ ...layout([textDisplay('x')]), content: 'beside' }),
    }
    const handler = createHandler({ publicKey: w.keys.publicKey, app, rest: w.rest, onError: w.onError, handlers })
    const p = await w.deliver(handler, fakeInteraction(plain, {}))
    expect(p.answer).toEqual({ type: 4, data: { content: 'Hello', components: [row] } })
    expect(p.record()?.original?.content).toBe('Hello')
    const b = await w.deliver(handler, fakeInteraction(board, {}))
    expect(b.answer).toEqual({ type: 4, data: { flags: 1 << 15, components: [{ type: 17, components: [{ type: 10, content: '# Board' }, row] }] } })
    expect(w.errors).toEqual([])
    const x = await w.deliver(handler, fakeInteraction(broken, {}))
    // The refusal is the user's notice (an ephemeral message), and one onError call at the step that refused it.
    expect(x.answer.type).toBe(4)
    expect(x.answer.data.content).not.toBe('beside')
    expect(w.errors).toHaveLength(1)
    const cause = w.errors[0] as { step: string; cause: { issues: { code: string; path: unknown[] }[] } }
    expect(cause.step).toBe('response')
    expect(cause.cause.issues.map((i) => [i.code, i.path])).toEqual([['field.not_allowed', ['data', 'content']]])
  })
})

describe("a handler that returns what its context's webhook call resolved to answered through the context", () => {
  // `return ctx.followUp(...)` returns the message the service created (public API v10, "Create Followup Message":
  // a message object, whose `type` is the message's, 0 DEFAULT). It is no callback: before, it was sent back as
  // one, refused ("a callback of type 0 cannot follow a deferral"), and the user got the failure notice after
  // the follow-up.
  const report = slash('report', 'Follows up, and returns the message')
  const fix = slash('fix', 'Defers, edits, and returns the edit')
  const vote = route('vote', {}, 'button')
  it('the follow-up or the edit stands alone; no onError, no notice', async () => {
    const { bot, errors } = await connected(commands(report, fix), (joined) =>
      createHandler({
        ...joined,
        app: commands(report, fix),
        handlers: {
          report: (_, ctx) => ctx.followUp({ content: 'the report', components: [actionRow(vote.button({}, 'Vote'))] }),
          fix: async (_, ctx) => {
            await ctx.defer({ ephemeral: true })
            return ctx.editReply('fixed')
          },
        },
        routes: [vote],
        components: { vote: (_, ctx) => ctx.followUp({ content: 'counted' }) },
      }),
    )
    const user = { id: '400000000000000004' }
    const kinds = (r: Awaited<ReturnType<typeof bot.invoke>>) =>
      r.outcome === 'answered' ? r.transcript().map((e) => [e.kind, 'type' in e ? e.type : undefined, 'message' in e ? e.message?.content : undefined]) : r
    // The first follow-up takes the place of "thinking..." (public API v10): the deferral, then that message.
    expect(kinds(await bot.invoke({ user, command: '/report' }))).toEqual([
      ['callback', 5, ''],
      ['followup', undefined, 'the report'],
    ])
    expect(kinds(await bot.invoke({ user, command: '/fix' }))).toEqual([
      ['callback', 5, ''],
      ['original.edit', undefined, 'fixed'],
    ])
    const pressed = await bot.press({ user, component: vote.button({}, 'Vote') })
    expect(pressed.outcome === 'answered' ? pressed.transcript().map((e) => [e.kind, 'message' in e ? e.message?.content : undefined]) : pressed).toEqual([
      ['callback', undefined],
      ['followup', 'counted'],
    ])
    expect(errors.map(String)).toEqual([])
  })
})
