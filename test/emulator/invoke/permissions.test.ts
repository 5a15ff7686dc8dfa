/**
 * Who may see and use a command, through `invoke`: one test per row of the
 * precedence table in docs/permissions.md (S1-S8, A1, C1-C4, M1-M6, D1-D4), each
 * row decided by `canUse` on the emulator's stored commands and overwrites (spec
 * "Guild application command permissions", "Application command permission",
 * "Command permission endpoints" rules 3-5, "Other command rules" 8 and 9).
 */
import { describe, expect, it } from 'vitest'
import { OTHER_GUILD } from '../helpers.js'
import { ALICE, APP, CHANNEL, GUILD, MOD_ROLE, world } from './helpers.js'

const ALL_CHANNELS = (BigInt(GUILD) - 1n).toString()

interface Row {
  /** The row id in docs/permissions.md. */
  readonly row: string
  readonly command: Record<string, unknown>
  /** A guild command of this guild instead of a global one. */
  readonly guild?: string
  readonly commandOverwrites?: { id: string; type: 1 | 2 | 3; permission: boolean }[]
  readonly appOverwrites?: { id: string; type: 1 | 2 | 3; permission: boolean }[]
  readonly input?: Record<string, unknown>
  readonly allowed: boolean
  readonly because: string
}

const alice = (more: Record<string, unknown> = {}) => ({ user: { id: ALICE, username: 'alice', ...more } })
const dm = { place: { channel: { id: '800000000000000008' } } }

const ROWS: Row[] = [
  { row: 'S1', command: {}, guild: GUILD, input: { ...dm, otherGuilds: [GUILD] }, allowed: false, because: 'scope.guild_only' },
  { row: 'S2', command: {}, guild: OTHER_GUILD, input: { otherGuilds: [OTHER_GUILD] }, allowed: false, because: 'scope.other_guild' },
  { row: 'S3', command: { contexts: [0] }, input: dm, allowed: false, because: 'context.excluded' },
  { row: 'S4', command: { dm_permission: false }, input: dm, allowed: false, because: 'context.dm_permission' },
  {
    row: 'S5',
    command: { contexts: [0, 1, 2] },
    input: { place: { context: 'PrivateChannel', channel: { id: '800000000000000008', type: 3 } } },
    allowed: false,
    because: 'context.user_install',
  },
  {
    row: 'S6',
    command: { nsfw: true },
    input: { ...alice({ adult: false }), place: { guild: { id: GUILD }, channel: { id: CHANNEL, nsfw: true } } },
    allowed: false,
    because: 'nsfw.age',
  },
  { row: 'S7', command: { nsfw: true }, allowed: false, because: 'nsfw.channel' },
  { row: 'S8', command: { default_member_permissions: '0' }, input: dm, allowed: true, because: 'outside_guild' },
  {
    row: 'A1',
    command: { default_member_permissions: '0' },
    commandOverwrites: [{ id: ALICE, type: 2, permission: false }],
    input: alice({ administrator: true }),
    allowed: true,
    because: 'administrator',
  },
  { row: 'C1', command: {}, commandOverwrites: [{ id: CHANNEL, type: 3, permission: false }], allowed: false, because: 'channel.command' },
  { row: 'C2', command: {}, commandOverwrites: [{ id: ALL_CHANNELS, type: 3, permission: false }], allowed: false, because: 'all_channels.command' },
  { row: 'C3', command: {}, appOverwrites: [{ id: CHANNEL, type: 3, permission: false }], allowed: false, because: 'channel.application' },
  { row: 'C4', command: {}, appOverwrites: [{ id: ALL_CHANNELS, type: 3, permission: false }], allowed: false, because: 'all_channels.application' },
  { row: 'M1', command: { default_member_permissions: '0' }, commandOverwrites: [{ id: ALICE, type: 2, permission: true }], allowed: true, because: 'user.command' },
  {
    row: 'M2',
    command: { default_member_permissions: '0' },
    commandOverwrites: [{ id: MOD_ROLE, type: 1, permission: true }],
    input: alice({ roles: [MOD_ROLE] }),
    allowed: true,
    because: 'role.command',
  },
  { row: 'M3', command: {}, commandOverwrites: [{ id: GUILD, type: 1, permission: false }], allowed: false, because: 'everyone.command' },
  { row: 'M4', command: {}, appOverwrites: [{ id: ALICE, type: 2, permission: false }], allowed: false, because: 'user.application' },
  { row: 'M5', command: {}, appOverwrites: [{ id: MOD_ROLE, type: 1, permission: false }], input: alice({ roles: [MOD_ROLE] }), allowed: false, because: 'role.application' },
  { row: 'M6', command: {}, appOverwrites: [{ id: GUILD, type: 1, permission: false }], allowed: false, because: 'everyone.application' },
  { row: 'D1', command: {}, allowed: true, because: 'default_permissions.unset' },
  { row: 'D2', command: { default_member_permissions: '0' }, allowed: false, because: 'default_permissions.admin_only' },
  { row: 'D3', command: { default_member_permissions: '4' }, input: alice({ permissions: ['BanMembers'] }), allowed: true, because: 'default_permissions.held' },
  { row: 'D4', command: { default_member_permissions: '4' }, input: alice({ permissions: ['KickMembers'] }), allowed: false, because: 'default_permissions.missing' },
]

describe('invoke: one test per row of the precedence table (docs/permissions.md)', () => {
  it('covers every row of the table', () => {
    expect(ROWS.map((r) => r.row)).toEqual([
      'S1',
      'S2',
      'S3',
      'S4',
      'S5',
      'S6',
      'S7',
      'S8',
      'A1',
      'C1',
      'C2',
      'C3',
      'C4',
      'M1',
      'M2',
      'M3',
      'M4',
      'M5',
      'M6',
      'D1',
      'D2',
      'D3',
      'D4',
    ])
  })

  it.each(ROWS.map((r) => [r.row, r] as const))('%s', async (_, r) => {
    const w = world()
    const [stored] = await w.deploy([{ name: 'ban', description: 'Ban a member', ...r.command }], r.guild)
    if (r.commandOverwrites !== undefined) await w.overwrite(stored.id, r.commandOverwrites)
    if (r.appOverwrites !== undefined) await w.overwrite(APP, r.appOverwrites)
    const result = await w.invoke({ command: '/ban', ...r.input })
    if (r.allowed) {
      expect(result.outcome).toBe('answered')
      expect(result.outcome === 'answered' && result.access.because).toBe(r.because)
      expect(w.received).toHaveLength(1)
    } else {
      expect(result).toMatchObject({ outcome: 'refused', code: `access.${r.because}`, access: { allowed: false, because: r.because } })
      // Nothing reaches the app.
      expect(w.received).toHaveLength(0)
    }
  })
})

describe('invoke: who sees what', () => {
  it('a channel overwrite applies to the threads of the channel (spec "Command permission endpoints" rule 3)', async () => {
    const w = world()
    const [c] = await w.deploy([{ name: 'ban', description: 'Ban' }])
    await w.overwrite(c.id, [{ id: CHANNEL, type: 3, permission: false }])
    const r = await w.invoke({ command: '/ban', place: { guild: { id: GUILD }, channel: { id: '900000000000000009', type: 11, parentId: CHANNEL } } })
    expect(r).toMatchObject({ outcome: 'refused', code: 'access.channel.command' })
  })

  it('permissions come from the declared roles too: a role holding BanMembers meets default_member_permissions', async () => {
    const w = world()
    await w.deploy([{ name: 'ban', description: 'Ban', default_member_permissions: '4' }])
    const r = await w.invoke({ command: '/ban', user: { id: ALICE, roles: [MOD_ROLE] }, roles: [{ id: MOD_ROLE, name: 'mods', permissions: ['BanMembers'] }] })
    expect(r.outcome === 'answered' && r.access.because).toBe('default_permissions.held')
    // BanMembers, with what an undeclared @everyone holds (a new guild's view, send, history and commands).
    expect(w.received[0].member.permissions).toBe(String(4n | (1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n)))
  })

  it('a guild command is not offered in another guild or in a DM: unknown there (spec "What the service does")', async () => {
    const w = world()
    await w.deploy([{ name: 'ban', description: 'Ban' }], OTHER_GUILD)
    expect(await w.invoke({ command: '/ban' })).toMatchObject({ outcome: 'refused', code: 'command.unknown' })
    expect(await w.invoke({ command: '/ban', ...dm })).toMatchObject({ outcome: 'refused', code: 'command.unknown' })
  })

  it('a global command runs in a DM with the app by default, with `user` and no `member` (contexts null)', async () => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping' }])
    const r = await w.invoke({ command: '/ping', ...dm })
    expect(r.outcome).toBe('answered')
    const i = w.received[0]
    expect(i.context).toBe(1)
    expect(i.user.id).toBe(ALICE)
    expect(i.member).toBeUndefined()
    expect(i.guild_id).toBeUndefined()
    expect(i.guild_locale).toBeUndefined()
  })

  it('a user-installed command runs in a private channel (spec "Other command rules" 9)', async () => {
    const w = world()
    await w.deploy([{ name: 'ping', description: 'Ping', integration_types: [0, 1], contexts: [0, 1, 2] }])
    const r = await w.invoke({ command: '/ping', place: { context: 'PrivateChannel', channel: { id: '800000000000000008', type: 3 } } })
    expect(r.outcome).toBe('answered')
    expect(w.received[0].context).toBe(2)
  })

  it('a guild command ignores contexts in its guild, and a global one with contexts [1] is refused in a guild', async () => {
    const w = world()
    await w.deploy([{ name: 'dmonly', description: 'DM only', contexts: [1] }])
    expect(await w.invoke({ command: '/dmonly' })).toMatchObject({ outcome: 'refused', code: 'access.context.excluded' })
    expect((await w.invoke({ command: '/dmonly', ...dm })).outcome).toBe('answered')
  })
})
