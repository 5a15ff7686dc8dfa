/**
 * A component's handler reads the message that holds the component, typed: its
 * embeds (OpenAPI `MessageEmbedResponse`: `type` and what the app sent) and its
 * components (OpenAPI `MessageResponse.components`: as the app sent them, each with
 * the `id` the service gives it, "auto-populated sequentially" where the app gave
 * none: public API v10, the components reference). Before, both were `unknown[]`:
 * reading a title or rebuilding the rows took a cast. The emulator returns them as
 * the service does, so the handler below runs as it would against it.
 */
import { describe, expect, it } from 'vitest'
import { actionRow, commands, embed, param, route, slash, type ActionRowJSON, type EmbedResponse, type MessageComponentJSON } from '../../src/index.js'
import { createHandler, type Context } from '../../src/http/index.js'
import { connected } from './helpers.js'

const USER = { id: '400000000000000004', username: 'ann' }
const vote = route('vote', { choice: param.oneOf('yes', 'no') }, 'button')
const app = commands(slash('poll', 'Start a poll'))

/** The rows of `components` with the button `id` disabled: a typed walk, no cast. */
const disabling = (components: readonly MessageComponentJSON[], id: number | undefined): MessageComponentJSON[] =>
  components.map((c) => (c.type === 1 ? ({ ...c, components: c.components.map((b) => (b.id === id ? { ...b, disabled: true } : b)) } satisfies ActionRowJSON) : c))

describe("a component's handler reads its message, typed", () => {
  it('reads the embed it sent and disables the button pressed, by the id the service numbered', async () => {
    const seen: EmbedResponse[] = []
    const { bot, emulator, errors } = await connected(app, (base) =>
      createHandler({
        ...base,
        app,
        routes: [vote],
        handlers: {
          poll: (_: unknown, ctx: Context) =>
            ctx.reply({ embeds: [embed({ title: 'Lunch at noon?' })], components: [actionRow(vote.button({ choice: 'yes' }, 'Yes'), vote.button({ choice: 'no' }, 'No'))] }),
        },
        components: {
          vote: ({ params }, ctx) => {
            const { message } = ctx.interaction
            seen.push(...message.embeds)
            const pressed = message.components?.flatMap((c) => (c.type === 1 ? c.components : [])).find((b) => 'custom_id' in b && b.custom_id === ctx.interaction.data.custom_id)
            return ctx.update({ content: `${message.embeds[0]?.title} ${params.choice}`, components: disabling(message.components ?? [], pressed?.id) })
          },
        },
      }),
    )
    const shown = await bot.invoke({ user: USER, command: '/poll' })
    if (shown.outcome !== 'answered') throw new Error(JSON.stringify(shown))
    const r = await bot.press({ user: USER, component: vote.button({ choice: 'no' }, 'No') })
    expect(r.outcome).toBe('answered')
    expect(errors).toEqual([])
    expect(seen).toEqual([{ type: 'rich', title: 'Lunch at noon?' }])
    const after = emulator.interactions.get(shown.interaction.id)?.original
    expect(after?.content).toBe('Lunch at noon? no')
    // The row is 1, its buttons 2 and 3 (pre-order); the second one, pressed, is disabled.
    const row = after?.components?.[0]
    if (row?.type !== 1) throw new Error(JSON.stringify(after?.components))
    expect(row.id).toBe(1)
    expect(row.components.map((b) => [b.id, 'label' in b ? b.label : '', b.disabled === true])).toEqual([
      [2, 'Yes', false],
      [3, 'No', true],
    ])
  })

  it('sends its embeds back as received when it changes the message: an image of a file sent with it keeps the addresses the service gave it', async () => {
    const close = route('close', {}, 'button')
    const png = { name: 'chart.png', data: new TextEncoder().encode('a chart'), contentType: 'image/png' }
    const { bot, emulator, errors } = await connected(app, (base) =>
      createHandler({
        ...base,
        app,
        routes: [close],
        handlers: {
          poll: (_: unknown, ctx: Context) =>
            ctx.reply({ embeds: [embed({ title: 'Votes', image: 'attachment://chart.png' })], components: [actionRow(close.button({}, 'Close'))], files: [png] }),
        },
        // Public API v10 returns the embed's image as the attachment's URL, with its proxy_url; the handler sends it back whole.
        components: { close: (_, ctx) => ctx.update({ content: 'Closed', embeds: ctx.interaction.message.embeds, components: [] }) },
      }),
    )
    const shown = await bot.invoke({ user: USER, command: '/poll' })
    if (shown.outcome !== 'answered') throw new Error(JSON.stringify(shown))
    const sent = emulator.interactions.get(shown.interaction.id)?.original
    const file = sent?.attachments[0]
    expect(sent?.embeds[0]?.image).toEqual({ url: file?.url, proxy_url: file?.proxy_url, content_type: 'image/png' })
    expect(await bot.press({ user: USER, component: close.button({}, 'Close') })).toMatchObject({ outcome: 'answered' })
    expect(errors).toEqual([])
    const after = emulator.interactions.get(shown.interaction.id)?.original
    expect([after?.content, after?.embeds[0]?.image?.url, after?.attachments.map((a) => a.filename)]).toEqual(['Closed', file?.url, ['chart.png']])
  })
})
