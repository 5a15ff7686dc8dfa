/**
 * What `parse` and `safeParse` return for payloads that fit (DESIGN.md "Contract"):
 * every value type, every resolved kind, subcommands and groups, sets, USER,
 * MESSAGE and entry point commands.
 */
import { describe, expect, it } from 'vitest'
import { commands, fromJSON, message, option, parse, safeParse, slash, user } from '../../src/index.js'
import {
  A1,
  accepted,
  app,
  attachmentObject,
  ban,
  banPayload,
  C1,
  channelObject,
  chat,
  config,
  every,
  everyPayload,
  interaction,
  launch,
  M1,
  memberObject,
  messageObject,
  play,
  profile,
  R1,
  refused,
  report,
  resolvedAll,
  roleObject,
  U1,
  U2,
  userObject,
} from './helpers.js'

describe('leaf commands', () => {
  it('returns { command, group, subcommand, options } with every option keyed by its default name (DESIGN "Contract")', () => {
    const v = accepted(ban, banPayload())
    expect(v).toStrictEqual({
      command: 'ban',
      group: undefined,
      subcommand: undefined,
      options: { target: { user: userObject(U1), member: memberObject() }, days: 3, reason: 'spam bot' },
    })
  })

  it('gives an absent optional option as undefined, its key present', () => {
    const p = banPayload()
    ;(p.data as { options: unknown[] }).options.splice(1, 2)
    const v = accepted(ban, p)
    expect(v.options).toStrictEqual({ target: { user: userObject(U1), member: memberObject() }, days: undefined, reason: undefined })
    expect(Object.keys(v.options as object)).toEqual(['target', 'days', 'reason'])
  })

  it('reads options in any order in the payload', () => {
    const p = banPayload()
    ;(p.data as { options: unknown[] }).options.reverse()
    expect(accepted(ban, p).options).toMatchObject({ days: 3, reason: 'spam bot' })
  })

  it('takes the values of the primitive types as they are: STRING, INTEGER, NUMBER, BOOLEAN ("Option types")', () => {
    const v = accepted(every, everyPayload())
    expect(v.options).toMatchObject({ s: 'text', i: -4, n: 1.25, b: false })
  })

  it('accepts a command without options and data.options absent or empty', () => {
    const ping = slash('ping', 'Ping')
    expect(accepted(ping, chat('ping'))).toStrictEqual({ command: 'ping', group: undefined, subcommand: undefined, options: {} })
    expect(accepted(ping, chat('ping', []))).toStrictEqual({ command: 'ping', group: undefined, subcommand: undefined, options: {} })
  })

  it('accepts INTEGER values at the limits of "Option types" (±(2^53-1)) and NUMBER values at ±2^53', () => {
    const d = slash('n', 'd').options(option.integer('i', 'd').required(), option.number('x', 'd').required())
    for (const [i, x] of [
      [2 ** 53 - 1, 2 ** 53],
      [-(2 ** 53 - 1), -(2 ** 53)],
      [0, -0.5],
    ] as const)
      expect(
        accepted(
          d,
          chat('n', [
            { type: 4, name: 'i', value: i },
            { type: 10, name: 'x', value: x },
          ]),
        ).options,
      ).toEqual({ i, x })
  })

  it('accepts values on the bounds of min/max and min_length/max_length ("Command option")', () => {
    for (const days of [0, 7])
      expect(
        accepted(
          ban,
          chat(
            'ban',
            [
              { type: 6, name: 'target', value: U1 },
              { type: 4, name: 'days', value: days },
            ],
            { users: { [U1]: userObject(U1) } },
          ),
        ).options,
      ).toMatchObject({ days })
    for (const reason of ['abc', 'x'.repeat(20), '🎉🎉🎉', '日本語'])
      expect(
        accepted(
          ban,
          chat(
            'ban',
            [
              { type: 6, name: 'target', value: U1 },
              { type: 3, name: 'reason', value: reason },
            ],
            { users: { [U1]: userObject(U1) } },
          ),
        ).options,
      ).toMatchObject({ reason })
    for (const temp of [-1.5, 2.5]) expect(accepted(every, everyPayload([{ type: 10, name: 'temp', value: temp }])).options).toMatchObject({ temp })
  })

  it('accepts values among the choices of STRING, INTEGER and NUMBER options ("Option choice")', () => {
    const v = accepted(
      every,
      everyPayload([
        { type: 3, name: 'color', value: 'blue' },
        { type: 4, name: 'size', value: 3 },
        { type: 10, name: 'ratio', value: 0.25 },
      ]),
    )
    expect(v.options).toMatchObject({ color: 'blue', size: 3, ratio: 0.25 })
  })
})

describe('resolved values ("Interaction payloads received by the application": data.resolved)', () => {
  it('USER: { user, member } from resolved.users and resolved.members', () => {
    const v = accepted(every, everyPayload([{ type: 6, name: 'u', value: U1 }]))
    expect((v.options as { u: unknown }).u).toStrictEqual({ user: userObject(U1), member: memberObject() })
  })

  it('USER outside a guild (no member): { user, member: undefined }', () => {
    const v = accepted(every, everyPayload([{ type: 6, name: 'u', value: U2 }]))
    expect((v.options as { u: unknown }).u).toStrictEqual({ user: userObject(U2), member: undefined })
  })

  it('ROLE: the role object', () => {
    const v = accepted(every, everyPayload([{ type: 8, name: 'r', value: R1 }]))
    expect((v.options as { r: unknown }).r).toStrictEqual(roleObject(R1))
  })

  it('CHANNEL: the channel object, within channel_types when they are set', () => {
    const v = accepted(
      every,
      everyPayload([
        { type: 7, name: 'c', value: C1 },
        { type: 7, name: 'text', value: C1 },
      ]),
    )
    expect((v.options as { c: unknown; text: unknown }).c).toStrictEqual(channelObject(C1, 0))
    expect((v.options as { text: unknown }).text).toStrictEqual(channelObject(C1, 0))
  })

  it('ATTACHMENT: the attachment object', () => {
    const v = accepted(every, everyPayload([{ type: 11, name: 'a', value: A1 }]))
    expect((v.options as { a: unknown }).a).toStrictEqual(attachmentObject(A1))
  })

  it('MENTIONABLE: { user, member } for a user, { role } for a role', () => {
    const asUser = accepted(every, everyPayload([{ type: 9, name: 'm', value: U1 }]))
    expect((asUser.options as { m: unknown }).m).toStrictEqual({ user: userObject(U1), member: memberObject() })
    const asRole = accepted(every, everyPayload([{ type: 9, name: 'm', value: R1 }]))
    expect((asRole.options as { m: unknown }).m).toStrictEqual({ role: roleObject(R1) })
  })

  it('hands out the resolved objects with every field the payload has, unknown ones too', () => {
    const resolved = resolvedAll()
    ;((resolved.users as Record<string, Record<string, unknown>>)[U1] as Record<string, unknown>).banner = 'abc'
    const v = accepted(every, everyPayload([{ type: 6, name: 'u', value: U1 }], resolved))
    expect((v.options as { u: { user: Record<string, unknown> } }).u.user.banner).toBe('abc')
  })
})

describe('subcommands and groups ("Other command rules" 1)', () => {
  it('a subcommand without options: its name, group undefined, options {}', () => {
    const v = accepted(config, chat('config', [{ type: 1, name: 'show' }]))
    expect(v).toStrictEqual({ command: 'config', group: undefined, subcommand: 'show', options: {} })
    expect(accepted(config, chat('config', [{ type: 1, name: 'show', options: [] }])).subcommand).toBe('show')
  })

  it('a subcommand with options: the options at the end of the path', () => {
    const v = accepted(
      config,
      chat('config', [
        {
          type: 1,
          name: 'set',
          options: [
            { type: 3, name: 'value', value: 'es' },
            { type: 3, name: 'key', value: 'lang' },
          ],
        },
      ]),
    )
    expect(v).toStrictEqual({ command: 'config', group: undefined, subcommand: 'set', options: { key: 'lang', value: 'es' } })
  })

  it('a subcommand in a group: group and subcommand names, resolved values', () => {
    const v = accepted(
      config,
      chat('config', [{ type: 2, name: 'role', options: [{ type: 1, name: 'revoke', options: [{ type: 8, name: 'role', value: R1 }] }] }], {
        roles: { [R1]: roleObject(R1) },
      }),
    )
    expect(v).toStrictEqual({ command: 'config', group: 'role', subcommand: 'revoke', options: { role: roleObject(R1), why: undefined } })
  })
})

describe('names in the payload are the default names ("Interaction payloads received by the application")', () => {
  it('reads a localized command by its default name', () => {
    expect(accepted(config, chat('config', [{ type: 1, name: 'show' }])).command).toBe('config')
  })

  it('refuses the localized name of a command', () => {
    expect(refused(config, chat('configurar', [{ type: 1, name: 'show' }]))).toEqual([['interaction.command', ['data', 'name']]])
  })

  it('refuses the localized name of an option', () => {
    const d = slash('color', 'd').options(option.string('hue', 'd').localize('es-ES', { name: 'tono' }))
    expect(accepted(d, chat('color', [{ type: 3, name: 'hue', value: 'red' }])).options).toEqual({ hue: 'red' })
    expect(refused(d, chat('color', [{ type: 3, name: 'tono', value: 'red' }]))).toEqual([['interaction.option', ['data', 'options', 0, 'name']]])
  })
})

describe('USER, MESSAGE and PRIMARY_ENTRY_POINT commands', () => {
  const userPayload = (resolved: unknown) => interaction({ name: 'Show profile', type: 2, target_id: U1, resolved })

  it('USER command: { command, target: { user, member } } from data.target_id', () => {
    expect(accepted(profile, userPayload({ users: { [U1]: userObject(U1) }, members: { [U1]: memberObject() } }))).toStrictEqual({
      command: 'Show profile',
      target: { user: userObject(U1), member: memberObject() },
    })
  })

  it('USER command outside a guild: member undefined', () => {
    expect(accepted(profile, userPayload({ users: { [U1]: userObject(U1) } }))).toStrictEqual({
      command: 'Show profile',
      target: { user: userObject(U1), member: undefined },
    })
  })

  it('MESSAGE command: { command, target: message } from resolved.messages', () => {
    const p = interaction({ name: 'Report message', type: 3, target_id: M1, resolved: { messages: { [M1]: messageObject(M1) } } })
    expect(accepted(report, p)).toStrictEqual({ command: 'Report message', target: messageObject(M1) })
  })

  it('PRIMARY_ENTRY_POINT command: { command }, for either handler', () => {
    expect(accepted(launch, interaction({ name: 'launch', type: 4 }))).toStrictEqual({ command: 'launch' })
    expect(accepted(play, interaction({ name: 'play', type: 4 }))).toStrictEqual({ command: 'play' })
  })
})

describe('sets: dispatch by command name and type', () => {
  it('reads each member of the set, the result discriminated by command', () => {
    expect(accepted(app, banPayload()).command).toBe('ban')
    expect(accepted(app, chat('config', [{ type: 1, name: 'show' }])).subcommand).toBe('show')
    expect(accepted(app, interaction({ name: 'Show profile', type: 2, target_id: U1, resolved: { users: { [U1]: userObject(U1) } } })).command).toBe('Show profile')
    expect(accepted(app, interaction({ name: 'Report message', type: 3, target_id: M1, resolved: { messages: { [M1]: messageObject(M1) } } })).command).toBe('Report message')
    expect(accepted(app, interaction({ name: 'launch', type: 4 }))).toStrictEqual({ command: 'launch' })
  })

  it('tells apart commands that share a name but not a type ("Naming rules" 3)', () => {
    const both = commands(slash('profile', 'Show a profile').options(option.boolean('full', 'All of it')), user('profile'), message('profile'))
    expect(accepted(both, chat('profile', [{ type: 5, name: 'full', value: true }]))).toEqual({
      command: 'profile',
      group: undefined,
      subcommand: undefined,
      options: { full: true },
    })
    expect(accepted(both, interaction({ name: 'profile', type: 2, target_id: U1, resolved: { users: { [U1]: userObject(U1) } } }))).toEqual({
      command: 'profile',
      target: { user: userObject(U1), member: undefined },
    })
    expect(accepted(both, interaction({ name: 'profile', type: 3, target_id: M1, resolved: { messages: { [M1]: messageObject(M1) } } }))).toEqual({
      command: 'profile',
      target: messageObject(M1),
    })
  })

  it('reads a set and a single definition made from the same JSON (fromJSON) alike', () => {
    const loose = fromJSON(ban.toJSON())
    expect(accepted(loose, banPayload())).toEqual(accepted(ban, banPayload()))
    expect(accepted(commands(loose), banPayload())).toEqual(accepted(ban, banPayload()))
  })

  it('parse returns the value; safeParse wraps it as { ok: true, value }', () => {
    const r = safeParse(app, banPayload())
    expect(r.ok).toBe(true)
    expect(r).toEqual({ ok: true, value: parse(app, banPayload()) })
  })
})

describe('the payload is never written to', () => {
  it('leaves the payload as it was, and the result shares the resolved objects only', () => {
    const p = everyPayload([
      { type: 6, name: 'u', value: U1 },
      { type: 8, name: 'r', value: R1 },
    ])
    const before = structuredClone(p)
    const v = accepted(every, p)
    expect(p).toEqual(before)
    const resolved = (p.data as { resolved: { roles: Record<string, unknown> } }).resolved
    expect((v.options as { r: unknown }).r).toBe(resolved.roles[R1])
  })
})
