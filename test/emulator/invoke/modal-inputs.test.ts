/**
 * Issue 30's modal inputs in the emulator's `submit`: a radio group (OpenAPI
 * `RadioGroupComponentForModalRequest`, type 21) submits the picked option's
 * `value` or null, a checkbox group (`CheckboxGroupComponentForModalRequest`, 22)
 * its `values`, a checkbox (`CheckboxComponentForModalRequest`, 23) `value` as a
 * boolean; what the library's `readModalFields` reads back, field by field.
 */
import { describe, expect, it } from 'vitest'
import { readModalFields } from '../../../src/index.js'
import type { ModalComponentJSON, ModalSubmitComponent } from '../../../src/internal.js'
import { ALICE, APP, world } from './helpers.js'

const MODAL: { custom_id: string; title: string; components: ModalComponentJSON[] } = {
  custom_id: 'survey',
  title: 'Survey',
  components: [
    {
      type: 18,
      label: 'Rating',
      component: {
        type: 21,
        custom_id: 'rating',
        options: [
          { label: 'Good', value: 'good' },
          { label: 'Bad', value: 'bad' },
        ],
      },
    },
    {
      type: 18,
      label: 'Liked',
      component: {
        type: 22,
        custom_id: 'liked',
        required: false,
        options: [
          { label: 'Speed', value: 'speed' },
          { label: 'Looks', value: 'looks' },
        ],
      },
    },
    { type: 18, label: 'Subscribe', component: { type: 23, custom_id: 'subscribe' } },
  ],
}

async function opened() {
  const w = world((i) => (i.type === 5 ? { type: 4, data: { content: 'thanks' } } : { type: 9, data: MODAL }))
  await w.deploy([{ name: 'survey', description: 'A survey' }])
  const shown = await w.invoke({ command: '/survey' })
  if (shown.outcome !== 'answered') throw new Error(JSON.stringify(shown))
  /** Submits `fields` to the open modal; the app answers with a message, and what it received is `seen`. */
  const submitTo = async (fields: Record<string, string | string[]>) => {
    let seen: { data: { components: unknown[] } } | undefined
    const result = await w.emulator.submit({
      applicationId: APP,
      endpoint: async (request) => {
        seen = JSON.parse(await request.text())
        return Response.json({ type: 4, data: { content: 'thanks' } })
      },
      user: { id: ALICE, username: 'alice' },
      fields,
      interaction: shown.interaction.id,
    })
    return { result, seen }
  }
  const submit = async (fields: Record<string, string | string[]>) => (await submitTo(fields)).result
  return { submit, submitTo }
}

describe('emulator: radio groups, checkbox groups and checkboxes in a modal submit', () => {
  it('delivers the value, the values and the boolean as the client does; readModalFields reads them back', async () => {
    const { submitTo } = await opened()
    const { result, seen } = await submitTo({ rating: 'good', liked: ['speed', 'looks'], subscribe: 'true' })
    expect(result.outcome).toBe('answered')
    // The wire type holds what the client sends (components reference, "Checkbox Interaction Response Structure": a boolean).
    const expected: ModalSubmitComponent[] = [
      { type: 18, id: 1, component: { type: 21, id: 2, custom_id: 'rating', value: 'good' } },
      { type: 18, id: 3, component: { type: 22, id: 4, custom_id: 'liked', values: ['speed', 'looks'] } },
      { type: 18, id: 5, component: { type: 23, id: 6, custom_id: 'subscribe', value: true } },
    ]
    expect(seen?.data.components).toEqual(expected)
    expect(readModalFields(MODAL, seen?.data.components)).toEqual({ ok: true, value: { rating: 'good', liked: ['speed', 'looks'], subscribe: true } })
  })

  it('refuses what the client refuses: no option picked in a required radio group, an option it does not have, a value no checkbox holds', async () => {
    const { submit } = await opened()
    expect(await submit({ liked: [] })).toMatchObject({ outcome: 'refused', code: 'modal.required', path: ['fields', 'rating'] })
    expect(await submit({ rating: 'great' })).toMatchObject({ outcome: 'refused', code: 'select.values', path: ['fields', 'rating'] })
    expect(await submit({ rating: 'bad', liked: ['price'] })).toMatchObject({ outcome: 'refused', code: 'select.values', path: ['fields', 'liked'] })
  })

  it('a checkbox left unticked is false, a group left empty is [] (not required)', async () => {
    const { submitTo } = await opened()
    const { seen } = await submitTo({ rating: 'bad' })
    expect(readModalFields(MODAL, seen?.data.components)).toEqual({ ok: true, value: { rating: 'bad', liked: [], subscribe: false } })
  })
})
