/**
 * Gateway events of the application-command API. Spec "Events" 1: the
 * per-command permissions PUT fires Application Command Permissions Update, its
 * payload not shown; public API v10: the event `APPLICATION_COMMAND_PERMISSIONS_UPDATE`
 * whose payload (`d`) is the guild application command permissions object.
 */
import type { GuildCommandPermissions } from './commands.js'

/** The name of the event a per-command permissions PUT fires (public API v10). */
export type PermissionsUpdateEventName = 'APPLICATION_COMMAND_PERMISSIONS_UPDATE'

/**
 * Application Command Permissions Update, as a gateway dispatch names it: `t` the
 * event name, `d` the overwrites of one command (or, with the application id as
 * `id`, the application-wide defaults) in one guild after the PUT.
 */
export interface PermissionsUpdateEvent {
  t: PermissionsUpdateEventName
  d: GuildCommandPermissions
}
