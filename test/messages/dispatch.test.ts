/**
 * Component and modal interactions to handlers (src/parse/components.ts):
 * `matchCustomId` finds a custom_id's route by a lookup and reads its values;
 * `readModalFields` reads a MODAL_SUBMIT's fields against the inputs the modal was
 * made with (public API v10 modal submit data: a text input's `value`, a select's
 * or a checkbox group's `values`, a radio group's `value` or null, a checkbox's
 * boolean `value`); `handleComponents` runs the one handler of the route. A forged
 * value, a stale or unknown custom_id: a result that says so, never a handler run.
 */
import { describe, expect, it } from 'vitest'
import {
  checkbox,
  checkboxGroup,
  fileUpload,
  handleComponents,
  InteractionType,
  label,
  matchCustomId,
  modalRoute,
  param,
  radioGroup,
  readModalFields,
  route,
  selectOption,
  stringSelect,
  textInput,
  userSelect,
} from '../../src/index.js'
import { codes } from './helpers.js'

const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no') })
const page = route('page', { n: param.integer({ min: 1, max: 20 }) })
const form = modalRoute('form', { message: param.snowflake() }, 'Report', [
  label('Why?', textInput('why', { maxLength: 10 })),
  label('Kind', stringSelect('kind', [selectOption('Spam', 'spam'), selectOption('Abuse', 'abuse')], { maxValues: 2 })),
  label('Who', userSelect('who', { required: false })),
  label('Proof', fileUpload('proof', { required: false })),
  label(
    'Severity',
    radioGroup('severity', [
      ['Low', 'low'],
      ['High', 'high'],
    ]),
  ),
  label(
    'Tags',
    checkboxGroup(
      'tags',
      [
        ['A', 'a'],
        ['B', 'b'],
      ],
      { required: false },
    ),
  ),
  label('Sure', checkbox('sure')),
])

const component = (custom_id: string, extra: Record<string, unknown> = {}) => ({ type: InteractionType.MessageComponent, data: { custom_id, component_type: 2, ...extra } })
const submit = (custom_id: string, components: unknown[]) => ({ type: InteractionType.ModalSubmit, data: { custom_id, components } })
const field = (custom_id: string, type: number, x: Record<string, unknown>) => ({ type: 18, component: { type, custom_id, ...x } })
const FIELDS = [
  field('why', 4, { value: 'spam' }),
  field('kind', 3, { values: ['spam'] }),
  field('who', 5, { values: ['41771983423143937'] }),
  field('proof', 19, { values: [] }),
  field('severity', 21, { value: 'high' }),
  field('tags', 22, { values: ['a', 'b'] }),
  field('sure', 23, { value: true }),
]

describe('matchCustomId: a lookup by name, then the route reads its values', () => {
  const routes = [vote, page, form]
  it('finds the route and its values; says unknown, stale or malformed otherwise', () => {
    const id = vote.id({ poll: '1180218955160375406', choice: 'yes' })
    expect(matchCustomId(routes, id)).toEqual({ ok: true, route: vote, values: { poll: '1180218955160375406', choice: 'yes' } })
    expect(matchCustomId(routes, 'nobody:abc')).toEqual({ ok: false, reason: 'unknown' })
    expect(matchCustomId(routes, 'no separator')).toEqual({ ok: false, reason: 'unknown' })
    expect(matchCustomId(routes, ':x')).toEqual({ ok: false, reason: 'unknown' })
    expect(matchCustomId(routes, 42)).toEqual({ ok: false, reason: 'unknown' })
    expect(matchCustomId(routes, 'vote:yes')).toEqual({ ok: false, reason: 'stale', route: vote })
    expect(matchCustomId(routes, `${id}zz`)).toEqual({ ok: false, reason: 'malformed', route: vote })
  })

  it('two routes of one name are refused (their custom_ids could not be told apart)', () => {
    expect(() => matchCustomId([vote, route('vote')], 'vote:x')).toThrow(/two routes are named "vote"/)
  })
})

describe('readModalFields: the submission, against the inputs the modal was made with', () => {
  it('reads each kind of input', () => {
    expect(readModalFields(form, FIELDS)).toEqual({
      ok: true,
      value: { why: 'spam', kind: ['spam'], who: ['41771983423143937'], proof: [], severity: 'high', tags: ['a', 'b'], sure: true },
    })
  })

  it('a radio group without a pick: null when optional, refused when required (public API v10, "Radio Group": required by default)', () => {
    const choices: [string, string][] = [
      ['Glad', 'glad'],
      ['Sad', 'sad'],
    ]
    const optional = modalRoute('mood', {}, 'Mood', [label('Mood', radioGroup('mood', choices, { required: false }))])
    const required = modalRoute('mood', {}, 'Mood', [label('Mood', radioGroup('mood', choices))])
    const none = [field('mood', 21, { value: null })]
    expect(readModalFields(optional, none)).toEqual({ ok: true, value: { mood: null } })
    const r = readModalFields(required, none)
    expect(codes(r)).toEqual([['modal.value', ['data', 'components']]])
    expect(r.issues?.[0]?.message).toMatch(/must be one of its options \(was null\)$/)
    expect(readModalFields(required, [field('mood', 21, { value: 'sad' })])).toEqual({ ok: true, value: { mood: 'sad' } })
  })

  it('an optional input left out is its empty value; a required one is modal.missing', () => {
    const without = FIELDS.filter((f) => !['who', 'tags', 'why'].includes(f.component.custom_id))
    const r = readModalFields(form, without)
    expect(codes(r)).toEqual([['modal.missing', ['data', 'components']]])
    expect(r.issues?.[0]?.name).toBe('why')
    const optional = readModalFields(
      form,
      FIELDS.filter((f) => !['who', 'tags'].includes(f.component.custom_id)),
    )
    expect(optional.ok && optional.value.who).toEqual([])
    expect(optional.ok && optional.value.tags).toEqual([])
  })

  it.each([
    ['a value outside the options', field('kind', 3, { values: ['ham'] })],
    ['more values than max_values', field('kind', 3, { values: ['spam', 'abuse', 'spam'] })],
    ['a text longer than max_length', field('why', 4, { value: 'x'.repeat(11) })],
    ['a radio value outside its options', field('severity', 21, { value: 'extreme' })],
    // Public API v10, "Radio Group": `required` defaults to true; the client sends no submission without a pick.
    ['no pick (null) from a required radio group', field('severity', 21, { value: null })],
    ['a checkbox that is not a boolean', field('sure', 23, { value: 'yes' })],
    ['an id that is not a snowflake', field('who', 5, { values: ['me'] })],
    ['a list that is not a list', field('tags', 22, { values: 'a' })],
  ])('a forged submission is refused: %s', (_, forged) => {
    const id = forged.component.custom_id
    const r = readModalFields(
      form,
      FIELDS.map((f) => (f.component.custom_id === id ? forged : f)),
    )
    expect(codes(r)).toEqual([['modal.value', ['data', 'components']]])
    expect(r.issues?.[0]?.name).toBe(id)
  })
})

describe('handleComponents: one handler per route', () => {
  const onComponent = handleComponents([vote, page, form], {
    vote: (hit) => `voted ${hit.params.choice} on ${hit.params.poll} (${hit.componentType})`,
    page: (hit) => hit.params.n + hit.values.length,
    form: (hit) => `${hit.params.message}: ${hit.fields.why}, ${hit.fields.kind.join('+')}, ${hit.fields.sure}`,
  })

  it('runs the route handler with its typed values', () => {
    expect(onComponent(component(vote.id({ poll: '1', choice: 'no' })))).toEqual({ ok: true, route: 'vote', value: 'voted no on 1 (2)' })
    expect(onComponent(component(page.id({ n: 3 }), { component_type: 3, values: ['a', 'b'] }))).toEqual({ ok: true, route: 'page', value: 5 })
    expect(onComponent(submit(form.id({ message: '7' }), FIELDS))).toEqual({ ok: true, route: 'form', value: '7: spam, spam, true' })
  })

  it('says why nothing ran: unknown, stale, malformed, the wrong kind of interaction, fields that do not fit', () => {
    expect(onComponent(component('help'))).toMatchObject({ ok: false, reason: 'unknown', customId: 'help' })
    expect(onComponent(component('vote:old'))).toMatchObject({ ok: false, reason: 'stale', route: 'vote' })
    expect(onComponent(component(`${page.id({ n: 1 })}!`))).toMatchObject({ ok: false, reason: 'malformed', route: 'page' })
    expect(onComponent(submit(vote.id({ poll: '1', choice: 'no' }), []))).toMatchObject({ ok: false, reason: 'kind', route: 'vote' })
    expect(onComponent(component(form.id({ message: '7' })))).toMatchObject({ ok: false, reason: 'kind', route: 'form' })
    const bad = onComponent(submit(form.id({ message: '7' }), [field('why', 4, { value: 42 })]))
    expect(bad).toMatchObject({ ok: false, reason: 'fields', route: 'form' })
    expect(bad.ok ? [] : bad.issues?.map((i) => i.code)).toContain('modal.value')
  })

  it('garbage interactions are unknown, never a throw', () => {
    for (const junk of [null, 1, 'x', [], {}, { data: null }, { data: { custom_id: 5 } }, { type: 3, data: { custom_id: 'vote:' } }]) expect(onComponent(junk).ok).toBe(false)
  })
})
