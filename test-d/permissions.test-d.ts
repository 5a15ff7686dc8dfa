/**
 * Types of the permissions layer, against the built declarations: flag names are
 * checked (spec: "Application command" default_member_permissions), the overwrites
 * builder and `canUse` take what the service returns.
 */
import { expectAssignable, expectError, expectType } from 'tsd'
import {
  canUse,
  hasPermissions,
  overwrites,
  permissionNames,
  permissions,
  slash,
  type ApplicationCommand,
  type CanUseReason,
  type EditCommandPermissionsJSON,
  type GuildCommandPermissions,
  type Interaction,
  type PermissionFlagName,
} from '../dist/index.js'

// ---------------------------------------------------------------- flags by name

expectType<`${bigint}`>(permissions('BanMembers', 'KickMembers'))
expectType<`${bigint}`>(permissions())
permissions('ManageGuild', 1n << 5n, '32')
// The result is what default_member_permissions takes.
slash('ban', 'Ban').defaultMemberPermissions(permissions('BanMembers', 'ModerateMembers'))

// ❌ 'BanMember' is not a permission flag name
expectError(permissions('BanMember'))
// ❌ 'banMembers' is not a permission flag name
expectError(permissions('BanMembers', 'banMembers'))
// ❌ 'ADMINISTRATOR' is not a permission flag name
expectError(permissions('ADMINISTRATOR'))
// ❌ '-8' is negative
expectError(permissions('-8'))
// error: Argument of type '8' is not assignable
expectError(permissions(8))
expectType<PermissionFlagName[]>(permissionNames('6'))

// hasPermissions takes what permissions(...) takes: a name checked as it is there.
declare const held: string
declare const heldInGuild: string | undefined
declare const fromJson: string
expectType<boolean>(hasPermissions(held, 'ManageMessages'))
expectType<boolean>(hasPermissions(held, 'BanMembers', 'KickMembers', '8', 8n, permissions('ModerateMembers')))
hasPermissions(held, fromJson)
// ❌ 'ManageMessage' is not a permission flag name
expectError(hasPermissions(held, 'ManageMessage'))
// ❌ '-8' is negative
expectError(hasPermissions(held, '-8'))
// ctx.memberPermissions is undefined outside a guild, which is no bit set.
// error: Argument of type 'string | undefined' is not assignable
expectError(hasPermissions(heldInGuild, 'BanMembers'))

// ---------------------------------------------------------------- overwrites

const list = overwrites('41771983423143937').role('1', true).user('2', false).channel('3', true).everyone(false).allChannels(true)
expectType<EditCommandPermissionsJSON>(list.toJSON())
expectType<GuildCommandPermissions>(list.toGuildPermissions('500', '900'))
// error: Expected 2 arguments
expectError(list.role('1'))
// error: is not assignable to parameter of type 'boolean'
expectError(list.everyone('yes'))
// error: Property 'push' does not exist
expectError(list.push)

// ---------------------------------------------------------------- canUse

declare const command: ApplicationCommand
declare const interaction: Interaction
declare const fetched: GuildCommandPermissions[]
const result = canUse({
  command,
  member: interaction.member,
  guildId: interaction.guild_id,
  applicationId: interaction.application_id,
  channel: { id: '3', type: 11, parent_id: '4', nsfw: false },
  context: 'Guild',
  overwrites: fetched,
})
expectType<boolean>(result.allowed)
expectType<CanUseReason>(result.because)
expectAssignable<CanUseReason>('default_permissions.missing')
// A definition is read too.
canUse({ command: slash('ban', 'Ban'), commandId: '500' })
// error: Type '"Dm"' is not assignable
expectError(canUse({ command, context: 'Dm' }))
// error: Property 'user' is missing
expectError(canUse({ command, member: { roles: [], permissions: '0' } }))
