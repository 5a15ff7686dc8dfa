/**
 * Files over the upload limit, and bodies the service refuses after a deferral: the
 * user is told, not left with "thinking..." until the token runs out.
 *
 * - Public API v10: every interaction carries `attachment_size_limit`, "the maximum
 *   size of an attachment in bytes" where it happened (the operator's OpenAPI lists it
 *   as required), and "Uploading Files": "The file upload size limit applies to each
 *   file in a request", over it the service answers 413 (code 40005). A file whose size
 *   is known without reading it (a `Uint8Array`, an `ArrayBuffer`, a `Blob`) is checked
 *   against the interaction's own limit before anything is sent; a stream's size is not
 *   known, and the service has the last word.
 * - A webhook call the service refuses for its body (400, 413) leaves the webhook
 *   working: the notice goes out. One it refuses as a call (401 after the token's 15
 *   minutes, test/http/holds.test.ts) does not. A callback refused for its body leaves
 *   the interaction unacknowledged: the handler may answer again, or the notice does.
 *
 * Driven through `slashkit/testing`'s `connect` into the emulator (which plays no
 * boosts: its limit is 10 MiB) and, for a limit of the interaction's own, over the
 * gateway into a running emulator.
 */
import { REST } from '@discordjs/rest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { choice, commands, option, slash, ValidationError } from '../../src/index.js'
import { createEmulator, FILE_SIZE_MAX as FILE_SIZE_DEFAULT, startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createGatewayHandler, createHandler, DispatchError, type Context } from '../../src/http/index.js'
import { bodyRefused } from '../../src/http/failures.js'
import { createClient, RestError, type FileInput } from '../../src/rest/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { APP, connected } from './helpers.js'

const USER = { id: '400000000000000004' }
const MODES = ['over', 'exact', 'later', 'stream', 'unknown-attachment'] as const
type Mode = (typeof MODES)[number]
const send = slash('send', 'Send a file').options(
  option
    .string('mode', 'How')
    .required()
    .choices(...MODES.map((m) => choice(m, m))),
)
const app = commands(send)

/** A stream of `size` zero bytes in chunks of 1 MiB: its size is not known before it is read. */
const streamOf = (size: number): ReadableStream<Uint8Array> => {
  let left = size
  return new ReadableStream({
    pull(c) {
      const n = Math.min(left, 1024 * 1024)
      left -= n
      if (n > 0) c.enqueue(new Uint8Array(n))
      else c.close()
    },
  })
}

const issuesOf = (e: unknown) => ((e instanceof DispatchError ? e.cause : e) as ValidationError).issues.map((i) => [i.code, i.path, i.limit])

describe('over HTTP, through connect: the emulator gives the 10 MiB of an application without boosts', () => {
  /** What the handler's own `followUp` rejected with, in mode `later`. */
  const caught: unknown[] = []
  let joined: Awaited<ReturnType<typeof connected>>

  beforeAll(async () => {
    joined = await connected(app, (base) =>
      createHandler({
        ...base,
        app,
        handlers: {
          send: async ({ options }: { options: { mode: Mode } }, ctx: Context) => {
            const limit = FILE_SIZE_DEFAULT
            switch (options.mode) {
              case 'over':
                return ctx.reply({ content: 'big', files: [{ name: 'big.bin', data: new Uint8Array(limit + 1) }] })
              case 'exact':
                return ctx.reply({ content: 'fits', files: [{ name: 'fits.bin', data: new Blob([new Uint8Array(limit)]) }] })
              case 'later': {
                await ctx.reply('here it comes')
                await ctx.followUp({ files: [{ name: 'big.bin', data: new ArrayBuffer(limit + 1) }] }).catch((e: unknown) => void caught.push(e))
                await ctx.followUp({ content: 'a smaller one', files: [{ name: 'small.txt', data: new Uint8Array(3) }] })
                return
              }
              case 'stream':
                return ctx.reply({ content: 'streamed', files: [{ name: 'big.bin', data: streamOf(limit + 1) } as FileInput] })
              case 'unknown-attachment':
                await ctx.reply('now')
                // An attachment the message does not have: the body rules cannot know it; the service refuses it (400, 50035).
                await ctx.editReply({ attachments: [{ id: '123456789012345678' }] })
            }
          },
        },
      }),
    )
  })

  const run = async (mode: Mode) => {
    const { bot, emulator, errors } = joined
    errors.length = 0
    const r = await bot.invoke({ user: USER, command: `/send mode:${mode}` })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.interaction.attachment_size_limit).toBe(FILE_SIZE_DEFAULT)
    return { r, errors, record: () => emulator.interactions.get(r.interaction.id) }
  }

  it('a file one byte over the limit is refused before anything is sent: no deferral spent, the ephemeral notice, one onError at response', async () => {
    const { r, errors, record } = await run('over')
    expect(r.callback).toEqual({ type: 4, data: { content: 'Something went wrong while handling this.', flags: 64 } })
    expect(errors.map((e) => e.step)).toEqual(['response'])
    expect(issuesOf(errors[0])).toEqual([['number.range', ['files', 0, 'data'], FILE_SIZE_DEFAULT]])
    expect(errors[0]?.message).toContain(`files[0].data has ${FILE_SIZE_DEFAULT + 1} bytes, over the interaction's attachment_size_limit (${FILE_SIZE_DEFAULT})`)
    expect(record()?.transcript.map((e) => e.kind)).toEqual(['callback'])
  })

  it('a Blob of exactly the limit goes, and the service keeps it', async () => {
    const { r, errors, record } = await run('exact')
    expect(r.callback).toEqual({ type: 5 })
    expect(errors).toEqual([])
    expect(record()?.original?.attachments.map((a) => [a.filename, a.size])).toEqual([['fits.bin', FILE_SIZE_DEFAULT]])
  })

  it("a follow-up over the limit rejects the handler's call before it is sent; the handler goes on", async () => {
    caught.length = 0
    const { errors, record } = await run('later')
    expect(caught).toHaveLength(1)
    expect(caught[0]).toBeInstanceOf(ValidationError)
    expect(issuesOf(caught[0])).toEqual([['number.range', ['files', 0, 'data'], FILE_SIZE_DEFAULT]])
    expect(record()?.followUps.map((m) => [m.content, m.attachments.map((a) => a.filename)])).toEqual([['a smaller one', ['small.txt']]])
    // The call the handler caught is its own: nothing failed.
    expect(errors).toEqual([])
  })

  it('a stream over the limit (its size unknown): the service answers 413 to the edit, and the notice replaces "thinking..."', async () => {
    const { r, errors, record } = await run('stream')
    expect(r.callback).toEqual({ type: 5 })
    expect(errors.map((e) => e.step)).toEqual(['follow-up'])
    expect(errors[0]?.cause).toBeInstanceOf(RestError)
    expect(errors[0]?.cause).toMatchObject({ status: 413, code: 40005 })
    // Before, the deferral stayed "thinking..." (flags 128, no content) until the token's 15 minutes ran out.
    expect(record()?.original?.content).toBe('Something went wrong while handling this.')
    expect(record()?.deferred).toBe(false)
  })

  it('an edit the service refuses for its body (400, 50035): reported at follow-up, and the user gets the ephemeral notice', async () => {
    const { errors, record } = await run('unknown-attachment')
    expect(errors.map((e) => e.step)).toEqual(['follow-up'])
    expect(errors[0]?.cause).toMatchObject({ status: 400, code: 50035 })
    expect(record()?.original?.content).toBe('now')
    expect(record()?.followUps.map((m) => [m.content, m.flags & 64])).toEqual([['Something went wrong while handling this.', 64]])
  })
})

describe("over the gateway: the limit is the interaction's own (a boost raises it, a small one is kept)", () => {
  let server: RunningEmulator
  beforeAll(async () => {
    server = await startEmulator({ emulator: createEmulator({ rateLimits: { global: false, dailyCreates: false } }) })
  })
  afterAll(async () => {
    await server.close()
  })

  it.each([
    [1024, 1025, 'refused'],
    [1024, 1024, 'sent'],
  ] as const)('attachment_size_limit %i, a file of %i bytes: %s', async (limit, size, outcome) => {
    const errors: DispatchError[] = []
    const onInteraction = createGatewayHandler({
      app,
      rest: createClient({ applicationId: APP, baseUrl: server.url }),
      onError: (e) => void errors.push(e),
      handlers: { send: (_: unknown, ctx: Context) => ctx.reply({ content: 'a file', files: [{ name: 'f.bin', data: new Uint8Array(size) }] }) },
    })
    const o = server.emulator.interactions.open(APP)
    await onInteraction({ ...fakeInteraction(send, { options: { mode: 'over' } }), id: o.id, token: o.token, application_id: APP, attachment_size_limit: limit })
    const record = server.emulator.interactions.get(o.id)
    if (outcome === 'sent') {
      expect(errors).toEqual([])
      expect(record?.original?.attachments.map((a) => a.size)).toEqual([size])
    } else {
      expect(errors.map((e) => e.step)).toEqual(['response'])
      expect(issuesOf(errors[0])).toEqual([['number.range', ['files', 0, 'data'], limit]])
      expect(record?.original).toMatchObject({ content: 'Something went wrong while handling this.', flags: 64, attachments: [] })
    }
  })

  it.each([
    ["slashkit's client", () => createClient({ applicationId: APP, baseUrl: server.url })],
    ['a real @discordjs/rest (a DiscordAPIError)', () => new REST({ api: server.url.replace(/\/v10$/, ''), version: '10', retries: 0 })],
  ] as const)('a callback refused for its file (a stream over the limit, 413) leaves the interaction open: the notice answers it (%s)', async (_, rest) => {
    const errors: DispatchError[] = []
    const onInteraction = createGatewayHandler({
      app,
      rest: rest(),
      onError: (e) => void errors.push(e),
      handlers: { send: (_: unknown, ctx: Context) => ctx.reply({ content: 'a file', files: [{ name: 'f.bin', data: streamOf(FILE_SIZE_DEFAULT + 1) } as FileInput] }) },
    })
    const o = server.emulator.interactions.open(APP)
    await onInteraction({ ...fakeInteraction(send, { options: { mode: 'stream' } }), id: o.id, token: o.token, application_id: APP })
    expect(errors.map((e) => e.step)).toEqual(['callback'])
    expect(errors[0]?.cause).toMatchObject({ status: 413, code: 40005 })
    // Before, nothing answered it: "This interaction failed".
    const record = server.emulator.interactions.get(o.id)
    expect(record?.transcript.map((e) => (e.kind === 'callback' ? [e.kind, e.type, e.via] : [e.kind]))).toEqual([['callback', 4, 'endpoint']])
    expect(record?.original).toMatchObject({ content: 'Something went wrong while handling this.', flags: 64 })
  })

  it('a handler that catches its refused callback answers again, without the file', async () => {
    const errors: DispatchError[] = []
    const onInteraction = createGatewayHandler({
      app,
      rest: createClient({ applicationId: APP, baseUrl: server.url }),
      onError: (e) => void errors.push(e),
      handlers: {
        send: async (_: unknown, ctx: Context) => {
          const refused = await ctx.reply({ files: [{ name: 'f.bin', data: streamOf(FILE_SIZE_DEFAULT + 1) } as FileInput] }).then(
            () => undefined,
            (e: unknown) => e,
          )
          expect([ctx.answered, (refused as RestError).status]).toEqual([false, 413])
          await ctx.reply('The file is too large to send here.')
        },
      },
    })
    const o = server.emulator.interactions.open(APP)
    await onInteraction({ ...fakeInteraction(send, { options: { mode: 'stream' } }), id: o.id, token: o.token, application_id: APP })
    expect(errors).toEqual([])
    expect(server.emulator.interactions.get(o.id)?.original?.content).toBe('The file is too large to send here.')
  })
})

describe('bodyRefused: a call the same call with another body would pass (public API v10, "HTTP Response Codes", "JSON Error Codes")', () => {
  it('is 400 and 413, not 40060 (already acknowledged), 401, 403, 404, 429, 5xx or an error without a status', () => {
    const e = (status: number, code: number) => Object.assign(new Error('x'), { status, code })
    expect([e(400, 50035), e(400, 200000), e(413, 40005), e(400, 50006)].map(bodyRefused)).toEqual([true, true, true, true])
    expect([e(400, 40060), e(401, 50027), e(403, 50001), e(404, 10062), e(429, 0), e(500, 0), new Error('x'), null, 'x'].map(bodyRefused)).toEqual(Array(9).fill(false))
  })
})
