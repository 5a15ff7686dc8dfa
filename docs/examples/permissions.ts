/**
 * Permissions, end to end (docs/permissions.md). Compiled with the rest of the
 * project and run by test/permissions/examples.test.ts, which checks every value
 * the page shows.
 */
import { slash } from '../../src/index.js'
import { ADMINISTRATORS_ONLY, canUse, overwrites, permissions, type MemberAccess } from '../../src/permissions/index.js'

// 1. Default member permissions, by flag name.
export const banPermissions = permissions('BanMembers', 'KickMembers') // '6'
export const ban = slash('ban', 'Ban a member').defaultMemberPermissions(permissions('BanMembers'))
export const purge = slash('purge', 'Delete messages').defaultMemberPermissions(ADMINISTRATORS_ONLY) // '0'

// 2. Overwrites for one guild. Ids are snowflakes; the constants are computed in bigint.
const guildId = '41771983423143937'
const applicationId = '900000000000000001'
const banId = '500000000000000001' // the id the service gave the `ban` command
const moderators = '111111111111111111' // a role
const botSpam = '222222222222222222' // a channel
const general = '333333333333333333'

// Application-wide: commands only in #bot-spam.
export const appWide = overwrites(guildId).allChannels(false).channel(botSpam, true)
// For /ban only: moderators may use it, whatever default_member_permissions says.
export const forBan = overwrites(guildId).role(moderators, true)

// The bodies of PUT .../guilds/{guild.id}/commands/{id}/permissions (a Bearer token is needed):
export const appWideBody = appWide.toJSON() // id: the application id
export const forBanBody = forBan.toJSON() // id: the command id

// What GET .../guilds/{guild.id}/commands/permissions returns after both PUTs:
const fetched = [appWide.toGuildPermissions(applicationId, applicationId), forBan.toGuildPermissions(banId, applicationId)]

// 3. Who can use /ban where.
const member = (roles: string[], permissions: string): MemberAccess => ({ user: { id: '42' }, roles, permissions })
const ask = (who: MemberAccess, channel: string) =>
  canUse({ command: ban, commandId: banId, applicationId, guildId, member: who, channel: { id: channel, type: 0 }, overwrites: fetched })

export const moderatorInBotSpam = ask(member([moderators], '0'), botSpam) // allowed: role.command
export const moderatorInGeneral = ask(member([moderators], '0'), general) // denied: all_channels.application
export const bannerInBotSpam = ask(member([], permissions('BanMembers')), botSpam) // allowed: default_permissions.held
export const memberInBotSpam = ask(member([], '0'), botSpam) // denied: default_permissions.missing
export const adminInGeneral = ask(member([], permissions('Administrator')), general) // allowed: administrator
