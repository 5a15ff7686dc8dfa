/**
 * Every public option bag takes `undefined` on each optional property, as a user
 * fills it from the environment or another optional value
 * (`createClient({ baseUrl: process.env.DISCORD_API })`): DESIGN.md's ruling "a key
 * whose value is `undefined` is absent". Compiled with exactOptionalPropertyTypes
 * off and on (test-d/tsconfig.exact.json, the `tsc --init` default of TypeScript
 * 7), where a property typed `?: string` alone refuses `undefined`. The run time
 * gives each the default (test/package/undefined-options.test.ts).
 */
import { expectAssignable } from 'tsd'
import { commands, deferReply, option, reply, slash } from '../dist/index.js'
import type { Emulator, EmulatorApplication, EmulatorOptions, OpenInteractionOptions, StartOptions } from '../dist/emulator.js'
import { createEmulator, startEmulator } from '../dist/emulator.js'
import type { GatewayOptions, HandlerOptions, Messages, SendOptions, ServeOptions, VerifyOptions } from '../dist/http.js'
import { createGatewayHandler, createHandler, serve, verifyRequest } from '../dist/http.js'
import { createRedisStore } from '../dist/redis.js'
import type { CallbackOptions, ClientHooks, ClientOptions, DeployOptions, FileInput, ListOptions, LobbyAuthOptions, RequestOptions } from '../dist/rest.js'
import { createClient } from '../dist/rest.js'
import type { FakeModalInput, FakeSettings, SignedRequestOptions } from '../dist/testing.js'
import { connect, fakeInteraction, fakeModalSubmit, generateTestKeys } from '../dist/testing.js'

declare const env: Readonly<Record<string, string | undefined>>
declare const maybeNumber: number | undefined
declare const maybeFlag: boolean | undefined
declare const emulator: Emulator

const app = commands(slash('ping', 'Pong'))

// slashkit/rest: the client's options, its hooks and every per-call bag.
const client: ClientOptions = {
  applicationId: '1',
  token: env.DISCORD_TOKEN,
  baseUrl: env.DISCORD_API,
  fetch: undefined,
  retries: maybeNumber,
  retryBackoff: maybeNumber,
  timeout: maybeNumber,
  globalLimit: maybeNumber,
  rateLimitMargin: maybeNumber,
  rateLimitStore: undefined,
  rejectOnRateLimit: maybeFlag,
  hooks: { onRequest: undefined, onResponse: undefined, onRateLimit: undefined, onStoreError: undefined },
  maxRetryWait: maybeNumber,
  sleep: undefined,
  now: undefined,
  localeHeader: env.LOCALE_HEADER,
}
const rest = createClient(client)
expectAssignable<ClientHooks>({ onRequest: undefined })
expectAssignable<RequestOptions>({
  body: undefined,
  files: undefined,
  headers: undefined,
  token: undefined,
  signal: undefined,
  timeout: maybeNumber,
  globalLimit: maybeFlag,
  authorization: undefined,
})
expectAssignable<ListOptions>({ guildId: env.GUILD_ID, withLocalizations: maybeFlag, locale: env.LOCALE })
expectAssignable<DeployOptions>({ guildId: env.GUILD_ID, dryRun: maybeFlag, permissionGuilds: undefined })
expectAssignable<CallbackOptions>({ withResponse: maybeFlag, files: undefined })
expectAssignable<LobbyAuthOptions>({ token: env.OAUTH_TOKEN })
expectAssignable<FileInput>({ name: 'log.txt', data: new Uint8Array(), contentType: env.TYPE })
void rest.deploy(app, { guildId: env.GUILD_ID, dryRun: maybeFlag })
void rest.listCommands({ guildId: env.GUILD_ID, locale: env.LOCALE })
void rest.request('GET', '/gateway', { token: env.TOKEN, timeout: maybeNumber })
void rest.listLobbyMessages('1', { token: env.TOKEN, limit: maybeNumber })
void rest.putPermissions('1', '2', [], { token: env.TOKEN })
void rest.interactions.followUp('token', { content: 'x', files: undefined })

// slashkit/redis
declare const redis: Parameters<typeof createRedisStore>[0]
createRedisStore(redis, { prefix: env.REDIS_PREFIX })

// slashkit/http: createHandler, createGatewayHandler, serve, verifyRequest and the context's.
const notices: Messages = { misfit: undefined, error: undefined, unhandled: undefined, stale: undefined }
const handler = createHandler({
  publicKey: '0'.repeat(64),
  app,
  handlers: { ping: () => 'pong' },
  autocomplete: undefined,
  onError: undefined,
  rest: undefined,
  deferAfter: maybeNumber,
  deferEphemeral: maybeFlag,
  noAutoDefer: undefined,
  messages: notices,
  maxBodyBytes: maybeNumber,
  replayWindowSeconds: maybeNumber,
  now: undefined,
  onRefused: undefined,
})
createGatewayHandler({ app, handlers: { ping: () => 'pong' }, rest: undefined, onError: undefined, deferAfter: undefined, messages: undefined, others: undefined })
void serve(handler, { port: maybeNumber, host: env.HOST })
declare const request: Parameters<typeof verifyRequest>[0]
void verifyRequest(request, '0'.repeat(64), { maxBodyBytes: maybeNumber, replayWindowSeconds: maybeNumber, now: undefined })
expectAssignable<SendOptions>({ ephemeral: maybeFlag })
expectAssignable<ServeOptions>({ port: undefined, host: undefined })
expectAssignable<VerifyOptions>({ now: undefined })
expectAssignable<Partial<HandlerOptions<typeof app>>>({ deferAfter: undefined, replayWindowSeconds: undefined })
expectAssignable<Partial<GatewayOptions<typeof app>>>({ onError: undefined })
reply('x', { ephemeral: maybeFlag })
deferReply({ ephemeral: maybeFlag })

// slashkit/emulator
const emulated: EmulatorOptions = {
  applications: undefined,
  now: undefined,
  rateLimits: { global: maybeNumber, dailyCreates: undefined, lobbies: maybeFlag, routes: undefined, users: undefined },
  signingKey: env.KEY,
}
createEmulator(emulated)
void startEmulator({ port: maybeNumber, host: env.HOST, emulator: undefined, control: maybeFlag })
expectAssignable<StartOptions>({ port: undefined })
expectAssignable<EmulatorApplication>({ id: '1', botToken: env.BOT_TOKEN, bearerTokens: undefined, embedded: maybeFlag })
expectAssignable<OpenInteractionOptions>({ type: undefined, channelId: env.CHANNEL, guildId: env.GUILD_ID, message: undefined, token: undefined, userId: undefined })

// slashkit/testing
expectAssignable<SignedRequestOptions>({ timestamp: maybeNumber, url: env.URL, headers: undefined, method: undefined })
void generateTestKeys().then((keys) => keys.request({}, { timestamp: undefined, url: env.URL }))
expectAssignable<FakeSettings>({ guildId: env.GUILD_ID, channelId: env.CHANNEL, locale: env.LOCALE, user: undefined })
expectAssignable<FakeModalInput>({ customId: 'm', fields: {}, resolved: undefined, message: undefined, locale: env.LOCALE })
fakeModalSubmit({ customId: 'm', fields: {}, guildId: env.GUILD_ID })
// A fake's optional option, filled from an optional value (the run time leaves it out: test/parse/fake.test.ts).
const ban = slash('ban', 'Ban').options(option.user('target', 'Who').required(), option.integer('days', 'Days'), option.string('reason', 'Why'))
fakeInteraction(ban, { options: { target: {}, days: maybeNumber, reason: env.REASON } })
void connect(emulator, () => handler, { applicationId: env.APP_ID })
