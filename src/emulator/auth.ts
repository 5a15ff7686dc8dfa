/**
 * The emulator's "Authentication": the applications it knows and the credentials
 * they accept, which application a request acts for, and whose rate limits it
 * spends.
 */
import { isSnowflake } from '../internal.js'
import { ErrorCode, fail, missingAccess, unauthorized } from './errors.js'
import type { EmulatorReply } from './http.js'
import type { Auth, Credential, PathIds } from './routes.js'

/** An application the emulator knows, with the credentials it accepts. */
export interface EmulatorApplication {
  /** The application id. */
  readonly id: string
  /** Its bot token, accepted as `Authorization: Bot <token>`. */
  readonly botToken?: string | undefined
  /**
   * Bearer tokens (client credentials or user tokens) and their scopes:
   * `applications.commands.update` to create, edit and delete commands,
   * `applications.commands.permissions.update` to edit permissions ("Authentication").
   */
  readonly bearerTokens?: Readonly<Record<string, readonly string[]>> | undefined
  /**
   * Whether the application has an Activity (the embedded flag): only then may an
   * entry point carry `handler`, and it starts with the entry point named Launch
   * with handler 2 ("Other command rules" 3).
   */
  readonly embedded?: boolean | undefined
  /**
   * The user each Bearer token acts for on the lobby endpoints that take OAuth2
   * (`@me`, the author of a message). A token not listed acts for the application id.
   */
  readonly bearerUsers?: Readonly<Record<string, string>> | undefined
  /**
   * The Ed25519 private key (64 hex digits, its seed) this application's
   * interactions are signed with, so that its bot can be given the public half
   * beforehand. Default: the emulator's `signingKey`, else a new key.
   */
  readonly signingKey?: string | undefined
  /**
   * Its `interactions_endpoint_url` (a loopback URL): where `invoke`, `press`,
   * `choose` and `submit` deliver when they are given no `endpoint`.
   */
  readonly interactionsEndpointUrl?: string | undefined
  /**
   * Where it is installed: the guilds that added it (GUILD_INSTALL) and the users who
   * installed it (USER_INSTALL). Each list left out means everywhere, as without it;
   * an invocation's `place.guild.installed` and `user.installed` still win.
   */
  readonly installs?: { readonly guilds?: readonly string[] | undefined; readonly users?: readonly string[] | undefined } | undefined
  /**
   * The privileged gateway intents switched on in its settings (public API v10,
   * "Privileged Intents"). A bot that identifies with one not listed is closed with
   * 4014, as the service closes it. Default: none, as for a new application.
   */
  readonly privilegedIntents?: readonly PrivilegedIntent[] | undefined
}

/** A privileged gateway intent, by the name discord-api-types gives its bit (`GatewayIntentBits`). */
export type PrivilegedIntent = 'GuildMembers' | 'GuildPresences' | 'MessageContent'

const SCOPE_UPDATE = 'applications.commands.update'
const SCOPE_PERMISSIONS = 'applications.commands.permissions.update'

/** The applications by id; `undefined` when the emulator takes any token for any application. */
export type Apps = ReadonlyMap<string, EmulatorApplication> | undefined

export function credential(header: string | undefined): Credential | undefined {
  const m = header === undefined ? null : /^(Bot|Bearer) (\S+)$/.exec(header.trim())
  return m === null ? undefined : { kind: m[1] as 'Bot' | 'Bearer', token: m[2] as string }
}

/** Whose limits a request spends: the application its credential belongs to, or `anonymous` (one loopback address). */
export function requester(apps: Apps, ids: PathIds | undefined, who: Credential | undefined): string {
  if (who === undefined) return 'anonymous'
  if (apps === undefined) return ids?.app ?? `token:${who.token}`
  return findApp(apps, who)?.id ?? 'anonymous'
}

/**
 * The user a per-user limit counts ("Limits"): a Bearer token's user (`bearerUsers`,
 * else the application), the application for its bot token; without applications,
 * a Bearer token of digits is that user and any other token a user of its own.
 * `undefined` for no credential or an unknown one (answered 401, no user to count).
 */
export function limitedUser(apps: Apps, who: Credential | undefined): string | undefined {
  if (who === undefined) return undefined
  if (apps === undefined) return who.kind === 'Bearer' && isSnowflake(who.token) ? who.token : `token:${who.kind}:${who.token}`
  const app = findApp(apps, who)
  if (app === undefined) return undefined
  return who.kind === 'Bearer' ? (app.bearerUsers?.[who.token] ?? app.id) : app.id
}

function findApp(apps: Apps, who: Credential): EmulatorApplication | undefined {
  for (const a of apps?.values() ?? []) if (who.kind === 'Bot' ? a.botToken === who.token : a.bearerTokens !== undefined && Object.hasOwn(a.bearerTokens, who.token)) return a
  return undefined
}

/**
 * "Authentication", by the route's `Auth` (routes.ts): command endpoints take a bot
 * token or a Bearer token of the application (writes need the scope
 * applications.commands.update); the permissions PUT takes only a Bearer token with
 * applications.commands.permissions.update (a bot token is an error, rule 1); lobby
 * endpoints take only `Bot <token>`, some a Bearer token too. Returns the key of the
 * application the request acts for, or a refusal.
 */
export function authorize(apps: Apps, auth: Auth, ids: PathIds, who: Credential | undefined): string | EmulatorReply {
  if (auth === 'token') return ''
  if (who === undefined) return unauthorized()
  // "Authentication": the lobby token must be prefixed with Bot "or it does not work";
  // the OpenAPI lets some lobby endpoints take an OAuth2 Bearer token too.
  if (auth === 'bot' && who.kind !== 'Bot') return unauthorized()
  // Public API v10: a bot token on an endpoint bots cannot use is 403 with code 20001.
  if (auth === 'app.permissions' && who.kind === 'Bot') return fail(403, ErrorCode.BotsCannotUseEndpoint, 'Bots cannot use this endpoint')
  const needs = auth === 'app.permissions' ? SCOPE_PERMISSIONS : auth === 'app.update' ? SCOPE_UPDATE : undefined
  if (apps === undefined) return ids.app ?? `token:${who.token}`
  const app = findApp(apps, who)
  if (app === undefined) return unauthorized()
  if (ids.app !== undefined && ids.app !== app.id) return missingAccess()
  if (who.kind === 'Bearer' && needs !== undefined && !(app.bearerTokens?.[who.token] ?? []).includes(needs)) return missingAccess()
  return app.id
}
