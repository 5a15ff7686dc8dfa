/**
 * Helpers of the slashkit/http tests: a generated key pair (real WebCrypto
 * Ed25519), an emulator with a clock, a REST client on it, and `deliver`, which
 * does what the service does with an interaction: open it at the emulator, send it
 * signed to the handler, and hand the HTTP answer to the emulator as the callback.
 */
import type { CommandSet } from '../../src/index.js'
import { createEmulator, type Emulator } from '../../src/emulator/index.js'
import type { DispatchError } from '../../src/http/index.js'
import { createClient, type RestClient } from '../../src/rest/index.js'
import { connect, generateTestKeys, type FetchHandler, type TestKeys } from '../../src/testing/index.js'

export const APP = '100000000000000001'

export async function world() {
  const keys: TestKeys = await generateTestKeys()
  const clock = { now: Date.now() }
  const emulator = createEmulator({ now: () => clock.now, rateLimits: { global: false, dailyCreates: false } })
  const rest = createClient({ token: 'Bot token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  const errors: unknown[] = []
  /** Opens the interaction at the emulator, delivers it signed, passes the answer back; returns the answer and the record. */
  const deliver = async (handler: (r: Request) => Promise<Response>, input: object, type: 1 | 2 | 3 | 4 | 5 = (input as { type?: 2 }).type ?? 2) => {
    const payload = input as Record<string, unknown>
    const opened = emulator.interactions.open(APP, { type, ...(payload.message === undefined ? {} : { message: payload.message as Record<string, unknown> }) })
    const body = { ...payload, id: opened.id, token: opened.token, application_id: APP }
    const res = await handler((await keys.request(body)) as Request)
    const text = await res.text()
    const answer = res.status === 200 ? JSON.parse(text) : undefined
    if (answer !== undefined) emulator.interactions.respond(opened.id, answer)
    return { status: res.status, text, answer, id: opened.id, record: () => emulator.interactions.get(opened.id) }
  }
  return { keys, emulator, rest, clock, errors, onError: (e: unknown) => void errors.push(e), deliver }
}

/** Resolves after `ms` real milliseconds. */
export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Waits until `check` holds (polling every 5 ms, at most 2 s). */
export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await delay(5)
  if (!check()) throw new Error('until: the condition never held')
}

/** What `connected` gives the handler it makes: the emulator's key, a client on it, and an `onError` that keeps what it is told. */
export interface Joined {
  readonly publicKey: string
  readonly rest: RestClient
  readonly onError: (error: DispatchError) => void
}

/**
 * A handler joined to an emulator by `connect` (the user played into it, each step
 * resolved once its work is done), `app` deployed: `make` spreads what it is given
 * into `createHandler`'s options. What the handler tells `onError` is in `errors`.
 */
export async function connected(app: CommandSet, make: (joined: Joined) => FetchHandler, emulator: Emulator = createEmulator()) {
  const errors: DispatchError[] = []
  const bot = await connect(emulator, (publicKey, { applicationId, baseUrl, fetch }) =>
    make({ publicKey, rest: createClient({ applicationId, baseUrl, fetch }), onError: (e) => void errors.push(e) }),
  )
  await createClient({ token: 'test', applicationId: bot.applicationId, baseUrl: emulator.baseUrl, fetch: emulator.fetch }).deploy(app)
  return { bot, emulator, errors }
}
