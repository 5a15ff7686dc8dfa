/**
 * `app_permissions` of a user-installed app in a guild its bot is not in (public
 * API v10: the interaction's "bitwise set of permissions the app has in the source
 * location"; changelog 2022-06-29, "app_permissions in interaction payloads": for an
 * app without a bot user, @everyone's permissions limited to those an interaction
 * response can use: ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE, USE_EXTERNAL_EMOJIS).
 * The emulator builds it so; a real `createHandler` served on loopback reads it in
 * `ctx.appPermissions`, as it reads any interaction's.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { actionRow, commands, permissions, route, slash } from '../../../src/index.js'
import { createHandler } from '../../../src/http/index.js'
import { DEFAULT_APP_PERMISSIONS } from '../../../src/emulator/invoke/send.js'
import { APP, GUILD, onLoopback } from './helpers.js'

const LEE = { id: '400000000000000004', username: 'lee' }
const CHANNEL = '500000000000000005'
const again = route('again', {}, 'button')
const app = commands(slash('roll', 'Roll a die').integrationTypes('GuildInstall', 'UserInstall').contexts('Guild', 'BotDm', 'PrivateChannel'))
/** The four bits an interaction response can use (public API v10 bits 15, 14, 17, 18). */
const USABLE = permissions('AttachFiles', 'EmbedLinks', 'MentionEveryone', 'UseExternalEmojis')

let stop: (() => Promise<void>) | undefined
afterEach(async () => {
  await stop?.()
  stop = undefined
})

async function bot() {
  const seen: (string | undefined)[] = []
  const b = await onLoopback(app, ({ publicKey, rest }) =>
    createHandler({
      publicKey,
      app,
      rest,
      handlers: {
        roll: (_, ctx) => {
          seen.push(ctx.appPermissions)
          return { type: 4, data: { content: 'rolled 3', components: [actionRow(again.button({}, 'Again'))] } }
        },
      },
      routes: [again],
      components: {
        again: (_, ctx) => {
          seen.push(ctx.appPermissions)
          return 'rolled again'
        },
      },
    }),
  )
  stop = b.close
  return { ...b, seen, at: { applicationId: APP, endpoint: b.endpoint, user: LEE } }
}

const away = { guild: { id: GUILD, installed: false }, channel: { id: CHANNEL } }

describe('app_permissions where the app has no bot (changelog 2022-06-29)', () => {
  it("@everyone's permissions limited to the four a response can use; ctx.appPermissions reads them", async () => {
    const b = await bot()
    // @everyone (the role whose id is the guild's) may view, send, embed and mention everyone.
    const everyone = { id: GUILD, name: '@everyone', permissions: ['ViewChannel', 'SendMessages', 'EmbedLinks', 'MentionEveryone'] as const }
    const r = await b.emulator.invoke({ ...b.at, place: away, roles: [everyone], command: '/roll' })
    const expected = permissions('EmbedLinks', 'MentionEveryone')
    expect(r.outcome === 'answered' && r.interaction.app_permissions).toBe(expected)
    expect(b.seen).toEqual([expected])
  })

  it("an @everyone the test does not declare holds all four, as a new guild's does", async () => {
    const b = await bot()
    const r = await b.emulator.invoke({ ...b.at, place: away, command: '/roll' })
    expect(r.outcome === 'answered' && r.interaction.app_permissions).toBe(USABLE)
    expect(USABLE).toBe('442368')
    expect(b.seen).toEqual([USABLE])
  })

  it('a button on its message carries the same (the message is where the command was)', async () => {
    const b = await bot()
    await b.emulator.invoke({ ...b.at, place: away, roles: [{ id: GUILD, name: '@everyone', permissions: ['AttachFiles'] }], command: '/roll' })
    const pressed = await b.emulator.press({ ...b.at, customId: again.id({}) })
    expect(pressed.outcome === 'answered' && pressed.interaction.app_permissions).toBe(permissions('AttachFiles'))
    expect(b.seen).toEqual([permissions('AttachFiles'), permissions('AttachFiles')])
  })

  it("where the app is installed, its bot's permissions as before; appPermissions given wins everywhere", async () => {
    const b = await bot()
    const home = await b.emulator.invoke({ ...b.at, place: { guild: { id: GUILD }, channel: { id: CHANNEL } }, command: '/roll' })
    expect(home.outcome === 'answered' && home.interaction.app_permissions).toBe(DEFAULT_APP_PERMISSIONS)
    const given = await b.emulator.invoke({ ...b.at, place: away, appPermissions: '8', command: '/roll' })
    expect(given.outcome === 'answered' && given.interaction.app_permissions).toBe('8')
    expect(b.seen).toEqual([DEFAULT_APP_PERMISSIONS, '8'])
  })
})

describe('app_permissions outside a guild (public API v10, the interaction object: DMs and group DMs)', () => {
  it('a DM between users or a group DM (PRIVATE_CHANNEL): ATTACH_FILES, EMBED_LINKS and MENTION_EVERYONE', async () => {
    const b = await bot()
    const r = await b.emulator.invoke({ ...b.at, place: { context: 'PrivateChannel' }, command: '/roll' })
    const expected = permissions('AttachFiles', 'EmbedLinks', 'MentionEveryone')
    expect(r.outcome === 'answered' && r.interaction.app_permissions).toBe(expected)
    expect(expected).toBe('180224')
    // A button of its message carries the same.
    const pressed = await b.emulator.press({ ...b.at, customId: again.id({}) })
    expect(pressed.outcome === 'answered' && pressed.interaction.app_permissions).toBe(expected)
    expect(b.seen).toEqual([expected, expected])
  })

  it("the DM with the app's bot user (BOT_DM): the same and USE_EXTERNAL_EMOJIS; a given appPermissions wins", async () => {
    const b = await bot()
    const r = await b.emulator.invoke({ ...b.at, command: '/roll' })
    expect(r.outcome === 'answered' && [r.interaction.context, r.interaction.app_permissions]).toEqual([1, USABLE])
    const given = await b.emulator.invoke({ ...b.at, appPermissions: '2048', command: '/roll' })
    expect(given.outcome === 'answered' && given.interaction.app_permissions).toBe('2048')
  })
})
