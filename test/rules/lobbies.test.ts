/**
 * The lobby body rules (spec: "Lobby endpoints", "LobbyMember", "Limits"), asserted
 * by code and path.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateLobby, validateLobbyMember, type PathSegment, type Result } from '../../src/index.js'

const pairs = (r: Result<unknown>) => (r.ok ? [] : r.issues.map((i) => [i.code, [...i.path]] as [string, PathSegment[]]))
const lobby = (json: unknown) => pairs(validateLobby(json))
const member = (json: unknown) => pairs(validateLobbyMember(json))

const USER = '80351110224678912'
/** A dictionary whose keys and values hold `n` characters in all. */
const metadataOf = (n: number) => ({ k: 'v'.repeat(n - 1) })

describe('lobby create and edit bodies (spec: "Lobby endpoints")', () => {
  it('accepts every field at its limits, and the empty body (all fields optional)', () => {
    const members = Array.from({ length: 25 }, (_, i) => ({ id: String(10n ** 17n + BigInt(i)), metadata: metadataOf(1000), flags: i % 2 }))
    const body = { metadata: metadataOf(1000), members, idle_timeout_seconds: 604800 }
    const r = validateLobby(body)
    expect(r).toEqual({ ok: true, value: body })
    expect(r.value).toBe(body)
    expect(lobby({})).toEqual([])
    expect(lobby({ metadata: null, idle_timeout_seconds: 5 })).toEqual([])
  })

  it('refuses metadata over 1000 characters in total, keys and values counted ("Limits": lobby metadata)', () => {
    expect(lobby({ metadata: metadataOf(1001) })).toEqual([['lobby.metadata', ['metadata']]])
    // 500 + 501 across two entries.
    expect(lobby({ metadata: { ['a'.repeat(250)]: 'b'.repeat(250), ['c'.repeat(250)]: 'd'.repeat(251) } })).toEqual([['lobby.metadata', ['metadata']]])
    // Characters are code points: 999 astral letters and one key character fit.
    expect(lobby({ metadata: { k: '𝒜'.repeat(999) } })).toEqual([])
  })

  it('refuses metadata that is not a dictionary of string to string ("Lobby endpoints": dictionary string to string)', () => {
    expect(lobby({ metadata: ['a'] })).toEqual([['value.type', ['metadata']]])
    expect(lobby({ metadata: 'a=b' })).toEqual([['value.type', ['metadata']]])
    expect(lobby({ metadata: { a: 1, b: 'ok', c: null } })).toEqual([
      ['value.type', ['metadata', 'a']],
      ['value.type', ['metadata', 'c']],
    ])
  })

  it('refuses more than 25 members whatever they hold, without reading them ("Lobby endpoints", "Limits": up to 25; src/rules/bounds.ts)', () => {
    const members = Array.from({ length: 26 }, (_, i) => ({ id: String(100 + i) }))
    members[25] = { id: 'me' }
    expect(lobby({ members })).toEqual([['lobby.members', ['members']]])
    const hollow: unknown[] = []
    hollow.length = 2 ** 32 - 1
    expect(lobby({ members: hollow })).toEqual([['lobby.members', ['members']]])
  })

  it('requires a snowflake id on every member ("LobbyMember": id required in the members array)', () => {
    expect(lobby({ members: [{}] })).toEqual([['field.required', ['members', 0, 'id']]])
    expect(lobby({ members: [{ id: 42 }] })).toEqual([['snowflake.format', ['members', 0, 'id']]])
    expect(lobby({ members: [USER] })).toEqual([['value.type', ['members', 0]]])
    expect(lobby({ members: { id: USER } })).toEqual([['value.type', ['members']]])
  })

  it('checks each member\'s metadata and flags ("LobbyMember": metadata max 1000, flags CanLinkLobby = 1 << 0)', () => {
    expect(lobby({ members: [{ id: USER, metadata: metadataOf(1001), flags: 2 }] })).toEqual([
      ['lobby.metadata', ['members', 0, 'metadata']],
      ['enum.value', ['members', 0, 'flags']],
    ])
    expect(lobby({ members: [{ id: USER, flags: 0.5 }] })).toEqual([['number.integer', ['members', 0, 'flags']]])
    expect(lobby({ members: [{ id: USER, flags: '1' }] })).toEqual([['value.type', ['members', 0, 'flags']]])
    expect(lobby({ members: [{ id: USER, flags: -1 }] })).toEqual([['enum.value', ['members', 0, 'flags']]])
  })

  it('refuses idle_timeout_seconds outside 5 to 604800 or not whole ("Lobby endpoints", "Limits": idle_timeout_seconds)', () => {
    expect(lobby({ idle_timeout_seconds: 4 })).toEqual([['lobby.idle_timeout', ['idle_timeout_seconds']]])
    expect(lobby({ idle_timeout_seconds: 604801 })).toEqual([['lobby.idle_timeout', ['idle_timeout_seconds']]])
    expect(lobby({ idle_timeout_seconds: 60.5 })).toEqual([['number.integer', ['idle_timeout_seconds']]])
    expect(lobby({ idle_timeout_seconds: '60' })).toEqual([['value.type', ['idle_timeout_seconds']]])
    expect(lobby({ idle_timeout_seconds: Number.NaN })).toEqual([['number.integer', ['idle_timeout_seconds']]])
  })

  it('refuses fields the body does not list, hostile keys included ("Lobby endpoints": request fields)', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "idle_timeout": 60}')
    expect(lobby(hostile)).toEqual([
      ['field.unknown', ['__proto__']],
      ['field.unknown', ['idle_timeout']],
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(lobby({ members: [{ id: USER, nick: 'x' }] })).toEqual([['field.unknown', ['members', 0, 'nick']]])
  })

  it('collects every issue with a readable message that starts with its path', () => {
    const r = validateLobby({ metadata: metadataOf(1001), members: [{}], idle_timeout_seconds: 1 })
    expect(r.ok).toBe(false)
    expect(r.issues?.map((i) => i.message)).toMatchInlineSnapshot(`
      [
        "body.metadata holds more than 1000 characters in keys and values; at most 1000 are allowed",
        "body.members[0].id is required: the user id of the member",
        "body.idle_timeout_seconds must be from 5 to 604800 seconds (was 1)",
      ]
    `)
  })
})

describe('lobby member PUT bodies (spec: "Lobby endpoints": PUT /lobbies/<lobby_id>/members/<user_id>)', () => {
  it('accepts metadata and flags, and the empty body', () => {
    expect(member({ metadata: { team: 'red' }, flags: 1 })).toEqual([])
    expect(member({})).toEqual([])
  })

  it('refuses metadata over 1000 characters and unsupported flags ("LobbyMember", "Limits")', () => {
    expect(member({ metadata: metadataOf(1001), flags: 3 })).toEqual([
      ['lobby.metadata', ['metadata']],
      ['enum.value', ['flags']],
    ])
  })

  it('refuses the user id in the body: it belongs in the path', () => {
    expect(member({ id: USER })).toEqual([['field.unknown', ['id']]])
  })
})

describe('lobby rules never throw', () => {
  it('answers any JSON value at all with a result', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        for (const r of [validateLobby(json), validateLobbyMember(json)]) {
          expect(typeof r.ok).toBe('boolean')
          if (!r.ok) expect(r.issues.length).toBeGreaterThan(0)
        }
      }),
    )
  })

  it('answers a throwing getter and a non-object with issues', () => {
    const trap = Object.defineProperty({}, 'metadata', { enumerable: true, get: () => { throw new Error('boom') } })
    expect(lobby(trap)).toEqual([['input.unreadable', []]])
    expect(lobby(null)).toEqual([['value.type', []]])
    expect(member([1])).toEqual([['value.type', []]])
    expect(lobby(new Date())).toEqual([['value.type', []]])
  })

  it('stops reading a huge metadata dictionary once it is over the limit', () => {
    const huge: Record<string, string> = {}
    for (let i = 0; i < 100_000; i++) huge[`k${i}`] = 'v'
    // Over 25 entries (OpenAPI maxProperties), and over 1000 characters (spec "Limits").
    expect(lobby({ metadata: huge })).toEqual([['lobby.metadata', ['metadata']], ['lobby.metadata', ['metadata']]])
    const bad: Record<string, number> = {}
    for (let i = 0; i < 1000; i++) bad[`k${i}`] = i
    // The entry count, then one issue per bad value, up to 25.
    expect(lobby({ metadata: bad }).length).toBe(26)
  })
})
