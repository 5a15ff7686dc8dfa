/**
 * `safeParsePermissionsUpdate` / `parsePermissionsUpdate`: the Application Command
 * Permissions Update event read like an interaction (spec "Events" 1; payload from
 * the public API v10: the guild application command permissions object, at most
 * 100 overwrites, "Guild application command permissions").
 */
import { describe, expect, it } from 'vitest'
import { parsePermissionsUpdate, safeParsePermissionsUpdate, ValidationError } from '../../src/index.js'
import { expectIssues, issue } from '../support/issues.js'

const d = {
  id: '100000000000000001',
  application_id: '100000000000000001',
  guild_id: '200000000000000002',
  permissions: [{ id: '200000000000000002', type: 1, permission: false }],
}

describe('safeParsePermissionsUpdate', () => {
  it('takes the payload or the whole dispatch, and returns a fresh object of the known fields', () => {
    const extra = { ...d, extra: 1, permissions: [{ ...d.permissions[0], note: 'x' }] }
    expect(safeParsePermissionsUpdate(d)).toEqual({ ok: true, value: d })
    const r = safeParsePermissionsUpdate({ op: 0, s: 7, t: 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', d })
    expect(r).toEqual({ ok: true, value: d })
    if (r.ok) expect(r.value).not.toBe(d)
    // An unknown field of an overwrite is refused, as in the PUT body; at the top, unknown fields are left out.
    expectIssues(safeParsePermissionsUpdate(extra), [issue('field.unknown', 'permissions', 0, 'note')])
    const top = safeParsePermissionsUpdate({ ...d, extra: 1 })
    expect(top.ok && Object.keys(top.value)).toEqual(['id', 'application_id', 'guild_id', 'permissions'])
  })

  it('names every issue with its path, under d for a dispatch', () => {
    expectIssues(safeParsePermissionsUpdate({ id: 'x', guild_id: 5, permissions: [{ id: '1', type: 4, permission: 'yes' }] }), [
      issue('snowflake.format', 'id'),
      issue('field.required', 'application_id'),
      issue('snowflake.format', 'guild_id'),
      issue('enum.value', 'permissions', 0, 'type'),
      issue('value.type', 'permissions', 0, 'permission'),
    ])
    expectIssues(safeParsePermissionsUpdate({ t: 'GUILD_CREATE', d: { ...d, permissions: Array(101).fill(d.permissions[0]) } }), [
      issue('enum.value', 't'),
      issue('permissions.too_many', 'd', 'permissions'),
    ])
  })

  it('never throws on garbage: non-objects, hostile keys, throwing getters, proxies that change their answer', () => {
    for (const v of [undefined, null, 1, 'x', [], [d]]) expect(safeParsePermissionsUpdate(v)).toMatchObject({ ok: false })
    const proto = safeParsePermissionsUpdate(JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(d).slice(1)}`))
    expect(proto.ok).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const getter = Object.defineProperty({ ...d }, 'guild_id', {
      get: () => {
        throw new Error('boom')
      },
      enumerable: true,
    })
    expectIssues(safeParsePermissionsUpdate(getter), [issue('input.unreadable')])
    // The check reads type twice; the copy reads it a third time and gets another answer.
    let reads = 0
    const flip = new Proxy({ ...d.permissions[0] }, { get: (t, k) => (k === 'type' && reads++ >= 2 ? 9 : Reflect.get(t, k)) })
    expectIssues(safeParsePermissionsUpdate({ ...d, permissions: [flip] }), [issue('input.unreadable', 'permissions')])
  })
})

describe('parsePermissionsUpdate', () => {
  it('returns the object, or throws ValidationError with every issue', () => {
    expect(parsePermissionsUpdate(d)).toEqual(d)
    expect(() => parsePermissionsUpdate({ ...d, id: 'nope' })).toThrow(ValidationError)
    expect(() => parsePermissionsUpdate({ ...d, id: 'nope' })).toThrow(/id must be a snowflake/)
  })
})
