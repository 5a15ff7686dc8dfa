/**
 * The whole loop with slashkit's own pieces and nothing else running: commands
 * deployed to the emulator with the REST client, the app served by `createHandler`
 * (slashkit/http) with the emulator's public key, a user invoking through
 * `emulator.invoke`, and the handler's deferral, edit and two follow-ups arriving
 * at the emulator's webhook endpoints, recorded in order (issue 16, "Proof").
 */
import { describe, expect, it } from 'vitest'
import { commands, option, reply, slash } from '../../../src/index.js'
import { createEmulator } from '../../../src/emulator/index.js'
import { createHandler } from '../../../src/http/index.js'
import { createClient } from '../../../src/rest/index.js'

const APP = '100000000000000001'
const GUILD = '200000000000000002'
const app = commands(
  slash('report', 'Make a report').options(option.integer('pages', 'Pages').min(1).max(3).required()),
  slash('ban', 'Ban a member').options(option.user('target', 'Who').required(), option.string('reason', 'Why').autocomplete()).defaultMemberPermissions('BanMembers'),
)

async function bot() {
  // The real clock: createHandler checks the signature timestamp against it (replay window).
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false, lobbies: false } })
  const rest = createClient({ token: 'token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  await rest.deploy(app)
  const handler = createHandler({
    publicKey: await emulator.publicKey(APP),
    app,
    rest,
    handlers: {
      report: async ({ options }, ctx) => {
        await ctx.defer()
        await ctx.editReply(`report of ${options.pages} pages`)
        await ctx.followUp('page 1 attached')
        await ctx.followUp('page 2 attached', { ephemeral: true })
        return undefined
      },
      ban: ({ options }) => reply(`banned ${options.target.user.username} for ${options.reason ?? 'no reason'}`),
    },
    autocomplete: { ban: ({ focused }) => ['spam', 'spoilers'].filter((r) => r.startsWith(String(focused.value))).map((r) => ({ name: r, value: r })) },
  })
  const at = {
    applicationId: APP,
    endpoint: handler,
    place: { guild: { id: GUILD }, channel: { id: '300000000000000003' } },
    users: [{ id: '610000000000000061', username: 'lee' }],
  }
  return { emulator, at }
}

describe('invoke into createHandler', () => {
  it('a handler that defers, edits and follows up twice: the transcript has all four, in order', async () => {
    const { at, emulator } = await bot()
    const r = await emulator.invoke({ ...at, user: { id: '600000000000000006' }, command: '/report pages:2' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.callback.type).toBe(5)
    const t = await r.until((entries) => entries.length >= 4)
    expect(t.map((e) => e.kind)).toEqual(['callback', 'original.edit', 'followup', 'followup'])
    expect(t.map((e) => ('message' in e ? [e.message?.content, e.message?.flags] : []))).toEqual([
      ['', 128],
      ['report of 2 pages', 0],
      ['page 1 attached', 0],
      ['page 2 attached', 64],
    ])
    const times = t.map((e) => e.at)
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })

  it('one command allowed, one refused by default_member_permissions, and autocomplete through the handler', async () => {
    const { at, emulator } = await bot()
    expect(await emulator.invoke({ ...at, user: { id: '600000000000000006' }, command: '/ban target:@lee' })).toMatchObject({
      outcome: 'refused',
      code: 'access.default_permissions.missing',
    })
    const mod = { id: '600000000000000007', permissions: ['BanMembers'] as const }
    expect(await emulator.invoke({ ...at, user: mod, command: '/ban target:@lee reason:spam' })).toMatchObject({
      outcome: 'answered',
      callback: { type: 4, data: { content: 'banned lee for spam' } },
    })
    expect(await emulator.invoke({ ...at, user: mod, command: '/ban reason:sp', focused: 'reason' })).toMatchObject({
      outcome: 'answered',
      choices: [
        { name: 'spam', value: 'spam' },
        { name: 'spoilers', value: 'spoilers' },
      ],
    })
  })

  it('a handler given another public key answers 401: a clear failed result', async () => {
    const { at, emulator } = await bot()
    const other = createEmulator()
    const wrong = createHandler({ publicKey: await other.publicKey(APP), app, handlers: { report: () => reply('x'), ban: () => reply('y') } })
    expect(await emulator.invoke({ ...at, endpoint: wrong, user: { id: '600000000000000006' }, command: '/report pages:1' })).toMatchObject({
      outcome: 'failed',
      code: 'endpoint.status',
      status: 401,
    })
  })
})
