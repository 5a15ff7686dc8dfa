/**
 * The lobby bodies the spec does not show, from the operator's OpenAPI description
 * (DESIGN.md "Rulings"; docs/spec-notes.md "Lobbies beyond the spec"), asserted by
 * code and path.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  validateCreateOrJoinLobby,
  validateLobby,
  validateLobbyChannelLink,
  validateLobbyMember,
  validateLobbyMembersBulk,
  validateLobbyMessage,
  validateLobbyModerationMetadata,
  type PathSegment,
  type Result,
} from '../../src/index.js'

const pairs = (r: Result<unknown>) => (r.ok ? [] : r.issues.map((i) => [i.code, [...i.path]] as [string, PathSegment[]]))
const USER = '80351110224678912'
const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']))

describe('lobby create and edit: the OpenAPI fields (create_lobby, edit_lobby)', () => {
  it('takes flags and override_event_webhooks_url; null on every field is absent', () => {
    expect(pairs(validateLobby({ flags: 1, override_event_webhooks_url: 'https://example.com/hooks/lobby' }))).toEqual([])
    expect(pairs(validateLobby({ metadata: null, members: null, idle_timeout_seconds: null, flags: null, override_event_webhooks_url: null }))).toEqual([])
    expect(pairs(validateLobby({ metadata: undefined, members: undefined, nsfw: undefined }))).toEqual([])
  })

  it('refuses a webhook URL that is not an absolute http(s) URL or is over 512 characters (url.format, string.length)', () => {
    expect(pairs(validateLobby({ override_event_webhooks_url: 'ftp://x' }))).toEqual([['url.format', ['override_event_webhooks_url']]])
    expect(pairs(validateLobby({ override_event_webhooks_url: '/relative' }))).toEqual([['url.format', ['override_event_webhooks_url']]])
    expect(pairs(validateLobby({ override_event_webhooks_url: `https://e.com/${'a'.repeat(500)}` }))).toEqual([['string.length', ['override_event_webhooks_url']]])
  })

  it('metadata holds at most 25 entries (OpenAPI maxProperties), as well as 1000 characters ("Limits")', () => {
    expect(pairs(validateLobby({ metadata: entries(25) }))).toEqual([])
    expect(pairs(validateLobby({ metadata: entries(26) }))).toEqual([['lobby.metadata', ['metadata']]])
    expect(pairs(validateLobby({ members: [{ id: USER, metadata: entries(26) }] }))).toEqual([['lobby.metadata', ['members', 0, 'metadata']]])
  })
})

describe('lobby member PUT: additional_name (OpenAPI add_lobby_member)', () => {
  it('takes 1-80 characters or null', () => {
    expect(pairs(validateLobbyMember({ additional_name: 'Player One' }))).toEqual([])
    expect(pairs(validateLobbyMember({ additional_name: null, flags: null, metadata: null }))).toEqual([])
    expect(pairs(validateLobbyMember({ additional_name: '' }))).toEqual([['string.length', ['additional_name']]])
    expect(pairs(validateLobbyMember({ additional_name: 'x'.repeat(81) }))).toEqual([['string.length', ['additional_name']]])
  })
})

describe('create or join (OpenAPI create_or_join_lobby)', () => {
  it('needs a secret of at most 250 characters; lobby and member metadata follow the metadata rules', () => {
    expect(pairs(validateCreateOrJoinLobby({ secret: 'match-42', lobby_metadata: { mode: 'duel' }, member_metadata: { team: 'red' }, idle_timeout_seconds: 60, flags: 1 }))).toEqual([])
    expect(pairs(validateCreateOrJoinLobby({}))).toEqual([['field.required', ['secret']]])
    expect(pairs(validateCreateOrJoinLobby({ secret: 's'.repeat(251) }))).toEqual([['string.length', ['secret']]])
    expect(pairs(validateCreateOrJoinLobby({ secret: 7, member_metadata: entries(26), members: [] }))).toEqual([
      ['field.unknown', ['members']],
      ['value.type', ['secret']],
      ['lobby.metadata', ['member_metadata']],
    ])
  })
})

describe('channel linking (OpenAPI edit_lobby_channel_link)', () => {
  it('takes a channel snowflake, or null or nothing to unlink', () => {
    expect(pairs(validateLobbyChannelLink({ channel_id: USER }))).toEqual([])
    expect(pairs(validateLobbyChannelLink({ channel_id: null }))).toEqual([])
    expect(pairs(validateLobbyChannelLink({}))).toEqual([])
    expect(pairs(validateLobbyChannelLink({ channel_id: 'general' }))).toEqual([['snowflake.format', ['channel_id']]])
  })
})

describe('bulk member update (OpenAPI bulk_update_lobby_members)', () => {
  it('takes 1 to 25 members with remove_member and additional_name', () => {
    expect(pairs(validateLobbyMembersBulk([{ id: USER, additional_name: 'P1' }, { id: '80351110224678913', remove_member: true }]))).toEqual([])
    expect(pairs(validateLobbyMembersBulk([]))).toEqual([['array.empty', []]])
    expect(pairs(validateLobbyMembersBulk(Array.from({ length: 26 }, (_, i) => ({ id: String(10n ** 17n + BigInt(i)) }))))).toEqual([['lobby.members', []]])
    expect(pairs(validateLobbyMembersBulk([{ id: 'x', remove_member: 'yes' }]))).toEqual([
      ['snowflake.format', [0, 'id']],
      ['value.type', [0, 'remove_member']],
    ])
    expect(pairs(validateLobbyMembersBulk({ id: USER }))).toEqual([['value.type', []]])
  })
})

describe('messages (OpenAPI create_lobby_message) and moderation metadata', () => {
  it('a message has content of at most 4000 characters, or something else to show', () => {
    expect(pairs(validateLobbyMessage({ content: 'gg', tts: false, nonce: 'n1' }))).toEqual([])
    expect(pairs(validateLobbyMessage({ embeds: [{ title: 'Result' }] }))).toEqual([])
    expect(pairs(validateLobbyMessage({}))).toEqual([['field.required', ['content']]])
    expect(pairs(validateLobbyMessage({ content: 'x'.repeat(4001) }))).toEqual([['string.length', ['content']]])
    expect(pairs(validateLobbyMessage({ content: 'a', embeds: Array.from({ length: 11 }, () => ({})), tts: 'no', nonce: 'n'.repeat(26), text: 'a' }))).toEqual([
      ['field.unknown', ['text']],
      ['lobby.message', ['embeds']],
      ['value.type', ['tts']],
      ['value.type', ['nonce']],
    ])
  })

  it('moderation metadata: at most 5 entries, each value a string of at most 2000 characters', () => {
    expect(pairs(validateLobbyModerationMetadata({ verdict: 'ok', score: '0.02' }))).toEqual([])
    expect(pairs(validateLobbyModerationMetadata(entries(6)))).toEqual([['lobby.metadata', []]])
    expect(pairs(validateLobbyModerationMetadata({ a: 'x'.repeat(2001), b: 1 }))).toEqual([
      ['string.length', ['a']],
      ['value.type', ['b']],
    ])
  })
})

describe('never throws (robustness)', () => {
  const validators = [validateCreateOrJoinLobby, validateLobbyChannelLink, validateLobbyMembersBulk, validateLobbyMessage, validateLobbyModerationMetadata]

  it('answers any value at all with a result, and a refusal with issues', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true, withTypedArray: true }), (value) => {
        for (const validate of validators) {
          const r = validate(value)
          if (!r.ok) expect(r.issues.length).toBeGreaterThan(0)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('reports a throwing getter and a revoked proxy as input.unreadable', () => {
    const getter = Object.defineProperty({}, 'secret', { enumerable: true, get: () => { throw new Error('boom') } })
    expect(pairs(validateCreateOrJoinLobby(getter))).toEqual([['input.unreadable', []]])
    const { proxy, revoke } = Proxy.revocable([{ id: USER }], {})
    revoke()
    expect(pairs(validateLobbyMembersBulk(proxy)).map(([code]) => code)).toContain('input.unreadable')
  })
})
