/**
 * Types of `slashkit/rest` and `slashkit/emulator`, against the built
 * declarations: the client takes builders and plain bodies and returns the wire
 * types; the emulator's `fetch` is a client `fetch`.
 */
import { expectAssignable, expectError, expectType } from 'tsd'
import { commands, option, overwrites, slash, user, type ApplicationCommand, type GuildCommandPermissions, type Lobby, type WebhookMessage } from '../dist/index.js'
import { createEmulator, startEmulator, type RunningEmulator, type StructuralFetch } from '../dist/emulator.js'
import {
  createClient,
  CredentialError,
  RateLimitStoreError,
  RestError,
  type DeployResult,
  type FetchLike,
  type FileInput,
  type RestClient,
  type StoreErrorInfo,
} from '../dist/rest.js'

const emulator = createEmulator()
expectAssignable<FetchLike>(emulator.fetch)
// tsd compiles with no DOM and no Node types: nothing declares the platform's fetch,
// so the emulator's is its structural one; under @types/node it is `typeof fetch`
// (test/types-node-latest/fetch.ts).
type DeclaredFetch = typeof globalThis extends { readonly fetch: infer F } ? F : StructuralFetch
expectType<DeclaredFetch>(emulator.fetch)
expectType<Promise<RunningEmulator>>(startEmulator({ port: 0 }))

const rest = createClient({ token: 't', applicationId: '1', baseUrl: emulator.baseUrl, fetch: emulator.fetch })
expectType<RestClient>(rest)
expectType<Promise<ApplicationCommand[]>>(rest.listCommands({ guildId: '2', withLocalizations: true, locale: 'de' }))
expectType<Promise<ApplicationCommand>>(rest.createCommand(slash('ping', 'Pong').options(option.string('text', 'Text'))))
expectType<Promise<ApplicationCommand>>(rest.createCommand({ name: 'ping', description: 'Pong' }))
expectType<Promise<ApplicationCommand>>(rest.createCommand({ type: 2, name: 'Profile' }, { guildId: '2' }))
expectType<Promise<ApplicationCommand[]>>(rest.bulkOverwrite(commands(slash('a', 'A'), user('B'))))
expectType<Promise<DeployResult>>(rest.deploy([slash('a', 'A'), { name: 'b', description: 'B' }], { dryRun: true }))
expectType<Promise<GuildCommandPermissions>>(rest.putPermissions('2', '3', overwrites('2').everyone(false), { token: 'Bearer x' }))
expectType<Promise<Lobby>>(rest.createLobby({ members: [{ id: '4' }] }))
expectType<number>(new RestError({ status: 404, body: null, method: 'GET', path: '/', route: 'GET /' }).status)

// Bodies of the wrong shape do not compile.
expectError(rest.createCommand({ nme: 'ping' }))
expectError(rest.editCommand('1', { type: 2 }))
expectError(rest.createLobby({ idle_timeout_seconds: '60' }))
expectError(createClient({ token: 't' }))

// A client without a token: the interaction endpoints, with files.
const hooks = createClient({ applicationId: '1', hooks: { onStoreError: (info: StoreErrorInfo) => void info.operation } })
const file: FileInput = { name: 'a.png', data: new Uint8Array([1]), contentType: 'image/png' }
expectType<Promise<WebhookMessage>>(hooks.interactions.followUp('token', { content: 'Here', files: [file] }))
expectError(hooks.interactions.followUp('token', { content: 'Here', files: [{ name: 'a.png', data: 'not bytes' }] }))
expectType<'Bot' | 'Bearer' | 'any'>(({} as CredentialError).needs)
expectType<string>(({} as RateLimitStoreError).store)
