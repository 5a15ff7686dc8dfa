/**
 * The limits of the operator's OpenAPI (`discord/discord-api-spec`
 * `specs/openapi.json`, 74fda0f) on what an application sends that
 * test/messages/cases.ts does not name: one row per schema field, each a body at
 * the limit (accepted) and one past it (refused, with the code and path given).
 * The schema names were read from the OpenAPI's `components.schemas`; a field
 * with the same limit on several schemas (a select's placeholder, for message and
 * for modal) has a row for each kind of select, as the service checks each.
 */
import { describe, expect, it } from 'vitest'
import { MessageFlag, validateInteractionResponse, validateWebhookMessage } from '../../src/index.js'

type Path = readonly (string | number)[]
interface Row {
  /** The OpenAPI schema and field, and the limit. */
  readonly fact: string
  readonly ok: unknown
  readonly bad: unknown
  readonly issues: readonly (readonly [string, Path])[]
  /** A modal (callback 9, through validateInteractionResponse), not a webhook message. */
  readonly modal?: true
}

const s = (n: number): string => 'x'.repeat(n)
const url = (n: number): string => `https://example.com/${'a'.repeat(n - 20)}`
const V2 = MessageFlag.IsComponentsV2
const row = (...components: unknown[]) => ({ type: 1, components })
const inRow = (component: unknown) => ({ components: [row(component)] })
const v2 = (...components: unknown[]) => ({ flags: V2, components })
const embed = (e: Record<string, unknown>) => ({ embeds: [e] })
const attachment = (a: Record<string, unknown>) => ({ content: 'x', attachments: [{ id: '0', filename: 'a.png', ...a }] })
const gallery = (item: Record<string, unknown>) => v2({ type: 12, items: [{ media: { url: 'https://example.com/a.png' }, ...item }] })
const poll = (emoji: unknown) => ({ poll: { question: { text: 'Lunch?' }, answers: [{ poll_media: { text: 'Pizza', emoji } }] } })
const modal = (component: unknown) => ({ type: 9, data: { custom_id: 'm', title: 'Form', components: [{ type: 18, label: 'Field', component }] } })
const modalTop = (component: unknown) => ({ type: 9, data: { custom_id: 'm', title: 'Form', components: [component] } })
const ids = (n: number, type: string) => Array.from({ length: n }, (_, i) => ({ id: String(100000000000000000n + BigInt(i)), type }))
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `L${i}`, value: `v${i}` }))

const SELECTS = [
  ['UserSelect', 5, 'user'],
  ['RoleSelect', 6, 'role'],
  ['MentionableSelect', 7, 'user'],
  ['ChannelSelect', 8, 'channel'],
] as const

/** The entity selects of a message: placeholder, max_values, default_values. */
const entitySelects: Row[] = SELECTS.flatMap(([name, type, kind]): Row[] => {
  const at = ['components', 0, 'components', 0]
  return [
    {
      fact: `${name}ComponentForMessageRequest.placeholder maxLength 150`,
      ok: inRow({ type, custom_id: 's', placeholder: s(150) }),
      bad: inRow({ type, custom_id: 's', placeholder: s(151) }),
      issues: [['string.length', [...at, 'placeholder']]],
    },
    {
      fact: `${name}ComponentForMessageRequest.max_values minimum 1 maximum 25`,
      ok: inRow({ type, custom_id: 's', max_values: 25 }),
      bad: inRow({ type, custom_id: 's', max_values: 26 }),
      issues: [['number.range', [...at, 'max_values']]],
    },
    {
      fact: `${name}ComponentForMessageRequest.max_values minimum 1`,
      ok: inRow({ type, custom_id: 's', max_values: 1 }),
      bad: inRow({ type, custom_id: 's', max_values: 0 }),
      issues: [['number.range', [...at, 'max_values']]],
    },
    {
      fact: `${name}ComponentForMessageRequest.default_values maxItems 25`,
      ok: inRow({ type, custom_id: 's', max_values: 25, default_values: ids(25, kind) }),
      bad: inRow({ type, custom_id: 's', max_values: 25, default_values: ids(26, kind) }),
      issues: [['response.too_many', [...at, 'default_values']]],
    },
    {
      fact: `${name}ComponentForModalRequest.placeholder maxLength 150`,
      ok: modal({ type, custom_id: 's', placeholder: s(150) }),
      bad: modal({ type, custom_id: 's', placeholder: s(151) }),
      issues: [['string.length', ['data', 'components', 0, 'component', 'placeholder']]],
      modal: true,
    },
    {
      fact: `${name}ComponentForModalRequest.min_values maximum 25`,
      ok: modal({ type, custom_id: 's', min_values: 25, max_values: 25 }),
      bad: modal({ type, custom_id: 's', min_values: 26, max_values: 25 }),
      issues: [['number.range', ['data', 'components', 0, 'component', 'min_values']]],
      modal: true,
    },
  ]
})

const ROWS: readonly Row[] = [
  ...entitySelects,
  {
    fact: 'StringSelectOptionForRequest.value maxLength 100',
    ok: inRow({ type: 3, custom_id: 's', options: [{ label: 'A', value: s(100) }] }),
    bad: inRow({ type: 3, custom_id: 's', options: [{ label: 'A', value: s(101) }] }),
    issues: [['string.length', ['components', 0, 'components', 0, 'options', 0, 'value']]],
  },
  {
    fact: 'StringSelectOptionForRequest.description maxLength 100',
    ok: inRow({ type: 3, custom_id: 's', options: [{ label: 'A', value: 'a', description: s(100) }] }),
    bad: inRow({ type: 3, custom_id: 's', options: [{ label: 'A', value: 'a', description: s(101) }] }),
    issues: [['string.length', ['components', 0, 'components', 0, 'options', 0, 'description']]],
  },
  {
    fact: 'StringSelectComponentForMessageRequest.custom_id minLength 1 maxLength 100',
    ok: inRow({ type: 3, custom_id: s(100), options: options(1) }),
    bad: inRow({ type: 3, custom_id: s(101), options: options(1) }),
    issues: [['string.length', ['components', 0, 'components', 0, 'custom_id']]],
  },
  {
    fact: 'StringSelectComponentForModalRequest.options minItems 1 maxItems 25',
    ok: modal({ type: 3, custom_id: 's', options: options(25) }),
    bad: modal({ type: 3, custom_id: 's', options: options(26) }),
    issues: [['response.too_many', ['data', 'components', 0, 'component', 'options']]],
    modal: true,
  },
  {
    fact: 'StringSelectComponentForModalRequest.placeholder maxLength 150',
    ok: modal({ type: 3, custom_id: 's', options: options(2), placeholder: s(150) }),
    bad: modal({ type: 3, custom_id: 's', options: options(2), placeholder: s(151) }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'placeholder']]],
    modal: true,
  },
  // Embeds: the URLs and the provider (RichEmbed* schemas).
  {
    fact: 'RichEmbedAuthor.url maxLength 2048',
    ok: embed({ author: { name: 'a', url: url(2048) } }),
    bad: embed({ author: { name: 'a', url: url(2049) } }),
    issues: [['string.length', ['embeds', 0, 'author', 'url']]],
  },
  {
    fact: 'RichEmbedAuthor.icon_url maxLength 2048',
    ok: embed({ author: { name: 'a', icon_url: url(2048) } }),
    bad: embed({ author: { name: 'a', icon_url: url(2049) } }),
    issues: [['string.length', ['embeds', 0, 'author', 'icon_url']]],
  },
  {
    fact: 'RichEmbedFooter.icon_url maxLength 2048',
    ok: embed({ footer: { text: 'a', icon_url: url(2048) } }),
    bad: embed({ footer: { text: 'a', icon_url: url(2049) } }),
    issues: [['string.length', ['embeds', 0, 'footer', 'icon_url']]],
  },
  {
    fact: 'RichEmbedThumbnail.url maxLength 2048',
    ok: embed({ thumbnail: { url: url(2048) } }),
    bad: embed({ thumbnail: { url: url(2049) } }),
    issues: [['string.length', ['embeds', 0, 'thumbnail', 'url']]],
  },
  {
    fact: 'RichEmbedVideo.url maxLength 2048',
    ok: embed({ video: { url: url(2048) } }),
    bad: embed({ video: { url: url(2049) } }),
    issues: [['string.length', ['embeds', 0, 'video', 'url']]],
  },
  {
    fact: 'RichEmbedProvider.name maxLength 256',
    ok: embed({ provider: { name: s(256) } }),
    bad: embed({ provider: { name: s(257) } }),
    issues: [['string.length', ['embeds', 0, 'provider', 'name']]],
  },
  {
    fact: 'RichEmbedProvider.url maxLength 2048',
    ok: embed({ provider: { name: 'a', url: url(2048) } }),
    bad: embed({ provider: { name: 'a', url: url(2049) } }),
    issues: [['string.length', ['embeds', 0, 'provider', 'url']]],
  },
  // Attachments (MessageAttachmentRequest).
  {
    fact: 'MessageAttachmentRequest.description maxLength 1024',
    ok: attachment({ description: s(1024) }),
    bad: attachment({ description: s(1025) }),
    issues: [['string.length', ['attachments', 0, 'description']]],
  },
  {
    fact: 'MessageAttachmentRequest.title maxLength 1024',
    ok: attachment({ title: s(1024) }),
    bad: attachment({ title: s(1025) }),
    issues: [['string.length', ['attachments', 0, 'title']]],
  },
  {
    fact: 'MessageAttachmentRequest.waveform maxLength 400',
    ok: attachment({ waveform: s(400) }),
    bad: attachment({ waveform: s(401) }),
    issues: [['string.length', ['attachments', 0, 'waveform']]],
  },
  // Polls and layout components.
  {
    fact: 'PollEmojiCreateRequest.name maxLength 32',
    ok: poll({ name: s(32) }),
    bad: poll({ name: s(33) }),
    issues: [['string.length', ['poll', 'answers', 0, 'poll_media', 'emoji', 'name']]],
  },
  {
    fact: 'MediaGalleryItemRequest.description minLength 1 maxLength 1024',
    ok: gallery({ description: s(1024) }),
    bad: gallery({ description: s(1025) }),
    issues: [['string.length', ['components', 0, 'items', 0, 'description']]],
  },
  {
    fact: 'UnfurledMediaRequest.url maxLength 2048',
    ok: gallery({ media: { url: url(2048) } }),
    bad: gallery({ media: { url: url(2049) } }),
    issues: [['string.length', ['components', 0, 'items', 0, 'media', 'url']]],
  },
  // Modals: the inputs the cases do not name.
  {
    fact: 'TextInputComponentForModalRequest.value maxLength 4000',
    ok: modal({ type: 4, custom_id: 't', style: 1, value: s(4000) }),
    bad: modal({ type: 4, custom_id: 't', style: 1, value: s(4001) }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'value']]],
    modal: true,
  },
  {
    fact: 'TextInputComponentForModalRequest.min_length maximum 4000',
    ok: modal({ type: 4, custom_id: 't', style: 1, min_length: 4000 }),
    bad: modal({ type: 4, custom_id: 't', style: 1, min_length: 4001 }),
    issues: [['number.range', ['data', 'components', 0, 'component', 'min_length']]],
    modal: true,
  },
  {
    fact: 'TextInputComponentForModalRequest.custom_id minLength 1 maxLength 100',
    ok: modal({ type: 4, custom_id: s(100), style: 1 }),
    bad: modal({ type: 4, custom_id: s(101), style: 1 }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'custom_id']]],
    modal: true,
  },
  {
    fact: 'TextDisplayComponentForModalRequest.content minLength 1 maxLength 4000',
    ok: modalTop({ type: 10, content: s(4000) }),
    bad: modalTop({ type: 10, content: s(4001) }),
    issues: [['string.length', ['data', 'components', 0, 'content']]],
    modal: true,
  },
  {
    fact: 'RadioGroupOptionForRequest.label minLength 1 maxLength 100',
    ok: modal({
      type: 21,
      custom_id: 'r',
      options: [
        { label: s(100), value: 'a' },
        { label: 'B', value: 'b' },
      ],
    }),
    bad: modal({
      type: 21,
      custom_id: 'r',
      options: [
        { label: s(101), value: 'a' },
        { label: 'B', value: 'b' },
      ],
    }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'options', 0, 'label']]],
    modal: true,
  },
  {
    fact: 'RadioGroupOptionForRequest.value minLength 1 maxLength 100',
    ok: modal({
      type: 21,
      custom_id: 'r',
      options: [
        { label: 'A', value: s(100) },
        { label: 'B', value: 'b' },
      ],
    }),
    bad: modal({
      type: 21,
      custom_id: 'r',
      options: [
        { label: 'A', value: s(101) },
        { label: 'B', value: 'b' },
      ],
    }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'options', 0, 'value']]],
    modal: true,
  },
  {
    fact: 'RadioGroupOptionForRequest.description maxLength 100',
    ok: modal({
      type: 21,
      custom_id: 'r',
      options: [
        { label: 'A', value: 'a', description: s(100) },
        { label: 'B', value: 'b' },
      ],
    }),
    bad: modal({
      type: 21,
      custom_id: 'r',
      options: [
        { label: 'A', value: 'a', description: s(101) },
        { label: 'B', value: 'b' },
      ],
    }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'options', 0, 'description']]],
    modal: true,
  },
  {
    fact: 'RadioGroupComponentForModalRequest.custom_id minLength 1 maxLength 100',
    ok: modal({ type: 21, custom_id: s(100), options: options(2) }),
    bad: modal({ type: 21, custom_id: s(101), options: options(2) }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'custom_id']]],
    modal: true,
  },
  {
    fact: 'CheckboxGroupOptionForRequest.label minLength 1 maxLength 100',
    ok: modal({ type: 22, custom_id: 'c', options: [{ label: s(100), value: 'a' }] }),
    bad: modal({ type: 22, custom_id: 'c', options: [{ label: s(101), value: 'a' }] }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'options', 0, 'label']]],
    modal: true,
  },
  {
    fact: 'CheckboxGroupOptionForRequest.value minLength 1 maxLength 100',
    ok: modal({ type: 22, custom_id: 'c', options: [{ label: 'A', value: s(100) }] }),
    bad: modal({ type: 22, custom_id: 'c', options: [{ label: 'A', value: s(101) }] }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'options', 0, 'value']]],
    modal: true,
  },
  {
    fact: 'CheckboxGroupOptionForRequest.description maxLength 100',
    ok: modal({ type: 22, custom_id: 'c', options: [{ label: 'A', value: 'a', description: s(100) }] }),
    bad: modal({ type: 22, custom_id: 'c', options: [{ label: 'A', value: 'a', description: s(101) }] }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'options', 0, 'description']]],
    modal: true,
  },
  {
    fact: 'CheckboxGroupComponentForModalRequest.max_values minimum 1 maximum 10',
    ok: modal({ type: 22, custom_id: 'c', options: options(10), max_values: 10 }),
    bad: modal({ type: 22, custom_id: 'c', options: options(10), max_values: 11 }),
    issues: [['number.range', ['data', 'components', 0, 'component', 'max_values']]],
    modal: true,
  },
  {
    fact: 'CheckboxGroupComponentForModalRequest.min_values maximum 10',
    ok: modal({ type: 22, custom_id: 'c', options: options(10), min_values: 10, max_values: 10 }),
    bad: modal({ type: 22, custom_id: 'c', options: options(10), min_values: 11, max_values: 10 }),
    issues: [['number.range', ['data', 'components', 0, 'component', 'min_values']]],
    modal: true,
  },
  {
    fact: 'CheckboxComponentForModalRequest.custom_id minLength 1 maxLength 100',
    ok: modal({ type: 23, custom_id: s(100) }),
    bad: modal({ type: 23, custom_id: s(101) }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'custom_id']]],
    modal: true,
  },
  {
    fact: 'FileUploadComponentForModalRequest.min_values maximum 10',
    ok: modal({ type: 19, custom_id: 'f', min_values: 10, max_values: 10 }),
    bad: modal({ type: 19, custom_id: 'f', min_values: 11, max_values: 10 }),
    issues: [['number.range', ['data', 'components', 0, 'component', 'min_values']]],
    modal: true,
  },
  {
    fact: 'FileUploadComponentForModalRequest.custom_id minLength 1 maxLength 100',
    ok: modal({ type: 19, custom_id: s(100) }),
    bad: modal({ type: 19, custom_id: s(101) }),
    issues: [['string.length', ['data', 'components', 0, 'component', 'custom_id']]],
    modal: true,
  },
]

// Under a minimum (OpenAPI minItems): `response.too_few`, never `response.too_many`.
const UNDER: readonly Row[] = [
  {
    fact: 'ModalInteractionCallbackRequestData.components minItems 1',
    ok: modalTop({ type: 10, content: 'Hi' }),
    bad: { type: 9, data: { custom_id: 'm', title: 'Form', components: [] } },
    issues: [['response.too_few', ['data', 'components']]],
    modal: true,
  },
  {
    fact: 'ActionRowComponentForMessageRequest.components minItems 1',
    ok: { components: [row({ type: 2, style: 1, custom_id: 'a', label: 'A' })] },
    bad: { content: 'x', components: [row()] },
    issues: [['response.too_few', ['components', 0, 'components']]],
  },
  {
    fact: 'SectionComponentForMessageRequest.components minItems 1',
    ok: v2({ type: 9, components: [{ type: 10, content: 'a' }], accessory: { type: 11, media: { url: 'https://example.com/a.png' } } }),
    bad: v2({ type: 9, components: [], accessory: { type: 11, media: { url: 'https://example.com/a.png' } } }),
    issues: [['response.too_few', ['components', 0, 'components']]],
  },
  {
    fact: 'ContainerComponentForMessageRequest.components minItems 1',
    ok: v2({ type: 17, components: [{ type: 10, content: 'a' }] }),
    bad: v2({ type: 17, components: [] }),
    issues: [['response.too_few', ['components', 0, 'components']]],
  },
  {
    fact: 'MediaGalleryComponentForMessageRequest.items minItems 1',
    ok: v2({ type: 12, items: [{ media: { url: 'https://example.com/a.png' } }] }),
    bad: v2({ type: 12, items: [] }),
    issues: [['response.too_few', ['components', 0, 'items']]],
  },
  {
    fact: 'StringSelectComponentForMessageRequest.options minItems 1',
    ok: inRow({ type: 3, custom_id: 's', options: options(1) }),
    bad: inRow({ type: 3, custom_id: 's', options: [] }),
    issues: [['response.too_few', ['components', 0, 'components', 0, 'options']]],
  },
  {
    fact: 'CheckboxGroupComponentForModalRequest.options minItems 1',
    ok: modal({ type: 22, custom_id: 'c', options: options(1) }),
    bad: modal({ type: 22, custom_id: 'c', options: [] }),
    issues: [['response.too_few', ['data', 'components', 0, 'component', 'options']]],
    modal: true,
  },
  {
    fact: 'RadioGroupComponentForModalRequest.options minItems 2',
    ok: modal({ type: 21, custom_id: 'r', options: options(2) }),
    bad: modal({ type: 21, custom_id: 'r', options: options(1) }),
    issues: [['response.too_few', ['data', 'components', 0, 'component', 'options']]],
    modal: true,
  },
  {
    fact: 'PollCreateRequest.answers minItems 1',
    ok: poll(undefined),
    bad: { poll: { question: { text: 'Lunch?' }, answers: [] } },
    issues: [['response.too_few', ['poll', 'answers']]],
  },
  // A number field refused by what is wrong with it: its type, its wholeness, its range.
  {
    fact: 'IncomingWebhookInteractionRequest.flags integer (a bit set: slashkit holds it to 0..2^31-1)',
    ok: { content: 'x', flags: MessageFlag.Ephemeral },
    bad: { content: 'x', flags: -1 },
    issues: [['number.range', ['flags']]],
  },
  {
    fact: 'IncomingWebhookInteractionRequest.flags integer: a fraction',
    ok: { content: 'x', flags: 0 },
    bad: { content: 'x', flags: 0.5 },
    issues: [['number.integer', ['flags']]],
  },
  {
    fact: 'MessageAttachmentRequest.duration_secs number: a string is not one',
    ok: attachment({ duration_secs: 1.5 }),
    bad: attachment({ duration_secs: '1.5' }),
    issues: [['value.type', ['attachments', 0, 'duration_secs']]],
  },
]

const check = (r: Row, body: unknown) => {
  const result = r.modal === true ? validateInteractionResponse(body) : validateWebhookMessage(body)
  return (result.issues ?? []).map((i) => [i.code, i.path])
}

describe('the OpenAPI limits of a message and a modal that test/messages/cases.ts does not name', () => {
  it.each(ROWS.map((r) => [r.fact, r] as const))('%s', (_, r) => {
    expect(check(r, r.ok), 'at the limit').toEqual([])
    expect(check(r, r.bad), 'past it').toEqual(r.issues)
  })
})

describe('a list under its OpenAPI minimum is response.too_few, a number by what is wrong with it', () => {
  it.each(UNDER.map((r) => [r.fact, r] as const))('%s', (_, r) => {
    expect(check(r, r.ok), 'at the limit').toEqual([])
    expect(check(r, r.bad), 'past it').toEqual(r.issues)
  })

  it('says what the code says: at least, for a list under its minimum (ModalInteractionCallbackRequestData.components minItems 1)', () => {
    const issue = validateInteractionResponse({ type: 9, data: { custom_id: 'm', title: 'Form', components: [] } }).issues?.[0]
    expect(issue).toMatchObject({ code: 'response.too_few', path: ['data', 'components'], min: 1, limit: 40, count: 0 })
    expect(issue?.message).toBe('body.data.components has 0 components; at least 1 is needed')
    const radio = validateInteractionResponse(modal({ type: 21, custom_id: 'r', options: options(1) })).issues?.[0]
    expect(radio?.message).toBe('body.data.components[0].component.options has 1 options; at least 2 are needed')
  })
})
