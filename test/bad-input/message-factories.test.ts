/**
 * Every public factory of slashkit's message builders called from plain
 * JavaScript with an argument of the wrong type: a `TypeError` at the call that
 * names the factory and the argument and says what it was (src/rules/arguments.ts,
 * "fn: name must be ... (was ...)"). Before, `button(null)` and `textDisplay(42)`
 * built a component the response rules refused only when the message was sent,
 * `separator({ spacing: 'medium' })` and `button('a', 'A', { style: 'blurple' })`
 * silently became small and primary, `embed({ footer: null })` and
 * `userSelect('x', { defaults: 'id' })` threw the engine's own TypeError, and an
 * invalid `timestamp` its RangeError.
 *
 * The split: a wrong type (what the OpenAPI schemas type as a string, an object or
 * a list: `ButtonComponentForMessageRequest.custom_id`, `TextDisplayComponentForMessageRequest.content`,
 * `RichEmbed.footer`, `StringSelectComponentForMessageRequest.options`, ...) and
 * a name that is none of the factory's (a style, a spacing) are refused at the
 * call; a wrong value of the right type (a label too long, an empty custom_id, an
 * id out of range) and the fields of an options bag copied as they are stay with
 * the response rules, which name the JSON path and a code when the message is checked.
 */
import { describe, expect, it } from 'vitest'
import {
  actionRow,
  attachment,
  button,
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
  poll,
  premiumButton,
  radioGroup,
  roleSelect,
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
} from '../../src/index.js'
import { ENGINE, thrown } from './helpers.js'

const ok = button('ok', 'OK')
const input = textInput('reason')
/** Values of the wrong type for a text argument. */
const NOT_TEXT: readonly unknown[] = [null, 42, { text: 'hi' }, ['hi']]
/** Values of the wrong type for an options bag (null reads as none). */
const NOT_OPTIONS: readonly unknown[] = [42, 'primary', [1]]

type Case = readonly [call: string, run: (v: unknown) => unknown, start: RegExp, wrong: readonly unknown[]]

const cases: Case[] = [
  // Buttons (OpenAPI ButtonComponentForMessageRequest: custom_id, label, url, sku_id are strings).
  ['button(customId)', (v) => button(v as never), /^button: customId must be a string/, NOT_TEXT],
  ['button(_, label)', (v) => button('a', v as never), /^button: label must be a string/, NOT_TEXT],
  ['button(_, _, options)', (v) => button('a', 'A', v as never), /^button: options must be an object of options/, NOT_OPTIONS],
  ['button options.style', (v) => button('a', 'A', { style: v as never }), /^button: options\.style must be 'primary', 'secondary', 'success' or 'danger'/, ['blurple', 2, null]],
  // A link is style 5 with a url and no custom_id (OpenAPI ButtonComponentForMessageRequest): its own factory, named.
  [
    'button options.style link',
    (v) => button('a', 'A', { style: v as never }),
    /^button: options\.style must be .*\(linkButton and premiumButton make the link and premium styles\)/,
    ['link', 'premium', 5],
  ],
  ['button options.emoji', (v) => button('a', 'A', { emoji: v as never }), /^button: emoji must be an emoji/, [null, 42, ['👍']]],
  ['linkButton(url)', (v) => linkButton(v as never, 'Docs'), /^linkButton: url must be a string/, NOT_TEXT],
  ['linkButton(_, label)', (v) => linkButton('https://example.com', v as never), /^linkButton: label must be a string/, NOT_TEXT],
  ['linkButton options.emoji', (v) => linkButton('https://example.com', 'Docs', { emoji: v as never }), /^linkButton: emoji must be an emoji/, [null, 7]],
  ['premiumButton(skuId)', (v) => premiumButton(v as never), /^premiumButton: skuId must be a string/, [null, 1180218955160375406n, 42]],
  // Selects (OpenAPI StringSelectComponentForMessageRequest, UserSelect..., SelectOption: label and value strings).
  ['selectOption(label)', (v) => selectOption(v as never, 'red'), /^selectOption: label must be a string/, NOT_TEXT],
  ['selectOption(_, value)', (v) => selectOption('Red', v as never), /^selectOption: value must be a string/, NOT_TEXT],
  ['selectOption(_, _, options)', (v) => selectOption('Red', 'red', v as never), /^selectOption: options must be an object of options/, NOT_OPTIONS],
  ['selectOption options.emoji', (v) => selectOption('Red', 'red', { emoji: v as never }), /^selectOption: emoji must be an emoji/, [null, 42]],
  ['stringSelect(customId)', (v) => stringSelect(v as never, [selectOption('Red', 'red')]), /^stringSelect: customId must be a string/, NOT_TEXT],
  ['stringSelect(_, [option])', (v) => stringSelect('color', [v] as never), /^stringSelect: options\[0\] must be a selectOption\(\.\.\.\)/, [null, 'red', 42]],
  ['stringSelect(_, _, props)', (v) => stringSelect('color', [selectOption('Red', 'red')], v as never), /^stringSelect: props must be an object of options/, NOT_OPTIONS],
  ['userSelect(customId)', (v) => userSelect(v as never), /^userSelect: customId must be a string/, NOT_TEXT],
  ['userSelect(_, props)', (v) => userSelect('who', v as never), /^userSelect: props must be an object of options/, NOT_OPTIONS],
  ['userSelect props.defaults', (v) => userSelect('who', { defaults: v as never }), /^userSelect: props\.defaults must be a list of ids/, ['100000000000000001', null, 42]],
  ['roleSelect(customId)', (v) => roleSelect(v as never), /^roleSelect: customId must be a string/, NOT_TEXT],
  ['roleSelect props.defaults', (v) => roleSelect('roles', { defaults: v as never }), /^roleSelect: props\.defaults must be a list of ids/, ['1', null]],
  ['mentionableSelect(customId)', (v) => mentionableSelect(v as never), /^mentionableSelect: customId must be a string/, NOT_TEXT],
  ['mentionableSelect props.defaults', (v) => mentionableSelect('who', { defaults: v as never }), /^mentionableSelect: props\.defaults must be a list/, ['1', null]],
  ['mentionableSelect props.defaults[0]', (v) => mentionableSelect('who', { defaults: [v] as never }), /^mentionableSelect: props\.defaults\[0\] must be \{ type/, ['1', null]],
  ['channelSelect(customId)', (v) => channelSelect(v as never), /^channelSelect: customId must be a string/, NOT_TEXT],
  ['channelSelect props.defaults', (v) => channelSelect('log', { defaults: v as never }), /^channelSelect: props\.defaults must be a list of ids/, ['1', null]],
  [
    'channelSelect props.channelTypes',
    (v) => channelSelect('log', { channelTypes: v as never }),
    /^channelSelect: props\.channelTypes must be a list of channel types/,
    [0, 'text', null],
  ],
  // Layout (OpenAPI ActionRow..., TextDisplay..., Thumbnail..., Section..., MediaGallery..., File..., Separator..., Container...ForMessageRequest).
  ['actionRow(component)', (v) => actionRow(v as never), /^actionRow: components\[0\] must be a component/, [null, 'ok', 42]],
  ['actionRow(ok, component)', (v) => (actionRow as (...c: unknown[]) => unknown)(ok, v), /^actionRow: components\[1\] must be a component/, [null, 'ok']],
  ['textDisplay(content)', (v) => textDisplay(v as never), /^textDisplay: content must be a string/, NOT_TEXT],
  ['textDisplay(_, options)', (v) => textDisplay('hi', v as never), /^textDisplay: options must be an object of options/, NOT_OPTIONS],
  ['thumbnail(url)', (v) => thumbnail(v as never), /^thumbnail: url must be a string/, NOT_TEXT],
  ['thumbnail(_, options)', (v) => thumbnail('https://cdn.example.com/a.png', v as never), /^thumbnail: options must be an object of options/, NOT_OPTIONS],
  ['section([text])', (v) => section([v] as never, ok), /^section: texts\[0\] must be a text or a textDisplay/, [null, 42]],
  ['section(_, _, options)', (v) => section(['hi'], ok, v as never), /^section: options must be an object of options/, NOT_OPTIONS],
  ['mediaGallery(item)', (v) => mediaGallery('https://cdn.example.com/a.png', v as never), /^mediaGallery: items\[1\] must be a URL or \{ url/, [null, 42, ['a.png']]],
  ['file(url)', (v) => file(v as never), /^file: url must be a string/, NOT_TEXT],
  ['file(_, options)', (v) => file('attachment://a.pdf', v as never), /^file: options must be an object of options/, NOT_OPTIONS],
  ['separator(options)', (v) => separator(v as never), /^separator: options must be an object of options/, NOT_OPTIONS],
  ['separator options.spacing', (v) => separator({ spacing: v as never }), /^separator: options\.spacing must be 'small' or 'large'/, ['medium', 2, null]],
  ['container([component])', (v) => container([v] as never), /^container: components\[0\] must be a component/, [null, 'hi', 42]],
  ['container(_, options)', (v) => container([textDisplay('hi')], v as never), /^container: options must be an object of options/, NOT_OPTIONS],
  // Embeds (OpenAPI RichEmbed: footer, author, image and thumbnail objects, fields a list; timestamp an ISO 8601 date).
  ['embed footer', (v) => embed({ footer: v as never }), /^embed: input\.footer must be a text or \{ text/, [null, 42]],
  ['embed author', (v) => embed({ author: v as never }), /^embed: input\.author must be a name or \{ name/, [null, 42]],
  ['embed image', (v) => embed({ image: v as never }), /^embed: input\.image must be a URL or \{ url/, [null, 42]],
  ['embed thumbnail', (v) => embed({ thumbnail: v as never }), /^embed: input\.thumbnail must be a URL or \{ url/, [null, 42]],
  ['embed fields', (v) => embed({ fields: v as never }), /^embed: input\.fields must be a list of fields/, [null, 'a', { name: 'a' }]],
  ['embed fields[0]', (v) => embed({ fields: [v] as never }), /^embed: input\.fields\[0\] must be \[name, value, inline\?\]/, [null, 'a', 42]],
  [
    'embed timestamp',
    (v) => embed({ timestamp: v as never }),
    /^embed: input\.timestamp must be a Date, epoch milliseconds or an ISO 8601 string/,
    [Number.NaN, new Date('no'), null, {}],
  ],
  // Polls and attachments (OpenAPI PollCreateRequest, MessageAttachmentRequest).
  ['poll(question)', (v) => poll(v as never, ['Pizza']), /^poll: question must be a string/, NOT_TEXT],
  ['poll(_, [answer])', (v) => poll('Lunch?', [v] as never), /^poll: answers\[0\] must be a text or \{ text\?, emoji\? \}/, [null, 42]],
  ['poll answer emoji', (v) => poll('Lunch?', [{ text: 'Sushi', emoji: v as never }]), /^poll: emoji must be an emoji/, [null, 42]],
  ['poll(_, _, options)', (v) => poll('Lunch?', ['Pizza'], v as never), /^poll: options must be an object of options/, NOT_OPTIONS],
  ['attachment(index)', (v) => attachment(v as never), /^attachment: index must be a file's index or an attachment's snowflake/, [null, {}, true]],
  ['attachment(_, filename)', (v) => attachment(0, v as never), /^attachment: filename must be a string/, NOT_TEXT],
  ['attachment(_, _, options)', (v) => attachment(0, 'a.png', v as never), /^attachment: options must be an object of options/, NOT_OPTIONS],
  // Bodies (OpenAPI IncomingWebhookInteractionRequest: embeds, components and attachments lists).
  ['messageBody embeds', (v) => messageBody({ embeds: v as never }), /^messageBody: input\.embeds must be a list/, [null, 42, {}]],
  ['messageBody components', (v) => messageBody({ components: v as never }), /^messageBody: input\.components must be a list/, [null, 'row']],
  ['messageBody attachments', (v) => messageBody({ attachments: v as never }), /^messageBody: input\.attachments must be a list/, [null, 0]],
  ['layout(_, options)', (v) => layout([textDisplay('hi')], v as never), /^layout: options must be an object of options/, NOT_OPTIONS],
  ['layout options.attachments', (v) => layout([textDisplay('hi')], { attachments: v as never }), /^layout: options\.attachments must be a list/, [null, 0]],
  // Modals (OpenAPI ModalInteractionCallbackRequestData, TextInputComponentForModalRequest, LabelComponentForModalRequest, ...).
  ['textInput(customId)', (v) => textInput(v as never), /^textInput: customId must be a string/, NOT_TEXT],
  ['textInput(_, options)', (v) => textInput('reason', v as never), /^textInput: options must be an object of options/, NOT_OPTIONS],
  ['textInput options.style', (v) => textInput('reason', { style: v as never }), /^textInput: options\.style must be 'short' or 'paragraph'/, ['long', 2, null]],
  ['label(text)', (v) => label(v as never, input), /^label: text must be a string/, NOT_TEXT],
  ['label(_, component)', (v) => label('Why?', v as never), /^label: component must be an input/, [null, 'reason', 42]],
  ['label(_, _, options)', (v) => label('Why?', input, v as never), /^label: options must be an object of options/, NOT_OPTIONS],
  ['fileUpload(customId)', (v) => fileUpload(v as never), /^fileUpload: customId must be a string/, NOT_TEXT],
  ['fileUpload(_, options)', (v) => fileUpload('proof', v as never), /^fileUpload: options must be an object of options/, NOT_OPTIONS],
  ['radioGroup(customId)', (v) => radioGroup(v as never, [['S', 's']]), /^radioGroup: customId must be a string/, NOT_TEXT],
  ['radioGroup(_, [option])', (v) => radioGroup('size', [v] as never), /^radioGroup: options\[0\] must be \[label, value\] or \{ label, value/, [null, 's', 42]],
  ['radioGroup(_, _, props)', (v) => radioGroup('size', [['S', 's']], v as never), /^radioGroup: props must be an object of options/, NOT_OPTIONS],
  ['checkboxGroup(customId)', (v) => checkboxGroup(v as never, [['Olives', 'olives']]), /^checkboxGroup: customId must be a string/, NOT_TEXT],
  ['checkboxGroup(_, [option])', (v) => checkboxGroup('toppings', [v] as never), /^checkboxGroup: options\[0\] must be \[label, value\]/, [null, 'olives']],
  ['checkbox(customId)', (v) => checkbox(v as never), /^checkbox: customId must be a string/, NOT_TEXT],
  ['checkbox(_, options)', (v) => checkbox('agree', v as never), /^checkbox: options must be an object of options/, NOT_OPTIONS],
  ['modal(customId)', (v) => modal(v as never, 'Why?', label('Why?', input)), /^modal: customId must be a string/, NOT_TEXT],
  ['modal(_, title)', (v) => modal('why', v as never, label('Why?', input)), /^modal: title must be a string/, NOT_TEXT],
  ['modal(_, _, component)', (v) => modal('why', 'Why?', v as never), /^modal: components\[0\] must be a label, a text display or a row/, [null, 'reason', 42]],
]

describe('the message factories refuse a wrong-typed argument at the call, naming it', () => {
  it.each(cases)('%s', (_, run, start, wrong) => {
    for (const value of wrong) {
      const error = thrown(() => run(value))
      expect(error, String(value)).toBeInstanceOf(TypeError)
      const message = (error as Error).message
      expect(message).toMatch(start)
      expect(message).toMatch(/\(was [^)]+\)$/)
      expect(message).not.toMatch(ENGINE)
    }
  })

  it('covers every message factory of the root entry (guards this table itself)', () => {
    const named = new Set(cases.map(([call]) => call.split(/[( ]/)[0]))
    for (const factory of [
      'button',
      'linkButton',
      'premiumButton',
      'selectOption',
      'stringSelect',
      'userSelect',
      'roleSelect',
      'mentionableSelect',
      'channelSelect',
      'actionRow',
      'textDisplay',
      'thumbnail',
      'section',
      'mediaGallery',
      'file',
      'separator',
      'container',
      'embed',
      'poll',
      'attachment',
      'messageBody',
      'layout',
      'textInput',
      'label',
      'fileUpload',
      'radioGroup',
      'checkboxGroup',
      'checkbox',
      'modal',
    ])
      expect(named, factory).toContain(factory)
  })

  it("shows a number as written: NaN, not JSON's null", () => {
    expect((thrown(() => embed({ timestamp: Number.NaN })) as Error).message).toMatch(/\(was NaN\)$/)
    expect((thrown(() => textDisplay(Symbol('s') as never)) as Error).message).toMatch(/\(was a symbol\)$/)
  })

  it('the valid forms still build, null options read as none', () => {
    expect(button('a', 'A', { style: 'danger', emoji: '<:ok:123456789012345678>' })).toEqual({
      type: 2,
      style: 4,
      custom_id: 'a',
      label: 'A',
      emoji: { id: '123456789012345678', name: 'ok' },
    })
    expect(button('a', undefined, { emoji: { name: '👍' } })).toEqual({ type: 2, style: 1, custom_id: 'a', emoji: { name: '👍' } })
    expect(separator({ spacing: 'small' })).toEqual({ type: 14, spacing: 1 })
    expect(separator(null as never)).toEqual({ type: 14 })
    expect(textInput('r', { style: 'short' }).style).toBe(1)
    expect(embed({ timestamp: 0 }).timestamp).toBe('1970-01-01T00:00:00.000Z')
    expect(embed({ timestamp: new Date(0), footer: { text: 'f' }, author: 'a' })).toEqual({ timestamp: '1970-01-01T00:00:00.000Z', footer: { text: 'f' }, author: { name: 'a' } })
    expect(attachment('100000000000000001', 'a.png')).toEqual({ id: '100000000000000001', filename: 'a.png' })
    expect(channelSelect('log', { channelTypes: [0, 2] }).channel_types).toEqual([0, 2])
    expect(radioGroup('size', [['S', 's'], { label: 'M', value: 'm' }]).options).toEqual([
      { label: 'S', value: 's' },
      { label: 'M', value: 'm' },
    ])
  })
})

describe('a wrong value of the right type stays with the response rules: a path and a code when the message is checked', () => {
  const sent = (components: unknown[]) => validateInteractionResponse({ type: 4, data: { components } })
  it.each([
    // OpenAPI ButtonComponentForMessageRequest.label: at most 80 characters.
    ['a button label over 80 characters', () => sent([actionRow(button('a', 'x'.repeat(81)))]), 'string.length', ['data', 'components', 0, 'components', 0, 'label']],
    // custom_id: 1 to 100 characters.
    ['an empty custom_id', () => sent([actionRow(button('' as string, 'A'))]), 'string.length', ['data', 'components', 0, 'components', 0, 'custom_id']],
    // A field of an options bag is copied as it is: `disabled` typed boolean.
    [
      'options.disabled not a boolean',
      () => sent([actionRow(button('a', 'A', { disabled: 'yes' as never }))]),
      'value.type',
      ['data', 'components', 0, 'components', 0, 'disabled'],
    ],
    // `id`: an int32 of at least 0.
    ['options.id out of range', () => sent([actionRow(button('a', 'A', { id: -1 }))]), 'number.range', ['data', 'components', 0, 'components', 0, 'id']],
  ])('%s', (_, check, code, path) => {
    const r = check()
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.issues).toContainEqual(expect.objectContaining({ code, path }))
  })

  it('an embed title of the wrong type too (a field copied as it is)', () => {
    const r = validateWebhookMessage({ embeds: [embed({ title: 42 as never })] })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.issues).toContainEqual(expect.objectContaining({ code: 'value.type', path: ['embeds', 0, 'title'] }))
  })
})
