/**
 * The overwrites builder and the permissions PUT body (spec: "Guild application
 * command permissions", "Application command permission", "Command permission
 * endpoints" rule 1: at most 100 overwrites; permission constants: the guild id is
 * @everyone, the guild id minus 1 is all channels).
 */
import { describe, expect, it } from 'vitest'
import { expectIssues, issue } from '../support/issues.js'
import { allChannelsId, canonicalId, everyoneId, overwrites, validateOverwrites } from '../../src/permissions/index.js'

const GUILD = '41771983423143937'
const MAX63 = '9223372036854775807' // 2^63 - 1
const MAX64 = '18446744073709551615' // 2^64 - 1

describe('permission constants (spec: "Application command permission")', () => {
  it('@everyone is the guild id', () => {
    expect(everyoneId(GUILD)).toBe(GUILD)
  })

  it('all channels is the guild id minus 1, in exact 64-bit arithmetic', () => {
    expect(allChannelsId(GUILD)).toBe('41771983423143936')
    // Number arithmetic would be off here: 2^63 - 1 is not a safe integer.
    expect(String(Number(MAX63) - 1)).not.toBe('9223372036854775806')
    expect(allChannelsId(MAX63)).toBe('9223372036854775806')
    expect(allChannelsId(MAX64)).toBe('18446744073709551614')
    expect(allChannelsId('1')).toBe('0')
    expect(allChannelsId('10000000000000000000')).toBe('9999999999999999999')
  })

  it("has no all-channels constant for guild '0' (minus 1 is negative): snowflake.format", () => {
    expect(everyoneId('0')).toBe('0')
    expectIssues(() => allChannelsId('0'), [issue('snowflake.format', 'guild_id')])
    expectIssues(() => overwrites('0').allChannels(false), [issue('snowflake.format', 'guild_id')])
  })

  it('refuses a guild id that is not a snowflake: negative, over 2^64 - 1, not digits', () => {
    for (const id of ['-1', '18446744073709551616', 'abc', '', '1.5', ' 1']) {
      expectIssues(() => everyoneId(id), [issue('snowflake.format', 'guild_id')])
      expectIssues(() => overwrites(id), [issue('snowflake.format', 'guild_id')])
    }
  })

  it('compares ids in canonical form: leading zeros do not make another id', () => {
    expect(canonicalId('007')).toBe('7')
    expect(everyoneId('00041771983423143937')).toBe(GUILD)
    expect(canonicalId('x')).toBe('x')
  })
})

describe('overwrites(guildId) (spec: "Command permission endpoints")', () => {
  it('emits the PUT body: role 1, user 2, channel 3, and the two constants, in call order', () => {
    const body = overwrites(GUILD).role('11', true).user('22', false).channel('33', true).everyone(false).allChannels(true).toJSON()
    expect(body).toStrictEqual({
      permissions: [
        { id: '11', type: 1, permission: true },
        { id: '22', type: 2, permission: false },
        { id: '33', type: 3, permission: true },
        { id: GUILD, type: 1, permission: false },
        { id: '41771983423143936', type: 3, permission: true },
      ],
    })
  })

  it('is immutable: every call returns a new list and the base never changes', () => {
    const base = overwrites(GUILD).role('11', true)
    const a = base.user('22', true)
    const b = base.user('33', false)
    expect(base.entries).toHaveLength(1)
    expect(a.entries.map((e) => e.id)).toEqual(['11', '22'])
    expect(b.entries.map((e) => e.id)).toEqual(['11', '33'])
    expect(Object.isFrozen(base)).toBe(true)
    expect(Object.isFrozen(base.entries)).toBe(true)
    // The emitted body is a copy: changing it changes nothing in the builder.
    const json = a.toJSON()
    ;(json.permissions[0] as { permission: boolean }).permission = false
    expect(a.entries[0]?.permission).toBe(true)
  })

  it('replaces the overwrite of a role, user or channel set again, in place', () => {
    const list = overwrites(GUILD).role('11', true).user('11', true).role('011', false)
    expect(list.entries).toEqual([
      { id: '011', type: 1, permission: false },
      { id: '11', type: 2, permission: true },
    ])
    expect(overwrites(GUILD).everyone(true).role(GUILD, false).entries).toEqual([{ id: GUILD, type: 1, permission: false }])
  })

  it('accepts 100 overwrites and refuses 101 (permissions.too_many, path: the list) (spec: "Limits")', () => {
    let list = overwrites(GUILD)
    for (let i = 1; i <= 100; i++) list = list.user(String(i), true)
    expect(list.toJSON().permissions).toHaveLength(100)
    const over = list.user('101', true)
    expect(over.validate()).toMatchObject({ ok: false })
    expectIssues(() => over.toJSON(), [issue('permissions.too_many', 'permissions')])
    // Setting an existing one again does not count twice.
    expect(list.user('100', false).toJSON().permissions).toHaveLength(100)
  })

  it('reports every bad id, each at its path (snowflake.format)', () => {
    const list = overwrites(GUILD).role('r', true).user('22', true).channel('-5', false)
    expectIssues(() => list.toJSON(), [issue('snowflake.format', 'permissions', 0, 'id'), issue('snowflake.format', 'permissions', 2, 'id')])
  })

  it('gives the guild permissions object for a command id or the application id (spec: "Guild application command permissions")', () => {
    const list = overwrites(GUILD).everyone(false)
    expect(list.toGuildPermissions('555', '999')).toStrictEqual({
      id: '555',
      application_id: '999',
      guild_id: GUILD,
      permissions: [{ id: GUILD, type: 1, permission: false }],
    })
    expect(list.toGuildPermissions('999', '999').id).toBe('999')
    expectIssues(() => list.toGuildPermissions('x', '999'), [issue('snowflake.format', 'id')])
  })
})

describe('validateOverwrites: the PUT body from any source', () => {
  it('accepts a valid body and returns it', () => {
    const body = { permissions: [{ id: '1', type: 3, permission: false }] }
    expect(validateOverwrites(body)).toEqual({ ok: true, value: body })
    expect(validateOverwrites({ permissions: [] }).ok).toBe(true)
  })

  it('reports each problem by code and path, never throwing', () => {
    const r = validateOverwrites({
      permissions: [{ id: '1', type: 4, permission: 'yes' }, 'x', { type: 1, permission: true, extra: 1 }],
      other: true,
    })
    expect(r.ok).toBe(false)
    expectIssues(r, [
      issue('field.unknown', 'other'),
      issue('enum.value', 'permissions', 0, 'type'),
      issue('value.type', 'permissions', 0, 'permission'),
      issue('value.type', 'permissions', 1),
      issue('field.unknown', 'permissions', 2, 'extra'),
      issue('field.required', 'permissions', 2, 'id'),
    ])
    for (const input of [null, 1, 'x', [], { permissions: 'x' }, {}]) expect(validateOverwrites(input).ok).toBe(false)
  })
})
