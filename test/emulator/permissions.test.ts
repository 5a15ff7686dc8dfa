/**
 * The permission endpoints of the emulator (spec: "Command permission endpoints",
 * "Guild application command permissions", "States and transitions",
 * "Authentication" rule 1).
 */
import { describe, expect, it } from 'vitest'
import { APP, BOT, GUILD, OTHER_GUILD, ROLE, USER_ID, global, guild, issuesOf, setup } from './helpers.js'

const ping = { name: 'ping', description: 'Pong' }
const deny = { permissions: [{ id: ROLE, type: 1, permission: false }] }

describe('per-command permissions (spec: "Command permission endpoints")', () => {
  it('PUT overwrites the overwrites of the command in that guild and answers the object; GET reads it back', async () => {
    const { call } = setup()
    const c = (await call('POST', global(), ping)).body
    const put = await call('PUT', guild(`/${c.id}/permissions`), deny)
    expect(put.status).toBe(200)
    expect(put.body).toEqual({ id: c.id, application_id: APP, guild_id: GUILD, permissions: deny.permissions })
    const again = { permissions: [{ id: USER_ID, type: 2, permission: true }] }
    await call('PUT', guild(`/${c.id}/permissions`), again)
    expect((await call('GET', guild(`/${c.id}/permissions`))).body.permissions).toEqual(again.permissions)
    // Per guild: another guild has none (public API v10: 404, code 10066).
    const other = await call('GET', guild(`/${c.id}/permissions`, OTHER_GUILD))
    expect(other.status).toBe(404)
    expect(other.body.code).toBe(10066)
  })

  it('GET of the guild lists every command with overwrites, the application id included', async () => {
    const { call } = setup()
    const a = (await call('POST', guild(), ping)).body
    await call('PUT', guild(`/${a.id}/permissions`), deny)
    // "Guild application command permissions": the application id holds the defaults of all commands.
    await call('PUT', guild(`/${APP}/permissions`), { permissions: [{ id: GUILD, type: 1, permission: false }] })
    const list = (await call('GET', guild('/permissions'))).body
    expect(list.map((p: { id: string }) => p.id)).toEqual([a.id, APP])
  })

  it('accepts at most 100 overwrites, checked with validateOverwrites', async () => {
    const { call } = setup()
    const c = (await call('POST', global(), ping)).body
    const many = (n: number) => ({ permissions: Array.from({ length: n }, (_, i) => ({ id: String(10n ** 17n + BigInt(i)), type: 2, permission: true })) })
    expect((await call('PUT', guild(`/${c.id}/permissions`), many(100))).status).toBe(200)
    const over = await call('PUT', guild(`/${c.id}/permissions`), many(101))
    expect(over.status).toBe(400)
    expect(issuesOf(over)).toEqual([['permissions.too_many', ['permissions']]])
    expect(issuesOf(await call('PUT', guild(`/${c.id}/permissions`), { permissions: [{ id: 'x', type: 4, permission: 1 }] }))).toEqual([
      ['snowflake.format', ['permissions', 0, 'id']],
      ['enum.value', ['permissions', 0, 'type']],
      ['value.type', ['permissions', 0, 'permission']],
    ])
  })

  it("refuses a command that is not the application's in that guild (404, code 10063)", async () => {
    const { call } = setup()
    const c = (await call('POST', guild('', OTHER_GUILD), ping)).body
    const r = await call('PUT', guild(`/${c.id}/permissions`), deny)
    expect(r.status).toBe(404)
    expect(r.body.code).toBe(10063)
  })

  it('refuses a bot token (rule 2, "Authentication" rule 1): 403, code 20001', async () => {
    const { call } = setup()
    const c = (await call('POST', global(), ping)).body
    const r = await call('PUT', guild(`/${c.id}/permissions`), deny, { authorization: BOT })
    expect(r.status).toBe(403)
    expect(r.body.code).toBe(20001)
    // Reading takes a bot token ("Authentication": all command endpoints).
    expect((await call('GET', guild('/permissions'), undefined, { authorization: BOT })).status).toBe(200)
  })

  it('the batch PUT is disabled (405)', async () => {
    const { call } = setup()
    const r = await call('PUT', guild('/permissions'), [{ id: APP, permissions: deny.permissions }])
    expect(r.status).toBe(405)
  })
})

describe('deleting or renaming a command deletes its permissions (spec: "States and transitions")', () => {
  async function withPermissions() {
    const s = setup()
    const c = (await s.call('POST', global(), ping)).body
    await s.call('PUT', guild(`/${c.id}/permissions`), deny)
    await s.call('PUT', guild(`/${c.id}/permissions`, OTHER_GUILD), deny)
    return { ...s, c }
  }

  it('DELETE', async () => {
    const { call, c, emulator } = await withPermissions()
    await call('DELETE', global(`/${c.id}`))
    expect(emulator.state.permissions(APP, GUILD)).toEqual([])
    expect(emulator.state.permissions(APP, OTHER_GUILD)).toEqual([])
  })

  it('PATCH with a new name; a PATCH that keeps the name keeps them', async () => {
    const { call, c, emulator } = await withPermissions()
    await call('PATCH', global(`/${c.id}`), { description: 'Other' })
    expect(emulator.state.permissions(APP, GUILD)).toHaveLength(1)
    await call('PATCH', global(`/${c.id}`), { name: 'pong' })
    expect(emulator.state.permissions(APP, GUILD)).toEqual([])
    expect(emulator.state.permissions(APP, OTHER_GUILD)).toEqual([])
  })

  it('a bulk overwrite that leaves the command out, or renames it by id; one that keeps it keeps them', async () => {
    const { call, c, emulator } = await withPermissions()
    await call('PUT', global(), [{ ...ping, description: 'Kept' }])
    expect(emulator.state.permissions(APP, GUILD)).toHaveLength(1)
    await call('PUT', global(), [{ id: c.id, name: 'renamed', description: 'R' }])
    expect(emulator.state.permissions(APP, GUILD)).toEqual([])
    const d = (await call('POST', global(), ping)).body
    await call('PUT', guild(`/${d.id}/permissions`), deny)
    await call('PUT', global(), [])
    expect(emulator.state.permissions(APP, GUILD)).toEqual([])
  })

  it('an upsert (create with the same name) is not a rename: the permissions stay', async () => {
    const { call, emulator } = await withPermissions()
    await call('POST', global(), { ...ping, description: 'Upserted' })
    expect(emulator.state.permissions(APP, GUILD)).toHaveLength(1)
  })
})
