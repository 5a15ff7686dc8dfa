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

describe('custom_id unique within a message (docs, "Custom ID"), however many and however alike', () => {
  const button = (id: string) => ({ type: 2, style: 1, custom_id: id, label: 'x' })
  // Alike: the same first 26 and last 8 units, only 3 digits in between differ.
  const alike = (i: number) => `route:${'x'.repeat(20)}${String(i).padStart(3, '0')}${'y'.repeat(8)}`
  const rows = (count: number) => Array.from({ length: count }, (_, r) => ({ type: 1, components: Array.from({ length: 5 }, (_, k) => button(alike(r * 5 + k))) }))
  const duplicates = (body: unknown) => codes(validateWebhookMessage(body, 'follow-up')).filter(([code]) => code === 'component.duplicate')

  it('25 custom_ids that differ only in their middle: all accepted; one repeat is refused at its path, naming the first', () => {
    const body = { components: rows(5) }
    expect(codes(validateWebhookMessage(body, 'follow-up'))).toEqual([])
    body.components[4]!.components[4]!.custom_id = alike(3)
    const result = validateWebhookMessage(body, 'follow-up')
    expect(codes(result)).toEqual([['component.duplicate', ['components', 4, 'components', 4, 'custom_id']]])
    expect(result.ok ? '' : result.issues[0]!.message).toContain('components[0].components[3].custom_id')
  })

  it('100 custom_ids (a hostile body: 20 rows): a repeat is found wherever it is, besides the rows refused', () => {
    for (const [at, path] of [
      [40, ['components', 8, 'components', 0, 'custom_id']],
      [70, ['components', 14, 'components', 0, 'custom_id']],
      [99, ['components', 19, 'components', 4, 'custom_id']],
    ] as const) {
      const body = { components: rows(20) }
      body.components[Math.floor(at / 5)]!.components[at % 5]!.custom_id = alike(3)
      expect(duplicates(body), `repeat at ${at}`).toEqual([['component.duplicate', path]])
    }
    expect(duplicates({ components: rows(20) })).toEqual([])
  })
})
