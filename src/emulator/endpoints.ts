/**
 * The route table: one row per endpoint the emulator answers, with its method and
 * path ("Endpoints"; the lobby and interaction endpoints the spec does not show are
 * the public API v10's, from the operator's OpenAPI), who may call it (routes.ts,
 * `Auth`), its body, its rate-limit rule (rate-limits.ts, `RateRule`) and what it
 * does. A new endpoint is one row here and its handler in its store.
 */
import type { CommandStore } from './command-store.js'
import type { Gateway } from './gateway/session.js'
import { json, methodNotAllowed } from './errors.js'
import type { EmulatorReply } from './http.js'
import type { InteractionRegistry } from './interactions.js'
import { bulkMembers, createOrJoin, invite, leave, link, listMessages, moderate, sendMessage, unknownLobby, type LobbyCaller } from './lobbies.js'
import type { LobbyStore } from './lobby-store.js'
import { presentLobby, type StoredLobby } from './model.js'
import { RATE_LIMITS, type RateRule } from './rate-limits.js'
import type { Auth, BodyRule, Call, Endpoint } from './routes.js'

/** What the handlers act on: the emulator's stores. */
export interface Service {
  /** GET /applications/@me for the caller, or PATCH with its body (application.ts). */
  readonly application: (owner: string, body?: unknown) => EmulatorReply
  /** GET /gateway/bot (gateway/session.ts). */
  readonly gateway: Gateway
  readonly commands: CommandStore
  readonly lobbies: LobbyStore
  readonly interactions: InteractionRegistry
}

type Run = (call: Call<Service>) => EmulatorReply

const row = (method: string, path: string, auth: Auth, body: BodyRule, limit: RateRule, run: Run): Endpoint<Service> => ({ method, path, auth, body, limit, run })

// Path ids are bound by the matcher (routes.ts); these read them where a row has them.
const app = (c: Call<Service>): string => c.ids.app as string
const scope = (c: Call<Service>): 'global' | 'guild' => (c.ids.guild === undefined ? 'global' : 'guild')

/** A lobby route: the caller's lobby of the path (404, code 10031, when it is not there), and who `@me` is. */
const onLobby =
  (run: (l: StoredLobby, who: LobbyCaller, call: Call<Service>) => EmulatorReply): Run =>
  (c) => {
    const l = c.service.lobbies.own(c.owner, c.ids.lobby)
    return l === undefined ? unknownLobby() : run(l, me(c), c)
  }

/** Where the request was sent: the `Host` header (in process, where there is no socket, `emulator.invalid`). */
const hostOf = (c: Call<Service>): string => (/^[\w.:[\]-]{1,300}$/.test(c.headers.host ?? '') ? (c.headers.host as string) : 'emulator.invalid')

const GUILD = 'applications/:app/guilds/:guild'
/** The client's create-or-join: one bucket per user ("Limits"), whatever the route. */
const CREATE_OR_JOIN: RateRule = { user: RATE_LIMITS.LOBBY_CREATE_OR_JOIN_PER_USER, bucket: 'per-user /lobbies create-or-join' }
const MESSAGES: RateRule = { user: RATE_LIMITS.LOBBY_MESSAGE_PER_USER, bucket: 'per-user POST /lobbies/:lobby/messages' }
const { LOBBY_CREATE, LOBBY_GET, LOBBY_DELETE, LOBBY_MEMBER_ADD, LOBBY_MEMBER_REMOVE } = RATE_LIMITS

// Handlers by store, short enough for one row each.
const commands = (c: Call<Service>) => c.service.commands
const lobbies = (c: Call<Service>) => c.service.lobbies
const interactions = (c: Call<Service>) => c.service.interactions
const guild = (c: Call<Service>): string => c.ids.guild as string
const command = (c: Call<Service>): string => c.ids.command as string
const me = (c: Call<Service>): LobbyCaller => c.service.lobbies.caller(c.owner, c.who as NonNullable<Call<Service>['who']>)
const message =
  (method: 'GET' | 'PATCH' | 'DELETE'): Run =>
  (c) =>
    interactions(c).messageEndpoint(app(c), c.ids.token as string, c.ids.message ?? '@original', method, c.body, c.uploads)

/** The command routes of one scope: global (`applications/:app`) or a guild's (`applications/:app/guilds/:guild`). */
// biome-ignore format: one row per endpoint, read as a table
const commandRoutes = (base: string): Endpoint<Service>[] => [
  row('GET',    `${base}/commands`,          'app',        'none', 'route', (c) => commands(c).listCommands(app(c), c.ids.guild, c.query, c.headers)),
  row('POST',   `${base}/commands`,          'app.update', 'json', 'route', (c) => commands(c).createCommand(app(c), c.ids.guild, scope(c), c.body)),
  row('PUT',    `${base}/commands`,          'app.update', 'json', 'route', (c) => commands(c).bulkOverwrite(app(c), c.ids.guild, scope(c), c.body)),
  row('GET',    `${base}/commands/:command`, 'app',        'none', 'route', (c) => commands(c).getCommand(app(c), c.ids.guild, command(c))),
  row('PATCH',  `${base}/commands/:command`, 'app.update', 'json', 'route', (c) => commands(c).editCommand(app(c), c.ids.guild, scope(c), command(c), c.body)),
  row('DELETE', `${base}/commands/:command`, 'app.update', 'none', 'route', (c) => commands(c).deleteCommand(app(c), c.ids.guild, command(c))),
]

/** Every endpoint. No two templates match one path, so the order is the reader's. */
// biome-ignore format: one row per endpoint, read as a table
export const ENDPOINTS: readonly Endpoint<Service>[] = [
  // "Command endpoints".
  ...commandRoutes('applications/:app'),
  ...commandRoutes(GUILD),
  // "Command permission endpoints": the batch PUT is disabled since permissions v2.
  row('GET',    `${GUILD}/commands/permissions`,          'app',             'none', 'route', (c) => json(200, commands(c).listPermissions(app(c), guild(c)))),
  row('PUT',    `${GUILD}/commands/permissions`,          'app',             'none', 'route', () => methodNotAllowed()),
  row('GET',    `${GUILD}/commands/:command/permissions`, 'app',             'none', 'route', (c) => commands(c).getPermissions(app(c), guild(c), command(c))),
  row('PUT',    `${GUILD}/commands/:command/permissions`, 'app.permissions', 'json', 'route', (c) => commands(c).putPermissions(app(c), guild(c), command(c), c.body)),

  // The bot's own application (public API v10, OpenAPI `get_my_application`): a deploy script learns its id here.
  row('GET',    'applications/@me',             'bot', 'none',  'route',                      (c) => c.service.application(c.owner)),
  row('PATCH',  'applications/@me',             'bot', 'json',  'route',                      (c) => c.service.application(c.owner, c.body ?? null)),
  // The gateway's address (public API v10, "Get Gateway", "Get Gateway Bot"): a WebSocket of startEmulator's server (gateway/upgrade.ts).
  row('GET',    'gateway',                      'token', 'none', 'route',                     (c) => json(200, { url: `ws://${hostOf(c)}/gateway` })),
  row('GET',    'gateway/bot',                  'bot', 'none',  'route',                      (c) => json(200, c.service.gateway.gatewayBot(c.owner, hostOf(c)))),
  // "Lobby endpoints" ("Limits": create, delete, get 500 per 10 s; member add and remove 5000 per 10 s; per application).
  row('POST',   'lobbies',                      'bot', 'json?', { app: LOBBY_CREATE },        (c) => lobbies(c).create(c.owner, c.body)),
  row('GET',    'lobbies/:lobby',               'bot', 'none',  { app: LOBBY_GET },           onLobby((l) => json(200, presentLobby(l)))),
  row('PATCH',  'lobbies/:lobby',               'bot', 'json?', 'route',                      onLobby((l, _, c) => lobbies(c).edit(l, c.body))),
  row('DELETE', 'lobbies/:lobby',               'bot', 'none',  { app: LOBBY_DELETE },        (c) => lobbies(c).remove(lobbies(c).own(c.owner, c.ids.lobby))),
  row('PUT',    'lobbies/:lobby/members/:user', 'bot', 'json?', { app: LOBBY_MEMBER_ADD },    onLobby((l, _, c) => lobbies(c).putMember(l, c.ids.user as string, c.body))),
  row('DELETE', 'lobbies/:lobby/members/:user', 'bot', 'none',  { app: LOBBY_MEMBER_REMOVE }, onLobby((l, _, c) => lobbies(c).removeMember(l, c.ids.user as string))),
  // The OpenAPI's lobby endpoints (lobbies.ts). PUT /lobbies is the client's create-or-join ("Lobby endpoints" 3).
  row('PUT',    'lobbies',                                              'bot+oauth', 'json',  CREATE_OR_JOIN, (c) => createOrJoin(me(c), c.body)),
  row('PATCH',  'lobbies/:lobby/channel-linking',                       'bot+oauth', 'json?', 'route',        onLobby((l, who, c) => link(l, who, c.body))),
  row('DELETE', 'lobbies/:lobby/members/@me',                           'bot+oauth', 'none',  'route',        onLobby((l, who) => leave(l, who))),
  row('POST',   'lobbies/:lobby/members/@me/invites',                   'bot+oauth', 'none',  'route',        onLobby((l, who) => invite(l, who, who.me))),
  row('POST',   'lobbies/:lobby/members/bulk',                          'bot',       'json',  'route',        onLobby((l, who, c) => bulkMembers(l, who, c.body))),
  row('POST',   'lobbies/:lobby/members/:user/invites',                 'bot',       'none',  'route',        onLobby((l, who, c) => invite(l, who, c.ids.user as string))),
  row('GET',    'lobbies/:lobby/messages',                              'bot+oauth', 'none',  'route',        onLobby((l, who, c) => listMessages(l, who, c.query))),
  row('POST',   'lobbies/:lobby/messages',                              'bot+oauth', 'json',  MESSAGES,       onLobby((l, who, c) => sendMessage(l, who, c.body))),
  row('PUT',    'lobbies/:lobby/messages/:message/moderation-metadata', 'bot',       'json',  'route',        onLobby((l, _, c) => moderate(l, c.ids.message as string, c.body))),

  // Interaction endpoints (public API v10): the token in the path authorizes; no bucket, outside the global limit.
  // The four that carry a message take files too (`message`: JSON or multipart/form-data; the OpenAPI's multipart bodies).
  row('POST',   'interactions/:interaction/:token/callback',  'token', 'message', 'token', (c) => interactions(c).callbackEndpoint(c.ids.interaction as string, c.ids.token as string, c.body, c.query.get('with_response') === 'true', c.uploads)),
  row('POST',   'webhooks/:app/:token',                       'token', 'message', 'token', (c) => interactions(c).followUpEndpoint(app(c), c.ids.token as string, c.body, c.uploads)),
  row('GET',    'webhooks/:app/:token/messages/@original',    'token', 'none',    'token', message('GET')),
  row('PATCH',  'webhooks/:app/:token/messages/@original',    'token', 'message', 'token', message('PATCH')),
  row('DELETE', 'webhooks/:app/:token/messages/@original',    'token', 'none',    'token', message('DELETE')),
  row('GET',    'webhooks/:app/:token/messages/:message',     'token', 'none',    'token', message('GET')),
  row('PATCH',  'webhooks/:app/:token/messages/:message',     'token', 'message', 'token', message('PATCH')),
  row('DELETE', 'webhooks/:app/:token/messages/:message',     'token', 'none',    'token', message('DELETE')),
]
