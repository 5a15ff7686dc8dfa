/**
 * GET /applications/@me (public API v10, OpenAPI `get_my_application`, bot token
 * only): the application of the bot token, as `PrivateApplicationResponse` has it.
 * Deploy scripts read it to learn their application id (`@discordjs/core`'s
 * `api.applications.getCurrent()`, discord.js's `client.application.fetch()`).
 * The emulator knows an application's id, its signing key (`verify_key`, the key
 * its interactions are signed with), its interactions endpoint and its installs;
 * every other required field has the value of a new application.
 */
import { IntegrationType, InteractionCallbackType, InteractionType, isRecord, type Issue } from '../internal.js'
import { type Apps, authorize, credential, type EmulatorApplication } from './auth.js'
import { ErrorCode, fail, invalidBody, json, unauthorized } from './errors.js'
import type { EmulatorReply } from './http.js'
import { CALLBACK_TIMEOUT_MS, deliver } from './invoke/deliver.js'
import { base64urlBytes, type Keyring } from './invoke/signing.js'
import { interactionToken } from './model.js'
import { applicationFlags } from './gateway/intents.js'
import { parseUrl } from './routes.js'

/** The application a bot token acts for: a configured one's id, else the id a bot token carries in its first part (base64 of the id, unpadded). */
export function applicationOf(owner: string): string | undefined {
  if (!owner.startsWith('token:')) return owner
  const bytes = base64urlBytes((owner.slice('token:'.length).split('.')[0] ?? '').replace(/=+$/, ''))
  const id = bytes === undefined ? '' : String.fromCharCode(...bytes.slice(0, 20))
  return /^\d{17,20}$/.test(id) && bytes?.length === id.length ? id : undefined
}

/** The application an `Authorization` header's bot token acts for, as the bot routes find it (the gateway's Identify too). */
export function botApplication(apps: Apps, authorization: string | undefined): string | undefined {
  const owner = authorize(apps, 'bot', {}, credential(authorization))
  return typeof owner === 'string' ? applicationOf(owner) : undefined
}

/** For a request of GET or PATCH /applications/@me, the application whose signing key its answer needs (the key is made asynchronously, before the request is routed). */
export function wantsApplication(apps: Apps, url: string, headers: Readonly<Record<string, string>>): string | undefined {
  const segments = parseUrl(url)?.segments
  if (segments?.length !== 2 || segments[0] !== 'applications' || segments[1] !== '@me') return undefined
  return botApplication(apps, Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1])
}

/** What the answers of /applications/@me read: each application's verify key once made, and its interactions endpoint URL. */
export interface ApplicationViews {
  readonly keys: Map<string, string>
  readonly endpoints: Map<string, string>
  /** The verdicts of endpoint verifications (`verifyEndpoint`) by `${app} ${url}`: `true`, or why it failed. */
  readonly verdicts: Map<string, true | string>
}

/** The answer of GET /applications/@me for the caller `owner` (`authorize`'s result), with its verify key if made. */
export function currentApplication(owner: string, apps: Apps, views: ApplicationViews): EmulatorReply {
  const id = applicationOf(owner)
  // A token that names no application: the service knows no such bot.
  if (id === undefined) return unauthorized()
  const key = views.keys.get(id)
  if (key === undefined) return fail(503, ErrorCode.General, 'the signing key is not ready: ask again')
  return json(200, presentApplication(id, apps?.get(id), key, views.endpoints.get(id)))
}

/** Public API v10 ("Setting Up an Endpoint"): what the service answers a URL that fails its checks. */
const UNVERIFIED = 'The specified interactions endpoint url could not be verified.'

/**
 * PATCH /applications/@me (OpenAPI `update_my_application`): the emulator keeps
 * `interactions_endpoint_url`, which the service takes only once the URL answers a
 * signed PING with PONG and one with a wrong signature with 401 (`verifyEndpoint`,
 * run before the request is routed); `null` removes it. Any other field of the
 * OpenAPI's `ApplicationFormPartial` is refused with what the emulator keeps, not taken in silence.
 */
export function editApplication(owner: string, apps: Apps, views: ApplicationViews, body: unknown): EmulatorReply {
  const id = applicationOf(owner)
  if (id === undefined) return unauthorized()
  if (!isRecord(body)) return invalidBody([{ code: 'value.type', path: [], message: 'body must be a JSON object of application fields' }])
  const others = Object.keys(body).filter((key) => key !== URL_KEY)
  if (others.length > 0)
    return invalidBody(others.map((key) => ({ code: 'field.unknown', path: [key], message: `body.${key} is not kept by the emulator, which keeps only ${URL_KEY}` })))
  const url = body[URL_KEY]
  if (url === null) views.endpoints.delete(id)
  else if (url !== undefined) {
    const problem = urlProblem(url)
    if (problem !== undefined) return invalidBody([problem])
    const verdict = views.verdicts.get(`${id} ${url}`)
    if (verdict === undefined) return fail(503, ErrorCode.General, 'the endpoint is not verified yet: ask again')
    if (verdict !== true)
      return fail(400, ErrorCode.InvalidFormBody, 'Invalid Form Body', {
        errors: { [URL_KEY]: { _errors: [{ code: 'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID', message: `${UNVERIFIED} (${verdict})` }] } },
      })
    views.endpoints.set(id, url as string)
  }
  return currentApplication(owner, apps, views)
}

const URL_KEY = 'interactions_endpoint_url'
/** OpenAPI `ApplicationFormPartial.interactions_endpoint_url`: a URI of at most 2048 characters. */
const URL_MAX = 2048

/** Why a value is no `interactions_endpoint_url`, if it is not one. */
function urlProblem(url: unknown): Issue | undefined {
  const path = [URL_KEY]
  if (typeof url !== 'string') return { code: 'value.type', path, message: `body.${URL_KEY} must be a string or null` }
  if (url.length > URL_MAX) return { code: 'string.length', path, message: `body.${URL_KEY} must be at most ${URL_MAX} characters long (was ${url.length})` }
  return /^https?:\/\/[^\s/?#]+/i.test(url) ? undefined : { code: 'url.format', path, message: `body.${URL_KEY} must be an absolute http or https URL` }
}

/** The URL a PATCH /applications/@me body would set, when it names one to verify. */
export function endpointToVerify(method: string, body: string | Uint8Array): string | undefined {
  if (method.toUpperCase() !== 'PATCH' || typeof body !== 'string' || !body.includes('interactions_endpoint_url')) return undefined
  try {
    const url = (JSON.parse(body) as { interactions_endpoint_url?: unknown } | null)?.interactions_endpoint_url
    return urlProblem(url) === undefined ? (url as string) : undefined
  } catch {
    return undefined
  }
}

/**
 * The service's check of a new endpoint (public API v10, "Setting Up an Endpoint"):
 * a PING signed with the application's key must be answered 200 with PONG, and the
 * same PING with a wrong signature 401. `true`, or what failed.
 */
export async function verifyEndpoint(url: string, applicationId: string, keys: Keyring, clock: () => number, id: string): Promise<true | string> {
  const body = JSON.stringify({ id, application_id: applicationId, type: InteractionType.Ping, token: interactionToken(id), version: 1 })
  const headers = await keys.headers(applicationId, body, clock() / 1000)
  const good = await deliver(url, body, headers, CALLBACK_TIMEOUT_MS)
  if (good.kind === 'error' || good.kind === 'timeout') return good.kind === 'timeout' ? 'the signed PING was not answered within 3 seconds' : good.message
  let pong: unknown
  try {
    pong = good.kind === 'response' ? JSON.parse(good.text) : undefined
  } catch {
    pong = undefined
  }
  if (good.status !== 200 || !isRecord(pong) || pong.type !== InteractionCallbackType.Pong) return `the signed PING was answered ${good.status}, not 200 with {"type":1}`
  // The last hex digit of the signature changed: a forged request.
  const sig = headers['x-signature-ed25519'] as string
  const forged = { ...headers, 'x-signature-ed25519': sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0') }
  const bad = await deliver(url, body, forged, CALLBACK_TIMEOUT_MS)
  if (bad.kind === 'error' || bad.kind === 'timeout') return bad.kind === 'timeout' ? 'the PING with a wrong signature was not answered within 3 seconds' : bad.message
  return bad.status === 401 ? true : `the PING with a wrong signature was answered ${bad.status}, not 401`
}

/** A user object (OpenAPI `UserResponse`) of a new account. */
const user = (id: string, username: string) => ({ id, username, global_name: null, avatar: null, discriminator: '0', public_flags: 0, flags: 0 })

/** The bot user of an application: its id, a name of its own; what GET /applications/@me and the gateway's READY show. */
export const botUser = (id: string) => ({ ...user(id, `app-${id.slice(-4)}`), bot: true })

function presentApplication(id: string, app: EmulatorApplication | undefined, verifyKey: string, endpoint: string | undefined): Record<string, unknown> {
  const bot = botUser(id)
  const users = app?.installs?.users?.length ?? 0
  const flags = applicationFlags(app)
  return {
    id,
    name: bot.username,
    icon: null,
    description: '',
    type: null,
    bot,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: verifyKey,
    flags,
    flags_new: String(flags),
    redirect_uris: [],
    interactions_endpoint_url: endpoint ?? null,
    role_connections_verification_url: null,
    // Both installation contexts, as a new application has them.
    integration_types_config: { [IntegrationType.GuildInstall]: {}, [IntegrationType.UserInstall]: {} },
    owner: user('0', 'owner'),
    approximate_guild_count: app?.installs?.guilds?.length ?? 0,
    approximate_user_install_count: users,
    approximate_user_authorization_count: users,
    explicit_content_filter: 0,
    team: null,
    eligible_oauth2_scopes: [],
  }
}
