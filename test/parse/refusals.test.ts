/**
 * Every payload that does not fit the definition is refused with issues carrying
 * codes and paths (DESIGN.md "Contract"): `safeParse` returns them, `parse` throws
 * `InteractionError` with the same ones (asserted by `refused`).
 */
import { describe, expect, it } from 'vitest'
import { commands, InteractionError, option, parse, safeParse, slash } from '../../src/index.js'
import {
  app,
  ban,
  banPayload,
  C1,
  channelObject,
  chat,
  config,
  copy,
  every,
  everyPayload,
  interaction,
  launch,
  M1,
  messageObject,
  opt,
  profile,
  R1,
  refused,
  report,
  resolvedAll,
  roleObject,
  U1,
  userObject,
  type Json,
} from './helpers.js'

const data = (p: Json) => p.data as Json

describe('the interaction itself', () => {
  it('refuses a payload that is not an object, at the root (value.type)', () => {
    for (const p of [null, undefined, 0, 'x', true, [], [banPayload()], () => banPayload()]) expect(refused(ban, p)).toEqual([['value.type', []]])
  })

  it('refuses an interaction type other than 2 ("Other enumerations": 2 for command invocations)', () => {
    for (const type of [4, 1, 3, '2', undefined, null]) {
      const p = banPayload()
      p.type = type
      expect(refused(ban, p)).toEqual([['interaction.type', ['type']]])
    }
  })

  it('refuses a missing data object (field.required) and one that is not an object (value.type)', () => {
    const p = banPayload()
    delete p.data
    expect(refused(ban, p)).toEqual([['field.required', ['data']]])
    for (const d of [null, 'ban', [], 1]) expect(refused(ban, { ...banPayload(), data: d })).toEqual([['value.type', ['data']]])
  })

  it('refuses a missing or non-string data.name, and a missing or non-number data.type', () => {
    const p = banPayload()
    delete data(p).name
    expect(refused(ban, p)).toEqual([['field.required', ['data', 'name']]])
    data(p).name = 7
    expect(refused(ban, p)).toEqual([['value.type', ['data', 'name']]])
    const q = banPayload()
    delete data(q).type
    expect(refused(ban, q)).toEqual([['field.required', ['data', 'type']]])
    data(q).type = '1'
    expect(refused(ban, q)).toEqual([['value.type', ['data', 'type']]])
  })
})

describe('the command ("Command types"; "Naming rules" 3: names unique per type)', () => {
  it('refuses a command name the definition does not have, at data.name', () => {
    const p = banPayload()
    data(p).name = 'kick'
    expect(refused(ban, p)).toEqual([['interaction.command', ['data', 'name']]])
    expect(refused(app, p)).toEqual([['interaction.command', ['data', 'name']]])
  })

  it('refuses the right name with the wrong command type, at data.type', () => {
    const p = banPayload()
    data(p).type = 2
    expect(refused(ban, p)).toEqual([['interaction.command', ['data', 'type']]])
    expect(refused(app, p)).toEqual([['interaction.command', ['data', 'type']]])
    expect(refused(profile, interaction({ name: 'Show profile', type: 3, target_id: U1 }))).toEqual([['interaction.command', ['data', 'type']]])
  })

  it('refuses a command that is not in the set', () => {
    expect(refused(commands(ban), chat('config', [{ type: 1, name: 'show' }]))).toEqual([['interaction.command', ['data', 'name']]])
  })

  it('matches names exactly: no case folding, no prototype names', () => {
    for (const name of ['Ban', 'BAN', 'ban ', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const p = banPayload()
      data(p).name = name
      expect(refused(app, p)).toEqual([['interaction.command', ['data', 'name']]])
    }
  })
})

describe('options ("Interaction payloads received by the application": data.options[])', () => {
  it('refuses an option the definition does not have, at its name', () => {
    const p = banPayload()
    ;(data(p).options as unknown[]).push({ type: 3, name: 'note', value: 'x' })
    expect(refused(ban, p)).toEqual([['interaction.option', ['data', 'options', 3, 'name']]])
  })

  it('refuses an option entry without a string name', () => {
    const p = banPayload()
    delete opt(p, 1).name
    expect(refused(ban, p)).toEqual([['interaction.option', ['data', 'options', 1, 'name']]])
  })

  it('refuses an option of the wrong option type, at its type', () => {
    const p = banPayload()
    opt(p, 1).type = 10
    expect(refused(ban, p)).toEqual([['interaction.option', ['data', 'options', 1, 'type']]])
    const q = banPayload()
    delete opt(q, 0).type
    // The option was not read, so the required option counts as missing too.
    expect(refused(ban, q)).toEqual([
      ['interaction.option', ['data', 'options', 0, 'type']],
      ['interaction.required', ['data', 'options']],
    ])
  })

  it('refuses an option given twice', () => {
    const p = banPayload()
    ;(data(p).options as unknown[]).push({ type: 4, name: 'days', value: 1 })
    expect(refused(ban, p)).toEqual([['interaction.duplicate', ['data', 'options', 3, 'name']]])
  })

  it('refuses data.options that is not an array, and entries that are not objects', () => {
    const p = banPayload()
    data(p).options = { target: U1 }
    expect(refused(ban, p)).toEqual([['value.type', ['data', 'options']]])
    const q = banPayload()
    ;(data(q).options as unknown[]).push(null, 'days', [])
    expect(refused(ban, q)).toEqual([
      ['value.type', ['data', 'options', 3]],
      ['value.type', ['data', 'options', 4]],
      ['value.type', ['data', 'options', 5]],
    ])
  })

  it('refuses a missing required option ("Command option": required), at the options list', () => {
    const p = banPayload()
    ;(data(p).options as unknown[]).splice(0, 1)
    expect(refused(ban, p)).toEqual([['interaction.required', ['data', 'options']]])
    expect(refused(ban, chat('ban'))).toEqual([['interaction.required', ['data', 'options']]])
  })

  it('reports every issue, not only the first', () => {
    const p = chat('every', [
      { type: 3, name: 's', value: 1 },
      { type: 4, name: 'i', value: 1.5 },
      { type: 3, name: 'color', value: 'green' },
      { type: 3, name: 'nope', value: 'x' },
    ])
    expect(refused(every, p)).toEqual([
      ['value.type', ['data', 'options', 0, 'value']],
      ['number.integer', ['data', 'options', 1, 'value']],
      ['interaction.choice', ['data', 'options', 2, 'value']],
      ['interaction.option', ['data', 'options', 3, 'name']],
      ['interaction.required', ['data', 'options']],
      ['interaction.required', ['data', 'options']],
    ])
  })
})

describe('values ("Option types", "Command option", "Option choice")', () => {
  const at = (i: number): (string | number)[] => ['data', 'options', i, 'value']

  it('refuses a value of the wrong JavaScript type for every option type (value.type)', () => {
    const wrong: [number, string, unknown][] = [
      [3, 's', 5],
      [3, 's', null],
      [3, 's', undefined],
      [4, 'i', '4'],
      [4, 'i', true],
      [4, 'i', Number.NaN],
      [4, 'i', Infinity],
      [10, 'n', '1.5'],
      [10, 'n', -Infinity],
      [10, 'n', Number.NaN],
      [5, 'b', 'true'],
      [5, 'b', 0],
      // biome-ignore lint/correctness/noPrecisionLoss: a snowflake sent as a JSON number loses its last digits; that is why it is refused
      [6, 'u', 500000000000000001],
      [6, 'u', 'someone'],
      [7, 'c', { id: C1 }],
      [8, 'r', ''],
      [9, 'm', null],
      [11, 'a', ['800000000000000001']],
    ]
    for (const [type, name, value] of wrong) {
      const p = everyPayload()
      const list = data(p).options as Json[]
      const i = list.findIndex((o) => o.name === name)
      if (i >= 0) list[i] = { type, name, value }
      else list.push({ type, name, value })
      expect(refused(every, p), `${name} = ${String(value)}`).toEqual([['value.type', at(i >= 0 ? i : 4)]])
    }
  })

  it('refuses an INTEGER that is not whole (number.integer; "Option types")', () => {
    for (const value of [1.5, -0.1]) {
      const p = everyPayload()
      opt(p, 1).value = value
      expect(refused(every, p)).toEqual([['number.integer', at(1)]])
    }
  })

  it('refuses a whole INTEGER beyond ±(2^53-1) with number.range, as the rules layer does (docs/issues.md; "Option types")', () => {
    for (const value of [2 ** 53, -(2 ** 53), 1e300]) {
      const p = everyPayload()
      opt(p, 1).value = value
      expect(refused(every, p)).toEqual([['number.range', at(1)]])
    }
  })

  it('refuses a NUMBER beyond ±2^53 ("Option types": any double from -2^53 to 2^53)', () => {
    for (const value of [2 ** 53 + 2, -(2 ** 54), 1e300]) {
      const p = everyPayload()
      opt(p, 2).value = value
      expect(refused(every, p)).toEqual([['number.range', at(2)]])
    }
  })

  it('refuses an INTEGER or NUMBER outside min_value/max_value (interaction.range)', () => {
    for (const days of [-1, 8, 100]) {
      const p = banPayload()
      opt(p, 1).value = days
      expect(refused(ban, p)).toEqual([['interaction.range', at(1)]])
    }
    for (const temp of [-1.51, 2.5000001]) expect(refused(every, everyPayload([{ type: 10, name: 'temp', value: temp }]))).toEqual([['interaction.range', at(4)]])
  })

  it('refuses a STRING outside min_length/max_length, counted in characters (interaction.range)', () => {
    for (const reason of ['', 'ab', '🎉🎉', 'x'.repeat(21), '🎉'.repeat(21)]) {
      const p = banPayload()
      opt(p, 2).value = reason
      expect(refused(ban, p), reason).toEqual([['interaction.range', at(2)]])
    }
  })

  it('counts min_length in characters, not UTF-16 units: astral characters count once ("Command option": min_length)', () => {
    // '🎉🎉' is 4 UTF-16 units, within 3..20 by units, but 2 characters: short of min_length 3.
    const d = slash('astral', 'd').options(option.string('s', 'd').required().minLength(3))
    const payload = (s: string) => chat('astral', [{ type: 3, name: 's', value: s }])
    expect(refused(d, payload('🎉🎉'))).toEqual([['interaction.range', at(0)]])
    expect(refused(d, payload('a🎉'))).toEqual([['interaction.range', at(0)]])
    expect(safeParse(d, payload('🎉🎉🎉')).ok).toBe(true)
  })

  it('refuses a STRING, INTEGER or NUMBER outside its choices ("Option choice": the only values a user may pick)', () => {
    for (const [type, name, value] of [
      [3, 'color', 'green'],
      [3, 'color', 'Red'],
      [4, 'size', 2],
      [10, 'ratio', 0.3],
    ] as const)
      expect(refused(every, everyPayload([{ type, name, value }]))).toEqual([['interaction.choice', at(4)]])
  })

  it('refuses a channel of a type outside channel_types', () => {
    const resolved = { channels: { [C1]: channelObject(C1, 4) } }
    expect(refused(every, everyPayload([{ type: 7, name: 'text', value: C1 }], resolved))).toEqual([['interaction.channel_type', at(4)]])
    const noType = { channels: { [C1]: { id: C1 } } }
    expect(refused(every, everyPayload([{ type: 7, name: 'text', value: C1 }], noType))).toEqual([['interaction.channel_type', at(4)]])
  })
})

describe('resolved ids ("Interaction payloads received by the application": data.resolved)', () => {
  const at = ['data', 'options', 4, 'value']
  const cases: [number, string, string, string][] = [
    [6, 'u', U1, 'users'],
    [7, 'c', C1, 'channels'],
    [8, 'r', R1, 'roles'],
    [9, 'm', U1, 'users'],
    [9, 'm', R1, 'roles'],
    [11, 'a', '800000000000000001', 'attachments'],
  ]

  it.each(cases)('refuses an id of option type %i that resolved does not hold', (type, name, id, kind) => {
    const resolved = resolvedAll()
    delete resolved[kind]
    expect(refused(every, everyPayload([{ type, name, value: id }], resolved))).toEqual([['interaction.resolved', at]])
  })

  it('refuses any id when data.resolved is absent, null, or not a map of objects', () => {
    for (const resolved of [undefined, null, 'x', [], { users: null }, { users: [] }, { users: { [U1]: 'ann' } }, { users: { [U1]: null } }]) {
      const p = everyPayload([{ type: 6, name: 'u', value: U1 }])
      if (resolved === undefined) delete data(p).resolved
      else data(p).resolved = resolved
      expect(refused(every, p)).toEqual([['interaction.resolved', at]])
    }
  })

  it('refuses an id that resolved holds only on its prototype', () => {
    const users = Object.create({ [U1]: userObject(U1) }) as Json
    expect(refused(every, everyPayload([{ type: 6, name: 'u', value: U1 }], { users }))).toEqual([['interaction.resolved', at]])
  })

  it('refuses a USER command target that resolved.users does not hold, and a missing target_id', () => {
    expect(refused(profile, interaction({ name: 'Show profile', type: 2, target_id: U1, resolved: { users: {} } }))).toEqual([['interaction.resolved', ['data', 'target_id']]])
    expect(refused(profile, interaction({ name: 'Show profile', type: 2, resolved: { users: { [U1]: userObject(U1) } } }))).toEqual([['field.required', ['data', 'target_id']]])
    expect(refused(profile, interaction({ name: 'Show profile', type: 2, target_id: 5, resolved: {} }))).toEqual([['value.type', ['data', 'target_id']]])
  })

  it('refuses a MESSAGE command target that resolved.messages does not hold', () => {
    expect(refused(report, interaction({ name: 'Report message', type: 3, target_id: M1 }))).toEqual([['interaction.resolved', ['data', 'target_id']]])
    expect(refused(report, interaction({ name: 'Report message', type: 3, target_id: M1, resolved: { users: { [M1]: userObject(M1) } } }))).toEqual([
      ['interaction.resolved', ['data', 'target_id']],
    ])
    expect(refused(report, interaction({ name: 'Report message', type: 3, target_id: U1, resolved: { messages: { [M1]: messageObject(M1) } } }))).toEqual([
      ['interaction.resolved', ['data', 'target_id']],
    ])
  })
})

describe('subcommands and groups ("Other command rules" 1: a command with subcommands cannot be invoked as a base command)', () => {
  it('refuses a missing subcommand', () => {
    expect(refused(config, chat('config'))).toEqual([['interaction.subcommand', ['data', 'options']]])
    expect(refused(config, chat('config', []))).toEqual([['interaction.subcommand', ['data', 'options']]])
  })

  it('refuses leaf options where a subcommand belongs', () => {
    expect(refused(config, chat('config', [{ type: 3, name: 'key', value: 'lang' }]))).toEqual([['interaction.subcommand', ['data', 'options', 0, 'name']]])
    expect(refused(config, chat('config', [{ type: 3, name: 'show', value: 'lang' }]))).toEqual([['interaction.option', ['data', 'options', 0, 'type']]])
  })

  it('refuses an unknown subcommand or group', () => {
    expect(refused(config, chat('config', [{ type: 1, name: 'reset' }]))).toEqual([['interaction.subcommand', ['data', 'options', 0, 'name']]])
    expect(refused(config, chat('config', [{ type: 2, name: 'roles', options: [{ type: 1, name: 'grant' }] }]))).toEqual([
      ['interaction.subcommand', ['data', 'options', 0, 'name']],
    ])
  })

  it('refuses an unknown subcommand inside a group, and a group without its subcommand', () => {
    expect(refused(config, chat('config', [{ type: 2, name: 'role', options: [{ type: 1, name: 'show' }] }]))).toEqual([
      ['interaction.subcommand', ['data', 'options', 0, 'options', 0, 'name']],
    ])
    expect(refused(config, chat('config', [{ type: 2, name: 'role' }]))).toEqual([['interaction.subcommand', ['data', 'options', 0, 'options']]])
  })

  it('refuses a subcommand typed as a group and a group typed as a subcommand', () => {
    expect(refused(config, chat('config', [{ type: 2, name: 'show' }]))).toEqual([['interaction.option', ['data', 'options', 0, 'type']]])
    expect(refused(config, chat('config', [{ type: 1, name: 'role', options: [] }]))).toEqual([['interaction.option', ['data', 'options', 0, 'type']]])
  })

  it('refuses two subcommands at once', () => {
    expect(
      refused(
        config,
        chat('config', [
          { type: 1, name: 'show' },
          { type: 1, name: 'show' },
        ]),
      ),
    ).toEqual([['interaction.subcommand', ['data', 'options']]])
  })

  it('refuses issues inside a subcommand at their full path', () => {
    const p = chat('config', [{ type: 1, name: 'set', options: [{ type: 3, name: 'key', value: 'colour' }] }])
    expect(refused(config, p)).toEqual([
      ['interaction.choice', ['data', 'options', 0, 'options', 0, 'value']],
      ['interaction.required', ['data', 'options', 0, 'options']],
    ])
    const q = chat(
      'config',
      [
        {
          type: 2,
          name: 'role',
          options: [
            {
              type: 1,
              name: 'grant',
              options: [
                { type: 8, name: 'role', value: R1 },
                { type: 3, name: 'why', value: 'x' },
              ],
            },
          ],
        },
      ],
      {
        roles: { [R1]: roleObject(R1) },
      },
    )
    expect(refused(config, q)).toEqual([['interaction.option', ['data', 'options', 0, 'options', 0, 'options', 1, 'name']]])
    const r = chat('config', [{ type: 2, name: 'role', options: [{ type: 1, name: 'grant', options: [{ type: 8, name: 'role', value: R1 }] }] }])
    expect(refused(config, r)).toEqual([['interaction.resolved', ['data', 'options', 0, 'options', 0, 'options', 0, 'value']]])
  })

  it('refuses a subcommand entry on a leaf command', () => {
    expect(refused(ban, chat('ban', [{ type: 1, name: 'target', options: [] }]))).toEqual([
      ['interaction.option', ['data', 'options', 0, 'type']],
      ['interaction.required', ['data', 'options']],
    ])
  })
})

describe('parse and safeParse agree', () => {
  it('InteractionError carries every issue and a message that lists them', () => {
    const p = copy(banPayload())
    data(p).options = []
    let error: unknown
    try {
      parse(ban, p)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InteractionError)
    const e = error as InteractionError
    expect(e.issues).toEqual(safeParse(ban, p).issues)
    expect(e.message).toContain('interaction.required')
    expect(e.message).toContain('lacks required option "target"')
  })

  it('messages name the path and what was received (STYLE.md 9)', () => {
    const p = banPayload()
    opt(p, 1).value = 1.5
    expect(safeParse(ban, p).issues?.[0]?.message).toBe('interaction.data.options[1].value must be a whole number, as option "days" is INTEGER (was 1.5)')
  })

  it('an entry point payload with extra data is still the entry point', () => {
    expect(parse(launch, interaction({ name: 'launch', type: 4, options: [] }))).toEqual({ command: 'launch' })
  })

  it('a definition that breaks a rule throws ValidationError (not an InteractionError) from both', () => {
    // @ts-expect-error the types refuse it too (test-d/text.test-d.ts); here the run-time rule
    const broken = slash('bad', 'd').options(option.integer('n', 'd').min(5).max(1))
    expect(() => safeParse(broken, chat('bad'))).toThrow(/Invalid definition/)
    expect(() => parse(broken, chat('bad'))).toThrow(/Invalid definition/)
  })

  it('values with the same issue in many options are all reported', () => {
    const p = everyPayload(
      [
        { type: 6, name: 'u', value: U1 },
        { type: 8, name: 'r', value: R1 },
      ],
      {},
    )
    expect(refused(every, p)).toEqual([
      ['interaction.resolved', ['data', 'options', 4, 'value']],
      ['interaction.resolved', ['data', 'options', 5, 'value']],
    ])
  })
})
