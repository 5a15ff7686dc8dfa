/**
 * An attachment's `url` and `proxy_url` (public API v10, attachment object: "source
 * url of file", "a proxied url of file") are where a bot downloads what a user sent:
 * an ATTACHMENT option's file (spec: option type 11, its object in
 * `data.resolved.attachments`) or a modal's file upload. The emulator's `fetch`
 * answers them with the bytes a step declared (`attachments[].data`) or the app
 * uploaded, as the CDN would, so a bot that reads the file runs offline.
 */
import { describe, expect, it } from 'vitest'
import { commands, option, slash, ValidationError } from '../../../src/index.js'
import { createHandler } from '../../../src/http/index.js'
import { joined } from './helpers.js'

const ALICE = { id: '600000000000000006', username: 'alice' }
const CSV = { id: '800000000000000008', filename: 'sales.csv', data: 'day,sales\nmon,3\n' }
const PNG = { id: '810000000000000081', filename: 'dot.png', data: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]) }

async function bot() {
  const app = commands(slash('count', 'Count the lines of a file').options(option.attachment('file', 'The file').required()))
  const { bot: b, emulator } = await joined(app, ({ publicKey, rest }) =>
    createHandler({
      publicKey,
      app,
      rest,
      handlers: {
        count: async ({ options }, ctx) => {
          // As a bot downloads it: the attachment's url, through the fetch it is given (the emulator's here).
          const res = await emulator.fetch(options.file.url)
          const bytes = new Uint8Array(await res.arrayBuffer())
          await ctx.reply(`${res.status} ${res.headers.get('content-type')} ${bytes.length} bytes, ${new TextDecoder().decode(bytes).split('\n').length - 1} lines`)
          await ctx.followUp({ content: 'A copy', files: [{ name: 'copy.csv', data: bytes }] })
        },
      },
    }),
  )
  return { emulator, b }
}

describe("an attachment's url through the emulator's fetch", () => {
  it("answers a declared file's bytes, with its media type; its size is their length", async () => {
    const { emulator, b } = await bot()
    const r = await b.invoke({ user: ALICE, command: '/count file:sales.csv', attachments: [CSV] })
    expect(r.outcome === 'answered' && r.interaction.data.resolved?.attachments?.[CSV.id]?.size).toBe(16)
    const transcript = r.outcome === 'answered' ? r.transcript() : []
    expect(transcript.map((e) => ('message' in e ? e.message?.content : e.kind))).toEqual(['200 text/csv 16 bytes, 2 lines', 'A copy'])
    const png = await emulator.fetch(`https://media.emulator.invalid/attachments/${PNG.id}/dot.png`)
    expect(png.status).toBe(404)
    await b.invoke({ user: ALICE, command: `/count file:${PNG.id}`, attachments: [PNG] })
    const again = await emulator.fetch(`https://media.emulator.invalid/attachments/${PNG.id}/dot.png`)
    expect([again.status, again.headers.get('content-type'), [...new Uint8Array(await again.arrayBuffer())]]).toEqual([200, 'image/png', [...PNG.data]])
  })

  it("answers a file the app uploaded, by its attachment's url", async () => {
    const { emulator, b } = await bot()
    const r = await b.invoke({ user: ALICE, command: '/count file:sales.csv', attachments: [CSV] })
    const second = r.outcome === 'answered' ? r.transcript()[1] : undefined
    const copy = second !== undefined && 'message' in second ? second.message?.attachments?.[0] : undefined
    const res = await emulator.fetch(copy?.url ?? '')
    expect([res.status, await res.text()]).toEqual([200, CSV.data])
  })

  it('keeps the newest 256 declared files: memory stays bounded however many a test declares', async () => {
    const { emulator, b } = await bot()
    const many = Array.from({ length: 257 }, (_, i) => ({ id: String(900000000000000000n + BigInt(i)), filename: `f${i}.csv`, data: `n\n${i}\n` }))
    await b.invoke({ user: ALICE, command: '/count file:f256.csv', attachments: many })
    const status = async (i: number) => (await emulator.fetch(`https://cdn.emulator.invalid/attachments/${many[i]?.id}/f${i}.csv`)).status
    expect([await status(0), await status(1), await status(256)]).toEqual([404, 200, 200])
  })

  it('a file it does not hold is a 404, as a CDN answers; data that is not bytes is refused at its path', async () => {
    const { emulator, b } = await bot()
    expect((await emulator.fetch('https://cdn.emulator.invalid/attachments/1/2/x.png')).status).toBe(404)
    const r = await b.invoke({ user: ALICE, command: '/count file:sales.csv', attachments: [{ ...CSV, data: 42 as unknown as string }] }).catch((e: unknown) => e)
    expect(r).toBeInstanceOf(ValidationError)
    expect((r as ValidationError).issues).toEqual([
      { code: 'value.type', path: ['attachments', 0, 'data'], message: "attachments[0].data must be the file's bytes, a Uint8Array or a string" },
    ])
  })
})
