/**
 * The conversation after the first answer, for a gateway bot: a `@discordjs/core`
 * bot on `@discordjs/ws`, connected over a real WebSocket to `startEmulator`'s
 * gateway, answers through `createGatewayHandler` with typed `custom_id` routes.
 * The emulator plays the user: it invokes the command, presses a route's button,
 * picks in a route's select and submits a modal route's modal, each dispatched as
 * INTERACTION_CREATE (public API v10, "Receiving an Interaction": an application
 * without an interactions endpoint URL gets them over the gateway) and answered
 * through the callback endpoint within 3 seconds ("Responding to an Interaction").
 * UPDATE_MESSAGE (7) changes the message that holds the component, a slow handler
 * is deferred with DEFERRED_UPDATE_MESSAGE (6) and then edits it through the
 * webhook, and a select's pick of a value its route no longer declares gets the
 * stale notice, as over HTTP (test/http/routes.test.ts).
 */
import { Client, GatewayDispatchEvents } from '@discordjs/core'
import { REST } from '@discordjs/rest'
import { WebSocketManager } from '@discordjs/ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionRow, commands, label, modalRoute, param, radioGroup, reply, route, selectOption, slash, textInput } from '../../src/index.js'
import { createEmulator, startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createGatewayHandler, CustomIdError, type DispatchError } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { delay } from './helpers.js'

const APP = '100000000000000001'
const TOKEN = 'bot-token'
const USER = { id: '300000000000000003', username: 'lee' }
const place = { guild: { id: '200000000000000002' }, channel: { id: '500000000000000005' } }

const table = param.integer({ min: 1, max: 50 })
const dish = route('dish', { table }, { stringSelect: ['fries', 'salad'] })
// What an older version of the app sent: soup was on the menu then.
const dishBefore = route('dish', { table }, { stringSelect: ['fries', 'salad', 'soup'] })
const pay = route('pay', { table, tip: param.boolean() }, 'button')
const slow = route('slow', { table }, 'button')
const note = modalRoute('note', { table }, 'A note for the kitchen', [
  label('Note', textInput('text', { maxLength: 200 })),
  label(
    'Spice',
    radioGroup('spice', [
      { label: 'Mild', value: 'mild' },
      { label: 'Hot', value: 'hot' },
    ]),
  ),
])
const app = commands(slash('order', 'Order food'), slash('old', 'A message from an older version'))

let server: RunningEmulator
let gateway: WebSocketManager
const seen: unknown[] = []
const errors: DispatchError[] = []

beforeAll(async () => {
  server = await startEmulator({ emulator: createEmulator({ applications: [{ id: APP, botToken: TOKEN }], rateLimits: { global: false, dailyCreates: false } }) })
  await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, baseUrl: server.url }).deploy(app)
  const rest = new REST({ api: `http://127.0.0.1:${server.port}/api`, retries: 0 }).setToken(TOKEN)
  gateway = new WebSocketManager({ token: TOKEN, intents: 0, rest })
  const client = new Client({ rest, gateway })
  const onInteraction = createGatewayHandler({
    app,
    rest,
    deferAfter: 100,
    onError: (e) => void errors.push(e),
    handlers: {
      order: () =>
        reply({
          content: 'Table 7',
          components: [
            actionRow(dish.stringSelect({ table: 7 }, [selectOption('Fries', 'fries'), selectOption('Salad', 'salad')], { maxValues: 2 })),
            actionRow(pay.button({ table: 7, tip: true }, 'Pay with a note'), slow.button({ table: 7 }, 'Slow')),
          ],
        }),
      old: () => reply({ content: 'Old menu', components: [actionRow(dishBefore.stringSelect({ table: 7 }, [selectOption('Soup', 'soup')]))] }),
    },
    routes: [dish, pay, slow, note],
    components: {
      dish: ({ params, values }, ctx) => {
        seen.push(values)
        return ctx.update({ content: `Table ${params.table}: ${values.join(' + ')}` })
      },
      pay: ({ params }, ctx) => ctx.showModal(note.modal({ table: params.table })),
      slow: async ({ params }, ctx) => {
        await delay(400)
        await ctx.update({ content: `Table ${params.table}: served`, components: [] })
      },
      note: ({ params, fields }) => reply(`Table ${params.table}: ${fields.text} (${fields.spice})`, { ephemeral: true }),
    },
  })
  client.on(GatewayDispatchEvents.InteractionCreate, onInteraction)
  const ready = new Promise((resolve) => client.once(GatewayDispatchEvents.Ready, resolve))
  await gateway.connect()
  await ready
})

afterAll(async () => {
  await gateway.destroy()
  await server.close()
})

/** Invokes a command: the id of the message it answered with, and that message as it is now. */
async function sent(command: string): Promise<{ message: string; shown: () => unknown }> {
  const r = await server.emulator.invoke({ applicationId: APP, user: USER, place, command })
  if (r.outcome !== 'answered') throw new Error(JSON.stringify(r).slice(0, 400))
  expect(r.transcript()[0]).toMatchObject({ kind: 'callback', via: 'endpoint', type: 4 })
  const shown = () => server.emulator.interactions.get(r.interaction.id)?.original
  return { message: (shown() as { id: string }).id, shown }
}

describe('a gateway bot plays the conversation after its first answer', () => {
  it('a select of a route declared with its values: UPDATE_MESSAGE through the callback, the values typed and read', async () => {
    const { message, shown } = await sent('/order')
    const r = await server.emulator.choose({ applicationId: APP, user: USER, message, customId: dish.id({ table: 7 }), values: ['Salad', 'fries'] })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 7, data: { content: 'Table 7: salad + fries' } } })
    expect(seen).toEqual([['salad', 'fries']])
    expect(shown()).toMatchObject({ id: message, content: 'Table 7: salad + fries' })
    expect(errors).toEqual([])
  })

  it('a button that shows a modal route, and its submit with the fields typed', async () => {
    const { message } = await sent('/order')
    const opened = await server.emulator.press({ applicationId: APP, user: USER, message, customId: pay.id({ table: 7, tip: true }) })
    expect(opened).toMatchObject({ outcome: 'answered', callback: { type: 9, data: { custom_id: note.id({ table: 7 }), title: 'A note for the kitchen' } } })
    const submitted = await server.emulator.submit({ applicationId: APP, user: USER, fields: { text: 'no onions', spice: 'hot' } })
    expect(submitted).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'Table 7: no onions (hot)', flags: 64 } } })
    expect(errors).toEqual([])
  })

  it('a slow component handler: DEFERRED_UPDATE_MESSAGE through the callback at deferAfter, then ctx.update edits the message', async () => {
    const { message, shown } = await sent('/order')
    const r = await server.emulator.press({ applicationId: APP, user: USER, message, customId: slow.id({ table: 7 }) })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 6 } })
    if (r.outcome !== 'answered') return
    expect((await r.until((t) => t.some((e) => e.kind === 'original.edit'), 3000)).map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    expect(shown()).toMatchObject({ id: message, content: 'Table 7: served', components: [] })
    expect(errors).toEqual([])
  })

  it('a pick of a value the route no longer declares gets the stale notice and one onError; no handler runs', async () => {
    const { message } = await sent('/old')
    seen.length = 0
    const r = await server.emulator.choose({ applicationId: APP, user: USER, message, customId: dish.id({ table: 7 }), values: ['soup'] })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { flags: 64 } } })
    expect(seen).toEqual([])
    expect(errors).toHaveLength(1)
    expect(errors[0]?.cause).toBeInstanceOf(CustomIdError)
    expect(errors[0]?.cause).toMatchObject({ reason: 'stale', route: 'dish' })
  })
})
