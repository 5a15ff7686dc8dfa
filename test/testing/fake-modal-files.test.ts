/**
 * A file upload in a fake modal submit (component type 19; public API v10,
 * components reference, "File Upload Interaction Response Structure": the input's
 * `values` are the ids of the uploaded files, each found in the modal submit's
 * `data.resolved.attachments`; OpenAPI `FileUploadComponentForModalRequest` holds
 * type, id, custom_id, min_values, max_values and required, all of which
 * `FileUploadJSON` has). `fakeModalSubmit` of a modal as made fills
 * `data.resolved.attachments` for the ids given, as the service would.
 */
import { describe, expect, it } from 'vitest'
import { fileUpload, label, modalRoute, textInput } from '../../src/index.js'
import { fakeModalSubmit } from '../../src/testing/index.js'

const bug = modalRoute('bug', {}, 'Report a bug', [
  label('What happened', textInput('what')),
  label('Screenshots', fileUpload('shots', { maxValues: 2 })),
  label('Logs', fileUpload('logs', { required: false })),
])

describe('fakeModalSubmit: a file upload (type 19) names files in data.resolved.attachments', () => {
  it('fills an attachment for each id of each upload, the ids as the values', () => {
    const body = fakeModalSubmit({ modal: bug.modal({}), fields: { what: 'it crashed', shots: ['900000000000000001', '900000000000000002'], logs: ['900000000000000003'] } })
    expect(body.data.components[1]).toEqual({ type: 18, id: 3, component: { type: 19, id: 4, custom_id: 'shots', values: ['900000000000000001', '900000000000000002'] } })
    const files = body.data.resolved?.attachments ?? {}
    expect(Object.keys(files)).toEqual(['900000000000000001', '900000000000000002', '900000000000000003'])
    expect(files['900000000000000002']).toMatchObject({
      id: '900000000000000002',
      filename: expect.any(String),
      size: expect.any(Number),
      url: expect.any(String),
      proxy_url: expect.any(String),
    })
  })

  it('keeps the files a test gives in resolved, and the rest of resolved', () => {
    const chart = { id: '900000000000000001', filename: 'chart.png', size: 531, url: 'https://cdn.example/chart.png', proxy_url: 'https://media.example/chart.png' }
    const body = fakeModalSubmit({
      modal: bug.modal({}),
      fields: { what: 'x', shots: [chart.id, '900000000000000002'] },
      resolved: { attachments: { [chart.id]: chart }, users: {} },
    })
    expect(body.data.resolved?.attachments?.[chart.id]).toBe(chart)
    expect(body.data.resolved?.attachments?.['900000000000000002']?.id).toBe('900000000000000002')
    expect(body.data.resolved?.users).toEqual({})
  })

  it('adds no resolved when no file is uploaded, and takes a hostile id as a key, never as a prototype', () => {
    expect(fakeModalSubmit({ modal: bug.modal({}), fields: { what: 'x', logs: [] } }).data.resolved).toBeUndefined()
    const body = fakeModalSubmit({ modal: bug.modal({}), fields: { what: 'x', shots: ['__proto__'] } })
    const files = body.data.resolved?.attachments as Record<string, unknown>
    expect(Object.getPrototypeOf(files)).toBe(Object.prototype)
    expect(Object.keys(files)).toEqual(['__proto__'])
  })
})
