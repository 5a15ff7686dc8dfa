/**
 * The message factories (src/builders/messages/): each returns the public API v10
 * JSON of its component or body (wire/components.ts, wire/messages.ts), fresh on
 * every call and sharing nothing with its inputs, and what they make together is
 * accepted by the rules (`validateWebhookMessage`, `validateInteractionResponse`).
 */
import { describe, expect, it } from 'vitest'
import {
  actionRow,
  attachment,
  button,
  ChannelType,
  channelSelect,
  checkbox,
  checkboxGroup,
  container,
  embed,
  file,
  fileUpload,
  label,
  layout,
  linkButton,
  mediaGallery,
  mentionableSelect,
  messageBody,
  modal,
  modalRoute,
  param,
  poll,
  premiumButton,
  radioGroup,
  roleSelect,
  route,
  section,
  selectOption,
  separator,
  stringSelect,
  textDisplay,
  textInput,
  thumbnail,
  userSelect,
  validateInteractionResponse,
  validateWebhookMessage,
  type SelectOptionJSON,
} from '../../src/index.js'
import { codes } from './helpers.js'

describe('each factory makes its JSON (public API v10 shapes)', () => {
  it.each([
    ['button', () => button('go', 'Go'), { type: 2, style: 1, custom_id: 'go', label: 'Go' }],
    [
      'button with style, emoji, disabled, id',
      () => button('x', 'X', { style: 'danger', emoji: '<a:party:41771983423143937>', disabled: true, id: 4 }),
      { type: 2, style: 4, custom_id: 'x', label: 'X', emoji: { id: '41771983423143937', name: 'party', animated: true }, disabled: true, id: 4 },
    ],
    ['linkButton', () => linkButton('https://a.b', 'Docs', { emoji: '📘' }), { type: 2, style: 5, url: 'https://a.b', label: 'Docs', emoji: { name: '📘' } }],
    ['premiumButton', () => premiumButton('1180218955160375406'), { type: 2, style: 6, sku_id: '1180218955160375406' }],
    [
      'stringSelect',
      () =>
        stringSelect('c', [selectOption('Red', 'red', { default: true }), selectOption('Blue', 'blue', { description: 'Cold' })], { placeholder: 'P', minValues: 1, maxValues: 2 }),
      {
        type: 3,
        custom_id: 'c',
        options: [
          { label: 'Red', value: 'red', default: true },
          { label: 'Blue', value: 'blue', description: 'Cold' },
        ],
        placeholder: 'P',
        min_values: 1,
        max_values: 2,
      },
    ],
    ['userSelect', () => userSelect('u', { defaults: ['1'], maxValues: 3 }), { type: 5, custom_id: 'u', max_values: 3, default_values: [{ type: 'user', id: '1' }] }],
    ['roleSelect', () => roleSelect('r', { minValues: 0 }), { type: 6, custom_id: 'r', min_values: 0 }],
    ['mentionableSelect', () => mentionableSelect('m', { defaults: [{ type: 'role', id: '2' }] }), { type: 7, custom_id: 'm', default_values: [{ type: 'role', id: '2' }] }],
    ['channelSelect', () => channelSelect('ch', { channelTypes: [ChannelType.GuildText] }), { type: 8, custom_id: 'ch', channel_types: [0] }],
    // By name, as option.channel(...).channelTypes(...) takes them (public API v10 channel types: GUILD_TEXT 0, PUBLIC_THREAD 11).
    [
      'channelSelect by name',
      () => channelSelect('ch', { channelTypes: ['GuildText', 'PublicThread', ChannelType.GuildForum] }),
      { type: 8, custom_id: 'ch', channel_types: [0, 11, 15] },
    ],
    ["a route's channelSelect by name", () => route('where', {}).channelSelect({}, { channelTypes: ['GuildVoice'] }), { type: 8, custom_id: 'where:koW', channel_types: [2] }],
    [
      'actionRow',
      () => actionRow(button('a', 'A'), button('b', 'B')),
      {
        type: 1,
        components: [
          { type: 2, style: 1, custom_id: 'a', label: 'A' },
          { type: 2, style: 1, custom_id: 'b', label: 'B' },
        ],
      },
    ],
    ['textDisplay', () => textDisplay('# Hi'), { type: 10, content: '# Hi' }],
    ['thumbnail', () => thumbnail('https://a.b/c.png', { description: 'C', spoiler: true }), { type: 11, media: { url: 'https://a.b/c.png' }, description: 'C', spoiler: true }],
    [
      'section',
      () => section(['a', textDisplay('b')], button('s', 'S')),
      {
        type: 9,
        components: [
          { type: 10, content: 'a' },
          { type: 10, content: 'b' },
        ],
        accessory: { type: 2, style: 1, custom_id: 's', label: 'S' },
      },
    ],
    [
      'mediaGallery',
      () => mediaGallery('https://a.b/1.png', { url: 'attachment://2.png', spoiler: true }),
      { type: 12, items: [{ media: { url: 'https://a.b/1.png' } }, { media: { url: 'attachment://2.png' }, spoiler: true }] },
    ],
    ['file', () => file('attachment://r.pdf'), { type: 13, file: { url: 'attachment://r.pdf' } }],
    ['separator', () => separator({ spacing: 'large', divider: false }), { type: 14, divider: false, spacing: 2 }],
    ['container', () => container([textDisplay('t')], { accentColor: 0xff0000 }), { type: 17, components: [{ type: 10, content: 't' }], accent_color: 0xff0000 }],
    ['textInput', () => textInput('why', { style: 'paragraph', maxLength: 500, required: false }), { type: 4, custom_id: 'why', style: 2, max_length: 500, required: false }],
    ['label', () => label('Why?', textInput('why'), { description: 'd' }), { type: 18, label: 'Why?', component: { type: 4, custom_id: 'why', style: 1 }, description: 'd' }],
    ['fileUpload', () => fileUpload('f', { maxValues: 2 }), { type: 19, custom_id: 'f', max_values: 2 }],
    [
      'radioGroup',
      () => radioGroup('r', [['S', 's'], { label: 'L', value: 'l', default: true }]),
      {
        type: 21,
        custom_id: 'r',
        options: [
          { label: 'S', value: 's' },
          { label: 'L', value: 'l', default: true },
        ],
      },
    ],
    ['checkboxGroup', () => checkboxGroup('c', [['A', 'a']], { minValues: 0 }), { type: 22, custom_id: 'c', options: [{ label: 'A', value: 'a' }], min_values: 0 }],
    ['checkbox', () => checkbox('ok', { default: true }), { type: 23, custom_id: 'ok', default: true }],
    [
      'modal',
      () => modal('m', 'T', label('A', textInput('a'))),
      { custom_id: 'm', title: 'T', components: [{ type: 18, label: 'A', component: { type: 4, custom_id: 'a', style: 1 } }] },
    ],
    [
      'embed',
      () =>
        embed({
          title: 'T',
          color: 1,
          timestamp: 0,
          footer: { text: 'f', iconUrl: 'https://a.b/i.png' },
          author: 'me',
          image: 'attachment://c.png',
          fields: [['n', 'v', true], { name: 'm', value: 'w' }],
        }),
      {
        title: 'T',
        color: 1,
        timestamp: '1970-01-01T00:00:00.000Z',
        footer: { text: 'f', icon_url: 'https://a.b/i.png' },
        author: { name: 'me' },
        image: { url: 'attachment://c.png' },
        fields: [
          { name: 'n', value: 'v', inline: true },
          { name: 'm', value: 'w' },
        ],
      },
    ],
    [
      'poll',
      () => poll('Q?', ['A', { text: 'B', emoji: '🅱️' }], { duration: 4, allowMultiselect: true }),
      { question: { text: 'Q?' }, answers: [{ poll_media: { text: 'A' } }, { poll_media: { text: 'B', emoji: { name: '🅱️' } } }], duration: 4, allow_multiselect: true },
    ],
    ['attachment', () => attachment(0, 'c.png', { description: 'Chart', spoiler: true }), { id: 0, filename: 'c.png', description: 'Chart', is_spoiler: true }],
    [
      'messageBody',
      () => messageBody({ content: 'Hi', ephemeral: true, silent: true, suppressEmbeds: true, allowedMentions: { parse: [] } }),
      { content: 'Hi', allowed_mentions: { parse: [] }, flags: 64 | 4096 | 4 },
    ],
    ['layout', () => layout([textDisplay('x')], { ephemeral: true }), { components: [{ type: 10, content: 'x' }], flags: 32768 | 64 }],
  ] as const)('%s', (_, make, json) => {
    expect(make()).toStrictEqual(json)
    expect(make()).not.toBe(make())
  })
})

describe('what they make together passes the rules', () => {
  const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no') })

  it('a poll with buttons, embeds and a select, as callback 4 and as a follow-up', () => {
    const body = messageBody({
      content: 'Lunch?',
      embeds: [embed({ title: 'Poll', description: 'Vote below', fields: [['Open until', 'noon']] })],
      components: [
        actionRow(
          vote.button({ poll: '1180218955160375406', choice: 'yes' }, 'Yes', { style: 'success' }),
          vote.button({ poll: '1180218955160375406', choice: 'no' }, { label: 'No', style: 'danger' }),
        ),
        actionRow(stringSelect('where', [selectOption('Here', 'here'), selectOption('There', 'there')])),
        actionRow(linkButton('https://example.com', 'Menu')),
      ],
      poll: poll('Where?', ['Here', 'There']),
    })
    expect(codes(validateInteractionResponse({ type: 4, data: body }))).toEqual([])
    expect(codes(validateWebhookMessage(body))).toEqual([])
  })

  it('a channel type name that is none (from JavaScript) is kept for the rules, which refuse it at its path', () => {
    const select = channelSelect('ch', { channelTypes: ['GuildTxt' as 'GuildText'] })
    expect(select.channel_types).toEqual(['GuildTxt'])
    expect(codes(validateWebhookMessage(messageBody({ components: [actionRow(select)] })))).toEqual([['enum.value', ['components', 0, 'components', 0, 'channel_types', 0]]])
  })

  it('a layout message with every layout component', () => {
    const body = layout(
      [
        container([
          textDisplay('# Report'),
          section(['Alice', 'Level 3'], thumbnail('https://a.b/alice.png')),
          separator(),
          mediaGallery('attachment://chart.png'),
          file('attachment://report.pdf'),
          actionRow(button('again', 'Again'), premiumButton('1180218955160375406')),
        ]),
      ],
      { attachments: [attachment(0, 'chart.png'), attachment(1, 'report.pdf')] },
    )
    expect(codes(validateWebhookMessage(body))).toEqual([])
  })

  it('a modal with every input', () => {
    const form = modal(
      'form',
      'Sign up',
      textDisplay('Tell us about you'),
      label('Name', textInput('name', { maxLength: 40 })),
      label('Colour', stringSelect('colour', [selectOption('Red', 'red')])),
      label('Friends', userSelect('friends')),
      label('Photo', fileUpload('photo')),
      label(
        'Size',
        radioGroup('size', [
          ['S', 's'],
          ['L', 'l'],
        ]),
      ),
      label('Extras', checkboxGroup('extras', [['Cheese', 'cheese']])),
      label('Rules', checkbox('rules')),
    )
    expect(codes(validateInteractionResponse({ type: 9, data: form }))).toEqual([])
  })
})

describe('immutable: nothing made shares state with its inputs', () => {
  it('an emoji, an option list, a container list or the defaults changed afterwards change nothing made', () => {
    const emoji = { name: 'a' }
    const b = button('x', 'X', { emoji })
    emoji.name = 'b'
    expect(b.emoji).toEqual({ name: 'a' })
    const options: SelectOptionJSON[] = [selectOption('A', 'a')]
    const s = stringSelect('s', options)
    options.push(selectOption('B', 'b'))
    expect(s.options).toHaveLength(1)
    const kids = [textDisplay('t')]
    const c = container(kids)
    kids.push(textDisplay('u'))
    expect(c.components).toHaveLength(1)
    const ids = ['1']
    const u = userSelect('u', { defaults: ids })
    ids.push('2')
    expect(u.default_values).toHaveLength(1)
  })

  it("a modal route's modal is fresh each time: changing one changes neither the route nor the next", () => {
    const report = modalRoute('report', { n: param.integer({ max: 3 }) }, 'Report', [label('Why?', textInput('why'))])
    const first = report.modal({ n: 1 })
    ;(first.components[0] as { label: string }).label = 'changed'
    expect((report.modal({ n: 1 }).components[0] as { label: string }).label).toBe('Why?')
    expect(report.components[0].label).toBe('Why?')
    expect(report.modal({ n: 2 }, { title: 'Other' }).title).toBe('Other')
  })
})
