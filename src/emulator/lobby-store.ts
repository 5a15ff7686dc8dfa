/**
 * The emulator's lobby store: the lobbies of each application, their members and
 * idle shutdown ("Lobby endpoints", "States and transitions"); the routes of
 * lobbies.ts act on it.
 */
import { isSnowflake, limits, validateLobby, validateLobbyMember, type CreateLobbyJSON, type EditLobbyJSON, type LobbyMemberJSON, type PutLobbyMemberJSON } from '../internal.js'
import type { Apps, Credential } from './auth.js'
import { invalidBody, json } from './errors.js'
import type { EmulatorReply } from './http.js'
import { createOrJoin, LOBBY_ROUTES, lobbyAction, unknownLobby, type LobbyCaller } from './lobbies.js'
import { copy, memberMap, presentLobby, presentMember, type Snowflakes, type StoredLobby } from './model.js'
import { issue, refused, type Route } from './routes.js'

export class LobbyStore {
  lobbies = new Map<string, StoredLobby>()

  constructor(
    private readonly now: () => number,
    private readonly ids: Snowflakes,
    private readonly apps: Apps,
  ) {}

  /** Forgets every lobby. */
  clear(): void {
    this.lobbies = new Map()
  }

  /** "Lobby": shut down after idle_timeout_seconds without a change (how idleness is judged is not shown). */
  sweep(): void {
    const now = this.now()
    for (const [id, l] of this.lobbies) if (l.idleTimeout !== undefined && now - l.touched >= l.idleTimeout * 1000) this.lobbies.delete(id)
  }

  /** Who a lobby request acts for (`@me`): the bot (the application id), or a Bearer token's user. */
  private caller(owner: string, who: Credential): LobbyCaller {
    const app = this.apps?.get(owner)
    // Without applications, a Bearer token of digits acts for that user id; anything else for user 0.
    const me = app === undefined ? (who.kind === 'Bearer' && isSnowflake(who.token) ? who.token : '0') : who.kind === 'Bearer' ? (app.bearerUsers?.[who.token] ?? app.id) : app.id
    return { owner, applicationId: this.apps === undefined ? undefined : owner, me, bearer: who.kind === 'Bearer', now: this.now(), ids: this.ids, lobbies: this.lobbies }
  }

  lobby(route: Route, owner: string, body: unknown, who: Credential, query: Map<string, string>): EmulatorReply {
    this.sweep()
    const found = route.lobby === undefined ? undefined : this.lobbies.get(route.lobby)
    // Another application's lobby is not there for this one.
    const l = found !== undefined && found.owner === owner ? found : undefined
    const unknown = unknownLobby
    const nothing: EmulatorReply = { status: 204, headers: {}, body: '' }
    if (route.action === 'lobby.join') return createOrJoin(this.caller(owner, who), body)
    if (LOBBY_ROUTES.some(([, methods]) => Object.values(methods).includes(route.action)))
      return l === undefined ? unknown() : lobbyAction(route.action, l, this.caller(owner, who), body, route, query)
    switch (route.action) {
      case 'lobby.create': {
        const no = refused(validateLobby(body))
        if (no !== undefined) return no
        const b = body as CreateLobbyJSON
        const created: StoredLobby = {
          id: this.ids.next(),
          owner,
          applicationId: this.apps === undefined ? undefined : owner,
          metadata: copy(b.metadata ?? null),
          // "Lobby endpoints" 2: members of a new lobby are added on creation.
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
      case 'lobby.get':
        return l === undefined ? unknown() : json(200, presentLobby(l))
      case 'lobby.edit': {
        if (l === undefined) return unknown()
        const no = refused(validateLobby(body))
        if (no !== undefined) return no
        const b = body as EditLobbyJSON
        // "States and transitions": metadata overwrites; members replace the list.
        if (b.metadata !== undefined) l.metadata = copy(b.metadata)
        if (b.members !== undefined && b.members !== null) l.members = memberMap(b.members)
        if (b.idle_timeout_seconds !== undefined && b.idle_timeout_seconds !== null) l.idleTimeout = b.idle_timeout_seconds
        if (b.flags !== undefined && b.flags !== null) l.flags = b.flags
        if (b.override_event_webhooks_url !== undefined) l.webhookUrl = b.override_event_webhooks_url ?? undefined
        l.touched = this.now()
        return json(200, presentLobby(l))
      }
      case 'lobby.delete':
        // "Lobby endpoints": safe if the lobby is already deleted.
        if (l !== undefined) this.lobbies.delete(l.id)
        return nothing
      case 'lobby.member.put': {
        if (l === undefined) return unknown()
        const no = refused(validateLobbyMember(body))
        if (no !== undefined) return no
        const b = copy(body) as PutLobbyMemberJSON
        const user = route.user as string
        // "Limits": a lobby holds at most 25 members; a PUT cannot add a 26th.
        if (!l.members.has(user) && l.members.size >= limits.LOBBY_MEMBERS_MAX)
          return invalidBody([issue('lobby.members', ['members'], `members would be ${l.members.size + 1}; a lobby holds at most ${limits.LOBBY_MEMBERS_MAX}`)])
        // "States and transitions": adding a member already there updates its fields instead.
        const member: LobbyMemberJSON = { ...(l.members.get(user) ?? { id: user }) }
        if (b.metadata !== undefined) member.metadata = b.metadata
        if (b.flags !== undefined) member.flags = b.flags
        if (b.additional_name !== undefined) member.additional_name = b.additional_name
        l.members.set(user, member)
        l.touched = this.now()
        return json(200, presentMember(member))
      }
      default:
        // lobby.member.delete: "safe if the user is no longer a member; fails if the lobby does not exist".
        if (l === undefined) return unknown()
        if (l.members.delete(route.user as string)) l.touched = this.now()
        return nothing
    }
  }
}
