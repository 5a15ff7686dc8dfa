/**
 * Emulator fidelity (issue 14): hostile shapes answered as the service would, not
 * with a 500; bodies in another media type refused; a bulk element's id never
 * changes a command's type; null on a nullable field stored as absent; the locale
 * header of the public API read as well as the spec's.
 */
import { describe, expect, it } from 'vitest'
import { global, guild, issuesOf, setup } from './helpers.js'

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n)
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)

describe('deeply nested bodies are a 400, never a 500 (validated before anything is copied)', () => {
  it('PATCH of a command with options nested 100000 deep, or a dictionary 50000 deep', async () => {
    const { call, raw } = setup()
    const c = await call('POST', global(), { name: 'ping', description: 'Pong' })
    const r1 = await raw('PATCH', global(`/${c.body.id}`), `{"options":${deepArray(100_000)}}`)
    expect(r1.status).toBe(400)
    expect(issuesOf(r1)).toEqual([['value.type', ['options', 0]]])
    const r2 = await raw('PATCH', global(`/${c.body.id}`), `{"name_localizations":${deepObject(50_000)}}`)
    expect(r2.status).toBe(400)
    expect(issuesOf(r2)).toEqual([
      ['locale.unknown', ['name_localizations', 'a']],
      ['value.type', ['name_localizations', 'a']],
    ])
    // The command is unchanged.
    expect((await call('GET', global(`/${c.body.id}`))).body).toMatchObject({ name: 'ping', description: 'Pong' })
  })

  it('the same shapes in a create, a bulk overwrite and a lobby body', async () => {
    const { raw } = setup()
    expect((await raw('POST', global(), `{"name":"a","description":"b","options":${deepArray(100_000)}}`)).status).toBe(400)
    expect((await raw('PUT', global(), `[{"name":"a","description":"b","options":${deepArray(100_000)}}]`)).status).toBe(400)
    expect((await raw('POST', '/lobbies', `{"metadata":${deepObject(50_000)}}`)).status).toBe(400)
  })
})

describe('bodies that are not JSON ("All bodies are JSON")', () => {
  it('refuses a body sent as text/plain or a form with 415, and reads application/json with a charset', async () => {
    const { raw } = setup()
    const body = JSON.stringify({ name: 'ping', description: 'Pong' })
    const text = await raw('POST', global(), body, { 'content-type': 'text/plain' })
    expect(text.status).toBe(415)
    expect(text.body.message).toContain('must be JSON')
    expect((await raw('POST', '/lobbies', '{}', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415)
    expect((await raw('POST', global(), body, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(201)
  })
})

describe('a bulk element with the id of a command of another type ("Command endpoints" rule 3)', () => {
  it("does not change that command's type: it is matched by type and name, and the other command is deleted", async () => {
    const { call, emulator } = setup()
    const [user] = (await call('PUT', global(), [{ type: 2, name: 'Profile' }])).body
    const r = await call('PUT', global(), [{ id: user.id, name: 'profile', description: 'A CHAT_INPUT command now' }])
    expect(r.status).toBe(200)
    expect(r.body[0].type).toBe(1)
    expect(r.body[0].id).not.toBe(user.id)
    expect(emulator.state.commands('100000000000000001').map((c) => [c.type, c.name])).toEqual([[1, 'profile']])
  })
})

describe('null on a nullable field is stored as absent (DESIGN.md "Rulings")', () => {
  it('a command created with type, options and integration_types null comes back as a CHAT_INPUT command without them', async () => {
    const { call } = setup()
    const r = await call('POST', global(), { name: 'ping', description: 'Pong', type: null, options: null, integration_types: null })
    expect(r.status).toBe(201)
    expect(r.body.type).toBe(1)
    expect(r.body.options).toBeUndefined()
    expect(r.body.integration_types).toEqual([0])
  })

  it('a guild bulk overwrite with contexts and integration types is stored and returned as sent ("Bulk guild body")', async () => {
    const { call } = setup()
    const r = await call('PUT', guild(), [{ name: 'ping', description: 'Pong', contexts: [0, 1], integration_types: [0, 1] }])
    expect(r.status).toBe(200)
    expect(r.body[0]).toMatchObject({ contexts: [0, 1], integration_types: [0, 1] })
    expect((await call('POST', guild(), { name: 'pong', description: 'Ping', contexts: [0] })).status).toBe(400)
    // An edit of that command may leave its contexts alone, but not send them ("Edit body (guild)").
    const id = r.body[0].id as string
    const edited = await call('PATCH', guild(`/${id}`), { description: 'Pong!' })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ description: 'Pong!', contexts: [0, 1] })
    expect(issuesOf(await call('PATCH', guild(`/${id}`), { contexts: [0] }))).toEqual([['scope.global_only', ['contexts']]])
  })
})

describe('the requester\'s locale ("Other command rules" 7)', () => {
  it("reads X-Service-Locale, the spec's header, and X-Discord-Locale, the public API's, in its place", async () => {
    const { call } = setup()
    await call('POST', global(), { name: 'ban', description: 'Ban', name_localizations: { fr: 'bannir' } })
    expect((await call('GET', global(), undefined, { 'x-service-locale': 'fr' })).body[0].name_localized).toBe('bannir')
    expect((await call('GET', global(), undefined, { 'x-discord-locale': 'fr' })).body[0].name_localized).toBe('bannir')
    expect((await call('GET', global(), undefined, { 'x-service-locale': 'de', 'x-discord-locale': 'fr' })).body[0].name_localized).toBeUndefined()
  })
})
