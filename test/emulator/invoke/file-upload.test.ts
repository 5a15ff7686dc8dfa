/**
 * A file upload in a modal (component type 19; public API v10, components reference,
 * "File Upload": `min_values` and `max_values` default to 1, `required` to true; its
 * "File Upload Interaction Response Structure": `values` holds the ids of the files,
 * found in `data.resolved.attachments`). The user the emulator plays uploads files the
 * test declares (`attachments`, named by id or filename); the submission is delivered
 * signed to a real `createHandler`, whose modal route reads the ids and the files.
 */
import { describe, expect, it } from 'vitest'
import { InteractionCallbackType, commands, fileUpload, label, modalRoute, slash, textInput } from '../../../src/index.js'
import type { ModalFieldInput } from '../../../src/emulator/index.js'
import { createHandler } from '../../../src/http/index.js'
import { APP, deployed } from './helpers.js'

const ALICE = { id: '600000000000000006', username: 'alice' }
const CHART = { id: '800000000000000008', filename: 'chart.png', size: 531, contentType: 'image/png' }
const NOTES = { id: '810000000000000081', filename: 'notes.txt', size: 8, contentType: 'text/plain' }
const LOG = { id: '820000000000000082', filename: 'app.log', size: 90, contentType: 'text/plain' }

const bug = modalRoute('bug', {}, 'Report a bug', [
  label('What happened', textInput('what', { style: 'paragraph' })),
  label('Screenshots', fileUpload('shots', { maxValues: 2 })),
  label('Logs', fileUpload('logs', { required: false, maxValues: 1 })),
])

async function bot() {
  const app = commands(slash('bug', 'Report a bug'))
  const { emulator, rest, publicKey } = await deployed(app)
  const seen: { fields: unknown; resolved: unknown; components: unknown; hit: unknown }[] = []
  const handler = createHandler({
    publicKey,
    app,
    rest,
    handlers: { bug: () => ({ type: InteractionCallbackType.Modal, data: bug.modal({}) }) },
    routes: [bug],
    components: {
      bug: ({ fields, resolved }, ctx) => {
        const data = (ctx.interaction as { data: { resolved?: unknown; components: unknown } }).data
        // The handler's `resolved` is the submit's: the uploaded files by id.
        seen.push({ fields, resolved: data.resolved, components: data.components, hit: resolved?.attachments?.[fields.shots[0] ?? '']?.filename })
        return `thanks: ${fields.what} (${fields.shots.length} screenshot(s), ${fields.logs.length} log(s))`
      },
    },
  })
  const declared = { applicationId: APP, endpoint: handler, user: ALICE, attachments: [CHART, NOTES, LOG] }
  const open = async () => {
    const shown = await emulator.invoke({ ...declared, place: { guild: { id: '200000000000000002' } }, command: '/bug' })
    expect(shown).toMatchObject({ outcome: 'answered', callback: { type: InteractionCallbackType.Modal } })
  }
  return { emulator, declared, seen, open }
}

describe('a file upload in a modal (MODAL_SUBMIT, type 5; component 19)', () => {
  it('submits the ids of the uploaded files, the files in data.resolved.attachments; the modal route reads them', async () => {
    const b = await bot()
    await b.open()
    const r = await b.emulator.submit({ ...b.declared, fields: { what: 'it crashed', shots: ['chart.png', NOTES.id] } })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'thanks: it crashed (2 screenshot(s), 0 log(s))' } } })
    expect(b.seen).toHaveLength(1)
    expect(b.seen[0]?.fields).toEqual({ what: 'it crashed', shots: [CHART.id, NOTES.id], logs: [] })
    expect(b.seen[0]?.hit).toBe('chart.png')
    expect(b.seen[0]?.components).toMatchObject([
      { type: 18, component: { type: 4, custom_id: 'what', value: 'it crashed' } },
      { type: 18, component: { type: 19, custom_id: 'shots', values: [CHART.id, NOTES.id] } },
      { type: 18, component: { type: 19, custom_id: 'logs', values: [] } },
    ])
    expect(b.seen[0]?.resolved).toMatchObject({
      attachments: {
        [CHART.id]: { id: CHART.id, filename: 'chart.png', size: 531, content_type: 'image/png' },
        [NOTES.id]: { id: NOTES.id, filename: 'notes.txt', size: 8 },
      },
    })
    expect(Object.keys((b.seen[0]?.resolved as { attachments?: object } | undefined)?.attachments ?? {})).toEqual([CHART.id, NOTES.id])
  })

  it('refuses what the client refuses: a required upload with no file, too many, an undeclared file, the same file twice; nothing delivered', async () => {
    const b = await bot()
    await b.open()
    const submit = (fields: Record<string, ModalFieldInput>) => b.emulator.submit({ ...b.declared, fields })
    expect(await submit({ what: 'x' })).toMatchObject({ outcome: 'refused', code: 'modal.required', path: ['fields', 'shots'] })
    expect(await submit({ what: 'x', shots: [] })).toMatchObject({ outcome: 'refused', code: 'modal.required', path: ['fields', 'shots'] })
    // What JSON over /emulator/submit may hold is refused, never a crash: null is no file, a boolean no list.
    expect(await submit({ what: 'x', shots: null })).toMatchObject({ outcome: 'refused', code: 'modal.required', path: ['fields', 'shots'] })
    expect(await submit({ what: 'x', shots: true })).toMatchObject({ outcome: 'refused', code: 'select.values', path: ['fields', 'shots'] })
    // A file as ctx.reply takes one ({ name, data }), a trial's first guess: the refusal says what a file upload's values are.
    expect(await submit({ what: 'x', shots: [{ name: 'a.png', data: 'x' }] as unknown as string[] })).toMatchObject({
      code: 'select.values',
      path: ['fields', 'shots'],
      message: "the values of 'shots' are a list of strings: the ids or filenames of the step's attachments",
    })
    expect(await submit({ what: 'x', shots: ['chart.png', 'notes.txt', 'app.log'] })).toMatchObject({
      outcome: 'refused',
      code: 'select.values',
      path: ['fields', 'shots'],
      message: "'shots' takes 1 to 2 values (was 3)",
    })
    expect(await submit({ what: 'x', shots: ['secret.png'] })).toMatchObject({ outcome: 'refused', code: 'select.values', path: ['fields', 'shots'] })
    expect(await submit({ what: 'x', shots: ['chart.png', CHART.id] })).toMatchObject({ outcome: 'refused', code: 'select.values', message: expect.stringContaining('twice') })
    expect(await submit({ what: 'x', shots: 'chart.png', logs: ['app.log', 'notes.txt'] })).toMatchObject({ code: 'select.values', path: ['fields', 'logs'] })
    expect(b.seen).toEqual([])
    // The modal is still open: a right submission goes through.
    expect(await submit({ what: 'x', shots: 'chart.png', logs: 'app.log' })).toMatchObject({ outcome: 'answered' })
    expect(b.seen[0]?.fields).toEqual({ what: 'x', shots: [CHART.id], logs: [LOG.id] })
  })
})
