/**
 * The rules of what an app sends back (public API v10, OpenAPI
 * `InteractionCallbackTypes`, `IncomingWebhookInteractionRequest`,
 * `ModalInteractionCallbackRequestData`; the spec shows only callback 12):
 * `validateInteractionResponse` and `validateWebhookMessage`, by code and path.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateInteractionResponse, validateWebhookMessage, type Issue } from '../../src/index.js'

const codes = (r: { issues?: readonly Issue[] | undefined }): [string, readonly (string | number)[]][] => (r.issues ?? []).map((i) => [i.code, i.path])

describe('validateInteractionResponse', () => {
  it('accepts each callback type with the data it takes', () => {
    for (const body of [
      { type: 1 },
      { type: 4, data: { content: 'Hi', flags: 64 } },
      { type: 5 },
      { type: 5, data: { flags: 64 } },
      { type: 6 },
      { type: 7, data: { content: 'Updated', components: [] } },
      { type: 8, data: { choices: [{ name: 'Spam', value: 'spam' }] } },
      { type: 9, data: { custom_id: 'report', title: 'Report', components: [{ type: 1, components: [{ type: 4, custom_id: 'why', label: 'Why', style: 2 }] }] } },
      { type: 12 },
    ])
      expect(validateInteractionResponse(body).issues, JSON.stringify(body)).toBeUndefined()
  })

  it('refuses unknown types (10 PREMIUM_REQUIRED is deprecated), data where none is taken, a non-object', () => {
    expect(codes(validateInteractionResponse({ type: 10 }))).toEqual([['enum.value', ['type']]])
    expect(codes(validateInteractionResponse({ type: 2 }))).toEqual([['enum.value', ['type']]])
    expect(codes(validateInteractionResponse({ type: 1, data: {} }))).toEqual([['field.not_allowed', ['data']]])
    expect(codes(validateInteractionResponse(null))).toEqual([['value.type', []]])
    expect(codes(validateInteractionResponse({ type: 4 }))).toEqual([['field.required', ['data']]])
  })

  it('checks the type against the interaction type: PING takes 1, autocomplete 8, a modal submit no modal', () => {
    expect(codes(validateInteractionResponse({ type: 4, data: { content: 'x' } }, { interactionType: 1 }))).toEqual([['response.type', ['type']]])
    expect(codes(validateInteractionResponse({ type: 4, data: { content: 'x' } }, { interactionType: 4 }))).toEqual([['response.type', ['type']]])
    expect(codes(validateInteractionResponse({ type: 9, data: { custom_id: 'a', title: 'b', components: [{ type: 1 }] } }, { interactionType: 5 }))).toEqual([
      ['response.type', ['type']],
      ['field.required', ['data', 'components', 0, 'components']],
    ])
    expect(codes(validateInteractionResponse({ type: 7, data: { content: 'x' } }, { interactionType: 2 }))).toEqual([['response.type', ['type']]])
    expect(validateInteractionResponse({ type: 7, data: { content: 'x' } }, { interactionType: 3 }).ok).toBe(true)
  })

  it('checks the modal and the autocomplete choices', () => {
    expect(codes(validateInteractionResponse({ type: 9, data: { custom_id: 'x'.repeat(101), title: '', components: [] } }))).toEqual([
      ['string.length', ['data', 'custom_id']],
      ['string.length', ['data', 'title']],
      ['response.too_few', ['data', 'components']],
    ])
    const many = Array.from({ length: 26 }, (_, i) => ({ name: `n${i}`, value: `v${i}` }))
    expect(codes(validateInteractionResponse({ type: 8, data: { choices: many } }))).toEqual([['response.choices', ['data', 'choices']]])
    expect(codes(validateInteractionResponse({ type: 8, data: { choices: [{ name: '', value: 'v' }] } }))).toEqual([['name.length', ['data', 'choices', 0, 'name']]])
  })

  it('never throws on any JSON, nor on a getter that throws', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => typeof validateInteractionResponse(v).ok === 'boolean'))
    const hostile = {
      type: 4,
      get data(): never {
        throw new Error('boom')
      },
    }
    expect(codes(validateInteractionResponse(hostile))).toEqual([['input.unreadable', []]])
  })
})

describe('validateWebhookMessage', () => {
  it('a follow-up: not empty, at most 2000 characters, 10 embeds, 40 components, 10 attachments', () => {
    expect(validateWebhookMessage({ content: 'ok', flags: 64 }).ok).toBe(true)
    expect(validateWebhookMessage({ embeds: [{ title: 't' }] }).ok).toBe(true)
    expect(codes(validateWebhookMessage({}))).toEqual([['response.empty', []]])
    expect(codes(validateWebhookMessage({ content: '' }))).toEqual([['response.empty', []]])
    expect(codes(validateWebhookMessage({ content: '😀'.repeat(2000) }))).toEqual([])
    expect(codes(validateWebhookMessage({ content: 'x'.repeat(2001) }))).toEqual([['string.length', ['content']]])
    expect(codes(validateWebhookMessage({ content: 'x', embeds: Array(11).fill({}) }))).toEqual([['response.too_many', ['embeds']]])
    expect(codes(validateWebhookMessage({ content: 'x', components: Array(41).fill({ type: 1 }) }))).toEqual([['response.too_many', ['components']]])
    expect(codes(validateWebhookMessage({ content: 'x', attachments: Array(11).fill({ id: 0 }) }))).toEqual([['response.too_many', ['attachments']]])
  })

  it('flags: a new message may set 4, 64, 4096, 32768; an edit only 4 and 32768', () => {
    expect(validateWebhookMessage({ content: 'x', flags: 4 | 64 | 4096 }).ok).toBe(true)
    expect(validateWebhookMessage({ components: [{ type: 10, content: 'x' }], flags: 4 | 64 | 4096 | 32768 }).ok).toBe(true)
    expect(codes(validateWebhookMessage({ content: 'x', flags: 128 }))).toEqual([['field.not_allowed', ['flags']]])
    expect(codes(validateWebhookMessage({ content: 'x', flags: 64 }, 'edit'))).toEqual([['field.not_allowed', ['flags']]])
    expect(validateWebhookMessage({ components: [{ type: 10, content: 'x' }], flags: 32768 }, 'edit').ok).toBe(true)
    // A number out of the bit set's range is number.range, a fraction number.integer, anything else value.type.
    expect(codes(validateWebhookMessage({ content: 'x', flags: -1 }))).toEqual([['number.range', ['flags']]])
    expect(codes(validateWebhookMessage({ content: 'x', flags: 2 ** 31 }))).toEqual([['number.range', ['flags']]])
    expect(codes(validateWebhookMessage({ content: 'x', flags: 64.5 }))).toEqual([['number.integer', ['flags']]])
    expect(codes(validateWebhookMessage({ content: 'x', flags: '64' }))).toEqual([['value.type', ['flags']]])
    expect(validateWebhookMessage({}, 'edit').ok).toBe(true)
  })

  it('refuses unknown fields (ephemeral: true is not a field) and __proto__ keys', () => {
    expect(codes(validateWebhookMessage({ content: 'x', ephemeral: true }))).toEqual([['field.unknown', ['ephemeral']]])
    expect(validateWebhookMessage({ content: 'x', ephemeral: true }).issues?.[0]?.message).toContain('flags: 64')
    expect(codes(validateWebhookMessage(JSON.parse('{"content":"x","__proto__":{"flags":64}}')))).toEqual([['field.unknown', ['__proto__']]])
    // An edit takes tts as discord.js sends it (docs/spec-notes.md, "Unknown fields"), but only a boolean.
    expect(codes(validateWebhookMessage({ content: 'x', tts: 'yes' }, 'edit'))).toEqual([['value.type', ['tts']]])
    // OpenAPI MessageCreateRequest: nonce an int64 or at most 25 characters, enforce_nonce a boolean; taken on every kind (discord.js sends them).
    for (const kind of ['create', 'follow-up', 'edit'] as const)
      expect(validateWebhookMessage({ content: 'x', nonce: '1180218955160375406', enforce_nonce: true }, kind).ok, kind).toBe(true)
    expect(validateWebhookMessage({ content: 'x', nonce: 42 }).ok).toBe(true)
    expect(codes(validateWebhookMessage({ content: 'x', nonce: 'n'.repeat(26), enforce_nonce: 1 }))).toEqual([
      ['value.type', ['enforce_nonce']],
      ['value.type', ['nonce']],
    ])
    expect(codes(validateWebhookMessage({ content: 'x', nonce: 1.5 }))).toEqual([['value.type', ['nonce']]])
    expect(validateWebhookMessage({ content: 'x', username: 'Bot' }, 'follow-up').ok).toBe(true)
    expect(codes(validateWebhookMessage({ content: 'x', username: 'Bot' }, 'create'))).toEqual([['field.unknown', ['username']]])
  })

  // Public API v10 (OpenAPI MessageCreateRequest.components): each entry is a component object, a row (type 1) holding
  // the buttons or the select. A list where a row goes, `components: [[button]]` (discord.js users' habit from plain
  // JavaScript), says where the row's components go; anything else that is no object keeps the plain refusal.
  it('a bare list where a row goes says that a row holds it', () => {
    const bare = validateWebhookMessage({ content: 'x', components: [[{ type: 2, style: 1, label: 'A', custom_id: 'a' }]] })
    expect(codes(bare)).toEqual([['value.type', ['components', 0]]])
    expect(bare.issues?.[0]?.message).toBe("body.components[0] must be a component: ACTION_ROW (1); a row's components go in actionRow(...) (was an array)")
    expect(validateWebhookMessage({ content: 'x', components: ['a'] }).issues?.[0]?.message).toBe('body.components[0] must be a component: ACTION_ROW (1) (was "a")')
    // In a modal too, where a row of text inputs is one of the top components.
    const modal = validateInteractionResponse({ type: 9, data: { custom_id: 'm', title: 'T', components: [[{ type: 4, custom_id: 'a', style: 1 }]] } })
    expect(modal.issues?.[0]?.message).toMatch(
      /^body\.data\.components\[0\] must be a component: ACTION_ROW \(1\), .*; a row's components go in actionRow\(\.\.\.\) \(was an array\)$/,
    )
  })

  it('null on a nullable field is absent', () => {
    expect(validateWebhookMessage({ content: 'x', embeds: null, flags: null }).ok).toBe(true)
  })
})
