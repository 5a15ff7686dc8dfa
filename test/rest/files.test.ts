/**
 * Files with a message (issue 30): the callback, a follow-up and the edits of the
 * original and of a follow-up take `multipart/form-data` (the operator's OpenAPI:
 * `create_interaction_response`, `execute_webhook`, `update_original_webhook_message`,
 * `update_webhook_message`), the message as `payload_json` and each file as
 * `files[n]`. The requests the client builds are read back here with the
 * platform's own `Request.formData()` on a loopback server, and the attachment
 * limits are checked before sending (OpenAPI: `files[0]` to `files[9]`,
 * `attachments.maxItems` 10, `MessageAttachmentRequest.filename` 1 to 1024).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { InteractionCallbackType, MessageFlag, ValidationError } from '../../src/index.js'
import { createClient, type FileInput } from '../../src/rest/index.js'
import { APP } from './helpers.js'

const TOKEN = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OnRva2Vu'
const INTERACTION = '723456789012345678'

/** One request as the server read it: its method, path, content type, and the form parsed by the platform. */
interface Received {
  readonly method: string
  readonly path: string
  readonly contentType: string
  readonly payload: unknown
  readonly files: { readonly field: string; readonly name: string; readonly type: string; readonly bytes: number[] }[]
}

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})

/** A loopback server that reads each request's multipart body with `Request.formData()`; `fail` answers the first n with 502. */
async function receiver(fail = 0): Promise<{ baseUrl: string; received: Received[] }> {
  const received: Received[] = []
  let n = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      if (n++ < fail) {
        res.writeHead(502).end()
        return
      }
      const contentType = req.headers['content-type'] ?? ''
      const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method ?? 'POST', headers: { 'content-type': contentType }, body: Buffer.concat(chunks) })
      const form = await request.formData()
      const files: Received['files'] = []
      const parts: [string, FormDataEntryValue][] = []
      form.forEach((value, field) => void parts.push([field, value]))
      for (const [field, value] of parts)
        if (typeof value !== 'string') files.push({ field, name: value.name, type: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] })
      const payload = form.get('payload_json')
      received.push({ method: req.method ?? '', path: req.url ?? '', contentType, payload: typeof payload === 'string' ? JSON.parse(payload) : payload, files })
      if (req.url?.includes('/callback')) res.writeHead(204).end()
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '823456789012345678', content: '', attachments: [] }))
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`, received }
}

const stream = (bytes: number[]): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes.slice(0, 2)))
      controller.enqueue(new Uint8Array(bytes.slice(2)))
      controller.close()
    },
  })

describe('files with a message (multipart/form-data: payload_json and files[n])', () => {
  it('a follow-up with a Blob, a Uint8Array and a stream: each part named, typed and whole; no Authorization (the client has no token)', async () => {
    const { baseUrl, received } = await receiver()
    const rest = createClient({ applicationId: APP, baseUrl })
    const files: FileInput[] = [
      { name: 'chart.png', data: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) },
      { name: 'notes.txt', data: new TextEncoder().encode('hi'), contentType: 'text/plain' },
      { name: 'raw.bin', data: stream([1, 2, 3, 4, 5]) },
    ]
    await rest.interactions.followUp(TOKEN, { content: 'Here', flags: MessageFlag.Ephemeral, attachments: [{ id: 0, description: 'A chart' }, { id: 1 }, { id: 2 }], files })
    expect(received).toHaveLength(1)
    const r = received[0] as Received
    expect([r.method, r.path]).toEqual(['POST', `/api/v10/webhooks/${APP}/${TOKEN}`])
    expect(r.contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(r.payload).toEqual({ content: 'Here', flags: MessageFlag.Ephemeral, attachments: [{ id: 0, description: 'A chart' }, { id: 1 }, { id: 2 }] })
    expect(r.files).toEqual([
      { field: 'files[0]', name: 'chart.png', type: 'image/png', bytes: [137, 80, 78, 71] },
      { field: 'files[1]', name: 'notes.txt', type: 'text/plain', bytes: [104, 105] },
      { field: 'files[2]', name: 'raw.bin', type: 'application/octet-stream', bytes: [1, 2, 3, 4, 5] },
    ])
  })

  it('the edits of the original and of a follow-up, and a callback with a message; a message of files alone is not empty', async () => {
    const { baseUrl, received } = await receiver()
    const rest = createClient({ applicationId: APP, baseUrl })
    const file = { name: 'a.txt', data: new Uint8Array([97]) }
    await rest.interactions.editOriginal(TOKEN, { files: [file] })
    await rest.interactions.editFollowUp(TOKEN, '823456789012345678', { content: 'v2', attachments: [{ id: '923456789012345678' }, { id: 0 }], files: [file] })
    await rest.interactions.callback(INTERACTION, TOKEN, { type: InteractionCallbackType.ChannelMessageWithSource, data: {} }, { files: [file, { ...file, name: 'b.txt' }] })
    expect(received.map((r) => [r.method, r.path.replace(TOKEN, ':token'), r.payload, r.files.map((f) => `${f.field}=${f.name}`)])).toEqual([
      ['PATCH', `/api/v10/webhooks/${APP}/:token/messages/@original`, {}, ['files[0]=a.txt']],
      ['PATCH', `/api/v10/webhooks/${APP}/:token/messages/823456789012345678`, { content: 'v2', attachments: [{ id: '923456789012345678' }, { id: 0 }] }, ['files[0]=a.txt']],
      ['POST', `/api/v10/interactions/${INTERACTION}/:token/callback`, { type: InteractionCallbackType.ChannelMessageWithSource, data: {} }, ['files[0]=a.txt', 'files[1]=b.txt']],
    ])
  })

  it('a retry after a 502 sends the same parts again (a stream was read once, into a Blob)', async () => {
    const { baseUrl, received } = await receiver(1)
    const rest = createClient({ applicationId: APP, baseUrl, retryBackoff: 1 })
    await rest.interactions.followUp(TOKEN, { content: 'again', files: [{ name: 's.bin', data: stream([9, 8, 7]) }] })
    expect(received).toHaveLength(1)
    expect(received[0]?.files).toEqual([{ field: 'files[0]', name: 's.bin', type: 'application/octet-stream', bytes: [9, 8, 7] }])
  })
})

describe('the attachment limits, checked before sending (OpenAPI)', () => {
  const refusal = async (send: () => Promise<unknown>): Promise<[string, readonly (string | number)[]][]> => {
    const error = await send().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).issues.map((i) => [i.code, i.path])
  }
  const file = (name: string): FileInput => ({ name, data: new Uint8Array([1]) })

  it('count, names, data and media types', async () => {
    const { baseUrl, received } = await receiver()
    const rest = createClient({ applicationId: APP, baseUrl })
    // `files[0]` to `files[9]`: at most 10.
    expect(await refusal(() => rest.interactions.followUp(TOKEN, { content: 'x', files: Array.from({ length: 11 }, (_, i) => file(`${i}.txt`)) }))).toEqual([
      ['response.too_many', ['files']],
    ])
    // `MessageAttachmentRequest.filename`: 1 to 1024 characters; a part's header carries no control character.
    expect(
      await refusal(() =>
        rest.interactions.followUp(TOKEN, {
          content: 'x',
          files: [
            file(''),
            file('x'.repeat(1025)),
            file('a\r\nb.txt'),
            { name: 7, data: new Uint8Array() } as never,
            { name: 'n', data: 42 } as never,
            { ...file('t'), contentType: 'png' },
          ],
        }),
      ),
    ).toEqual([
      ['string.length', ['files', 0, 'name']],
      ['string.length', ['files', 1, 'name']],
      ['value.type', ['files', 2, 'name']],
      ['value.type', ['files', 3, 'name']],
      ['value.type', ['files', 4, 'data']],
      ['value.type', ['files', 5, 'contentType']],
    ])
    expect(received).toEqual([])
  })

  it('attachments match the files by id: each file listed once, each index a file given', async () => {
    const { baseUrl, received } = await receiver()
    const rest = createClient({ applicationId: APP, baseUrl })
    const two = [file('a.txt'), file('b.txt')]
    expect(await refusal(() => rest.interactions.followUp(TOKEN, { attachments: [{ id: 0 }, { id: 0 }, { id: 3 }], files: two }))).toEqual([
      ['array.duplicate', ['attachments', 1, 'id']],
      ['enum.value', ['attachments', 2, 'id']],
      ['field.required', ['attachments']],
    ])
    // The same for a callback, at its data.
    expect(
      await refusal(() =>
        rest.interactions.callback(
          INTERACTION,
          TOKEN,
          { type: InteractionCallbackType.ChannelMessageWithSource, data: { content: 'x', attachments: [{ id: '1' }] } },
          { files: two },
        ),
      ),
    ).toEqual([['field.required', ['data', 'attachments']]])
    // A deferral carries no message, so no files.
    expect(await refusal(() => rest.interactions.callback(INTERACTION, TOKEN, { type: InteractionCallbackType.DeferredChannelMessageWithSource }, { files: two }))).toEqual([
      ['value.type', ['files']],
    ])
    expect(received).toEqual([])
  })
})
