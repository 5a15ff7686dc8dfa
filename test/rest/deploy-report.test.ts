/**
 * What `deploy` reports beyond its diff, against the emulator: localization
 * dictionaries compared without regard to key order, possible renames, the
 * permission overwrites a delete or rename drops ("States and transitions":
 * deleting or renaming a command permanently deletes all its permissions), and a
 * failure after the plan was made ("Command endpoints" rule 3: the bulk
 * overwrite replaces the whole list, all or nothing).
 */
import { describe, expect, it } from 'vitest'
import { commands, message, slash, user } from '../../src/index.js'
import { DeployError, diffCommands, RestError, type FetchLike } from '../../src/rest/index.js'
import { ENV, run } from '../../src/cli/run.js'
import { APP, GUILD, connect } from './helpers.js'

const ROLE = '400000000000000004'
const OTHER_GUILD = '200000000000000009'

describe('deploy reports', () => {
  it('compares localization dictionaries without regard to key order', async () => {
    const { rest, sent } = connect()
    await rest.deploy(commands(slash('ban', 'Ban').localize('de', { name: 'bannen', description: 'Bannen' }).localize('fr', { name: 'bannir', description: 'Bannir' })))
    sent.length = 0
    const again = await rest.deploy(
      commands(slash('ban', 'Ban').localize('fr', { name: 'bannir', description: 'Bannir' }).localize('de', { name: 'bannen', description: 'Bannen' })),
    )
    expect(again.changed).toBe(false)
    expect(sent.map((s) => s.method)).toEqual(['GET'])
    const reg = [{ id: '1', type: 1, name: 'a', description: 'A', name_localizations: { de: 'x', fr: 'y' } }]
    expect(diffCommands(reg, [{ name: 'a', description: 'A', name_localizations: { fr: 'y', de: 'x' } }]).changed).toBe(false)
    expect(diffCommands(reg, [{ name: 'a', description: 'A', name_localizations: { fr: 'y', de: 'z' } }]).changes[0]).toMatchObject({
      action: 'update',
      fields: ['name_localizations'],
    })
  })

  it('reports a command that disappears while one of its type appears as a possible rename', async () => {
    const { rest } = connect()
    const first = await rest.deploy(commands(slash('ban', 'Ban'), user('Profile')))
    const ban = first.commands.find((c) => c.name === 'ban')!
    const r = await rest.deploy(commands(slash('banish', 'Ban'), message('Report')), { dryRun: true })
    expect(r.renames).toEqual([{ type: 1, from: 'ban', id: ban.id, to: 'banish' }])
    // A USER command gone and a MESSAGE command new are not a rename: their types differ.
    expect(r.changes.map((c) => `${c.action} ${c.name}`)).toEqual(['create banish', 'create Report', 'delete ban', 'delete Profile'])
  })

  it('reports the overwrites a guild deploy drops with a delete or a rename, and the service drops them', async () => {
    const { rest, emulator } = connect()
    const first = await rest.deploy(commands(slash('ban', 'Ban'), slash('kick', 'Kick'), slash('ping', 'Pong')), { guildId: GUILD })
    const id = (name: string) => first.commands.find((c) => c.name === name)!.id
    await rest.putPermissions(GUILD, id('ban'), [{ id: ROLE, type: 1, permission: true }])
    await rest.putPermissions(GUILD, id('kick'), [{ id: ROLE, type: 1, permission: false }])
    const plan = await rest.deploy(commands(slash('banish', 'Ban'), slash('ping', 'Pong')), { guildId: GUILD, dryRun: true })
    expect(plan.renames).toEqual([{ type: 1, from: 'ban', id: id('ban'), to: 'banish' }])
    expect(plan.permissionsLost).toEqual([
      { id: id('ban'), name: 'ban', type: 1, because: 'rename', guildId: GUILD, permissions: [{ id: ROLE, type: 1, permission: true }] },
      { id: id('kick'), name: 'kick', type: 1, because: 'delete', guildId: GUILD, permissions: [{ id: ROLE, type: 1, permission: false }] },
    ])
    const done = await rest.deploy(commands(slash('banish', 'Ban'), slash('ping', 'Pong')), { guildId: GUILD })
    expect(done.permissionsLost).toHaveLength(2)
    expect(emulator.state.permissions(APP, GUILD)).toEqual([])
  })

  it('a global deploy reads the overwrites of the guilds it is given, only when it deletes', async () => {
    const { rest, sent } = connect()
    const first = await rest.deploy(commands(slash('ban', 'Ban'), slash('ping', 'Pong')))
    const ban = first.commands.find((c) => c.name === 'ban')!.id
    await rest.putPermissions(OTHER_GUILD, ban, [{ id: ROLE, type: 1, permission: true }])
    sent.length = 0
    await rest.deploy(commands(slash('ban', 'Ban!'), slash('ping', 'Pong')), { permissionGuilds: [GUILD, OTHER_GUILD], dryRun: true })
    expect(sent.map((s) => s.method)).toEqual(['GET'])
    const r = await rest.deploy(commands(slash('ping', 'Pong')), { permissionGuilds: [GUILD, OTHER_GUILD] })
    expect(r.permissionsLost).toEqual([{ id: ban, name: 'ban', type: 1, because: 'delete', guildId: OTHER_GUILD, permissions: [{ id: ROLE, type: 1, permission: true }] }])
    await expect(rest.deploy(commands(slash('ping', 'Pong')), { permissionGuilds: ['x/../1'] })).rejects.toMatchObject({
      issues: [{ code: 'snowflake.format', path: ['permissionGuilds[0]'] }],
    })
  })

  it('a bulk overwrite that fails throws a DeployError with the plan and nothing applied', async () => {
    const { emulator } = connect()
    const fetch: FetchLike = async (url, init) => (init.method === 'PUT' ? { status: 503, headers: { get: () => null }, text: async () => '' } : emulator.fetch(url, init))
    const { rest } = connect({ fetch, retries: 0 })
    const error = (await rest.deploy(commands(slash('ban', 'Ban'))).catch((e: unknown) => e)) as DeployError
    expect(error).toBeInstanceOf(DeployError)
    expect(error.plan.changes.map((c) => c.action)).toEqual(['create'])
    expect(error.applied).toEqual([])
    expect(error.cause).toBeInstanceOf(RestError)
    expect(error.message).toContain('applied: 0 of 1')
  })

  it('an answer lost after the service applied the overwrite: the DeployError says every change was applied', async () => {
    const { rest: seed, emulator } = connect()
    await seed.deploy(commands(slash('old', 'Old'), slash('ping', 'Pong')))
    const fetch: FetchLike = async (url, init) => {
      const res = await emulator.fetch(url, init)
      if (init.method === 'PUT') throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) })
      return res
    }
    const { rest } = connect({ fetch, retries: 0, baseUrl: emulator.baseUrl })
    const error = (await rest.deploy(commands(slash('ping', 'Pong!'), slash('new', 'New'))).catch((e: unknown) => e)) as DeployError
    expect(error).toBeInstanceOf(DeployError)
    expect(error.applied?.map((c) => `${c.action} ${c.name}`)).toEqual(['update ping', 'create new', 'delete old'])
    expect(error.plan.renames).toEqual([expect.objectContaining({ from: 'old', to: 'new' })])
    expect(error.message).toContain('applied: 3 of 3')
  })

  it('the CLI prints a possible rename', async () => {
    const { rest, emulator } = connect()
    await rest.createCommand(slash('pong', 'Pong'))
    const out: string[] = []
    const world = {
      stdout: (l: string) => void out.push(l),
      stderr: (l: string) => void out.push(l),
      env: { [ENV.token]: 'Bot t', [ENV.applicationId]: APP, [ENV.baseUrl]: emulator.baseUrl },
      cwd: new URL('../../', import.meta.url).pathname,
      fetch: emulator.fetch,
    }
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs', '--dry-run'], world)).toBe(0)
    expect(out).toContain('! pong -> ping (CHAT_INPUT): a possible rename; the service deletes pong and creates ping')
  })
})
