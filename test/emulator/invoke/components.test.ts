/**
 * Issue 27 item 1: the user the emulator plays goes on after the first answer. A
 * button pressed, values chosen in a select menu (string, user, role, mentionable,
 * channel), a modal filled and submitted, each delivered signed to a real
 * `createHandler` (slashkit/http, its `custom_id` routes and one handler per route)
 * and answered; UPDATE_MESSAGE (7) and DEFERRED_UPDATE_MESSAGE (6) change
 * the message the emulator keeps. The payloads carry the public API v10 fields:
 * `message`, `data.component_type`, `data.values`, `data.resolved` for entity
 * selects, and the modal's `data.components` with the values submitted.
 */
import { describe, expect, it } from 'vitest'
import { commands, modalRoute, option, param, route, slash, type ModalComponentJSON } from '../../../src/index.js'
import { createEmulator, type EmulatorOptions } from '../../../src/emulator/index.js'
import { createHandler } from '../../../src/http/index.js'
import { createClient } from '../../../src/rest/index.js'

const APP = '100000000000000001'
const GUILD = '200000000000000002'
const CHANNEL = '300000000000000003'
const ALICE = { id: '600000000000000006', username: 'alice' }
const BOB = { id: '610000000000000061', username: 'bob' }
const MODS = { id: '700000000000000007', name: 'mods' }
const VOICE = { id: '310000000000000031', name: 'voice', type: 2 as const }

const row = (...components: object[]) => ({ type: 1, components })
const button = (custom_id: string, label: string, more: object = {}) => ({ type: 2, style: 1, custom_id, label, ...more })

// The app's components and modals, made by custom_id routes (their ids below).
const vote = route('vote', { choice: param.oneOf('yes', 'no', 'closed') })
const color = route('color')
const who = route('who')
const role = route('role')
const any = route('any')
const where = route('where')
const open = route('open')
const report = modalRoute('report', { n: param.integer({ min: 0, max: 99 }) }, 'Report', [
  row({ type: 4, custom_id: 'reason', label: 'Why?', style: 2, min_length: 3, max_length: 20 }),
  {
    type: 18,
    label: 'Severity',
    component: {
      type: 3,
      custom_id: 'severity',
      options: [
        { label: 'Low', value: 'low' },
        { label: 'High', value: 'high' },
      ],
    },
  },
  row({ type: 4, custom_id: 'note', label: 'Note', style: 1, required: false }),
] as ModalComponentJSON[])
const note = modalRoute('note', {}, 'Note', [row({ type: 4, custom_id: 'text', label: 'Text', style: 1 })] as ModalComponentJSON[])
const ID = {
  yes: vote.id({ choice: 'yes' }),
  no: vote.id({ choice: 'no' }),
  closed: vote.id({ choice: 'closed' }),
  color: color.id({}),
  who: who.id({}),
  role: role.id({}),
  any: any.id({}),
  where: where.id({}),
  open: open.id({}),
  report: report.id({ n: 42 }),
  note: note.id({}),
}

const app = commands(slash('poll', 'A poll'), slash('pick', 'Pick things').options(option.boolean('hidden', 'Only for you')), slash('report', 'Report something'))

async function bot(options: EmulatorOptions = {}, now?: () => number) {
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false, lobbies: false }, ...options })
  const rest = createClient({ token: 'Bot token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  await rest.deploy(app)
  const seen: { value: any; interaction: any }[] = []
  const handler = createHandler({
    publicKey: await emulator.publicKey(APP),
    app,
    rest,
    ...(now === undefined ? {} : { now }),
    handlers: {
      poll: () => ({
        type: 4,
        data: {
          content: 'Lunch?',
          components: [
            row(button(ID.yes, 'Yes'), button(ID.no, 'No', { style: 4 }), button(ID.closed, 'Closed', { disabled: true }), {
              type: 2,
              style: 5,
              label: 'Docs',
              url: 'https://example.com',
            }),
          ],
        },
      }),
      pick: ({ options }) => ({
        type: 4,
        data: {
          content: 'Choose',
          flags: options.hidden === true ? 64 : 0,
          components: [
            row({
              type: 3,
              custom_id: ID.color,
              min_values: 1,
              max_values: 2,
              options: [
                { label: 'Red', value: 'red' },
                { label: 'Blue', value: 'blue' },
                { label: 'Green', value: 'green' },
              ],
            }),
            row({ type: 5, custom_id: ID.who }),
            row({ type: 6, custom_id: ID.role }),
            row({ type: 7, custom_id: ID.any, max_values: 2 }),
            row({ type: 8, custom_id: ID.where, channel_types: [0] }),
          ],
        },
      }),
      report: () => ({ type: 9, data: report.modal({ n: 42 }) }),
    },
    routes: [vote, color, who, role, any, where, open, report, note],
    components: {
      vote: (value, ctx) => {
        seen.push({ value, interaction: ctx.interaction })
        return { type: 7, data: { content: `Lunch? (${value.params.choice} by ${ctx.user.username})`, components: [] } }
      },
      color: async (value, ctx) => {
        seen.push({ value, interaction: ctx.interaction })
        await ctx.defer()
        await ctx.editReply(`picked ${value.values.join(' and ')}`)
        return undefined
      },
      who: (value, ctx) => (seen.push({ value, interaction: ctx.interaction }), `you picked ${value.values.length}`),
      role: (value, ctx) => (seen.push({ value, interaction: ctx.interaction }), 'ok'),
      any: (value, ctx) => (seen.push({ value, interaction: ctx.interaction }), 'ok'),
      where: (value, ctx) => (seen.push({ value, interaction: ctx.interaction }), 'ok'),
      open: () => ({ type: 9, data: note.modal({}) }),
      report: (value, ctx) => (
        seen.push({ value, interaction: ctx.interaction }), { type: 4, data: { content: `reported (${value.params.n}): ${value.fields.reason}`, flags: 64 } }
      ),
      note: (value, ctx) => (seen.push({ value, interaction: ctx.interaction }), { type: 7, data: { content: `noted: ${value.fields.text}` } }),
    },
  })
  const at = {
    applicationId: APP,
    endpoint: handler,
    user: ALICE,
    place: { guild: { id: GUILD }, channel: { id: CHANNEL, name: 'general' } },
    users: [ALICE, BOB],
    roles: [MODS],
    channels: [{ id: CHANNEL, name: 'general' }, VOICE],
  }
  const declared = { endpoint: handler, users: at.users, roles: at.roles, channels: at.channels }
  return { emulator, at, declared, seen }
}

/** Invokes a command and returns the id of the message it answered with. */
async function sent(b: Awaited<ReturnType<typeof bot>>, command: string, user = ALICE): Promise<{ interaction: string; message: string }> {
  const r = await b.emulator.invoke({ ...b.at, user, command })
  if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
  const original = b.emulator.interactions.get(r.interaction.id)?.original
  return { interaction: r.interaction.id, message: original?.id as string }
}

describe('a button pressed (MESSAGE_COMPONENT, type 3)', () => {
  it('is delivered signed to createHandler with the message and data.component_type; UPDATE_MESSAGE (7) changes the kept message', async () => {
    const b = await bot()
    const poll = await sent(b, '/poll')
    const r = await b.emulator.press({ ...b.declared, user: BOB, message: poll.message, customId: ID.yes })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 7 } })
    const delivered = b.seen[0]?.interaction
    expect(delivered).toMatchObject({
      type: 3,
      application_id: APP,
      guild_id: GUILD,
      channel_id: CHANNEL,
      member: { user: { id: BOB.id, username: 'bob' } },
      data: { custom_id: ID.yes, component_type: 2 },
      message: { id: poll.message, content: 'Lunch?', components: [expect.objectContaining({ type: 1 })] },
    })
    expect(delivered.data.values).toBeUndefined()
    expect(b.seen[0]?.value).toEqual({ route: 'vote', params: { choice: 'yes' }, customId: ID.yes, componentType: 2, values: [] })
    // The message is kept once: the command's original is the updated message.
    const original = b.emulator.interactions.get(poll.interaction)?.original
    expect(original).toMatchObject({ id: poll.message, content: 'Lunch? (yes by bob)', components: [] })
    expect(original?.edited_timestamp).not.toBeNull()
    if (r.outcome !== 'answered') return
    expect(r.transcript()).toEqual([expect.objectContaining({ kind: 'callback', type: 7, message: expect.objectContaining({ content: 'Lunch? (yes by bob)' }) })])
  })

  it('finds the newest message this user sees with that custom_id when no message is named', async () => {
    const b = await bot()
    await sent(b, '/poll')
    const second = await sent(b, '/poll')
    await b.emulator.press({ ...b.declared, user: ALICE, customId: ID.no })
    expect(b.seen[0]?.interaction.message.id).toBe(second.message)
  })

  it('is refused as the client refuses it: a disabled button, a link button, an unknown custom_id, an unknown message; nothing delivered', async () => {
    const b = await bot()
    const poll = await sent(b, '/poll')
    const press = (customId: string, message: string = poll.message) => b.emulator.press({ ...b.declared, user: ALICE, message, customId })
    expect(await press(ID.closed)).toMatchObject({ outcome: 'refused', code: 'component.disabled', path: ['components', ID.closed] })
    expect(await press('vote:maybe')).toMatchObject({
      outcome: 'refused',
      code: 'component.unknown',
      message: `message ${poll.message} has no component 'vote:maybe' (it has ${ID.yes}, ${ID.no}, ${ID.closed})`,
    })
    expect(await press(ID.yes, '999999999999999999')).toMatchObject({ outcome: 'refused', code: 'message.unknown' })
    expect(await b.emulator.press({ ...b.declared, user: ALICE, customId: 'nowhere' })).toMatchObject({ outcome: 'refused', code: 'component.unknown' })
    expect(await b.emulator.press({ ...b.declared, applicationId: '100000000000000009', user: ALICE, message: poll.message, customId: ID.yes })).toMatchObject({
      code: 'message.unknown',
    })
    expect(b.seen).toEqual([])
  })

  it('a link button has no custom_id: nothing names it, so nothing presses it (it opens its URL and sends no interaction)', async () => {
    const b = await bot()
    const poll = await sent(b, '/poll')
    expect(await b.emulator.press({ ...b.declared, user: ALICE, message: poll.message, customId: 'Docs' })).toMatchObject({ code: 'component.unknown' })
  })

  it("an ephemeral message is only its user's, and only for its interaction's 15 minutes", async () => {
    const clock = { now: Date.now() }
    const b = await bot({ now: () => clock.now }, () => clock.now)
    const hidden = await sent(b, '/pick hidden:True')
    expect(await b.emulator.choose({ ...b.declared, user: BOB, message: hidden.message, customId: ID.who, values: ['@bob'] })).toMatchObject({
      outcome: 'refused',
      code: 'message.ephemeral',
    })
    expect((await b.emulator.choose({ ...b.declared, user: ALICE, message: hidden.message, customId: ID.who, values: ['@bob'] })).outcome).toBe('answered')
    clock.now += 15 * 60_000 + 1
    expect(await b.emulator.choose({ ...b.declared, user: ALICE, message: hidden.message, customId: ID.who, values: ['@bob'] })).toMatchObject({ code: 'message.expired' })
  })
})

describe('values chosen in a select menu', () => {
  it('a string select: the values as the app gave them (by value or label), within min_values..max_values; DEFERRED_UPDATE (6) then the edit changes the message', async () => {
    const b = await bot()
    const pick = await sent(b, '/pick')
    const choose = (values: string[]) => b.emulator.choose({ ...b.declared, user: ALICE, message: pick.message, customId: ID.color, values })
    expect(await choose([])).toMatchObject({ code: 'select.values', message: `'${ID.color}' takes 1 to 2 values (was 0)` })
    expect(await choose(['red', 'blue', 'green'])).toMatchObject({ code: 'select.values' })
    expect(await choose(['purple'])).toMatchObject({ code: 'select.values', message: `'purple' is not an option of '${ID.color}' (it has red, blue, green)` })
    expect(await choose(['red', 'red'])).toMatchObject({ code: 'select.values', message: `'red' is chosen twice in '${ID.color}'` })
    expect(b.seen).toEqual([])
    const r = await choose(['red', 'Blue'])
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 6 } })
    expect(b.seen[0]?.interaction.data).toEqual({ custom_id: ID.color, component_type: 3, values: ['red', 'blue'] })
    if (r.outcome !== 'answered') return
    const settled = await r.wait({ quietMs: 50, maxMs: 5000 })
    expect(settled).toMatchObject({ ended: 'quiet', thinking: false })
    expect(settled.transcript.map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    // The component interaction's @original is the select's message: the edit changed the kept message.
    expect(b.emulator.interactions.get(pick.interaction)?.original).toMatchObject({ id: pick.message, content: 'picked red and blue' })
  })

  it('user, role, mentionable and channel selects: declared objects by id, mention or name, with data.resolved', async () => {
    const b = await bot()
    const pick = await sent(b, '/pick')
    const choose = (customId: string, values: string[]) => b.emulator.choose({ ...b.declared, user: ALICE, message: pick.message, customId, values })
    expect(await choose(ID.who, ['@bob'])).toMatchObject({ outcome: 'answered' })
    expect(b.seen.at(-1)?.interaction.data).toMatchObject({
      component_type: 5,
      values: [BOB.id],
      resolved: { users: { [BOB.id]: { username: 'bob' } }, members: { [BOB.id]: { roles: [] } } },
    })
    expect(await choose(ID.role, [`<@&${MODS.id}>`])).toMatchObject({ outcome: 'answered' })
    expect(b.seen.at(-1)?.interaction.data).toMatchObject({ component_type: 6, values: [MODS.id], resolved: { roles: { [MODS.id]: { name: 'mods' } } } })
    expect(await choose(ID.any, ['@alice', '@mods'])).toMatchObject({ outcome: 'answered' })
    expect(b.seen.at(-1)?.interaction.data).toMatchObject({ component_type: 7, values: [ALICE.id, MODS.id], resolved: { users: { [ALICE.id]: {} }, roles: { [MODS.id]: {} } } })
    expect(await choose(ID.where, ['#general'])).toMatchObject({ outcome: 'answered' })
    expect(b.seen.at(-1)?.interaction.data).toMatchObject({ component_type: 8, values: [CHANNEL], resolved: { channels: { [CHANNEL]: { type: 0 } } } })
    // channel_types [0]: a voice channel is not offered; an undeclared user is not either.
    expect(await choose(ID.where, ['#voice'])).toMatchObject({ code: 'select.values', message: `'#voice' is a channel of type 2; '${ID.where}' offers types 0` })
    expect(await choose(ID.who, ['@carol'])).toMatchObject({ code: 'select.values' })
  })

  it('a select is chosen, a button pressed: the other way round is refused (component.kind)', async () => {
    const b = await bot()
    const pick = await sent(b, '/pick')
    const poll = await sent(b, '/poll')
    expect(await b.emulator.press({ ...b.declared, user: ALICE, message: pick.message, customId: ID.color })).toMatchObject({ code: 'component.kind' })
    expect(await b.emulator.choose({ ...b.declared, user: ALICE, message: poll.message, customId: ID.yes, values: ['x'] })).toMatchObject({ code: 'component.kind' })
  })
})

describe('a modal filled and submitted (MODAL_SUBMIT, type 5)', () => {
  it("is delivered with the modal's layout and the values (a text input's value, a select's values), numbered ids; the modal closes", async () => {
    const b = await bot()
    const shown = await sent(b, '/report')
    expect(b.emulator.interactions.get(shown.interaction)).toMatchObject({ callbackType: 9, modalOpen: true })
    const r = await b.emulator.submit({ ...b.declared, user: ALICE, fields: { reason: 'spam links', severity: ['high'] } })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'reported (42): spam links', flags: 64 } } })
    expect(b.seen[0]?.interaction).toMatchObject({
      type: 5,
      member: { user: { id: ALICE.id } },
      data: {
        custom_id: ID.report,
        components: [
          { type: 1, id: 1, components: [{ type: 4, id: 2, custom_id: 'reason', value: 'spam links' }] },
          { type: 18, id: 3, component: { type: 3, id: 4, custom_id: 'severity', values: ['high'] } },
          { type: 1, id: 5, components: [{ type: 4, id: 6, custom_id: 'note', value: '' }] },
        ],
      },
    })
    expect(b.seen[0]?.interaction.message).toBeUndefined()
    expect(b.seen[0]?.value).toMatchObject({ route: 'report', params: { n: 42 }, customId: ID.report, fields: { reason: 'spam links', severity: ['high'], note: '' } })
    expect(b.emulator.interactions.get(shown.interaction)?.modalOpen).toBe(false)
    expect(await b.emulator.submit({ ...b.declared, user: ALICE, fields: { reason: 'again' } })).toMatchObject({ outcome: 'refused', code: 'modal.unknown' })
  })

  it("checks the inputs as the client does (required, lengths, select values, unknown fields), and is only its user's", async () => {
    const b = await bot()
    await sent(b, '/report')
    const submit = (fields: Record<string, string | string[]>, user = ALICE) => b.emulator.submit({ ...b.declared, user, fields })
    expect(await submit({ severity: ['low'] })).toMatchObject({ code: 'modal.required', path: ['fields', 'reason'], message: "'reason' is required" })
    expect(await submit({ reason: 'no', severity: ['low'] })).toMatchObject({ code: 'modal.length', message: "'reason' must be at least 3 characters long (was 2)" })
    expect(await submit({ reason: 'x'.repeat(21), severity: ['low'] })).toMatchObject({ code: 'modal.length' })
    expect(await submit({ reason: 'spam', severity: ['mid'] })).toMatchObject({ code: 'select.values', path: ['fields', 'severity'] })
    expect(await submit({ reason: 'spam', severity: ['low'], extra: 'x' })).toMatchObject({
      code: 'modal.field',
      message: expect.stringContaining(`'extra' is not an input of modal '${ID.report}'`),
    })
    expect(await submit({ reason: 'spam', severity: ['low'] }, BOB)).toMatchObject({ code: 'modal.unknown', path: ['modal'], message: `no modal shown is open for user ${BOB.id}` })
    expect(await b.emulator.submit({ ...b.declared, user: BOB, customId: ID.report, fields: {} })).toMatchObject({
      code: 'modal.unknown',
      path: ['modal'],
      message: `no modal '${ID.report}' shown is open for user ${BOB.id}; they have none open`,
    })
    // A modal of another custom_id (the same route shown with other values, most often): what is open is named.
    expect(await b.emulator.submit({ ...b.declared, user: ALICE, customId: 'report:other', fields: {} })).toMatchObject({
      code: 'modal.unknown',
      path: ['modal'],
      message: expect.stringMatching(new RegExp(`^no modal 'report:other' shown is open for user ${ALICE.id}; open for them: '${ID.report}' \\("[^"]+"\\)$`)),
    })
    // Refused by the client, the modal stays open; then it goes through.
    expect(b.seen).toEqual([])
    expect((await submit({ reason: 'spam', severity: ['low'] })).outcome).toBe('answered')
  })

  it('a modal shown in answer to a button comes back with its message; UPDATE_MESSAGE (7) changes that message', async () => {
    const b = await bot()
    const poll = await sent(b, '/poll')
    // The poll's message, with a button that opens a modal: the app edits it in (PATCH @original).
    const token = (await b.emulator.interactions.list()).find((i) => i.id === poll.interaction)?.token as string
    const edit = await b.emulator.fetch(`${b.emulator.baseUrl}/webhooks/${APP}/${token}/messages/@original`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ components: [row(button(ID.open, 'Add a note'))] }),
    })
    expect(edit.status).toBe(200)
    expect(await b.emulator.press({ ...b.declared, user: ALICE, customId: ID.open })).toMatchObject({ outcome: 'answered', callback: { type: 9 } })
    const r = await b.emulator.submit({ ...b.declared, user: ALICE, customId: ID.note, fields: { text: 'bring plates' } })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 7 } })
    expect(b.seen.at(-1)?.interaction.message).toMatchObject({ id: poll.message })
    expect(b.emulator.interactions.get(poll.interaction)?.original).toMatchObject({ id: poll.message, content: 'noted: bring plates' })
  })

  it('callback 7 to a modal shown from a command is refused: there is no message to update', async () => {
    const b = await bot()
    const shown = await sent(b, '/report')
    const open = b.emulator.interactions.list().find((i) => i.id === shown.interaction)
    expect(open?.modalOpen).toBe(true)
    const opened = b.emulator.interactions.open(APP, { type: 5 })
    expect(b.emulator.interactions.respond(opened.id, { type: 7, data: { content: 'x' } })).toMatchObject({
      status: 400,
      body: { code: 50035, issues: [{ code: 'response.type', path: ['type'] }] },
    })
  })
})
