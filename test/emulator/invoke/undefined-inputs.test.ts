/**
 * The inputs of `invoke`, `press`, `choose`, `submit` and `picker` read a key given
 * as `undefined` as absent (DESIGN.md's ruling "a key whose value is `undefined`
 * is absent"; their types take it: test-d/emulator-inputs.test-d.ts). Each step is
 * run twice against a real handler that verifies the emulator's Ed25519 signature,
 * once with the optional keys left out and once with each given as `undefined`, and
 * both deliver the same interaction: the defaults (a DM, `en-US`, the app's
 * permissions of a freshly added bot, the newest message and modal, delivered).
 */
import { describe, expect, it } from 'vitest'
import { actionRow, button, commands, label, modal, reply, selectOption, slash, stringSelect, textInput } from '../../../src/index.js'
import type { ActInput, InvokeInput } from '../../../src/emulator/index.js'
import { createHandler } from '../../../src/http/index.js'
import { APP, deployed } from './helpers.js'

const app = commands(slash('menu', 'Show the menu'), slash('feedback', 'Send feedback'))

/** An emulator with the set deployed, and a handler that shows a button and a select, or a modal. */
async function menu() {
  const { emulator, rest, publicKey } = await deployed(app)
  const endpoint = createHandler({
    publicKey,
    app,
    rest,
    handlers: {
      menu: () =>
        reply({
          content: 'Menu',
          components: [actionRow(button('go', 'Go')), actionRow(stringSelect('side', [selectOption('Salad', 'salad'), selectOption('Fries', 'fries')]))],
        }),
      feedback: (_, ctx) => ctx.showModal(modal('why', 'Why?', label('Tell us', textInput('text')))),
    },
    onError: (error) => {
      throw error
    },
  })
  return { emulator, endpoint }
}

/** The delivered interaction without what differs from one delivery to the next (ids, tokens, the message's own ids). */
function shape(interaction: unknown): unknown {
  return JSON.parse(
    JSON.stringify(interaction, (key, value) => (['id', 'token', 'custom_id', 'message'].includes(key) && typeof value !== 'object' ? '*' : key === 'message' ? undefined : value)),
  )
}

const USER = { id: '600000000000000006' }
/** Every optional key of a user, a delivery and an act, as `undefined`. */
const UNDEFINED_USER = {
  ...USER,
  username: undefined,
  globalName: undefined,
  roles: undefined,
  permissions: undefined,
  administrator: undefined,
  adult: undefined,
  nick: undefined,
  member: undefined,
}
const UNDEFINED_DELIVERY = { deliver: undefined, appPermissions: undefined, timeoutMs: undefined }
const UNDEFINED_DECLARED = { users: undefined, roles: undefined, channels: undefined, attachments: undefined, messages: undefined }

describe('emulator steps: an optional key given as undefined is its default', () => {
  it('invoke: place (a DM), locale (en-US), appPermissions, deliver, timeoutMs, focused, otherGuilds and the user keys', async () => {
    const { emulator, endpoint } = await menu()
    const base: InvokeInput = { applicationId: APP, endpoint, user: USER, command: '/menu' }
    const left = await emulator.invoke(base)
    const given = await emulator.invoke({
      ...base,
      ...UNDEFINED_DELIVERY,
      ...UNDEFINED_DECLARED,
      user: UNDEFINED_USER,
      place: undefined,
      locale: undefined,
      focused: undefined,
      otherGuilds: undefined,
    })
    expect(left).toMatchObject({ outcome: 'answered', interaction: { type: 2, locale: 'en-US', context: 1 } })
    expect(given).toMatchObject({ outcome: 'answered', interaction: { type: 2, locale: 'en-US', context: 1 } })
    if (left.outcome !== 'answered' || given.outcome !== 'answered') return
    expect(given.interaction).not.toHaveProperty('guild_id')
    expect(shape(given.interaction)).toEqual(shape(left.interaction))
    // A place whose guild's locale and channel are undefined: the guild, with the defaults inside it.
    const inGuild = await emulator.invoke({ ...base, place: { guild: { id: '200000000000000002', locale: undefined }, channel: undefined, context: undefined } })
    expect(inGuild).toMatchObject({ outcome: 'answered', interaction: { guild_id: '200000000000000002', guild_locale: 'en-US', context: 0 } })
  })

  it('picker: place and locale undefined show what a DM in en-US shows', async () => {
    const { emulator } = await menu()
    const names = (entries: readonly { readonly name: string; readonly access: { readonly allowed: boolean } }[]) => entries.map((e) => `${e.name} ${e.access.allowed}`)
    const left = emulator.picker({ applicationId: APP, user: USER })
    expect(names(left)).toEqual(['menu true', 'feedback true'])
    expect(names(emulator.picker({ applicationId: APP, user: UNDEFINED_USER, place: undefined, locale: undefined, ...UNDEFINED_DECLARED }))).toEqual(names(left))
  })

  it('press and choose: applicationId (the sender), locale, message (the newest), and the delivery keys', async () => {
    const { emulator, endpoint } = await menu()
    await emulator.invoke({ applicationId: APP, endpoint, user: USER, command: '/menu' })
    const base: ActInput = { endpoint, user: USER }
    const undefinedAct = { ...UNDEFINED_DELIVERY, ...UNDEFINED_DECLARED, user: UNDEFINED_USER, applicationId: undefined, locale: undefined, message: undefined }
    const pressed = [await emulator.press({ ...base, customId: 'go' }), await emulator.press({ ...base, ...undefinedAct, customId: 'go' })]
    for (const r of pressed) expect(r).toMatchObject({ outcome: 'answered', interaction: { type: 3, application_id: APP, locale: 'en-US', data: { custom_id: 'go' } } })
    const [a, b] = pressed.map((r) => (r.outcome === 'answered' ? shape(r.interaction) : r))
    expect(b).toEqual(a)
    const chosen = [
      await emulator.choose({ ...base, customId: 'side', values: ['fries'] }),
      await emulator.choose({ ...base, ...undefinedAct, customId: 'side', values: ['fries'] }),
    ]
    for (const r of chosen) expect(r).toMatchObject({ outcome: 'answered', interaction: { type: 3, locale: 'en-US', data: { custom_id: 'side', values: ['fries'] } } })
  })

  it('submit: interaction and customId undefined pick the newest open modal; applicationId and locale their defaults', async () => {
    const { emulator, endpoint } = await menu()
    const open = () => emulator.invoke({ applicationId: APP, endpoint, user: USER, command: '/feedback' })
    expect(await open()).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    const left = await emulator.submit({ endpoint, user: USER, fields: { text: 'slow' } })
    expect(await open()).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    const given = await emulator.submit({
      endpoint,
      user: UNDEFINED_USER,
      fields: { text: 'slow' },
      interaction: undefined,
      customId: undefined,
      applicationId: undefined,
      locale: undefined,
      ...UNDEFINED_DELIVERY,
      ...UNDEFINED_DECLARED,
    })
    for (const r of [left, given]) expect(r).toMatchObject({ outcome: 'answered', interaction: { type: 5, application_id: APP, locale: 'en-US', data: { custom_id: 'why' } } })
    if (left.outcome !== 'answered' || given.outcome !== 'answered') return
    expect(shape(given.interaction)).toEqual(shape(left.interaction))
  })
})
