/**
 * A field the input of `invoke`, `press`, `choose`, `submit` or `picker` has no place
 * for is a mistake in the test: `plcae` ran the command in a DM, and a declared
 * attachment's `content_type` (the wire's spelling of `contentType`) left the file
 * with no media type, each silently. Both are now a `ValidationError` at the field's
 * path (`field.unknown`) that lists the fields of that object, and nothing is
 * delivered (DESIGN.md: bad input gets a clear error with a path, never silent
 * acceptance). A declared attachment without `contentType` has the media type its
 * name's extension stands for, as the client sends for a file it uploads (public API
 * v10 attachment object, `content_type`).
 */
import { describe, expect, it } from 'vitest'
import { actionRow, commands, label, modal, option, reply, route, slash, textInput, ValidationError } from '../../../src/index.js'
import { createHandler } from '../../../src/http/index.js'
import { APP, deployed } from './helpers.js'

const show = route('show', {})
const app = commands(slash('post', 'Post an image').options(option.attachment('image', 'The image').required()), slash('form', 'A form'))

async function bot() {
  const { emulator, rest, publicKey } = await deployed(app)
  const received: { type: number; data: any; guild_id?: string }[] = []
  const endpoint = createHandler({
    publicKey,
    app,
    rest,
    routes: [show],
    handlers: {
      post: ({ options: { image } }, ctx) => {
        received.push(ctx.interaction as never)
        return reply({ content: `${image.filename} ${image.content_type}`, components: [actionRow(show.button({}, 'Show'))] })
      },
      form: (_, ctx) => ctx.showModal(modal('f', 'F', label('Text', textInput('text')))),
    },
    components: { show: () => reply('shown') },
    onError: (error) => {
      throw error
    },
  })
  return { emulator, endpoint, received, at: { applicationId: APP, endpoint, user: { id: '600000000000000006' } } }
}

const rejection = (p: Promise<unknown> | (() => unknown)) =>
  (typeof p === 'function' ? Promise.resolve().then(p) : p).then(
    () => undefined,
    (e: unknown) => e,
  )

describe('the fields of a step', () => {
  it('invoke: a misspelt field at any depth is refused with its path, and nothing is delivered', async () => {
    const { emulator, received, at } = await bot()
    const error = await rejection(
      emulator.invoke({
        ...at,
        command: '/post image:a.png',
        plcae: { guild: { id: '200000000000000002' } },
        user: { id: '600000000000000006', permission: ['Administrator'] },
        attachments: [{ id: '800000000000000008', filename: 'a.png', content_type: 'image/png' }],
      } as never),
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues.map((i) => [i.code, i.path])).toEqual([
      ['field.unknown', ['user', 'permission']],
      ['field.unknown', ['plcae']],
      ['field.unknown', ['attachments', 0, 'content_type']],
    ])
    const [user, top, file] = (error as ValidationError).issues.map((i) => i.message)
    expect(top).toMatch(/^plcae is not a field of a step's input \(its fields: users, roles, channels, attachments, messages, applicationId, endpoint, user, place, locale, /)
    expect(user).toBe('user.permission is not a field of user (its fields: id, username, globalName, roles, permissions, administrator, adult, nick, member, installed)')
    expect(file).toBe('attachments.0.content_type is not a field of attachments.0 (its fields: id, filename, size, contentType, data)')
    expect(received).toEqual([])
  })

  it('the nested objects of a place and of a structured command are checked too', async () => {
    const { emulator, at } = await bot()
    const error = await rejection(
      emulator.invoke({
        ...at,
        command: { command: 'post', option: { image: 'a.png' } },
        place: { guild: { id: '200000000000000002', instaled: false }, channel: { id: '300000000000000003', parent: '1' } },
      } as never),
    )
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([
      ['command', 'option'],
      ['place', 'guild', 'instaled'],
      ['place', 'channel', 'parent'],
    ])
    expect(() => emulator.picker({ ...at, locales: 'fr' } as never)).toThrow(/locales is not a field of a step's input/)
  })

  it('press, choose and submit: the same; a field of another step is taken, so that one `at` serves them all', async () => {
    const { emulator, at } = await bot()
    const posted = await emulator.invoke({ ...at, command: '/post image:a.png', attachments: [{ id: '800000000000000008', filename: 'a.png' }] })
    expect(posted.outcome).toBe('answered')
    const pressed = await rejection(emulator.press({ ...at, customID: 'show', customId: 'show' } as never))
    expect((pressed as ValidationError).issues.map((i) => [i.code, i.path])).toEqual([['field.unknown', ['customID']]])
    expect(await rejection(emulator.choose({ ...at, customId: 'show', value: ['x'], values: [] } as never))).toMatchObject({
      issues: [{ code: 'field.unknown', path: ['value'] }],
    })
    expect((await emulator.invoke({ ...at, command: '/form' })).outcome).toBe('answered')
    const submitted = await rejection(emulator.submit({ ...at, field: { text: 'hi' }, fields: { text: 'hi' }, user: { id: at.user.id, adlt: true } } as never))
    expect((submitted as ValidationError).issues.map((i) => i.path)).toEqual([['user', 'adlt'], ['field']])
    // The place of the command, given again to the press of its button: taken (the press happens where the message is).
    const here = { ...at, place: { guild: { id: '200000000000000002' } } }
    expect((await emulator.press({ ...here, customId: 'show' })).outcome).toBe('answered')
    expect((await emulator.submit({ ...here, fields: { text: 'hi' } })).outcome).toBe('answered')
  })

  it('a field given as undefined is absent, not unknown; __proto__ is a field like any other', async () => {
    const { emulator, at } = await bot()
    expect(
      (await emulator.invoke({ ...at, command: '/post image:a.png', attachments: [{ id: '800000000000000008', filename: 'a.png' }], plcae: undefined } as never)).outcome,
    ).toBe('answered')
    const error = await rejection(emulator.invoke({ ...at, command: '/post image:a.png', user: JSON.parse('{"id":"600000000000000006","__proto__":{"administrator":true}}') }))
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['user', '__proto__']])
  })
})

describe('a declared attachment', () => {
  it("has the media type its name's extension stands for, unless contentType says", async () => {
    const { emulator, at } = await bot()
    const sent = async (filename: string, contentType?: string) => {
      const r = await emulator.invoke({ ...at, command: `/post image:${filename}`, attachments: [{ id: '800000000000000008', filename, contentType }] })
      return r.outcome === 'answered' ? (r.callback as { data: { content: string } }).data.content : r.outcome
    }
    expect(await sent('sunset.PNG')).toBe('sunset.PNG image/png')
    expect(await sent('notes.txt')).toBe('notes.txt text/plain')
    expect(await sent('sunset.png', 'image/webp')).toBe('sunset.png image/webp')
    expect(await sent('blob.bin')).toBe('blob.bin application/octet-stream')
    expect(await sent('__proto__')).toBe('__proto__ application/octet-stream')
  })
})
