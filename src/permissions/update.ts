/**
 * The Application Command Permissions Update event (spec "Events" 1: fired by the
 * per-command permissions PUT, payload not shown). Public API v10: the gateway
 * dispatch `APPLICATION_COMMAND_PERMISSIONS_UPDATE`, whose payload is the guild
 * application command permissions object: `id` (a command, or the application id
 * for the application-wide defaults), `application_id`, `guild_id`, `permissions`
 * (at most 100 overwrites). Read like an interaction: checked, never trusted.
 */
import type { CommandPermissionJSON, GuildCommandPermissions } from '../wire/commands.js'
import type { PermissionsUpdateEventName } from '../wire/events.js'
import { isObject, isSnowflake } from '../rules/command.js'
import { IssueCollector, ValidationError, type Result } from '../rules/issues.js'
import { guardAlone, resultOf } from '../rules/validate.js'
import { checkOverwriteList } from './overwrites.js'
import { MESSAGES } from '../rules/messages.js'

const EVENT: PermissionsUpdateEventName = 'APPLICATION_COMMAND_PERMISSIONS_UPDATE'
const IDS = ['id', 'application_id', 'guild_id'] as const

/** Reads the payload at the collector's path; a fresh object of the known fields, or undefined with issues. */
function read(c: IssueCollector, payload: unknown): GuildCommandPermissions | undefined {
  if (!isObject(payload)) {
    c.add('value.type', undefined, { expected: 'a guild application command permissions object { id, application_id, guild_id, permissions }' }, payload)
    return undefined
  }
  const before = c.issues.length
  // Each field is read once: a proxy or a getter may answer differently each time.
  const ids = IDS.map((key) => {
    const v = payload[key]
    if (v === undefined) c.add('field.required', key)
    else if (!isSnowflake(v)) c.add('snowflake.format', key, {}, v)
    return v as string
  })
  const list = payload.permissions
  checkOverwriteList(c, list)
  if (c.issues.length > before) return undefined
  const permissions = (list as readonly CommandPermissionJSON[]).map((o): CommandPermissionJSON => ({ id: o.id, type: o.type, permission: o.permission }))
  // The copy is what is returned, so the copy is what must hold.
  const again = new IssueCollector(c.path, 'event', MESSAGES)
  checkOverwriteList(again, permissions)
  if (again.issues.length > 0) {
    c.add('input.unreadable', 'permissions', { detail: 'it changed while it was read' })
    return undefined
  }
  const [id, application_id, guild_id] = ids as [string, string, string]
  return { id, application_id, guild_id, permissions }
}

/**
 * An Application Command Permissions Update, checked: either the event's payload
 * (the guild application command permissions object) or the whole dispatch
 * `{ t: 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', d }`. Returns a fresh object with
 * only the known fields, or every issue. Never throws, whatever it is given.
 *
 * @example
 * const r = safeParsePermissionsUpdate(dispatch)
 * if (r.ok) cache.set(`${r.value.guild_id}/${r.value.id}`, r.value.permissions)
 */
export function safeParsePermissionsUpdate(payload: unknown): Result<GuildCommandPermissions> {
  const c = new IssueCollector([], 'event', MESSAGES)
  let value: GuildCommandPermissions | undefined
  const holder = guardAlone(
    c,
    () => {
      if (isObject(payload) && Object.hasOwn(payload, 't')) {
        if (payload.t !== EVENT) c.add('enum.value', 't', { expected: EVENT }, payload.t)
        c.path.push('d')
        value = read(c, payload.d)
        c.path.pop()
      } else value = read(c, payload)
    },
    // A hostile value: its issue alone, at the root.
    () => new IssueCollector([], 'event', MESSAGES),
  )
  // `read` answers undefined only with an issue.
  return resultOf(holder, value)
}

/**
 * `safeParsePermissionsUpdate` that throws `ValidationError` with every issue
 * instead of returning them.
 *
 * @example
 * const { guild_id, id, permissions } = parsePermissionsUpdate(event)
 */
export function parsePermissionsUpdate(payload: unknown): GuildCommandPermissions {
  const r = safeParsePermissionsUpdate(payload)
  if (!r.ok) throw new ValidationError(r.issues, 'permissions update')
  return r.value
}
