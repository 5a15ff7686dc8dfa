/**
 * One case per limit of what an application sends (public API v10): a body at the
 * limit (accepted) and one past it (refused, with its issues as `[code, path]`).
 * Each case names the public fact it comes from: the operator's OpenAPI schema
 * (`discord/discord-api-spec`, `specs/openapi.json`) and its field, or the developer
 * documentation where the OpenAPI says nothing ("docs"). limits.test.ts runs them
 * through slashkit's rules, differential.test.ts through @discordjs/builders too.
 */
import { btn, chars, labelled, row, select, text, V2 } from './helpers.js'

type Path = readonly (string | number)[]
export interface Case {
  /** The public fact: schema and field, or "docs, <section>". */
  readonly fact: string
  /** At the limit: accepted. */
  readonly ok: unknown
  /** Past it: refused with exactly these issues. */
  readonly bad: unknown
  readonly issues: readonly (readonly [string, Path])[]
  readonly kind?: 'create' | 'follow-up' | 'edit'
}

const msg = (x: Record<string, unknown>): Record<string, unknown> => ({ content: 'x', ...x })
const v2 = (...components: unknown[]): Record<string, unknown> => ({ flags: V2, components })
const embed = (x: Record<string, unknown>): Record<string, unknown> => msg({ embeds: [x] })
const field = (name: string, value: string) => ({ name, value })

export const CASES: readonly Case[] = [
  // message (IncomingWebhookInteractionRequest)
  { fact: 'IncomingWebhookInteractionRequest.content maxLength 2000', ok: { content: chars(2000) }, bad: { content: chars(2001) }, issues: [['string.length', ['content']]] },
  {
    fact: 'IncomingWebhookInteractionRequest.embeds maxItems 10',
    ok: msg({ embeds: Array(10).fill({}) }),
    bad: msg({ embeds: Array(11).fill({}) }),
    issues: [['response.too_many', ['embeds']]],
  },
  {
    fact: 'IncomingWebhookInteractionRequest.attachments maxItems 10',
    ok: msg({ attachments: Array.from({ length: 10 }, (_, i) => ({ id: i })) }),
    bad: msg({ attachments: Array.from({ length: 11 }, (_, i) => ({ id: String(i) })) }),
    issues: [['response.too_many', ['attachments']]],
  },
  {
    fact: 'IncomingWebhookInteractionRequest.components maxItems 40; docs ("Component reference"): 40 components in all, nested ones counted',
    ok: v2(...Array.from({ length: 8 }, (_, i) => row(...Array.from({ length: 4 }, (_, j) => btn(`b${i}.${j}`))))),
    bad: v2(...Array.from({ length: 8 }, (_, i) => row(...Array.from({ length: 5 }, (_, j) => btn(`b${i}.${j}`))))),
    issues: [['response.too_many', ['components']]],
  },
  {
    fact: 'docs ("Action Row"): a message without IS_COMPONENTS_V2 holds at most 5 action rows',
    ok: msg({ components: Array.from({ length: 5 }, (_, i) => row(btn(`r${i}`))) }),
    bad: msg({ components: Array.from({ length: 6 }, (_, i) => row(btn(`r${i}`))) }),
    issues: [['response.too_many', ['components']]],
  },
  // embeds (RichEmbed and its parts)
  { fact: 'RichEmbed.title maxLength 256', ok: embed({ title: chars(256) }), bad: embed({ title: chars(257) }), issues: [['string.length', ['embeds', 0, 'title']]] },
  {
    fact: 'RichEmbed.description maxLength 4096',
    ok: embed({ description: chars(4096) }),
    bad: embed({ description: chars(4097) }),
    issues: [['string.length', ['embeds', 0, 'description']]],
  },
  {
    fact: 'RichEmbed.fields maxItems 25',
    ok: embed({ fields: Array(25).fill(field('n', 'v')) }),
    bad: embed({ fields: Array(26).fill(field('n', 'v')) }),
    issues: [['response.too_many', ['embeds', 0, 'fields']]],
  },
  {
    fact: 'RichEmbedField.name maxLength 256',
    ok: embed({ fields: [field(chars(256), 'v')] }),
    bad: embed({ fields: [field(chars(257), 'v')] }),
    issues: [['string.length', ['embeds', 0, 'fields', 0, 'name']]],
  },
  {
    fact: 'RichEmbedField.value maxLength 1024',
    ok: embed({ fields: [field('n', chars(1024))] }),
    bad: embed({ fields: [field('n', chars(1025))] }),
    issues: [['string.length', ['embeds', 0, 'fields', 0, 'value']]],
  },
  {
    fact: 'RichEmbedField required [name, value]',
    ok: embed({ fields: [field('', '')] }),
    bad: embed({ fields: [{ name: 'n' }] }),
    issues: [['field.required', ['embeds', 0, 'fields', 0, 'value']]],
  },
  {
    fact: 'RichEmbedFooter.text maxLength 2048',
    ok: embed({ footer: { text: chars(2048) } }),
    bad: embed({ footer: { text: chars(2049) } }),
    issues: [['string.length', ['embeds', 0, 'footer', 'text']]],
  },
  {
    fact: 'RichEmbedAuthor.name maxLength 256',
    ok: embed({ author: { name: chars(256) } }),
    bad: embed({ author: { name: chars(257) } }),
    issues: [['string.length', ['embeds', 0, 'author', 'name']]],
  },
  { fact: 'RichEmbed.color minimum 0 maximum 16777215', ok: embed({ color: 0xffffff }), bad: embed({ color: 0x1000000 }), issues: [['number.range', ['embeds', 0, 'color']]] },
  {
    fact: 'RichEmbed.url maxLength 2048, format uri',
    ok: embed({ url: `https://a.b/${chars(2036)}` }),
    bad: embed({ url: 'ftp://a.b' }),
    issues: [['url.format', ['embeds', 0, 'url']]],
  },
  {
    fact: 'RichEmbedImage.url format uri (an http(s) URL, or attachment:// for a file of the message)',
    ok: embed({ image: { url: 'attachment://chart.png' } }),
    bad: embed({ image: { url: 'chart.png' } }),
    issues: [['url.format', ['embeds', 0, 'image', 'url']]],
  },
  {
    fact: 'RichEmbed.timestamp format date-time',
    ok: embed({ timestamp: '2025-01-31T12:00:00.000Z' }),
    bad: embed({ timestamp: 'yesterday' }),
    issues: [['value.type', ['embeds', 0, 'timestamp']]],
  },
  {
    fact: 'docs ("Embed Limits"): titles, descriptions, field names and values, footers and author names of all embeds, 6000 characters',
    ok: msg({ embeds: [{ title: chars(200), description: chars(4000) }, { description: chars(1800) }] }),
    bad: msg({ embeds: [{ title: chars(200), description: chars(4000) }, { description: chars(1801) }] }),
    issues: [['embed.total', ['embeds']]],
  },
  {
    fact: 'docs ("Embed Limits"): the 6000 counts characters (code points), not UTF-16 units',
    ok: msg({ embeds: [{ description: chars(4000, '😀') }, { description: chars(2000, '😀') }] }),
    bad: msg({ embeds: [{ description: chars(4000, '😀') }, { description: chars(2001, '😀') }] }),
    issues: [['embed.total', ['embeds']]],
  },
  // allowed mentions (MessageAllowedMentionsRequest)
  {
    fact: 'MessageAllowedMentionsRequest.users maxItems 100, uniqueItems',
    ok: msg({ allowed_mentions: { users: Array.from({ length: 100 }, (_, i) => String(1000 + i)) } }),
    bad: msg({ allowed_mentions: { users: Array.from({ length: 101 }, (_, i) => String(1000 + i)) } }),
    issues: [['response.too_many', ['allowed_mentions', 'users']]],
  },
  {
    fact: 'MessageAllowedMentionsRequest.roles uniqueItems',
    ok: msg({ allowed_mentions: { roles: ['1', '2'] } }),
    bad: msg({ allowed_mentions: { roles: ['1', '1'] } }),
    issues: [['array.duplicate', ['allowed_mentions', 'roles', 1]]],
  },
  {
    fact: 'AllowedMentionTypes: users, roles, everyone',
    ok: msg({ allowed_mentions: { parse: ['users', 'everyone'] } }),
    bad: msg({ allowed_mentions: { parse: ['here'] } }),
    issues: [['enum.value', ['allowed_mentions', 'parse', 0]]],
  },
  {
    fact: 'docs ("Allowed Mentions"): parse "users" and a users list exclude each other',
    ok: msg({ allowed_mentions: { parse: ['roles'], users: ['1'] } }),
    bad: msg({ allowed_mentions: { parse: ['users'], users: ['1'] } }),
    issues: [['mentions.conflict', ['allowed_mentions', 'users']]],
  },
  // attachments (MessageAttachmentRequest)
  {
    fact: 'MessageAttachmentRequest.filename minLength 1 maxLength 1024',
    ok: msg({ attachments: [{ id: 0, filename: chars(1024) }] }),
    bad: msg({ attachments: [{ id: 0, filename: '' }] }),
    issues: [['string.length', ['attachments', 0, 'filename']]],
  },
  {
    fact: 'MessageAttachmentRequest required [id]',
    ok: msg({ attachments: [{ id: '41771983423143937' }] }),
    bad: msg({ attachments: [{ filename: 'a.png' }] }),
    issues: [['field.required', ['attachments', 0, 'id']]],
  },
  // polls (PollCreateRequest)
  {
    fact: 'PollCreateRequest.answers minItems 1 maxItems 10',
    ok: { poll: { question: { text: 'Q' }, answers: Array(10).fill({ poll_media: { text: 'a' } }) } },
    bad: { poll: { question: { text: 'Q' }, answers: Array(11).fill({ poll_media: { text: 'a' } }) } },
    issues: [['response.too_many', ['poll', 'answers']]],
  },
  {
    fact: 'PollCreateRequest.duration minimum 1 maximum 768',
    ok: { poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: 'a' } }], duration: 768 } },
    bad: { poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: 'a' } }], duration: 769 } },
    issues: [['number.range', ['poll', 'duration']]],
  },
  {
    fact: 'PollMedia.text minLength 1 maxLength 300',
    ok: { poll: { question: { text: chars(300) }, answers: [{ poll_media: { text: 'a' } }] } },
    bad: { poll: { question: { text: chars(301) }, answers: [{ poll_media: { text: 'a' } }] } },
    issues: [['string.length', ['poll', 'question', 'text']]],
  },
  {
    fact: 'PollMediaCreateRequest.text maxLength 300 (answers)',
    ok: { poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: chars(300) } }] } },
    bad: { poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: chars(301) } }] } },
    issues: [['string.length', ['poll', 'answers', 0, 'poll_media', 'text']]],
  },
  // buttons (ButtonComponentForMessageRequest; docs, "Button")
  {
    fact: 'ButtonComponentForMessageRequest.label maxLength 80',
    ok: msg({ components: [row(btn('a', { label: chars(80) }))] }),
    bad: msg({ components: [row(btn('a', { label: chars(81) }))] }),
    issues: [['string.length', ['components', 0, 'components', 0, 'label']]],
  },
  {
    fact: 'ButtonComponentForMessageRequest.custom_id minLength 1 maxLength 100',
    ok: msg({ components: [row(btn(chars(100)))] }),
    bad: msg({ components: [row(btn(chars(101)))] }),
    issues: [['string.length', ['components', 0, 'components', 0, 'custom_id']]],
  },
  {
    fact: 'ButtonStyleTypes 1 to 6',
    ok: msg({ components: [row(btn('a', { style: 4 }))] }),
    bad: msg({ components: [row(btn('a', { style: 7 }))] }),
    issues: [['enum.value', ['components', 0, 'components', 0, 'style']]],
  },
  {
    fact: 'docs ("Button"): a button of style 1 to 4 has a custom_id and no url',
    ok: msg({ components: [row(btn('a'))] }),
    bad: msg({ components: [row({ type: 2, style: 1, label: 'x', url: 'https://a.b' })] }),
    issues: [
      ['field.required', ['components', 0, 'components', 0, 'custom_id']],
      ['field.not_allowed', ['components', 0, 'components', 0, 'url']],
    ],
  },
  {
    fact: 'docs ("Button"): a link button (5) has a url (ButtonComponentForMessageRequest.url maxLength 512) and no custom_id',
    ok: msg({ components: [row({ type: 2, style: 5, label: 'Docs', url: `https://a.b/${chars(500)}` })] }),
    bad: msg({ components: [row({ type: 2, style: 5, label: 'Docs', custom_id: 'x', url: `https://a.b/${chars(501)}` })] }),
    issues: [
      ['string.length', ['components', 0, 'components', 0, 'url']],
      ['field.not_allowed', ['components', 0, 'components', 0, 'custom_id']],
    ],
  },
  {
    fact: 'docs ("Button"): a premium button (6) has a sku_id and no custom_id, label, url or emoji',
    ok: msg({ components: [row({ type: 2, style: 6, sku_id: '1180218955160375406' })] }),
    bad: msg({ components: [row({ type: 2, style: 6, label: 'Buy' })] }),
    issues: [
      ['field.required', ['components', 0, 'components', 0, 'sku_id']],
      ['field.not_allowed', ['components', 0, 'components', 0, 'label']],
    ],
  },
  {
    fact: 'docs ("Button"): a button of style 1 to 5 shows a label, an emoji or both (the service answers 50035 without either)',
    ok: msg({ components: [row({ type: 2, style: 2, custom_id: 'a', emoji: { name: '👍' } })] }),
    bad: msg({ components: [row({ type: 2, style: 2, custom_id: 'a', label: '' })] }),
    issues: [['field.required', ['components', 0, 'components', 0, 'label']]],
  },
  {
    fact: 'ComponentEmojiForRequest required [name], name maxLength 32',
    ok: msg({ components: [row(btn('a', { emoji: { id: '41771983423143937', name: 'x' } }))] }),
    bad: msg({ components: [row(btn('a', { emoji: { id: '41771983423143937' } }))] }),
    issues: [['field.required', ['components', 0, 'components', 0, 'emoji', 'name']]],
  },
  // action rows (ActionRowComponentForMessageRequest; docs, "Action Row")
  {
    fact: 'ActionRowComponentForMessageRequest.components maxItems 5',
    ok: msg({ components: [row(...Array.from({ length: 5 }, (_, i) => btn(`b${i}`)))] }),
    bad: msg({ components: [row(...Array.from({ length: 6 }, (_, i) => btn(`b${i}`)))] }),
    issues: [['response.too_many', ['components', 0, 'components']]],
  },
  {
    fact: 'ActionRowComponentForMessageRequest.components minItems 1',
    ok: msg({ components: [row(btn('a'))] }),
    bad: msg({ components: [row()] }),
    issues: [['response.too_few', ['components', 0, 'components']]],
  },
  {
    fact: 'docs ("Action Row"): one select menu fills a row',
    ok: msg({ components: [row(select('s')), row(btn('a'))] }),
    bad: msg({ components: [row(select('s'), btn('a'))] }),
    issues: [['component.row', ['components', 0, 'components']]],
  },
  {
    fact: 'ActionRowComponentForMessageRequest.components: buttons and selects only (a text input is a modal component)',
    ok: msg({ components: [row(btn('a'))] }),
    bad: msg({ components: [row({ type: 4, custom_id: 't', style: 1, label: 'T' })] }),
    issues: [['component.placement', ['components', 0, 'components', 0]]],
  },
  {
    fact: 'docs ("Custom ID"): custom_id is unique within a message',
    ok: msg({ components: [row(btn('a'), btn('b'))] }),
    bad: msg({ components: [row(btn('a')), row(btn('a'))] }),
    issues: [['component.duplicate', ['components', 1, 'components', 0, 'custom_id']]],
  },
  {
    fact: 'ActionRowComponentForMessageRequest.id int32 minimum 0; docs ("Component reference"): id unique within a message',
    ok: msg({ components: [{ ...row(btn('a', { id: 2 })), id: 1 }] }),
    bad: msg({ components: [{ ...row(btn('a', { id: 1 })), id: 1 }] }),
    issues: [['component.duplicate', ['components', 0, 'components', 0, 'id']]],
  },
  {
    fact: 'ButtonComponentForMessageRequest.id minimum 0',
    ok: msg({ components: [row(btn('a', { id: 0 }))] }),
    bad: msg({ components: [row(btn('a', { id: -1 }))] }),
    issues: [['number.range', ['components', 0, 'components', 0, 'id']]],
  },
  // selects (StringSelectComponentForMessageRequest and the others)
  {
    fact: 'StringSelectComponentForMessageRequest.options minItems 1 maxItems 25',
    ok: msg({ components: [row(select('s', 25))] }),
    bad: msg({ components: [row(select('s', 26))] }),
    issues: [['response.too_many', ['components', 0, 'components', 0, 'options']]],
  },
  {
    fact: 'StringSelectComponentForMessageRequest.placeholder maxLength 150',
    ok: msg({ components: [row(select('s', 2, { placeholder: chars(150) }))] }),
    bad: msg({ components: [row(select('s', 2, { placeholder: chars(151) }))] }),
    issues: [['string.length', ['components', 0, 'components', 0, 'placeholder']]],
  },
  {
    fact: 'StringSelectComponentForMessageRequest.min_values maximum 25',
    ok: msg({ components: [row(select('s', 25, { min_values: 25, max_values: 25 }))] }),
    bad: msg({ components: [row(select('s', 25, { min_values: 26 }))] }),
    issues: [['number.range', ['components', 0, 'components', 0, 'min_values']]],
  },
  {
    fact: 'StringSelectComponentForMessageRequest.max_values minimum 1',
    ok: msg({ components: [row(select('s', 2, { max_values: 1 }))] }),
    bad: msg({ components: [row(select('s', 2, { max_values: 0 }))] }),
    issues: [['number.range', ['components', 0, 'components', 0, 'max_values']]],
  },
  {
    fact: 'slashkit rule: min_values not above max_values',
    ok: msg({ components: [row(select('s', 3, { min_values: 2, max_values: 2 }))] }),
    bad: msg({ components: [row(select('s', 3, { min_values: 3, max_values: 2 }))] }),
    issues: [['component.bounds', ['components', 0, 'components', 0, 'min_values']]],
  },
  {
    fact: 'slashkit rule: min_values not above the number of options',
    ok: msg({ components: [row(select('s', 3, { min_values: 3, max_values: 3 }))] }),
    bad: msg({ components: [row(select('s', 2, { min_values: 3, max_values: 3 }))] }),
    issues: [['component.bounds', ['components', 0, 'components', 0, 'min_values']]],
  },
  {
    fact: 'StringSelectOptionForRequest.label, .value minLength 1 maxLength 100',
    ok: msg({ components: [row({ type: 3, custom_id: 's', options: [{ label: chars(100), value: chars(100) }] })] }),
    bad: msg({ components: [row({ type: 3, custom_id: 's', options: [{ label: chars(101), value: '' }] })] }),
    issues: [
      ['string.length', ['components', 0, 'components', 0, 'options', 0, 'label']],
      ['string.length', ['components', 0, 'components', 0, 'options', 0, 'value']],
    ],
  },
  {
    fact: 'slashkit rule: option values unique (a handler could not tell them apart)',
    ok: msg({ components: [row(select('s', 2))] }),
    bad: msg({
      components: [
        row({
          type: 3,
          custom_id: 's',
          options: [
            { label: 'A', value: 'v' },
            { label: 'B', value: 'v' },
          ],
        }),
      ],
    }),
    issues: [['array.duplicate', ['components', 0, 'components', 0, 'options', 1, 'value']]],
  },
  {
    fact: 'docs ("String Select"): at most max_values options are default',
    ok: msg({
      components: [
        row(
          select('s', 2, {
            options: [
              { label: 'A', value: 'a', default: true },
              { label: 'B', value: 'b' },
            ],
          }),
        ),
      ],
    }),
    bad: msg({
      components: [
        row(
          select('s', 2, {
            options: [
              { label: 'A', value: 'a', default: true },
              { label: 'B', value: 'b', default: true },
            ],
          }),
        ),
      ],
    }),
    issues: [['component.bounds', ['components', 0, 'components', 0, 'options']]],
  },
  {
    fact: 'UserSelectComponentForMessageRequest.default_values maxItems 25 (SnowflakeSelectDefaultValueTypes user)',
    ok: msg({ components: [row({ type: 5, custom_id: 'u', default_values: [{ type: 'user', id: '1' }] })] }),
    bad: msg({ components: [row({ type: 5, custom_id: 'u', default_values: [{ type: 'role', id: '1' }] })] }),
    issues: [['enum.value', ['components', 0, 'components', 0, 'default_values', 0, 'type']]],
  },
  {
    fact: 'docs ("User Select"): the number of default values is within min_values and max_values',
    ok: msg({
      components: [
        row({
          type: 6,
          custom_id: 'r',
          max_values: 2,
          default_values: [
            { type: 'role', id: '1' },
            { type: 'role', id: '2' },
          ],
        }),
      ],
    }),
    bad: msg({
      components: [
        row({
          type: 6,
          custom_id: 'r',
          default_values: [
            { type: 'role', id: '1' },
            { type: 'role', id: '2' },
          ],
        }),
      ],
    }),
    issues: [['component.bounds', ['components', 0, 'components', 0, 'default_values']]],
  },
  {
    fact: 'ChannelSelectComponentForMessageRequest.channel_types uniqueItems (ChannelTypes)',
    ok: msg({ components: [row({ type: 8, custom_id: 'c', channel_types: [0, 5] })] }),
    bad: msg({ components: [row({ type: 8, custom_id: 'c', channel_types: [0, 0] })] }),
    issues: [['array.duplicate', ['components', 0, 'components', 0, 'channel_types', 1]]],
  },
  // layout components (IS_COMPONENTS_V2)
  {
    fact: 'TextDisplayComponentForMessageRequest.content minLength 1 maxLength 4000',
    ok: v2(text(chars(4000))),
    bad: v2(text('')),
    issues: [['string.length', ['components', 0, 'content']]],
  },
  {
    fact: 'docs ("Text Display"): 4000 characters in all the text displays of a message',
    ok: v2(text(chars(2000)), text(chars(2000))),
    bad: v2(text(chars(2000)), text(chars(2001))),
    issues: [['component.text_total', ['components']]],
  },
  {
    fact: 'SectionComponentForMessageRequest.components minItems 1 maxItems 3 (text displays)',
    ok: v2({ type: 9, components: [text(), text(), text()], accessory: btn('a') }),
    bad: v2({ type: 9, components: [text(), text(), text(), text()], accessory: btn('a') }),
    issues: [['response.too_many', ['components', 0, 'components']]],
  },
  {
    fact: 'SectionComponentForMessageRequest.accessory: a button or a thumbnail',
    ok: v2({ type: 9, components: [text()], accessory: { type: 11, media: { url: 'https://a.b/c.png' } } }),
    bad: v2({ type: 9, components: [text()], accessory: text() }),
    issues: [['component.placement', ['components', 0, 'accessory']]],
  },
  {
    fact: 'ThumbnailComponentForMessageRequest.description minLength 1 maxLength 1024',
    ok: v2({ type: 9, components: [text()], accessory: { type: 11, media: { url: 'https://a.b/c.png' }, description: chars(1024) } }),
    bad: v2({ type: 9, components: [text()], accessory: { type: 11, media: { url: 'https://a.b/c.png' }, description: chars(1025) } }),
    issues: [['string.length', ['components', 0, 'accessory', 'description']]],
  },
  {
    fact: 'MediaGalleryComponentForMessageRequest.items minItems 1 maxItems 10',
    ok: v2({ type: 12, items: Array(10).fill({ media: { url: 'https://a.b/c.png' } }) }),
    bad: v2({ type: 12, items: Array(11).fill({ media: { url: 'https://a.b/c.png' } }) }),
    issues: [['response.too_many', ['components', 0, 'items']]],
  },
  {
    fact: 'FileComponentForMessageRequest.file: UnfurledMediaRequestWithAttachmentReferenceRequired',
    ok: v2({ type: 13, file: { url: 'attachment://report.pdf' } }),
    bad: v2({ type: 13, file: { url: 'https://a.b/report.pdf' } }),
    issues: [['url.format', ['components', 0, 'file', 'url']]],
  },
  {
    fact: 'MessageComponentSeparatorSpacingSize 1, 2',
    ok: v2({ type: 14, spacing: 2, divider: false }),
    bad: v2({ type: 14, spacing: 3 }),
    issues: [['enum.value', ['components', 0, 'spacing']]],
  },
  {
    fact: 'ContainerComponentForMessageRequest.components: no container in a container',
    ok: v2({ type: 17, components: [text(), row(btn('a'))] }),
    bad: v2({ type: 17, components: [{ type: 17, components: [text()] }] }),
    issues: [['component.placement', ['components', 0, 'components', 0]]],
  },
  {
    fact: 'ContainerComponentForMessageRequest.accent_color maximum 16777215',
    ok: v2({ type: 17, components: [text()], accent_color: null }),
    bad: v2({ type: 17, components: [text()], accent_color: 0x1000000 }),
    issues: [['number.range', ['components', 0, 'accent_color']]],
  },
  {
    fact: 'docs ("Using Components V2"): without the IS_COMPONENTS_V2 flag a message holds action rows only',
    ok: v2(text()),
    bad: { components: [text()] },
    issues: [['component.placement', ['components', 0]]],
  },
  {
    fact: 'docs ("Using Components V2"): with the flag, no content, embeds or poll',
    ok: v2(text()),
    bad: { flags: V2, content: 'x', embeds: [{}], components: [text()] },
    issues: [
      ['field.not_allowed', ['content']],
      ['field.not_allowed', ['embeds']],
    ],
  },
  {
    fact: 'docs ("Using Components V2"): an edit with layout components keeps the flag, so no content',
    kind: 'edit',
    ok: { components: [text()] },
    bad: { content: 'x', components: [text()] },
    issues: [['field.not_allowed', ['content']]],
  },
  // flags (MessageFlags: what an app may set)
  {
    fact: 'MessageFlags: a new message sets SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2',
    ok: msg({ flags: 4 | 64 | 4096 }),
    bad: msg({ flags: 2 }),
    issues: [['field.not_allowed', ['flags']]],
  },
  // follow-ups (IncomingWebhookRequestPartial)
  {
    fact: 'IncomingWebhookRequestPartial.username minLength 1 maxLength 80',
    ok: msg({ username: chars(80) }),
    bad: msg({ username: chars(81) }),
    issues: [['string.length', ['username']]],
  },
  {
    fact: 'IncomingWebhookRequestPartial.applied_tags maxItems 5',
    ok: msg({ applied_tags: ['1', '2', '3', '4', '5'] }),
    bad: msg({ applied_tags: ['1', '2', '3', '4', '5', '6'] }),
    issues: [['response.too_many', ['applied_tags']]],
  },
]

const modal = (components: unknown[], extra: Record<string, unknown> = {}) => ({ type: 9, data: { custom_id: 'm', title: 'T', components, ...extra } })

export const MODAL_CASES: readonly Case[] = [
  {
    fact: 'ModalInteractionCallbackRequestData.title minLength 1 maxLength 45',
    ok: modal([labelled('a')], { title: chars(45) }),
    bad: modal([labelled('a')], { title: chars(46) }),
    issues: [['string.length', ['data', 'title']]],
  },
  {
    fact: 'ModalInteractionCallbackRequestData.custom_id maxLength 100',
    ok: modal([labelled('a')], { custom_id: chars(100) }),
    bad: modal([labelled('a')], { custom_id: chars(101) }),
    issues: [['string.length', ['data', 'custom_id']]],
  },
  {
    fact: 'ModalInteractionCallbackRequestData.components minItems 1 maxItems 40',
    ok: modal(Array.from({ length: 40 }, (_, i) => labelled(`i${i}`))),
    bad: modal(Array.from({ length: 41 }, (_, i) => labelled(`i${i}`))),
    issues: [['response.too_many', ['data', 'components']]],
  },
  {
    fact: 'ModalInteractionCallbackRequestData.components: action rows, labels, text displays',
    ok: modal([text()]),
    bad: modal([btn('a')]),
    issues: [['component.placement', ['data', 'components', 0]]],
  },
  {
    fact: 'LabelComponentForModalRequest.label minLength 1 maxLength 45',
    ok: modal([{ ...labelled('a'), label: chars(45) }]),
    bad: modal([{ ...labelled('a'), label: chars(46) }]),
    issues: [['string.length', ['data', 'components', 0, 'label']]],
  },
  {
    fact: 'LabelComponentForModalRequest.description maxLength 100',
    ok: modal([{ ...labelled('a'), description: chars(100) }]),
    bad: modal([{ ...labelled('a'), description: chars(101) }]),
    issues: [['string.length', ['data', 'components', 0, 'description']]],
  },
  {
    fact: 'LabelComponentForModalRequest.component: one input, no button',
    ok: modal([{ type: 18, label: 'L', component: select('s') }]),
    bad: modal([{ type: 18, label: 'L', component: btn('b') }]),
    issues: [['component.placement', ['data', 'components', 0, 'component']]],
  },
  {
    fact: 'TextInputComponentForModalRequest.max_length maximum 4000',
    ok: modal([labelled('a', { max_length: 4000 })]),
    bad: modal([labelled('a', { max_length: 4001 })]),
    issues: [['number.range', ['data', 'components', 0, 'component', 'max_length']]],
  },
  {
    fact: 'TextInputComponentForModalRequest.placeholder maxLength 100',
    ok: modal([labelled('a', { placeholder: chars(100) })]),
    bad: modal([labelled('a', { placeholder: chars(101) })]),
    issues: [['string.length', ['data', 'components', 0, 'component', 'placeholder']]],
  },
  {
    fact: 'slashkit rule: min_length not above max_length',
    ok: modal([labelled('a', { min_length: 5, max_length: 5 })]),
    bad: modal([labelled('a', { min_length: 6, max_length: 5 })]),
    issues: [['component.bounds', ['data', 'components', 0, 'component', 'min_length']]],
  },
  {
    fact: 'TextInputStyleTypes 1, 2',
    ok: modal([labelled('a', { style: 2 })]),
    bad: modal([labelled('a', { style: 3 })]),
    issues: [['enum.value', ['data', 'components', 0, 'component', 'style']]],
  },
  {
    fact: 'docs ("Text Input"): inside a label a text input has no label of its own',
    ok: modal([labelled('a')]),
    bad: modal([labelled('a', { label: 'x' })]),
    issues: [['field.not_allowed', ['data', 'components', 0, 'component', 'label']]],
  },
  {
    fact: 'docs ("Text Input"): in an action row a text input carries its label (TextInputComponentForModalRequest.label 1-45)',
    ok: modal([row({ type: 4, custom_id: 'a', style: 1, label: 'A' })]),
    bad: modal([row({ type: 4, custom_id: 'a', style: 1 })]),
    issues: [['field.required', ['data', 'components', 0, 'components', 0, 'label']]],
  },
  {
    fact: 'ActionRowComponentForModalRequest.components: text inputs only',
    ok: modal([row({ type: 4, custom_id: 'a', style: 1, label: 'A' })]),
    bad: modal([row(select('s'))]),
    issues: [['component.placement', ['data', 'components', 0, 'components', 0]]],
  },
  {
    fact: 'docs ("Custom ID"): custom_id unique within a modal',
    ok: modal([labelled('a'), labelled('b')]),
    bad: modal([labelled('a'), labelled('a')]),
    issues: [['component.duplicate', ['data', 'components', 1, 'component', 'custom_id']]],
  },
  {
    fact: 'FileUploadComponentForModalRequest.max_values maximum 10',
    ok: modal([{ type: 18, label: 'F', component: { type: 19, custom_id: 'f', max_values: 10 } }]),
    bad: modal([{ type: 18, label: 'F', component: { type: 19, custom_id: 'f', max_values: 11 } }]),
    issues: [['number.range', ['data', 'components', 0, 'component', 'max_values']]],
  },
  {
    fact: 'RadioGroupComponentForModalRequest.options minItems 2 maxItems 10',
    ok: modal([
      {
        type: 18,
        label: 'R',
        component: {
          type: 21,
          custom_id: 'r',
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'b' },
          ],
        },
      },
    ]),
    bad: modal([{ type: 18, label: 'R', component: { type: 21, custom_id: 'r', options: [{ label: 'A', value: 'a' }] } }]),
    issues: [['response.too_few', ['data', 'components', 0, 'component', 'options']]],
  },
  {
    fact: 'docs ("Radio Group"): at most one option is default',
    ok: modal([
      {
        type: 18,
        label: 'R',
        component: {
          type: 21,
          custom_id: 'r',
          options: [
            { label: 'A', value: 'a', default: true },
            { label: 'B', value: 'b' },
          ],
        },
      },
    ]),
    bad: modal([
      {
        type: 18,
        label: 'R',
        component: {
          type: 21,
          custom_id: 'r',
          options: [
            { label: 'A', value: 'a', default: true },
            { label: 'B', value: 'b', default: true },
          ],
        },
      },
    ]),
    issues: [['component.bounds', ['data', 'components', 0, 'component', 'options']]],
  },
  {
    fact: 'CheckboxGroupComponentForModalRequest.options maxItems 10',
    ok: modal([{ type: 18, label: 'C', component: { type: 22, custom_id: 'c', options: Array.from({ length: 10 }, (_, i) => ({ label: `L${i}`, value: `v${i}` })) } }]),
    bad: modal([{ type: 18, label: 'C', component: { type: 22, custom_id: 'c', options: Array.from({ length: 11 }, (_, i) => ({ label: `L${i}`, value: `v${i}` })) } }]),
    issues: [['response.too_many', ['data', 'components', 0, 'component', 'options']]],
  },
  {
    fact: 'CheckboxComponentForModalRequest.default boolean',
    ok: modal([{ type: 18, label: 'C', component: { type: 23, custom_id: 'c', default: true } }]),
    bad: modal([{ type: 18, label: 'C', component: { type: 23, custom_id: 'c', default: 'yes' } }]),
    issues: [['value.type', ['data', 'components', 0, 'component', 'default']]],
  },
]
