/**
 * Files with a message, as the service takes them (public API v10, the operator's
 * docs "Uploading Files" and "Editing Message Attachments"; the OpenAPI gives a
 * `multipart/form-data` body to `create_interaction_response`, `execute_webhook`,
 * `update_original_webhook_message` and `update_webhook_message`): the message in
 * `payload_json`, each file in `files[n]`. Sent for real: slashkit's client and
 * `@discordjs/rest` over loopback to `startEmulator`, and raw multipart bodies
 * for what no client sends. Every refusal is a status and a public error code,
 * and the emulator answers on.
 */
import { Routes } from 'discord-api-types/v10'
import { REST } from '@discordjs/rest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../src/index.js'
import { FILE_SIZE_MAX, REQUEST_SIZE_MAX, startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, setup, type Answer } from './helpers.js'
import { world } from './invoke/helpers.js'

/** A PNG of 1x1 (the smallest whole one): bytes to read back. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
const TEXT = new TextEncoder().encode('line one\nline two\n')

const hook = (token: string, rest = ''): string => `/webhooks/${APP}/${token}${rest}`
const cb = (id: string, token: string): string => `/interactions/${id}/${token}/callback`

/** One part of a hand-made form: a field, or a file with a filename. */
interface Part {
  readonly name: string
  readonly filename?: string
  readonly type?: string
  readonly data: string | Uint8Array
}

/** A multipart body as the wire has it (RFC 7578), for what no client sends. */
function form(parts: readonly Part[], boundary = 'b0undary', close = true): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder()
  const chunks: Uint8Array[] = []
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`
    chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type === undefined ? '' : `Content-Type: ${p.type}\r\n`}\r\n`))
    chunks.push(typeof p.data === 'string' ? enc.encode(p.data) : p.data, enc.encode('\r\n'))
  }
  if (close) chunks.push(enc.encode(`--${boundary}--\r\n`))
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

const file = (n: number, filename = `f${n}.txt`, data: string | Uint8Array = `file ${n}`): Part => ({ name: `files[${n}]`, filename, type: 'text/plain', data })
const payload = (body: unknown): Part => ({ name: 'payload_json', type: 'application/json', data: JSON.stringify(body) })

/** An emulator on a fixed clock, an interaction answered with a deferral, and a way to send raw forms to its webhook. */
async function deferred() {
  const s = setup()
  const { id, token } = s.emulator.interactions.open(APP)
  s.emulator.interactions.respond(id, { type: 5 })
  const send = async (method: string, path: string, body: Uint8Array<ArrayBuffer>, type = 'multipart/form-data; boundary=b0undary'): Promise<Answer> => {
    const res = await s.emulator.fetch(`${s.emulator.baseUrl}${path}`, { method, headers: { 'content-type': type }, body })
    const text = await res.text()
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers }
  }
  return { s, id, token, send }
}

const issues = (a: Answer): [string, (string | number)[]][] => (a.body.issues ?? []).map((i: { code: string; path: (string | number)[] }) => [i.code, i.path])

describe('emulator on loopback: files sent by real clients, read back', () => {
  let server: RunningEmulator
  beforeAll(async () => {
    server = await startEmulator({ port: 0 })
  })
  afterAll(async () => {
    await server.close()
  })

  it('a follow-up with two files (slashkit client): names, sizes, content types and bytes in the transcript and file()', async () => {
    const { id, token } = server.emulator.interactions.open(APP)
    server.emulator.interactions.respond(id, { type: 4, data: { content: 'first' } })
    const rest = createClient({ applicationId: APP, baseUrl: server.url })
    const sent = await rest.interactions.followUp(token, {
      content: 'This week',
      attachments: [
        { id: 0, description: 'Messages per day' },
        { id: 1, description: 'The raw numbers' },
      ],
      files: [
        { name: 'chart.png', data: PNG, contentType: 'image/png' },
        { name: 'numbers.txt', data: new Blob([TEXT], { type: 'text/plain' }) },
      ],
    })
    const entry = server.emulator.interactions.get(id)?.transcript.at(-1)
    expect(entry?.kind).toBe('followup')
    const attachments = entry?.kind === 'followup' ? entry.message.attachments : []
    expect(attachments.map((a) => [a.filename, a.size, a.content_type, a.description])).toEqual([
      ['chart.png', PNG.length, 'image/png', 'Messages per day'],
      ['numbers.txt', TEXT.length, 'text/plain', 'The raw numbers'],
    ])
    // What the client got back is the message as kept.
    expect(sent.attachments.map((a) => a.id)).toEqual(attachments.map((a) => a.id))
    expect(attachments[0]?.url).toMatch(/^https:\/\/cdn\.emulator\.invalid\/attachments\/\d+\/\d+\/chart\.png$/)
    expect(server.emulator.interactions.file(attachments[0]?.id as string)?.bytes).toEqual(PNG)
    expect(server.emulator.interactions.file(attachments[1]?.id as string)).toMatchObject({ filename: 'numbers.txt', size: TEXT.length, contentType: 'text/plain', bytes: TEXT })
    // A bot in its own process reads the bytes over HTTP.
    const over = await fetch(`${server.url.replace('/api/v10', '')}/emulator/files/${attachments[0]?.id}`)
    expect([over.status, over.headers.get('content-type')]).toEqual([200, 'application/octet-stream'])
    expect(new Uint8Array(await over.arrayBuffer())).toEqual(PNG)
  })

  it('a file without contentType goes with the type its name stands for; a given contentType, then a Blob type, win (slashkit client)', async () => {
    const { id, token } = server.emulator.interactions.open(APP)
    server.emulator.interactions.respond(id, { type: 4, data: { content: 'first' } })
    const rest = createClient({ applicationId: APP, baseUrl: server.url })
    const names = [
      'log.txt',
      'data.json',
      'rows.csv',
      'chart.png',
      'PHOTO.JPG',
      'photo.jpeg',
      'a.gif',
      'a.webp',
      'clip.mp4',
      'song.mp3',
      'voice.ogg',
      'beep.wav',
      'doc.pdf',
      'all.zip',
    ]
    // At most 10 files a message ("Uploading Files"): two follow-ups.
    for (const part of [names.slice(0, 7), names.slice(7)]) await rest.interactions.followUp(token, { content: 'inferred', files: part.map((name) => ({ name, data: TEXT })) })
    await rest.interactions.followUp(token, {
      content: 'given or unknown',
      files: [
        { name: 'notes.txt', data: TEXT, contentType: 'text/markdown' },
        { name: 'page.txt', data: new Blob([TEXT], { type: 'text/html' }) },
        { name: 'README', data: TEXT },
        { name: 'blob.bin', data: TEXT },
        { name: 'x.constructor', data: TEXT },
        { name: 'x.__proto__', data: TEXT },
        { name: 'log.txt', data: TEXT, contentType: undefined },
      ],
    })
    const types = (n: number) => (server.emulator.interactions.get(id)?.followUps[n]?.attachments ?? []).map((a) => [a.filename, a.content_type])
    expect([...types(0), ...types(1)]).toEqual([
      ['log.txt', 'text/plain'],
      ['data.json', 'application/json'],
      ['rows.csv', 'text/csv'],
      ['chart.png', 'image/png'],
      ['PHOTO.JPG', 'image/jpeg'],
      ['photo.jpeg', 'image/jpeg'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['clip.mp4', 'video/mp4'],
      ['song.mp3', 'audio/mpeg'],
      ['voice.ogg', 'audio/ogg'],
      ['beep.wav', 'audio/wav'],
      ['doc.pdf', 'application/pdf'],
      ['all.zip', 'application/zip'],
    ])
    expect(types(2)).toEqual([
      ['notes.txt', 'text/markdown'],
      ['page.txt', 'text/html'],
      ['README', 'application/octet-stream'],
      ['blob.bin', 'application/octet-stream'],
      ['x.constructor', 'application/octet-stream'],
      ['x.__proto__', 'application/octet-stream'],
      ['log.txt', 'text/plain'],
    ])
    // The kept file has the type too (what `file()` and the dev page show).
    const first = server.emulator.interactions.get(id)?.followUps[0]?.attachments[0]
    expect(server.emulator.interactions.file(first?.id as string)?.contentType).toBe('text/plain')
  })

  it('the callback with a file through a real @discordjs/rest client (its files[n] before payload_json)', async () => {
    const { id, token } = server.emulator.interactions.open(APP)
    const rest = new REST({ api: `http://127.0.0.1:${server.port}/api` })
    await rest.post(Routes.interactionCallback(id, token), {
      auth: false,
      body: { type: 4, data: { content: 'Your chart', attachments: [{ id: 0, description: 'chart' }] } },
      files: [{ name: 'chart.png', data: PNG }],
    })
    const record = server.emulator.interactions.get(id)
    expect(record?.transcript.map((e) => [e.kind, e.kind === 'callback' ? e.via : ''])).toEqual([['callback', 'endpoint']])
    // @discordjs/rest names the media type from the bytes (magic numbers) when none is given.
    expect(record?.original?.attachments.map((a) => [a.filename, a.size, a.content_type, a.description])).toEqual([['chart.png', PNG.length, 'image/png', 'chart']])
    expect(server.emulator.interactions.file(record?.original?.attachments[0]?.id as string)?.bytes).toEqual(PNG)
  })

  it('a request over 25 MiB is 413 (code 40005) while it streams in, and the server answers on', async () => {
    const big = new Uint8Array(REQUEST_SIZE_MAX + 1)
    const res = await fetch(`${server.url}/webhooks/${APP}/some-token`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b0undary' }, body: big })
    expect([res.status, (await res.json()).code]).toEqual([413, 40005])
    expect((await fetch(`${server.url}/webhooks/${APP}/some-token/messages/@original`)).status).toBe(401)
  })
})

describe('emulator: what the service does with files ("Uploading Files")', () => {
  it('without attachments, a new message keeps every file in index order, named by its part', async () => {
    const { s, id, token, send } = await deferred()
    const a = await send('POST', hook(token), form([payload({ content: 'two' }), file(1, 'b.txt'), file(0, 'a.txt')]))
    expect(a.status).toBe(200)
    expect(a.body.attachments.map((x: { filename: string }) => x.filename)).toEqual(['a.txt', 'b.txt'])
    // The first follow-up after a deferral takes the place of "thinking...".
    expect(s.emulator.interactions.get(id)?.original?.attachments).toHaveLength(2)
  })

  it('a message of files alone is not empty (code 50006 is for a message with nothing)', async () => {
    const { token, send } = await deferred()
    expect((await send('POST', hook(token), form([file(0)]))).status).toBe(200)
    const none = await send('POST', hook(token), form([payload({})]))
    expect([none.status, none.body.code]).toEqual([400, 50006])
  })

  it('without payload_json the text fields are the message ("Uploading Files": content, tts as form fields)', async () => {
    const { token, send } = await deferred()
    const a = await send('POST', hook(token), form([{ name: 'content', data: '123' }, { name: 'tts', data: 'true' }, file(0)]))
    expect(a.status).toBe(200)
    expect([a.body.content, a.body.tts, a.body.attachments.length]).toEqual(['123', true, 1])
  })

  it('edits: without attachments new files are added; with it, the message keeps what it lists ("Editing Message Attachments")', async () => {
    const { s, id, token, send } = await deferred()
    await send('PATCH', hook(token, '/messages/@original'), form([payload({ content: 'v1' }), file(0, 'one.txt')]))
    const one = s.emulator.interactions.get(id)?.original?.attachments[0]
    const added = await send('PATCH', hook(token, '/messages/@original'), form([payload({ content: 'v2' }), file(0, 'two.txt')]))
    expect(added.body.attachments.map((x: { filename: string }) => x.filename)).toEqual(['one.txt', 'two.txt'])
    const two = added.body.attachments[1]
    // Keep the second with a new description, drop the first, add a third.
    const kept = await send('PATCH', hook(token, '/messages/@original'), form([payload({ attachments: [{ id: two.id, description: 'kept' }, { id: 0 }] }), file(0, 'three.txt')]))
    expect(kept.body.attachments.map((x: { filename: string; description?: string }) => [x.filename, x.description])).toEqual([
      ['two.txt', 'kept'],
      ['three.txt', undefined],
    ])
    // The first one's bytes went with it; JSON edits follow the same rule.
    expect(s.emulator.interactions.file(one?.id as string)).toBeUndefined()
    const cleared = await s.emulator.fetch(`${s.emulator.baseUrl}${hook(token, '/messages/@original')}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ attachments: [] }),
    })
    expect(((await cleared.json()) as { attachments: unknown[] }).attachments).toEqual([])
  })

  it("an embed that shows a file of the message comes back with the attachment's addresses (OpenAPI MessageEmbedImageResponse: url, proxy_url)", async () => {
    const { token, send } = await deferred()
    const png: Part = { name: 'files[0]', filename: 'chart.png', type: 'image/png', data: 'not really a png' }
    const shown = {
      title: 'Votes',
      image: { url: 'attachment://chart.png' },
      thumbnail: { url: 'attachment://chart.png' },
      author: { name: 'bot', icon_url: 'attachment://chart.png' },
      footer: { text: 'today', icon_url: 'attachment://chart.png' },
    }
    const sent = await send('POST', hook(token), form([payload({ embeds: [shown] }), png]))
    expect([sent.status, sent.body.message]).toEqual([200, undefined])
    const { url, proxy_url } = sent.body.attachments[0]
    expect(url).toMatch(/^https:\/\/.+\/chart\.png$/)
    expect(sent.body.embeds[0]).toEqual({
      type: 'rich',
      title: 'Votes',
      image: { url, proxy_url, content_type: 'image/png' },
      thumbnail: { url, proxy_url, content_type: 'image/png' },
      author: { name: 'bot', icon_url: url, proxy_icon_url: proxy_url },
      footer: { text: 'today', icon_url: url, proxy_icon_url: proxy_url },
    })
    // An edit's embed names a file the message keeps: the same addresses; a received embed sent back is taken as it is.
    const edited = await send('PATCH', hook(token, `/messages/${sent.body.id}`), form([payload({ embeds: [{ image: { url: 'attachment://chart.png' } }, sent.body.embeds[0]] })]))
    expect([edited.status, edited.body]).toEqual([200, expect.anything()])
    expect(edited.body.embeds.map((e: { image: { url: string } }) => e.image.url)).toEqual([url, url])
  })

  it("a layout component that shows a file of the message comes back with the attachment's addresses and id (OpenAPI UnfurledMediaResponse, FileComponentResponse)", async () => {
    const { token, send } = await deferred()
    const png: Part = { name: 'files[0]', filename: 'chart.png', type: 'image/png', data: 'not really a png' }
    const pdf: Part = { name: 'files[1]', filename: 'report.pdf', type: 'application/pdf', data: 'not really a pdf' }
    const external = 'https://example.com/cat.png'
    const layout = {
      flags: 32768,
      components: [
        {
          type: 17,
          components: [
            { type: 9, components: [{ type: 10, content: '# Weekly' }], accessory: { type: 11, media: { url: 'attachment://chart.png' } } },
            { type: 12, items: [{ media: { url: 'attachment://chart.png' }, description: 'Votes' }, { media: { url: external } }] },
            { type: 13, file: { url: 'attachment://report.pdf' } },
            { type: 13, file: { url: 'attachment://missing.pdf' } },
          ],
        },
      ],
    }
    const sent = await send('POST', hook(token), form([payload(layout), png, pdf]))
    expect(sent.status).toBe(200)
    const [chart, report] = sent.body.attachments as { id: string; url: string; proxy_url: string; size: number }[]
    const media = (a: { id: string; url: string; proxy_url: string }, type: string) => ({ url: a.url, proxy_url: a.proxy_url, content_type: type, attachment_id: a.id })
    const [section, gallery, file, missing] = sent.body.components[0].components
    expect(section.accessory.media).toEqual(media(chart as never, 'image/png'))
    expect(gallery.items).toEqual([{ media: media(chart as never, 'image/png'), description: 'Votes' }, { media: { url: external } }])
    // A FILE takes attachment:// references only (public API v10, the File component): it keeps its own, so that it can be sent back.
    expect(file).toMatchObject({ type: 13, file: { ...media(report as never, 'application/pdf'), url: 'attachment://report.pdf' }, name: 'report.pdf', size: report?.size })
    // A name the message has no file of stays as sent.
    expect(missing.file).toEqual({ url: 'attachment://missing.pdf' })
    // An edit that names the kept file again: the same addresses.
    // The layout sent back as it came (a FILE's received fields and all), the files kept: taken, linked the same.
    const back = { flags: 32768, components: sent.body.components, attachments: [{ id: chart?.id }, { id: report?.id }] }
    const edited = await send('PATCH', hook(token, `/messages/${sent.body.id}`), new TextEncoder().encode(JSON.stringify(back)), 'application/json')
    expect([edited.status, edited.body.message]).toEqual([200, undefined])
    expect(edited.body.components[0].components[2].file.attachment_id).toBe(report?.id)
    expect(edited.body.components[0].components[1].items[0].media.url).toBe(chart?.url)
  })

  it('an UPDATE_MESSAGE callback with files edits the component message the same way', async () => {
    const s = setup()
    const made = s.emulator.interactions.open(APP)
    s.emulator.interactions.respond(made.id, { type: 4, data: { content: 'pick', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] }] } })
    const messageId = s.emulator.interactions.get(made.id)?.original?.id as string
    const click = s.emulator.interactions.open(APP, { type: 3, message: { id: messageId } })
    const res = await s.emulator.fetch(`${s.emulator.baseUrl}${cb(click.id, click.token)}`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
      body: form([payload({ type: 7, data: { content: 'done' } }), file(0, 'result.txt')]),
    })
    expect(res.status).toBe(204)
    expect(s.emulator.interactions.get(made.id)?.original?.attachments.map((a) => a.filename)).toEqual(['result.txt'])
  })

  it('a file named __proto__ is a file like any other, and nothing is polluted', async () => {
    const { token, send } = await deferred()
    const a = await send('POST', hook(token), form([payload({ content: 'x' }), file(0, '__proto__', 'bytes')]))
    expect(a.status).toBe(200)
    expect(a.body.attachments[0].filename).toBe('__proto__')
    expect(({} as Record<string, unknown>).size).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('filename')
  })
})

describe('emulator: file refusals, each a status and a public code', () => {
  it(`11 files: 400, code 30015 (at most ${limits.MESSAGE_FILES_MAX}: "Maximum number of attachments in a message reached")`, async () => {
    const { s, id, token, send } = await deferred()
    const eleven = Array.from({ length: 11 }, (_, n) => file(n))
    const a = await send('POST', hook(token), form([payload({ content: 'x' }), ...eleven]))
    expect([a.status, a.body.code]).toEqual([400, 30015])
    // Ten are fine; an edit that would make eleven is refused the same way.
    const ten = await send('POST', hook(token), form([payload({ content: 'x' }), ...eleven.slice(0, 10)]))
    expect(ten.status).toBe(200)
    const more = await send('PATCH', hook(token, `/messages/${ten.body.id}`), form([file(0)]))
    expect([more.status, more.body.code]).toEqual([400, 30015])
    expect(s.emulator.interactions.get(id)?.followUps.at(-1)?.attachments ?? s.emulator.interactions.get(id)?.original?.attachments).toHaveLength(10)
  })

  it('a part no attachments entry names, an entry that names no part, a part named twice: 400, code 50035, at their paths', async () => {
    const { token, send } = await deferred()
    const unnamed = await send('POST', hook(token), form([payload({ content: 'x', attachments: [{ id: 0 }] }), file(0), file(1)]))
    expect([unnamed.status, unnamed.body.code]).toEqual([400, 50035])
    expect(issues(unnamed)).toEqual([['field.required', ['attachments']]])
    const ghost = await send('POST', hook(token), form([payload({ content: 'x', attachments: [{ id: 0 }, { id: 5 }] }), file(0)]))
    expect(issues(ghost)).toEqual([['enum.value', ['attachments', 1, 'id']]])
    // A JSON message may not name a file it did not upload either.
    const json = await send('POST', hook(token), new TextEncoder().encode(JSON.stringify({ content: 'x', attachments: [{ id: 0 }] })), 'application/json')
    expect(issues(json)).toEqual([['enum.value', ['attachments', 0, 'id']]])
    const twice = await send('POST', hook(token), form([payload({ content: 'x' }), file(0), file(0)]))
    expect(issues(twice)).toEqual([['array.duplicate', ['files[0]']]])
    const dup = await send('POST', hook(token), form([payload({ content: 'x', attachments: [{ id: 0 }, { id: '0' }] }), file(0)]))
    expect(issues(dup)).toEqual([['array.duplicate', ['attachments', 1, 'id']]])
  })

  it('in a callback the paths are under data; files with a deferral are refused', async () => {
    const s = setup()
    const { id, token } = s.emulator.interactions.open(APP)
    const post = async (body: Uint8Array<ArrayBuffer>): Promise<Answer> => {
      const res = await s.emulator.fetch(`${s.emulator.baseUrl}${cb(id, token)}`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b0undary' }, body })
      return { status: res.status, body: await res.json(), headers: res.headers }
    }
    expect(issues(await post(form([payload({ type: 4, data: { content: 'x', attachments: [] } }), file(0)])))).toEqual([['field.required', ['data', 'attachments']]])
    expect(issues(await post(form([payload({ type: 5 }), file(0)])))).toEqual([['field.not_allowed', ['files']]])
    expect(s.emulator.interactions.get(id)?.acknowledged).toBe(false)
  })

  it(`a file over ${FILE_SIZE_MAX} bytes (10 MiB, no boosts) is 413, code 40005; one of exactly 10 MiB is kept`, async () => {
    const { token, send } = await deferred()
    const over = await send('POST', hook(token), form([file(0, 'big.bin', new Uint8Array(FILE_SIZE_MAX + 1))]))
    expect([over.status, over.body.code]).toEqual([413, 40005])
    expect(over.body.message).toContain('files[0]')
    const exact = await send('POST', hook(token), form([file(0, 'max.bin', new Uint8Array(FILE_SIZE_MAX))]))
    expect([exact.status, exact.body.attachments[0].size]).toEqual([200, FILE_SIZE_MAX])
  })

  it('garbage, a boundary that never ends, no boundary, bad payload_json: 400 with 50035 or 50109, never a crash', async () => {
    const { s, token, send } = await deferred()
    const codes = async (body: Uint8Array<ArrayBuffer>, type?: string): Promise<[number, number]> => {
      const a = await send('POST', hook(token), body, type)
      return [a.status, a.body.code]
    }
    const enc = new TextEncoder()
    expect(await codes(enc.encode('not a form at all'))).toEqual([400, 50035])
    expect(await codes(crypto.getRandomValues(new Uint8Array(4096)))).toEqual([400, 50035])
    // The closing delimiter never comes: the last part runs to the end of the body.
    const open = await send('POST', hook(token), form([payload({ content: 'x' }), file(0)], 'b0undary', false))
    expect([open.status, open.body.code]).toEqual([400, 50035])
    expect(open.body.issues[0].message).toMatch(/never ends/)
    expect(await codes(form([file(0)]), 'multipart/form-data')).toEqual([400, 50035])
    expect(await codes(form([file(0)], 'x'.repeat(71)), `multipart/form-data; boundary=${'x'.repeat(71)}`)).toEqual([400, 50035])
    expect(await codes(enc.encode('--b0undary\r\n\r\nno headers\r\n--b0undary--'))).toEqual([400, 50035])
    expect(await codes(form([{ name: 'payload_json', data: '{"content":' }, file(0)]))).toEqual([400, 50109])
    // A header section that never ends within its bound.
    expect(await codes(enc.encode(`--b0undary\r\nContent-Disposition: form-data; name="a"${' '.repeat(20_000)}`))).toEqual([400, 50035])
    // And the emulator answers on.
    expect((await send('POST', hook(token), form([payload({ content: 'still here' })]))).status).toBe(200)
    expect(s.emulator.requests.at(-1)?.status).toBe(200)
  })

  it('hostile names: path separators, dot names, control characters in a file name, a part named __proto__, a file part not named files[n]', async () => {
    const { token, send } = await deferred()
    const one = async (part: Part, body: unknown = { content: 'x' }): Promise<[number, number, [string, (string | number)[]][]]> => {
      const a = await send('POST', hook(token), form([payload(body), part]))
      return [a.status, a.body.code, issues(a)]
    }
    expect(await one(file(0, '../../etc/passwd'))).toEqual([400, 50035, [['value.type', ['files', 0, 'filename']]]])
    expect(await one(file(0, 'C:\\Windows\\win.ini'))).toEqual([400, 50035, [['value.type', ['files', 0, 'filename']]]])
    expect(await one(file(0, '..'))).toEqual([400, 50035, [['value.type', ['files', 0, 'filename']]]])
    expect(await one(file(0, 'bell\u0007.txt'))).toEqual([400, 50035, [['value.type', ['files', 0, 'filename']]]])
    expect(await one(file(0, 'x'.repeat(limits.ATTACHMENT_FILENAME_MAX + 1)))).toEqual([400, 50035, [['string.length', ['files', 0, 'filename']]]])
    // The name an attachments entry gives is the one kept: checked the same.
    expect(await one(file(0), { content: 'x', attachments: [{ id: 0, filename: 'a/b.txt' }] })).toEqual([400, 50035, [['value.type', ['attachments', 0, 'filename']]]])
    expect(await one({ name: 'file', filename: 'f.txt', data: 'x' })).toEqual([400, 50035, [['field.unknown', ['file']]]])
    expect(await one({ name: 'files[0]', data: 'not a file' })).toEqual([400, 50035, [['value.type', ['files[0]']]]])
    expect(await one({ name: 'content', data: 'beside payload_json' })).toEqual([400, 50035, [['field.not_allowed', ['content']]]])
    // Without payload_json a field named __proto__ is a field of the message, which the body rules refuse.
    const proto = await send(
      'POST',
      hook(token),
      form([
        { name: '__proto__', data: '{"content":"x"}' },
        { name: 'content', data: 'x' },
      ]),
    )
    expect([proto.status, proto.body.code, issues(proto)]).toEqual([400, 50035, [['field.unknown', ['__proto__']]]])
    expect(Object.prototype).not.toHaveProperty('content')
  })
})

describe('emulator: a callback with files in the HTTP answer itself (multipart/form-data, as disgo sends it)', () => {
  /** An app endpoint whose HTTP answer is a form: payload_json (the callback) and files[0]. */
  const formAnswer =
    (callback: unknown, filename = 'chart.png') =>
    async (): Promise<Response> => {
      const f = new FormData()
      f.append('payload_json', JSON.stringify(callback))
      f.append('files[0]', new Blob([PNG], { type: 'image/png' }), filename)
      return new Response(f)
    }
  const chat = { name: 'chart', description: 'A chart' }
  const message = { type: 3, name: 'Chart this' }

  it('is taken as the callback endpoint takes it (disgo PR 122; reports of it working: discord-api-docs issues 5250, 5925)', async () => {
    const w = world()
    await w.deploy([chat])
    const r = await w.invoke({ command: '/chart', endpoint: formAnswer({ type: 4, data: { content: 'here', attachments: [{ id: 0, description: 'chart' }] } }) })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    const record = w.emulator.interactions.get(r.interaction.id)
    expect(record?.transcript.map((e) => [e.kind, e.kind === 'callback' ? e.via : ''])).toEqual([['callback', 'response']])
    expect(record?.original?.attachments.map((a) => [a.filename, a.size, a.content_type, a.description])).toEqual([['chart.png', PNG.length, 'image/png', 'chart']])
    expect(w.emulator.interactions.file(record?.original?.attachments[0]?.id as string)?.bytes).toEqual(PNG)
  })

  it('checked like the callback endpoint: a refused form is endpoint.callback with the public code and issues', async () => {
    const w = world()
    await w.deploy([chat])
    const r = await w.invoke({ command: '/chart', endpoint: formAnswer({ type: 4, data: { content: 'x' } }, '../chart.png') })
    expect(r).toMatchObject({ outcome: 'failed', code: 'endpoint.callback', refusal: { code: 50035, issues: [{ code: 'value.type', path: ['files', 0, 'filename'] }] } })
  })

  it('to a MESSAGE command it fails, as reported of the service (discord-api-docs issue 5933, open): answer in JSON there', async () => {
    const w = world()
    await w.deploy([message])
    const target = '800000000000000008'
    const r = await w.invoke({
      command: { command: 'Chart this', target },
      messages: [{ id: target, content: 'numbers', authorId: '300000000000000003' }],
      endpoint: formAnswer({ type: 4, data: { content: 'x' } }),
    })
    expect(r).toMatchObject({ outcome: 'failed', code: 'endpoint.callback' })
    expect((r as unknown as { message: string }).message).toContain('5933')
  })
})
