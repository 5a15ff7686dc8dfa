/**
 * The credential ("Authentication": `Bot <token>`, `Bearer <token>`) never shows
 * in an error, a hook's payload or the CLI's output: every message, stack, cause
 * and payload is searched for it. A token a header cannot carry is refused when
 * the client is created, with its position and never its text.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../src/index.js'
import { ENV, run } from '../../src/cli/run.js'
import { createEmulator } from '../../src/emulator/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, GUILD } from './helpers.js'

const SECRET = 'MTE5.S3cr3t-T0ken_x'

/** Every string reachable from a value: messages, stacks, causes, fields, nested payloads. */
function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value !== 'object' || value === null || seen.has(value)) return []
  seen.add(value)
  const out: string[] = []
  if (value instanceof Error) out.push(value.message, String(value.stack), String(value), ...strings(value.cause, seen))
  for (const key of Object.getOwnPropertyNames(value)) out.push(key, ...strings((value as Record<string, unknown>)[key], seen))
  return out
}

const leaks = (value: unknown, secret = SECRET): string[] => strings(value).filter((s) => s.includes(secret) || s.includes(secret.slice(5)))

describe('tokens checked at createClient ("Authentication")', () => {
  const hostile = [
    `Bot ${SECRET.slice(0, 6)}\r\n${SECRET.slice(6)}`,
    `${SECRET.slice(0, 4)}\u0000${SECRET.slice(4)}`,
    `bot ${SECRET}`,
    `Bearer  ${SECRET}`,
    `Bot ${SECRET} x`,
    `${SECRET}é`,
    `Basic ${SECRET}`,
    `Bot\t${SECRET}`,
  ]

  it.each(hostile.map((t) => [JSON.stringify(t).slice(0, 12), t]))('refuses %s… with an issue that does not quote it', (_, token) => {
    let error: unknown
    try {
      createClient({ token, applicationId: APP })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues).toEqual([expect.objectContaining({ code: 'value.type', path: ['token'] })])
    expect(leaks(error)).toEqual([])
  })

  it('accepts `Bot <token>`, `Bearer <token>` and a bare bot token; white space around it (a line break read from a file) is trimmed', () => {
    for (const token of [`Bot ${SECRET}`, `Bearer ${SECRET}`, SECRET, ` ${SECRET} `, `Bot ${SECRET}\n`]) expect(() => createClient({ token, applicationId: APP })).not.toThrow()
  })

  it('a per-call token is checked the same way', async () => {
    const rest = createClient({ token: SECRET, applicationId: APP, fetch: createEmulator().fetch })
    const error = await rest.putPermissions(GUILD, APP, [], { token: `Bearer ${SECRET.slice(0, 8)}\n${SECRET.slice(8)}` }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect(leaks(error)).toEqual([])
  })
})

describe('no error or hook payload holds the token', () => {
  it('across answers, refusals, rate limits, network errors and timeouts', async () => {
    const payloads: unknown[] = []
    const errors: unknown[] = []
    const hooks = { onRequest: (i: unknown) => void payloads.push(i), onResponse: (i: unknown) => void payloads.push(i), onRateLimit: (i: unknown) => void payloads.push(i) }
    const emulator = createEmulator({ applications: [{ id: APP, botToken: SECRET }], rateLimits: { global: 2, dailyCreates: false } })
    const rest = createClient({ token: `Bot ${SECRET}`, applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch, hooks, rejectOnRateLimit: true, globalLimit: 2 })
    const wrong = createClient({ token: `Bot ${SECRET}x`, applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch, hooks })
    const attempts: Promise<unknown>[] = [
      rest.getCommand('300000000000000003'),
      rest.listCommands(),
      rest.listCommands(),
      wrong.listCommands(),
      rest.createCommand({ name: 'Bad', description: 'x' }),
      rest.putPermissions(GUILD, APP, []),
      rest.getLobby('x'),
    ]
    for (const a of attempts)
      errors.push(
        await a.then(
          () => undefined,
          (e: unknown) => e,
        ),
      )
    // A refused connection and a server that never answers.
    const hung = createServer(() => {})
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve))
    const port = (hung.address() as AddressInfo).port
    const slow = createClient({ token: `Bot ${SECRET}`, applicationId: APP, baseUrl: `http://127.0.0.1:${port}/api/v10`, timeout: 50, retries: 0, hooks })
    errors.push(await slow.listCommands().catch((e: unknown) => e))
    hung.closeAllConnections()
    await new Promise((resolve) => hung.close(resolve))
    const refused = createClient({ token: `Bot ${SECRET}`, applicationId: APP, baseUrl: `http://127.0.0.1:${port}/api/v10`, retries: 0, hooks })
    errors.push(await refused.listCommands().catch((e: unknown) => e))

    expect(errors.map((e) => (e as Error | undefined)?.name)).toEqual([
      'RestError',
      undefined,
      'RateLimitError',
      'RestError',
      'ValidationError',
      'CredentialError',
      'ValidationError',
      'RestNetworkError',
      'RestNetworkError',
    ])
    expect(payloads.length).toBeGreaterThan(5)
    expect(leaks(errors)).toEqual([])
    expect(leaks(payloads)).toEqual([])
  })
})

describe('the interaction token in a failed fetch', () => {
  // node-fetch's FetchError reads "request to <url> failed, reason: ...": the URL of a webhook call holds the interaction's token.
  const INTERACTION_TOKEN = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5.Zm9sbG93LXVw-secret_part'
  const urlInMessage = (async (url: string) => {
    const cause = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:9 (${url})`), { code: 'ECONNREFUSED' })
    throw Object.assign(new Error(`request to ${url} failed, reason: connect ECONNREFUSED`), { cause, type: 'system' })
  }) as never
  const noCode = (async (url: string) => {
    throw new Error(`fetch failed for ${url}`, { cause: new Error(`bad port in ${url}`) })
  }) as never

  it.each([
    ['with a system code', urlInMessage, 'ECONNREFUSED'],
    ['without a code', noCode, 'ENETWORK'],
  ])('%s: the error, its message, stack and cause show :token, never the token', async (_, fetch, code) => {
    const rest = createClient({ applicationId: APP, baseUrl: 'http://127.0.0.1:9/api/v10', fetch, retries: 0 })
    const error = (await rest.interactions.followUp(INTERACTION_TOKEN, 'late').catch((e: unknown) => e)) as Error & { code?: string; path?: string }
    expect(error).toMatchObject({ name: 'RestNetworkError', code, path: `/webhooks/${APP}/:token` })
    expect(error.message).toContain(':token')
    // Without a code, the innermost words (undici's "fetch failed" holds "bad port" in its cause).
    if (code === 'ENETWORK') expect(error.message).toContain(`bad port in http://127.0.0.1:9/api/v10/webhooks/${APP}/:token`)
    expect(leaks(error, INTERACTION_TOKEN)).toEqual([])
  })
})

describe('the CLI never prints the token', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const world = (token: string, baseUrl: string, fetch?: (typeof globalThis)['fetch']) => {
    const lines: string[] = []
    const w = {
      stdout: (l: string) => void lines.push(l),
      stderr: (l: string) => void lines.push(l),
      env: { [ENV.token]: token, [ENV.applicationId]: APP, [ENV.baseUrl]: baseUrl },
      cwd: root,
      ...(fetch === undefined ? {} : { fetch }),
    }
    return { w, lines }
  }

  it('for a token a header cannot carry, a refused token and an unreachable address', async () => {
    const emulator = createEmulator({ applications: [{ id: APP, botToken: 'right' }] })
    const bad = world(`${SECRET}\u0007`, emulator.baseUrl, emulator.fetch as never)
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], bad.w)).toBe(1)
    const refused = world(SECRET, emulator.baseUrl, emulator.fetch as never)
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], refused.w)).toBe(1)
    const nowhere = world(SECRET, 'http://127.0.0.1:9/api/v10')
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], nowhere.w)).toBe(1)
    const all = [...bad.lines, ...refused.lines, ...nowhere.lines]
    expect(all.join('\n')).toMatch(/token/)
    expect(all.join('\n')).toContain('401')
    expect(all.join('\n')).toContain('127.0.0.1:9')
    expect(leaks(all)).toEqual([])
  })
})
