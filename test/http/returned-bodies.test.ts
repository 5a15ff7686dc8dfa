/**
 * What a handler returns (src/http/handlers.ts `HandlerResult`): a message body as it
 * is, `{ content, components }` or `layout(...)` (the shape discord.js's
 * `interaction.reply(options)` takes), is a reply (CHANNEL_MESSAGE_WITH_SOURCE, public
 * API v10 callback 4), as a string is; the reply is checked like any other
 * (`validateInteractionResponse`), so a body that breaks a rule is refused, never sent.
 */
import { describe, expect, it } from 'vitest'
import { actionRow, button, commands, container, layout, slash, textDisplay } from '../../src/index.js'
import { createHandler } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { world } from './helpers.js'

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
