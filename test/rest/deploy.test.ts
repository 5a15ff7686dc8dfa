/**
 * `deploy`: read what is registered, diff it per command by type and name
 * ("Naming rules" 3), and apply it with one bulk overwrite ("Command endpoints"
 * rule 3) only when something changed.
 */
import { describe, expect, it } from 'vitest'
import { choice, commands, entryPoint, message, option, slash, user } from '../../src/index.js'
import { diffCommands, type DefinitionLike } from '../../src/rest/index.js'
import { APP, GUILD, connect } from './helpers.js'

const ban = slash('ban', 'Ban a member')
  .options(option.user('target', 'Who').required(), option.string('reason', 'Why').choices(choice('Spam', 'spam'), choice('Abuse', 'abuse')))
  .localize('de', { name: 'bannen', description: 'Ein Mitglied bannen' })
  .defaultMemberPermissions('BanMembers')
const app = commands(ban, slash('ping', 'Pong'), user('Show profile'), message('Report'))

const actions = (r: { changes: readonly { action: string; name: string }[] }) => r.changes.map((c) => `${c.action} ${c.name}`)

describe('deploy', () => {
  // "Command endpoints": the guild's path or the global one, by the guildId given. From JavaScript a misspelt key was
  // read as absent: `{ guildID }` wrote the global set in place of the guild's, `{ dry_run: true }` deployed for real.
  it('refuses an option a command call does not take, before anything is sent', async () => {
    const { rest, sent } = connect()
    const refused = async (run: () => Promise<unknown>) => {
      const error = (await run().then(
        () => undefined,
        (e: unknown) => e,
      )) as { name?: string; issues?: readonly { code: string; path: readonly unknown[]; message: string }[] }
      expect(error?.name).toBe('ValidationError')
      return error.issues?.map((i) => [i.code, i.path, i.message])
    }
    expect(await refused(() => rest.deploy(app, { guildID: GUILD } as never))).toEqual([
      ['field.unknown', ['guildID'], 'guildID is not an option of deploy (its options: guildId, dryRun, permissionGuilds)'],
    ])
    expect(await refused(() => rest.deploy(app, { dry_run: true } as never))).toEqual([
      ['field.unknown', ['dry_run'], 'dry_run is not an option of deploy (its options: guildId, dryRun, permissionGuilds)'],
    ])
    expect(await refused(() => rest.createCommand(slash('x', 'y'), { guildID: GUILD } as never))).toEqual([
      ['field.unknown', ['guildID'], 'guildID is not an option of createCommand (its options: guildId)'],
    ])
    expect(await refused(() => rest.listCommands({ guild_id: GUILD } as never))).toEqual([
      ['field.unknown', ['guild_id'], 'guild_id is not an option of listCommands (its options: guildId, withLocalizations, locale)'],
    ])
    for (const call of [
      () => rest.bulkOverwrite(app, { guild: GUILD } as never),
      () => rest.getCommand('1', { guild: GUILD } as never),
      () => rest.editCommand('1', { description: 'x' }, { guild: GUILD } as never),
      () => rest.deleteCommand('1', { guild: GUILD } as never),
    ])
      expect((await refused(call))?.[0]?.[0]).toBe('field.unknown')
    expect(sent).toEqual([])
    // A key given as undefined is absent (DESIGN.md), and the right keys still go.
    expect(actions(await rest.deploy(app, { guildId: GUILD, dryRun: true, permissionGuilds: undefined }))).toContain('create ban')
  })

  it('registers a new set with one PUT, after one GET, and returns the diff', async () => {
    const { rest, sent, emulator } = connect()
    const r = await rest.deploy(app)
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`GET /applications/${APP}/commands?with_localizations=true`, `PUT /applications/${APP}/commands`])
    expect(actions(r)).toEqual(['create ban', 'create ping', 'create Show profile', 'create Report'])
    expect(r).toMatchObject({ changed: true, applied: true })
    expect(r.commands.map((c) => c.name)).toEqual(['ban', 'ping', 'Show profile', 'Report'])
    expect(emulator.state.commands(APP)).toEqual(r.commands)
  })

  it("sends no write when nothing changed: the service's added fields and defaults do not count", async () => {
    const { rest, sent } = connect()
    await rest.deploy(app)
    sent.length = 0
    const r = await rest.deploy(commands(user('Show profile'), slash('ping', 'Pong'), message('Report'), ban)) // another order
    expect(sent.map((s) => s.method)).toEqual(['GET'])
    expect(r.changed).toBe(false)
    expect(r.applied).toBe(false)
    expect(new Set(r.changes.map((c) => c.action))).toEqual(new Set(['unchanged']))
    expect(r.changes.every((c) => /^\d+$/.test(c.id!))).toBe(true)
  })

  it('one PUT of the whole set when one command changed; the diff names the fields', async () => {
    const { rest, sent, emulator } = connect()
    const first = await rest.deploy(app)
    sent.length = 0
    const r = await rest.deploy(commands(ban.nsfw(), slash('ping', 'Pong'), user('Show profile'), message('Report')))
    expect(sent.map((s) => s.method)).toEqual(['GET', 'PUT'])
    expect(sent[1]!.body).toHaveLength(4)
    expect(r.changes[0]).toEqual({ action: 'update', type: 1, name: 'ban', id: first.commands[0]!.id, fields: ['nsfw'], details: ['nsfw added (true)'] })
    expect(actions(r).slice(1)).toEqual(['unchanged ping', 'unchanged Show profile', 'unchanged Report'])
    // Ids are kept: the bulk overwrite matches by type and name.
    expect(emulator.state.commands(APP).map((c) => c.id)).toEqual(first.commands.map((c) => c.id))
  })

  it('deletes what the set no longer holds, and creates what is new', async () => {
    const { rest, emulator } = connect()
    await rest.deploy(app)
    const r = await rest.deploy(commands(ban, slash('kick', 'Kick')))
    expect(actions(r)).toEqual(['unchanged ban', 'create kick', 'delete ping', 'delete Show profile', 'delete Report'])
    expect(emulator.state.commands(APP).map((c) => c.name)).toEqual(['ban', 'kick'])
  })

  it('sees changes in options, choices, localizations and permissions', async () => {
    const { rest } = connect()
    await rest.deploy(commands(ban))
    const changed = (def: DefinitionLike) => rest.deploy([def], { dryRun: true }).then((r) => r.changes[0]!.fields)
    expect(await changed(ban.localize('fr', { name: 'bannir' }))).toEqual(['name_localizations'])
    expect(await changed(ban.defaultMemberPermissions('KickMembers'))).toEqual(['default_member_permissions'])
    expect(await changed(ban.options(option.integer('days', 'Days')))).toEqual(['options'])
    const otherChoices = slash('ban', 'Ban a member')
      .options(option.user('target', 'Who').required(), option.string('reason', 'Why').choices(choice('Spam', 'spam')))
      .localize('de', { name: 'bannen', description: 'Ein Mitglied bannen' })
      .defaultMemberPermissions('BanMembers')
    expect(await changed(otherChoices)).toEqual(['options'])
  })

  it('a dry run reads and diffs, and writes nothing', async () => {
    const { rest, sent, emulator } = connect()
    const r = await rest.deploy(app, { dryRun: true })
    expect(sent.map((s) => s.method)).toEqual(['GET'])
    expect(r).toMatchObject({ changed: true, applied: false, commands: [] })
    expect(actions(r)).toHaveLength(4)
    expect(emulator.state.commands(APP)).toEqual([])
  })

  it('deploys to a guild with the guild scope, apart from the global list', async () => {
    const { rest, sent, emulator } = connect()
    await rest.deploy(commands(slash('ping', 'Pong')))
    const r = await rest.deploy(commands(slash('ping', 'Pong'), user('Profile')), { guildId: GUILD })
    expect(sent.at(-1)!.path).toBe(`/applications/${APP}/guilds/${GUILD}/commands`)
    expect(actions(r)).toEqual(['create ping', 'create Profile'])
    expect(emulator.state.commands(APP).map((c) => c.name)).toEqual(['ping'])
    expect((await rest.deploy(commands(slash('ping', 'Pong'), user('Profile')), { guildId: GUILD })).changed).toBe(false)
  })

  it('refuses an invalid set before any request', async () => {
    const { rest, sent } = connect()
    await expect(
      rest.deploy([
        { name: 'a', description: 'A' },
        { name: 'a', description: 'B' },
      ]),
    ).rejects.toMatchObject({ name: 'ValidationError' })
    await expect(rest.deploy(commands(entryPoint('Launch', 'Play')), { guildId: GUILD })).rejects.toMatchObject({ name: 'ValidationError' })
    expect(sent).toEqual([])
  })
})

describe('diffCommands', () => {
  it('ignores ids, versions, localized views and the defaults the service fills in', () => {
    const registered = [
      {
        id: '1',
        application_id: APP,
        version: '2',
        type: 1,
        name: 'a',
        name_localized: 'x',
        description: 'A',
        nsfw: false,
        default_member_permissions: null,
        integration_types: [0],
        contexts: null,
        dm_permission: true,
        name_localizations: null,
        options: [{ type: 3, name: 'o', description: 'O', required: false, autocomplete: false, choices: [] }],
      },
      { id: '3', application_id: APP, version: '4', type: 2, name: 'U', description: '', description_localizations: {} },
    ]
    const wanted = [
      { type: 2, name: 'U' },
      { name: 'a', description: 'A', options: [{ name: 'o', type: 3, description: 'O' }] },
    ]
    expect(diffCommands(registered, wanted)).toEqual({
      changed: false,
      changes: [
        { action: 'unchanged', type: 2, name: 'U', id: '3' },
        { action: 'unchanged', type: 1, name: 'a', id: '1' },
      ],
      renames: [],
    })
  })

  it('matches by type and name: the same name of another type is another command', () => {
    const d = diffCommands([{ id: '1', type: 2, name: 'ping', description: '' }], [{ name: 'ping', description: 'P' }])
    expect(d.changes.map((c) => c.action)).toEqual(['create', 'delete'])
  })

  it('counts option order and non-default values as changes', () => {
    const reg = [
      {
        id: '1',
        type: 1,
        name: 'a',
        description: 'A',
        options: [
          { type: 5, name: 'x', description: 'X' },
          { type: 5, name: 'y', description: 'Y' },
        ],
      },
    ]
    const swapped = [
      {
        name: 'a',
        description: 'A',
        options: [
          { type: 5, name: 'y', description: 'Y' },
          { type: 5, name: 'x', description: 'X' },
        ],
      },
    ]
    expect(diffCommands(reg, swapped).changes[0]).toMatchObject({ action: 'update', fields: ['options'] })
    expect(diffCommands(reg, [{ ...reg[0], id: undefined, contexts: [0] }]).changes[0]).toMatchObject({ action: 'update', fields: ['contexts'] })
  })
})
