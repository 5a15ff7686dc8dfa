/**
 * `canUse`: one test per row of the precedence table in docs/permissions.md (the
 * row ids S1..D4 are the table's), each with a control that shows the row decides
 * (the same input without the row's condition gets another answer), plus the order
 * between rows and two properties.
 *
 * Spec: "Guild application command permissions", "Application command permission",
 * "Command permission endpoints" rules 3 to 5, "Other command rules" 8 and 9. The
 * order comes from the service's public documentation (see docs/permissions.md).
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PermissionFlags, slash, type GuildCommandPermissions } from '../../src/index.js'
import { canUse, overwrites, permissions, type CanUseInput, type Overwrites } from '../../src/permissions/index.js'
import { expectIssues, issue } from '../support/issues.js'

const GUILD = '41771983423143937'
const ALL_CHANNELS = '41771983423143936'
const APP = '900'
const CMD = '500'
const USER = '1'
const MOD = '11' // a role
const MUTED = '12' // another role
const CHANNEL = '33'
const THREAD = '34'

/** Command-level overwrites. */
const cmd = (f: (o: Overwrites) => Overwrites): GuildCommandPermissions => f(overwrites(GUILD)).toGuildPermissions(CMD, APP)
/** Application-level overwrites (id: the application id). */
const app = (f: (o: Overwrites) => Overwrites): GuildCommandPermissions => f(overwrites(GUILD)).toGuildPermissions(APP, APP)

interface Case {
  readonly dmp?: string | null
  readonly roles?: readonly string[]
  readonly held?: string
  readonly levels?: readonly GuildCommandPermissions[]
  readonly command?: CanUseInput['command']
  readonly extra?: Partial<CanUseInput>
}

/** A member in a guild text channel, using command CMD of application APP. */
function run(c: Case = {}) {
  return canUse({
    command: c.command ?? { id: CMD, default_member_permissions: c.dmp ?? null },
    applicationId: APP,
    guildId: GUILD,
    member: { user: { id: USER }, roles: c.roles ?? [], permissions: c.held ?? '0' },
    channel: { id: CHANNEL, type: 0 },
    overwrites: c.levels ?? [],
    ...c.extra,
  })
}

const answer = (r: { allowed: boolean; because: string }) => [r.allowed, r.because]

describe('scope rows (spec: "Command permission endpoints" rule 5; "Other command rules" 8 and 9)', () => {
  it('S1: a guild command is denied outside a guild (scope.guild_only)', () => {
    const command = { id: CMD, guild_id: GUILD }
    expect(answer(canUse({ command, context: 'BotDm' }))).toEqual([false, 'scope.guild_only'])
    expect(answer(canUse({ command }))).toEqual([false, 'scope.guild_only'])
    expect(answer(run({ command }))).toEqual([true, 'default_permissions.unset'])
  })

  it('S2: a guild command is denied in another guild (scope.other_guild)', () => {
    expect(answer(run({ command: { id: CMD, guild_id: '77' } }))).toEqual([false, 'scope.other_guild'])
    expect(answer(run({ command: { id: CMD, guild_id: `000${GUILD}` } }))).toEqual([true, 'default_permissions.unset'])
  })

  it('S3: a context the command does not list is denied (context.excluded), by value or by name', () => {
    const command = { id: CMD, contexts: [0, 2] as const }
    expect(answer(canUse({ command, context: 1 }))).toEqual([false, 'context.excluded'])
    expect(answer(canUse({ command, context: 'BotDm' }))).toEqual([false, 'context.excluded'])
    expect(answer(run({ command: { id: CMD, contexts: [1] }, extra: { context: 'Guild' } }))).toEqual([false, 'context.excluded'])
    expect(answer(canUse({ command, context: 'PrivateChannel' }))).toEqual([true, 'outside_guild'])
    expect(answer(canUse({ command: { id: CMD, contexts: null }, context: 'BotDm' }))).toEqual([true, 'outside_guild'])
  })

  it('S4: BOT_DM is denied when contexts are unset and the deprecated dm_permission is false (context.dm_permission)', () => {
    expect(answer(canUse({ command: { id: CMD, dm_permission: false }, context: 'BotDm' }))).toEqual([false, 'context.dm_permission'])
    expect(answer(canUse({ command: { id: CMD, dm_permission: true }, context: 'BotDm' }))).toEqual([true, 'outside_guild'])
    // contexts, when set, decide (dm_permission is deprecated in their favour).
    expect(answer(canUse({ command: { id: CMD, dm_permission: false, contexts: [1] }, context: 'BotDm' }))).toEqual([true, 'outside_guild'])
  })

  it('S5: PRIVATE_CHANNEL needs USER_INSTALL when integration_types are given (context.user_install)', () => {
    expect(answer(canUse({ command: { id: CMD, integration_types: [0] }, context: 'PrivateChannel' }))).toEqual([false, 'context.user_install'])
    expect(answer(canUse({ command: { id: CMD, integration_types: [0, 1] }, context: 'PrivateChannel' }))).toEqual([true, 'outside_guild'])
    expect(answer(canUse({ command: { id: CMD }, context: 'PrivateChannel' }))).toEqual([true, 'outside_guild'])
  })

  it('S6: an age-restricted command is denied to a user under 18 (nsfw.age)', () => {
    const command = { id: CMD, nsfw: true }
    expect(answer(run({ command, held: String(PermissionFlags.Administrator), extra: { adult: false } }))).toEqual([false, 'nsfw.age'])
    expect(answer(run({ command, extra: { adult: true } }))).toEqual([true, 'default_permissions.unset'])
    expect(answer(run({ command: { id: CMD }, extra: { adult: false } }))).toEqual([true, 'default_permissions.unset'])
  })

  it('S7: an age-restricted command is denied outside an age-restricted channel (nsfw.channel)', () => {
    const command = { id: CMD, nsfw: true }
    expect(answer(run({ command, held: String(PermissionFlags.Administrator), extra: { channel: { id: CHANNEL, nsfw: false } } }))).toEqual([false, 'nsfw.channel'])
    expect(answer(run({ command, extra: { channel: { id: CHANNEL, nsfw: true } } }))).toEqual([true, 'default_permissions.unset'])
    // In a DM, `nsfw` stands for the user's setting.
    expect(answer(canUse({ command, context: 'BotDm', channel: { id: '5', nsfw: false } }))).toEqual([false, 'nsfw.channel'])
    expect(answer(canUse({ command, context: 'BotDm', channel: { id: '5', nsfw: true }, adult: true }))).toEqual([true, 'outside_guild'])
  })

  it('S8: outside a guild no overwrite and no default member permissions apply (outside_guild)', () => {
    const levels = [cmd((o) => o.everyone(false))]
    const command = { id: CMD, default_member_permissions: '0' }
    expect(answer(canUse({ command, overwrites: levels, applicationId: APP }))).toEqual([true, 'outside_guild'])
    // A DM context with a guild id given is still outside the guild.
    expect(answer(canUse({ command, overwrites: levels, applicationId: APP, guildId: GUILD, context: 'BotDm' }))).toEqual([true, 'outside_guild'])
    expect(answer(run({ command, levels }))).toEqual([false, 'everyone.command'])
  })
})

describe('row A1: Administrator (spec: "Command permission endpoints" rule 3)', () => {
  it('allows everything the permission system governs: every denial, and default_member_permissions 0', () => {
    const levels = [
      cmd((o) => o.user(USER, false).role(MOD, false).everyone(false).channel(CHANNEL, false).allChannels(false)),
      app((o) => o.user(USER, false).everyone(false).allChannels(false)),
    ]
    const admin = String(PermissionFlags.Administrator)
    expect(answer(run({ dmp: '0', roles: [MOD], held: admin, levels }))).toEqual([true, 'administrator'])
    expect(answer(run({ dmp: '0', roles: [MOD], held: '0', levels }))).toEqual([false, 'channel.command'])
    // Administrator among other bits, as a bigint.
    expect(answer(run({ dmp: '0', held: String(PermissionFlags.Administrator | PermissionFlags.BanMembers) }))).toEqual([true, 'administrator'])
    expect(
      canUse({ command: { id: CMD, default_member_permissions: '0' }, guildId: GUILD, member: { user: { id: USER }, roles: [], permissions: PermissionFlags.Administrator } })
        .allowed,
    ).toBe(true)
  })
})

describe('channel rows (spec: "Command permission endpoints" rule 3; permission constants)', () => {
  it("C1: the command's overwrite for the channel decides first (channel.command)", () => {
    expect(answer(run({ levels: [cmd((o) => o.channel(CHANNEL, false))] }))).toEqual([false, 'channel.command'])
    // An allow beats the command's all-channels denial and the application's denials...
    const r = run({ levels: [cmd((o) => o.channel(CHANNEL, true).allChannels(false)), app((o) => o.channel(CHANNEL, false).allChannels(false))] })
    expect(answer(r)).toEqual([true, 'default_permissions.unset'])
    expect(r.trail).toEqual(['channel.command', 'default_permissions.unset'])
    // ...but only lets the member checks run.
    expect(answer(run({ dmp: '0', levels: [cmd((o) => o.channel(CHANNEL, true))] }))).toEqual([false, 'default_permissions.admin_only'])
  })

  it("C1 (threads): a thread takes its parent channel's overwrites (channel.command)", () => {
    const levels = [cmd((o) => o.channel(CHANNEL, false))]
    for (const type of [10, 11, 12]) {
      expect(answer(run({ levels, extra: { channel: { id: THREAD, type, parent_id: CHANNEL } } }))).toEqual([false, 'channel.command'])
    }
    // A channel that is no thread does not take its parent's (a category).
    expect(answer(run({ levels, extra: { channel: { id: THREAD, type: 0, parent_id: CHANNEL } } }))).toEqual([true, 'default_permissions.unset'])
    // The thread's own overwrite, when there is one, comes before its parent's.
    const own = [cmd((o) => o.channel(CHANNEL, false).channel(THREAD, true))]
    expect(answer(run({ levels: own, extra: { channel: { id: THREAD, type: 11, parent_id: CHANNEL } } }))).toEqual([true, 'default_permissions.unset'])
  })

  it("C2: then the command's all-channels overwrite, id guild id minus 1 (all_channels.command)", () => {
    expect(answer(run({ levels: [cmd((o) => o.allChannels(false))] }))).toEqual([false, 'all_channels.command'])
    expect(answer(run({ levels: [cmd((o) => o.allChannels(true)), app((o) => o.channel(CHANNEL, false))] }))).toEqual([true, 'default_permissions.unset'])
    // The constant is the guild id minus 1, exactly; a CHANNEL overwrite on the guild id is no constant.
    expect(answer(run({ levels: [cmd((o) => o.channel(GUILD, false))] }))).toEqual([true, 'default_permissions.unset'])
    expect(answer(run({ levels: [cmd((o) => o.channel(ALL_CHANNELS, false))] }))).toEqual([false, 'all_channels.command'])
  })

  it("C3: then the application's overwrite for the channel (channel.application)", () => {
    expect(answer(run({ levels: [app((o) => o.channel(CHANNEL, false))] }))).toEqual([false, 'channel.application'])
    expect(answer(run({ levels: [app((o) => o.channel(CHANNEL, true).allChannels(false))] }))).toEqual([true, 'default_permissions.unset'])
  })

  it("C4: then the application's all-channels overwrite (all_channels.application)", () => {
    expect(answer(run({ levels: [app((o) => o.allChannels(false))] }))).toEqual([false, 'all_channels.application'])
    expect(answer(run({ levels: [app((o) => o.allChannels(true))] }))).toEqual([true, 'default_permissions.unset'])
  })

  it('applies no channel row when the caller gives no channel', () => {
    expect(answer(run({ levels: [cmd((o) => o.allChannels(false))], extra: { channel: undefined } }))).toEqual([true, 'default_permissions.unset'])
  })

  it('checks channels before members: a channel denial beats a user allow', () => {
    expect(answer(run({ levels: [cmd((o) => o.user(USER, true)), app((o) => o.allChannels(false))] }))).toEqual([false, 'all_channels.application'])
  })
})

describe('member rows, command level (permissions v2: command-level overwrites override the application level and default_member_permissions)', () => {
  it("M1: the command's user overwrite: allow grants despite default_member_permissions 0; deny denies despite a role allow (user.command)", () => {
    expect(answer(run({ dmp: '0', levels: [cmd((o) => o.user(USER, true)), app((o) => o.user(USER, false))] }))).toEqual([true, 'user.command'])
    expect(answer(run({ roles: [MOD], levels: [cmd((o) => o.user(USER, false).role(MOD, true))] }))).toEqual([false, 'user.command'])
    expect(answer(run({ dmp: '0', levels: [cmd((o) => o.user('2', true))] }))).toEqual([false, 'default_permissions.admin_only'])
  })

  it("M2: the command's role overwrites: any allowed role grants, despite a denied role or default_member_permissions 0 (role.command)", () => {
    const levels = [cmd((o) => o.role(MUTED, false).role(MOD, true))]
    expect(answer(run({ dmp: '0', roles: [MUTED, MOD], levels }))).toEqual([true, 'role.command'])
    expect(answer(run({ dmp: '0', roles: [MUTED], levels }))).toEqual([false, 'role.command'])
    expect(answer(run({ dmp: '0', roles: [], levels }))).toEqual([false, 'default_permissions.admin_only'])
  })

  it("M3: the command's @everyone overwrite: deny denies; allow does not grant past default_member_permissions (everyone.command)", () => {
    expect(answer(run({ levels: [cmd((o) => o.everyone(false))] }))).toEqual([false, 'everyone.command'])
    // Allowing @everyone overrides an application-level denial...
    const r = run({ levels: [cmd((o) => o.everyone(true)), app((o) => o.everyone(false).user(USER, false))] })
    expect(answer(r)).toEqual([true, 'default_permissions.unset'])
    expect(r.trail).toEqual(['everyone.command', 'default_permissions.unset'])
    // ...but default member permissions still apply (issue discord/discord-api-docs#5356).
    expect(answer(run({ dmp: '0', levels: [cmd((o) => o.everyone(true))] }))).toEqual([false, 'default_permissions.admin_only'])
    // A member's role list may hold the guild id: it is @everyone, not a role row.
    expect(answer(run({ roles: [GUILD], levels: [cmd((o) => o.everyone(false))] }))).toEqual([false, 'everyone.command'])
  })

  it('checks the user before roles and roles before @everyone', () => {
    expect(answer(run({ roles: [MOD], levels: [cmd((o) => o.everyone(false).role(MOD, true))] }))).toEqual([true, 'role.command'])
    expect(answer(run({ roles: [MOD], levels: [cmd((o) => o.everyone(true).role(MOD, false))] }))).toEqual([false, 'role.command'])
    expect(answer(run({ roles: [MOD], levels: [cmd((o) => o.role(MOD, false).user(USER, true))] }))).toEqual([true, 'user.command'])
  })
})

describe('member rows, application level (overwrites whose id is the application id)', () => {
  it("M4: the application's user overwrite: deny denies; allow still needs default_member_permissions (user.application)", () => {
    expect(answer(run({ levels: [app((o) => o.user(USER, false))] }))).toEqual([false, 'user.application'])
    expect(answer(run({ dmp: permissions('BanMembers'), levels: [app((o) => o.user(USER, true))] }))).toEqual([false, 'default_permissions.missing'])
    const r = run({ levels: [app((o) => o.user(USER, true).everyone(false))] })
    expect(answer(r)).toEqual([true, 'default_permissions.unset'])
    expect(r.trail).toEqual(['user.application', 'default_permissions.unset'])
  })

  it("M5: the application's role overwrites: a denied role (and no allowed one) denies; an allowed role goes on to default_member_permissions (role.application)", () => {
    expect(answer(run({ roles: [MUTED], levels: [app((o) => o.role(MUTED, false))] }))).toEqual([false, 'role.application'])
    const levels = [app((o) => o.role(MUTED, false).role(MOD, true).everyone(false))]
    const r = run({ roles: [MUTED, MOD], levels })
    expect(answer(r)).toEqual([true, 'default_permissions.unset'])
    expect(r.trail).toEqual(['role.application', 'default_permissions.unset'])
    expect(answer(run({ dmp: '0', roles: [MOD], levels }))).toEqual([false, 'default_permissions.admin_only'])
  })

  it("M6: the application's @everyone overwrite: deny denies; allow goes on to default_member_permissions (everyone.application)", () => {
    expect(answer(run({ levels: [app((o) => o.everyone(false))] }))).toEqual([false, 'everyone.application'])
    const r = run({ dmp: permissions('KickMembers'), held: permissions('KickMembers'), levels: [app((o) => o.everyone(true))] })
    expect(answer(r)).toEqual([true, 'default_permissions.held'])
    expect(r.trail).toEqual(['everyone.application', 'default_permissions.held'])
  })

  it('command-level member overwrites come before application-level ones, and override only what they cover (the StudyBot example)', () => {
    // App level: only "Student Leads" (MOD) may use the app, only in #study-zone (CHANNEL).
    // Command level: "Study Buddies" (MUTED here) may use /notecards, also in #flashcard-help ('44').
    const levels = [app((o) => o.everyone(false).role(MOD, true).allChannels(false).channel(CHANNEL, true)), cmd((o) => o.role(MUTED, true).channel('44', true))]
    const where = (id: string) => ({ channel: { id, type: 0 } })
    expect(run({ roles: [MUTED], levels, extra: where('44') }).allowed).toBe(true)
    expect(run({ roles: [MUTED], levels, extra: where(CHANNEL) }).allowed).toBe(true)
    expect(run({ roles: [MOD], levels, extra: where('44') }).allowed).toBe(true)
    expect(run({ roles: [MOD], levels, extra: where(CHANNEL) }).allowed).toBe(true)
    expect(answer(run({ roles: [], levels, extra: where(CHANNEL) }))).toEqual([false, 'everyone.application'])
    expect(answer(run({ roles: [MOD], levels, extra: where('45') }))).toEqual([false, 'all_channels.application'])
  })

  it('reads only the overwrites of this command and of the application, matching ids in canonical form', () => {
    const other = overwrites(GUILD).everyone(false).toGuildPermissions('501', APP)
    expect(answer(run({ levels: [other] }))).toEqual([true, 'default_permissions.unset'])
    const padded = overwrites(GUILD).everyone(false).toGuildPermissions(`0${CMD}`, APP)
    expect(answer(run({ levels: [padded] }))).toEqual([false, 'everyone.command'])
    // Without an application id, no overwrite is application-level.
    expect(answer(run({ levels: [app((o) => o.everyone(false))], extra: { applicationId: undefined } }))).toEqual([true, 'default_permissions.unset'])
  })
})

describe('default_member_permissions rows (spec: "Command permission endpoints" rule 4)', () => {
  it('D1: none set allows (default_permissions.unset)', () => {
    expect(answer(run({ dmp: null }))).toEqual([true, 'default_permissions.unset'])
    expect(answer(run({ command: { id: CMD } }))).toEqual([true, 'default_permissions.unset'])
  })

  it("D2: '0' allows administrators only (default_permissions.admin_only)", () => {
    expect(answer(run({ dmp: '0', held: permissions('ManageGuild', 'BanMembers') }))).toEqual([false, 'default_permissions.admin_only'])
  })

  it('D3: holding every bit allows (default_permissions.held); MANAGE_GUILD "32" as the spec shows', () => {
    expect(answer(run({ dmp: String(1 << 5), held: permissions('ManageGuild', 'KickMembers') }))).toEqual([true, 'default_permissions.held'])
    expect(answer(run({ dmp: permissions('BypassSlowmode'), held: permissions('BypassSlowmode') }))).toEqual([true, 'default_permissions.held'])
  })

  it('D4: lacking any bit denies, naming the missing flags (default_permissions.missing)', () => {
    const r = run({ dmp: permissions('BanMembers', 'KickMembers'), held: permissions('KickMembers') })
    expect(answer(r)).toEqual([false, 'default_permissions.missing'])
    expect(r.message).toMatchInlineSnapshot(`"denied: the member lacks BanMembers of the default member permissions"`)
  })
})

describe('inputs', () => {
  it('reads a definition (builder) and takes the command id apart', () => {
    const ban = slash('ban', 'Ban').defaultMemberPermissions('BanMembers')
    const input = { command: ban, commandId: CMD, applicationId: APP, guildId: GUILD, member: { user: { id: USER }, roles: [], permissions: '0' } }
    expect(answer(canUse(input))).toEqual([false, 'default_permissions.missing'])
    expect(answer(canUse({ ...input, overwrites: [cmd((o) => o.user(USER, true))] }))).toEqual([true, 'user.command'])
  })

  it('returns the deciding overwrite and a sentence', () => {
    const r = run({ roles: [MUTED], levels: [cmd((o) => o.role(MUTED, false))] })
    expect(r.overwrite).toEqual({ id: MUTED, type: 1, permission: false })
    expect(r.message).toMatchInlineSnapshot(`"denied: the command's overwrite for role 12 disallows it, and none of the member's roles is allowed"`)
  })

  it('needs the member in a guild, and the guild id with the GUILD context (field.required)', () => {
    expectIssues(() => canUse({ command: { id: CMD }, guildId: GUILD }), [issue('field.required', 'member')])
    expect(() => canUse({ command: { id: CMD }, context: 'Guild' })).toThrow(/guildId is required/)
  })
})

// ---------------------------------------------------------------- properties

const id = fc.constantFrom(USER, '2', MOD, MUTED, '13', CHANNEL, THREAD, '44', GUILD, ALL_CHANNELS)
const entry = fc.record({ id, type: fc.constantFrom<1 | 2 | 3>(1, 2, 3), permission: fc.boolean() })
const level = (target: string) =>
  fc.array(entry, { maxLength: 12 }).map((permissions): GuildCommandPermissions => ({ id: target, application_id: APP, guild_id: GUILD, permissions }))
const bits = fc.bigInt({ min: 0n, max: (1n << 53n) - 1n })
const input = fc.record({
  levels: fc.tuple(level(CMD), level(APP), level('502')),
  roles: fc.subarray([MOD, MUTED, '13', GUILD]),
  held: bits,
  dmp: fc.option(fc.oneof(fc.constant('0'), bits.map(String)), { nil: null }),
  channel: fc.constantFrom({ id: CHANNEL, type: 0 }, { id: THREAD, type: 11, parent_id: CHANNEL }, { id: '44', type: 0 }),
  nsfwChannel: fc.boolean(),
  contexts: fc.constantFrom(undefined, null, [0], [0, 1, 2]),
})

describe('properties', () => {
  it('with Administrator the answer is always yes, whatever the overwrites, roles, channel and default permissions (spec: "Command permission endpoints" rule 3)', () => {
    fc.assert(
      fc.property(input, (x) => {
        const r = canUse({
          command: { id: CMD, default_member_permissions: x.dmp, nsfw: x.nsfwChannel, ...(x.contexts === undefined ? {} : { contexts: x.contexts }) },
          applicationId: APP,
          guildId: GUILD,
          context: 'Guild',
          member: { user: { id: USER }, roles: x.roles, permissions: x.held | PermissionFlags.Administrator },
          channel: { ...x.channel, nsfw: true },
          overwrites: x.levels,
        })
        expect(r).toMatchObject({ allowed: true, because: 'administrator' })
      }),
      { numRuns: 300 },
    )
  })

  it('without Administrator, the answer and reason match a direct reading of the table', () => {
    fc.assert(
      fc.property(input, (x) => {
        const held = x.held & ~PermissionFlags.Administrator
        const r = canUse({
          command: { id: CMD, default_member_permissions: x.dmp },
          applicationId: APP,
          guildId: GUILD,
          member: { user: { id: USER }, roles: x.roles, permissions: held },
          channel: x.channel,
          overwrites: x.levels,
        })
        expect([r.allowed, r.because]).toEqual(reference(x.levels[0], x.levels[1], x.roles, held, x.dmp, x.channel))
        expect(r.trail.at(-1)).toBe(r.because)
      }),
      { numRuns: 500 },
    )
  })
})

describe('docs/permissions.md precedence table', () => {
  const doc = readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8')
  const self = readFileSync(new URL(import.meta.url), 'utf8')
  // | C2 | rule | denies | allows | sources |
  const rows = [...doc.matchAll(/^\| ([SACMD]\d) \|[^|]*\|([^|]*)\|([^|]*)\|/gm)].map((m) => ({
    id: m[1] as string,
    reasons: [...`${m[2]}${m[3]}`.matchAll(/`([a-z_]+\.[a-z_]+|[a-z_]+)`/g)].map((r) => r[1] as string),
  }))
  // Test titles here start with a row id: 'S1: ...', "C1 (threads): ...", 'row A1: ...'.
  const named = new Set([...self.matchAll(/(?:it|describe)\((?:'|")(?:row )?([SACMD]\d)\b/g)].map((m) => m[1] as string))

  it('reads a table of 23 rows (guards this check itself)', () => {
    expect(rows.map((r) => r.id)).toHaveLength(23)
    expect(rows.every((r) => r.reasons.length > 0)).toBe(true)
  })

  it('has a test here named by each row id, and no test named by an id the table lacks', () => {
    expect(rows.map((r) => r.id).filter((id) => !named.has(id))).toEqual([])
    expect([...named].filter((id) => !rows.some((r) => r.id === id))).toEqual([])
  })

  it("names as each row's reason a CanUseReason that a test here asserts", () => {
    const reasons = rows.flatMap((r) => r.reasons.map((reason) => ({ id: r.id, reason })))
    expect(reasons.filter(({ reason }) => !self.includes(`'${reason}'`))).toEqual([])
  })
})

/** The table of docs/permissions.md read row by row, written apart from the implementation. */
function reference(
  c: GuildCommandPermissions,
  a: GuildCommandPermissions,
  roles: readonly string[],
  held: bigint,
  dmp: string | null,
  channel: { id: string; type: number; parent_id?: string },
): [boolean, string] {
  const last = <T>(list: readonly T[], f: (x: T) => boolean) => list.filter(f).at(-1)
  const find = (l: GuildCommandPermissions, type: number, ids: readonly string[]) => {
    for (const x of ids) {
      const o = last(l.permissions, (p) => p.type === type && p.id === x)
      if (o) return o
    }
    return undefined
  }
  const channels = channel.type === 11 && channel.parent_id ? [channel.id, channel.parent_id] : [channel.id]
  for (const [l, ids, reason] of [
    [c, channels, 'channel.command'],
    [c, [ALL_CHANNELS], 'all_channels.command'],
    [a, channels, 'channel.application'],
    [a, [ALL_CHANNELS], 'all_channels.application'],
  ] as const) {
    const o = find(l, 3, ids)
    if (o) {
      if (!o.permission) return [false, reason]
      break
    }
  }
  const own = roles.filter((r) => r !== GUILD)
  for (const [l, at] of [
    [c, 'command'],
    [a, 'application'],
  ] as const) {
    const u = find(l, 2, [USER])
    if (u) {
      if (!u.permission) return [false, `user.${at}`]
      if (at === 'command') return [true, 'user.command']
      break
    }
    const rs = own.map((r) => find(l, 1, [r])).filter((o) => o !== undefined)
    if (rs.some((o) => o.permission)) {
      if (at === 'command') return [true, 'role.command']
      break
    }
    if (rs.length > 0) return [false, `role.${at}`]
    const e = find(l, 1, [GUILD])
    if (e) {
      if (!e.permission) return [false, `everyone.${at}`]
      break
    }
  }
  if (dmp === null) return [true, 'default_permissions.unset']
  const need = BigInt(dmp)
  if (need === 0n) return [false, 'default_permissions.admin_only']
  return (held & need) === need ? [true, 'default_permissions.held'] : [false, 'default_permissions.missing']
}
