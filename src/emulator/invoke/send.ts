/**
 * The delivery every step of the conversation ends in (public API v10; the spec
 * does not show the transport): the interaction opened at the registry (the id and
 * token its callback and webhook endpoints accept), signed with the application's
 * key, POSTed to the app's endpoint (deliver.ts), and the HTTP answer handed to the
 * registry as the callback, checked as the callback endpoint would check it. While
 * the answer is taken, the app's webhook calls wait for it (`registry.delivery`).
 */
import {
  CommandType,
  InteractionContextType,
  PermissionFlags,
  type AnyInteraction,
  type InteractionType,
  type CanUseResult,
  type InteractionResponseJSON,
  type Issue,
} from '../../internal.js'
import { CALLBACK_WINDOW_MS, type OpenedInteraction, TOKEN_LIFETIME_MS } from '../interaction-types.js'
import type { InteractionRegistry, Open } from '../interactions.js'
import { readMessageForm, type Upload } from '../uploads.js'
import { CALLBACK_TIMEOUT_MS, deliver } from './deliver.js'
import { overGateway } from './over-gateway.js'
import type { Answered, Delivery, GatewayDelivery, InvokeFailed, InvokeFailureCode, InvokeRefusalCode, InvokeRefused } from './invoke-types.js'
import type { Keyring } from './signing.js'
import { watch } from './transcript.js'
import { bitsOf, type Index } from './world.js'

/** What a delivery needs of the emulator: its registry, its keys, its clock. */
export interface SendContext {
  readonly registry: InteractionRegistry
  readonly keys: Keyring
  readonly clock: () => number
  /** The `interactionsEndpointUrl` an application was configured with, if any. */
  readonly endpointOf?: ((applicationId: string) => string | undefined) | undefined
  /** The gateway, for an application with no endpoint: its bot's sessions get INTERACTION_CREATE. */
  readonly gateway?: GatewayDelivery | undefined
  /** The context an endpoint function gets (`serviceContext`): where this emulator is. */
  readonly service?: object | undefined
}

/** What a freshly added bot usually holds: view, send, embed, attach, history, reactions, external emojis. */
export const DEFAULT_APP_PERMISSIONS = ((1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 6n) | (1n << 18n)).toString()

/**
 * `app_permissions` where the app has no bot: a user-installed app in a guild it is
 * not in (public API v10 changelog, 2022-06-29: for an app without a bot user,
 * @everyone's permissions limited to those an interaction response can use,
 * ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE and USE_EXTERNAL_EMOJIS). An
 * @everyone the test does not declare holds all four, as a new guild's does.
 */
export function botlessPermissions(index: Pick<Index, 'roles' | 'guildId'>): string {
  const f = PermissionFlags
  const usable = f.AttachFiles | f.EmbedLinks | f.MentionEveryone | f.UseExternalEmojis
  const everyone = index.guildId === undefined ? undefined : index.roles.get(index.guildId)
  return ((everyone === undefined ? usable : bitsOf(everyone.permissions)) & usable).toString()
}

/**
 * `app_permissions` outside a guild (public API v10, the interaction object: in a DM or
 * a group DM, ATTACH_FILES, EMBED_LINKS and MENTION_EVERYONE; USE_EXTERNAL_EMOJIS too in
 * the DM with the app's bot user, context BOT_DM).
 */
export function dmPermissions(context: number): string {
  const f = PermissionFlags
  return (f.AttachFiles | f.EmbedLinks | f.MentionEveryone | (context === InteractionContextType.BotDm ? f.UseExternalEmojis : 0n)).toString()
}

/** A refusal before anything is delivered. */
export const refusal = (code: InvokeRefusalCode, path: readonly (string | number)[], message: string, access?: CanUseResult): InvokeRefused =>
  access === undefined ? { outcome: 'refused', code, path, message } : { outcome: 'refused', code, path, message, access }

/** Delivers `prepared` (a payload with everything but its id and token) from `userId`, and reads the answer. */
export async function send<
  I extends AnyInteraction & {
    type: Exclude<InteractionType, typeof InteractionType.Ping | typeof InteractionType.SocialLayerSkuPurchaseEligibility>
    channel_id?: string
    guild_id?: string
  },
>(
  ctx: SendContext,
  input: Delivery,
  prepared: I,
  userId: string,
  extra: { readonly focusedType?: number; readonly message?: string; readonly triggering?: Readonly<Record<string, unknown>> },
): Promise<InvokeFailed<I> | Answered<I>> {
  const app = prepared.application_id
  const registry = ctx.registry
  const opened = registry.open(app, {
    type: prepared.type,
    channelId: prepared.channel_id as string,
    userId,
    ...(prepared.guild_id === undefined ? {} : { guildId: prepared.guild_id }),
    ...(extra.focusedType === undefined ? {} : { focusedType: extra.focusedType }),
    ...(extra.message === undefined ? {} : { message: { id: extra.message } }),
    ...(extra.triggering === undefined ? {} : { triggering: extra.triggering }),
  })
  const interaction = { ...prepared, id: opened.id, token: opened.token } as I
  const entry = registry.entry(opened.id) as Open
  entry.payload = interaction as unknown as Record<string, unknown>
  const timeoutMs = input.timeoutMs ?? CALLBACK_TIMEOUT_MS
  const endpoint = input.endpoint ?? ctx.endpointOf?.(app)
  if (endpoint === undefined) {
    // Public API v10: without an interactions endpoint URL, interactions go to the bot's gateway connection.
    if (ctx.gateway?.connected(app, prepared.guild_id) === true) return overGateway(ctx.gateway, registry, ctx.clock, opened, interaction, timeoutMs)
    const message = `no endpoint given, and application ${app} has no interactionsEndpointUrl and no gateway session connected${prepared.guild_id === undefined ? '' : ` on the shard of guild ${prepared.guild_id}`}`
    return { outcome: 'failed', code: 'endpoint.unreachable', message, interaction, ms: 0 }
  }
  const body = JSON.stringify(interaction)
  const headers = await ctx.keys.headers(app, body, ctx.clock() / 1000)
  const delivery = registry.delivery(opened.id)
  // The 3 seconds and the token's 15 minutes count from the sending, as deliver's own timer does: the time since
  // the opening (the signing, among the other deliveries of a busy process) is the service's own, not the app's.
  const sentAt = ctx.clock()
  ;(entry as { opened: OpenedInteraction }).opened = { ...entry.opened, openedAt: sentAt, answerBy: sentAt + CALLBACK_WINDOW_MS, expiresAt: sentAt + TOKEN_LIFETIME_MS }
  try {
    const out = await deliver(endpoint, body, headers, timeoutMs, delivery.answered, ctx.service)
    const fail = (code: InvokeFailureCode, message: string, status?: number): InvokeFailed<I> =>
      status === undefined ? { outcome: 'failed', code, message, interaction, ms: out.ms } : { outcome: 'failed', code, message, status, interaction, ms: out.ms }
    if (out.kind === 'timeout') return fail('endpoint.timeout', `the endpoint did not answer within ${timeoutMs} ms; the user sees "The application did not respond"`)
    if (out.kind === 'error') return fail(out.code, out.message)
    const text = out.kind === 'form' ? '' : out.text
    if (out.status < 200 || out.status > 299) return fail('endpoint.status', `the endpoint answered ${out.status}: ${text.slice(0, 200)}`, out.status)
    let callback: unknown
    let uploads: readonly Upload[] = []
    if (out.kind === 'form') {
      // A callback with files in the HTTP answer: read as the callback endpoint reads one (docs/emulator.md, "Files").
      if ((prepared as { data?: { type?: unknown } }).data?.type === CommandType.Message)
        return fail(
          'endpoint.callback',
          'the endpoint answered a MESSAGE command with multipart/form-data, which the service is reported to refuse (discord-api-docs issue 5933): answer with JSON, and send files through the callback endpoint or an edit',
          out.status,
        )
      const form = readMessageForm(out.bytes, out.contentType)
      if ('status' in form) {
        const body = JSON.parse(form.body) as { code: number; issues?: readonly Issue[] }
        const failed = fail('endpoint.callback', `the callback was refused (${form.status}): ${form.body.slice(0, 400)}`, out.status)
        return { ...failed, refusal: { code: body.code, issues: body.issues ?? [] } }
      }
      callback = form.value
      uploads = form.uploads
    } else {
      try {
        callback = JSON.parse(text)
      } catch {
        return fail('endpoint.garbage', `the endpoint answered ${out.status} with a body that is not JSON: ${JSON.stringify(text.slice(0, 80))}`, out.status)
      }
    }
    // The HTTP answer is the callback: the registry checks it as its callback endpoint would.
    const taken = registry.respond(opened.id, callback, uploads)
    if (taken.status < 200 || taken.status > 299) {
      const body = taken.body as { code: number; issues?: readonly Issue[] }
      const failed = fail('endpoint.callback', `the callback was refused (${taken.status}): ${JSON.stringify(taken.body).slice(0, 400)}`, out.status)
      return { ...failed, refusal: { code: body.code, issues: body.issues ?? [] } }
    }
    return { outcome: 'answered', interaction, callback: callback as InteractionResponseJSON, ms: out.ms, ...watch(registry, opened.id, ctx.clock) }
  } finally {
    delivery.done()
  }
}
