/**
 * The Application Command Permissions Update event (spec "Events" 1: fired by the
 * per-command permissions PUT; its payload, not shown, is the public API v10's
 * guild application command permissions object). Public API v10 documents the
 * event for that PUT only, not for the deletes and renames that drop overwrites
 * ("States and transitions"), so those fire nothing.
 */
import { describe, expect, it } from 'vitest'
import { safeParsePermissionsUpdate } from '../../src/index.js'
import type { EmulatorEvent } from '../../src/emulator/index.js'
import { APP, BOT, GUILD, ROLE, USER_ID, global, guild, setup } from './helpers.js'

const ping = { name: 'ping', description: 'Pong' }
const deny = { permissions: [{ id: ROLE, type: 1, permission: false }] }

function heard(emulator: ReturnType<typeof setup>['emulator']) {
  const events: EmulatorEvent[] = []
  const stop = emulator.events.subscribe((e) => void events.push(e))
  return { events, stop }
}

describe('APPLICATION_COMMAND_PERMISSIONS_UPDATE (spec "Events" 1)', () => {
  it('arrives once per PUT, with the overwrites written, in the shape the core parser accepts', async () => {
    const { emulator, call } = setup()
    const { events } = heard(emulator)
    const c = (await call('POST', global(), ping)).body
    expect(events).toEqual([])
    await call('PUT', guild(`/${c.id}/permissions`), deny)
    expect(events).toEqual([{ t: 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', d: { id: c.id, application_id: APP, guild_id: GUILD, permissions: deny.permissions } }])
    const again = {
      permissions: [
        { id: USER_ID, type: 2, permission: true },
        { id: GUILD, type: 1, permission: false },
      ],
    }
    await call('PUT', guild(`/${c.id}/permissions`), again)
    expect(events).toHaveLength(2)
    expect(events[1]!.d.permissions).toEqual(again.permissions)
    // The application id: the defaults of every command.
    await call('PUT', guild(`/${APP}/permissions`), { permissions: [] })
    expect(events[2]!.d).toEqual({ id: APP, application_id: APP, guild_id: GUILD, permissions: [] })
    for (const e of events) expect(safeParsePermissionsUpdate(e)).toEqual({ ok: true, value: e.d })
    expect(emulator.events.list()).toEqual(events)
  })

  it('a refused PUT fires nothing: bad body, unknown command, a bot token', async () => {
    const { emulator, call } = setup()
    const { events } = heard(emulator)
    const c = (await call('POST', global(), ping)).body
    expect((await call('PUT', guild(`/${c.id}/permissions`), { permissions: [{ id: 'x', type: 9, permission: 1 }] })).status).toBe(400)
    expect((await call('PUT', guild('/300000000000000099/permissions'), deny)).status).toBe(404)
    expect((await call('PUT', guild(`/${c.id}/permissions`), deny, { authorization: BOT })).status).toBe(403)
    expect(events).toEqual([])
  })

  it('deletes and renames drop the overwrites without an event (public API v10 names only the PUT)', async () => {
    const { emulator, call } = setup()
    const a = (await call('POST', global(), ping)).body
    const b = (await call('POST', global(), { name: 'pong', description: 'Ping' })).body
    await call('PUT', guild(`/${a.id}/permissions`), deny)
    await call('PUT', guild(`/${b.id}/permissions`), deny)
    const { events } = heard(emulator)
    await call('DELETE', global(`/${a.id}`))
    await call('PATCH', global(`/${b.id}`), { name: 'renamed' })
    expect((await call('GET', guild('/permissions'))).body).toEqual([])
    expect(events).toEqual([])
  })

  it('each listener gets its own copy; one that throws does not fail the PUT; unsubscribing stops the calls; reset forgets the list', async () => {
    const { emulator, call } = setup()
    emulator.events.subscribe((e) => {
      e.d.permissions.length = 0
      throw new Error('listener bug')
    })
    const { events, stop } = heard(emulator)
    const c = (await call('POST', global(), ping)).body
    const put = await call('PUT', guild(`/${c.id}/permissions`), deny)
    expect(put.status).toBe(200)
    expect(events[0]!.d.permissions).toEqual(deny.permissions)
    expect((await call('GET', guild(`/${c.id}/permissions`))).body.permissions).toEqual(deny.permissions)
    stop()
    await call('PUT', guild(`/${c.id}/permissions`), deny)
    expect(events).toHaveLength(1)
    expect(emulator.events.list()).toHaveLength(2)
    emulator.reset()
    expect(emulator.events.list()).toEqual([])
  })
})
