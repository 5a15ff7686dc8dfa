/**
 * What `deploy` tells besides its diff: the permission overwrites a delete or a
 * rename drops ("States and transitions": deleting or renaming a command
 * permanently deletes all its permissions), and, when it fails after reading,
 * what it had planned and what of it the service holds.
 */
import { CommandType, type ApplicationCommand, type CommandPermissionJSON, type GuildCommandPermissions } from '../internal.js'
import { diffCommands, type CommandDiff, type DeployChange } from './diff.js'

/** Overwrites that exist for a command the deploy deletes or renames: they go with it. */
export interface LostPermissions {
  /** The registered command. */
  readonly id: string
  readonly name: string
  readonly type: CommandType
  /** Whether the command is deleted, or is possibly renamed (a delete paired with a create). */
  readonly because: 'delete' | 'rename'
  /** The guild the overwrites are in. */
  readonly guildId: string
  readonly permissions: readonly CommandPermissionJSON[]
}

/**
 * The registered entry points (PRIMARY_ENTRY_POINT) a global list leaves out: a bulk
 * overwrite may not drop one (public API v10: 400, code 50240), so deploy keeps it.
 */
export function keptEntryPoints(registered: readonly ApplicationCommand[], wanted: readonly unknown[]): ApplicationCommand[] {
  const entry = (c: unknown): boolean => (c as { type?: unknown } | null)?.type === CommandType.PrimaryEntryPoint
  return wanted.some(entry) ? [] : registered.filter(entry)
}

/** The overwrites of `lists` that belong to commands the diff deletes. */
export function lostPermissions(diff: CommandDiff, lists: readonly GuildCommandPermissions[]): LostPermissions[] {
  const renamed = new Set(diff.renames.map((r) => r.id))
  const out: LostPermissions[] = []
  for (const c of diff.changes) {
    if (c.action !== 'delete') continue
    for (const list of lists)
      if (list.id === c.id && list.permissions.length > 0)
        out.push({ id: c.id, name: c.name, type: c.type, because: renamed.has(c.id) ? 'rename' : 'delete', guildId: list.guild_id, permissions: list.permissions })
  }
  return out
}

/**
 * The changes of a plan that the service holds now: a create or an update whose
 * command reads back as wanted, a delete whose command is gone.
 */
export function appliedChanges(plan: CommandDiff, now: readonly ApplicationCommand[], wanted: readonly unknown[]): DeployChange[] {
  const after = diffCommands(now, wanted)
  const settled = new Set(after.changes.filter((c) => c.action === 'unchanged').map((c) => `${c.type}\u0000${c.name}`))
  const present = new Set(now.map((c) => c.id))
  return plan.changes.filter((c) => (c.action === 'delete' ? !present.has(c.id as string) : c.action !== 'unchanged' && settled.has(`${c.type}\u0000${c.name}`)))
}

/** Thrown when a deploy fails after it has read what is registered: its plan, and what of it was applied. */
export class DeployError extends Error {
  override readonly name = 'DeployError'
  /** The diff the deploy was applying, with the overwrites it would drop. */
  readonly plan: CommandDiff & { readonly permissionsLost: readonly LostPermissions[] }
  /**
   * The changes of the plan the service holds, read back after the failure (a
   * bulk overwrite is all or nothing: all of them, or none); `undefined` when
   * reading back failed too.
   */
  readonly applied: readonly DeployChange[] | undefined

  constructor(plan: DeployError['plan'], applied: readonly DeployChange[] | undefined, cause: unknown) {
    const total = plan.changes.filter((c) => c.action !== 'unchanged').length
    const done = applied === undefined ? 'unknown (reading back failed too)' : `${applied.length} of ${total}`
    super(`deploy failed while applying ${total} change${total === 1 ? '' : 's'}: ${(cause as { message?: unknown })?.message ?? String(cause)}; applied: ${done}`, { cause })
    this.plan = plan
    this.applied = applied
  }
}
