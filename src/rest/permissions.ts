/**
 * The command permission endpoints ("Command permission endpoints"): the reads
 * take the client's token of either kind; the PUT takes only a Bearer token with
 * `applications.commands.permissions.update`, issued for a user who may manage the
 * guild ("Authentication" rule 1: a bot token there is an error).
 */
import { validateOverwrites, type CommandPermissionJSON, type EditCommandPermissionsJSON, type GuildCommandPermissions } from '../internal.js'
import { type DefinitionLike, hasToJSON, type RestCore, valid } from './core.js'

/** Overwrites to put: an `overwrites(guildId)` value, the body `{ permissions }`, or the array. */
export type PermissionsInput = DefinitionLike | EditCommandPermissionsJSON | readonly CommandPermissionJSON[]

/** The command permission endpoints of the client. */
export interface PermissionEndpoints {
  /** GET the permission overwrites of every command in a guild. */
  listPermissions(guildId: string): Promise<GuildCommandPermissions[]>
  /** GET the overwrites of one command (or of the application id: the defaults) in a guild. */
  getPermissions(guildId: string, commandId: string): Promise<GuildCommandPermissions>
  /**
   * PUT the overwrites of one command in a guild (at most 100). Needs a Bearer token
   * with applications.commands.permissions.update ("Authentication"): pass it as
   * `token` when the client holds a bot token, or none.
   */
  putPermissions(guildId: string, commandId: string, permissions: PermissionsInput, options?: { readonly token?: string | undefined }): Promise<GuildCommandPermissions>
}

/** The permission endpoints over a client's core. */
export function permissionEndpoints(core: RestCore): PermissionEndpoints {
  const base = `/applications/${core.app}/guilds`
  const get = <T>(path: string): Promise<T> => core.transport.send<T>('GET', path, core.credential('GET', path, 'any'), {})
  return {
    async listPermissions(guildId) {
      core.ids({ guildId })
      return get(`${base}/${guildId}/commands/permissions`)
    },
    async getPermissions(guildId, commandId) {
      core.ids({ guildId, commandId })
      return get(`${base}/${guildId}/commands/${commandId}/permissions`)
    },
    async putPermissions(guildId, commandId, permissions, options = {}) {
      core.ids({ guildId, commandId })
      const path = `${base}/${guildId}/commands/${commandId}/permissions`
      // "Authentication" rule 1: a bot token here is an error.
      const auth = core.credential('PUT', path, 'Bearer', options.token)
      const json = Array.isArray(permissions) ? { permissions } : hasToJSON(permissions) ? permissions.toJSON() : permissions
      const body = valid(validateOverwrites(json), 'permission overwrites')
      return core.transport.send('PUT', path, auth, auth === core.auth ? { body } : { body, token: auth })
    },
  }
}
