/**
 * Helpers of the emulator tests: an emulator with a controlled clock, and `call`,
 * one request through its in-process `fetch`, with the body parsed.
 */
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js'

export const APP = '100000000000000001'
export const OTHER_APP = '100000000000000009'
export const GUILD = '200000000000000002'
export const OTHER_GUILD = '200000000000000003'
export const USER_ID = '300000000000000003'
export const ROLE = '400000000000000004'

export const BOT = 'Bot bot-token'
export const BEARER = 'Bearer bearer-token'

/** What a call returns: the status, the parsed JSON body (undefined when empty) and the headers. */
export interface Answer {
  readonly status: number
  readonly body: any
  readonly headers: { get(name: string): string | null }
}

export interface Setup {
  readonly emulator: Emulator
  /** The controlled clock, in ms; advance it with `tick`. */
  readonly clock: { now: number }
  tick(ms: number): void
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>
  /** A raw body, sent as it is. */
  raw(method: string, path: string, body: string, headers?: Record<string, string>): Promise<Answer>
}

/** An emulator on a clock that only moves when told; rate limits off unless given. */
export function setup(options: EmulatorOptions = {}): Setup {
  const clock = { now: 1_700_000_000_000 }
  const emulator = createEmulator({ now: () => clock.now, rateLimits: { global: false, lobbies: false, dailyCreates: false }, ...options })
  const raw = async (method: string, path: string, body: string | undefined, headers: Record<string, string> = {}): Promise<Answer> => {
    const init: { method: string; headers: Record<string, string>; body?: string } = {
      method,
      headers: { authorization: path.startsWith('/lobbies') ? BOT : BEARER, 'content-type': 'application/json', ...headers },
    }
    if (body !== undefined) init.body = body
    const res = await emulator.fetch(`${emulator.baseUrl}${path}`, init)
    const text = await res.text()
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers }
  }
  return {
    emulator,
    clock,
    tick: (ms) => {
      clock.now += ms
    },
    call: (method, path, body, headers) => raw(method, path, body === undefined ? undefined : JSON.stringify(body), headers),
    raw: (method, path, body, headers) => raw(method, path, body, headers),
  }
}

/** The codes and paths of a 400's issues. */
export const issuesOf = (a: Answer): [string, (string | number)[]][] => (a.body?.issues ?? []).map((i: { code: string; path: (string | number)[] }) => [i.code, i.path])

export const global = (rest = ''): string => `/applications/${APP}/commands${rest}`
export const guild = (rest = '', g = GUILD): string => `/applications/${APP}/guilds/${g}/commands${rest}`
