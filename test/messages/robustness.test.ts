/**
 * Bad input to the message rules (STYLE.md 13; docs/issues.md "Limits on input"):
 * any JSON at all, and hostile values (throwing getters, revoked proxies, cycles,
 * lists claiming 2^32-1 elements, `__proto__` keys, huge strings) planted anywhere
 * in a full message body or modal, are answered with issues: never a throw, never
 * a hang, never an empty list of issues for a refused body.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateInteractionResponse, validateWebhookMessage } from '../../src/index.js'
import { plant } from '../support/json.js'
import { hostileValue, lyingArray, throwingGetter } from '../support/hostile.js'
import { btn, codes, labelled, row, select, text, V2 } from './helpers.js'

/** A body with every kind of field the message walk reads. */
const BODY = {
  content: 'x',
  embeds: [{ title: 't', description: 'd', footer: { text: 'f' }, author: { name: 'a' }, image: { url: 'https://a.b/c.png' }, fields: [{ name: 'n', value: 'v' }] }],
  components: [row(btn('a'), btn('b')), row(select('s')), row({ type: 5, custom_id: 'u', default_values: [{ type: 'user', id: '1' }] })],
  allowed_mentions: { parse: ['roles'], users: ['1'] },
  attachments: [{ id: 0, filename: 'a.png' }],
  poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: 'A' } }] },
}
const BODY_PATHS = [
  [],
  ['content'],
  ['embeds'],
  ['embeds', 0],
  ['embeds', 0, 'fields'],
  ['embeds', 0, 'fields', 0],
  ['embeds', 0, 'footer'],
  ['components'],
  ['components', 0],
  ['components', 0, 'components'],
  ['components', 0, 'components', 1],
  ['components', 1, 'components', 0, 'options'],
  ['components', 2, 'components', 0, 'default_values'],
  ['allowed_mentions'],
  ['allowed_mentions', 'users'],
  ['attachments', 0],
  ['poll', 'answers'],
  ['poll', 'question'],
] as const

const LAYOUT = {
  flags: V2,
  components: [
    { type: 17, components: [text(), { type: 9, components: [text()], accessory: btn('c') }, { type: 12, items: [{ media: { url: 'https://a.b/c.png' } }] }, row(btn('d'))] },
  ],
}
const LAYOUT_PATHS = [
  ['components', 0, 'components'],
  ['components', 0, 'components', 1],
  ['components', 0, 'components', 1, 'accessory'],
  ['components', 0, 'components', 2, 'items'],
] as const

const MODAL = { type: 9, data: { custom_id: 'm', title: 'T', components: [labelled('a'), { type: 18, label: 'S', component: select('s') }, text()] } }
const MODAL_PATHS = [
  ['data'],
  ['data', 'components'],
  ['data', 'components', 0],
  ['data', 'components', 0, 'component'],
  ['data', 'components', 1, 'component', 'options'],
] as const

describe('the message rules never throw and never pass bad input', () => {
  it('the bodies planted into are valid as they are', () => {
    expect(codes(validateWebhookMessage(BODY))).toEqual([])
    expect(codes(validateWebhookMessage(LAYOUT))).toEqual([])
    expect(codes(validateInteractionResponse(MODAL))).toEqual([])
  })

  it('any JSON, as a follow-up, an edit or a callback', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        for (const kind of ['create', 'follow-up', 'edit'] as const) expect(typeof validateWebhookMessage(v, kind).ok).toBe('boolean')
        expect(typeof validateInteractionResponse(v).ok).toBe('boolean')
        expect(typeof validateInteractionResponse({ type: 4, data: v }).ok).toBe('boolean')
        expect(typeof validateInteractionResponse({ type: 9, data: v }).ok).toBe('boolean')
      }),
    )
  })

  it('a hostile value anywhere in a message, a layout message or a modal is an issue, not a crash', () => {
    const places = [
      ...BODY_PATHS.map((p) => [BODY, p, (v: unknown) => validateWebhookMessage(v)] as const),
      ...LAYOUT_PATHS.map((p) => [LAYOUT, p, (v: unknown) => validateWebhookMessage(v)] as const),
      ...MODAL_PATHS.map((p) => [MODAL, p, (v: unknown) => validateInteractionResponse(v)] as const),
    ]
    fc.assert(
      fc.property(fc.constantFrom(...places), hostileValue, ([base, path, check], recipe) => {
        const r = check(plant(base, path, recipe.make()))
        // A JSON value may happen to be valid there; anything else must be refused with issues.
        if (!r.ok) expect(r.issues.length).toBeGreaterThan(0)
        expect(r.issues?.length ?? 0).toBeLessThanOrEqual(100)
      }),
      { numRuns: 300 },
    )
  })

  it('a list claiming 2^32-1 elements is refused whole, at its path, unread', () => {
    expect(codes(validateWebhookMessage({ content: 'x', embeds: lyingArray({}) }))).toEqual([['response.too_many', ['embeds']]])
    expect(codes(validateWebhookMessage({ components: [{ type: 1, components: lyingArray(btn('a')) }], content: 'x' }))).toEqual([
      ['response.too_many', ['components', 0, 'components']],
    ])
    expect(codes(validateWebhookMessage(plant(BODY, ['embeds', 0, 'fields'], lyingArray({ name: 'n', value: 'v' }))))).toEqual([['response.too_many', ['embeds', 0, 'fields']]])
  })

  it('a getter that throws is input.unreadable; __proto__ is an unknown field, never a prototype', () => {
    expect(codes(validateWebhookMessage(plant(BODY, ['embeds', 0], throwingGetter('title'))))).toEqual([['input.unreadable', ['embeds', 0]]])
    const proto = JSON.parse(
      '{"content":"x","embeds":[{"__proto__":{"title":"y"}}],"components":[{"type":1,"components":[{"type":2,"style":1,"custom_id":"a","label":"A","__proto__":{"url":"x"}}]}]}',
    )
    expect(codes(validateWebhookMessage(proto))).toEqual([
      ['field.unknown', ['embeds', 0, '__proto__']],
      ['field.unknown', ['components', 0, 'components', 0, '__proto__']],
    ])
  })

  it('a row that holds itself, a container that holds itself: refused at the first repeat, not walked forever', () => {
    const loop: Record<string, unknown> = { type: 1, components: [] }
    ;(loop.components as unknown[]).push(loop)
    expect(codes(validateWebhookMessage({ content: 'x', components: [loop] }))).toEqual([['component.placement', ['components', 0, 'components', 0]]])
    const box: Record<string, unknown> = { type: 17, components: [] }
    ;(box.components as unknown[]).push(box)
    expect(codes(validateWebhookMessage({ flags: V2, components: [box] }))).toEqual([['component.placement', ['components', 0, 'components', 0]]])
  })
})
