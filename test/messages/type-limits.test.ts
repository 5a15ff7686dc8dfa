/**
 * The types and the rules agree at every edge of the limits they both hold: each
 * literal count, length and text of the message factories is compiled at its limit
 * and one past it (TypeScript 5.9's API, in memory, against dist/'s declarations),
 * and the same call is made and its message checked at run time
 * (`validateInteractionResponse`). At the limit both accept; one past it the types
 * refuse with the sentence and the rules with the issue (its code: `number.range`,
 * `component.bounds`, `string.length`; its path: the field). The limits are read from
 * `messageLimits` (each from the OpenAPI schema it names, src/rules/message-limits.ts),
 * so a limit changed in the rules and not in the types (src/builders/messages/types.ts:
 * `Bounds`, `Limits`) fails here.
 */
import { describe, expect, it } from 'vitest'
import { callErrors } from '../support/probe.js'
import * as lib from '../../dist/index.js'

const L = lib.messageLimits

/** How a component or a body reaches `validateInteractionResponse`. */
type Wrap = 'row' | 'modalRow' | 'input' | 'layout' | 'section' | 'body' | 'embed' | 'poll' | 'modal'

interface Case {
  /** The call, as written in the probe and evaluated at run time. */
  readonly expr: string
  readonly wrap: Wrap
  /** The refusal's sentence when the types must refuse it; `undefined` when both accept it. */
  readonly sentence?: string
  /** What the rules raise for it then: the issue's code, and its path below the component or body (`PREFIX`). */
  readonly issue?: { readonly code: string; readonly at: readonly (string | number)[] }
}

/** Where each wrap puts the call's value in the response, as an issue's path gives it. */
const PREFIX: Record<Wrap, readonly (string | number)[]> = {
  row: ['data', 'components', 0, 'components', 0],
  modalRow: ['data', 'components', 0, 'components', 0],
  input: ['data', 'components', 0, 'component'],
  modal: ['data', 'components', 0],
  layout: ['data', 'components', 0],
  section: ['data', 'components', 0, 'accessory'],
  body: ['data'],
  embed: ['data', 'embeds', 0],
  poll: ['data', 'poll'],
}

const x = (n: number): string => `'${'x'.repeat(n)}'`

/** A count or a length (its wire `field`): its least and most accepted, and one past each (`number.range`). */
function bound(name: string, field: string, call: (n: number) => string, wrap: Wrap, min: number, max: number): Case[] {
  const refused = (n: number): Case => ({
    expr: call(n),
    wrap,
    sentence: `${name} is a whole number from ${min} to ${max}; this one is ${n}`,
    issue: { code: 'number.range', at: [field] },
  })
  return [{ expr: call(min), wrap }, { expr: call(max), wrap }, refused(min - 1), refused(max + 1)]
}

/** A text (at `at` below its component or body): its longest accepted (ASCII), and one character more (`string.length`). */
function text(name: string, at: readonly (string | number)[], call: (s: string) => string, wrap: Wrap, max: number): Case[] {
  return [
    { expr: call(x(max)), wrap },
    { expr: call(x(max + 1)), wrap, sentence: `${name} has at most ${max} characters; this one has ${max + 1}`, issue: { code: 'string.length', at } },
  ]
}

const CASES: Case[] = [
  // Counts and lengths (OpenAPI: selects' min_values 0-25 and max_values 1-25; FileUpload and CheckboxGroup 0-10, 1-10; TextInput 0-4000, 1-4000).
  ...bound("a select's minValues", 'min_values', (n) => `userSelect('u', { minValues: ${n}, maxValues: ${L.SELECT_VALUES_MAX} })`, 'row', 0, L.SELECT_VALUES_MAX),
  ...bound("a select's maxValues", 'max_values', (n) => `roleSelect('r', { maxValues: ${n} })`, 'row', 1, L.SELECT_VALUES_MAX),
  ...bound("a file upload's minValues", 'min_values', (n) => `fileUpload('f', { minValues: ${n}, maxValues: ${L.MODAL_VALUES_MAX} })`, 'input', 0, L.MODAL_VALUES_MAX),
  ...bound("a file upload's maxValues", 'max_values', (n) => `fileUpload('f', { maxValues: ${n} })`, 'input', 1, L.MODAL_VALUES_MAX),
  ...bound(
    "a checkbox group's minValues",
    'min_values',
    (n) => `checkboxGroup('g', [${Array.from({ length: L.MODAL_VALUES_MAX }, (_, i) => `['O${i}', 'o${i}']`).join(', ')}], { minValues: ${n}, maxValues: ${L.MODAL_VALUES_MAX} })`,
    'input',
    0,
    L.MODAL_VALUES_MAX,
  ),
  ...bound("a checkbox group's maxValues", 'max_values', (n) => `checkboxGroup('g', [['A', 'a']], { maxValues: ${n} })`, 'input', 1, L.MODAL_VALUES_MAX),
  ...bound("a text input's minLength", 'min_length', (n) => `textInput('t', { minLength: ${n}, maxLength: ${L.TEXT_INPUT_LENGTH_MAX} })`, 'input', 0, L.TEXT_INPUT_LENGTH_MAX),
  ...bound("a text input's maxLength", 'max_length', (n) => `textInput('t', { maxLength: ${n} })`, 'input', 1, L.TEXT_INPUT_LENGTH_MAX),
  // The minimum above the maximum, and a string select's minimum above its options.
  { expr: `userSelect('u', { minValues: 3, maxValues: 3 })`, wrap: 'row' },
  {
    expr: `userSelect('u', { minValues: 3, maxValues: 2 })`,
    wrap: 'row',
    sentence: "a select's minValues (3) is above its maxValues (2); the minimum must not exceed the maximum",
    issue: { code: 'component.bounds', at: ['min_values'] },
  },
  {
    expr: `textInput('t', { minLength: 100, maxLength: 99 })`,
    wrap: 'input',
    sentence: "a text input's minLength (100) is above its maxLength (99); the minimum must not exceed the maximum",
    issue: { code: 'component.bounds', at: ['min_length'] },
  },
  { expr: `stringSelect('s', [selectOption('A', 'a'), selectOption('B', 'b')], { minValues: 2 })`, wrap: 'row' },
  {
    expr: `stringSelect('s', [selectOption('A', 'a'), selectOption('B', 'b')], { minValues: 3 })`,
    wrap: 'row',
    sentence: "a select's minValues (3) is above the 2 options it offers",
    issue: { code: 'component.bounds', at: ['min_values'] },
  },
  // Texts (OpenAPI maxLength of each).
  ...text('a button label', ['label'], (s) => `button('b', ${s})`, 'row', L.BUTTON_LABEL_MAX),
  ...text('a select placeholder', ['placeholder'], (s) => `channelSelect('c', { placeholder: ${s} })`, 'row', L.SELECT_PLACEHOLDER_MAX),
  ...text('a select option label', ['options', 0, 'label'], (s) => `stringSelect('s', [selectOption(${s}, 'a')])`, 'row', L.SELECT_OPTION_TEXT_MAX),
  ...text('a select option value', ['options', 0, 'value'], (s) => `stringSelect('s', [selectOption('A', ${s})])`, 'row', L.SELECT_OPTION_TEXT_MAX),
  ...text(
    'a select option description',
    ['options', 0, 'description'],
    (s) => `stringSelect('s', [selectOption('A', 'a', { description: ${s} })])`,
    'row',
    L.SELECT_OPTION_TEXT_MAX,
  ),
  ...text('a text input label', ['label'], (s) => `textInput('t', { label: ${s} })`, 'modalRow', L.TEXT_INPUT_LABEL_MAX),
  ...text('a text input placeholder', ['placeholder'], (s) => `textInput('t', { placeholder: ${s} })`, 'input', L.TEXT_INPUT_PLACEHOLDER_MAX),
  ...text('a text input value', ['value'], (s) => `textInput('t', { value: ${s} })`, 'input', L.TEXT_INPUT_LENGTH_MAX),
  ...text('a label', ['label'], (s) => `label(${s}, textInput('t'))`, 'modal', L.LABEL_MAX),
  ...text('a label description', ['description'], (s) => `label('L', textInput('t'), { description: ${s} })`, 'modal', L.LABEL_DESCRIPTION_MAX),
  ...text('a modal title', ['title'], (s) => `modal('m', ${s}, label('L', textInput('t')))`, 'body', L.MODAL_TITLE_MAX),
  ...text('a text display', ['content'], (s) => `textDisplay(${s})`, 'layout', L.TEXT_DISPLAY_MAX),
  ...text('a thumbnail description', ['description'], (s) => `thumbnail('https://example.com/a.png', { description: ${s} })`, 'section', L.MEDIA_DESCRIPTION_MAX),
  ...text('message content', ['content'], (s) => `messageBody({ content: ${s} })`, 'body', L.CONTENT_MAX),
  ...text('an embed title', ['title'], (s) => `embed({ title: ${s} })`, 'embed', L.EMBED_TITLE_MAX),
  ...text('an embed description', ['description'], (s) => `embed({ description: ${s} })`, 'embed', L.EMBED_DESCRIPTION_MAX),
  ...text('an embed footer', ['footer', 'text'], (s) => `embed({ footer: ${s} })`, 'embed', L.EMBED_FOOTER_MAX),
  ...text('an embed author name', ['author', 'name'], (s) => `embed({ author: ${s} })`, 'embed', L.EMBED_AUTHOR_MAX),
  ...text('a poll question', ['question', 'text'], (s) => `poll(${s}, ['Yes', 'No'])`, 'poll', L.POLL_TEXT_MAX),
]

/** The names the calls use, imported in the probe and passed to them at run time. */
const NAMES = [
  'button',
  'channelSelect',
  'checkboxGroup',
  'embed',
  'fileUpload',
  'label',
  'messageBody',
  'modal',
  'poll',
  'roleSelect',
  'selectOption',
  'stringSelect',
  'textDisplay',
  'textInput',
  'thumbnail',
  'userSelect',
] as const

/** Compiles the calls, one a line, and gives each line's errors (first lines, as an editor shows them). */
const compile = (cases: readonly Case[]): string[][] =>
  callErrors(
    'type-limits-probe.ts',
    NAMES,
    cases.map((c) => c.expr),
  )

/** The call made at run time, wrapped as the service takes it, and checked. */
function runtime(c: Case): readonly { code: string; path: readonly (string | number)[] }[] {
  const made = new Function(...NAMES, `return ${c.expr}`)(...NAMES.map((n) => lib[n])) as never
  const { actionRow, label, layout, messageBody, modal, section, textDisplay } = lib
  const response = (() => {
    switch (c.wrap) {
      case 'row':
        return { type: 4, data: messageBody({ components: [actionRow(made)] }) }
      case 'modalRow':
        return { type: 9, data: modal('m', 'Form', actionRow(made)) }
      case 'input':
        return { type: 9, data: modal('m', 'Form', label('Input', made)) }
      case 'modal':
        return { type: 9, data: modal('m', 'Form', made) }
      case 'layout':
        return { type: 4, data: layout([made]) }
      case 'section':
        return { type: 4, data: layout([section([textDisplay('Text')], made)]) }
      case 'embed':
        return { type: 4, data: messageBody({ embeds: [made] }) }
      case 'poll':
        return { type: 4, data: messageBody({ poll: made }) }
      case 'body':
        return (made as { title?: unknown }).title === undefined ? { type: 4, data: made } : { type: 9, data: made }
    }
  })()
  return lib.validateInteractionResponse(response).issues ?? []
}

describe('the types and the rules agree at each limit of the message factories', () => {
  const errors = compile(CASES)

  it.each(CASES.map((c, i) => [c.sentence === undefined ? 'accepts' : 'refuses', c.expr.length > 90 ? `${c.expr.slice(0, 90)}...` : c.expr, i] as const))('%s %s', (_, __, i) => {
    const c = CASES[i] as Case
    const issues = runtime(c)
    if (c.sentence === undefined) {
      expect(errors[i], 'the types').toEqual([])
      expect(issues, 'the rules').toEqual([])
    } else {
      expect(errors[i], 'the types').toHaveLength(1)
      expect(errors[i]?.[0], 'the first line').toContain(c.sentence)
      expect(issues[0], 'the rules').toMatchObject({ code: c.issue?.code, path: [...PREFIX[c.wrap], ...(c.issue?.at ?? [])] })
    }
  })

  it('the probe sees a count the types do not check (the check can fail)', () => {
    // A count typed as `number` is the run time's alone.
    const [open] = compile([{ expr: `userSelect('u', { maxValues: 26 as number })`, wrap: 'row' }])
    expect(open).toEqual([])
    expect(runtime({ expr: `userSelect('u', { maxValues: 26 })`, wrap: 'row' }).map((i) => i.code)).toEqual(['number.range'])
  })
})
