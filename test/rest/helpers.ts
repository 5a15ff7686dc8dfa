/**
 * Helpers of the client tests: a client on an emulator's in-process `fetch`, with
 * every request the client sends recorded.
 */
import { createEmulator, type EmulatorOptions } from '../../src/emulator/index.js'
import { createClient, type ClientOptions, type FetchLike } from '../../src/rest/index.js'

import { APP } from '../emulator/helpers.js'

export { APP, GUILD } from '../emulator/helpers.js'

export interface Sent {
  readonly method: string
  readonly path: string
  readonly body: unknown
  readonly headers: Record<string, string>
}

/** `token: undefined` makes a client without a token. */
export function connect(options: Partial<ClientOptions> | { readonly token: undefined } = {}, emulatorOptions: EmulatorOptions = {}) {
  const clock = { now: 1_700_000_000_000 }
  const emulator = createEmulator({ now: () => clock.now, rateLimits: { global: false, dailyCreates: false }, ...emulatorOptions })
  const sent: Sent[] = []
  const fetch: FetchLike = (url, init) => {
    sent.push({
      method: init.method,
      path: url.slice(emulator.baseUrl.length),
      // A request with files carries a FormData (read in test/rest/files.test.ts).
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: init.headers,
    })
    return emulator.fetch(url, init)
  }
  /** What the client waited, in ms: its sleep moves the emulator's clock instead of waiting. */
  const waits: number[] = []
  const sleep = async (ms: number): Promise<void> => {
    waits.push(ms)
    clock.now += ms
  }
  const { token = 'Bearer token', ...rest_ } = options as Partial<ClientOptions>
  const rest = createClient({
    ...('token' in options && options.token === undefined ? {} : { token }),
    applicationId: APP,
    baseUrl: emulator.baseUrl,
    fetch,
    now: () => clock.now,
    sleep,
    ...rest_,
  })
  /** Another program of the same application, spending the same rate limits. */
  const other = createClient({ token: 'Bearer other', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch, now: () => clock.now })
  return { rest, emulator, sent, clock, other, waits }
}
