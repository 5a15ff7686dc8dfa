/**
 * The lobby bodies the spec does not show, from the operator's OpenAPI description
 * (DESIGN.md "Rulings"; docs/spec-notes.md "Lobbies beyond the spec"), asserted by
 * code and path.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  LobbyMemberFlags,
  limits,
  validateCreateOrJoinLobby,
  validateLobby,
  validateLobbyChannelLink,
  validateLobbyMember,
  validateLobbyMembersBulk,
  validateLobbyMessage,
  validateLobbyModerationMetadata,
} from '../../src/index.js'
import { expectIssues, issue, pairsOf } from '../support/issues.js'

const USER = '80351110224678912'
const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']))

describe('lobby create and edit: the OpenAPI fields (create_lobby, edit_lobby)', () => {
  it('takes flags and override_event_webhooks_url; null on every field is absent', () => {
    expectIssues(validateLobby({ flags: 1, override_event_webhooks_url: 'https://example.com/hooks/lobby' }), [])
    expectIssues(validateLobby({ metadata: null, members: null, idle_timeout_seconds: null, flags: null, override_event_webhooks_url: null }), [])
    expectIssues(validateLobby({ metadata: undefined, members: undefined, nsfw: undefined }), [])
  })

  it('refuses a webhook URL that is not an absolute http(s) URL or is over 512 characters (url.format, string.length)', () => {
    expectIssues(validateLobby({ override_event_webhooks_url: 'ftp://x' }), [issue('url.format', 'override_event_webhooks_url')])
    expectIssues(validateLobby({ override_event_webhooks_url: '/relative' }), [issue('url.format', 'override_event_webhooks_url')])
    expectIssues(validateLobby({ override_event_webhooks_url: `https://e.com/${'a'.repeat(500)}` }), [issue('string.length', 'override_event_webhooks_url')])
  })

  it('metadata holds at most 25 entries (OpenAPI maxProperties), as well as 1000 characters ("Limits")', () => {
    expectIssues(validateLobby({ metadata: entries(25) }), [])
    expectIssues(validateLobby({ metadata: entries(26) }), [issue('lobby.metadata', 'metadata')])
    expectIssues(validateLobby({ members: [{ id: USER, metadata: entries(26) }] }), [issue('lobby.metadata', 'members', 0, 'metadata')])
  })
})

describe('lobby member PUT: additional_name (OpenAPI add_lobby_member)', () => {
  it('takes 1-80 characters or null', () => {
    expectIssues(validateLobbyMember({ additional_name: 'Player One' }), [])
    expectIssues(validateLobbyMember({ additional_name: null, flags: null, metadata: null }), [])
    expectIssues(validateLobbyMember({ additional_name: '' }), [issue('string.length', 'additional_name')])
    expectIssues(validateLobbyMember({ additional_name: 'x'.repeat(81) }), [issue('string.length', 'additional_name')])
  })
})

describe('create or join (OpenAPI create_or_join_lobby)', () => {
  it('needs a secret of at most 250 characters; lobby and member metadata follow the metadata rules', () => {
    expectIssues(validateCreateOrJoinLobby({ secret: 'match-42', lobby_metadata: { mode: 'duel' }, member_metadata: { team: 'red' }, idle_timeout_seconds: 60, flags: 1 }), [])
    expectIssues(validateCreateOrJoinLobby({}), [issue('field.required', 'secret')])
    expectIssues(validateCreateOrJoinLobby({ secret: 's'.repeat(251) }), [issue('string.length', 'secret')])
    expectIssues(validateCreateOrJoinLobby({ secret: 7, member_metadata: entries(26), members: [] }), [
      issue('field.unknown', 'members'),
      issue('value.type', 'secret'),
      issue('lobby.metadata', 'member_metadata'),
    ])
  })
})

describe('channel linking (OpenAPI edit_lobby_channel_link)', () => {
  it('takes a channel snowflake, or null or nothing to unlink', () => {
    expectIssues(validateLobbyChannelLink({ channel_id: USER }), [])
    expectIssues(validateLobbyChannelLink({ channel_id: null }), [])
    expectIssues(validateLobbyChannelLink({}), [])
    expectIssues(validateLobbyChannelLink({ channel_id: 'general' }), [issue('snowflake.format', 'channel_id')])
  })
})

describe('bulk member update (OpenAPI bulk_update_lobby_members)', () => {
  it('takes 1 to 25 members with remove_member and additional_name', () => {
    expectIssues(
      validateLobbyMembersBulk([
        { id: USER, additional_name: 'P1' },
        { id: '80351110224678913', remove_member: true },
      ]),
      [],
    )
    expectIssues(validateLobbyMembersBulk([]), [issue('array.empty')])
    expectIssues(validateLobbyMembersBulk(Array.from({ length: 26 }, (_, i) => ({ id: String(10n ** 17n + BigInt(i)) }))), [issue('lobby.members')])
    expectIssues(validateLobbyMembersBulk([{ id: 'x', remove_member: 'yes' }]), [issue('snowflake.format', 0, 'id'), issue('value.type', 0, 'remove_member')])
    expectIssues(validateLobbyMembersBulk({ id: USER }), [issue('value.type')])
  })
})

describe('messages (OpenAPI create_lobby_message) and moderation metadata', () => {
  it('a message has content of at most 4000 characters, or something else to show', () => {
    expectIssues(validateLobbyMessage({ content: 'gg', tts: false, nonce: 'n1' }), [])
    expectIssues(validateLobbyMessage({ embeds: [{ title: 'Result' }] }), [])
    expectIssues(validateLobbyMessage({}), [issue('field.required', 'content')])
    expectIssues(validateLobbyMessage({ content: 'x'.repeat(4001) }), [issue('string.length', 'content')])
    expectIssues(validateLobbyMessage({ content: 'a', embeds: Array.from({ length: 11 }, () => ({})), tts: 'no', nonce: 'n'.repeat(26), text: 'a' }), [
      issue('field.unknown', 'text'),
      issue('lobby.message', 'embeds'),
      issue('value.type', 'tts'),
      issue('string.length', 'nonce'),
    ])
  })

  it('a nonce is an integer or a string of at most limits.LOBBY_MESSAGE_NONCE_MAX (25) characters (OpenAPI SDKMessageRequest.nonce maxLength 25)', () => {
    expect(limits.LOBBY_MESSAGE_NONCE_MAX).toBe(25)
    expectIssues(validateLobbyMessage({ content: 'a', nonce: 'n'.repeat(25) }), [])
    expectIssues(validateLobbyMessage({ content: 'a', nonce: 1234567890 }), [])
    // Each refusal by the code of what is wrong: a string's length, a number's wholeness or range, any other type.
    expectIssues(validateLobbyMessage({ content: 'a', nonce: 'n'.repeat(26) }), [issue('string.length', 'nonce')])
    expectIssues(validateLobbyMessage({ content: 'a', nonce: 1.5 }), [issue('number.integer', 'nonce')])
    expectIssues(validateLobbyMessage({ content: 'a', nonce: 2 ** 60 }), [issue('number.range', 'nonce')])
    expectIssues(validateLobbyMessage({ content: 'a', nonce: true }), [issue('value.type', 'nonce')])
  })

  it('flags is an integer bit set (OpenAPI SDKMessageRequest.flags integer): a fraction is number.integer, a string value.type', () => {
    expectIssues(validateLobbyMessage({ content: 'a', flags: 4 }), [])
    expectIssues(validateLobbyMessage({ content: 'a', flags: 1.5 }), [issue('number.integer', 'flags')])
    expectIssues(validateLobbyMessage({ content: 'a', flags: '4' }), [issue('value.type', 'flags')])
  })

  it('a member flag is 0 or CanLinkLobby (spec "LobbyMember": only CanLinkLobby = 1 << 0; OpenAPI LobbyMemberRequest.flags enum [1] or null, 0 the empty bit set)', () => {
    expectIssues(validateLobbyMember({ flags: LobbyMemberFlags.CanLinkLobby }), [])
    expectIssues(validateLobbyMember({ flags: 0 }), [])
    expectIssues(validateLobbyMember({ flags: 2 }), [issue('enum.value', 'flags')])
  })

  it('moderation metadata: at most 5 entries, each value a string of at most 2000 characters', () => {
    expectIssues(validateLobbyModerationMetadata({ verdict: 'ok', score: '0.02' }), [])
    expectIssues(validateLobbyModerationMetadata(entries(6)), [issue('lobby.metadata')])
    expectIssues(validateLobbyModerationMetadata({ a: 'x'.repeat(2001), b: 1 }), [issue('string.length', 'a'), issue('value.type', 'b')])
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
    const getter = Object.defineProperty({}, 'secret', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expectIssues(validateCreateOrJoinLobby(getter), [issue('input.unreadable')])
    const { proxy, revoke } = Proxy.revocable([{ id: USER }], {})
    revoke()
    expect(pairsOf(validateLobbyMembersBulk(proxy)).map(({ code }) => code)).toContain('input.unreadable')
  })
})
