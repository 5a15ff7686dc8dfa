/**
 * Issue 30, "The emulator and the dev page": every message an app sends through an
 * interaction (the callback, a follow-up, the edits of the original and of a
 * follow-up, and the HTTP answer itself) is checked with the rules the library
 * exports (`validateInteractionResponse`, `validateWebhookMessage`), and one over a
 * public limit is refused as the service refuses it: 400, code 50035, `errors`
 * nested by the issue's path with the service's `_errors` code, and nothing kept.
 * Each limit is the operator's OpenAPI's (`messageLimits`, src/rules/message-limits.ts).
 */
import { describe, expect, it } from 'vitest'
import { MessageFlag, messageLimits } from '../../src/index.js'
import { APP, setup, type Answer } from './helpers.js'
import { world } from './invoke/helpers.js'

const { ACTION_ROWS_MAX, CONTENT_MAX, CUSTOM_ID_MAX, EMBED_FIELDS_MAX, EMBED_TITLE_MAX, EMBEDS_MAX, EMBEDS_TOTAL_MAX, GALLERY_ITEMS_MAX, ROW_MAX } = messageLimits
/** MessageFlags IS_COMPONENTS_V2. */
const V2 = MessageFlag.IsComponentsV2
const text = (n: number) => ({ type: 10, content: `text ${n}` })

const button = (n: number, customId = `b${n}`) => ({ type: 2, style: 1, label: `B${n}`, custom_id: customId })
const row = (...components: unknown[]) => ({ type: 1, components })

/** One message over one public limit each, with the path of its issue, the issue code and the `_errors` code the service sends. */
const OVER: readonly (readonly [string, Record<string, unknown>, readonly (string | number)[], string, string])[] = [
  // CreateMessageInteractionCallbackRequest / IncomingWebhookRequestPartial `content`: maxLength 2000.
  ['content over 2000', { content: 'x'.repeat(CONTENT_MAX + 1) }, ['content'], 'string.length', 'BASE_TYPE_MAX_LENGTH'],
  // `embeds`: maxItems 10.
  ['11 embeds', { embeds: Array.from({ length: EMBEDS_MAX + 1 }, (_, n) => ({ title: `e${n}` })) }, ['embeds'], 'response.too_many', 'BASE_TYPE_MAX_LENGTH'],
  // RichEmbed `title`: maxLength 256.
  ['an embed title over 256', { embeds: [{ title: 't'.repeat(EMBED_TITLE_MAX + 1) }] }, ['embeds', 0, 'title'], 'string.length', 'BASE_TYPE_MAX_LENGTH'],
  // RichEmbed `fields`: maxItems 25.
  [
    '26 fields',
    { embeds: [{ fields: Array.from({ length: EMBED_FIELDS_MAX + 1 }, () => ({ name: 'n', value: 'v' })) }] },
    ['embeds', 0, 'fields'],
    'response.too_many',
    'BASE_TYPE_MAX_LENGTH',
  ],
  // The 6000 characters of all the embeds of a message (the docs' "Embed Limits").
  [
    'embeds over 6000 in all',
    { embeds: [{ description: 'd'.repeat(4000) }, { description: 'd'.repeat(EMBEDS_TOTAL_MAX - 4000 + 1) }] },
    ['embeds'],
    'embed.total',
    'MAX_EMBED_SIZE_EXCEEDED',
  ],
  // ActionRowComponentForMessageRequest `components`: minItems 1 ("Must be 1 or more in length.").
  ['an empty action row', { content: 'x', components: [row()] }, ['components', 0, 'components'], 'response.too_few', 'BASE_TYPE_MIN_LENGTH'],
  // `components`: 5 action rows.
  ['6 action rows', { components: Array.from({ length: ACTION_ROWS_MAX + 1 }, (_, n) => row(button(n))) }, ['components'], 'response.too_many', 'BASE_TYPE_MAX_LENGTH'],
  // ActionRow `components`: maxItems 5.
  [
    '6 buttons in a row',
    { components: [row(...Array.from({ length: ROW_MAX + 1 }, (_, n) => button(n)))] },
    ['components', 0, 'components'],
    'response.too_many',
    'BASE_TYPE_MAX_LENGTH',
  ],
  // Button `custom_id`: 1 to 100 characters.
  ['a custom_id of 101', { components: [row(button(0, 'c'.repeat(CUSTOM_ID_MAX + 1)))] }, ['components', 0, 'components', 0, 'custom_id'], 'string.length', 'BASE_TYPE_BAD_LENGTH'],
  // Layout components (IS_COMPONENTS_V2, flag 32768): SectionComponentForMessageRequest `components` maxItems 3.
  [
    'a section of 4 texts',
    { flags: V2, components: [{ type: 9, components: [text(1), text(2), text(3), text(4)], accessory: { type: 11, media: { url: 'https://cdn.invalid/a.png' } } }] },
    ['components', 0, 'components'],
    'response.too_many',
    'BASE_TYPE_MAX_LENGTH',
  ],
  // MediaGalleryComponentForMessageRequest `items`: maxItems 10.
  [
    'a gallery of 11 items',
    { flags: V2, components: [{ type: 12, items: Array.from({ length: GALLERY_ITEMS_MAX + 1 }, () => ({ media: { url: 'https://cdn.invalid/a.png' } })) }] },
    ['components', 0, 'items'],
    'response.too_many',
    'BASE_TYPE_MAX_LENGTH',
  ],
  // With the flag, the text goes in text displays: `content` is refused (slashkit's code: no public one is known).
  ['content beside IS_COMPONENTS_V2', { flags: V2, content: 'hi', components: [text(0)] }, ['content'], 'field.not_allowed', 'field.not_allowed'],
]

/** The `_errors` of a 50035 body at `path`. */
function errorsAt(a: Answer, path: readonly (string | number)[]): { code: string }[] | undefined {
  let node = a.body?.errors
  for (const p of path) node = node?.[String(p)]
  return node?._errors
}

function expectRefused(a: Answer, path: readonly (string | number)[], issue: string, publicCode: string): void {
  expect([a.status, a.body?.code]).toEqual([400, 50035])
  expect(a.body.issues.map((i: { code: string; path: unknown[] }) => [i.code, i.path])).toContainEqual([issue, path])
  expect(errorsAt(a, path)?.map((e) => e.code)).toContain(publicCode)
}

async function anon(s: ReturnType<typeof setup>, method: string, path: string, body: unknown): Promise<Answer> {
  const res = await s.emulator.fetch(`${s.emulator.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers }
}

describe('emulator: a message over a public limit is refused on every endpoint (400, code 50035, the path)', () => {
  it.each(OVER)('%s: the callback', async (_, message, path, issue, code) => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    expectRefused(await anon(s, 'POST', `/interactions/${id}/${token}/callback`, { type: 4, data: message }), ['data', ...path], issue, code)
    // Nothing kept: the interaction is still unanswered and can be answered.
    expect(s.emulator.interactions.get(id)?.acknowledged).toBe(false)
  })

  it.each(OVER)('%s: a follow-up, the edit of the original, the edit of a follow-up', async (_, message, path, issue, code) => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    expect((await anon(s, 'POST', `/interactions/${id}/${token}/callback`, { type: 4, data: { content: 'first' } })).status).toBe(204)
    const followUp = await anon(s, 'POST', `/webhooks/${APP}/${token}`, { content: 'second' })
    expectRefused(await anon(s, 'POST', `/webhooks/${APP}/${token}`, message), path, issue, code)
    expectRefused(await anon(s, 'PATCH', `/webhooks/${APP}/${token}/messages/@original`, message), path, issue, code)
    expectRefused(await anon(s, 'PATCH', `/webhooks/${APP}/${token}/messages/${followUp.body.id}`, message), path, issue, code)
    const record = s.emulator.interactions.get(id)
    // Each refusal is in the request log with its error body (what slashkit dev and invoke show).
    const refused = s.emulator.requests.filter((q) => q.status === 400)
    expect(refused.map((q) => [q.method, q.error?.code, q.error?.issues?.some((i) => i.code === issue && i.path.join('.') === path.join('.')), q.at])).toEqual(
      ['POST', 'PATCH', 'PATCH'].map((m) => [m, 50035, true, s.clock.now]),
    )
    expect(record?.original?.content).toBe('first')
    expect(record?.transcript.map((e) => e.kind)).toEqual(['callback', 'followup'])
  })

  it('a message at every limit at once is taken (the limits are maxima, not off by one)', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    const atLimits = {
      content: 'x'.repeat(CONTENT_MAX),
      embeds: [{ title: 't'.repeat(EMBED_TITLE_MAX), fields: Array.from({ length: EMBED_FIELDS_MAX }, () => ({ name: 'n', value: 'v' })) }],
      components: Array.from({ length: ACTION_ROWS_MAX }, (_, r) => row(...Array.from({ length: ROW_MAX }, (_, n) => button(n, `${r}:${n}:`.padEnd(CUSTOM_ID_MAX, 'c'))))),
    }
    expect((await anon(s, 'POST', `/interactions/${id}/${token}/callback`, { type: 4, data: atLimits })).status).toBe(204)
    expect(s.emulator.interactions.get(id)?.original?.embeds).toHaveLength(1)
  })

  it('the HTTP answer itself: a bot answering with 11 embeds fails at endpoint.callback with the code and the path', async () => {
    const w = world()
    await w.deploy([{ name: 'news', description: 'The news' }])
    const answer = { type: 4, data: { embeds: Array.from({ length: EMBEDS_MAX + 1 }, (_, n) => ({ title: `e${n}` })) } }
    const r = await w.invoke({ command: '/news', endpoint: async () => Response.json(answer) })
    expect(r).toMatchObject({ outcome: 'failed', code: 'endpoint.callback', refusal: { code: 50035, issues: [{ code: 'response.too_many', path: ['data', 'embeds'] }] } })
  })
})
