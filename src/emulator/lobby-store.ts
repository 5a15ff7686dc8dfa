/**
 * The emulator's lobby store: the lobbies of each application, their members and
 * idle shutdown ("Lobby endpoints", "States and transitions"), and the endpoints of
 * the spec on them; the endpoints of lobbies.ts act on it too. The route table
 * (endpoints.ts) has a row for each.
 */
import { isSnowflake, limits, validateLobby, validateLobbyMember, type CreateLobbyJSON, type EditLobbyJSON, type LobbyMemberJSON, type PutLobbyMemberJSON } from '../internal.js'
import type { Apps } from './auth.js'
import { invalidBody, json } from './errors.js'
import type { EmulatorReply } from './http.js'
import type { LobbyCaller } from './lobbies.js'
import { copy, memberMap, presentLobby, presentMember, type Snowflakes, type StoredLobby } from './model.js'
import { issue, refused, type Credential } from './routes.js'

const nothing = (): EmulatorReply => ({ status: 204, headers: {}, body: '' })

export class LobbyStore {
  lobbies = new Map<string, StoredLobby>()
  // Without configured applications, a caller's token stands for an application with
  // no id; the OpenAPI's LobbyResponse requires application_id, so each such owner is
  // given a snowflake of its own, the same for every lobby it makes.
  private readonly unconfigured = new Map<string, string>()

  constructor(
    private readonly now: () => number,
    private readonly ids: Snowflakes,
    private readonly apps: Apps,
  ) {}

  /** Forgets every lobby. */
  clear(): void {
    this.lobbies = new Map()
  }

  /** The application id of `owner`: its own id, or one given to an owner known only by its token. */
  private applicationOf(owner: string): string {
    if (this.apps !== undefined || isSnowflake(owner)) return owner
    let id = this.unconfigured.get(owner)
    if (id === undefined) this.unconfigured.set(owner, (id = this.ids.next()))
    return id
  }

  /** "Lobby": shut down after idle_timeout_seconds without a change (how idleness is judged is not shown). */
  sweep(): void {
    const now = this.now()
    for (const [id, l] of this.lobbies) if (l.idleTimeout !== undefined && now - l.touched >= l.idleTimeout * 1000) this.lobbies.delete(id)
  }

  /** The lobby `id` of `owner`, if it is there: another application's lobby is not there for this one. */
  own(owner: string, id: string | undefined): StoredLobby | undefined {
    this.sweep()
    const found = id === undefined ? undefined : this.lobbies.get(id)
    return found !== undefined && found.owner === owner ? found : undefined
  }

  /** Who a lobby request acts for (`@me`): the bot (the application id), or a Bearer token's user. */
  caller(owner: string, who: Credential): LobbyCaller {
    const app = this.apps?.get(owner)
    // Without applications, a Bearer token of digits acts for that user id; anything else for user 0.
    const me = app === undefined ? (who.kind === 'Bearer' && isSnowflake(who.token) ? who.token : '0') : who.kind === 'Bearer' ? (app.bearerUsers?.[who.token] ?? app.id) : app.id
    return { owner, applicationId: this.applicationOf(owner), me, bearer: who.kind === 'Bearer', now: this.now(), ids: this.ids, lobbies: this.lobbies }
  }

  /** POST /lobbies: "Lobby endpoints" 2, members of a new lobby are added on creation. */
  create(owner: string, body: unknown): EmulatorReply {
    this.sweep()
    const no = refused(validateLobby(body))
    if (no !== undefined) return no
    const b = body as CreateLobbyJSON
    const created: StoredLobby = {
      id: this.ids.next(),
      owner,
      applicationId: this.applicationOf(owner),
      metadata: copy(b.metadata ?? null),
      members: memberMap(b.members ?? undefined),
      idleTimeout: b.idle_timeout_seconds ?? undefined,
      touched: this.now(),
      flags: b.flags ?? 0,
      webhookUrl: b.override_event_webhooks_url ?? undefined,
    }
    this.lobbies.set(created.id, created)
    // The spec shows no status; the OpenAPI's `create_lobby` answers 201.
    return json(201, presentLobby(created))
  }

  /** PATCH /lobbies/{lobby} ("States and transitions"): metadata overwrites; members replace the list. */
  edit(l: StoredLobby, body: unknown): EmulatorReply {
    const no = refused(validateLobby(body))
    if (no !== undefined) return no
    const b = body as EditLobbyJSON
    if (b.metadata !== undefined) l.metadata = copy(b.metadata)
    if (b.members !== undefined && b.members !== null) l.members = memberMap(b.members)
    if (b.idle_timeout_seconds !== undefined && b.idle_timeout_seconds !== null) l.idleTimeout = b.idle_timeout_seconds
    if (b.flags !== undefined && b.flags !== null) l.flags = b.flags
    if (b.override_event_webhooks_url !== undefined) l.webhookUrl = b.override_event_webhooks_url ?? undefined
    l.touched = this.now()
    return json(200, presentLobby(l))
  }

  /** DELETE /lobbies/{lobby}: "safe if the lobby is already deleted". */
  remove(l: StoredLobby | undefined): EmulatorReply {
    if (l !== undefined) this.lobbies.delete(l.id)
    return nothing()
  }

  /** PUT /lobbies/{lobby}/members/{user}: adding a member already there updates its fields instead ("States and transitions"). */
  putMember(l: StoredLobby, user: string, body: unknown): EmulatorReply {
    const no = refused(validateLobbyMember(body))
    if (no !== undefined) return no
    const b = copy(body) as PutLobbyMemberJSON
    // "Limits": a lobby holds at most 25 members; a PUT cannot add a 26th.
    if (!l.members.has(user) && l.members.size >= limits.LOBBY_MEMBERS_MAX)
      return invalidBody([issue('lobby.members', ['members'], `members would be ${l.members.size + 1}; a lobby holds at most ${limits.LOBBY_MEMBERS_MAX}`)])
    const member: LobbyMemberJSON = { ...(l.members.get(user) ?? { id: user }) }
    if (b.metadata !== undefined) member.metadata = b.metadata
    if (b.flags !== undefined) member.flags = b.flags
    if (b.additional_name !== undefined) member.additional_name = b.additional_name
    l.members.set(user, member)
    l.touched = this.now()
    return json(200, presentMember(member))
  }

  /** DELETE /lobbies/{lobby}/members/{user}: "safe if the user is no longer a member; fails if the lobby does not exist". */
  removeMember(l: StoredLobby, user: string): EmulatorReply {
    if (l.members.delete(user)) l.touched = this.now()
    return nothing()
  }
}
