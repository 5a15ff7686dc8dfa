/**
 * The emulator's command store: the commands of each application, global and per
 * guild, and their permission overwrites, with the effects of "Command endpoints",
 * "Command permission endpoints" and "States and transitions".
 */
import {
  CommandType,
  EntryPointHandler,
  PER_TYPE_MAX,
  localizedView,
  negotiateLocale,
  toCreateBody,
  validateCommand,
  validateCommands,
  validateOverwrites,
  type CommandPermissionJSON,
  type GuildCommandPermissions,
  type Issue,
  type Result,
} from '../internal.js'
import type { Apps } from './auth.js'
import { ErrorCode, fail, invalidBody, json } from './errors.js'
import type { EventHub } from './events.js'
import type { EmulatorReply } from './http.js'
import type { RateLimiter } from './rate-limits.js'
import { copy, present, presentPermissions, sameBody, typeOf, type GuildPermissions, type Snowflakes, type StoredCommand } from './model.js'
import { issue, refused } from './routes.js'

export type Scope = 'global' | 'guild'

export const unknownCommand = (): EmulatorReply => fail(404, ErrorCode.UnknownCommand, 'Unknown application command')

export class CommandStore {
  /** Commands by `${app}/${guild or ''}`, in registration order. */
  commands = new Map<string, StoredCommand[]>()
  /** Permission overwrites by `${app}/${guild}`. */
  permissions = new Map<string, GuildPermissions>()

  constructor(
    private readonly ids: Snowflakes,
    private readonly limiter: RateLimiter,
    private readonly apps: Apps,
    private readonly events: EventHub,
  ) {}

  /** Forgets every command and overwrite, then registers the Activities' entry points. */
  clear(): void {
    this.commands = new Map()
    this.permissions = new Map()
    // "Other command rules" 3: enabling Activities creates an entry point named Launch with handler 2.
    for (const app of this.apps?.values() ?? [])
      if (app.embedded === true)
        this.commands.set(`${app.id}/`, [
          {
            id: this.ids.next(),
            applicationId: app.id,
            guildId: undefined,
            version: this.ids.next(),
            body: { type: CommandType.PrimaryEntryPoint, name: 'Launch', handler: EntryPointHandler.DiscordLaunchActivity },
          },
        ])
  }

  private scopeList(app: string, guild: string | undefined): StoredCommand[] {
    const key = `${app}/${guild ?? ''}`
    let list = this.commands.get(key)
    if (list === undefined) this.commands.set(key, (list = []))
    return list
  }

  findCommand(app: string, guild: string | undefined, id: string): StoredCommand | undefined {
    return this.commands.get(`${app}/${guild ?? ''}`)?.find((c) => c.id === id)
  }

  /**
   * GET-all ("Command endpoints", rule 5; "Other command rules" 7): the requester's
   * locale from X-Service-Locale (or the public API's X-Discord-Locale), then Accept-Language, as `name_localized` and
   * `description_localized`; with `with_localizations=true` the full dictionaries.
   */
  listCommands(app: string, guild: string | undefined, query: ReadonlyMap<string, string>, headers: Readonly<Record<string, string>>): EmulatorReply {
    const full = query.get('with_localizations') === 'true'
    // The spec's X-Service-Locale first; the public API v10 reads X-Discord-Locale, taken in its place.
    const real = headers['x-discord-locale']
    const locale = negotiateLocale({ headers: headers['x-service-locale'] === undefined && real !== undefined ? { ...headers, 'x-service-locale': real } : headers })
    const list = (this.commands.get(`${app}/${guild ?? ''}`) ?? []).map((c) => localizedView(present(c), locale, { withLocalizations: full }))
    return json(200, list)
  }

  /** Refuses what the rules refuse, and a handler for an application without an Activity ("Application command" handler). */
  private checkCommand(app: string, result: Result<unknown>, bodies: readonly unknown[], base: (i: number) => Issue['path']): EmulatorReply | undefined {
    const no = refused(result)
    if (no !== undefined) return no
    const known = this.apps?.get(app)
    if (this.apps === undefined || known?.embedded === true) return undefined
    const issues = bodies.flatMap((b, i) =>
      (b as Record<string, unknown>).handler === undefined
        ? []
        : [issue('field.not_allowed', [...base(i), 'handler'], `${[...base(i), 'handler'].join('.')} is settable only for applications that have an Activity (the embedded flag)`)],
    )
    return issues.length === 0 ? undefined : invalidBody(issues)
  }

  /** "Errors": create with a used name is an upsert, 200; a new command is 201. "Limits": counts per type, daily creates. */
  createCommand(app: string, guild: string | undefined, scope: Scope, body: unknown): EmulatorReply {
    const no = this.checkCommand(app, validateCommand(body, { scope }), [body], () => [])
    if (no !== undefined) return no
    // Stored as the create body: `null` on a nullable field is absent (docs/spec-notes.md).
    const b = toCreateBody(copy(body)) as Record<string, unknown>
    const list = this.scopeList(app, guild)
    const type = typeOf(b)
    const existing = list.find((c) => typeOf(c.body) === type && c.body.name === b.name)
    if (existing !== undefined) {
      // "States and transitions": the existing command is overwritten.
      if (!sameBody(existing.body, b)) existing.version = this.ids.next()
      existing.body = b
      return json(200, present(existing))
    }
    const max = PER_TYPE_MAX[type] as number
    if (list.filter((c) => typeOf(c.body) === type).length >= max) return fail(400, ErrorCode.MaxCommands, `Maximum number of application commands reached (${max})`)
    const daily = this.dailyCreates(app, guild, 1)
    if (daily !== undefined) return daily
    const id = this.ids.next()
    const stored: StoredCommand = { id, applicationId: app, guildId: guild, version: this.ids.next(), body: b }
    list.push(stored)
    return json(201, present(stored))
  }

  /** "Limits": 200 creates per day per scope; a bulk overwrite counts the commands it creates (rate-limits.ts). */
  private dailyCreates(app: string, guild: string | undefined, n: number): EmulatorReply | undefined {
    return this.limiter.dailyCreates(app, guild, n)
  }

  /** "States and transitions": each provided field entirely overwrites that field; renaming deletes the permissions. */
  editCommand(app: string, guild: string | undefined, scope: Scope, id: string, patch: unknown): EmulatorReply {
    const c = this.findCommand(app, guild, id)
    if (c === undefined) return unknownCommand()
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return invalidBody(validateCommand(patch).issues ?? [])
    const own: Issue[] = []
    // The type is fixed at creation; `id` and the other response fields are refused by the rules below.
    if (Object.hasOwn(patch, 'type')) own.push(issue('field.unknown', ['type'], 'type is not a field of a command edit body: a command keeps its type'))
    // Checked before anything is copied: a body nested too deep to copy is a 400, not a 500.
    const shallow: Record<string, unknown> = { ...c.body, ...(patch as Record<string, unknown>) }
    shallow.type = c.body.type
    if (c.body.type === undefined) delete shallow.type
    // A guild command a bulk overwrite gave contexts keeps them; only an edit that sends
    // a global-only field is refused ("Edit body (guild)", "Bulk guild body").
    const kept = (validateCommand(shallow, { scope }).issues ?? []).filter((i) => i.code !== 'scope.global_only' || Object.hasOwn(patch, i.path[0] as string))
    const result: Result<unknown> = kept.length === 0 ? { ok: true, value: shallow } : { ok: false, issues: kept }
    const issues = [...own, ...kept]
    if (issues.length > 0) return invalidBody(issues)
    const no = this.checkCommand(app, result, [patch], () => [])
    if (no !== undefined) return no
    const merged = toCreateBody(copy(shallow)) as Record<string, unknown>
    const renamed = merged.name !== c.body.name
    if (renamed && this.scopeList(app, guild).some((o) => o !== c && typeOf(o.body) === typeOf(merged) && o.body.name === merged.name))
      return invalidBody([
        issue('set.duplicate_name', ['name'], `name is ${JSON.stringify(merged.name)}, the name of another command of this type; names are unique per type in one scope`),
      ])
    if (!sameBody(c.body, merged)) c.version = this.ids.next()
    c.body = merged
    if (renamed) this.dropPermissions(app, c.id)
    return json(200, present(c))
  }

  /** "Command endpoints" DELETE: 204; "States and transitions": its permissions go too. */
  deleteCommand(app: string, guild: string | undefined, id: string): EmulatorReply {
    const list = this.commands.get(`${app}/${guild ?? ''}`)
    const at = list?.findIndex((c) => c.id === id) ?? -1
    if (list === undefined || at < 0) return unknownCommand()
    list.splice(at, 1)
    this.dropPermissions(app, id)
    return { status: 204, headers: {}, body: '' }
  }

  /**
   * "Command endpoints" rule 3: the list replaces every command of that scope, all
   * types. A command matched by `id`, or else by type and name, keeps its id (and
   * its permissions unless renamed); the others are deleted with their permissions.
   */
  bulkOverwrite(app: string, guild: string | undefined, scope: Scope, body: unknown): EmulatorReply {
    const result = validateCommands(body, { scope })
    const no = this.checkCommand(app, result, Array.isArray(body) ? body : [], (i) => [i])
    if (no !== undefined) return no
    const old = this.scopeList(app, guild)
    const used = new Set<StoredCommand>()
    const plan = (copy(body) as Record<string, unknown>[]).map((element) => {
      const { id, ...rest } = element
      const b = toCreateBody(rest) as Record<string, unknown>
      // An id names the command it had; one of another type is not that command (a
      // command keeps its type), so the element is matched by type and name instead.
      let match = typeof id === 'string' ? old.find((c) => c.id === id && !used.has(c) && typeOf(c.body) === typeOf(b)) : undefined
      match ??= old.find((c) => !used.has(c) && typeOf(c.body) === typeOf(b) && c.body.name === b.name)
      if (match !== undefined) used.add(match)
      return { match, body: b }
    })
    // Public API v10: a bulk overwrite may not drop the app's entry point (400, code 50240); the spec's rule 3 lists chat-input, user and message.
    const entry = (t: number): boolean => t === CommandType.PrimaryEntryPoint
    if (old.some((c) => entry(typeOf(c.body))) && !plan.some((p) => entry(typeOf(p.body))))
      return fail(
        400,
        ErrorCode.EntryPointBulkRemove,
        "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
      )
    const daily = this.dailyCreates(app, guild, plan.filter((p) => p.match === undefined).length)
    if (daily !== undefined) return daily
    for (const c of old) if (!used.has(c)) this.dropPermissions(app, c.id)
    const next = plan.map(({ match, body: b }): StoredCommand => {
      if (match === undefined) return { id: this.ids.next(), applicationId: app, guildId: guild, version: this.ids.next(), body: b }
      if (match.body.name !== b.name) this.dropPermissions(app, match.id)
      if (!sameBody(match.body, b)) match.version = this.ids.next()
      match.body = b
      return match
    })
    this.commands.set(`${app}/${guild ?? ''}`, next)
    return json(200, next.map(present))
  }

  /** GET .../guilds/{guild}/commands/permissions: the overwrites of every command (and the application) in the guild. */
  listPermissions(app: string, guild: string): GuildCommandPermissions[] {
    return [...(this.permissions.get(`${app}/${guild}`) ?? new Map<string, CommandPermissionJSON[]>()).entries()].map(([id, p]) => presentPermissions(app, guild, id, p))
  }

  /** GET .../guilds/{guild}/commands/{command}/permissions; none is 404, code 10066 (public API v10). */
  getPermissions(app: string, guild: string, id: string): EmulatorReply {
    const list = this.permissions.get(`${app}/${guild}`)?.get(id)
    if (list === undefined) return fail(404, ErrorCode.UnknownCommandPermissions, 'Unknown application command permissions')
    return json(200, presentPermissions(app, guild, id, list))
  }

  /** GET a command of a scope; an unknown one is 404, code 10063. */
  getCommand(app: string, guild: string | undefined, id: string): EmulatorReply {
    const c = this.findCommand(app, guild, id)
    return c === undefined ? unknownCommand() : json(200, present(c))
  }

  /** "States and transitions": deleting or renaming a command deletes its permissions, in every guild. */
  private dropPermissions(app: string, id: string): void {
    for (const [key, map] of this.permissions) if (key.startsWith(`${app}/`)) map.delete(id)
  }

  /**
   * "Command permission endpoints" rule 1: the PUT overwrites the command's
   * overwrites in that guild, at most 100. The id is a command of the application
   * (global, or of this guild) or the application id itself.
   */
  putPermissions(app: string, guild: string, id: string, body: unknown): EmulatorReply {
    const no = refused(validateOverwrites(body))
    if (no !== undefined) return no
    if (id !== app && this.findCommand(app, undefined, id) === undefined && this.findCommand(app, guild, id) === undefined) return unknownCommand()
    const key = `${app}/${guild}`
    let map = this.permissions.get(key)
    if (map === undefined) this.permissions.set(key, (map = new Map()))
    const list = copy((body as { permissions: CommandPermissionJSON[] }).permissions)
    map.set(id, list)
    const written = presentPermissions(app, guild, id, list)
    // "Events" 1: the PUT fires Application Command Permissions Update (events.ts).
    this.events.permissionsUpdated(written)
    return json(200, written)
  }
}
