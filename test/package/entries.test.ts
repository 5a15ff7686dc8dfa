/**
 * The package's entries as a program imports them (package.json "exports"):
 * `slashkit/rest` and `slashkit/emulator` load the core from `slashkit` itself, in
 * ESM and in CJS, so a `ValidationError` the client throws is the root's class and
 * a builder made with the root is read by the client. Runs against dist/
 * (test/support/global-setup.ts builds it when missing or stale).
 */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const APP = '100000000000000001'

describe('package entries', () => {
  it('ESM: the client, the emulator and the root share one core', async () => {
    const root = await import('slashkit')
    const { createClient } = await import('slashkit/rest')
    const { createEmulator } = await import('slashkit/emulator')
    const emulator = createEmulator()
    const rest = createClient({ token: 't', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
    expect((await rest.createCommand(root.slash('ping', 'Pong'))).name).toBe('ping')
    const error = await rest.createCommand({ name: 'Ping', description: 'x' } as never).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(root.ValidationError)
  })

  it('slashkit/redis: createRedisStore in ESM and CJS, a store the client takes, loading no Redis client of its own', async () => {
    const esm = await import('slashkit/redis')
    const cjs = require('slashkit/redis') as typeof import('slashkit/redis')
    const { createClient } = await import('slashkit/rest')
    for (const { createRedisStore } of [esm, cjs]) {
      const calls: string[] = []
      const store = createRedisStore({ script: async () => 'sha', evalsha: async (sha) => (calls.push(sha), [0, 0, '1']) })
      expect(() => createClient({ token: 't', applicationId: APP, rateLimitStore: store })).not.toThrow()
      expect(await store.take({ global: { key: 'k', limit: 1, window: 1000 } }, 0)).toEqual({ wait: 0, ticket: '1' })
      expect(calls).toEqual(['sha'])
    }
  })

  it('CJS: the same, through require, and the loopback server starts', async () => {
    const root = require('slashkit') as typeof import('slashkit')
    const { createClient } = require('slashkit/rest') as typeof import('slashkit/rest')
    const { startEmulator } = require('slashkit/emulator') as typeof import('slashkit/emulator')
    const server = await startEmulator()
    try {
      const rest = createClient({ token: 't', applicationId: APP, baseUrl: server.url })
      const result = await rest.deploy(root.commands(root.slash('ping', 'Pong')))
      expect(result.applied).toBe(true)
      const error = await rest.deploy([{ name: 'Ping', description: 'x' } as never]).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(root.ValidationError)
    } finally {
      await server.close()
    }
  })

  it('ESM and CJS: slashkit/http and slashkit/testing load the core and the client from their entries (one class each)', async () => {
    const root = await import('slashkit')
    const http = await import('slashkit/http')
    const testing = await import('slashkit/testing')
    const { createEmulator } = await import('slashkit/emulator')
    const { createClient, RestError } = await import('slashkit/rest')
    // fakeInteraction is in slashkit/testing only (issue 28 item 6).
    expect('fakeInteraction' in root).toBe(false)
    const keys = await testing.generateTestKeys()
    const emulator = createEmulator()
    const rest = createClient({ token: 't', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
    const ping = root.slash('ping', 'Pong')
    const errors: unknown[] = []
    const handler = http.createHandler({ publicKey: keys.publicKey, app: root.commands(ping), rest, onError: (e) => errors.push(e), handlers: { ping: () => 'pong' } })
    const { id, token } = emulator.interactions.open(APP)
    const res = await handler(await keys.request({ ...testing.fakeInteraction(ping, {}), id, token, application_id: APP }))
    expect(await res.json()).toEqual({ type: 4, data: { content: 'pong' } })
    const cjs = require('slashkit/http') as typeof import('slashkit/http')
    expect(typeof cjs.createHandler).toBe('function')
    // A builder of the CommonJS build given to the ESM slashkit/testing, and the reverse: read through its own toJSON.
    const cjsRoot = require('slashkit') as typeof import('slashkit')
    const cjsTesting = require('slashkit/testing') as typeof import('slashkit/testing')
    const cjsBan = cjsRoot.slash('ban', 'Ban').options(cjsRoot.option.integer('days', 'Days').required())
    expect(testing.fakeInteraction(cjsBan, { options: { days: 3 } }).data.options).toEqual([{ type: 4, name: 'days', value: 3 }])
    expect(
      root.parse(cjsBan, cjsTesting.fakeInteraction(root.slash('ban', 'Ban').options(root.option.integer('days', 'Days').required()), { options: { days: 2 } })),
    ).toMatchObject({
      options: { days: 2 },
    })
    const refused = await rest.interactions.followUp(token, 'x').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(RestError)
  })
})
