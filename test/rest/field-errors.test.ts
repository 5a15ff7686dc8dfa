/**
 * A body the service refuses names its fields: public API v10, "Opcodes and Status
 * Codes" (JSON error codes): a 400 Invalid Form Body (code 50035) nests its errors
 * by the path of the field in `errors`, each leaf's list under `_errors` as
 * `{ code, message }`, and an error of the body as a whole under the top-level
 * `_errors`. Its `message` is only "Invalid Form Body": `RestError` flattens the
 * tree to `fieldErrors` and its message names the first three, so a log line says
 * which field the service refused. A real server on 127.0.0.1 answers as the
 * service does; the emulator's own refusals read the same.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createClient, RestError } from '../../src/rest/index.js'
import { APP, connect } from './helpers.js'

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})

/** A loopback server that answers every request with `status` and `body` (JSON). */
async function answering(status: number, body: unknown): Promise<string> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`
}

async function refusal(body: unknown, token = 'Bot secret-token'): Promise<RestError> {
  const rest = createClient({ token, applicationId: APP, baseUrl: await answering(400, body), retries: 0 })
  const error = await rest.createCommand({ name: 'ping', description: 'Pong' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(RestError)
  return error as RestError
}

describe('the field errors of a 400 Invalid Form Body (public API v10, JSON error codes)', () => {
  it("the public documentation's example: each leaf's errors at its path, list indices as numbers, in the body's order", async () => {
    const error = await refusal({
      code: 50035,
      errors: {
        activities: {
          '0': {
            platform: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: "Value must be one of {'desktop', 'android', 'ios'}." }] },
            type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {0, 1, 2, 3, 4, 5}.' }] },
          },
        },
      },
      message: 'Invalid Form Body',
    })
    expect(error.fieldErrors).toEqual([
      { path: ['activities', 0, 'platform'], code: 'BASE_TYPE_CHOICES', message: "Value must be one of {'desktop', 'android', 'ios'}." },
      { path: ['activities', 0, 'type'], code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {0, 1, 2, 3, 4, 5}.' },
    ])
    expect(error.message).toBe(
      `POST /applications/${APP}/commands answered 400: Invalid Form Body (code 50035); body.activities[0].platform: Value must be one of {'desktop', 'android', 'ios'}. (BASE_TYPE_CHOICES); body.activities[0].type: Value must be one of {0, 1, 2, 3, 4, 5}. (BASE_TYPE_CHOICES)`,
    )
  })

  it('an error of the body as a whole (a top-level _errors) is named as the body', async () => {
    const error = await refusal({
      code: 50035,
      message: 'Invalid Form Body',
      errors: { _errors: [{ code: 'APPLICATION_COMMAND_TOO_LARGE', message: 'Command exceeds maximum size (8000)' }] },
    })
    expect(error.fieldErrors).toEqual([{ path: [], code: 'APPLICATION_COMMAND_TOO_LARGE', message: 'Command exceeds maximum size (8000)' }])
    expect(error.message).toMatch(/\(code 50035\); body: Command exceeds maximum size \(8000\) \(APPLICATION_COMMAND_TOO_LARGE\)$/)
  })

  it('past three, the message counts the rest; fieldErrors has them all', async () => {
    const names = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [String(i), { name: { _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] } }]))
    const error = await refusal({ code: 50035, message: 'Invalid Form Body', errors: { options: names } })
    expect(error.fieldErrors.map((e) => e.path)).toEqual([0, 1, 2, 3, 4].map((i) => ['options', i, 'name']))
    expect(error.message).toMatch(/body\.options\[2\]\.name: This field is required \(BASE_TYPE_REQUIRED\); \+2 in fieldErrors$/)
  })

  it('a body without errors (a 403, a 404) has none, and its message is as before', async () => {
    const error = await refusal({ code: 50001, message: 'Missing Access' })
    expect(error.fieldErrors).toEqual([])
    expect(error.message).toBe(`POST /applications/${APP}/commands answered 400: Missing Access (code 50001)`)
  })

  it('a hostile tree: __proto__ and constructor keys stay keys, odd entries are skipped or blank, and at most 100 are kept', async () => {
    const many = { _errors: Array.from({ length: 5000 }, (_, i) => ({ code: 'X', message: `m${i}` })) }
    const body = JSON.parse(
      `{"code":50035,"message":"Invalid Form Body","errors":{"__proto__":{"_errors":[{"code":"P","message":"polluted?"}]},"constructor":{"_errors":"not a list"},"odd":{"_errors":[7,null,{"code":1}]},"1e3":{"_errors":[{"code":"K","message":"a key, not an index"}]},"flood":${JSON.stringify(many)}}}`,
    )
    const error = await refusal(body)
    expect(error.fieldErrors.slice(0, 5)).toEqual([
      { path: ['__proto__'], code: 'P', message: 'polluted?' },
      { path: ['odd'], code: '', message: '' },
      { path: ['odd'], code: '', message: '' },
      { path: ['odd'], code: '', message: '' },
      { path: ['1e3'], code: 'K', message: 'a key, not an index' },
    ])
    expect(error.fieldErrors).toHaveLength(100)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    expect(error.message).toContain('; body.__proto__: polluted? (P); body.odd:  (); body.odd:  (); +97 in fieldErrors')
    expect(error.message.length).toBeLessThan(600)
  })

  it('a message past 300 characters is cut in the line; a credential the server quotes back is hidden', async () => {
    const error = await refusal(
      {
        code: 50035,
        message: 'Invalid Form Body',
        errors: {
          content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: `${'x'.repeat(400)}` }] },
          name: { _errors: [{ code: 'T', message: 'token Bot secret-token is wrong' }] },
        },
      },
      'Bot secret-token',
    )
    expect(error.message).toContain(`body.content: ${'x'.repeat(300)}... (400 characters) (BASE_TYPE_MAX_LENGTH)`)
    expect(error.message).not.toContain('secret-token')
    expect(JSON.stringify(error.fieldErrors)).not.toContain('secret-token')
  })

  it("the emulator's refusal reads the same: the field, its code, a message that does not repeat the path", async () => {
    const { rest } = connect()
    const u = await rest.createCommand({ type: 2, name: 'Profile' })
    const error = (await rest.editCommand(u.id, { description: 'x' }).catch((e: unknown) => e)) as RestError
    // Each leaf's message without its path, as the service's are (before: "body.description: description is not allowed ...").
    expect(error.fieldErrors).toEqual([{ path: ['description'], code: 'field.not_allowed', message: 'is not allowed on a USER command; it applies to CHAT_INPUT commands' }])
    expect(error.message).toMatch(/answered 400: Invalid Form Body \(code 50035\); body\.description: is not allowed on a USER command/)
    // slashkit's own issues, beside them, keep the whole message.
    expect(error.issues?.[0]?.message).toBe('description is not allowed on a USER command; it applies to CHAT_INPUT commands')
  })
})
