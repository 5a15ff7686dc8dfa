/**
 * The lobby body rules (spec: "Lobby endpoints", "LobbyMember", "Limits"), asserted
 * by code and path.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateLobby, validateLobbyMember } from '../../src/index.js'
import { expectIssues, issue, pairsOf } from '../support/issues.js'

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
    expectIssues(validateLobby({}), [])
    expectIssues(validateLobby({ metadata: null, idle_timeout_seconds: 5 }), [])
  })

  it('refuses metadata over 1000 characters in total, keys and values counted ("Limits": lobby metadata)', () => {
    expectIssues(validateLobby({ metadata: metadataOf(1001) }), [issue('lobby.metadata', 'metadata')])
    // 500 + 501 across two entries.
    expectIssues(validateLobby({ metadata: { ['a'.repeat(250)]: 'b'.repeat(250), ['c'.repeat(250)]: 'd'.repeat(251) } }), [issue('lobby.metadata', 'metadata')])
    // Characters are code points: 999 astral letters and one key character fit.
    expectIssues(validateLobby({ metadata: { k: '𝒜'.repeat(999) } }), [])
  })

  it('refuses metadata that is not a dictionary of string to string ("Lobby endpoints": dictionary string to string)', () => {
    expectIssues(validateLobby({ metadata: ['a'] }), [issue('value.type', 'metadata')])
    expectIssues(validateLobby({ metadata: 'a=b' }), [issue('value.type', 'metadata')])
    expectIssues(validateLobby({ metadata: { a: 1, b: 'ok', c: null } }), [issue('value.type', 'metadata', 'a'), issue('value.type', 'metadata', 'c')])
  })

  it('refuses more than 25 members whatever they hold, without reading them ("Lobby endpoints", "Limits": up to 25; src/rules/bounds.ts)', () => {
    const members = Array.from({ length: 26 }, (_, i) => ({ id: String(100 + i) }))
    members[25] = { id: 'me' }
    expectIssues(validateLobby({ members }), [issue('lobby.members', 'members')])
    const hollow: unknown[] = []
    hollow.length = 2 ** 32 - 1
    expectIssues(validateLobby({ members: hollow }), [issue('lobby.members', 'members')])
  })

  it('requires a snowflake id on every member ("LobbyMember": id required in the members array)', () => {
    expectIssues(validateLobby({ members: [{}] }), [issue('field.required', 'members', 0, 'id')])
    expectIssues(validateLobby({ members: [{ id: 42 }] }), [issue('snowflake.format', 'members', 0, 'id')])
    expectIssues(validateLobby({ members: [USER] }), [issue('value.type', 'members', 0)])
    expectIssues(validateLobby({ members: { id: USER } }), [issue('value.type', 'members')])
  })

  it('checks each member\'s metadata and flags ("LobbyMember": metadata max 1000, flags CanLinkLobby = 1 << 0)', () => {
    expectIssues(validateLobby({ members: [{ id: USER, metadata: metadataOf(1001), flags: 2 }] }), [
      issue('lobby.metadata', 'members', 0, 'metadata'),
      issue('enum.value', 'members', 0, 'flags'),
    ])
    expectIssues(validateLobby({ members: [{ id: USER, flags: 0.5 }] }), [issue('number.integer', 'members', 0, 'flags')])
    expectIssues(validateLobby({ members: [{ id: USER, flags: '1' }] }), [issue('value.type', 'members', 0, 'flags')])
    expectIssues(validateLobby({ members: [{ id: USER, flags: -1 }] }), [issue('enum.value', 'members', 0, 'flags')])
  })

  it('refuses idle_timeout_seconds outside 5 to 604800 or not whole ("Lobby endpoints", "Limits": idle_timeout_seconds)', () => {
    expectIssues(validateLobby({ idle_timeout_seconds: 4 }), [issue('lobby.idle_timeout', 'idle_timeout_seconds')])
    expectIssues(validateLobby({ idle_timeout_seconds: 604801 }), [issue('lobby.idle_timeout', 'idle_timeout_seconds')])
    expectIssues(validateLobby({ idle_timeout_seconds: 60.5 }), [issue('number.integer', 'idle_timeout_seconds')])
    expectIssues(validateLobby({ idle_timeout_seconds: '60' }), [issue('value.type', 'idle_timeout_seconds')])
    expectIssues(validateLobby({ idle_timeout_seconds: Number.NaN }), [issue('number.integer', 'idle_timeout_seconds')])
  })

  it('refuses fields the body does not list, hostile keys included ("Lobby endpoints": request fields)', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "idle_timeout": 60}')
    expectIssues(validateLobby(hostile), [issue('field.unknown', '__proto__'), issue('field.unknown', 'idle_timeout')])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expectIssues(validateLobby({ members: [{ id: USER, nick: 'x' }] }), [issue('field.unknown', 'members', 0, 'nick')])
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
    expectIssues(validateLobbyMember({ metadata: { team: 'red' }, flags: 1 }), [])
    expectIssues(validateLobbyMember({}), [])
  })

  it('refuses metadata over 1000 characters and unsupported flags ("LobbyMember", "Limits")', () => {
    expectIssues(validateLobbyMember({ metadata: metadataOf(1001), flags: 3 }), [issue('lobby.metadata', 'metadata'), issue('enum.value', 'flags')])
  })

  it('refuses the user id in the body: it belongs in the path', () => {
    expectIssues(validateLobbyMember({ id: USER }), [issue('field.unknown', 'id')])
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
    const trap = Object.defineProperty({}, 'metadata', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expectIssues(validateLobby(trap), [issue('input.unreadable')])
    expectIssues(validateLobby(null), [issue('value.type')])
    expectIssues(validateLobbyMember([1]), [issue('value.type')])
    expectIssues(validateLobby(new Date()), [issue('value.type')])
  })

  it('stops reading a huge metadata dictionary once it is over the limit', () => {
    const huge: Record<string, string> = {}
    for (let i = 0; i < 100_000; i++) huge[`k${i}`] = 'v'
    // Over 25 entries (OpenAPI maxProperties), and over 1000 characters (spec "Limits").
    expectIssues(validateLobby({ metadata: huge }), [issue('lobby.metadata', 'metadata'), issue('lobby.metadata', 'metadata')])
    const bad: Record<string, number> = {}
    for (let i = 0; i < 1000; i++) bad[`k${i}`] = i
    // The entry count, then one issue per bad value, up to 25.
    expect(pairsOf(validateLobby({ metadata: bad })).length).toBe(26)
  })
})
