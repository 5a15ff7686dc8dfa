/**
 * The lobby endpoints of the emulator (spec: "Lobby endpoints", "Lobby",
 * "LobbyMember", "States and transitions", "Errors", "Authentication").
 */
import { describe, expect, it } from 'vitest'
import { BEARER, issuesOf, setup } from './helpers.js'

const A = '500000000000000001'
const B = '500000000000000002'
const C = '500000000000000003'

describe('lobbies (spec: "Lobby endpoints")', () => {
  it('POST creates a lobby; its members are added on creation (rule 2); GET reads it', async () => {
    const { call } = setup()
    const r = await call('POST', '/lobbies', {
      metadata: { mode: 'duel' },
      members: [
        { id: A, metadata: { team: 'red' } },
        { id: B, flags: 1 },
      ],
      idle_timeout_seconds: 60,
    })
    // The spec shows no status; the OpenAPI's create_lobby answers 201.
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      metadata: { mode: 'duel' },
      members: [
        { id: A, metadata: { team: 'red' }, flags: 0 },
        { id: B, metadata: null, flags: 1 },
      ],
      idle_timeout_seconds: 60,
    })
    expect(r.body.id).toMatch(/^\d+$/)
    expect((await call('GET', `/lobbies/${r.body.id}`)).body).toEqual(r.body)
  })

  it('gives a lobby an application_id without configured applications (OpenAPI LobbyResponse: application_id is required)', async () => {
    const { call } = setup()
    const first = (await call('POST', '/lobbies', {})).body
    const second = (await call('POST', '/lobbies', {})).body
    expect(first.application_id).toMatch(/^\d{17,20}$/)
    // One caller, one application: the same id on each of its lobbies, and on a lobby's messages.
    expect(second.application_id).toBe(first.application_id)
    expect((await call('GET', `/lobbies/${first.id}`)).body.application_id).toBe(first.application_id)
    const other = (await call('POST', '/lobbies', {}, { authorization: 'Bot another-token' })).body
    expect(other.application_id).toMatch(/^\d{17,20}$/)
    expect(other.application_id).not.toBe(first.application_id)
  })

  it('accepts no body at all: every field is optional', async () => {
    const { raw } = setup()
    const r = await raw('POST', '/lobbies', '')
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ metadata: null, members: [] })
  })

  it('refuses bodies the rules refuse (validateLobby, validateLobbyMember): 400 with the issues', async () => {
    const { call } = setup()
    const members = Array.from({ length: 26 }, (_, i) => ({ id: String(10n ** 17n + BigInt(i)) }))
    expect(issuesOf(await call('POST', '/lobbies', { members, idle_timeout_seconds: 4 }))).toEqual([
      ['lobby.members', ['members']],
      ['lobby.idle_timeout', ['idle_timeout_seconds']],
    ])
    const l = (await call('POST', '/lobbies', {})).body
    expect(issuesOf(await call('PUT', `/lobbies/${l.id}/members/${A}`, { flags: 2 }))).toEqual([['enum.value', ['flags']]])
    expect(issuesOf(await call('PATCH', `/lobbies/${l.id}`, { metadata: { k: 'v'.repeat(1000) } }))).toEqual([['lobby.metadata', ['metadata']]])
  })

  it('PATCH: members replace the list, metadata overwrites, absent fields stay ("States and transitions")', async () => {
    const { call } = setup()
    const l = (await call('POST', '/lobbies', { metadata: { a: '1', b: '2' }, members: [{ id: A }, { id: B }], idle_timeout_seconds: 60 })).body
    const r = await call('PATCH', `/lobbies/${l.id}`, { members: [{ id: B }, { id: C }] })
    expect(r.body.members.map((m: { id: string }) => m.id)).toEqual([B, C])
    expect(r.body.metadata).toEqual({ a: '1', b: '2' })
    const m = await call('PATCH', `/lobbies/${l.id}`, { metadata: { c: '3' } })
    expect(m.body.metadata).toEqual({ c: '3' })
    expect(m.body.members).toHaveLength(2)
    expect(m.body.idle_timeout_seconds).toBe(60)
  })

  it('PUT member adds a member, and updates the fields of one already there', async () => {
    const { call } = setup()
    const l = (await call('POST', '/lobbies', { members: [{ id: A, metadata: { team: 'red' }, flags: 1 }] })).body
    const added = await call('PUT', `/lobbies/${l.id}/members/${B}`, { metadata: { team: 'blue' } })
    expect(added.status).toBe(200)
    expect(added.body).toEqual({ id: B, metadata: { team: 'blue' }, flags: 0 })
    const updated = await call('PUT', `/lobbies/${l.id}/members/${A}`, { metadata: { team: 'green' } })
    // Given fields are updated; the others (flags) are kept.
    expect(updated.body).toEqual({ id: A, metadata: { team: 'green' }, flags: 1 })
    expect((await call('GET', `/lobbies/${l.id}`)).body.members).toHaveLength(2)
  })

  it('DELETE member: safe when not a member, fails (404, code 10031) when the lobby does not exist ("Errors")', async () => {
    const { call } = setup()
    const l = (await call('POST', '/lobbies', { members: [{ id: A }] })).body
    expect((await call('DELETE', `/lobbies/${l.id}/members/${A}`)).status).toBe(204)
    expect((await call('DELETE', `/lobbies/${l.id}/members/${A}`)).status).toBe(204)
    expect((await call('GET', `/lobbies/${l.id}`)).body.members).toEqual([])
    const missing = await call('DELETE', `/lobbies/123/members/${A}`)
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe(10031)
  })

  it('DELETE lobby succeeds, and again when already deleted; the lobby is gone', async () => {
    const { call } = setup()
    const l = (await call('POST', '/lobbies', {})).body
    expect((await call('DELETE', `/lobbies/${l.id}`)).status).toBe(204)
    expect((await call('DELETE', `/lobbies/${l.id}`)).status).toBe(204)
    expect((await call('GET', `/lobbies/${l.id}`)).status).toBe(404)
    expect((await call('PATCH', `/lobbies/${l.id}`, {})).status).toBe(404)
    expect((await call('PUT', `/lobbies/${l.id}/members/${A}`, {})).status).toBe(404)
  })

  it('shuts a lobby down after idle_timeout_seconds without a change ("States and transitions": Lobby idle)', async () => {
    const { call, tick, emulator } = setup()
    const l = (await call('POST', '/lobbies', { idle_timeout_seconds: 10 })).body
    const forever = (await call('POST', '/lobbies', {})).body
    tick(9_000)
    await call('PUT', `/lobbies/${l.id}/members/${A}`, {}) // a change: the idle time starts again
    tick(9_000)
    expect((await call('GET', `/lobbies/${l.id}`)).status).toBe(200)
    tick(1_000)
    expect((await call('GET', `/lobbies/${l.id}`)).status).toBe(404)
    // Without idle_timeout_seconds, no shutdown (the default is not shown).
    tick(10 ** 9)
    expect(emulator.state.lobbies().map((x) => x.id)).toEqual([forever.id])
  })

  it('takes only a Bot token ("Authentication": prefixed with Bot or it does not work)', async () => {
    const { call } = setup()
    expect((await call('POST', '/lobbies', {}, { authorization: BEARER })).status).toBe(401)
    expect((await call('POST', '/lobbies', {}, { authorization: 'bot-token' })).status).toBe(401)
  })

  it("keeps each application's lobbies to itself", async () => {
    const { call } = setup({
      applications: [
        { id: '1', botToken: 'one' },
        { id: '2', botToken: 'two' },
      ],
    })
    const l = (await call('POST', '/lobbies', {}, { authorization: 'Bot one' })).body
    expect(l.application_id).toBe('1')
    expect((await call('GET', `/lobbies/${l.id}`, undefined, { authorization: 'Bot two' })).status).toBe(404)
    expect((await call('GET', `/lobbies/${l.id}`, undefined, { authorization: 'Bot one' })).status).toBe(200)
  })
})
