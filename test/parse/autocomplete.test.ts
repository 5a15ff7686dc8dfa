/**
 * `parseAutocomplete` and `safeParseAutocomplete` (interaction type 4, spec "Other
 * command rules" 5): the focused option with the text typed so far, the other
 * options partial, and every malformed request refused by code and path.
 */
import { describe, expect, it } from 'vitest'
import { option, parseAutocomplete, safeParseAutocomplete, slash } from '../../src/index.js'
import { A1, app, ban, C1, chat, config, every, interaction, R1, refusedAutocomplete, roleObject, search, U1, userObject, type Json } from './helpers.js'

/** An autocomplete request (type 4) for `name` with `options`. */
const auto = (name: string, options: unknown[], resolved?: Json): Json =>
  interaction({ name, type: 1, version: '120000000000000001', options, ...(resolved === undefined ? {} : { resolved }) }, 4)

/** Autocomplete next to every resolved kind. */
const picker = slash('picker', 'Pick').options(
  option.string('q', 'Query').autocomplete(),
  option.user('u', 'User'),
  option.role('r', 'Role'),
  option.channel('c', 'Channel'),
  option.mentionable('m', 'Mentionable'),
  option.attachment('a', 'Attachment'),
)

const ok = (definition: unknown, payload: unknown): Json => {
  const r = safeParseAutocomplete(definition as never, payload)
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.code} ${i.message}`).join('\n'))
  expect(parseAutocomplete(definition as never, payload)).toEqual(r.value)
  return r.value as Json
}

describe('the focused option ("Other command rules" 5: the option being typed carries focused: true)', () => {
  it('STRING: the text typed so far, even shorter than min_length (partial strings may arrive)', () => {
    const v = ok(ban, auto('ban', [{ type: 3, name: 'reason', value: 'sp', focused: true }]))
    expect(v).toStrictEqual({
      command: 'ban',
      group: undefined,
      subcommand: undefined,
      focused: { name: 'reason', type: 3, value: 'sp' },
      options: { target: undefined, days: undefined, reason: undefined },
    })
    expect((ok(ban, auto('ban', [{ type: 3, name: 'reason', value: '', focused: true }])).focused as Json).value).toBe('')
  })

  it('INTEGER: the text typed, as a string, also when it is not a number yet', () => {
    for (const value of ['4', '', '-', '1.', 'abc']) {
      const v = ok(search, auto('search', [{ type: 4, name: 'limit', value, focused: true }]))
      expect(v.focused).toStrictEqual({ name: 'limit', type: 4, value })
    }
  })

  it('INTEGER and NUMBER sent as numbers: the focused value is their text', () => {
    expect(ok(search, auto('search', [{ type: 4, name: 'limit', value: 12, focused: true }])).focused).toStrictEqual({ name: 'limit', type: 4, value: '12' })
    expect(ok(search, auto('search', [{ type: 10, name: 'score', value: 0.5, focused: true }])).focused).toStrictEqual({ name: 'score', type: 10, value: '0.5' })
  })

  it('NUMBER: the text typed, outside min_value too (the focused value is not validated)', () => {
    expect(ok(search, auto('search', [{ type: 10, name: 'score', value: '-3', focused: true }])).focused).toStrictEqual({ name: 'score', type: 10, value: '-3' })
  })

  it('in a subcommand of a group: the path and the focused option', () => {
    const p = auto('config', [{ type: 2, name: 'role', options: [{ type: 1, name: 'revoke', options: [{ type: 3, name: 'why', value: 'sp', focused: true }] }] }])
    expect(ok(config, p)).toStrictEqual({
      command: 'config',
      group: 'role',
      subcommand: 'revoke',
      focused: { name: 'why', type: 3, value: 'sp' },
      options: { role: undefined, why: undefined },
    })
  })

  it('in a set: dispatched by command name', () => {
    const v = ok(app, auto('search', [{ type: 3, name: 'query', value: 'ca', focused: true }]))
    expect(v.command).toBe('search')
    expect(v.focused).toStrictEqual({ name: 'query', type: 3, value: 'ca' })
  })
})

describe('the other options: partial ("Other command rules" 5: required options may be absent)', () => {
  it('leaves required options absent without an issue', () => {
    const v = ok(search, auto('search', [{ type: 4, name: 'limit', value: '1', focused: true }]))
    expect(v.options).toStrictEqual({ query: undefined, limit: undefined, score: undefined, exact: undefined, author: undefined })
  })

  it('reads already-filled options, validated as in an invocation', () => {
    const v = ok(
      search,
      auto('search', [
        { type: 3, name: 'query', value: 'cats' },
        { type: 5, name: 'exact', value: true },
        { type: 4, name: 'limit', value: '2', focused: true },
      ]),
    )
    expect(v.options).toStrictEqual({ query: 'cats', limit: undefined, score: undefined, exact: true, author: undefined })
    expect(
      refusedAutocomplete(
        search,
        auto('search', [
          { type: 4, name: 'limit', value: 99 },
          { type: 3, name: 'query', value: 'c', focused: true },
        ]),
      ),
    ).toEqual([['interaction.range', ['data', 'options', 0, 'value']]])
    expect(
      refusedAutocomplete(
        search,
        auto('search', [
          { type: 5, name: 'exact', value: 'yes' },
          { type: 3, name: 'query', value: 'c', focused: true },
        ]),
      ),
    ).toEqual([['value.type', ['data', 'options', 0, 'value']]])
  })

  it('leaves a user, role or channel option absent when the request carries no data.resolved (public API v10: autocomplete has none)', () => {
    const v = ok(
      search,
      auto('search', [
        { type: 6, name: 'author', value: U1 },
        { type: 3, name: 'query', value: 'c', focused: true },
      ]),
    )
    expect((v.options as Json).author).toBeUndefined()
    const e = ok(
      picker,
      auto('picker', [
        { type: 6, name: 'u', value: U1 },
        { type: 8, name: 'r', value: R1 },
        { type: 7, name: 'c', value: C1 },
        { type: 9, name: 'm', value: R1 },
        { type: 11, name: 'a', value: A1 },
        { type: 3, name: 'q', value: 'x', focused: true },
      ]),
    )
    expect(e.options).toStrictEqual({ q: undefined, u: undefined, r: undefined, c: undefined, m: undefined, a: undefined })
  })

  it('reads them when the request does resolve them, and still refuses an id that is not a snowflake', () => {
    const v = ok(
      search,
      auto(
        'search',
        [
          { type: 6, name: 'author', value: U1 },
          { type: 3, name: 'query', value: 'c', focused: true },
        ],
        { users: { [U1]: userObject(U1) } },
      ),
    )
    expect((v.options as Json).author).toStrictEqual({ user: userObject(U1), member: undefined })
    expect(
      refusedAutocomplete(
        search,
        auto('search', [
          { type: 6, name: 'author', value: 'ann' },
          { type: 3, name: 'query', value: 'c', focused: true },
        ]),
      ),
    ).toEqual([['value.type', ['data', 'options', 0, 'value']]])
    const role = ok(
      picker,
      auto(
        'picker',
        [
          { type: 8, name: 'r', value: R1 },
          { type: 3, name: 'q', value: 'x', focused: true },
        ],
        { roles: { [R1]: roleObject(R1) } },
      ),
    )
    expect((role.options as Json).r).toStrictEqual(roleObject(R1))
  })
})

describe('refusals', () => {
  it('refuses a request without a focused option', () => {
    expect(refusedAutocomplete(search, auto('search', [{ type: 3, name: 'query', value: 'c' }]))).toEqual([['interaction.focused', ['data', 'options']]])
    expect(refusedAutocomplete(search, auto('search', []))).toEqual([['interaction.focused', ['data', 'options']]])
    expect(refusedAutocomplete(search, auto('search', [{ type: 3, name: 'query', value: 'c', focused: 'true' }]))).toEqual([['interaction.focused', ['data', 'options']]])
  })

  it('refuses focus on an option that does not use autocomplete', () => {
    expect(refusedAutocomplete(search, auto('search', [{ type: 5, name: 'exact', value: true, focused: true }]))).toEqual([
      ['interaction.focused', ['data', 'options', 0, 'focused']],
      ['interaction.focused', ['data', 'options']],
    ])
    expect(refusedAutocomplete(every, auto('every', [{ type: 3, name: 'color', value: 'r', focused: true }]))).toEqual([
      ['interaction.focused', ['data', 'options', 0, 'focused']],
      ['interaction.focused', ['data', 'options']],
    ])
  })

  it('refuses two focused options, at the second', () => {
    const p = auto('search', [
      { type: 3, name: 'query', value: 'c', focused: true },
      { type: 4, name: 'limit', value: '1', focused: true },
    ])
    expect(refusedAutocomplete(search, p)).toEqual([['interaction.focused', ['data', 'options', 1, 'focused']]])
  })

  it('refuses a focused value that is not text or a number', () => {
    for (const value of [true, null, undefined, {}, ['x']])
      expect(refusedAutocomplete(search, auto('search', [{ type: 3, name: 'query', value, focused: true }]))).toEqual([
        ['value.type', ['data', 'options', 0, 'value']],
        ['interaction.focused', ['data', 'options']],
      ])
    // A number on a STRING option is not what a user types into it.
    expect(refusedAutocomplete(search, auto('search', [{ type: 3, name: 'query', value: 5, focused: true }]))).toEqual([
      ['value.type', ['data', 'options', 0, 'value']],
      ['interaction.focused', ['data', 'options']],
    ])
  })

  it('refuses an invocation (type 2) and other interaction types', () => {
    const p = auto('search', [{ type: 3, name: 'query', value: 'c', focused: true }])
    for (const type of [2, 1, 5, '4', undefined]) expect(refusedAutocomplete(search, { ...p, type })).toEqual([['interaction.type', ['type']]])
    expect(refusedAutocomplete(ban, chat('ban', [{ type: 6, name: 'target', value: U1 }], { users: { [U1]: userObject(U1) } }))).toEqual([['interaction.type', ['type']]])
  })

  it('refuses autocomplete for USER, MESSAGE and entry point commands (only CHAT_INPUT options autocomplete)', () => {
    expect(refusedAutocomplete(app, interaction({ name: 'Show profile', type: 2, target_id: U1 }, 4))).toEqual([['interaction.command', ['data', 'type']]])
    expect(refusedAutocomplete(app, interaction({ name: 'launch', type: 4 }, 4))).toEqual([['interaction.command', ['data', 'type']]])
  })

  it('refuses unknown commands, options and subcommands as parse does', () => {
    expect(refusedAutocomplete(app, auto('kick', [{ type: 3, name: 'q', value: '', focused: true }]))).toEqual([['interaction.command', ['data', 'name']]])
    expect(refusedAutocomplete(search, auto('search', [{ type: 3, name: 'q', value: '', focused: true }]))).toEqual([
      ['interaction.option', ['data', 'options', 0, 'name']],
      ['interaction.focused', ['data', 'options']],
    ])
    expect(refusedAutocomplete(config, auto('config', [{ type: 1, name: 'reset', options: [] }]))).toEqual([['interaction.subcommand', ['data', 'options', 0, 'name']]])
    expect(refusedAutocomplete(search, auto('search', [{ type: 4, name: 'query', value: '', focused: true }]))).toEqual([
      ['interaction.option', ['data', 'options', 0, 'type']],
      ['interaction.focused', ['data', 'options']],
    ])
  })

  it('refuses a payload that is not an object', () => {
    for (const p of [null, 4, 'x', []]) expect(refusedAutocomplete(search, p)).toEqual([['value.type', []]])
  })
})
