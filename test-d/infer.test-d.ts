/**
 * What a handler receives ("Contract": what `parse` returns), derived by the types
 * from the definitions alone, against the built declarations: `InferResult`,
 * `InferOptions` and `InferPath`. Required options are `T`, optional ones
 * `T | undefined`; choices narrow to literal unions (no `as const` needed);
 * channel types narrow the channel; subcommand paths form a discriminated union;
 * a set is a union discriminated by `command`.
 */
import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd'
import {
  ChannelType,
  choice,
  commands,
  entryPoint,
  fromJSON,
  message,
  option,
  slash,
  user,
  type AnyCommand,
  type Attachment,
  type Channel,
  type Group,
  type InferOptions,
  type InferPath,
  type InferResult,
  type LooseResult,
  type Message,
  type ResolvedRole,
  type ResolvedUser,
  type Role,
  type SlashCommand,
  type StringOption,
  type Subcommand,
} from '../dist/index.js'

// ---------------------------------------------------------------- every option type, required and optional

const every = slash('every', 'Every option type').options(
  option.string('s', 'd').required(),
  option.integer('i', 'd').required(),
  option.number('n', 'd').required(),
  option.boolean('b', 'd').required(),
  option.user('u', 'd').required(),
  option.channel('c', 'd').required(),
  option.role('r', 'd').required(),
  option.mentionable('m', 'd').required(),
  option.attachment('a', 'd').required(),
  option.string('os', 'd'),
  option.integer('oi', 'd'),
  option.number('on', 'd'),
  option.boolean('ob', 'd'),
  option.user('ou', 'd'),
  option.channel('oc', 'd'),
  option.role('or', 'd'),
  option.mentionable('om', 'd'),
  option.attachment('oa', 'd'),
)

expectType<{
  s: string
  i: number
  n: number
  b: boolean
  u: ResolvedUser
  c: Channel
  r: Role
  m: ResolvedUser | ResolvedRole
  a: Attachment
  os: string | undefined
  oi: number | undefined
  on: number | undefined
  ob: boolean | undefined
  ou: ResolvedUser | undefined
  oc: Channel | undefined
  or: Role | undefined
  om: ResolvedUser | ResolvedRole | undefined
  oa: Attachment | undefined
}>(null! as InferOptions<typeof every>)

declare const hit: InferResult<typeof every>
expectType<'every'>(hit.command)
expectType<undefined>(hit.group)
expectType<undefined>(hit.subcommand)
// USER: `{ user, member }`, member undefined outside a guild.
expectType<ResolvedUser>(hit.options.u)
expectType<ResolvedUser['member']>(hit.options.u.member)
expectAssignable<undefined>(undefined as ResolvedUser['member'] & undefined)
// MENTIONABLE: a user with its member, or a role; `'role' in` tells them apart.
const m = hit.options.m
if ('role' in m) expectType<ResolvedRole>(m)
else expectType<ResolvedUser>(m)

// ---------------------------------------------------------------- choices narrow, without `as const`

const pick = slash('pick', 'Choices').options(
  option.string('color', 'Color').required().choices(choice('Red', 'red'), choice('Blue', 'blue')),
  option.number('ratio', 'Ratio').required().choices(choice('Half', 0.5), choice('All', 1)),
  option.integer('days', 'Days').choices(choice('One', 1), choice('Seven', 7)),
  option.string('mode', 'Mode').choices(choice('Fast', 'fast')).choices(choice('Slow', 'slow')),
  option.string('query', 'Search').autocomplete(),
)
expectType<{
  color: 'red' | 'blue'
  days: 1 | 7 | undefined
  ratio: 0.5 | 1
  mode: 'fast' | 'slow' | undefined
  query: string | undefined
}>(null! as InferOptions<typeof pick>)
// A value outside the choices is not one of them.
expectNotAssignable<InferOptions<typeof pick>['color']>('green')
expectNotAssignable<InferOptions<typeof pick>['days']>(2)

// ---------------------------------------------------------------- channel types narrow the channel

const where = slash('where', 'Channels').options(
  option.channel('text', 'Text or voice').required().channelTypes(ChannelType.GuildText, ChannelType.GuildVoice),
  option.channel('any', 'Any channel').required(),
  option.channel('thread', 'A thread').channelTypes(ChannelType.PublicThread),
)
type WhereOptions = InferOptions<typeof where>
expectType<Channel & { type: 0 | 2 }>(null! as WhereOptions['text'])
expectType<(Channel & { type: 11 }) | undefined>(null! as WhereOptions['thread'])
expectType<Channel>(null! as WhereOptions['any'])
expectType<0 | 2>((null! as WhereOptions['text']).type)
// By name, the same narrowing.
const whereByName = slash('where', 'Channels').options(option.channel('text', 'Text or forum').required().channelTypes('GuildText', 'GuildForum'))
expectType<0 | 15>((null! as InferOptions<typeof whereByName>['text']).type)

// ---------------------------------------------------------------- subcommands and groups: a discriminated union

const config = slash('config', 'Bot settings')
  .subcommand('show', 'Show settings')
  .subcommand('set', 'Change a setting', (s) =>
    s.options(option.string('key', 'Setting').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang')), option.string('value', 'New value').required()),
  )
  .group('role', 'Role settings', (g) =>
    g
      .subcommand('grant', 'Grant', (s) => s.options(option.role('role', 'Role').required()))
      .subcommand('revoke', 'Revoke', (s) => s.options(option.role('role', 'Role').required(), option.string('reason', 'Why'))),
  )

type ConfigResult =
  | { command: 'config'; group: undefined; subcommand: 'show'; options: {} }
  | { command: 'config'; group: undefined; subcommand: 'set'; options: { key: 'prefix' | 'lang'; value: string } }
  | { command: 'config'; group: 'role'; subcommand: 'grant'; options: { role: Role } }
  | { command: 'config'; group: 'role'; subcommand: 'revoke'; options: { role: Role; reason: string | undefined } }
expectType<ConfigResult>(null! as InferResult<typeof config>)
expectType<'show' | 'set' | 'role grant' | 'role revoke'>(null! as InferPath<typeof config>)
expectType<{ role: Role; reason: string | undefined }>(null! as InferOptions<typeof config, 'role revoke'>)
expectType<{ key: 'prefix' | 'lang'; value: string }>(null! as InferOptions<typeof config, 'set'>)
expectType<{}>(null! as InferOptions<typeof config, 'show'>)
// A path the command does not have is refused.
// error: does not satisfy the constraint
expectError<InferOptions<typeof config, 'role show'>>(null!)

declare const c: InferResult<typeof config>
if (c.subcommand === 'set') expectType<'prefix' | 'lang'>(c.options.key)
if (c.group === 'role') expectType<'grant' | 'revoke'>(c.subcommand)
if (c.group === undefined) expectType<'show' | 'set'>(c.subcommand)
switch (c.subcommand) {
  case 'revoke':
    expectType<string | undefined>(c.options.reason)
    break
  case 'show':
    expectType<{}>(c.options)
    break
}
// A command without subcommands has no path.
expectType<never>(null! as InferPath<typeof every>)

// ---------------------------------------------------------------- USER, MESSAGE and entry point commands

const profile = user('Show profile')
const report = message('Report')
const launch = entryPoint('launch', 'Start').handler('DiscordLaunchActivity')
expectType<{ command: 'Show profile'; target: ResolvedUser }>(null! as InferResult<typeof profile>)
expectType<{ command: 'Report'; target: Message }>(null! as InferResult<typeof report>)
expectType<{ command: 'launch' }>(null! as InferResult<typeof launch>)
// Settings that do not change what a handler receives keep the result.
expectType<{ command: 'Report'; target: Message }>(null! as InferResult<ReturnType<typeof report.contexts>>)

// ---------------------------------------------------------------- a set: a union discriminated by `command`

const app = commands(every, config, profile, report, launch)
type App = InferResult<typeof app>
expectType<'every' | 'config' | 'Show profile' | 'Report' | 'launch'>(null! as App['command'])
expectType<ConfigResult | InferResult<typeof every> | InferResult<typeof profile> | InferResult<typeof report> | InferResult<typeof launch>>(null! as App)
declare const r: App
if (r.command === 'Show profile') expectType<ResolvedUser>(r.target)
if (r.command === 'Report') expectType<Message>(r.target)
if (r.command === 'config' && r.subcommand === 'set') expectType<string>(r.options.value)
if (r.command === 'launch') expectType<{ command: 'launch' }>(r)
// Same name, different types: still told apart by their shape.
const same = commands(slash('profile', 'Profile').options(option.user('who', 'Who')), user('profile'))
declare const s: InferResult<typeof same>
if ('target' in s) expectType<{ command: 'profile'; target: ResolvedUser }>(s)
else expectType<ResolvedUser | undefined>(s.options.who)

// A definition from `fromJSON` is typed loosely.
declare const json: unknown
expectType<LooseResult>(null! as InferResult<ReturnType<typeof fromJSON>>)
expectAssignable<InferResult<typeof app> | LooseResult>(null! as InferResult<ReturnType<typeof fromJSON>>)
void json

// Wide types: a definition typed as any command gives every kind's result, with
// names and options left open (USER and MESSAGE both: `ContextMenuCommand<2 | 3>`).
declare const wide: InferResult<AnyCommand>
expectAssignable<typeof wide>(null! as { command: string; target: ResolvedUser })
expectAssignable<typeof wide>(null! as { command: string; target: Message })
expectAssignable<typeof wide>(null! as { command: string })
expectType<string>(wide.command)
if ('target' in wide) expectType<ResolvedUser | Message>(wide.target)
// A hand-written builder type is read like a built one.
declare const written: InferResult<SlashCommand<'x', [], [Subcommand<'a', [StringOption<'s', true>]>, Group<'g', [Subcommand<'b'>]>]>>
expectType<{ command: 'x'; group: undefined; subcommand: 'a'; options: { s: string } } | { command: 'x'; group: 'g'; subcommand: 'b'; options: {} }>(written)
