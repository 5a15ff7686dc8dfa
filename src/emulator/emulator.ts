/**
 * `createEmulator`: the service's HTTP interface (spec: "Endpoints",
 * "Authentication", "Errors", "Limits", "Versioning") in memory, as a
 * `fetch`-compatible function. No sockets and no Node APIs: `startEmulator`
 * (server.ts) serves the same `handle` on loopback. Routing is in routes.ts,
 * authentication in auth.ts, the stores in command-store.ts and lobby-store.ts.
 */
import type { ApplicationCommand, GuildCommandPermissions, Lobby } from '../internal.js'
import { authorize, credential, limitedUser, requester, type Apps, type Credential, type EmulatorApplication } from './auth.js'
import { CommandStore, unknownCommand } from './command-store.js'
import { ErrorCode, fail, json, methodNotAllowed, notFound } from './errors.js'
import { readFetchArguments, toResponse, type EmulatorReply, type EmulatorRequest, type EmulatorResponse, type RequestLike } from './http.js'
import { RateLimiter, USER_LIMITS, type RateLimitOptions } from './limits.js'
import { LOBBY_BODY_ACTIONS } from './lobbies.js'
import { LobbyStore } from './lobby-store.js'
import { InteractionRegistry, type EmulatorInteractions } from './interactions.js'
import { EventHub, type EmulatorEvents } from './events.js'
import { Invoker, type InvokeInput, type InvokeResult, type PickerEntry, type PickerInput } from './invoke/invoke.js'
import { present, presentLobby, presentPermissions, Snowflakes } from './model.js'
import { API_ROOT, match, parseBody, parseUrl, type Route } from './routes.js'

export type { EmulatorApplication } from './auth.js'

/** Options of `createEmulator`. */
export interface EmulatorOptions {
  /**
   * The applications and their tokens. Without it the emulator accepts any
   * `Bot` or `Bearer` token for any application, a Bearer token holding every
   * scope, and any application may set an entry point's handler.
   */
  readonly applications?: readonly EmulatorApplication[]
  /** The clock, in epoch milliseconds: rate limits, lobby idle time, snowflakes. Default `Date.now`. */
  readonly now?: () => number
  /** Rate limits; the defaults are those of "Limits". */
  readonly rateLimits?: RateLimitOptions
}

/** A request the emulator answered, in order (the last 1000). */
export interface RequestRecord {
  readonly method: string
  /** The path after `/api/v10`, with its query. */
  readonly path: string
  readonly status: number
}

/** Read-only views of the emulator's state; every call returns fresh copies. */
export interface EmulatorState {
  /** The commands of an application, global or in one guild, in registration order. */
  commands(applicationId: string, guildId?: string): ApplicationCommand[]
  /** The permission overwrites of an application in one guild. */
  permissions(applicationId: string, guildId: string): GuildCommandPermissions[]
  /** Every lobby that has not been deleted or shut down for idleness. */
  lobbies(): Lobby[]
}

/** The emulator: a `fetch` for the client, its state, and a reset. */
export interface Emulator {
  /** A base address for the in-process `fetch` (any host is accepted; the path must start with `/api/v10`). */
  readonly baseUrl: string
  /**
   * Answers a request as the service would, with no socket: usable as the client's
   * `fetch`. Takes what `fetch` takes: a URL (absolute, or a path) and an init, or a
   * `Request`. Never rejects for anything the request holds.
   */
  fetch(input: string | { readonly href: string } | RequestLike, init?: RequestLike): Promise<EmulatorResponse>
  /** The same, without `Request`/`Response` objects: what the loopback server calls. */
  handle(request: EmulatorRequest): EmulatorReply
  readonly state: EmulatorState
  /** The requests answered so far (the last 1000), oldest first. */
  readonly requests: readonly RequestRecord[]
  /** Open interactions, answer them, and read their transcripts (docs/emulator.md, "Interactions"). */
  readonly interactions: EmulatorInteractions
  /** The gateway events it fires (Application Command Permissions Update), to subscribers in the process (docs/emulator.md, "Events"). */
  readonly events: EmulatorEvents
  /** Forgets every command, permission, lobby, counter, logged request and fired event (subscribers stay). */
  reset(): void
  /**
   * Plays a user invoking a command: resolves the line as the client does, refuses
   * what the user may not see or use (with the reason), signs the interaction and
   * delivers it to the app's endpoint. docs/emulator.md, "Invoking commands".
   *
   * @example
   * const r = await emulator.invoke({ applicationId: '1', endpoint: handler, user: { id: '10' }, place: { guild: { id: '20' } }, command: '/ping' })
   * if (r.outcome === 'answered') console.log(r.callback)
   */
  invoke(input: InvokeInput): Promise<InvokeResult>
  /**
   * The public key (hex) of the key pair the emulator signs an application's
   * interactions with: what the app gives `createHandler({ publicKey })`.
   *
   * @example
   * const handler = createHandler({ publicKey: await emulator.publicKey('1'), app, handlers })
   */
  publicKey(applicationId: string): Promise<string>
  /**
   * The CHAT_INPUT commands the client's picker lists for a user in a place, as
   * shown in the user's locale, each with `canUse`'s verdict (those not allowed
   * are hidden by the client).
   *
   * @example
   * const shown = emulator.picker({ applicationId: '1', user: { id: '10' }, place: { guild: { id: '20' } } }).filter((c) => c.access.allowed)
   */
  picker(input: PickerInput): PickerEntry[]
}

const LOG_MAX = 1000

type Scope = 'global' | 'guild'

class EmulatorImpl implements Emulator {
  readonly baseUrl = `http://emulator.invalid${API_ROOT}`
  readonly requests: RequestRecord[] = []
  readonly state: EmulatorState
  /** Bound, so that `{ fetch: emulator.fetch }` works. */
  readonly fetch = async (input: string | { readonly href: string } | RequestLike, init?: RequestLike): Promise<EmulatorResponse> =>
    toResponse(this.handle(await readFetchArguments(input, init)))
  private readonly now: () => number
  private readonly ids: Snowflakes
  private readonly limiter: RateLimiter
  private readonly apps: Apps
  /** Commands and their permission overwrites (command-store.ts). */
  private readonly commands: CommandStore
  /** Lobbies and their members (lobby-store.ts). */
  private readonly lobbies: LobbyStore
  private readonly invoker: Invoker
  readonly interactions: InteractionRegistry
  readonly events = new EventHub()

  constructor(options: EmulatorOptions) {
    this.now = options.now ?? Date.now
    this.ids = new Snowflakes(this.now)
    this.interactions = new InteractionRegistry(this.now, this.ids)
    this.apps = options.applications === undefined ? undefined : new Map(options.applications.map((a) => [a.id, a]))
    this.limiter = new RateLimiter(options.rateLimits ?? {}, this.now)
    this.commands = new CommandStore(this.ids, this.limiter, this.apps, this.events)
    this.lobbies = new LobbyStore(this.now, this.ids, this.apps)
    this.state = {
      commands: (app, guild) => (this.commands.commands.get(`${app}/${guild ?? ''}`) ?? []).map(present),
      permissions: (app, guild) => [...(this.commands.permissions.get(`${app}/${guild}`) ?? new Map()).entries()].map(([id, p]) => presentPermissions(app, guild, id, p)),
      lobbies: () => {
        this.lobbies.sweep()
        return [...this.lobbies.lobbies.values()].map(presentLobby)
      },
    }
    this.invoker = new Invoker(this, this.now)
    this.reset()
  }

  invoke(input: InvokeInput): Promise<InvokeResult> {
    return this.invoker.invoke(input)
  }

  publicKey(applicationId: string): Promise<string> {
    return this.invoker.publicKey(applicationId)
  }

  picker(input: PickerInput): PickerEntry[] {
    return this.invoker.picker(input)
  }

  reset(): void {
    this.commands.clear()
    this.lobbies.clear()
    this.limiter.clear()
    this.requests.length = 0
    this.interactions.clear()
    this.events.clear()
  }

  handle(request: EmulatorRequest): EmulatorReply {
    let reply: EmulatorReply
    let path = request.url
    try {
      const url = parseUrl(request.url)
      if (url !== undefined) path = url.path
      reply = url === undefined ? notFound() : this.route(request, url.segments, url.query)
    } catch {
      // Nothing a request holds should get here; if something does, it is answered, not thrown.
      reply = fail(500, ErrorCode.General, '500: Internal Server Error')
    }
    this.requests.push({ method: request.method, path, status: reply.status })
    if (this.requests.length > LOG_MAX) this.requests.splice(0, this.requests.length - LOG_MAX)
    return reply
  }

  private route(request: EmulatorRequest, segments: string[], query: Map<string, string>): EmulatorReply {
    const method = request.method.toUpperCase()
    // Interaction callbacks and webhooks: authorized by the token in the path, outside the global limit (interactions.ts).
    const interaction = this.interactions.handle(method, segments, query, request.body)
    if (interaction !== undefined) return interaction
    const route = match(segments, method)
    // No prototype: a header may be named __proto__.
    const headers = Object.create(null) as Record<string, string>
    for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = v
    const who = credential(headers.authorization)
    const known = typeof route === 'string' ? undefined : route
    // "Limits": every request counts, refused ones (401, 403, 404) included, before it is looked at.
    const user = known !== undefined && Object.hasOwn(USER_LIMITS, known.action) ? limitedUser(this.apps, who) : undefined
    const admitted = this.limiter.admit({
      method,
      pattern: known?.pattern,
      action: known?.action,
      owner: requester(this.apps, known, who),
      ids: { ...known },
      ...(user === undefined ? {} : { user }),
    })
    if ('refused' in admitted) return admitted.refused
    let reply: EmulatorReply
    if (route === 'not found') reply = notFound()
    else if (route === 'method') reply = methodNotAllowed()
    else {
      const access = authorize(this.apps, route, who)
      reply = typeof access === 'string' ? this.dispatch(route, access, request.body, query, headers, who as Credential) : access
    }
    // A reply's own rate-limit headers (the daily create limit's) are not overwritten.
    return { ...reply, headers: { ...admitted.headers, ...reply.headers } }
  }

  private dispatch(route: Route, owner: string, text: string, query: Map<string, string>, headers: Record<string, string>, who: Credential): EmulatorReply {
    const needsBody =
      route.action === 'commands.create' ||
      route.action === 'commands.bulk' ||
      route.action === 'command.edit' ||
      route.action === 'permissions.put' ||
      LOBBY_BODY_ACTIONS.has(route.action)
    const optionalBody = route.action === 'lobby.create' || route.action === 'lobby.edit' || route.action === 'lobby.member.put' || route.action === 'lobby.link'
    let body: unknown
    if (needsBody || optionalBody) {
      // "All bodies are JSON": a body sent as another media type is refused (415, public
      // API v10 status), before it is read. No Content-Type at all is read as JSON.
      const type = headers['content-type']
      if (type !== undefined && text.trim() !== '' && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type))
        return fail(415, ErrorCode.General, `415: Unsupported Media Type: the body must be JSON (Content-Type: application/json, was ${JSON.stringify(type.slice(0, 100))})`)
      const parsed = parseBody(text)
      if (!('value' in parsed)) return parsed
      // Every field of the lobby bodies is optional: no body is the empty body.
      body = parsed.value === undefined && optionalBody ? {} : parsed.value
    }
    const app = route.app as string
    const scope: Scope = route.guild === undefined ? 'global' : 'guild'
    switch (route.action) {
      case 'commands.list':
        return this.commands.listCommands(app, route.guild, query, headers)
      case 'commands.create':
        return this.commands.createCommand(app, route.guild, scope, body)
      case 'commands.bulk':
        return this.commands.bulkOverwrite(app, route.guild, scope, body)
      case 'command.get': {
        const c = this.commands.findCommand(app, route.guild, route.command as string)
        return c === undefined ? unknownCommand() : json(200, present(c))
      }
      case 'command.edit':
        return this.commands.editCommand(app, route.guild, scope, route.command as string, body)
      case 'command.delete':
        return this.commands.deleteCommand(app, route.guild, route.command as string)
      case 'permissions.list':
        return json(200, this.state.permissions(app, route.guild as string))
      case 'permissions.batch':
        // "Command permission endpoints": disabled since the permissions v2 change.
        return methodNotAllowed()
      case 'permissions.get': {
        const list = this.commands.permissions.get(`${app}/${route.guild}`)?.get(route.command as string)
        // Public API v10: a command without overwrites in the guild is 404, code 10066.
        if (list === undefined) return fail(404, ErrorCode.UnknownCommandPermissions, 'Unknown application command permissions')
        return json(200, presentPermissions(app, route.guild as string, route.command as string, list))
      }
      case 'permissions.put':
        return this.commands.putPermissions(app, route.guild as string, route.command as string, body)
      default:
        return this.lobbies.lobby(route, owner, body, who, query)
    }
  }
}

/**
 * An emulator of the service, in memory: every endpoint of the spec with its
 * stated effects, authentication, and rate limits on a clock you can control.
 * Its `fetch` is a drop-in for the client's.
 *
 * @example
 * const emulator = createEmulator()
 * const res = await emulator.fetch(`${emulator.baseUrl}/applications/1/commands`, {
 *   method: 'POST',
 *   headers: { authorization: 'Bot token', 'content-type': 'application/json' },
 *   body: JSON.stringify({ name: 'ping', description: 'Pong' }),
 * })
 * res.status // 201
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  return new EmulatorImpl(options)
}
