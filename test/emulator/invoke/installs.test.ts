/**
 * User-installed apps (public API v10; spec "Application command listing":
 * `integration_types` defaults to GUILD_INSTALL, "Other command rules" 9: PRIVATE_CHANNEL
 * is for user-installed commands). Every interaction the emulator builds carries
 * `authorizing_integration_owners`, the map of installation context to id that the
 * public API v10 sends on every interaction and the OpenAPI requires on the
 * interaction metadata of a message (`ApplicationCommandInteractionMetadataResponse`,
 * `MessageComponentInteractionMetadataResponse`, `ModalSubmitInteractionMetadataResponse`):
 * `'0'` the guild's id where the app is installed (`'0'` in the app's bot DM), `'1'`
 * the id of the user who installed it. A command with no installation in the place is
 * not offered (`install.missing`). A real `createHandler` reads them in `ctx`.
 */
import { describe, expect, it } from 'vitest'
import { actionRow, commands, param, reply, route, slash } from '../../../src/index.js'
import { createHandler, type Context } from '../../../src/http/index.js'
import { joined } from './helpers.js'

const GUILD = '200000000000000002'
const LEE = { id: '400000000000000004', username: 'lee' }

const roll = slash('roll', 'Roll a die').integrationTypes('GuildInstall', 'UserInstall').contexts('Guild', 'BotDm', 'PrivateChannel')
const mine = slash('mine', 'Only where the user installed it').integrationTypes('UserInstall').contexts('Guild', 'BotDm', 'PrivateChannel')
const setup = slash('setup', 'Guild installs only')
const app = commands(roll, mine, setup)
const again = route('again', { n: param.integer({ min: 1, max: 6 }) }, 'button')

async function bot() {
  const seen: Pick<Context, 'context' | 'authorizingIntegrationOwners' | 'guildId' | 'appPermissions'>[] = []
  const look = (ctx: Context) =>
    seen.push({ context: ctx.context, authorizingIntegrationOwners: ctx.authorizingIntegrationOwners, guildId: ctx.guildId, appPermissions: ctx.appPermissions })
  const { bot: b } = await joined(app, ({ publicKey, rest }) =>
    createHandler({
      publicKey,
      app,
      rest,
      handlers: {
        roll: (_, ctx) => {
          look(ctx)
          return reply({ content: 'rolled 3', components: [actionRow(again.button({ n: 3 }, 'Again'))] })
        },
        mine: (_, ctx) => {
          look(ctx)
          return 'yours'
        },
        setup: (_, ctx) => {
          look(ctx)
          return 'set up'
        },
      },
      routes: [again],
      components: {
        again: (_, ctx) => {
          look(ctx)
          return ctx.update({ content: 'rolled again', components: [] })
        },
      },
    }),
  )
  return { b, seen }
}

describe('authorizing_integration_owners and context, as the handler reads them', () => {
  it('in a guild that has the app: both installations authorize a command that lists both', async () => {
    const { b, seen } = await bot()
    const r = await b.invoke({ user: LEE, place: { guild: { id: GUILD } }, command: '/roll' })
    expect(r.outcome).toBe('answered')
    expect(r.outcome === 'answered' && r.interaction.authorizing_integration_owners).toEqual({ '0': GUILD, '1': LEE.id })
    expect(seen[0]).toMatchObject({ context: 0, authorizingIntegrationOwners: { '0': GUILD, '1': LEE.id }, guildId: GUILD })
  })

  it('in a guild the app is not in: the user installation alone; guild-only commands are not offered', async () => {
    const { b, seen } = await bot()
    const place = { guild: { id: GUILD, installed: false } }
    const r = await b.invoke({ user: LEE, place, command: '/roll' })
    expect(r.outcome === 'answered' && r.interaction.authorizing_integration_owners).toEqual({ '1': LEE.id })
    expect(seen[0]).toMatchObject({ context: 0, authorizingIntegrationOwners: { '1': LEE.id }, guildId: GUILD })
    const refused = await b.invoke({ user: LEE, place, command: '/setup' })
    expect(refused.outcome === 'refused' && [refused.code, refused.path]).toEqual(['install.missing', []])
    expect(seen).toHaveLength(1)
  })

  it('a button on that message carries the same owners and context', async () => {
    const { b, seen } = await bot()
    await b.invoke({ user: LEE, place: { guild: { id: GUILD, installed: false } }, command: '/roll' })
    const pressed = await b.press({ user: LEE, component: again.button({ n: 3 }, 'Again') })
    expect(pressed.outcome === 'answered' && pressed.interaction.authorizing_integration_owners).toEqual({ '1': LEE.id })
    expect(seen[1]).toMatchObject({ context: 0, authorizingIntegrationOwners: { '1': LEE.id } })
  })

  it('the message a command made carries interaction_metadata with the owners (OpenAPI MessageResponse.interaction_metadata)', async () => {
    const { b } = await bot()
    const r = await b.invoke({ user: LEE, place: { guild: { id: GUILD, installed: false } }, command: '/roll' })
    if (r.outcome !== 'answered') throw new Error(r.outcome)
    const pressed = await b.press({ user: LEE, component: again.button({ n: 3 }, 'Again') })
    if (pressed.outcome !== 'answered') throw new Error(pressed.outcome)
    // ApplicationCommandInteractionMetadataResponse: id, type, user, authorizing_integration_owners.
    expect(pressed.interaction.message.interaction_metadata).toEqual({
      id: r.interaction.id,
      type: 2,
      user: expect.objectContaining({ id: LEE.id, username: 'lee' }),
      authorizing_integration_owners: { '1': LEE.id },
    })
  })

  it("in a group DM (PRIVATE_CHANNEL) only a user installation; in the app's bot DM, GUILD_INSTALL is '0'", async () => {
    const { b, seen } = await bot()
    const group = await b.invoke({ user: LEE, place: { context: 'PrivateChannel', channel: { id: '300000000000000003', type: 3 } }, command: '/roll' })
    expect(group.outcome === 'answered' && group.interaction.authorizing_integration_owners).toEqual({ '1': LEE.id })
    expect(seen[0]).toMatchObject({ context: 2, authorizingIntegrationOwners: { '1': LEE.id }, guildId: undefined })
    const dm = await b.invoke({ user: LEE, command: '/setup' })
    expect(dm.outcome === 'answered' && dm.interaction.authorizing_integration_owners).toEqual({ '0': '0' })
    expect(seen[1]).toMatchObject({ context: 1, authorizingIntegrationOwners: { '0': '0' } })
  })

  it('a user who has not installed the app cannot run its user-installed commands where the app is not', async () => {
    const { b, seen } = await bot()
    const r = await b.invoke({ user: { ...LEE, installed: false }, place: { guild: { id: GUILD, installed: false } }, command: '/mine' })
    expect(r.outcome === 'refused' && r.code).toBe('install.missing')
    const here = await b.invoke({ user: { ...LEE, installed: false }, place: { guild: { id: GUILD } }, command: '/roll' })
    expect(here.outcome === 'answered' && here.interaction.authorizing_integration_owners).toEqual({ '0': GUILD })
    expect(seen).toHaveLength(1)
  })
})
