/**
 * `createEmulator`: the service's HTTP interface (spec: "Endpoints",
 * "Authentication", "Errors", "Limits", "Versioning") in memory, as a
 * `fetch`-compatible function. No sockets and no Node APIs: `startEmulator`
 * (server.ts) serves the same `handle` on loopback. Routing is in routes.ts,
 * authentication in auth.ts, the stores in command-store.ts and lobby-store.ts.
 */
import { currentApplication, editApplication, endpointToVerify, verifyEndpoint, wantsApplication } from './application.js'
import type { ApplicationCommand, GuildCommandPermissions, Issue, Lobby } from '../internal.js'
import { checkEmulatorOptions, type EmulatorOptions } from './options.js'
import { authorize, credential, limitedUser, requester, type Apps } from './auth.js'
import { CommandStore } from './command-store.js'
import { ENDPOINTS, type Service } from './endpoints.js'
import { ErrorCode, fail, methodNotAllowed, notFound } from './errors.js'
import { asFetch, readFetchArguments, toResponse, type EmulatorFetch, type EmulatorReply, type EmulatorRequest, type EmulatorResponse, type ResponseConstructor } from './http.js'
import { RateLimiter } from './rate-limits.js'
import { LobbyStore } from './lobby-store.js'
import { InteractionRegistry, type EmulatorInteractions } from './interactions.js'
import { EventHub, type EmulatorEvents } from './events.js'
import { Gateway, type EmulatorGateway } from './gateway/session.js'
import { Invoker } from './invoke/invoke.js'
import type { ChooseInput, ComponentResult, InvokeInput, InvokeResult, ModalResult, PickerEntry, PickerInput, PressInput, SubmitInput } from './invoke/invoke-types.js'
import { present, presentLobby, Snowflakes } from './model.js'
import { API_ROOT, parseUrl, readBody, RouteTable, type Credential, type Endpoint, type PathIds } from './routes.js'

export type { EmulatorApplication } from './auth.js'
export type { EmulatorOptions } from './options.js'

/** A request the emulator answered, in order (the last 1000). */
export interface RequestRecord {
  readonly method: string
  /** The path after `/api/v10`, with its query. */
  readonly path: string
  readonly status: number
  /** When it was answered, on the emulator's clock (epoch ms). */
  readonly at: number
  /** A refusal (status 400 and up): the error body's code and message, and its first 20 issues. */
  readonly error?: { readonly code: number; readonly message: string; readonly issues?: readonly Issue[] }
}

/** What a refusal's JSON body says, kept beside the request (bounded: at most 20 issues). */
function errorOf(body: string): RequestRecord['error'] {
  try {
    const e = JSON.parse(body) as { code?: unknown; message?: unknown; issues?: unknown }
    if (typeof e.code !== 'number' || typeof e.message !== 'string') return undefined
    return Array.isArray(e.issues) ? { code: e.code, message: e.message, issues: (e.issues as Issue[]).slice(0, 20) } : { code: e.code, message: e.message }
  } catch {
    return undefined
  }
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
  readonly fetch: EmulatorFetch
  /**
   * The same, without `Request`/`Response` objects. A webhook call that arrives while
   * the app's HTTP answer to its interaction is being taken (`invoke` has the
   * `Response` and reads it) waits for that first, as the service has the answer
   * before any call the app makes after sending it: what `fetch` and the loopback
   * server call.
   *
   * @example
   * const reply = await emulator.answer({ method: 'GET', url: '/api/v10/applications/1/commands', headers: { authorization: 'Bot t' }, body: '' })
   * reply.status // 200
   */
  answer(request: EmulatorRequest): Promise<EmulatorReply>
  /** The same, at once: a webhook call during an answer's taking is answered as things stand (404, code 10015, before it is taken). */
  handle(request: EmulatorRequest): EmulatorReply
  readonly state: EmulatorState
  /** The requests answered so far (the last 1000), oldest first. */
  readonly requests: readonly RequestRecord[]
  /** Open interactions, answer them, and read their transcripts (docs/emulator.md, "Interactions"). */
  readonly interactions: EmulatorInteractions
  /** The gateway events it fires (Application Command Permissions Update), to subscribers in the process (docs/emulator.md, "Events"). */
  readonly events: EmulatorEvents
  /**
   * The gateway a bot connects to over a WebSocket of `startEmulator`'s server (GET
   * /gateway/bot gives the URL): READY, heartbeats, resumes, and INTERACTION_CREATE
   * for an application without an interactions endpoint URL (docs/emulator.md, "A gateway bot").
   */
  readonly gateway: EmulatorGateway
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
   * Plays a user pressing a button on a message the app sent (by the message and
   * the button's `custom_id`): refuses what the client would not allow (a disabled
   * button, an ephemeral message of another user or past its 15 minutes, an
   * unknown `custom_id`), then delivers the MESSAGE_COMPONENT interaction (type 3)
   * signed, with the message. An UPDATE_MESSAGE (7) or DEFERRED_UPDATE_MESSAGE (6)
   * answer changes the message the emulator keeps. docs/emulator.md, "Buttons,
   * select menus and modals".
   *
   * @example
   * const r = await emulator.press({ endpoint: handler, user: { id: '10' }, customId: 'vote:yes' })
   * if (r.outcome === 'answered') console.log(r.callback.type) // 7: the message was updated
   */
  press(input: PressInput): Promise<ComponentResult>
  /**
   * Plays a user choosing values in a select menu of a message the app sent: a
   * string select's option values, or declared users, roles and channels for the
   * entity selects (`data.resolved` carries them), as many as the menu allows.
   *
   * @example
   * const r = await emulator.choose({ endpoint: handler, user: { id: '10' }, customId: 'color', values: ['red', 'blue'] })
   */
  choose(input: ChooseInput): Promise<ComponentResult>
  /**
   * Plays a user filling and submitting a modal the app showed them (callback 9):
   * each input by its `custom_id`, checked as the client checks them (required,
   * lengths, select values), then the MODAL_SUBMIT interaction (type 5) delivered.
   *
   * @example
   * const r = await emulator.submit({ endpoint: handler, user: { id: '10' }, fields: { reason: 'spam' } })
   */
  submit(input: SubmitInput): Promise<ModalResult>
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

/** The route table, compiled once: every emulator reads the same rows. */
const TABLE = new RouteTable<Service>(ENDPOINTS)

class EmulatorImpl implements Emulator {
  readonly baseUrl = `http://emulator.invalid${API_ROOT}`
  readonly requests: RequestRecord[] = []
  readonly state: EmulatorState
  /** Bound, so that `{ fetch: emulator.fetch }` works; typed as the platform's where it has one (`EmulatorFetch`). */
  readonly fetch = asFetch(async (input, init) => {
    const request = await readFetchArguments(input, init)
    const file = this.cdn(request)
    if (file !== undefined) return file
    // As `answer`, without its own promise when nothing is held (the common case).
    const ready = this.interactions.ready(request.url)
    if (ready !== undefined) await ready
    const before = this.beforeHandling(request)
    if (before !== undefined) await before
    return toResponse(this.handle(request))
  })
  private readonly now: () => number
  private readonly ids: Snowflakes
  private readonly limiter: RateLimiter
  private readonly apps: Apps
  /** Commands and their permission overwrites (command-store.ts). */
  private readonly commands: CommandStore
  /** Lobbies and their members (lobby-store.ts). */
  private readonly lobbies: LobbyStore
  private readonly invoker: Invoker
  /** What the route table's handlers act on. */
  private readonly service: Service
  /** The public keys GET /applications/@me has answered, by application. */
  private readonly verifyKeys = new Map<string, string>()
  /** What /applications/@me reads and PATCH changes: the verify keys, the endpoint URLs (the configured ones after a reset), the endpoint checks. */
  private readonly views = { keys: this.verifyKeys, endpoints: new Map<string, string>(), verdicts: new Map<string, true | string>() }
  readonly interactions: InteractionRegistry
  readonly events = new EventHub()
  readonly gateway: Gateway

  constructor(options: EmulatorOptions) {
    this.now = options.now ?? Date.now
    this.ids = new Snowflakes(this.now)
    this.interactions = new InteractionRegistry(this.now, this.ids)
    this.apps = options.applications === undefined ? undefined : new Map(options.applications.map((a) => [a.id, a]))
    this.limiter = new RateLimiter(options.rateLimits ?? {}, this.now)
    this.commands = new CommandStore(this.ids, this.limiter, this.apps, this.events)
    this.lobbies = new LobbyStore(this.now, this.ids, this.apps)
    this.gateway = new Gateway(this.apps, this.now)
    // Public API v10: Application Command Permissions Update is dispatched to the bot's sessions too.
    this.events.subscribe((e) => this.gateway.dispatch(e.d.application_id, e.t, e.d, e.d.guild_id))
    this.service = {
      application: (owner, body) => (body === undefined ? currentApplication(owner, this.apps, this.views) : editApplication(owner, this.apps, this.views, body)),
      gateway: this.gateway,
      commands: this.commands,
      lobbies: this.lobbies,
      interactions: this.interactions,
    }
    this.state = {
      commands: (app, guild) => (this.commands.commands.get(`${app}/${guild ?? ''}`) ?? []).map(present),
      permissions: (app, guild) => this.commands.listPermissions(app, guild),
      lobbies: () => {
        this.lobbies.sweep()
        return [...this.lobbies.lobbies.values()].map(presentLobby)
      },
    }
    this.invoker = new Invoker(this, this.now, this.ids, options.signingKey, options.applications)
    this.reset()
  }

  invoke(input: InvokeInput): Promise<InvokeResult> {
    return this.invoker.invoke(input)
  }

  press(input: PressInput): Promise<ComponentResult> {
    return this.invoker.acts.press(input)
  }

  choose(input: ChooseInput): Promise<ComponentResult> {
    return this.invoker.acts.choose(input)
  }

  submit(input: SubmitInput): Promise<ModalResult> {
    return this.invoker.acts.submit(input)
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
    this.gateway.clear()
    this.views.endpoints.clear()
    this.views.verdicts.clear()
    for (const a of this.apps?.values() ?? []) if (a.interactionsEndpointUrl !== undefined) this.views.endpoints.set(a.id, a.interactionsEndpointUrl)
  }

  /** Where `invoke` delivers for an application given no endpoint: its URL, as configured or last PATCHed. */
  endpointOf(applicationId: string): string | undefined {
    return this.views.endpoints.get(applicationId)
  }

  /**
   * A GET of an attachment's `url` or `proxy_url` (the service's shape on a host
   * of its own: src/emulator/invoke/world.ts, src/emulator/uploads.ts): its bytes
   * when the emulator holds them (a file the app uploaded, or one a step declared
   * with `data`), else a 404 as a CDN's.
   */
  private cdn(request: EmulatorRequest): EmulatorResponse | undefined {
    const id = /^https:\/\/(?:cdn|media)\.emulator\.invalid\/attachments\/(?:\d+\/)?(\d+)\//u.exec(request.url)?.[1]
    if (id === undefined || request.method !== 'GET') return undefined
    const Platform = (globalThis as { Response?: ResponseConstructor }).Response
    if (Platform === undefined) return undefined
    const file = this.interactions.files.cdn(id)
    return file === undefined ? new Platform('Not Found', { status: 404, headers: {} }) : new Platform(file.bytes.slice(), { status: 200, headers: { 'content-type': file.type } })
  }

  async answer(request: EmulatorRequest): Promise<EmulatorReply> {
    const ready = this.interactions.ready(request.url)
    if (ready !== undefined) await ready
    const before = this.beforeHandling(request)
    if (before !== undefined) await before
    return this.handle(request)
  }

  /**
   * GET and PATCH /applications/@me answer the application's verify key, which WebCrypto
   * makes asynchronously, and PATCH takes a new endpoint URL only once it passed the
   * service's check (two PINGs): both done before the request is handled (no promise
   * when none is needed).
   */
  private beforeHandling(request: EmulatorRequest): Promise<void> | undefined {
    const app = wantsApplication(this.apps, request.url, request.headers)
    if (app === undefined) return undefined
    const url = endpointToVerify(request.method, request.body)
    const steps: Promise<void>[] = []
    if (!this.verifyKeys.has(app)) steps.push(this.invoker.publicKey(app).then((key) => void this.verifyKeys.set(app, key)))
    // Each PATCH that sets a URL checks it anew, as the service does: an endpoint down a minute ago may be up now.
    if (url !== undefined)
      steps.push(verifyEndpoint(url, app, this.invoker.keys, this.now, this.ids.next()).then((verdict) => void this.views.verdicts.set(`${app} ${url}`, verdict)))
    return steps.length === 0 ? undefined : Promise.all(steps).then(() => undefined)
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
    const error = reply.status >= 400 ? errorOf(reply.body) : undefined
    this.requests.push({ method: request.method, path, status: reply.status, at: this.now(), ...(error === undefined ? {} : { error }) })
    if (this.requests.length > LOG_MAX) this.requests.splice(0, this.requests.length - LOG_MAX)
    return reply
  }

  /**
   * One request through the route table (endpoints.ts): the row of its method and
   * path, its rate limits (counted before anything else: "Limits", refused requests
   * count too), who it acts for, its body, then the row's handler.
   */
  private route(request: EmulatorRequest, segments: string[], query: Map<string, string>): EmulatorReply {
    const method = request.method.toUpperCase()
    const matched = TABLE.match(segments, method)
    const known = typeof matched === 'string' ? undefined : matched
    // No prototype: a header may be named __proto__.
    const headers = Object.create(null) as Record<string, string>
    for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = v
    const rule = known?.endpoint.limit ?? 'route'
    const who = rule === 'token' ? undefined : credential(headers.authorization)
    const admitted = this.limiter.admit({
      method,
      pattern: known?.endpoint.path,
      rule,
      owner: requester(this.apps, known?.ids, who),
      ids: { ...known?.ids },
      ...(typeof rule === 'object' && 'user' in rule ? { user: limitedUser(this.apps, who) } : {}),
    })
    if ('refused' in admitted) return admitted.refused
    let reply: EmulatorReply
    if (matched === 'not found') reply = notFound()
    else if (matched === 'method') reply = methodNotAllowed()
    else reply = this.run(matched.endpoint, matched.ids, who, request.body, query, headers)
    // A reply's own rate-limit headers (the daily create limit's) are not overwritten.
    return { ...reply, headers: { ...admitted.headers, ...reply.headers } }
  }

  private run(
    endpoint: Endpoint<Service>,
    ids: PathIds,
    who: Credential | undefined,
    given: string | Uint8Array,
    query: Map<string, string>,
    headers: Record<string, string>,
  ): EmulatorReply {
    const owner = authorize(this.apps, endpoint.auth, ids, who)
    if (typeof owner !== 'string') return owner
    const body = readBody(endpoint.body, given, headers['content-type'])
    if (!('value' in body)) return body
    return endpoint.run({ service: this.service, method: endpoint.method, ids, owner, who, body: body.value, uploads: body.uploads, query, headers })
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
  return new EmulatorImpl(checkEmulatorOptions(options))
}
