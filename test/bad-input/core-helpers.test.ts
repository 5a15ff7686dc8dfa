/**
 * The core's helpers called from plain JavaScript with arguments of the wrong type
 * (the standard: bad input gets a clear error with a path, never a crash; found by
 * the browser/worker runtime test, test/runtime). Each wrong argument gets a
 * documented outcome: a `ValidationError` whose issues say where (code and path into
 * the input), a `TypeError` that names the function and the argument, or a
 * `{ ok: false, issues }`: never the engine's own `TypeError` ("object is not
 * iterable", "Cannot read properties of null").
 */
import { describe, expect, it } from 'vitest'
import {
  canUse,
  commands,
  fromJSON,
  hasPermissions,
  InteractionError,
  localizedView,
  matchLocale,
  negotiateLocale,
  parse,
  parseAcceptLanguage,
  safeParse,
  slash,
  validateCommand,
  validateCommands,
  ValidationError,
} from '../../src/index.js'
import { CommandPermissionType } from '../../src/wire/enums.js'
import { argumentError, kindOf } from '../../src/rules/arguments.js'
import { ENGINE, thrown } from './helpers.js'

/** What a JavaScript caller may hand over where something else is expected. */
const WRONG: readonly (readonly [string, unknown])[] = [
  ['null', null],
  ['a number', 42],
  ['a string', 'abc'],
  ['an array', [1]],
  ['an object with a __proto__ key', JSON.parse('{"__proto__": {"polluted": 1}}')],
]
const GUILD = '100000000000000001'
const APP = '200000000000000002'
const ping = slash('ping', 'Pong')
/** A valid canUse input in a guild (spec "Command permission endpoints"); each case puts one wrong value in it. */
const base = {
  command: { id: '300000000000000003', application_id: APP, default_member_permissions: null },
  guildId: GUILD,
  applicationId: APP,
  member: { user: { id: '400000000000000004' }, roles: [], permissions: '0' },
  channel: { id: '500000000000000005' },
}

describe('canUse refuses a wrong input with a ValidationError at the wrong field', () => {
  it('accepts the valid input the cases start from', () => {
    expect(canUse(base as never)).toMatchObject({ allowed: true })
  })

  // The shapes: canUse's input (docs/permissions.md); the overwrites as GET .../guilds/{guild.id}/commands/permissions
  // returns them (spec "Command permission endpoints"; OpenAPI schema `CommandPermissionsResponse`: id, permissions[]).
  const cases: [string, unknown, string, (string | number)[]][] = [
    ['the input is null', null, 'value.type', []],
    ['the input is an array', [base], 'value.type', []],
    ['command is missing', { ...base, command: undefined }, 'field.required', ['command']],
    ['command is a string', { ...base, command: 'ping' }, 'value.type', ['command']],
    ['guildId is a number', { ...base, guildId: 1 }, 'value.type', ['guildId']],
    ['member is a string', { ...base, member: 'ana' }, 'value.type', ['member']],
    ['member.roles is an object', { ...base, member: { ...base.member, roles: { 0: '1' } } }, 'value.type', ['member', 'roles']],
    ['member.roles[1] is null', { ...base, member: { ...base.member, roles: ['600000000000000006', null] } }, 'value.type', ['member', 'roles', 1]],
    ['member.user is missing', { ...base, member: { roles: [], permissions: '0' } }, 'field.required', ['member', 'user']],
    ['member.permissions is a number', { ...base, member: { ...base.member, permissions: 8 } }, 'value.type', ['member', 'permissions']],
    ['channel.id is missing', { ...base, channel: {} }, 'field.required', ['channel', 'id']],
    ['overwrites is an object, not an array', { ...base, overwrites: { id: APP, permissions: [] } }, 'value.type', ['overwrites']],
    ['overwrites[0] is a string', { ...base, overwrites: ['x'] }, 'value.type', ['overwrites', 0]],
    ['overwrites[0].permissions is missing', { ...base, overwrites: [{ id: APP }] }, 'field.required', ['overwrites', 0, 'permissions']],
    ['overwrites[0].permissions is an object', { ...base, overwrites: [{ id: APP, permissions: {} }] }, 'value.type', ['overwrites', 0, 'permissions']],
    [
      'overwrites[0].permissions[0].type is not ROLE, USER or CHANNEL',
      { ...base, overwrites: [{ id: APP, permissions: [{ id: GUILD, type: 9, permission: true }] }] },
      'enum.value',
      ['overwrites', 0, 'permissions', 0, 'type'],
    ],
    [
      'an overwrite has a __proto__ key',
      { ...base, overwrites: [{ id: APP, permissions: [JSON.parse(`{"id":"${GUILD}","type":${CommandPermissionType.Role},"permission":true,"__proto__":{}}`)] }] },
      'field.unknown',
      ['overwrites', 0, 'permissions', 0, '__proto__'],
    ],
  ]
  it.each(cases)('%s', (_, input, code, path) => {
    const error = thrown(() => canUse(input as never))
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues).toContainEqual(expect.objectContaining({ code, path }))
  })

  it('reads a getter that throws as input.unreadable, at the root', () => {
    const member = {
      get roles(): never {
        throw new Error('no roles today')
      },
      user: { id: '400000000000000004' },
      permissions: '0',
    }
    const error = thrown(() => canUse({ ...base, member } as never))
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues).toEqual([expect.objectContaining({ code: 'input.unreadable', path: [] })])
    expect((error as ValidationError).message).toContain('no roles today')
  })
})

describe('the permission and locale helpers refuse a wrong argument with a TypeError that names it', () => {
  const values = WRONG.map(([, v]) => v)
  const notText = values.filter((v) => typeof v !== 'string')
  const notObject = [null, 42, 'abc', undefined]
  const cases: [string, (v: unknown) => unknown, readonly unknown[], RegExp][] = [
    // A bit set read as none would have allowed everything: hasPermissions('8', undefined) was true.
    ['hasPermissions(held)', (v) => hasPermissions(v as never, '8'), values, /^hasPermissions: held must be a permission bit set/],
    [
      'hasPermissions(required)',
      (v) => hasPermissions('8', v as never),
      [...values, undefined],
      /^hasPermissions: required must be a permission flag name \(such as "BanMembers"\), a string of digits/,
    ],
    ['matchLocale(tag)', (v) => matchLocale(v as never), notText, /^matchLocale: tag must be a language tag/],
    ['parseAcceptLanguage(header)', (v) => parseAcceptLanguage(v as never), notText, /^parseAcceptLanguage: header must be/],
    ['localizedView(command)', (v) => localizedView(v as never, 'es-ES'), notObject, /^localizedView: command must be/],
  ]
  it.each(cases)('%s', (_, call, wrong, message) => {
    for (const value of wrong) {
      const error = thrown(() => call(value))
      expect(error).toBeInstanceOf(TypeError)
      expect((error as Error).message).toMatch(message)
      expect((error as Error).message).toMatch(/\(was /)
    }
  })

  it('negotiateLocale refuses what is not an object of sources', () => {
    for (const value of [null, undefined, 42, 'de'])
      expect(() => negotiateLocale(value as never)).toThrow(/^negotiateLocale: sources must be an object \{ headers\?, userLocale\? \}/)
  })

  it('hasPermissions still answers the valid forms', () => {
    expect(hasPermissions('6', '4')).toBe(true)
    expect(hasPermissions(0n, '0')).toBe(true)
    expect(() => hasPermissions('8', 'not digits' as never)).toThrow(TypeError)
    // A flag name is a permission, but not a held bit set: held is what the service sends.
    expect(() => hasPermissions('BanMembers' as never, '4')).toThrow(/^hasPermissions: held must be a permission bit set/)
    // No required permission at all would allow everything.
    expect(() => (hasPermissions as (held: string) => boolean)('8')).toThrow(/^hasPermissions: required must be one or more permission flag names or bit sets \(was undefined\)/)
    expect(() => hasPermissions('8', 'BanMembers', 'BanMember' as never)).toThrow(/required must be a permission flag name .*\(was "BanMember"\)/)
  })
})

describe('the entries that answer with issues keep answering with issues (DESIGN.md "Contract")', () => {
  it.each(WRONG)('given %s', (_, value) => {
    for (const result of [validateCommand(value), validateCommands(value), safeParse(ping, value as never), safeParse(commands(ping), value as never)])
      expect(result).toMatchObject({ ok: false, issues: expect.arrayContaining([expect.objectContaining({ code: expect.any(String), path: expect.any(Array) })]) })
    const refused = thrown(() => parse(ping, value as never))
    expect(refused).toBeInstanceOf(InteractionError)
    const bad = thrown(() => fromJSON(value))
    expect(bad).toBeInstanceOf(ValidationError)
    for (const error of [refused, bad]) expect((error as Error).message).not.toMatch(ENGINE)
  })
})

describe('validateCommand and validateCommands never throw, whatever their options (DESIGN.md "Contract")', () => {
  const body = { name: 'ping', description: 'Pong' }
  it('reads null options as none (it threw "Cannot read properties of null")', () => {
    expect(validateCommand(body, null as never)).toEqual({ ok: true, value: body })
    expect(validateCommands([body], null as never)).toEqual({ ok: true, value: [body] })
  })
  it.each([
    ['a string', 'guild'],
    ['a number', 42],
    ['an array', ['guild']],
  ])('answers options that are %s as none: the global scope', (_, options) => {
    expect(validateCommand(body, options as never)).toEqual({ ok: true, value: body })
    expect(validateCommand({ ...body, contexts: [0] }, options as never)).toMatchObject({ ok: true })
  })
  it('still takes the guild scope ("Create body (guild)": no contexts)', () => {
    expect(validateCommand({ ...body, contexts: [0] }, { scope: 'guild' })).toMatchObject({ ok: false, issues: [{ path: ['contexts'] }] })
  })
})

describe("kindOf (slashkit/http's refusals) and argumentError (a caller's argument) share the words for a value's kind", () => {
  it('kindOf never shows the text of a value, which may be a token', () => {
    const secret = 'aW50ZXJhY3Rpb246MTIz.secret'
    expect([secret, 42, true, 1n, null, undefined, [secret], { token: secret }, () => secret].map(kindOf)).toEqual([
      'a string',
      'a number',
      'a boolean',
      'a bigint',
      'null',
      'undefined',
      'an array',
      'an object',
      'a function',
    ])
  })

  it('argumentError shows a primitive as written and anything else by kindOf', () => {
    const was = (v: unknown) => argumentError('fn', 'x', 'a thing', v).message.replace('fn: x must be a thing ', '')
    expect([Number.NaN, 1.5, 'abc', false, 2n, null, undefined, [1], {}, Symbol('s')].map(was)).toEqual([
      '(was NaN)',
      '(was 1.5)',
      '(was "abc")',
      '(was false)',
      '(was 2n)',
      '(was null)',
      '(was undefined)',
      '(was an array)',
      '(was an object)',
      '(was a symbol)',
    ])
  })
})
