/**
 * Every limit of a message body, one case each, through `validateWebhookMessage`
 * (and `validateInteractionResponse` for modals): the body one past the limit is
 * refused with the code and path given, and the body at the limit is accepted.
 * Each case names the public fact it comes from: the operator's OpenAPI schema
 * (`discord/discord-api-spec`, `specs/openapi.json`) and its field, or the developer
 * documentation where the OpenAPI says nothing ("docs").
 */
import { describe, expect, it } from 'vitest'
import { validateInteractionResponse, validateWebhookMessage } from '../../src/index.js'
import { CASES, MODAL_CASES } from './cases.js'
import { codes } from './helpers.js'

describe('validateWebhookMessage: every limit of a message (public API v10)', () => {
  it.each(CASES.map((c) => [c.fact, c] as const))('%s', (_, c) => {
    expect(codes(validateWebhookMessage(c.ok, c.kind ?? 'follow-up')), 'at the limit').toEqual([])
    expect(codes(validateWebhookMessage(c.bad, c.kind ?? 'follow-up')), 'past it').toEqual(c.issues)
  })

  it('the same body through validateInteractionResponse (callback 4) has the same issues under data', () => {
    for (const c of CASES.filter(
      (x) => x.kind === undefined && (x.bad as { username?: unknown; applied_tags?: unknown }).username === undefined && !('applied_tags' in (x.bad as object)),
    )) {
      const via = codes(validateInteractionResponse({ type: 4, data: c.bad }))
      expect(via, c.fact).toEqual(c.issues.map(([code, path]) => [code, ['data', ...path]]))
    }
  })
})

describe('validateInteractionResponse: every limit of a modal (callback 9, public API v10)', () => {
  it.each(MODAL_CASES.map((c) => [c.fact, c] as const))('%s', (_, c) => {
    expect(codes(validateInteractionResponse(c.ok)), 'at the limit').toEqual([])
    expect(codes(validateInteractionResponse(c.bad)), 'past it').toEqual(c.issues)
  })
})
