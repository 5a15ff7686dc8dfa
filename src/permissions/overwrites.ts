/**
 * Permission overwrites of one command in one guild (spec: "Guild application
 * command permissions", "Application command permission", "Command permission
 * endpoints"): the body of PUT .../commands/{command.id}/permissions, at most 100
 * overwrites, each for a role, a user or a channel (or the @everyone and
 * all-channels constants).
 */
import type { CommandPermissionJSON, EditCommandPermissionsJSON, GuildCommandPermissions, Snowflake } from '../wire/commands.js'
import { CommandPermissionType } from '../wire/enums.js'
import { isObject, isSnowflake } from '../rules/command.js'
import { IssueCollector, overCap, ValidationError, type Result } from '../rules/issues.js'
import { guard, resultOf } from '../rules/validate.js'
import { PERMISSION_OVERWRITES_MAX } from '../rules/limits.js'
import { allChannelsId, canonicalId, everyoneId } from './snowflake.js'
import { MESSAGES } from '../rules/messages.js'

/**
 * An immutable list of overwrites for one guild. Every method returns a new list;
 * setting the same role, user or channel again replaces its overwrite in place.
 */
export interface Overwrites {
  /** The guild the overwrites apply in (canonical form). */
  readonly guildId: Snowflake
  /** The overwrites so far, in order. */
  readonly entries: readonly CommandPermissionJSON[]
  /** Allows (`true`) or denies (`false`) the command to members with the role (type ROLE = 1). */
  role(id: Snowflake, allow: boolean): Overwrites
  /** Allows or denies the command to one user (type USER = 2). */
  user(id: Snowflake, allow: boolean): Overwrites
  /** Allows or denies the command in a channel and its threads (type CHANNEL = 3). */
  channel(id: Snowflake, allow: boolean): Overwrites
  /** Allows or denies the command to @everyone: a ROLE overwrite whose id is the guild id. */
  everyone(allow: boolean): Overwrites
  /** Allows or denies the command in all channels: a CHANNEL overwrite whose id is the guild id minus 1. */
  allChannels(allow: boolean): Overwrites
  /** The PUT body, or every issue (at most 100 overwrites; snowflake ids). Never throws. */
  validate(): Result<EditCommandPermissionsJSON>
  /** The PUT body (`{ permissions }`), validated; throws `ValidationError` with every issue. */
  toJSON(): EditCommandPermissionsJSON
  /**
   * The object the GET permission endpoints return for `id`: a command id, or the
   * application id for the application-wide defaults (spec: "Guild application
   * command permissions"). What `canUse` reads. Validated like `toJSON`.
   */
  toGuildPermissions(id: Snowflake, applicationId: Snowflake): GuildCommandPermissions
}

class OverwritesImpl implements Overwrites {
  constructor(
    readonly guildId: Snowflake,
    readonly entries: readonly CommandPermissionJSON[],
  ) {
    Object.freeze(this)
  }

  private with(type: 1 | 2 | 3, id: Snowflake, allow: boolean): Overwrites {
    const key = canonicalId(id)
    const entry: CommandPermissionJSON = Object.freeze({ id, type, permission: allow })
    const at = this.entries.findIndex((e) => e.type === type && canonicalId(e.id) === key)
    const next = this.entries.slice()
    if (at >= 0) next[at] = entry
    else next.push(entry)
    return new OverwritesImpl(this.guildId, Object.freeze(next))
  }

  role(id: Snowflake, allow: boolean): Overwrites {
    return this.with(CommandPermissionType.Role, id, allow)
  }
  user(id: Snowflake, allow: boolean): Overwrites {
    return this.with(CommandPermissionType.User, id, allow)
  }
  channel(id: Snowflake, allow: boolean): Overwrites {
    return this.with(CommandPermissionType.Channel, id, allow)
  }
  everyone(allow: boolean): Overwrites {
    return this.with(CommandPermissionType.Role, everyoneId(this.guildId), allow)
  }
  allChannels(allow: boolean): Overwrites {
    return this.with(CommandPermissionType.Channel, allChannelsId(this.guildId), allow)
  }
  validate(): Result<EditCommandPermissionsJSON> {
    return validateOverwrites({ permissions: this.entries.map((e) => ({ ...e })) })
  }
  toJSON(): EditCommandPermissionsJSON {
    const result = this.validate()
    if (!result.ok) throw new ValidationError(result.issues, 'permission overwrites')
    return result.value
  }
  toGuildPermissions(id: Snowflake, applicationId: Snowflake): GuildCommandPermissions {
    const body = this.toJSON()
    const c = new IssueCollector([], '', MESSAGES)
    if (!isSnowflake(id)) c.add('snowflake.format', 'id', {}, id)
    if (!isSnowflake(applicationId)) c.add('snowflake.format', 'application_id', {}, applicationId)
    if (c.issues.length > 0) throw new ValidationError(c.issues, 'guild command permissions')
    return { id, application_id: applicationId, guild_id: this.guildId, permissions: body.permissions }
  }
}

/**
 * Overwrites for one command (or, with the application id, for all commands
 * without their own) in the guild `guildId`. Emits the body of
 * PUT /applications/{application.id}/guilds/{guild.id}/commands/{command.id}/permissions,
 * which needs a Bearer token ("Authentication").
 *
 * @example
 * const body = overwrites(guildId)
 *   .everyone(false) // nobody by default...
 *   .role(moderators, true) // ...but moderators
 *   .channel(botSpam, true)
 *   .toJSON() // { permissions: [...] }
 */
export function overwrites(guildId: Snowflake): Overwrites {
  return new OverwritesImpl(everyoneId(guildId), Object.freeze([]))
}

const PERMISSION_TYPES: ReadonlySet<unknown> = new Set([1, 2, 3])
const FIELDS = 'id, type, permission'

/**
 * Checks the body of a permissions PUT from any source: `{ permissions }`, an array
 * of at most 100 overwrites (`permissions.too_many`), each `{ id, type, permission }`
 * with a snowflake id, a type of 1 (ROLE), 2 (USER) or 3 (CHANNEL) and a boolean.
 * Never throws.
 */
export function validateOverwrites(json: unknown): Result<EditCommandPermissionsJSON> {
  const c = new IssueCollector([], 'body', MESSAGES)
  guard(c, () => checkOverwrites(c, json))
  return resultOf(c, json)
}

function checkOverwrites(c: IssueCollector, json: unknown): void {
  if (!isObject(json)) {
    c.add('value.type', undefined, { expected: 'an object { permissions: [...] }' }, json)
    return
  }
  for (const key of Object.keys(json)) if (key !== 'permissions') c.add('field.unknown', key, { on: 'a permissions body (permissions)' })
  checkOverwriteList(c, json.permissions)
}

/**
 * The `permissions` list of an object at the collector's path: an array of at most
 * 100 overwrites `{ id, type, permission }` (the PUT body's, and the permissions
 * update event's).
 */
export function checkOverwriteList(c: IssueCollector, list: unknown): void {
  if (list === undefined) c.add('field.required', 'permissions')
  else if (!Array.isArray(list)) c.add('value.type', 'permissions', { expected: 'an array of permission overwrites' }, list)
  else {
    // A longer list is refused whatever it holds, and not read (src/rules/bounds.ts);
    // its length is read once, as a proxy may answer differently each time.
    const n = list.length
    if (overCap(c, 'permissions.too_many', 'permissions', n, PERMISSION_OVERWRITES_MAX, 'overwrites')) return
    c.path.push('permissions')
    for (let i = 0; i < n; i++) {
      const o: unknown = list[i]
      c.path.push(i)
      if (!isObject(o)) c.add('value.type', undefined, { expected: `an overwrite object { ${FIELDS} }` }, o)
      else {
        for (const key of Object.keys(o)) if (key !== 'id' && key !== 'type' && key !== 'permission') c.add('field.unknown', key, { on: `a permission overwrite (${FIELDS})` })
        if (o.id === undefined) c.add('field.required', 'id')
        else if (!isSnowflake(o.id)) c.add('snowflake.format', 'id', {}, o.id)
        if (o.type === undefined) c.add('field.required', 'type')
        else if (!PERMISSION_TYPES.has(o.type)) c.add('enum.value', 'type', { expected: '1 (ROLE), 2 (USER), 3 (CHANNEL)' }, o.type)
        if (o.permission === undefined) c.add('field.required', 'permission')
        else if (typeof o.permission !== 'boolean') c.add('value.type', 'permission', { expected: 'a boolean: true allows, false denies' }, o.permission)
      }
      c.path.pop()
    }
    c.path.pop()
  }
}
