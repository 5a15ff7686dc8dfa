/**
 * Files through the context (issue 30, "Files"): `reply`, `update`, `followUp`,
 * `editReply` and `editFollowUp` take `files` beside the message, typed as
 * `slashkit/rest` types them, on every path. Over HTTP the first answer is the HTTP
 * response, JSON only in the operator's docs ("Inline HTTP Response Behavior": a
 * `type` and `data`), so a message with files there is a deferral and then its edit
 * with the files (multipart, "Uploading Files"); over the gateway the callback
 * endpoint takes them ("This endpoint also supports file attachments"). Driven
 * through `slashkit/testing`'s `connect` into the emulator, and over the gateway
 * through slashkit's client and a real `@discordjs/rest` on loopback; the emulator
 * reads every multipart body back.
 */
import { REST } from '@discordjs/rest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionRow, choice, commands, limits, option, route, slash, ValidationError } from '../../src/index.js'
import { createEmulator, startEmulator, type Emulator, type RunningEmulator, type TranscriptEntry } from '../../src/emulator/index.js'
import { createGatewayHandler, createHandler, DispatchError, type Context } from '../../src/http/index.js'
import { createClient, type FileInput } from '../../src/rest/index.js'
import { fakeInteraction, type TestBot } from '../../src/testing/index.js'
import { APP, connected } from './helpers.js'

const USER = { id: '400000000000000004' }
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
const chart: FileInput = { name: 'chart.png', data: PNG, contentType: 'image/png' }
const log = (text: string): FileInput => ({ name: 'log.txt', data: new Blob([text], { type: 'text/plain' }) })

const report = slash('report', 'The weekly report').options(
  option.string('mode', 'How').choices(...(['plain', 'ephemeral', 'slow', 'many', 'bad'] as const).map((m) => choice(m, m))),
)
const app = commands(report, slash('board', 'A board with a button'))
const snap = route('snap', {})

/** Each transcript entry as [kind, the callback type or '', the attachments' names]. */
const shape = (t: readonly TranscriptEntry[]): [string, number | string, string[]][] =>
  t.map((e) => [e.kind, e.kind === 'callback' ? e.type : '', 'message' in e && e.message !== undefined ? e.message.attachments.map((a) => a.filename) : []])

const bytesOf = (emulator: Emulator, message: { attachments: { id: string }[] } | undefined, n = 0): Uint8Array | undefined =>
  emulator.interactions.file(message?.attachments[n]?.id ?? '')?.bytes

type Mode = 'plain' | 'ephemeral' | 'slow' | 'many' | 'bad'

describe('files over HTTP, through connect (the first answer is JSON: a deferral, then the edit with the files)', () => {
  const emulator = createEmulator()
  let errors: DispatchError[] = []
  let bot: TestBot

  beforeAll(async () => {
    const made = await connected(
      app,
      (base) =>
        createHandler({
          ...base,
          app,
          deferAfter: 30,
          handlers: {
            report: async ({ options }: { options: { mode?: Mode | undefined } }, ctx: Context) => {
              const mode = options.mode ?? 'plain'
              if (mode === 'slow') while (!ctx.deferred) await new Promise((r) => setTimeout(r, 5))
              if (mode === 'many') return ctx.reply({ content: 'too many', files: Array.from({ length: limits.MESSAGE_FILES_MAX + 1 }, (_, n) => log(`${n}`)) })
              if (mode === 'bad') return ctx.reply({ content: 'bad name', files: [{ name: 'a\nb.txt', data: PNG }] })
              await ctx.reply({ content: 'Your chart', attachments: [{ id: 0, description: 'Messages per day' }], files: [chart] }, { ephemeral: mode === 'ephemeral' })
              const more = await ctx.followUp({ content: 'The logs', files: [log('one'), log('two')] })
              await ctx.editFollowUp(more.id, { content: 'The log', attachments: [{ id: more.attachments[0]?.id as string }] })
              await ctx.editReply({ files: [log('appended')] })
            },
            board: (_, ctx) => ctx.reply({ content: 'board', components: [actionRow(snap.button({}, 'Snapshot'))] }),
          },
          routes: [snap],
          components: { snap: (_, ctx) => ctx.update({ content: 'snapshot taken', files: [chart] }) },
        }),
      emulator,
    )
    ;({ bot, errors } = made)
  })

  it('ctx.reply with a file: deferred in the HTTP answer, the file in the edit; follow-ups and edits carry theirs', async () => {
    const r = await bot.invoke({ user: USER, command: '/report' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.callback).toEqual({ type: 5 })
    expect(shape(r.transcript())).toEqual([
      ['callback', 5, []],
      ['original.edit', '', ['chart.png']],
      ['followup', '', ['log.txt', 'log.txt']],
      ['followup.edit', '', ['log.txt']],
      ['original.edit', '', ['chart.png', 'log.txt']],
    ])
    const record = emulator.interactions.get(r.interaction.id)
    expect(record?.original?.attachments.map((a) => [a.filename, a.size, a.content_type, a.description])).toEqual([
      ['chart.png', PNG.length, 'image/png', 'Messages per day'],
      ['log.txt', 'appended'.length, 'text/plain', undefined],
    ])
    expect(bytesOf(emulator, record?.original)).toEqual(PNG)
    expect(new TextDecoder().decode(bytesOf(emulator, record?.followUps[0]))).toBe('one')
    expect(errors).toEqual([])
  })

  it('ephemeral stays ephemeral: the deferral is, and so is the message with its file', async () => {
    const r = await bot.invoke({ user: USER, command: '/report mode:ephemeral' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(r.callback).toEqual({ type: 5, data: { flags: 64 } })
    const original = emulator.interactions.get(r.interaction.id)?.original
    expect([original?.flags, original?.attachments[0]?.ephemeral]).toEqual([64, true])
  })

  it('after the automatic deferral, ctx.reply with a file is the edit with the file', async () => {
    const r = await bot.invoke({ user: USER, command: '/report mode:slow' })
    if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
    expect(shape(r.transcript()).slice(0, 2)).toEqual([
      ['callback', 5, []],
      ['original.edit', '', ['chart.png']],
    ])
  })

  it('ctx.update with a file on a button press: a deferred update, then the edit of the message with the file', async () => {
    const shown = await bot.invoke({ user: USER, command: '/board' })
    if (shown.outcome !== 'answered') throw new Error(JSON.stringify(shown))
    const pressed = await bot.press({ user: USER, component: snap.button({}, 'Snapshot') })
    if (pressed.outcome !== 'answered') throw new Error(JSON.stringify(pressed))
    expect(pressed.callback).toEqual({ type: 6 })
    const board = emulator.interactions.get(shown.interaction.id)?.original
    expect([board?.content, board?.attachments.map((a) => a.filename)]).toEqual(['snapshot taken', ['chart.png']])
  })

  it('files the service would refuse are refused before anything is sent: one onError at the step response, and the user told', async () => {
    for (const [mode, code, path] of [
      ['many', 'response.too_many', ['files']],
      ['bad', 'value.type', ['files', 0, 'name']],
    ] as const) {
      errors.length = 0
      const r = await bot.invoke({ user: USER, command: `/report mode:${mode}` })
      if (r.outcome !== 'answered') throw new Error(JSON.stringify(r))
      // No deferral went out in vain: the first answer is the ephemeral notice.
      expect(r.callback).toMatchObject({ type: 4, data: { flags: 64 } })
      expect(errors.map((e) => e.step)).toEqual(['response'])
      const cause = errors[0]?.cause
      expect(cause).toBeInstanceOf(ValidationError)
      expect((cause as ValidationError).issues.map((i) => [i.code, i.path])).toContainEqual([code, path])
    }
  })
})

describe('files over the gateway: one callback with the files', () => {
  let server: RunningEmulator
  beforeAll(async () => {
    server = await startEmulator({ emulator: createEmulator({ rateLimits: { global: false, dailyCreates: false } }) })
  })
  afterAll(async () => {
    await server.close()
  })

  const interaction = () => {
    const o = server.emulator.interactions.open(APP)
    return { raw: { ...fakeInteraction(report, {}), id: o.id, token: o.token, application_id: APP }, id: o.id }
  }
  const handlers = {
    report: async (_: unknown, ctx: Context) => {
      await ctx.reply({ content: 'Your chart', files: [chart] })
      // No contentType and bytes @discordjs/rest cannot name: the name's extension gives the type.
      await ctx.followUp({ content: 'and the log', files: [log('gateway'), { name: 'data.json', data: new TextEncoder().encode('{}') }] })
    },
    board: () => 'board',
  }

  it.each([
    ["slashkit's client", () => createClient({ applicationId: APP, baseUrl: server.url })],
    [
      'a real @discordjs/rest (the adapter maps files to its { name, key, data, contentType })',
      () => new REST({ api: server.url.replace(/\/v10$/, ''), version: '10', retries: 0 }),
    ],
  ] as const)('through %s', async (_, rest) => {
    const errors: unknown[] = []
    const onInteraction = createGatewayHandler({ app, handlers, rest: rest(), onError: (e) => void errors.push(e) })
    const { raw, id } = interaction()
    await onInteraction(raw)
    expect(errors).toEqual([])
    const record = server.emulator.interactions.get(id)
    expect(record?.transcript.map((e) => [e.kind, e.kind === 'callback' ? [e.type, e.via] : ''])).toEqual([
      ['callback', [4, 'endpoint']],
      ['followup', ''],
    ])
    expect(record?.original?.attachments.map((a) => [a.filename, a.size, a.content_type])).toEqual([['chart.png', PNG.length, 'image/png']])
    expect(server.emulator.interactions.file(record?.original?.attachments[0]?.id as string)?.bytes).toEqual(PNG)
    expect(record?.followUps[0]?.attachments.map((a) => [a.filename, a.content_type])).toEqual([
      ['log.txt', 'text/plain'],
      ['data.json', 'application/json'],
    ])
    expect(new TextDecoder().decode(server.emulator.interactions.file(record?.followUps[0]?.attachments[0]?.id as string)?.bytes)).toBe('gateway')
  })
})
