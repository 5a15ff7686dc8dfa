/**
 * Issue 30 round two: components and modals typed end to end in `createHandler`,
 * over real signed HTTP on loopback. The bot serves on 127.0.0.1 (`serve`); the
 * emulator plays the service and the user (public API v10): it invokes a command,
 * presses a route's button, chooses in a route's selects and submits a modal
 * route's modal, each signed with Ed25519 and POSTed to the bot's URL; the bot's
 * webhook calls (the deferral's edit) go back to the emulator through the REST
 * client. What a handler gets is the route's values (the shape hash and compact
 * packing of docs/messages.md, "How a custom_id is packed"); a custom_id minted
 * before its route changed is answered with the stale notice in the user's
 * locale, a damaged or unknown one like a misfit command: each with one onError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionRow, button, commands, label, modalRoute, param, reply, route, selectOption, slash, stringSelect, textInput } from '../../src/index.js'
import { createEmulator } from '../../src/emulator/index.js'
import { createHandler, CustomIdError, DispatchError, serve, type Server } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, delay } from './helpers.js'

const GUILD = '200000000000000002'
const ALICE = { id: '600000000000000006', username: 'alice' }
const BOB = { id: '610000000000000061', username: 'bob' }
const place = { guild: { id: GUILD }, channel: { id: '300000000000000003', name: 'general' } }

// The routes of the app: a button route, a string select route, a user select route, a modal route.
const vote = route('vote', { poll: param.integer({ min: 1, max: 999 }), choice: param.oneOf('pizza', 'sushi') })
const side = route('side', { poll: param.integer({ min: 1, max: 999 }) })
const invite = route('invite')
const slow = route('slow', { n: param.integer({ min: 0, max: 9 }) })
const report = modalRoute('report', { user: param.snowflake() }, 'Report a user', [
  label('Why?', textInput('why', { style: 'paragraph', maxLength: 200 })),
  label('Kind', stringSelect('kind', [selectOption('Spam', 'spam'), selectOption('Abuse', 'abuse')])),
])
// A string select route declared with its values; an older version of the app also offered soup.
const menu = route('menu', {}, { stringSelect: ['fries', 'salad'] })
const menuBefore = route('menu', {}, { stringSelect: ['fries', 'salad', 'soup'] })
// The same name as `vote` before its shape changed (a third choice since): its buttons are stale.
const voteBefore = route('vote', { poll: param.integer({ min: 1, max: 999 }), choice: param.oneOf('pizza', 'sushi', 'salad') })

const app = commands(slash('poll', 'Start a poll'), slash('report', 'Report a user'), slash('old', 'A message from an older version'))
const sides = [selectOption('Fries', 'fries'), selectOption('Salad', 'salad'), selectOption('Soup', 'soup')]

const seen: unknown[] = []
const errors: DispatchError[] = []
const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false, lobbies: false } })
let server: Server
let endpoint: string

beforeAll(async () => {
  const rest = createClient({ token: 'Bot token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  await rest.deploy(app)
  const handler = createHandler({
    publicKey: await emulator.publicKey(APP),
    app,
    rest,
    deferAfter: 60,
    onError: (error) => void errors.push(error),
    messages: { stale: { default: 'This button is out of date.', localizations: { 'es-ES': 'Este botón está desactualizado.' } } },
    handlers: {
      poll: () =>
        reply({
          content: 'Lunch?',
          components: [
            actionRow(vote.button({ poll: 7, choice: 'pizza' }, 'Pizza'), vote.button({ poll: 7, choice: 'sushi' }, 'Sushi'), slow.button({ n: 3 }, 'Slow')),
            actionRow(side.stringSelect({ poll: 7 }, sides, { maxValues: 2 })),
            actionRow(invite.userSelect({})),
          ],
        }),
      report: (_, ctx) => ctx.showModal(report.modal({ user: BOB.id })),
      // Buttons the app sent before: minted by the route's older shape, damaged, of a route it no longer has.
      old: () =>
        reply({
          content: 'Old poll',
          components: [
            actionRow(voteBefore.button({ poll: 7, choice: 'salad' }, 'Salad'), button('vote:!!!', 'Damaged'), button('gone:AAA', 'Gone')),
            actionRow(menuBefore.stringSelect({}, [selectOption('Fries', 'fries'), selectOption('Soup', 'soup')])),
          ],
        }),
    },
    routes: [vote, side, invite, slow, report, menu],
    components: {
      vote: ({ params }, ctx) => {
        seen.push(params)
        return ctx.update({ content: `${ctx.user.username} voted ${params.choice} in poll ${params.poll}`, components: [] })
      },
      side: (hit) => {
        seen.push(hit)
        return reply(`sides: ${hit.values.join(' and ')}`, { ephemeral: true })
      },
      invite: (hit) => {
        seen.push(hit)
        const named = hit.componentType === 5 ? hit.values.map((id) => hit.resolved?.users?.[id]?.username).join(', ') : ''
        return reply(`invited ${named}`, { ephemeral: true })
      },
      slow: async ({ params }, ctx) => {
        await delay(400)
        await ctx.update({ content: `slow answer ${params.n}`, components: [] })
      },
      menu: ({ values }) => {
        seen.push(values)
        return reply(`menu: ${values.join(', ')}`, { ephemeral: true })
      },
      report: ({ params, fields }, ctx) => {
        seen.push({ params, fields })
        return reply(`${ctx.user.username} reported ${params.user} for ${fields.kind.join(', ')}: ${fields.why}`, { ephemeral: true })
      },
    },
  })
  server = await serve(handler, { port: 0 })
  endpoint = `${server.url}/interactions`
})

afterAll(async () => {
  await server.close()
})

/** Invokes a command over loopback; the id of the message it answered with. */
async function sent(command: string): Promise<{ interaction: string; message: string }> {
  const r = await emulator.invoke({ applicationId: APP, endpoint, user: ALICE, place, command })
  if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
  return { interaction: r.interaction.id, message: emulator.interactions.get(r.interaction.id)?.original?.id as string }
}

/** The errors reported from here on. */
function since(): () => DispatchError[] {
  const from = errors.length
  seen.length = 0
  return () => errors.slice(from)
}

describe('createHandler routes components and modals by their typed custom_id routes (loopback)', () => {
  it("a button route: the handler gets the route's params typed; UPDATE_MESSAGE changes the poll", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const reported = since()
    const poll = await sent('/poll')
    const yes = vote.button({ poll: 7, choice: 'sushi' }, 'Sushi')
    // 'vote:' + 3 characters of hash + 10 bits of poll and 1 of choice in 2 characters.
    expect(yes.custom_id).toMatch(/^vote:[A-Za-z0-9_-]{5}$/)
    const r = await emulator.press({ applicationId: APP, endpoint, user: BOB, message: poll.message, customId: yes.custom_id })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 7, data: { content: 'bob voted sushi in poll 7', components: [] } } })
    expect(seen).toEqual([{ poll: 7, choice: 'sushi' }])
    expect(emulator.interactions.get(poll.interaction)?.original).toMatchObject({ id: poll.message, content: 'bob voted sushi in poll 7' })
    expect(reported()).toEqual([])
  })

  it('a string select route and a user select route: the values by the component type, ids with their resolved users', async () => {
    const reported = since()
    const poll = await sent('/poll')
    const chosen = await emulator.choose({
      applicationId: APP,
      endpoint,
      user: ALICE,
      message: poll.message,
      customId: side.id({ poll: 7 }),
      values: ['fries', 'Soup'],
    })
    expect(chosen).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'sides: fries and soup', flags: 64 } } })
    expect(seen).toEqual([{ route: 'side', params: { poll: 7 }, customId: side.id({ poll: 7 }), componentType: 3, values: ['fries', 'soup'] }])
    seen.length = 0
    const invited = await emulator.choose({
      applicationId: APP,
      endpoint,
      user: ALICE,
      users: [BOB],
      message: poll.message,
      customId: invite.id({}),
      values: ['@bob'],
    })
    expect(invited).toMatchObject({ outcome: 'answered', callback: { data: { content: 'invited bob' } } })
    expect(seen[0]).toMatchObject({ route: 'invite', params: {}, componentType: 5, values: [BOB.id], resolved: { users: { [BOB.id]: { username: 'bob' } } } })
    expect(reported()).toEqual([])
  })

  it('a modal route: ctx.showModal(report.modal(values)) shows it, and its submit comes back with the params and the fields typed', async () => {
    const reported = since()
    const shown = await emulator.invoke({ applicationId: APP, endpoint, user: ALICE, place, command: '/report' })
    expect(shown).toMatchObject({ outcome: 'answered', callback: { type: 9, data: { custom_id: report.id({ user: BOB.id }), title: 'Report a user' } } })
    const r = await emulator.submit({ applicationId: APP, endpoint, user: ALICE, fields: { why: 'links everywhere', kind: ['spam'] } })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: `alice reported ${BOB.id} for spam: links everywhere`, flags: 64 } } })
    expect(seen).toEqual([{ params: { user: BOB.id }, fields: { why: 'links everywhere', kind: ['spam'] } }])
    expect(reported()).toEqual([])
  })

  it("a custom_id minted before its route's shape changed: the stale notice in the user's locale, one onError naming the step and the route", async () => {
    const reported = since()
    const old = await sent('/old')
    const stale = voteBefore.id({ poll: 7, choice: 'salad' })
    const r = await emulator.press({ applicationId: APP, endpoint, user: BOB, locale: 'es-ES', message: old.message, customId: stale })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'Este botón está desactualizado.', flags: 64 } } })
    // en-GB has no localization and no fallback that has one: the default.
    const en = await emulator.press({ applicationId: APP, endpoint, user: BOB, locale: 'en-GB', message: old.message, customId: stale })
    expect(en).toMatchObject({ callback: { data: { content: 'This button is out of date.' } } })
    const [first, second, ...more] = reported()
    expect(more).toEqual([])
    for (const e of [first, second]) {
      expect(e).toBeInstanceOf(DispatchError)
      expect(e?.step).toBe('payload')
      expect(e?.cause).toBeInstanceOf(CustomIdError)
      expect(e?.cause).toMatchObject({ reason: 'stale', route: 'vote', customId: stale })
      expect(e?.message).toMatch(/made by route "vote" before its parameters or its select values changed/)
    }
    // Never misread: no handler ran.
    expect(seen).toEqual([])
  })

  it('a select of a route declared with its values: a value it still declares reaches the handler; one dropped since gets the stale notice', async () => {
    const reported = since()
    const old = await sent('/old')
    const pick = (values: string[]) => emulator.choose({ applicationId: APP, endpoint, user: BOB, message: old.message, customId: menu.id({}), values })
    expect(await pick(['fries'])).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'menu: fries', flags: 64 } } })
    expect(seen).toEqual([['fries']])
    seen.length = 0
    expect(await pick(['soup'])).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'This button is out of date.', flags: 64 } } })
    expect(seen).toEqual([])
    const [only, ...more] = reported()
    expect(more).toEqual([])
    expect(only?.cause).toMatchObject({ reason: 'stale', route: 'menu', customId: menu.id({}) })
  })

  it('a custom_id that does not parse (damaged, or of no route) is answered like a misfit command: the unhandled notice and one onError', async () => {
    const reported = since()
    const old = await sent('/old')
    const damaged = await emulator.press({ applicationId: APP, endpoint, user: BOB, message: old.message, customId: 'vote:!!!' })
    expect(damaged).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'This is not handled any more.', flags: 64 } } })
    const gone = await emulator.press({ applicationId: APP, endpoint, user: BOB, message: old.message, customId: 'gone:AAA' })
    expect(gone).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'This is not handled any more.', flags: 64 } } })
    expect(reported().map((e) => [e.step, (e.cause as CustomIdError).reason, (e.cause as CustomIdError).route])).toEqual([
      ['payload', 'malformed', 'vote'],
      ['payload', 'unknown', undefined],
    ])
    expect(seen).toEqual([])
  })

  it('a slow component handler: DEFERRED_UPDATE_MESSAGE at deferAfter, then ctx.update is the edit of the original (the poll)', async () => {
    const reported = since()
    const poll = await sent('/poll')
    const r = await emulator.press({ applicationId: APP, endpoint, user: BOB, message: poll.message, customId: slow.id({ n: 3 }) })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.callback).toEqual({ type: 6 })
    const settled = await r.wait({ quietMs: 100, maxMs: 5000 })
    expect(settled).toMatchObject({ ended: 'quiet', thinking: false })
    expect(settled.transcript.map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    // The component's @original is the message that holds it: the poll is edited.
    expect(emulator.interactions.get(poll.interaction)?.original).toMatchObject({ id: poll.message, content: 'slow answer 3', components: [] })
    expect(reported()).toEqual([])
  })
})
