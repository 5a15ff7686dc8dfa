/**
 * Helpers of the invoke tests: an emulator with commands deployed through its own
 * HTTP interface, and app endpoints that verify the emulator's Ed25519 signature
 * with WebCrypto before answering (no mock: the real signature, the real check).
 */
import { setup, APP, GUILD, type Setup } from '../helpers.js'
import { createEmulator, startEmulator, type EmulatorOptions, type EndpointRequest, type InvokeInput, type InvokeResult } from '../../../src/emulator/index.js'
import { connect, type FetchHandler } from '../../../src/testing/index.js'
import { createClient, type CommandListInput } from '../../../src/rest/index.js'
import { serve } from '../../../src/http/index.js'

export { APP, GUILD }
export const CHANNEL = '500000000000000005'
export const ALICE = '600000000000000006'
export const MOD_ROLE = '700000000000000007'

export interface World extends Setup {
  /** Deploys a global (or guild) bulk list; returns the stored commands. */
  deploy(list: unknown[], guildId?: string): Promise<any[]>
  /** PUT overwrites for a command (or the application id) in GUILD. */
  overwrite(id: string, permissions: { id: string; type: 1 | 2 | 3; permission: boolean }[], guildId?: string): Promise<void>
  /** Invokes with defaults: APP, the endpoint, ALICE in GUILD's CHANNEL. */
  invoke(input: Partial<InvokeInput> & Pick<InvokeInput, 'command'>): Promise<InvokeResult>
  /** Interactions the endpoint received, verified. */
  readonly received: any[]
}

/** Verifies the signature headers over timestamp + body with the public key (hex). */
export async function verify(publicKeyHex: string, signatureHex: string, timestamp: string, body: string): Promise<boolean> {
  const bytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16))
  const key = await crypto.subtle.importKey('raw', bytes(publicKeyHex), { name: 'Ed25519' }, false, ['verify'])
  return crypto.subtle.verify({ name: 'Ed25519' }, key, bytes(signatureHex), new TextEncoder().encode(timestamp + body))
}

export type Answerer = (interaction: any) => unknown | Promise<unknown>

/** An endpoint function: 401 without a valid signature, else the answerer's JSON (a default message). */
export function endpointFor(world: { emulator: Setup['emulator']; received: any[] }, answer: Answerer = (i) => ({ type: 4, data: { content: `pong from ${i.data.name}` } })) {
  return async (request: EndpointRequest): Promise<Response> => {
    const body = await request.text()
    const ok = await verify(await world.emulator.publicKey(APP), request.headers.get('x-signature-ed25519') ?? '', request.headers.get('x-signature-timestamp') ?? '', body)
    if (!ok) return new Response('bad signature', { status: 401 })
    const interaction = JSON.parse(body)
    world.received.push(interaction)
    return Response.json(await answer(interaction))
  }
}

export function world(answer?: Answerer): World {
  const s = setup()
  const received: any[] = []
  const w: World = {
    ...s,
    received,
    async deploy(list, guildId) {
      const path = guildId === undefined ? `/applications/${APP}/commands` : `/applications/${APP}/guilds/${guildId}/commands`
      const r = await s.call('PUT', path, list)
      if (r.status !== 200) throw new Error(`deploy failed: ${JSON.stringify(r.body)}`)
      return r.body
    },
    async overwrite(id, permissions, guildId = GUILD) {
      const r = await s.call('PUT', `/applications/${APP}/guilds/${guildId}/commands/${id}/permissions`, { permissions })
      if (r.status !== 200) throw new Error(`overwrite failed: ${JSON.stringify(r.body)}`)
    },
    invoke: (input) =>
      s.emulator.invoke({
        applicationId: APP,
        endpoint: endpointFor(w, answer),
        user: { id: ALICE, username: 'alice' },
        place: { guild: { id: GUILD }, channel: { id: CHANNEL, name: 'general' } },
        ...input,
      }),
  }
  return w
}

/**
 * An emulator (rate limits off) with `app` deployed through slashkit's own client,
 * for the tests that run slashkit's handler against it: the emulator, the client
 * (the handler's `rest`) and the public key the handler verifies with.
 */
export async function deployed(app: CommandListInput) {
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
  const rest = createClient({ token: 'Bot token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  await rest.deploy(app)
  return { emulator, rest, publicKey: await emulator.publicKey(APP) }
}

/**
 * A bot joined to an emulator as the service joins them (`connect`): `make` gets the
 * emulator's key and a client of its webhook endpoints and returns the handler (a
 * real `createHandler`); `app` is deployed. The emulator's rate limits are off.
 */
export async function joined(app: CommandListInput, make: (given: { publicKey: string; rest: ReturnType<typeof createClient> }) => FetchHandler, options: EmulatorOptions = {}) {
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false }, ...options })
  const bot = await connect(emulator, (publicKey, { applicationId, baseUrl, fetch }) =>
    make({ publicKey, rest: createClient({ token: 'Bot bot', applicationId, baseUrl, fetch }) }),
  )
  await createClient({ token: 'Bot bot', applicationId: bot.applicationId, baseUrl: emulator.baseUrl, fetch: emulator.fetch }).deploy(app)
  return { bot, emulator }
}

/**
 * A bot and the emulator as they run for real: the emulator on a loopback socket
 * (`startEmulator`), the handler `make` returns served on another (`serve`), its
 * client calling the emulator over HTTP; `app` deployed. `close()` stops both.
 */
export async function onLoopback(app: CommandListInput, make: (given: { publicKey: string; rest: ReturnType<typeof createClient> }) => FetchHandler) {
  const running = await startEmulator({ rateLimits: { global: false, dailyCreates: false } })
  const rest = createClient({ token: 'Bot bot', applicationId: APP, baseUrl: running.url })
  await rest.deploy(app)
  const server = await serve(make({ publicKey: await running.emulator.publicKey(APP), rest }), { port: 0 })
  return {
    emulator: running.emulator,
    endpoint: `${server.url}/interactions`,
    close: async () => {
      await server.close()
      await running.close()
    },
  }
}
