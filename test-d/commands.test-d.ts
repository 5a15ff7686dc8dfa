/**
 * Command kinds, scopes and sets, against the built declarations: USER and
 * MESSAGE commands take no description and no options ("Other command rules" 2);
 * only entry points have a handler; global-only fields and entry points cannot be
 * emitted for a guild ("Create body (guild)", "Naming rules" 3); `commands(...)`
 * refuses two commands of one type with the same literal name and a second entry
 * point; and every `toJSON` result fits discord-api-types' REST body types.
 *
 * Every `expectError` carries the sentence it must produce, in the comment above
 * it (`// ❌ ...`); scripts/check-types.mjs checks it under TypeScript 5.9, 6.0 and 7.0.
 */
import type {
  RESTPostAPIApplicationGuildCommandsJSONBody,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
  RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody,
  RESTPutAPIApplicationCommandsJSONBody,
  RESTPutAPIApplicationGuildCommandsJSONBody,
} from 'discord-api-types/v10'
import { expectAssignable, expectError, expectType } from 'tsd'
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
  type EntryPoint,
  type InteractionContextType,
  type MessageCommand,
  type UserCommand,
} from '../dist/index.js'

declare const json: unknown

// ---------------------------------------------------------------- USER and MESSAGE commands

expectType<UserCommand<'Show profile'>>(user('Show profile').localize('de', 'Profil zeigen').localize('fr', { name: 'Voir le profil' }))
expectType<MessageCommand<'Report'>>(message('Report').defaultMemberPermissions('ManageMessages').nsfw())

// ❌ USER commands have no description (spec: Other command rules 2)
expectError(user('Show profile', 'Shows the profile'))
// ❌ MESSAGE commands have no description (spec: Other command rules 2)
expectError(message('Report', 'Reports the message'))
// ❌ USER and MESSAGE commands take no options; only CHAT_INPUT commands do
expectError(user('Show profile').options(option.string('why', 'Why')))
// ❌ USER and MESSAGE commands take no options; only CHAT_INPUT commands do
expectError(message('Report').options())
// ❌ USER and MESSAGE commands have no description (spec: Other command rules 2)
expectError(user('Show profile').localize('de', { name: 'Profil', description: 'Zeigt das Profil' }))
// ❌ USER and MESSAGE commands have no description (spec: Other command rules 2)
expectError(message('Report').localize('de', { name: 'Melden', description: 'Meldet' }))

// ---------------------------------------------------------------- handler: entry points only

expectType<EntryPoint<'launch', 2>>(entryPoint('launch', 'Start').handler('DiscordLaunchActivity'))
expectType<EntryPoint<'launch', 1>>(entryPoint('launch', 'Start').handler('AppHandler'))
expectType<EntryPoint<'launch', 2>>(entryPoint('launch', 'Start').handler(2))
// No description: what the service's own entry point, Launch, has ("Other command rules" 3).
expectType<EntryPoint<'Launch', 2>>(entryPoint('Launch').handler('DiscordLaunchActivity'))

// ❌ handler() applies to entry point commands only (entryPoint(...))
expectError(slash('ping', 'Pong').handler('AppHandler'))
// ❌ handler() applies to entry point commands only (entryPoint(...))
expectError(user('Show profile').handler(1))
// ❌ handler() applies to entry point commands only (entryPoint(...))
expectError(message('Report').handler('DiscordLaunchActivity'))
// error: is not assignable to parameter of type 'HandlerInput'
expectError(entryPoint('launch', 'Start').handler('Launch'))
// error: is not assignable to parameter of type 'HandlerInput'
expectError(entryPoint('launch', 'Start').handler(3))

// ---------------------------------------------------------------- scope: global-only fields

slash('ping', 'Pong').toJSON({ scope: 'guild' })
slash('ping', 'Pong').defaultMemberPermissions('ManageGuild').nsfw().localize('de', 'pingen').toJSON({ scope: 'guild' })

// Permissions: flag names, bit sets and strings of digits, combined; or null alone.
slash('ban', 'Ban').defaultMemberPermissions('BanMembers', 8n, '32')
slash('ban', 'Ban').defaultMemberPermissions(null)
user('Report').defaultMemberPermissions('0')
// A misspelt flag name is refused with the nearest names (one edit away, another case, a start of one).
// ❌ 'BanMember' is not a permission flag name; did you mean 'BanMembers'?
expectError(slash('ban', 'Ban').defaultMemberPermissions('BanMember'))
// ❌ 'KickMember' is not a permission flag name; did you mean 'KickMembers'?
expectError(slash('ban', 'Ban').defaultMemberPermissions('BanMembers', 'KickMember'))
// ❌ 'administrator' is not a permission flag name; did you mean 'Administrator'?
expectError(user('Report').defaultMemberPermissions('administrator'))
// ❌ 'ManageMesages' is not a permission flag name; did you mean 'ManageMessages'?
expectError(message('Pin').defaultMemberPermissions('ManageMesages'))
// ❌ 'Admin' is not a permission flag name; did you mean 'Administrator'?
expectError(slash('ban', 'Ban').defaultMemberPermissions('Admin'))
// ❌ 'Moderator' is not a permission flag name; use a key of PermissionFlags such as 'BanMembers', a bigint or a string of digits
expectError(slash('ban', 'Ban').defaultMemberPermissions('Moderator'))
// ❌ null clears the permissions alone; pass it as the only argument
expectError(slash('ban', 'Ban').defaultMemberPermissions(null, 'BanMembers'))
declare const dynamicPermission: string
// ❌ a permission given as a string must be a flag name or a string of digits, known at compile time
expectError(slash('ban', 'Ban').defaultMemberPermissions(dynamicPermission))
user('Show profile').toJSON({ scope: 'guild' })
message('Report').toJSON({ scope: 'guild' })
slash('ping', 'Pong').contexts('Guild', 'BotDm').integrationTypes('GuildInstall').toJSON()
slash('ping', 'Pong').contexts('Guild').toJSON({ scope: 'global' })
entryPoint('launch', 'Start').toJSON({ scope: 'global' })

// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept; leave them out for a guild
expectError(slash('ping', 'Pong').contexts('Guild').toJSON({ scope: 'guild' }))
// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept
expectError(slash('ping', 'Pong').integrationTypes('UserInstall').toJSON({ scope: 'guild' }))
// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept
expectError(slash('ping', 'Pong').dmPermission(false).toJSON({ scope: 'guild' }))
// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept
expectError(slash('ping', 'Pong').contexts(0).options(option.string('x', 'd')).nsfw().localize('de', 'p').toJSON({ scope: 'guild' }))
// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept
expectError(slash('cfg', 'Config').integrationTypes(0).subcommand('show', 'Show').toJSON({ scope: 'guild' }))
// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept
expectError(user('Show profile').contexts('Guild').toJSON({ scope: 'guild' }))
// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept
expectError(message('Report').integrationTypes('GuildInstall').toJSON({ scope: 'guild' }))
// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept
expectError(message('Report').dmPermission(true).toJSON({ scope: 'guild' }))
declare const scope: 'global' | 'guild'
// ❌ this definition sets contexts, integration types or dm permission, which only global commands accept
expectError(slash('ping', 'Pong').contexts('Guild').toJSON({ scope }))

// ---------------------------------------------------------------- scope: entry points are global only

// ❌ an entry point command is global only; a guild cannot have one (spec: Naming rules 3)
expectError(entryPoint('launch', 'Start').toJSON({ scope: 'guild' }))
// ❌ an entry point command is global only; a guild cannot have one (spec: Naming rules 3)
expectError(entryPoint('launch', 'Start').handler('AppHandler').toJSON({ scope: 'guild' }))

// ---------------------------------------------------------------- scope: sets

commands(slash('ping', 'Pong'), user('Show profile'), message('Report')).toJSON({ scope: 'guild' })
commands(slash('ping', 'Pong').contexts('Guild'), entryPoint('launch', 'Start')).toJSON({ scope: 'global' })
// A `fromJSON` definition is typed loosely: the run-time rules decide for it.
commands(fromJSON(json)).toJSON({ scope: 'guild' })
commands(slash('ping', 'Pong'), fromJSON(json)).toJSON({ scope: 'guild' })

// A guild bulk overwrite takes contexts, integration types and dm permission ("Bulk guild body"):
// the usual set, deployed to a test guild.
commands(slash('ping', 'Pong').contexts('Guild'), user('Show profile')).toJSON({ scope: 'guild' })
commands(user('Show profile').integrationTypes('UserInstall')).toJSON({ scope: 'guild' })
commands(fromJSON(json), message('Report').dmPermission(false)).toJSON({ scope: 'guild' })
expectType<InteractionContextType[] | undefined>(commands(slash('ping', 'Pong').contexts('Guild')).toJSON({ scope: 'guild' })[0]?.contexts)

// ❌ this set has an entry point, which is global only; a guild cannot have one (spec: Naming rules 3)
expectError(commands(slash('ping', 'Pong'), entryPoint('launch', 'Start')).toJSON({ scope: 'guild' }))
// ❌ this set has an entry point, which is global only; a guild cannot have one (spec: Naming rules 3)
expectError(commands(entryPoint('Launch'), slash('ping', 'Pong').contexts('Guild')).toJSON({ scope: 'guild' }))

// ---------------------------------------------------------------- sets: names unique per type, one entry point

// One name, three types: fine ("Naming rules" 3: per type).
commands(slash('profile', 'Profile'), user('profile'), message('profile'), entryPoint('profile', 'Launch'))
// Names known only at run time are left to the run-time rules.
declare const dynamic: string
declare const n: number
commands(slash(dynamic, 'A'), slash(dynamic, 'B'), slash(`cmd-${n}`, 'C'), slash(`cmd-${n}`, 'D'), fromJSON(json), fromJSON(json))

// ❌ the set already has a CHAT_INPUT command named 'ping'; names are unique per type (spec: Naming rules 3)
expectError(commands(slash('ping', 'Pong'), user('ping'), slash('ping', 'Again')))
// ❌ the set already has a USER command named 'Show profile'; names are unique per type (spec: Naming rules 3)
expectError(commands(user('Show profile'), message('Show profile'), user('Show profile')))
// ❌ the set already has a MESSAGE command named 'Report'; names are unique per type (spec: Naming rules 3)
expectError(commands(message('Report').nsfw(), message('Report')))
// ❌ a set holds at most one entry point command (spec: Limits)
expectError(commands(entryPoint('launch', 'Start'), slash('ping', 'Pong'), entryPoint('play', 'Play')))
// An entry point whose name is known only at run time still counts as one.
// ❌ a set holds at most one entry point command (spec: Limits)
expectError(commands(entryPoint(dynamic, 'Start'), entryPoint('play', 'Play')))
// ❌ the set already has a CHAT_INPUT command named 'ping'; names are unique per type (spec: Naming rules 3)
expectError(commands(slash(dynamic, 'A'), slash('ping', 'Pong'), slash(`cmd-${n}`, 'C'), slash('ping', 'Again')))

// Names that are one of two literals: compared as a whole, as in options lists.
declare const flag: boolean
commands(slash(flag ? 'ping' : 'pong', 'A'), slash(flag ? 'dev' : 'prod', 'B'), user(flag ? 'Show' : 'Hide'))
// ❌ the set already has a CHAT_INPUT command named 'ping'; names are unique per type (spec: Naming rules 3)
expectError(commands(slash(flag ? 'ping' : 'pong', 'A'), slash('ping', 'Pong')))

// ---------------------------------------------------------------- JSON fits discord-api-types' REST bodies

const ban = slash('ban', 'Ban a member')
  .options(
    option.user('target', 'Who').required().localize('es-ES', { name: 'objetivo', description: 'Quién' }),
    option.integer('days', 'Days').min(0).max(7).choices(choice('None', 0).localize('de', 'Keine'), choice('Week', 7)),
    option.string('reason', 'Why').maxLength(512).autocomplete(),
    option.number('ratio', 'Ratio').min(0).max(1),
    option.channel('log', 'Where').channelTypes(ChannelType.GuildText, ChannelType.PublicThread),
    option.boolean('silent', 'Quietly'),
    option.role('role', 'Role'),
    option.mentionable('who', 'Whom'),
    option.attachment('proof', 'Proof'),
  )
  .defaultMemberPermissions('BanMembers')
  .localize('es-ES', { name: 'banear', description: 'Banear a un miembro' })
const config = slash('config', 'Settings')
  .subcommand('show', 'Show')
  .group('role', 'Roles', (g) => g.subcommand('grant', 'Grant', (s) => s.options(option.role('role', 'Role').required())))
  .nsfw()
const profile = user('Show profile').contexts('Guild', 'PrivateChannel').integrationTypes('UserInstall')
const report = message('Report').dmPermission(false)
const launch = entryPoint('launch', 'Start').handler('DiscordLaunchActivity')

expectAssignable<RESTPostAPIChatInputApplicationCommandsJSONBody>(ban.toJSON())
expectAssignable<RESTPostAPIChatInputApplicationCommandsJSONBody>(config.contexts('Guild').toJSON())
expectAssignable<RESTPostAPIChatInputApplicationCommandsJSONBody>(ban.toJSON({ scope: 'guild' }))
expectAssignable<RESTPostAPIApplicationGuildCommandsJSONBody>(config.toJSON({ scope: 'guild' }))
expectAssignable<RESTPostAPIContextMenuApplicationCommandsJSONBody>(profile.toJSON())
expectAssignable<RESTPostAPIContextMenuApplicationCommandsJSONBody>(report.toJSON())
expectAssignable<RESTPostAPIApplicationGuildCommandsJSONBody>(user('Show profile').toJSON({ scope: 'guild' }))
expectAssignable<RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody>(launch.toJSON())
expectAssignable<RESTPutAPIApplicationCommandsJSONBody>(commands(ban, config, profile, report, launch).toJSON())
expectAssignable<RESTPutAPIApplicationGuildCommandsJSONBody>(commands(ban, config, user('Show profile')).toJSON({ scope: 'guild' }))
expectAssignable<RESTPutAPIApplicationGuildCommandsJSONBody>(commands(ban.contexts('Guild').integrationTypes('GuildInstall'), profile).toJSON({ scope: 'guild' }))
// A guild body has no global-only field.
expectType<false>(null! as 'contexts' | 'integration_types' | 'dm_permission' extends keyof ReturnType<typeof ban.toJSON<'guild'>> ? true : false)
