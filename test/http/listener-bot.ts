/**
 * The bot of the `nodeListener` tests (node-listener.test.ts, node-listener-h2.test.ts):
 * the emulator with `/echo` deployed, and the listener of a bot whose client calls
 * it. `/echo text:slow` takes 200 ms, past the bot's 50 ms deferral.
 */
import { commands, option, slash } from '../../src/index.js'
import { createEmulator } from '../../src/emulator/index.js'
import { createHandler, nodeListener, type Refusal } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, delay } from './helpers.js'

export const TOKEN = 'bot-token'
export const USER = { id: '300000000000000003', username: 'alice' }
export const GUILD = { guild: { id: '400000000000000004' }, channel: { id: '500000000000000005' } }
const echo = slash('echo', 'Echo').options(option.string('text', 'Text').required())
const app = commands(echo)

export async function bot() {
  const emulator = createEmulator({ applications: [{ id: APP, botToken: TOKEN }], rateLimits: { global: false } })
  const rest = createClient({ token: `Bot ${TOKEN}`, applicationId: APP, fetch: emulator.fetch, baseUrl: emulator.baseUrl })
  await rest.deploy(app)
  const errors: unknown[] = []
  const refused: Refusal[] = []
  /** The host of each refused request's URL. */
  const hosts: string[] = []
  const handler = createHandler({
    publicKey: await emulator.publicKey(APP),
    app,
    rest,
    deferAfter: 50,
    onError: (e) => void errors.push(e),
    onRefused: (r, request) => {
      refused.push(r)
      hosts.push(new URL(request.url).host)
    },
    handlers: {
      echo: async ({ options }) => {
        if (options.text === 'slow') await delay(200)
        return `echo ${options.text}`
      },
    },
  })
  return { emulator, listener: nodeListener(handler), errors, refused, hosts }
}

/**
 * The process's warnings while `run` runs: those of one code (their messages), or
 * `'any'` (each as `name: message`; Node warns of a header HTTP/2 forbids, say).
 */
export async function warnings<T>(code: string, run: () => Promise<T>): Promise<{ result: T; seen: string[] }> {
  const seen: string[] = []
  const on = (w: Error & { code?: string }) => {
    if (code === 'any') seen.push(`${w.name}: ${w.message}`)
    else if (w.code === code) seen.push(w.message)
  }
  process.on('warning', on)
  try {
    const result = await run()
    // Warnings are emitted on the next tick.
    await delay(10)
    return { result, seen }
  } finally {
    process.off('warning', on)
  }
}
