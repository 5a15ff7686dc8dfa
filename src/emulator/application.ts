/**
 * GET /applications/@me (public API v10, OpenAPI `get_my_application`, bot token
 * only): the application of the bot token, as `PrivateApplicationResponse` has it.
 * Deploy scripts read it to learn their application id (`@discordjs/core`'s
 * `api.applications.getCurrent()`, discord.js's `client.application.fetch()`).
 * The emulator knows an application's id, its signing key (`verify_key`, the key
 * its interactions are signed with), its interactions endpoint and its installs;
 * every other required field has the value of a new application.
 */
import { IntegrationType } from '../internal.js'
import { type Apps, authorize, credential, type EmulatorApplication } from './auth.js'
import { ErrorCode, fail, json, unauthorized } from './errors.js'
import type { EmulatorReply } from './http.js'
import { base64urlBytes } from './invoke/signing.js'
import { parseUrl } from './routes.js'

/** The application a bot token acts for: a configured one's id, else the id a bot token carries in its first part (base64 of the id, unpadded). */
export function applicationOf(owner: string): string | undefined {
  if (!owner.startsWith('token:')) return owner
  const bytes = base64urlBytes((owner.slice('token:'.length).split('.')[0] ?? '').replace(/=+$/, ''))
  const id = bytes === undefined ? '' : String.fromCharCode(...bytes.slice(0, 20))
  return /^\d{17,20}$/.test(id) && bytes?.length === id.length ? id : undefined
}

/** For a request of GET /applications/@me, the application whose signing key its answer needs (the key is made asynchronously, before the request is routed). */
export function wantsApplication(apps: Apps, url: string, headers: Readonly<Record<string, string>>): string | undefined {
  const segments = parseUrl(url)?.segments
  if (segments?.length !== 2 || segments[0] !== 'applications' || segments[1] !== '@me') return undefined
  const header = Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1]
  const owner = authorize(apps, 'bot', {}, credential(header))
  return typeof owner === 'string' ? applicationOf(owner) : undefined
}

/** The answer of GET /applications/@me for the caller `owner` (`authorize`'s result), with its verify key if made. */
export function currentApplication(owner: string, apps: Apps, verifyKey: (id: string) => string | undefined): EmulatorReply {
  const id = applicationOf(owner)
  // A token that names no application: the service knows no such bot.
  if (id === undefined) return unauthorized()
  const key = verifyKey(id)
  if (key === undefined) return fail(503, ErrorCode.General, 'the signing key is not ready: ask again')
  return json(200, presentApplication(id, apps?.get(id), key))
}

/** A user object (OpenAPI `UserResponse`) of a new account. */
const user = (id: string, username: string) => ({ id, username, global_name: null, avatar: null, discriminator: '0', public_flags: 0, flags: 0 })

function presentApplication(id: string, app: EmulatorApplication | undefined, verifyKey: string): Record<string, unknown> {
  const bot = { ...user(id, `app-${id.slice(-4)}`), bot: true }
  const users = app?.installs?.users?.length ?? 0
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
    flags: 0,
    flags_new: '0',
    redirect_uris: [],
    interactions_endpoint_url: app?.interactionsEndpointUrl ?? null,
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
