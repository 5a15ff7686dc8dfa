/**
 * Permissions (layer 5): permission flags by name, the @everyone and all-channels
 * constants, overwrite lists for the permissions PUT, and `canUse`, "who can use
 * this command here". Spec: "Guild application command permissions", "Application
 * command permission", "Command permission endpoints". docs/permissions.md.
 */
export { permissions, permissionNames, hasPermissions, toBits, ADMINISTRATORS_ONLY, type PermissionArg, type CheckPermissions } from './flags.js'
export { everyoneId, allChannelsId, canonicalId } from './snowflake.js'
export { overwrites, validateOverwrites, type Overwrites } from './overwrites.js'
export {
  canUse,
  type CanUseInput,
  type CanUseResult,
  type CanUseReason,
  type CommandAccess,
  type MemberAccess,
  type ChannelAccess,
  type ContextArg,
} from './can-use.js'
export { parsePermissionsUpdate, safeParsePermissionsUpdate } from './update.js'
