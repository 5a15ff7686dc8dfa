/**
 * Bad input to `invoke`: ids that are not snowflakes are a `ValidationError`
 * naming each path; hostile names and values are refused or carried as data,
 * never obeyed; a huge line is answered quickly (DESIGN.md, "What the run time
 * must refuse"; spec "Application command permission": ids are snowflakes).
 */
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../../src/index.js'
import { APP, endpointFor, world } from './helpers.js'

async function made() {
  const w = world()
  await w.deploy([
    {
      name: 'ping',
      description: 'Ping',
      options: [
        { type: 6, name: 'who', description: 'Who' },
        { type: 3, name: 'text', description: 'Text' },
      ],
    },
  ])
  return w
}

describe('invoke: hostile input', () => {
  it('ids that are not snowflakes reject with a ValidationError listing every path', async () => {
    const w = await made()
    const error = await w
      .invoke({ command: '/ping', applicationId: 'app', user: { id: '__proto__' }, place: { guild: { id: 'abc' }, channel: { id: '' } }, roles: [{ id: 'x', name: 'r' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues.map((i) => [i.code, i.path])).toEqual([
      ['snowflake.format', ['applicationId']],
      ['snowflake.format', ['user', 'id']],
      ['snowflake.format', ['place', 'guild', 'id']],
      ['snowflake.format', ['place', 'channel', 'id']],
      ['snowflake.format', ['roles', 0, 'id']],
    ])
    expect(() => w.emulator.picker({ applicationId: '1', user: { id: 'me' } })).toThrow(ValidationError)
  })

  // The spec's interaction payloads carry the invoking user as an object (a member's user in a guild). A test that
  // gives its id alone was told "user.id must be a snowflake (was undefined)": it is the object that is missing.
  it('a user given as its id alone is told the user is an object', async () => {
    const w = await made()
    for (const user of ['400000000000000001', null, 42]) {
      const error = await w.invoke({ command: '/ping', applicationId: APP, user: user as never }).catch((e: unknown) => e)
      expect((error as ValidationError).issues.map((i) => [i.code, i.path, i.message])).toEqual([
        ['value.type', ['user'], `user must be the user who acts, { id, username?, ... } (was ${JSON.stringify(user)})`],
      ])
    }
  })

  it('a misspelled permission flag is a ValidationError, not an empty permission set', async () => {
    const w = await made()
    await expect(w.invoke({ command: '/ping', user: { id: '610000000000000061', permissions: ['BanMember' as 'BanMembers'] } })).rejects.toThrow(ValidationError)
  })

  it('__proto__ as a username or a value is data: resolved by name, sent as text, no prototype touched', async () => {
    const w = await made()
    const r = await w.invoke({ command: '/ping who:@__proto__ text:__proto__', users: [{ id: '610000000000000061', username: '__proto__' }] })
    expect(r.outcome).toBe('answered')
    expect(w.received[0].data.options).toEqual([
      { type: 6, name: 'who', value: '610000000000000061' },
      { type: 3, name: 'text', value: '__proto__' },
    ])
    expect(Object.keys(w.received[0].data.resolved.users)).toEqual(['610000000000000061'])
    expect(({} as Record<string, unknown>).username).toBeUndefined()
  })

  it('a command that is neither a string nor a command object is refused as line.syntax', async () => {
    const w = await made()
    for (const command of [5, null, [], { command: 1 }, { command: 'ping', subcommand: 2 }, { command: 'ping', options: [] }, { command: 'ping', options: 'x' }])
      expect(await w.invoke({ command: command as never })).toMatchObject({ outcome: 'refused', code: 'line.syntax' })
  })

  it('a line of a million characters is answered at once (refused: the value is over 6000 characters)', async () => {
    const w = await made()
    const started = Date.now()
    expect(await w.invoke({ command: `/ping text:${'x'.repeat(1_000_000)}` })).toMatchObject({ outcome: 'refused', code: 'option.length' })
    expect(await w.invoke({ command: `/ping ${'a:b '.repeat(20_000)}` })).toMatchObject({ outcome: 'refused', code: 'option.unknown' })
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe('press, choose and submit: hostile input', () => {
  /** An app whose reply holds a select of two options, and which shows a modal with one input. */
  async function talking() {
    const w = world((i) => {
      if (i.type === 2 && i.data.name === 'pick')
        return {
          type: 4,
          data: {
            content: 'Pick',
            components: [
              {
                type: 1,
                components: [
                  {
                    type: 3,
                    custom_id: 'c',
                    options: [
                      { label: 'A', value: 'a' },
                      { label: 'B', value: 'b' },
                    ],
                  },
                ],
              },
            ],
          },
        }
      if (i.type === 2) return { type: 9, data: { custom_id: 'm', title: 'M', components: [{ type: 1, components: [{ type: 4, custom_id: 'text', label: 'Text', style: 1 }] }] } }
      return { type: 6 }
    })
    await w.deploy([
      { name: 'pick', description: 'Pick' },
      { name: 'form', description: 'Form' },
    ])
    expect((await w.invoke({ command: '/pick' })).outcome).toBe('answered')
    return w
  }

  it('a custom_id, values or a message that are not what they should be are refused with a code, never thrown', async () => {
    const w = await talking()
    const at = { user: { id: '600000000000000006' } }
    const endpoint = endpointFor(w)
    for (const customId of [5, null, '__proto__', ''] as unknown as string[])
      expect(await w.emulator.press({ ...at, endpoint, customId })).toMatchObject({ outcome: 'refused', code: 'component.unknown' })
    for (const values of ['a', [1], [null], { 0: 'a' }] as unknown as string[][])
      expect(await w.emulator.choose({ ...at, endpoint, customId: 'c', values })).toMatchObject({ outcome: 'refused', code: 'select.values' })
    for (const message of ['__proto__', '1'.repeat(5000), { id: 7 }] as unknown as string[])
      expect((await w.emulator.press({ ...at, endpoint, customId: 'c', message })).outcome).toBe('refused')
    expect(w.received.map((i) => i.type)).toEqual([2])
  })

  it('fields of a modal with a __proto__ key or of the wrong kind: refused with the path, no prototype touched', async () => {
    const w = await talking()
    expect((await w.invoke({ command: '/form' })).outcome).toBe('answered')
    const endpoint = endpointFor(w)
    const user = { id: '600000000000000006' }
    expect(await w.emulator.submit({ endpoint, user, fields: JSON.parse('{"__proto__": "x", "text": "hi"}') })).toMatchObject({
      code: 'modal.field',
      path: ['fields', '__proto__'],
    })
    expect(await w.emulator.submit({ endpoint, user, fields: { text: ['not', 'text'] } })).toMatchObject({ code: 'modal.field', path: ['fields', 'text'] })
    expect(await w.emulator.submit({ endpoint, user, fields: null as never })).toMatchObject({ code: 'modal.required', path: ['fields', 'text'] })
    expect(({} as Record<string, unknown>).text).toBeUndefined()
    await expect(w.emulator.submit({ endpoint, user: { id: 'me' }, fields: {} })).rejects.toThrow(ValidationError)
  })
})
