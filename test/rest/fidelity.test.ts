/**
 * The client against the service as it is (DESIGN.md "Rulings"): the usual set,
 * with contexts, deployed to a test guild ("Bulk guild body"); discord.js output and
 * fetched commands through deploy and its diff.
 */
import { describe, expect, it } from 'vitest'
import { commands, fromJSON, slash, user } from '../../src/index.js'
import { diffCommands } from '../../src/rest/index.js'
import { DJS_BAN, DJS_CONFIG, DJS_USER, FETCHED_GET_ALL, GUILD_BULK_WITH_CONTEXTS } from '../fixtures/real-payloads.js'
import { APP, GUILD, connect } from './helpers.js'

const app = commands(slash('ping', 'Pong').contexts('Guild', 'BotDm').integrationTypes('GuildInstall', 'UserInstall'), user('Show profile').dmPermission(false))

describe('deploy to a guild ("Bulk guild body")', () => {
  it('deploys a set whose commands carry contexts, integration types and dm_permission; a second deploy sends nothing', async () => {
    const { rest, sent, emulator } = connect()
    const first = await rest.deploy(app, { guildId: GUILD })
    expect(first.applied).toBe(true)
    expect(emulator.state.commands(APP, GUILD).map((c) => [c.name, c.contexts, c.integration_types, c.dm_permission])).toEqual([
      ['ping', [0, 1], [0, 1], undefined],
      ['Show profile', undefined, undefined, false],
    ])
    sent.length = 0
    const again = await rest.deploy(app, { guildId: GUILD })
    expect(again.changed).toBe(false)
    expect(sent.map((s) => s.method)).toEqual(['GET'])
  })

  it('bulkOverwrite takes the plain list bots send, and an array of builders', async () => {
    const { rest } = connect()
    const registered = await rest.bulkOverwrite(GUILD_BULK_WITH_CONTEXTS as never, { guildId: GUILD })
    expect(registered.map((c) => c.name)).toEqual(['ping', 'ban', 'Show profile', 'Report'])
    await rest.bulkOverwrite([slash('ping', 'Pong').contexts('Guild')], { guildId: GUILD })
  })

  it('a single guild create still refuses them ("Create body (guild)")', async () => {
    const { rest } = connect()
    await expect(rest.createCommand(slash('ping', 'Pong').contexts('Guild') as never, { guildId: GUILD })).rejects.toMatchObject({ name: 'ValidationError' })
  })
})

describe('discord.js output and fetched commands through deploy', () => {
  it('deploys discord.js toJSON() output (undefined keys), then finds it unchanged', async () => {
    const { rest } = connect()
    const list = [DJS_BAN, DJS_CONFIG, DJS_USER] as never[]
    expect((await rest.deploy(list)).applied).toBe(true)
    expect((await rest.deploy(list)).changed).toBe(false)
  })

  it('the diff reads a GET-all dump with localized views against fromJSON of itself: unchanged', () => {
    const wanted = FETCHED_GET_ALL.map((c) => fromJSON(c).toJSON())
    const diff = diffCommands(FETCHED_GET_ALL, wanted)
    expect(diff.changes.map((c) => c.action)).toEqual(['unchanged', 'unchanged', 'unchanged'])
  })

  it('null on a nullable field is absent in the diff too ("Application command": type defaults to 1)', () => {
    const diff = diffCommands(FETCHED_GET_ALL.slice(0, 1), [{ ...fromJSON(FETCHED_GET_ALL[0]).toJSON(), type: null, integration_types: null }])
    expect(diff.changes.map((c) => c.action)).toEqual(['unchanged'])
  })
})

describe('the locale header is a client option ("Other command rules" 7)', () => {
  it("sends X-Service-Locale by default, the spec's name, and the name it is given, X-Discord-Locale for the public API", async () => {
    const spec = connect()
    await spec.rest.createCommand(slash('ban', 'Ban').localize('fr', { name: 'bannir', description: 'Bannir' }))
    const byDefault = await spec.rest.listCommands({ locale: 'fr' })
    expect(spec.sent.at(-1)?.headers).toMatchObject({ 'x-service-locale': 'fr' })
    expect(byDefault[0]?.name_localized).toBe('bannir')
    const real = connect({ localeHeader: 'X-Discord-Locale' })
    await real.rest.createCommand(slash('ban', 'Ban').localize('fr', { name: 'bannir', description: 'Bannir' }))
    const read = await real.rest.listCommands({ locale: 'fr' })
    expect(real.sent.at(-1)?.headers).toMatchObject({ 'x-discord-locale': 'fr' })
    expect(real.sent.at(-1)?.headers['x-service-locale']).toBeUndefined()
    expect(read[0]?.name_localized).toBe('bannir')
  })
})

describe('`undefined` is absent in what the client sends (DESIGN.md "Rulings")', () => {
  it('an edit whose fields are undefined leaves them as they are', async () => {
    const { rest, sent } = connect()
    const ping = await rest.createCommand(slash('ping', 'Pong'))
    const admin = false
    const edited = await rest.editCommand(ping.id, { name: undefined, description: 'Pong!', default_member_permissions: admin ? '8' : undefined } as never)
    expect(edited).toMatchObject({ name: 'ping', description: 'Pong!', default_member_permissions: null })
    expect(sent.at(-1)?.body).toEqual({ description: 'Pong!' })
  })
})
