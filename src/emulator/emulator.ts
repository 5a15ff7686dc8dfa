/**
 * `createEmulator`: the service's HTTP interface (spec: "Endpoints",
 * "Authentication", "Errors", "Limits", "Versioning") in memory, as a
 * `fetch`-compatible function. No sockets and no Node APIs: `startEmulator`
 * (server.ts) serves the same `handle` on loopback.
 */
import {
  isSnowflake,
  localizedView,
  negotiateLocale,
  toCreateBody,
  validateCommand,
  validateCommands,
  validateLobby,
  validateLobbyMember,
  validateOverwrites,
  limits,
  type ApplicationCommand,
  type CommandPermissionJSON,
  type CreateLobbyJSON,
  type EditLobbyJSON,
  type PutLobbyMemberJSON,
  type GuildCommandPermissions,
  type Issue,
  type Lobby,
  type LobbyMemberJSON,
  type Result,
} from '../internal.js'
import { ErrorCode, fail, invalidBody, json, methodNotAllowed, missingAccess, notFound, unauthorized } from './errors.js'
import { readFetchArguments, toResponse, type EmulatorReply, type EmulatorRequest, type EmulatorResponse, type RequestLike } from './http.js'
import { RateLimiter, USER_LIMITS, type RateLimitOptions } from './limits.js'
import { createOrJoin, LOBBY_BODY_ACTIONS, LOBBY_ROUTES, lobbyAction, OAUTH_LOBBY_ACTIONS, unknownLobby, type LobbyCaller } from './lobbies.js'
import { InteractionRegistry, type EmulatorInteractions } from './interactions.js'
import { EventHub, type EmulatorEvents } from './events.js'
import { Invoker, type InvokeInput, type InvokeResult, type PickerEntry, type PickerInput } from './invoke/invoke.js'
import {
  copy,
  memberMap,
  PER_TYPE_MAX,
  present,
  presentLobby,
  presentMember,
  presentPermissions,
  sameBody,
  Snowflakes,
  typeOf,
  type GuildPermissions,
  type StoredCommand,
  type StoredLobby,
} from './model.js'

/** An application the emulator knows, with the credentials it accepts. */
export interface EmulatorApplication {
  /** The application id. */
  readonly id: string
  /** Its bot token, accepted as `Authorization: Bot <token>`. */
  readonly botToken?: string
  /**
   * Bearer tokens (client credentials or user tokens) and their scopes:
   * `applications.commands.update` to create, edit and delete commands,
   * `applications.commands.permissions.update` to edit permissions ("Authentication").
   */
  readonly bearerTokens?: Readonly<Record<string, readonly string[]>>
  /**
   * Whether the application has an Activity (the embedded flag): only then may an
   * entry point carry `handler`, and it starts with the entry point named Launch
   * with handler 2 ("Other command rules" 3).
   */
  readonly embedded?: boolean
  /**
   * The user each Bearer token acts for on the lobby endpoints that take OAuth2
   * (`@me`, the author of a message). A token not listed acts for the application id.
   */
  readonly bearerUsers?: Readonly<Record<string, string>>
}

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

const API_ROOT = '/api/v10'
const SCOPE_UPDATE = 'applications.commands.update'
const SCOPE_PERMISSIONS = 'applications.commands.permissions.update'
const LOG_MAX = 1000

type Credential = { readonly kind: 'Bot' | 'Bearer'; readonly token: string }
type Scope = 'global' | 'guild'

/** A matched route: what it does, and the ids in its path. */
interface Route {
  readonly action: string
  /** The route template of ROUTES it matched: what its rate-limit bucket is named after. */
  readonly pattern: string
  readonly app?: string
  readonly guild?: string
  readonly command?: string
  readonly lobby?: string
  readonly user?: string
  readonly message?: string
}

/** Segments with `:name` match a snowflake and bind it. Methods by route; a known path with another method is 405. */
const ROUTES: readonly (readonly [pattern: string, methods: Readonly<Record<string, string>>])[] = [
  ['applications/:app/commands', { GET: 'commands.list', POST: 'commands.create', PUT: 'commands.bulk' }],
  ['applications/:app/commands/:command', { GET: 'command.get', PATCH: 'command.edit', DELETE: 'command.delete' }],
  ['applications/:app/guilds/:guild/commands', { GET: 'commands.list', POST: 'commands.create', PUT: 'commands.bulk' }],
  // "Command permission endpoints": the batch PUT is disabled since permissions v2.
  ['applications/:app/guilds/:guild/commands/permissions', { GET: 'permissions.list', PUT: 'permissions.batch' }],
  ['applications/:app/guilds/:guild/commands/:command', { GET: 'command.get', PATCH: 'command.edit', DELETE: 'command.delete' }],
  ['applications/:app/guilds/:guild/commands/:command/permissions', { GET: 'permissions.get', PUT: 'permissions.put' }],
  // PUT: create or join (OpenAPI `create_or_join_lobby`; the spec shows only its rate limit).
  ['lobbies', { POST: 'lobby.create', PUT: 'lobby.join' }],
  ['lobbies/:lobby', { GET: 'lobby.get', PATCH: 'lobby.edit', DELETE: 'lobby.delete' }],
  ['lobbies/:lobby/members/:user', { PUT: 'lobby.member.put', DELETE: 'lobby.member.delete' }],
  ...LOBBY_ROUTES,
]

const COMPILED = ROUTES.map(([pattern, methods]) => ({ pattern, segments: pattern.split('/'), methods }))

function match(segments: readonly string[], method: string): Route | 'not found' | 'method' {
  for (const r of COMPILED) {
    if (r.segments.length !== segments.length) continue
    const ids: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < segments.length && ok; i++) {
      const want = r.segments[i] as string
      const got = segments[i] as string
      if (want.startsWith(':')) {
        // A path id that is not a snowflake matches no route (the public API answers 400 or 404).
        if (isSnowflake(got)) ids[want.slice(1)] = got
        else ok = false
      } else ok = want === got
    }
    if (!ok) continue
    const action = Object.hasOwn(r.methods, method) ? r.methods[method] : undefined
    return action === undefined ? 'method' : { action, pattern: r.pattern, ...ids }
  }
  return 'not found'
}

/** Splits a URL into its path segments after `/api/v10` and its query; `undefined` when outside the API. */
function parseUrl(url: string): { segments: string[]; query: Map<string, string>; path: string } | undefined {
  const noOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
  const noHash = noOrigin.split('#')[0] as string
  const q = noHash.indexOf('?')
  const path = q < 0 ? noHash : noHash.slice(0, q)
  // "Versioning" 1: the base address ends in api/v10.
  if (path !== API_ROOT && !path.startsWith(`${API_ROOT}/`)) return undefined
  const query = new Map<string, string>()
  if (q >= 0) {
    for (const pair of noHash.slice(q + 1).split('&')) {
      if (pair === '') continue
      const eq = pair.indexOf('=')
      const decode = (s: string): string => {
        try {
          return decodeURIComponent(s.replace(/\+/g, ' '))
        } catch {
          return s
        }
      }
      query.set(decode(eq < 0 ? pair : pair.slice(0, eq)), decode(eq < 0 ? '' : pair.slice(eq + 1)))
    }
  }
  return { segments: path.slice(API_ROOT.length + 1).split('/'), query, path: noHash.slice(API_ROOT.length) }
}

function credential(header: string | undefined): Credential | undefined {
  const m = header === undefined ? null : /^(Bot|Bearer) (\S+)$/.exec(header.trim())
  return m === null ? undefined : { kind: m[1] as 'Bot' | 'Bearer', token: m[2] as string }
}

/** A parsed JSON body, or a reply refusing it. An empty body is `undefined`. */
function parseBody(text: string): { value: unknown } | EmulatorReply {
  if (text.trim() === '') return { value: undefined }
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return fail(400, ErrorCode.InvalidJson, 'The request body contains invalid JSON.')
  }
}

const refused = <T>(r: Result<T>): EmulatorReply | undefined => (r.ok ? undefined : invalidBody(r.issues))
const issue = (code: Issue['code'], path: Issue['path'], message: string): Issue => ({ code, path, message })

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
  private readonly apps: ReadonlyMap<string, EmulatorApplication> | undefined
  /** Commands by `${app}/${guild or ''}`, in registration order. */
  private commands = new Map<string, StoredCommand[]>()
  /** Permission overwrites by `${app}/${guild}`. */
  private permissions = new Map<string, GuildPermissions>()
  private lobbies = new Map<string, StoredLobby>()
  private readonly invoker: Invoker
  readonly interactions: InteractionRegistry
  readonly events = new EventHub()

  constructor(options: EmulatorOptions) {
    this.now = options.now ?? Date.now
    this.ids = new Snowflakes(this.now)
    this.interactions = new InteractionRegistry(this.now, this.ids)
    this.apps = options.applications === undefined ? undefined : new Map(options.applications.map((a) => [a.id, a]))
    this.limiter = new RateLimiter(options.rateLimits ?? {}, this.now)
    this.state = {
      commands: (app, guild) => (this.commands.get(`${app}/${guild ?? ''}`) ?? []).map(present),
      permissions: (app, guild) => [...(this.permissions.get(`${app}/${guild}`) ?? new Map()).entries()].map(([id, p]) => presentPermissions(app, guild, id, p)),
      lobbies: () => {
        this.sweepLobbies()
        return [...this.lobbies.values()].map(presentLobby)
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
    this.commands = new Map()
    this.permissions = new Map()
    this.lobbies = new Map()
    this.limiter.clear()
    this.requests.length = 0
    this.interactions.clear()
    this.events.clear()
    // "Other command rules" 3: enabling Activities creates an entry point named Launch with handler 2.
    for (const app of this.apps?.values() ?? [])
      if (app.embedded === true)
        this.commands.set(`${app.id}/`, [
          { id: this.ids.next(), applicationId: app.id, guildId: undefined, version: this.ids.next(), body: { type: 4, name: 'Launch', handler: 2 } },
        ])
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
    const user = known !== undefined && Object.hasOwn(USER_LIMITS, known.action) ? this.limitedUser(who) : undefined
    const admitted = this.limiter.admit({ method, pattern: known?.pattern, action: known?.action, owner: this.requester(known, who), ids: { ...known }, ...(user === undefined ? {} : { user }) })
    if ('refused' in admitted) return admitted.refused
    let reply: EmulatorReply
    if (route === 'not found') reply = notFound()
    else if (route === 'method') reply = methodNotAllowed()
    else {
      const access = this.authorize(route, who)
      reply = typeof access === 'string' ? this.dispatch(route, access, request.body, query, headers, who as Credential) : access
    }
    // A reply's own rate-limit headers (the daily create limit's) are not overwritten.
    return { ...reply, headers: { ...admitted.headers, ...reply.headers } }
  }

  /** Whose limits a request spends: the application its credential belongs to, or `anonymous` (one loopback address). */
  private requester(route: Route | undefined, who: Credential | undefined): string {
    if (who === undefined) return 'anonymous'
    if (this.apps === undefined) return route?.app ?? `token:${who.token}`
    return this.findApp(who)?.id ?? 'anonymous'
  }

  /**
   * The user a per-user limit counts ("Limits"): a Bearer token's user (`bearerUsers`,
   * else the application), the application for its bot token; without applications,
   * a Bearer token of digits is that user and any other token a user of its own.
   * `undefined` for no credential or an unknown one (answered 401, no user to count).
   */
  private limitedUser(who: Credential | undefined): string | undefined {
    if (who === undefined) return undefined
    if (this.apps === undefined) return who.kind === 'Bearer' && isSnowflake(who.token) ? who.token : `token:${who.kind}:${who.token}`
    const app = this.findApp(who)
    if (app === undefined) return undefined
    return who.kind === 'Bearer' ? (app.bearerUsers?.[who.token] ?? app.id) : app.id
  }

  private findApp(who: Credential): EmulatorApplication | undefined {
    for (const a of this.apps?.values() ?? [])
      if (who.kind === 'Bot' ? a.botToken === who.token : a.bearerTokens !== undefined && Object.hasOwn(a.bearerTokens, who.token)) return a
    return undefined
  }

  /**
   * "Authentication": command endpoints take a bot token or a Bearer token of the
   * application (writes need the scope applications.commands.update); the
   * permissions PUT takes only a Bearer token with applications.commands.permissions.update
   * (a bot token is an error, rule 1); lobby endpoints take only `Bot <token>`.
   * Returns the key of the application the request acts for, or a refusal.
   */
  private authorize(route: Route, who: Credential | undefined): string | EmulatorReply {
    if (who === undefined) return unauthorized()
    const lobby = route.action.startsWith('lobby.')
    // "Authentication": the lobby token must be prefixed with Bot "or it does not work";
    // the OpenAPI lets some lobby endpoints take an OAuth2 Bearer token too.
    if (lobby && who.kind !== 'Bot' && !OAUTH_LOBBY_ACTIONS.has(route.action)) return unauthorized()
    // Public API v10: a bot token on an endpoint bots cannot use is 403 with code 20001.
    if (route.action === 'permissions.put' && who.kind === 'Bot') return fail(403, ErrorCode.BotsCannotUseEndpoint, 'Bots cannot use this endpoint')
    const needs = route.action === 'permissions.put' ? SCOPE_PERMISSIONS : isWrite(route.action) ? SCOPE_UPDATE : undefined
    if (this.apps === undefined) return route.app ?? `token:${who.token}`
    const app = this.findApp(who)
    if (app === undefined) return unauthorized()
    if (route.app !== undefined && route.app !== app.id) return missingAccess()
    if (who.kind === 'Bearer' && needs !== undefined && !(app.bearerTokens?.[who.token] ?? []).includes(needs)) return missingAccess()
    return app.id
  }

  private dispatch(route: Route, owner: string, text: string, query: Map<string, string>, headers: Record<string, string>, who: Credential): EmulatorReply {
    const needsBody =
      route.action === 'commands.create' || route.action === 'commands.bulk' || route.action === 'command.edit' || route.action === 'permissions.put' || LOBBY_BODY_ACTIONS.has(route.action)
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
        return this.listCommands(app, route.guild, query, headers)
      case 'commands.create':
        return this.createCommand(app, route.guild, scope, body)
      case 'commands.bulk':
        return this.bulkOverwrite(app, route.guild, scope, body)
      case 'command.get': {
        const c = this.findCommand(app, route.guild, route.command as string)
        return c === undefined ? unknownCommand() : json(200, present(c))
      }
      case 'command.edit':
        return this.editCommand(app, route.guild, scope, route.command as string, body)
      case 'command.delete':
        return this.deleteCommand(app, route.guild, route.command as string)
      case 'permissions.list':
        return json(200, this.state.permissions(app, route.guild as string))
      case 'permissions.batch':
        // "Command permission endpoints": disabled since the permissions v2 change.
        return methodNotAllowed()
      case 'permissions.get': {
        const list = this.permissions.get(`${app}/${route.guild}`)?.get(route.command as string)
        // Public API v10: a command without overwrites in the guild is 404, code 10066.
        if (list === undefined) return fail(404, ErrorCode.UnknownCommandPermissions, 'Unknown application command permissions')
        return json(200, presentPermissions(app, route.guild as string, route.command as string, list))
      }
      case 'permissions.put':
        return this.putPermissions(app, route.guild as string, route.command as string, body)
      default:
        return this.lobby(route, owner, body, who, query)
    }
  }

  // ------------------------------------------------------------ commands

  private scopeList(app: string, guild: string | undefined): StoredCommand[] {
    const key = `${app}/${guild ?? ''}`
    let list = this.commands.get(key)
    if (list === undefined) this.commands.set(key, (list = []))
    return list
  }

  private findCommand(app: string, guild: string | undefined, id: string): StoredCommand | undefined {
    return this.commands.get(`${app}/${guild ?? ''}`)?.find((c) => c.id === id)
  }

  /**
   * GET-all ("Command endpoints", rule 5; "Other command rules" 7): the requester's
   * locale from X-Service-Locale (or the public API's X-Discord-Locale), then Accept-Language, as `name_localized` and
   * `description_localized`; with `with_localizations=true` the full dictionaries.
   */
  private listCommands(app: string, guild: string | undefined, query: Map<string, string>, headers: Record<string, string>): EmulatorReply {
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
  private createCommand(app: string, guild: string | undefined, scope: Scope, body: unknown): EmulatorReply {
    const no = this.checkCommand(app, validateCommand(body, { scope }), [body], () => [])
    if (no !== undefined) return no
    // Stored as the create body: `null` on a nullable field is absent (DESIGN.md "Rulings").
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
    if (list.filter((c) => typeOf(c.body) === type).length >= max)
      return fail(400, ErrorCode.MaxCommands, `Maximum number of application commands reached (${max})`)
    const daily = this.dailyCreates(app, guild, 1)
    if (daily !== undefined) return daily
    const id = this.ids.next()
    const stored: StoredCommand = { id, applicationId: app, guildId: guild, version: this.ids.next(), body: b }
    list.push(stored)
    return json(201, present(stored))
  }

  /** "Limits": 200 creates per day per scope; a bulk overwrite counts the commands it creates (limits.ts). */
  private dailyCreates(app: string, guild: string | undefined, n: number): EmulatorReply | undefined {
    return this.limiter.dailyCreates(app, guild, n)
  }

  /** "States and transitions": each provided field entirely overwrites that field; renaming deletes the permissions. */
  private editCommand(app: string, guild: string | undefined, scope: Scope, id: string, patch: unknown): EmulatorReply {
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
      return invalidBody([issue('set.duplicate_name', ['name'], `name is ${JSON.stringify(merged.name)}, the name of another command of this type; names are unique per type in one scope`)])
    if (!sameBody(c.body, merged)) c.version = this.ids.next()
    c.body = merged
    if (renamed) this.dropPermissions(app, c.id)
    return json(200, present(c))
  }

  /** "Command endpoints" DELETE: 204; "States and transitions": its permissions go too. */
  private deleteCommand(app: string, guild: string | undefined, id: string): EmulatorReply {
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
  private bulkOverwrite(app: string, guild: string | undefined, scope: Scope, body: unknown): EmulatorReply {
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

  /** "States and transitions": deleting or renaming a command deletes its permissions, in every guild. */
  private dropPermissions(app: string, id: string): void {
    for (const [key, map] of this.permissions) if (key.startsWith(`${app}/`)) map.delete(id)
  }

  /**
   * "Command permission endpoints" rule 1: the PUT overwrites the command's
   * overwrites in that guild, at most 100. The id is a command of the application
   * (global, or of this guild) or the application id itself.
   */
  private putPermissions(app: string, guild: string, id: string, body: unknown): EmulatorReply {
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

  // ------------------------------------------------------------ lobbies

  /** "Lobby": shut down after idle_timeout_seconds without a change (how idleness is judged is not shown). */
  private sweepLobbies(): void {
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

  private lobby(route: Route, owner: string, body: unknown, who: Credential, query: Map<string, string>): EmulatorReply {
    this.sweepLobbies()
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

const isWrite = (action: string): boolean => action === 'commands.create' || action === 'commands.bulk' || action === 'command.edit' || action === 'command.delete'

const unknownCommand = (): EmulatorReply => fail(404, ErrorCode.UnknownCommand, 'Unknown application command')

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
