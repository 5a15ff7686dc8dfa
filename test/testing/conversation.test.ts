/**
 * A rich bot's conversation after its first answer, played by the emulator through
 * `connect` into a real `createHandler` (the port of a discord.js bot: issue t10):
 * a layout message (IS_COMPONENTS_V2, OpenAPI `ContainerComponentForMessageRequest`)
 * whose select updates its container in place (UPDATE_MESSAGE, callback 7), a modal
 * opened from its button whose submit updates the same message, an ephemeral panel
 * whose button updates it for its user alone, and a deferred update (callback 6)
 * edited later. Each step is checked where the user sees it: the message the
 * emulator keeps.
 */
import { describe, expect, it } from 'vitest'
import { actionRow, commands, container, label, layout, modalRoute, param, route, section, selectOption, slash, textDisplay, textInput, userSelect } from '../../src/index.js'
import { createHandler } from '../../src/http/index.js'
import { joined } from '../emulator/invoke/helpers.js'

const V2 = 1 << 15
const LEE = { id: '400000000000000004', username: 'lee' }
const ANN = { id: '500000000000000005', username: 'ann' }
const place = { guild: { id: '200000000000000002' } }

const dash = slash('dash', 'The dashboard')
const panel = slash('panel', 'A private counter')
const app = commands(dash, panel)
const view = route('view', {}, 'stringSelect')
const rename = route('rename', {}, 'button')
const slow = route('slow', {}, 'button')
const named = modalRoute('named', {}, 'Rename the dashboard', [label('Title', textInput('title', { maxLength: 40 })), label('Owner', userSelect('owner'))])
const count = route('count', { n: param.integer({ min: 0, max: 9 }) }, 'button')

const board = (title: string, shown: string) =>
  layout([
    container([
      textDisplay(`# ${title}`),
      section([`Showing ${shown}`], rename.button({}, 'Rename')),
      actionRow(view.stringSelect({}, [selectOption('CPU', 'cpu'), selectOption('Memory', 'mem')])),
      actionRow(slow.button({}, 'Refresh')),
    ]),
  ])

async function bot() {
  const { bot: b, emulator } = await joined(app, ({ publicKey, rest }) =>
    createHandler({
      publicKey,
      app,
      rest,
      handlers: {
        dash: () => board('Dashboard', 'nothing'),
        panel: (_, ctx) => ctx.reply({ content: 'count 0', components: [actionRow(count.button({ n: 1 }, '+1'))] }, { ephemeral: true }),
      },
      routes: [view, rename, slow, named, count],
      noAutoDefer: ['rename'],
      components: {
        view: ({ values }, ctx) => ctx.update(board('Dashboard', values[0] ?? 'nothing')),
        rename: (_, ctx) => ctx.showModal(named.modal({})),
        named: ({ fields }, ctx) => ctx.update(board(fields.title, `owner ${fields.owner.join()}`)),
        slow: async (_, ctx) => {
          await ctx.defer()
          await ctx.editReply(board('Dashboard', 'refreshed'))
        },
        count: ({ params }, ctx) => ctx.update({ content: `count ${params.n}`, components: [actionRow(count.button({ n: Math.min(params.n + 1, 9) }, '+1'))] }),
      },
    }),
  )
  return { b, emulator }
}

/** The texts of a layout message, in order, as the user reads them. */
const texts = (m: { components?: unknown[] } | undefined): string[] =>
  JSON.stringify(m?.components ?? [])
    .match(/"content":"[^"]*"/g)
    ?.map((t) => t.slice(11, -1)) ?? []

describe('the conversation after the first answer, on a layout message', () => {
  it('a select, a modal from a button and a deferred update each change the one message in place; it stays a layout message', async () => {
    const { b, emulator } = await bot()
    const r = await b.invoke({ user: LEE, place, command: '/dash' })
    if (r.outcome !== 'answered') throw new Error(r.outcome)
    const shown = () => emulator.interactions.get(r.interaction.id)?.original
    expect(shown()?.flags).toBe(V2)
    expect(texts(shown())).toEqual(['# Dashboard', 'Showing nothing'])

    const chosen = await b.choose({ user: LEE, component: { custom_id: view.id({}) }, values: ['Memory'] })
    expect(chosen.outcome === 'answered' && chosen.callback.type).toBe(7)
    expect(texts(shown())).toEqual(['# Dashboard', 'Showing mem'])

    const opened = await b.press({ user: LEE, component: rename.button({}, 'Rename') })
    expect(opened.outcome === 'answered' && opened.callback.type).toBe(9)
    const submitted = await b.submit({ user: LEE, users: [ANN], modal: named.modal({}), fields: { title: 'Ops', owner: ['@ann'] } })
    expect(submitted.outcome === 'answered' && [submitted.callback.type, submitted.interaction.message?.id]).toEqual([7, shown()?.id])
    expect(texts(shown())).toEqual(['# Ops', `Showing owner ${ANN.id}`])

    const refreshed = await b.press({ user: LEE, component: slow.button({}, 'Refresh') })
    expect(refreshed.outcome === 'answered' && refreshed.transcript().map((e) => [e.kind, 'type' in e ? e.type : undefined])).toEqual([
      ['callback', 6],
      ['original.edit', undefined],
    ])
    expect(texts(shown())).toEqual(['# Dashboard', 'Showing refreshed'])
    expect(shown()?.flags).toBe(V2)
    expect(emulator.interactions.get(r.interaction.id)?.followUps).toEqual([])
  })

  it("an ephemeral panel's button updates it for its user; another user cannot see it to press", async () => {
    const { b, emulator } = await bot()
    const r = await b.invoke({ user: LEE, place, command: '/panel' })
    if (r.outcome !== 'answered') throw new Error(r.outcome)
    const pressed = await b.press({ user: LEE, component: count.button({ n: 1 }, '+1') })
    expect(pressed.outcome).toBe('answered')
    const original = emulator.interactions.get(r.interaction.id)?.original
    expect([original?.content, original?.flags]).toEqual(['count 1', 64])
    const other = await b.press({ user: ANN, component: count.button({ n: 2 }, '+1') })
    expect(other.outcome === 'refused' && other.code).toBe('component.unknown')
  })
})
