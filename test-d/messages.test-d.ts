/**
 * Types of messages, components, modals and custom_id routes against the built
 * declarations: route parameters typed from their kinds; a route whose largest
 * custom_id could pass 100 characters refused; the counts and nesting of literal
 * lists (an action row, a section, a gallery, a message's rows and embeds, a
 * modal); a modal's submission typed by its inputs; the component map of
 * `handleComponents` exhaustive, a missing or an extra handler refused. Every
 * `expectError` carries the sentence it must produce (`// ❌ ...`);
 * scripts/check-types.mjs checks them under TypeScript 5.9, 6.0 and 7.0.
 */
import { expectError, expectType } from 'tsd'
import {
  actionRow,
  button,
  ChannelType,
  channelSelect,
  checkbox,
  checkboxGroup,
  commands,
  container,
  embed,
  file,
  fileUpload,
  handleComponents,
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
  radioGroup,
  readModalFields,
  roleSelect,
  route,
  section,
  selectOption,
  slash,
  stringSelect,
  textDisplay,
  textInput,
  thumbnail,
  userSelect,
  type ActionRowJSON,
  type ButtonJSON,
  type LinkButtonJSON,
  type ContainerChildJSON,
  type ModalFields,
  type SelectOptionJSON,
  type StringSelectJSON,
  type Resolved,
} from '../dist/index.js'
import { createHandler } from '../dist/http.js'
import type { GatewayTestBot, TestBot } from '../dist/testing.js'

// ---------------------------------------------------------------- routes: parameters typed

const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no'), page: param.integer({ min: 1, max: 50 }), open: param.boolean() })
const parsed = vote.parse('vote:...')
if (parsed.ok) {
  expectType<string>(parsed.values.poll)
  expectType<'yes' | 'no'>(parsed.values.choice)
  expectType<number>(parsed.values.page)
  expectType<boolean>(parsed.values.open)
} else expectType<'other' | 'stale' | 'malformed'>(parsed.reason)
expectType<string>(vote.id({ poll: '1', choice: 'yes', page: 1, open: true }))
vote.button({ poll: '1', choice: 'no', page: 2, open: false }, { label: 'No', style: 'danger' })
expectError(vote.id({ poll: '1', choice: 'maybe', page: 1, open: true }))
expectError(vote.id({ poll: '1', choice: 'yes', open: true }))
expectError(vote.button({ poll: 1, choice: 'yes', page: 1, open: true }, 'Yes'))

// A literal value is held to its parameter's literal bounds, in every maker (the run time throws the same: test/messages/routes.test.ts).
vote.button({ poll: '1', choice: 'no', page: 50, open: false }, 'Last')
declare const somePage: number
vote.button({ poll: '1', choice: 'no', page: somePage, open: false }, 'Some')
expectType<string>(vote.id({ poll: '1', choice: 'no', page: 1 as 1 | 2, open: false }))
// ❌ route 'vote': parameter 'page' is a whole number from 1 to 50; this one is 51
expectError(vote.button({ poll: '1', choice: 'no', page: 51, open: false }, 'Next'))
// ❌ route 'vote': parameter 'page' is a whole number from 1 to 50; this one is 0
expectError(vote.id({ poll: '1', choice: 'no', page: 0, open: false }))
// ❌ route 'vote': parameter 'page' is a whole number from 1 to 50; this one is 2.5
expectError(vote.stringSelect({ poll: '1', choice: 'no', page: 2.5, open: false }, [selectOption('A', 'a')]))
// ❌ route 'vote': parameter 'page' is a whole number from 1 to 50; this one is 70
expectError(vote.userSelect({ poll: '1', choice: 'no', page: 1 as 1 | 70, open: false }))
const signed = route('signed', { d: param.integer({ min: -5, max: 5 }) }, 'button')
signed.button({ d: -5 }, 'Min')
// ❌ route 'signed': parameter 'd' is a whole number from -5 to 5; this one is -6
expectError(signed.button({ d: -6 }, 'Below'))
// Without a min, 0 is the least (param.integer's default).
// ❌ route 'count': parameter 'n' is a whole number from 0 to 9007199254740991; this one is -1
expectError(route('count', { n: param.integer() }).id({ n: -1 }))
const note = modalRoute('note', { tag: param.string({ max: 5 }), n: param.integer({ min: 0, max: 9 }) }, 'Note', [label('Text', textInput('text'))])
note.modal({ tag: 'abcde', n: 9 })
declare const someTag: string
note.modal({ tag: someTag, n: 0 })
// A non-ASCII literal is left to the run time, which counts UTF-16 units (TypeScript 5.9 and 7.0 split such a literal differently).
note.modal({ tag: 'éééééé', n: 0 })
// ❌ route 'note': parameter 'tag' holds at most 5 characters; this one has 6
expectError(note.modal({ tag: 'abcdef', n: 0 }))
// ❌ route 'note': parameter 'n' is a whole number from 0 to 9; this one is 10
expectError(note.id({ tag: 'a', n: 10 }))

// A key no parameter has is refused in an object literal (an excess property), with bounds or without; a variable may hold more.
expectError(vote.id({ poll: '1', choice: 'no', page: 1, open: false, extra: 1 }))
expectError(route('plain', { poll: param.snowflake() }).id({ poll: '1', extra: 1 }))
const record = { poll: '1', choice: 'no', page: 3, open: true, createdAt: 0 } as const
expectType<string>(vote.id(record))

// The bounds themselves, when they are literals.
param.integer({ min: 3, max: 3 })
param.integer({ min: -9007199254740991, max: 0 })
param.string({ max: 100 })
// ❌ param.integer's max (1) is below its min (5); the minimum must not exceed the maximum
expectError(param.integer({ min: 5, max: 1 }))
// ❌ param.integer's max (-3) is below its min (0)
expectError(param.integer({ max: -3 }))
// ❌ param.integer's min is a whole number from -(2^53 - 1) to 2^53 - 1; this one is 1.5
expectError(param.integer({ min: 1.5, max: 3 }))
// ❌ param.integer's max is a whole number from -(2^53 - 1) to 2^53 - 1; this one is 9007199254740992
expectError(param.integer({ max: 9007199254740992 }))
// ❌ param.string's max is a whole number from 1 to 100; this one is 101
expectError(param.string({ max: 101 }))
// ❌ param.string's max is a whole number from 1 to 100; this one is 0
expectError(param.string({ max: 0 }))

// A route with no parameters takes an empty object.
const help = route('help')
expectType<string>(help.id({}))

// ---------------------------------------------------------------- routes: the 100 characters

// 8 snowflakes fit (88 characters and the prefix); a 9th does not.
route('ids', {
  a: param.snowflake(),
  b: param.snowflake(),
  c: param.snowflake(),
  d: param.snowflake(),
  e: param.snowflake(),
  f: param.snowflake(),
  g: param.snowflake(),
  h: param.snowflake(),
})
// ❌ route 'ids' can make a custom_id over 100 characters
expectError(
  route('ids', {
    a: param.snowflake(),
    b: param.snowflake(),
    c: param.snowflake(),
    d: param.snowflake(),
    e: param.snowflake(),
    f: param.snowflake(),
    g: param.snowflake(),
    h: param.snowflake(),
    i: param.snowflake(),
  }),
)
// A declared string maximum counts in full: 80 characters and a snowflake fit in 's', 90 do not.
route('s', { text: param.string({ max: 80 }), id: param.snowflake() })
// ❌ route 's' can make a custom_id over 100 characters
expectError(route('s', { text: param.string({ max: 90 }), id: param.snowflake() }))
// The exact edge, the same as the run time's (test/messages/routes.test.ts): 's:' and a hash (5 characters),
// a string of 83 and its 7 bits of length, a snowflake's 64 bits: 599 of 600 units; 84 characters: 605.
route('s', { text: param.string({ max: 83 }), id: param.snowflake() })
// ❌ route 's' can make a custom_id over 100 characters
expectError(route('s', { text: param.string({ max: 84 }), id: param.snowflake() }))
// A string without a maximum is checked when a custom_id is made, not here.
route('note', { text: param.string(), id: param.snowflake() })
// Wide integer ranges count their bits: 0 to 2^53 - 1 is 53 bits, 9 characters.
route('n', { a: param.integer(), b: param.integer({ min: -5, max: 5 }) })
// ❌ route 'toolongtoolongtoolongtoolongtoolongtoolongtoolongtoolongtoolongtoolongtoolongtoolong' can make a custom_id over 100 characters
expectError(route('toolongtoolongtoolongtoolongtoolongtoolongtoolongtoolongtoolongtoolongtoolongtoolong', { a: param.snowflake(), b: param.snowflake() }))
// A route of many small values packs them: 40 booleans are 7 characters.
route('flags', {
  f0: param.boolean(),
  f1: param.boolean(),
  f2: param.boolean(),
  f3: param.boolean(),
  f4: param.boolean(),
  f5: param.boolean(),
  f6: param.boolean(),
  f7: param.boolean(),
  f8: param.boolean(),
  f9: param.boolean(),
})

// ---------------------------------------------------------------- counts and nesting of literal lists

const b = (id: string) => button(id, id)
actionRow(b('a'), b('b'), b('c'), b('d'), b('e'))
// Counts of argument lists are refused at the first argument too many, so the first
// line under every compiler is short and ends with the sentence (not the whole list).
// ❌ an action row holds at most 5 buttons
// first line: Argument of type 'ButtonJSON' is not assignable to parameter of type 'SlashkitError<"an action row holds at most 5 buttons">'
expectError(actionRow(b('a'), b('b'), b('c'), b('d'), b('e'), b('f')))
// ❌ a select menu fills its action row alone
// first line: Argument of type 'ButtonJSON' is not assignable to parameter of type 'SlashkitError<"a select menu fills its action row alone
expectError(actionRow(stringSelect('s', [selectOption('A', 'a')]), b('a')))
// ❌ a select menu fills its action row alone
// first line: Argument of type 'UserSelectJSON & { custom_id: "u"; }' is not assignable to parameter of type 'SlashkitError<"a select menu fills
expectError(actionRow(b('a'), userSelect('u'), b('c')))
// error: Expected 1 arguments, but got 0
expectError(actionRow())
actionRow(userSelect('u'))
actionRow(linkButton('https://example.com', 'Docs'), b('x'))

section(['a', 'b', 'c'], thumbnail('https://example.com/a.png'))
// ❌ a section holds at most 3 text displays
expectError(section(['a', 'b', 'c', 'd'], b('x')))

const pic = 'https://example.com/a.png'
mediaGallery(pic, pic, pic, pic, pic, pic, pic, pic, pic, pic)
// ❌ a media gallery holds at most 10 items
// first line: Argument of type '"https://example.com/a.png"' is not assignable to parameter of type 'SlashkitError<"a media gallery holds at most 10 items">'
expectError(mediaGallery(pic, pic, pic, pic, pic, pic, pic, pic, pic, pic, pic))

file('attachment://report.pdf')
// ❌ a file component shows a file sent with the message: its URL is attachment://filename
expectError(file('https://example.com/report.pdf'))

// ❌ a custom_id is 1 to 100 characters long
expectError(button('', 'Empty'))

// A custom_id may be any text, but a button of these styles sends it back and opens
// nothing: a URL there is a link button written with the wrong factory.
// ❌ a button sends its custom_id back to the app and opens no link; linkButton(url, label) makes a button that opens one
expectError(button('https://example.com/receipt', 'Receipt'))
expectType<ButtonJSON>(button('https-mirror', 'Mirror'))
expectType<LinkButtonJSON>(linkButton('https://example.com/receipt', 'Receipt'))

const row = actionRow(b('r'))
messageBody({ content: 'x', components: [row, row, row, row, row] })
// ❌ a message holds at most 5 action rows
expectError(messageBody({ content: 'x', components: [row, row, row, row, row, row] }))
// A layout component in a message without IS_COMPONENTS_V2 (OpenAPI
// ContainerComponentForMessageRequest and its kin need the flag): refused where it stands.
const box = container([textDisplay('# Stats'), row])
// ❌ a layout component goes in a layout message: layout([...]) sets the IS_COMPONENTS_V2 flag it needs
// first line: Type 'ContainerJSON' is not assignable to type 'SlashkitError<"a layout component goes in a layout message
expectError(messageBody({ components: [row, box] }))
layout([box, row])
const rows: ActionRowJSON[] = [row]
messageBody({ components: rows })
// A container holds no container (OpenAPI ContainerComponentForMessageRequest.components).
// ❌ a container holds no container; put both in the message, side by side
// first line: Type 'ContainerJSON' is not assignable to type 'SlashkitError<"a container holds no container
expectError(container([textDisplay('x'), box]))
const children: ContainerChildJSON[] = [textDisplay('x'), section(['y'], thumbnail('attachment://y.png'))]
container(children)
const e = embed({ title: 't' })
// ❌ a message holds at most 10 embeds
expectError(messageBody({ embeds: [e, e, e, e, e, e, e, e, e, e, e] }))

modal('m', 'Title', textDisplay('Hello'), label('Why?', textInput('why')))
// ❌ a modal holds labels, text displays and rows of text inputs
expectError(modal('m', 'Title', b('x')))
// ❌ a label holds one input: a text input, a select, a file upload, a radio group or a checkbox
expectError(label('Pick', b('x')))
// An input on its own, the first mistake of a modal (its label forgotten): the same sentences from a modal route.
// ❌ a modal's input goes in a label: label('Question', input)
expectError(modal('m', 'Title', textInput('why')))
// ❌ a modal's input goes in a label: label('Question', input)
expectError(modalRoute('m', {}, 'Title', [textInput('why')]))
// ❌ a modal holds labels, text displays and rows of text inputs
expectError(modalRoute('m', {}, 'Title', [b('x')]))
// A modal route's fields are still typed by its inputs.
const asked = readModalFields(modalRoute('m', {}, 'Title', [textDisplay('Hi'), label('Why?', textInput('why'))]), [])
if (asked.ok) expectType<string>(asked.value.why)

// A string select holds 1 to 25 options (OpenAPI StringSelectComponentForMessageRequest.options:
// minItems 1, maxItems 25); refused at the 26th.
const opt = selectOption('A', 'a')
const o25 = [opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt] as const
expectType<'a'[]>(stringSelect('s', o25).options.map((o) => o.value))
// ❌ a string select holds at most 25 options
// first line: Type 'SelectOptionJSON<"a">' is not assignable to type 'SlashkitError<"a string select holds at most 25 options">'
expectError(stringSelect('s', [opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt, opt]))
// ❌ a string select holds at least one option
expectError(stringSelect('s', []))
// Valid selects keep their values typed: from selectOption, an inline option, or a list built at run time.
expectType<('red' | 'blue')[]>(stringSelect('c', [selectOption('Red', 'red'), { label: 'Blue', value: 'blue' }]).options.map((o) => o.value))
declare const built: { label: string; value: string }[]
expectType<string[]>(stringSelect('c', built).options.map((o) => o.value))
expectType<'c'>(stringSelect('c', built).custom_id)

// A modal holds at least one component ("Interaction Response", modal: components 1 to 40;
// OpenAPI ModalInteractionCallbackRequestData.components minItems 1): a modal route too.
// ❌ a modal holds at least one component
expectError(modalRoute('empty', {}, 'Empty', []))

// ---------------------------------------------------------------- lengths of literal texts

// Public limits (components reference; OpenAPI maxLength): a button's label 80
// (ButtonComponentForMessageRequest.label), a select option's label, value and
// description 100 (StringSelectOptionForRequest), a modal's title 45
// (ModalInteractionCallbackRequestData.title), a label's text 45 (LabelComponentForModalRequest.label).
button('ok', 'Click here to confirm that you have read and accepted all the terms of this club')
// ❌ a button label has at most 80 characters; this one has 81
expectError(button('ok', 'Click here to confirm that you have read and accepted all the terms of this club!'))
// ❌ a button label has at most 80 characters; this one has 81
expectError(linkButton('https://example.com', 'Click here to confirm that you have read and accepted all the terms of this club!'))
// A label of 81 UTF-16 units that are 41 characters (emoji are pairs) is the run time's to count.
button('ok', '🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉!')
// (81 emoji, 162 units, are refused by 5.9 and 6, which count UTF-16 units in a template,
// and left to the run time by 7, which counts code points: not asserted either way.)
// Over twice the limit in units and in code points (161 emoji) is over the limit whatever the characters.
// ❌ a button label has at most 80 characters; this one has over 80
expectError(
  button(
    'ok',
    '🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉',
  ),
)
const l101 = 'An option label that goes on and on, long past the point where a reader would have stopped reading it'
vote.button({ poll: '1', choice: 'yes', page: 1, open: true }, 'Click here to confirm that you have read and accepted all the terms of this club')
// ❌ a button label has at most 80 characters; this one has 81
expectError(vote.button({ poll: '1', choice: 'yes', page: 1, open: true }, 'Click here to confirm that you have read and accepted all the terms of this club!'))
// ❌ a select option label has at most 100 characters; this one has 101
expectError(selectOption(l101, 'v'))
// ❌ a select option value has at most 100 characters; this one has 101
expectError(selectOption('v', l101))
expectType<SelectOptionJSON<'red'>>(selectOption('Red', 'red'))
selectOption('Red', 'red', { description: 'Warm, bright and loud', emoji: '🟥' })
// ❌ a select option description has at most 100 characters; this one has 101
expectError(selectOption('Red', 'red', { description: l101 }))
// ❌ a modal title has at most 45 characters; this one has 46
expectError(modal('m', 'Tell us everything about your last experience!', textDisplay('x')))
modal('m', 'Tell us everything about your last experience', textDisplay('x'))
// ❌ a modal title has at most 45 characters; this one has 46
expectError(modalRoute('m', {}, 'Tell us everything about your last experience!', [textDisplay('x')]))
expectType<'m'>(modalRoute('m', {}, 'Tell us everything about your last experience', [textDisplay('x')]).name)
// ❌ a label has at most 45 characters; this one has 46
expectError(label('Tell us everything about your last experience!', textInput('x')))
// Texts typed as string are the run time's.
declare const someText: string
button('ok', someText)
modal('m', someText, textDisplay('x'))

// ---------------------------------------------------------------- lengths of literal texts in option bags and bodies

// Texts of an exact length, as literal types (a declared constant of a literal type
// is what a literal argument is to the compiler): `Xs<N>` ASCII characters.
type X10 = 'xxxxxxxxxx'
type X50 = `${X10}${X10}${X10}${X10}${X10}`
type X100 = `${X50}${X50}`
type X1000 = `${X100}${X100}${X100}${X100}${X100}${X100}${X100}${X100}${X100}${X100}`
declare const t45: `${X10}${X10}${X10}${X10}xxxxx`
declare const t46: `${typeof t45}y`
declare const t100: X100
declare const t101: `${X100}y`
declare const t150: `${X100}${X50}`
declare const t151: `${X100}${X50}y`
declare const t256: `${X100}${X100}${X50}xxxxxx`
declare const t257: `${typeof t256}y`
declare const t300: `${X100}${X100}${X100}`
declare const t301: `${typeof t300}y`
declare const t1024: `${X1000}${X10}${X10}xxxx`
declare const t1025: `${typeof t1024}y`
declare const t2000: `${X1000}${X1000}`
declare const t2001: `${typeof t2000}y`
declare const t2048: `${X1000}${X1000}${X10}${X10}${X10}${X10}xxxxxxxx`
declare const t2049: `${typeof t2048}y`
declare const t4000: `${X1000}${X1000}${X1000}${X1000}`
declare const t4001: `${typeof t4000}y`
declare const t4096: `${typeof t4000}${X50}${X10}${X10}${X10}${X10}xxxxxx`
declare const t4097: `${typeof t4096}y`

// A select's placeholder: 150 (OpenAPI StringSelectComponentForMessageRequest.placeholder,
// UserSelectComponentForMessageRequest.placeholder, and the role, mentionable and channel selects' maxLength 150),
// in each of the five makers and in a route's.
stringSelect('s', [selectOption('A', 'a')], { placeholder: t150 })
userSelect('u', { placeholder: t150, maxValues: 2 })
// ❌ a select placeholder has at most 150 characters; this one has 151
expectError(stringSelect('s', [selectOption('A', 'a')], { placeholder: t151 }))
// ❌ a select placeholder has at most 150 characters; this one has 151
expectError(userSelect('u', { placeholder: t151 }))
// ❌ a select placeholder has at most 150 characters; this one has 151
expectError(roleSelect('r', { placeholder: t151 }))
// ❌ a select placeholder has at most 150 characters; this one has 151
expectError(mentionableSelect('m', { placeholder: t151 }))
// ❌ a select placeholder has at most 150 characters; this one has 151
expectError(channelSelect('c', { placeholder: t151 }))
const pickMember = route('pick', { poll: param.snowflake() }, 'userSelect')
const pickOne = route('one', { n: param.integer({ min: 0, max: 9 }) }, 'stringSelect')
pickMember.userSelect({ poll: '1' }, { placeholder: t150 })
// ❌ a select placeholder has at most 150 characters; this one has 151
expectError(pickMember.userSelect({ poll: '1' }, { placeholder: t151 }))
// ❌ a select placeholder has at most 150 characters; this one has 151
expectError(pickOne.stringSelect({ n: 1 }, [selectOption('A', 'a')], { placeholder: t151 }))
// The values a string select makes stay typed with a placeholder.
expectType<readonly ('a' | 'b')[]>(
  stringSelect('s', [selectOption('A', 'a'), selectOption('B', 'b')], { placeholder: 'Pick' }).options.map((o) => o.value) as readonly ('a' | 'b')[],
)

// ---------------------------------------------------------------- counts and lengths given as literal numbers

// A select's counts (OpenAPI StringSelectComponentForMessageRequest, UserSelectComponentForMessageRequest and
// the role, mentionable and channel selects: min_values 0 to 25, max_values 1 to 25), the minimum at most the
// maximum, and a string select's minimum at most its options (public API v10, "String Select"; src/rules/components.ts
// checks the same at run time: number.range, component.bounds).
stringSelect('s', [selectOption('A', 'a'), selectOption('B', 'b')], { minValues: 0, maxValues: 2 })
stringSelect('s', [selectOption('A', 'a'), selectOption('B', 'b')], { minValues: 2, maxValues: 2 })
userSelect('u', { minValues: 25, maxValues: 25 })
roleSelect('r', { minValues: 0, maxValues: 1 })
mentionableSelect('m', { maxValues: 10 })
channelSelect('c', { minValues: 3 })
// ❌ a select's maxValues is a whole number from 1 to 25; this one is 26
expectError(userSelect('u', { maxValues: 26 }))
// ❌ a select's maxValues is a whole number from 1 to 25; this one is 0
expectError(roleSelect('r', { maxValues: 0 }))
// ❌ a select's minValues is a whole number from 0 to 25; this one is 26
expectError(mentionableSelect('m', { minValues: 26 }))
// ❌ a select's minValues is a whole number from 0 to 25; this one is -1
expectError(channelSelect('c', { minValues: -1 }))
// ❌ a select's maxValues is a whole number from 1 to 25; this one is 2.5
expectError(userSelect('u', { maxValues: 2.5 }))
// ❌ a select's minValues (3) is above its maxValues (2); the minimum must not exceed the maximum
expectError(userSelect('u', { minValues: 3, maxValues: 2 }))
// ❌ a select's minValues (3) is above the 2 options it offers
expectError(stringSelect('s', [selectOption('A', 'a'), selectOption('B', 'b')], { minValues: 3 }))
// ❌ a select's minValues (2) is above the 1 option it offers
expectError(stringSelect('s', [selectOption('A', 'a')], { minValues: 2, maxValues: 2 }))
// In a route's makers too.
pickMember.userSelect({ poll: '1' }, { minValues: 1, maxValues: 25 })
// ❌ a select's maxValues is a whole number from 1 to 25; this one is 30
expectError(pickMember.userSelect({ poll: '1' }, { maxValues: 30 }))
// ❌ a select's minValues (2) is above the 1 option it offers
expectError(pickOne.stringSelect({ n: 1 }, [selectOption('A', 'a')], { minValues: 2 }))

// A file upload's and a checkbox group's counts (OpenAPI FileUploadComponentForModalRequest and
// CheckboxGroupComponentForModalRequest: min_values 0 to 10, max_values 1 to 10).
fileUpload('f', { minValues: 0, maxValues: 10 })
checkboxGroup(
  'g',
  [
    ['A', 'a'],
    ['B', 'b'],
  ],
  { minValues: 1, maxValues: 2 },
)
// ❌ a file upload's maxValues is a whole number from 1 to 10; this one is 11
expectError(fileUpload('f', { maxValues: 11 }))
// ❌ a file upload's minValues (4) is above its maxValues (3); the minimum must not exceed the maximum
expectError(fileUpload('f', { minValues: 4, maxValues: 3 }))
// ❌ a checkbox group's minValues is a whole number from 0 to 10; this one is 11
expectError(checkboxGroup('g', [['A', 'a']], { minValues: 11 }))
// ❌ a checkbox group's maxValues is a whole number from 1 to 10; this one is 0
expectError(checkboxGroup('g', [['A', 'a']], { maxValues: 0 }))

// A text input's lengths (OpenAPI TextInputComponentForModalRequest: min_length 0 to 4000, max_length 1 to 4000).
textInput('t', { minLength: 0, maxLength: 1 })
textInput('t', { minLength: 4000, maxLength: 4000 })
textInput('t', { minLength: 999, maxLength: 3999 })
// ❌ a text input's maxLength is a whole number from 1 to 4000; this one is 4001
expectError(textInput('t', { maxLength: 4001 }))
// ❌ a text input's maxLength is a whole number from 1 to 4000; this one is 0
expectError(textInput('t', { maxLength: 0 }))
// ❌ a text input's minLength is a whole number from 0 to 4000; this one is 10000
expectError(textInput('t', { minLength: 10000 }))
// ❌ a text input's minLength (500) is above its maxLength (100); the minimum must not exceed the maximum
expectError(textInput('t', { style: 'paragraph', minLength: 500, maxLength: 100 }))
// ❌ a text input's maxLength is a whole number from 1 to 4000; this one is 5000
expectError(modalRoute('long', {}, 'Long', [label('Why?', textInput('why', { maxLength: 5000 }))]))

// Counts and lengths typed as number are the run time's.
declare const someCount: number
userSelect('u', { minValues: someCount, maxValues: someCount })
textInput('t', { minLength: someCount, maxLength: someCount })
fileUpload('f', { maxValues: someCount })

// A text input (OpenAPI TextInputComponentForModalRequest): label 45, placeholder 100, value 4000.
textInput('t', { label: t45, placeholder: t100, value: t4000, style: 'paragraph' })
// ❌ a text input label has at most 45 characters; this one has 46
expectError(textInput('t', { label: t46 }))
// ❌ a text input placeholder has at most 100 characters; this one has 101
expectError(textInput('t', { placeholder: t101 }))
// ❌ a text input value has at most 4000 characters; this one has 4001
expectError(textInput('t', { value: t4001 }))
// A label's description: 100 (LabelComponentForModalRequest.description).
label('Why?', textInput('t'), { description: t100 })
// ❌ a label description has at most 100 characters; this one has 101
expectError(label('Why?', textInput('t'), { description: t101 }))

// A text display: 4000 (TextDisplayComponentForMessageRequest.content); a thumbnail's
// description: 1024 (ThumbnailComponentForMessageRequest.description).
textDisplay(t4000)
// ❌ a text display has at most 4000 characters; this one has 4001
expectError(textDisplay(t4001))
thumbnail('https://example.com/a.png', { description: t1024 })
// ❌ a thumbnail description has at most 1024 characters; this one has 1025
expectError(thumbnail('https://example.com/a.png', { description: t1025 }))

// A message's content: 2000 (IncomingWebhookInteractionRequest.content).
messageBody({ content: t2000, ephemeral: true })
// ❌ message content has at most 2000 characters; this one has 2001
expectError(messageBody({ content: t2001 }))

// An embed (OpenAPI RichEmbed.title 256, .description 4096; RichEmbedFooter.text 2048;
// RichEmbedAuthor.name 256), each field in its short and its long form.
embed({ title: t256, description: t4096, footer: t2048, author: t256 })
embed({ footer: { text: t2048, iconUrl: 'https://example.com/i.png' }, author: { name: t256, url: 'https://example.com' } })
// ❌ an embed title has at most 256 characters; this one has 257
expectError(embed({ title: t257 }))
// ❌ an embed description has at most 4096 characters; this one has 4097
expectError(embed({ description: t4097 }))
// ❌ an embed footer has at most 2048 characters; this one has 2049
expectError(embed({ footer: t2049 }))
// ❌ an embed footer has at most 2048 characters; this one has 2049
expectError(embed({ footer: { text: t2049 } }))
// ❌ an embed author name has at most 256 characters; this one has 257
expectError(embed({ author: t257 }))
// ❌ an embed author name has at most 256 characters; this one has 257
expectError(embed({ author: { name: t257, url: 'https://example.com' } }))

// A poll's question: 300 (PollCreateRequest.question, a PollMedia: text maxLength 300).
poll(t300, ['Yes', 'No'])
// ❌ a poll question has at most 300 characters; this one has 301
expectError(poll(t301, ['Yes', 'No']))

// A modal route's title given when the modal is made replaces the route's: 45 too
// (ModalInteractionCallbackRequestData.title maxLength 45).
const feedback = modalRoute('feedback', {}, 'Feedback', [label('What went well?', textInput('good'))])
feedback.modal({}, { title: t45 })
// ❌ a modal title has at most 45 characters; this one has 46
expectError(feedback.modal({}, { title: t46 }))

// Texts typed as string stay the run time's in every bag.
userSelect('u', { placeholder: someText })
textInput('t', { label: someText, placeholder: someText, value: someText })
embed({ title: someText, description: someText, footer: someText, author: { name: someText } })
messageBody({ content: someText })
textDisplay(someText)
poll(someText, [someText])

// ---------------------------------------------------------------- a modal's submission, typed by its inputs

const signup = modal(
  'signup',
  'Sign up',
  label('Name', textInput('name')),
  label('Colour', stringSelect('colour', [selectOption('Red', 'red'), selectOption('Blue', 'blue')])),
  label('Friends', userSelect('friends')),
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
declare const fields: ModalFields<typeof signup>
expectType<string>(fields.name)
expectType<('red' | 'blue')[]>(fields.colour)
expectType<string[]>(fields.friends)
// Required by default (public API v10, "Radio Group"): a pick, never null.
expectType<'s' | 'l'>(fields.size)
expectType<'cheese'[]>(fields.extras)
expectType<boolean>(fields.rules)
expectError(fields.missing)
const read = readModalFields(signup, [])
if (read.ok) expectType<boolean>(read.value.rules)

// ---------------------------------------------------------------- handleComponents: exhaustive

const report = modalRoute('report', { message: param.snowflake() }, 'Report', [label('Why?', textInput('why', { style: 'paragraph' }))])
const onComponent = handleComponents([vote, report], {
  vote: (hit) => {
    expectType<'yes' | 'no'>(hit.params.choice)
    // A button sends no values; a select its values.
    if (hit.componentType === 2) expectType<readonly []>(hit.values)
    else expectType<readonly string[]>(hit.values)
    return 1
  },
  report: (hit) => {
    expectType<string>(hit.params.message)
    expectType<string>(hit.fields.why)
    // What the ids of its selects and file uploads name, as a user select's handler gets it.
    expectType<Resolved | undefined>(hit.resolved)
    return 2
  },
})
const result = onComponent({})
if (result.ok) expectType<number>(result.value)
// A modal route's submission is typed by its inputs too.
const submitted = readModalFields(report, [])
if (submitted.ok) expectType<string>(submitted.value.why)

// ❌ no handler for route 'report'; add one to the handlers
expectError(handleComponents([vote, report], { vote: () => 1 }))
// ❌ there is no route named 'poll' to handle; add it to the routes
expectError(handleComponents([vote], { vote: () => 1, poll: () => 2 }))
// A misspelt route's handler has typed parameters (`any`, from the map's constraint), so the sentence is its only error: no implicit any (TS7031).
// ❌ there is no route named 'vte' to handle; did you mean 'vote'?
expectError(handleComponents([vote, report], { vte: ({ params }) => params.choice, report: ({ fields }) => fields.why }))
// ...and the handlers beside it keep their types: a typo in one is still caught.
// error: Property 'wy' does not exist
expectError(handleComponents([vote, report], { vte: ({ params }) => params.choice, report: ({ fields }) => fields.wy }))

// ---------------------------------------------------------------- routes declared for one kind of component

// A route declared for one kind (route's third argument): its handler gets what that kind sends,
// with no componentType to test first; undeclared routes keep the union above.
const invite = route('invite', { poll: param.snowflake() }, 'userSelect')
const side = route('side', { poll: param.integer({ min: 0, max: 9 }) }, 'stringSelect')
const next = route('next', {}, 'button')
const where = route('where', {}, 'channelSelect')
invite.userSelect({ poll: '1' }, { maxValues: 3 })
side.stringSelect({ poll: 1 }, [selectOption('Fries', 'fries')])
next.button({}, 'Next')
where.channelSelect({})
// Channel types by name, as option.channel(...).channelTypes(...) takes them, or by value; a name that is none is refused.
where.channelSelect({}, { channelTypes: ['GuildText', ChannelType.PublicThread] })
channelSelect('log', { channelTypes: ['GuildAnnouncement'] })
// error: Type '"GuildTxt"' is not assignable to type 'ChannelTypeInput'. Did you mean '"GuildText"'?
expectError(channelSelect('log', { channelTypes: ['GuildTxt'] }))
handleComponents([invite, side, next, where], {
  invite: (hit) => {
    expectType<5>(hit.componentType)
    expectType<readonly string[]>(hit.values)
    expectType<string>(hit.params.poll)
    return hit.resolved?.users?.[hit.values[0] ?? '']?.username
  },
  side: (hit) => {
    expectType<3>(hit.componentType)
    expectType<readonly string[]>(hit.values)
    expectType<undefined>(hit.resolved)
    return hit.params.poll
  },
  next: (hit) => {
    expectType<2>(hit.componentType)
    expectType<readonly []>(hit.values)
    return 0
  },
  where: (hit) => {
    expectType<8>(hit.componentType)
    return hit.resolved?.channels?.[hit.values[0] ?? '']?.id
  },
})
// A route declared for one kind makes no other.
// ❌ route 'invite' is declared for userSelect; it makes no button
expectError(invite.button({ poll: '1' }, 'Invite'))
// ❌ route 'next' is declared for button; it makes no stringSelect
expectError(next.stringSelect({}, [selectOption('A', 'a')]))
// ❌ route 'side' is declared for stringSelect; it makes no roleSelect
expectError(side.roleSelect({ poll: 1 }))
// Only the kinds of component a route can make.
expectError(route('x', {}, 'textInput'))
// A route declared with its string selects' values: its handler's values are typed by them,
// and its selects offer no other (public API v10, "String Select": values come from the options).
const sides = route('sides', { poll: param.integer({ min: 0, max: 9 }) }, { stringSelect: ['fries', 'salad', 'soup'] })
expectType<StringSelectJSON<'fries' | 'salad'>>(sides.stringSelect({ poll: 1 }, [selectOption('Fries', 'fries'), selectOption('Salad', 'salad')]))
// A value held in a string variable is left to the run time.
declare const someValue: string
sides.stringSelect({ poll: 1 }, [selectOption('Any', someValue)])
handleComponents([sides], {
  sides: (hit) => {
    expectType<3>(hit.componentType)
    expectType<readonly ('fries' | 'salad' | 'soup')[]>(hit.values)
    return hit.params.poll
  },
})
// ❌ route 'sides' declares no select value 'chips'; add it to the route's stringSelect values
expectError(sides.stringSelect({ poll: 1 }, [selectOption('Fries', 'fries'), selectOption('Chips', 'chips')]))
// It is a string-select route: it makes no button.
// ❌ route 'sides' is declared for stringSelect; it makes no button
expectError(sides.button({ poll: 1 }, 'Sides'))
// Only strings are values.
expectError(route('n', {}, { stringSelect: [1, 2] }))
// The same through createHandler (slashkit/http): the route's handler gets its kind's values, with a context.
createHandler({
  publicKey: 'key',
  app: commands(slash('invite', 'Invite people')),
  handlers: { invite: () => 'Who?' },
  routes: [invite, next, sides],
  components: {
    invite: ({ componentType, values }, ctx) => {
      expectType<5>(componentType)
      return `${ctx.user.username} invited ${values.length}`
    },
    sides: ({ values }) => {
      expectType<readonly ('fries' | 'salad' | 'soup')[]>(values)
      return values.join(', ')
    },
    next: ({ values }) => {
      expectType<readonly []>(values)
      return 'next'
    },
  },
})

// ---------------------------------------------------------------- a test's submit of a modal as made
// connect's (and connectGateway's) submit of a route's modal checks the fields against the modal's
// inputs (docs/emulator.md, "Testing a bot"); a submit by custom_id takes any field, as the emulator does.
declare const tester: TestBot
const ticket = modalRoute('ticket', {}, 'Ticket', [label('Subject', textInput('subject')), label('Area', stringSelect('area', [selectOption('Billing', 'billing')]))])
void tester.submit({ user: { id: '1' }, modal: ticket.modal({}), fields: { subject: 'Refund', area: ['billing'] } })
// error: 'subjct' does not exist in type
expectError(tester.submit({ user: { id: '1' }, modal: ticket.modal({}), fields: { subjct: 'Refund' } }))
// error: Type '"nope"' is not assignable to type '"billing"'
expectError(tester.submit({ user: { id: '1' }, modal: ticket.modal({}), fields: { area: ['nope'] } }))
void tester.submit({ user: { id: '1' }, customId: 'ticket:x', fields: { anything: 'goes' } })

// ---------------------------------------------------------------- a test's choice in a select as made
// connect's (and connectGateway's) choose in a string select as made takes the values it offers, as its
// handler reads them (a value it does not offer is the emulator's `select.values`: public API v10, a
// string select's values are among its options); another select's values are ids or names, any string.
const dish = route('dish', {}, { stringSelect: ['fries', 'salad', 'soup'] })
const sideMenu = dish.stringSelect({}, [selectOption('Fries', 'fries'), selectOption('Salad', 'salad')])
void tester.choose({ user: { id: '1' }, component: sideMenu, values: ['fries', 'salad'] })
// error: Type '"soup"' is not assignable to type '"fries" | "salad"'
expectError(tester.choose({ user: { id: '1' }, component: sideMenu, values: ['soup'] }))
// error: Type '"Fries"' is not assignable to type '"fries" | "salad"'
expectError(tester.choose({ user: { id: '1' }, component: stringSelect('pick', [selectOption('Fries', 'fries'), selectOption('Salad', 'salad')]), values: ['Fries'] }))
declare const gatewayTester: GatewayTestBot
// error: Type '"soup"' is not assignable to type '"fries" | "salad"'
expectError(gatewayTester.choose({ user: { id: '1' }, component: sideMenu, values: ['soup'] }))
void tester.choose({ user: { id: '1' }, component: userSelect('who'), values: ['<@1>', '@lee'] })
void tester.choose({ user: { id: '1' }, customId: 'dish', values: ['Soup', 'anything'] })
