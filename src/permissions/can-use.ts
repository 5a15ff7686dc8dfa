/**
 * `canUse`: who can use a command where. The spec gives the pieces ("Guild
 * application command permissions", "Command permission endpoints" rules 3 to 5,
 * "Other command rules" 8 and 9); the order in which they apply follows the
 * service's public documentation of permissions v2 and its 2023 update. The
 * precedence table, with its sources, is in docs/permissions.md; every row is a
 * test in test/permissions/can-use.test.ts.
 */
import type { CommandPermissionJSON, GuildCommandPermissions, Snowflake } from '../wire/commands.js'
import { InteractionContextType, type CommandType, type IntegrationType } from '../wire/enums.js'
import { PermissionFlags } from '../wire/permission-flags.js'
import { definitionOf } from '../builders/from-json.js'
import { isSnowflake } from '../rules/command.js'
import { IssueCollector, issueAt, ValidationError } from '../rules/issues.js'
import { isRecord } from '../rules/json.js'
import { MESSAGES } from '../rules/messages.js'
import { guardAlone } from '../rules/validate.js'
import { checkOverwriteList } from './overwrites.js'
import { permissionNames, toBits } from './flags.js'
import { canonicalId } from './snowflake.js'

/** What `canUse` reads of a command: the fields of a fetched command (or of a definition's JSON). */
export interface CommandAccess {
  /** The command id; command-level overwrites are those whose `id` is this one. */
  readonly id?: Snowflake
  readonly type?: CommandType
  /** Present on guild commands: they exist only in that guild, never in DMs. */
  readonly guild_id?: Snowflake | undefined
  readonly default_member_permissions?: string | null
  /** Deprecated in favour of `contexts`. */
  readonly dm_permission?: boolean | null
  readonly nsfw?: boolean
  readonly contexts?: readonly InteractionContextType[] | null
  readonly integration_types?: readonly IntegrationType[]
}

/** A definition (builder or `fromJSON` result): its JSON is read. */
interface Definition {
  toJSON(...args: never[]): unknown
}

/** The member who would use the command: what `interaction.member` carries. */
export interface MemberAccess {
  readonly user: { readonly id: Snowflake }
  /** Role ids; @everyone (the guild id) need not be listed. */
  readonly roles: readonly Snowflake[]
  /** The member's permissions in the channel, as a string of digits or a bit set. */
  readonly permissions: string | bigint
}

/** The channel where the command would be used. A wire `Channel` fits. */
export interface ChannelAccess {
  readonly id: Snowflake
  /** Threads (10, 11, 12) take the overwrites of their parent channel. */
  readonly type?: number
  /** For a thread: the channel it belongs to. */
  readonly parent_id?: Snowflake | null
  /**
   * Whether age-restricted commands may be used here: an age-restricted channel,
   * or, in a DM with the app, the user's setting (spec: "Other command rules" 8).
   */
  readonly nsfw?: boolean
}

/** An interaction context by value or by name. */
export type ContextArg = InteractionContextType | keyof typeof InteractionContextType

/** Everything `canUse` may be told. Only what is given is checked. */
export interface CanUseInput {
  /** A fetched command, a create body, or a definition. */
  readonly command: CommandAccess | Definition
  /** The command id, when `command` (a definition) carries none. */
  readonly commandId?: Snowflake | undefined
  /** The application id: overwrites with this id are the application-wide defaults. */
  readonly applicationId?: Snowflake | undefined
  /** The guild; absent outside a guild (DMs), where no guild permission applies. */
  readonly guildId?: Snowflake | undefined
  /** The member; required in a guild. `interaction.member` fits. */
  readonly member?: MemberAccess | undefined
  readonly channel?: ChannelAccess | undefined
  /** Where the command would be used: GUILD (0), BOT_DM (1) or PRIVATE_CHANNEL (2). */
  readonly context?: ContextArg | undefined
  /** Whether the user is 18 or over (spec: "Other command rules" 8); unchecked when absent. */
  readonly adult?: boolean | undefined
  /**
   * The guild's overwrites, as GET .../guilds/{guild.id}/commands/permissions
   * returns them: those whose `id` is the command's apply to it, those whose `id` is
   * the application's apply to every command.
   */
  readonly overwrites?: readonly GuildCommandPermissions[] | undefined
}

/** The rule that decided, as a stable code (see the precedence table in docs/permissions.md). */
export type CanUseReason =
  | 'scope.other_guild'
  | 'scope.guild_only'
  | 'context.excluded'
  | 'context.dm_permission'
  | 'context.user_install'
  | 'nsfw.age'
  | 'nsfw.channel'
  | 'outside_guild'
  | 'administrator'
  | 'channel.command'
  | 'all_channels.command'
  | 'channel.application'
  | 'all_channels.application'
  | 'user.command'
  | 'role.command'
  | 'everyone.command'
  | 'user.application'
  | 'role.application'
  | 'everyone.application'
  | 'default_permissions.unset'
  | 'default_permissions.admin_only'
  | 'default_permissions.held'
  | 'default_permissions.missing'

/** The answer and the reason for it. */
export interface CanUseResult {
  readonly allowed: boolean
  /** The rule that decided. */
  readonly because: CanUseReason
  /** A sentence saying why. */
  readonly message: string
  /** Every rule that applied, in order; the last one is `because`. */
  readonly trail: readonly CanUseReason[]
  /** The overwrite that decided, when one did. */
  readonly overwrite?: CommandPermissionJSON
}

const THREAD_TYPES: ReadonlySet<unknown> = new Set([10, 11, 12])

function contextValue(context: ContextArg | undefined): number | undefined {
  if (context === undefined) return undefined
  return typeof context === 'string' ? InteractionContextType[context] : context
}

function commandJSON(command: CommandAccess | Definition): CommandAccess {
  return typeof (command as Partial<Definition>).toJSON === 'function' ? (definitionOf(command) as CommandAccess) : (command as CommandAccess)
}

/** One level of overwrites (command or application), indexed for the lookups below. */
interface Level {
  readonly user: ReadonlyMap<string, CommandPermissionJSON>
  readonly role: ReadonlyMap<string, CommandPermissionJSON>
  readonly channel: ReadonlyMap<string, CommandPermissionJSON>
}

function level(entry: GuildCommandPermissions | undefined): Level {
  const user = new Map<string, CommandPermissionJSON>()
  const role = new Map<string, CommandPermissionJSON>()
  const channel = new Map<string, CommandPermissionJSON>()
  for (const o of entry?.permissions ?? []) {
    const table = o.type === 1 ? role : o.type === 2 ? user : o.type === 3 ? channel : undefined
    table?.set(canonicalId(o.id), o)
  }
  return { user, role, channel }
}

const EMPTY: Level = { user: new Map(), role: new Map(), channel: new Map() }

/** A snowflake field of the input: required or optional, a string of digits when present. */
function snowflakeAt(c: IssueCollector, value: unknown, key: string | number, required: boolean): void {
  if (value === undefined) {
    if (required) c.add('field.required', key)
  } else if (typeof value !== 'string' && typeof value !== 'bigint') c.add('value.type', key, { expected: 'a snowflake, a string of digits' }, value)
}

/**
 * The shapes `canUse` reads, checked before it reads them (it is called from
 * JavaScript with whatever a program holds): a `ValidationError` with an issue at
 * each wrong field's path into the input, never an engine `TypeError`. A field
 * whose getter throws is `input.unreadable`. The values' own rules (snowflake
 * digits, an overwrite's type) are those of the overwrites' check.
 */
function checkInput(input: unknown): void {
  const fresh = () => new IssueCollector([], 'input', MESSAGES)
  const c = fresh()
  const checked = guardAlone(c, () => walkInput(c, input), fresh)
  if (checked.issues.length > 0) throw new ValidationError(checked.issues, 'canUse input')
}

function walkInput(c: IssueCollector, input: unknown): void {
  if (!isRecord(input)) {
    c.add('value.type', undefined, { expected: 'an object { command, guildId?, member?, channel?, overwrites?, context?, adult? }' }, input)
    return
  }
  const command = input.command
  if (command === undefined) c.add('field.required', 'command')
  else if (!isRecord(command)) c.add('value.type', 'command', { expected: 'a fetched command, a create body or a definition' }, command)
  for (const key of ['commandId', 'applicationId', 'guildId'] as const) snowflakeAt(c, input[key], key, false)
  const member = input.member
  if (member !== undefined) {
    if (!isRecord(member)) c.add('value.type', 'member', { expected: 'a guild member { user, roles, permissions }' }, member)
    else {
      c.path.push('member')
      const user = member.user
      if (!isRecord(user)) c.add(user === undefined ? 'field.required' : 'value.type', 'user', { expected: 'a user object { id }' }, user)
      else {
        c.path.push('user')
        snowflakeAt(c, user.id, 'id', true)
        c.path.pop()
      }
      const roles = member.roles
      if (!Array.isArray(roles)) c.add(roles === undefined ? 'field.required' : 'value.type', 'roles', { expected: 'an array of role ids' }, roles)
      else {
        c.path.push('roles')
        for (let i = 0; i < roles.length; i++) snowflakeAt(c, roles[i], i, true)
        c.path.pop()
      }
      const held = member.permissions
      if (typeof held !== 'string' && typeof held !== 'bigint')
        c.add(held === undefined ? 'field.required' : 'value.type', 'permissions', { expected: 'a permission bit set, a string of digits or a bigint' }, held)
      c.path.pop()
    }
  }
  const channel = input.channel
  if (channel !== undefined) {
    if (!isRecord(channel)) c.add('value.type', 'channel', { expected: 'a channel { id, type?, parent_id?, nsfw? }' }, channel)
    else {
      c.path.push('channel')
      snowflakeAt(c, channel.id, 'id', true)
      c.path.pop()
    }
  }
  const overwrites = input.overwrites
  if (overwrites === undefined) return
  if (!Array.isArray(overwrites)) {
    c.add('value.type', 'overwrites', { expected: 'an array of guild application command permissions { id, permissions }, as GET .../commands/permissions returns it' }, overwrites)
    return
  }
  c.path.push('overwrites')
  for (let i = 0; i < overwrites.length; i++) {
    const entry: unknown = overwrites[i]
    if (!isRecord(entry)) c.add('value.type', i, { expected: 'a guild application command permissions object { id, permissions }' }, entry)
    else {
      c.path.push(i)
      snowflakeAt(c, entry.id, 'id', true)
      checkOverwriteList(c, entry.permissions)
      c.path.pop()
    }
  }
  c.path.pop()
}

/**
 * Whether a member can use a command in a place, and why. Checks, in this order
 * (docs/permissions.md has the table and its sources):
 *
 * 1. scope: a guild command only in its guild; `contexts` (or the deprecated
 *    `dm_permission`) when `context` is given; PRIVATE_CHANNEL only for user-installed
 *    commands; age-restricted commands only for adults in age-restricted channels;
 * 2. outside a guild, nothing else applies;
 * 3. Administrator: everything;
 * 4. channel overwrites (a thread takes its parent's): the command's overwrite for
 *    the channel, its all-channels overwrite, then the application's; a denial ends it;
 * 5. member overwrites: the command's user, role (any allow wins) and @everyone
 *    overwrites, then the application's; a command-level user or role allow grants
 *    the command whatever `default_member_permissions` says; any denial ends it;
 * 6. `default_member_permissions`: none set, all bits held, or `'0'` (administrators only).
 *
 * @example
 * const r = canUse({ command, member: interaction.member, channel, guildId, applicationId, overwrites })
 * if (!r.allowed) console.log(r.because, r.message)
 */
export function canUse(input: CanUseInput): CanUseResult {
  checkInput(input)
  const trail: CanUseReason[] = []
  const done = (allowed: boolean, because: CanUseReason, message: string, overwrite?: CommandPermissionJSON): CanUseResult => {
    trail.push(because)
    return overwrite === undefined ? { allowed, because, message, trail } : { allowed, because, message, trail, overwrite }
  }
  const command = commandJSON(input.command)
  const context = contextValue(input.context)
  const guildId = input.guildId === undefined ? undefined : canonicalId(input.guildId)
  const inGuild = guildId !== undefined && (context === undefined || context === InteractionContextType.Guild)
  if (context === InteractionContextType.Guild && guildId === undefined)
    throw new ValidationError([issueAt('field.required', ['guildId'], { on: 'the GUILD context' })], 'canUse input')

  // 1. Scope ("Application command" guild_id; "Command permission endpoints" rule 5;
  //    "Other command rules" 8 and 9). Contexts are not permissions (rule 9): they
  //    decide where the command exists at all, so they come before everything else.
  if (command.guild_id !== undefined && command.guild_id !== null) {
    if (!inGuild) return done(false, 'scope.guild_only', 'denied: a guild command exists only in its guild, never in DMs')
    if (canonicalId(command.guild_id) !== guildId) return done(false, 'scope.other_guild', `denied: the command belongs to guild ${command.guild_id}, not to ${input.guildId}`)
  } else if (context !== undefined) {
    const contexts = command.contexts
    if (contexts != null && !contexts.includes(context as InteractionContextType))
      return done(false, 'context.excluded', `denied: the command's contexts (${contexts.join(', ')}) do not include ${context}`)
    if (contexts == null && context === InteractionContextType.BotDm && command.dm_permission === false)
      return done(false, 'context.dm_permission', 'denied: dm_permission is false, so the command does not run in DMs with the app')
    if (context === InteractionContextType.PrivateChannel && command.integration_types !== undefined && !command.integration_types.includes(1))
      return done(false, 'context.user_install', 'denied: PRIVATE_CHANNEL needs a user-installed command (integration_types with USER_INSTALL)')
  }
  if (command.nsfw === true) {
    if (input.adult === false) return done(false, 'nsfw.age', 'denied: an age-restricted command needs a user aged 18 or over')
    if (input.channel?.nsfw === false)
      return done(false, 'nsfw.channel', 'denied: an age-restricted command is only usable in an age-restricted channel (or a DM with the setting on)')
  }

  // 2. Outside a guild no overwrite and no default_member_permissions apply.
  if (!inGuild) return done(true, 'outside_guild', 'allowed: outside a guild, no guild permission applies')

  const member = input.member
  if (member === undefined)
    throw new ValidationError([issueAt('field.required', ['member'], { on: 'a guild', expected: 'canUse needs its roles and permissions' })], 'canUse input')
  const held = toBits(member.permissions)
  // 3. "Members with the Administrator permission can use all commands."
  if ((held & PermissionFlags.Administrator) !== 0n) return done(true, 'administrator', 'allowed: the member has Administrator')

  const commandId = input.commandId ?? command.id
  const cmdKey = commandId === undefined ? undefined : canonicalId(commandId)
  const appKey = input.applicationId === undefined ? undefined : canonicalId(input.applicationId)
  let cmd = EMPTY
  let app = EMPTY
  for (const entry of input.overwrites ?? []) {
    const id = canonicalId(entry.id)
    if (id === appKey) app = level(entry)
    else if (id === cmdKey) cmd = level(entry)
  }

  // 4. Channel overwrites ("Command permission endpoints" rule 3: they also apply
  //    to threads in that channel). The first that speaks decides; an allow only
  //    lets the member checks run.
  const channel = input.channel
  if (channel !== undefined) {
    const ids = [canonicalId(channel.id)]
    if (THREAD_TYPES.has(channel.type) && typeof channel.parent_id === 'string') ids.push(canonicalId(channel.parent_id))
    const all = allChannels(guildId)
    const found = (lvl: Level, specific: boolean) => (specific ? first(lvl.channel, ids) : all === undefined ? undefined : lvl.channel.get(all))
    const steps: [CommandPermissionJSON | undefined, CanUseReason, string][] = [
      [found(cmd, true), 'channel.command', "the command's overwrite for this channel"],
      [found(cmd, false), 'all_channels.command', "the command's all-channels overwrite"],
      [found(app, true), 'channel.application', "the application's overwrite for this channel"],
      [found(app, false), 'all_channels.application', "the application's all-channels overwrite"],
    ]
    for (const [o, reason, what] of steps) {
      if (o === undefined) continue
      if (!o.permission) return done(false, reason, `denied: ${what} disallows it`, o)
      trail.push(reason)
      break
    }
  }

  // 5. Member overwrites: user, then roles, then @everyone; command level first.
  const userId = canonicalId(member.user.id)
  const roles = member.roles.map(canonicalId).filter((r) => r !== guildId)
  const levels: [Level, 'command' | 'application'][] = [
    [cmd, 'command'],
    [app, 'application'],
  ]
  let granted: CommandPermissionJSON | undefined
  for (const [lvl, at] of levels) {
    const where = at === 'command' ? "the command's" : "the application's"
    const user = lvl.user.get(userId)
    if (user !== undefined) {
      if (!user.permission) return done(false, `user.${at}`, `denied: ${where} overwrite for user ${user.id} disallows it`, user)
      // A command-level allow overrides default_member_permissions; an application-level one does not.
      if (at === 'command') return done(true, 'user.command', `allowed: the command's overwrite for user ${user.id} allows it`, user)
      trail.push('user.application')
      granted = user
      break
    }
    let allow: CommandPermissionJSON | undefined
    let deny: CommandPermissionJSON | undefined
    for (const r of roles) {
      const o = lvl.role.get(r)
      if (o === undefined) continue
      if (o.permission) {
        allow = o
        break
      }
      deny ??= o
    }
    if (allow !== undefined) {
      if (at === 'command') return done(true, 'role.command', `allowed: the command's overwrite for role ${allow.id} allows it`, allow)
      trail.push('role.application')
      granted = allow
      break
    }
    if (deny !== undefined) return done(false, `role.${at}`, `denied: ${where} overwrite for role ${deny.id} disallows it, and none of the member's roles is allowed`, deny)
    const everyone = lvl.role.get(guildId)
    if (everyone !== undefined) {
      if (!everyone.permission) return done(false, `everyone.${at}`, `denied: ${where} @everyone overwrite disallows it`, everyone)
      // @everyone allowed means: everyone who meets default_member_permissions.
      trail.push(`everyone.${at}`)
      granted = everyone
      break
    }
  }

  // 6. default_member_permissions ("Command permission endpoints" rule 4).
  const dmp = command.default_member_permissions
  const via = granted === undefined ? '' : ` (an overwrite for ${granted.id} allows it, but default member permissions still apply)`
  if (dmp === undefined || dmp === null) return done(true, 'default_permissions.unset', `allowed: the command sets no default member permissions${via}`)
  const need = toBits(dmp)
  if (need === 0n) return done(false, 'default_permissions.admin_only', `denied: default_member_permissions is '0', administrators only${via}`)
  if ((held & need) === need) return done(true, 'default_permissions.held', `allowed: the member holds the default member permissions${via}`)
  const missing = permissionNames(need & ~held)
  return done(
    false,
    'default_permissions.missing',
    `denied: the member lacks ${missing.length > 0 ? missing.join(', ') : `bits ${(need & ~held).toString()}`} of the default member permissions${via}`,
  )
}

function first(table: ReadonlyMap<string, CommandPermissionJSON>, ids: readonly string[]): CommandPermissionJSON | undefined {
  for (const id of ids) {
    const o = table.get(id)
    if (o !== undefined) return o
  }
  return undefined
}

function allChannels(guildId: string): string | undefined {
  return isSnowflake(guildId) && guildId !== '0' ? (BigInt(guildId) - 1n).toString() : undefined
}
