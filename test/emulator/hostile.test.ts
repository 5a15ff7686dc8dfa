/**
 * Hostile input: whatever a request holds, the emulator answers with an error
 * body, never a crash and never a 500 (spec: "Errors"; public API v10 codes for
 * what the spec does not show).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { APP, BOT, GUILD, global, guild, issuesOf, setup } from './helpers.js'

describe('hostile requests', () => {
  it('answers a body that is not JSON with 400, code 50109, on every endpoint that takes one', async () => {
    const { raw, call } = setup()
    const c = (await call('POST', global(), { name: 'ping', description: 'Pong' })).body
    const l = (await call('POST', '/lobbies', {})).body
    for (const [method, path] of [
      ['POST', global()],
      ['PUT', guild()],
      ['PATCH', global(`/${c.id}`)],
      ['PUT', guild(`/${c.id}/permissions`)],
      ['POST', '/lobbies'],
      ['PATCH', `/lobbies/${l.id}`],
      ['PUT', `/lobbies/${l.id}/members/${APP}`],
    ] as const) {
      for (const body of ['{', 'undefined', "{'a':1}", '\u0000', '[1,]']) {
        const r = await raw(method, path, body)
        expect(r.status, `${method} ${path} ${body}`).toBe(400)
        expect(r.body.code).toBe(50109)
      }
    }
  })

  it('answers bodies of the wrong JSON type with 400 and issues', async () => {
    const { call } = setup()
    const c = (await call('POST', global(), { name: 'ping', description: 'Pong' })).body
    for (const body of [null, 1, 'x', [], true]) {
      expect((await call('POST', global(), body)).status).toBe(400)
      expect((await call('PATCH', global(`/${c.id}`), body)).status).toBe(400)
      expect((await call('PUT', guild(`/${c.id}/permissions`), body)).status).toBe(400)
    }
    expect((await call('POST', global())).status).toBe(400) // no body at all
    expect((await call('PUT', global(), null)).status).toBe(400)
  })

  it('treats __proto__ keys as data: refused where unknown, kept as a key where keys are free, no prototype changed', async () => {
    const { raw, call } = setup()
    const r = await raw('POST', global(), '{"name":"ping","description":"Pong","__proto__":{"nsfw":true}}')
    expect(issuesOf(r)).toEqual([['field.unknown', ['__proto__']]])
    expect(r.body.errors.__proto__._errors[0].code).toBe('field.unknown')
    const l = await raw('POST', '/lobbies', '{"metadata":{"__proto__":"x","a":"b"}}')
    expect(l.status).toBe(201)
    expect(Object.keys(l.body.metadata)).toEqual(['__proto__', 'a'])
    const m = await raw('PUT', `/lobbies/${l.body.id}/members/${APP}`, '{"metadata":{"__proto__":"y"}}')
    expect(Object.keys(m.body.metadata)).toEqual(['__proto__'])
    const p = await raw('PATCH', global('/1'), '{"__proto__":{"type":2}}')
    expect(p.status).toBe(404)
    const c = (await call('POST', global(), { name: 'pong', description: 'x' })).body
    expect(issuesOf(await raw('PATCH', global(`/${c.id}`), '{"__proto__":{"name":"evil"}}'))).toEqual([['field.unknown', ['__proto__']]])
    expect(({} as { nsfw?: unknown }).nsfw).toBeUndefined()
    // A header named __proto__ is a header like any other.
    const odd = JSON.parse('{"__proto__":"x"}') as Record<string, string>
    expect(Object.keys(odd)).toEqual(['__proto__'])
    expect((await call('GET', global(), undefined, odd)).status).toBe(200)
  })

  it('answers a method a path does not take with 405, and an unknown path with 404', async () => {
    const { call } = setup()
    for (const [method, path] of [
      ['DELETE', global()],
      ['PATCH', guild()],
      ['POST', global('/1')],
      ['GET', '/lobbies'],
      ['POST', '/lobbies/1'],
      ['GET', `/lobbies/1/members/2`],
      ['DELETE', guild('/permissions')],
      ['HEAD', global()],
      ['BREW', global()],
    ] as const)
      expect((await call(method, path)).status, `${method} ${path}`).toBe(405)
    for (const path of ['/', '/applications', `/applications/${APP}`, `/applications/abc/commands`, global('/ping'), global('/1/2'), '/lobbies/x', `${global()}/`, '/users/@me'])
      expect((await call('GET', path)).status, path).toBe(404)
    const { emulator } = setup()
    expect(emulator.handle({ method: 'GET', url: `/api/v9${global()}`, headers: { authorization: BOT }, body: '' }).status).toBe(404)
    expect(emulator.handle({ method: 'GET', url: 'http://x/api/v10/%E0%A4%A', headers: {}, body: '' }).status).toBe(404)
  })

  it('survives deep nesting, huge arrays and long strings', async () => {
    const { raw, call } = setup()
    expect((await raw('POST', global(), '['.repeat(100_000) + ']'.repeat(100_000))).status).toBe(400)
    expect((await raw('POST', global(), `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`)).status).toBe(400)
    expect(
      (
        await call(
          'PUT',
          global(),
          Array.from({ length: 5000 }, () => ({ name: 'x', description: 'y' })),
        )
      ).status,
    ).toBe(400)
    expect((await call('POST', global(), { name: 'x'.repeat(100_000), description: 'y' })).status).toBe(400)
  })

  it('answers any JSON body on any route with a status below 500 (property)', async () => {
    const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false, lobbies: false } })
    const paths = [global(), guild(), global('/1'), guild('/1/permissions'), guild(`/${APP}/permissions`), '/lobbies', '/lobbies/1', '/lobbies/1/members/2']
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
    const statuses = new Set<number>()
    fc.assert(
      fc.property(fc.constantFrom(...methods), fc.constantFrom(...paths), fc.jsonValue(), fc.boolean(), (method, path, body, bearer) => {
        const r = emulator.handle({ method, url: `/api/v10${path}`, headers: { authorization: bearer ? 'Bearer t' : 'Bot t' }, body: JSON.stringify(body) ?? '' })
        statuses.add(r.status)
        expect(r.status).toBeLessThan(500)
        if (r.body !== '') expect(typeof JSON.parse(r.body)).toBe('object')
      }),
      { numRuns: 400 },
    )
    expect(statuses.has(400)).toBe(true)
  })

  it('answers well-formed but odd command bodies from fast-check with 2xx or 400 only', async () => {
    const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
    const body = fc.record(
      { name: fc.oneof(fc.constant('ping'), fc.string()), description: fc.string(), type: fc.integer({ min: -1, max: 5 }), nsfw: fc.anything() },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(body, fc.boolean(), (b, inGuild) => {
        const r = emulator.handle({ method: 'POST', url: `/api/v10${inGuild ? guild() : global()}`, headers: { authorization: BOT }, body: JSON.stringify(b) ?? '' })
        expect([200, 201, 400]).toContain(r.status)
      }),
      { numRuns: 300 },
    )
  })

  it('takes a Request, a URL object and a non-string body, as fetch does', async () => {
    const emulator = createEmulator()
    const headers = { authorization: BOT, 'content-type': 'application/json' }
    const url = `${emulator.baseUrl}${guild()}`
    const viaRequest = await emulator.fetch(new Request(url, { method: 'POST', headers, body: JSON.stringify({ name: 'a', description: 'b' }) }))
    expect(viaRequest.status).toBe(201)
    const viaUrl = await emulator.fetch(new URL(url), { headers: new Headers(headers) })
    expect(await viaUrl.json()).toHaveLength(1)
    const bytes = new TextEncoder().encode(JSON.stringify({ name: 'b', description: 'c' }))
    expect((await emulator.fetch(url, { method: 'POST', headers: [['authorization', BOT]], body: bytes })).status).toBe(201)
    expect(emulator.state.commands(APP, GUILD)).toHaveLength(2)
  })
})
