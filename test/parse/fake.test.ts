/**
 * `fakeInteraction(definition, input)`: a realistic payload (spec "Interaction
 * payloads received by the application") with `data.resolved` filled in, that
 * `parse` reads back to the values put in.
 */
import { describe, expect, it } from 'vitest'
import { commands, message, option, parse, parseAutocomplete, slash, user, validateCommand } from '../../src/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { app, ban, config, every, launch, play, profile, report, search } from './helpers.js'

const SNOWFLAKE = /^\d{17,20}$/

describe('the payload', () => {
  it('has the fields of an interaction and a command invocation (type 2)', () => {
    const body = fakeInteraction(ban, { options: { target: { user: { username: 'ann' } }, days: 3 } })
    expect(body).toMatchObject({ type: 2, version: 1, locale: 'en-US', guild_locale: 'en-US', app_permissions: '0' })
    // Public API v10 puts both on every interaction; discord.js reads entitlements without a default.
    expect(body).toMatchObject({ entitlements: [], attachment_size_limit: 10 * 1024 * 1024 })
    for (const id of [body.id, body.application_id, body.guild_id, body.channel_id, body.data.id, body.data.guild_id]) expect(id).toMatch(SNOWFLAKE)
    expect(typeof body.token).toBe('string')
    expect(body.member?.user.id).toMatch(SNOWFLAKE)
    expect(body.user).toBeUndefined()
    expect(body.data).toMatchObject({ name: 'ban', type: 1 })
    expect(body.data.options).toEqual([
      { type: 6, name: 'target', value: expect.stringMatching(SNOWFLAKE) },
      { type: 4, name: 'days', value: 3 },
    ])
    const id = body.data.options?.[0]?.value as string
    expect(body.data.resolved?.users?.[id]).toMatchObject({ id, username: 'ann' })
    expect(body.data.resolved?.members?.[id]).toMatchObject({ roles: [] })
    expect(JSON.parse(JSON.stringify(body))).toEqual(body)
  })

  it('is outside a guild with guildId null: user instead of member, no resolved members', () => {
    const body = fakeInteraction(ban, { guildId: null, options: { target: {} } })
    expect(body.guild_id).toBeUndefined()
    expect(body.member).toBeUndefined()
    expect(body.user?.id).toMatch(SNOWFLAKE)
    expect(body.data.resolved?.members).toBeUndefined()
    expect(parse(ban, body).options.target.member).toBeUndefined()
  })

  it('takes the context it is given: guild, channel, locale, invoking user', () => {
    const body = fakeInteraction(ban, {
      guildId: '210000000000000001',
      channelId: '310000000000000001',
      locale: 'es-ES',
      user: { id: '510000000000000001', username: 'me' },
      options: { target: {} },
    })
    expect(body).toMatchObject({
      guild_id: '210000000000000001',
      channel_id: '310000000000000001',
      locale: 'es-ES',
      member: { user: { id: '510000000000000001', username: 'me' } },
    })
  })

  it('gives fresh ids, so two fakes do not collide', () => {
    const a = fakeInteraction(ban, { options: { target: {} } })
    const b = fakeInteraction(ban, { options: { target: {} } })
    expect(a.id).not.toBe(b.id)
    expect(a.data.options?.[0]?.value).not.toBe(b.data.options?.[0]?.value)
  })
})

describe('parse reads back the values put in', () => {
  it('every option type, with resolved objects built from the fields given', () => {
    const body = fakeInteraction(every, {
      options: {
        s: 'text',
        i: -3,
        n: 0.5,
        b: true,
        u: { user: { username: 'ann' }, member: { nick: 'Annie' } },
        c: { name: 'news', type: 5 },
        r: { name: 'mod', color: 7 },
        m: { role: { name: 'team' } },
        a: { filename: 'cat.png' },
        color: 'blue',
        size: 1,
        ratio: 0.5,
        temp: 2.5,
        text: { name: 'voice' },
      },
    })
    const v = parse(every, body)
    expect(v.options).toMatchObject({ s: 'text', i: -3, n: 0.5, b: true, color: 'blue', size: 1, ratio: 0.5, temp: 2.5 })
    expect(v.options.u).toMatchObject({ user: { username: 'ann' }, member: { nick: 'Annie' } })
    expect(v.options.c).toMatchObject({ name: 'news', type: 5 })
    expect(v.options.r).toMatchObject({ name: 'mod', color: 7 })
    expect(v.options.m).toMatchObject({ role: { name: 'team' } })
    expect(v.options.a).toMatchObject({ filename: 'cat.png' })
    // A channel without a type takes the first of the option's channel_types.
    expect(v.options.text).toMatchObject({ name: 'voice', type: 0 })
  })

  it('a MENTIONABLE given a user resolves to { user, member }', () => {
    const v = parse(every, fakeInteraction(every, { options: { s: '', i: 0, n: 0, b: false, m: { user: { username: 'bob' } } } }))
    expect(v.options.m).toMatchObject({ user: { username: 'bob' }, member: { roles: [] } })
  })

  it('ids given are kept', () => {
    const v = parse(every, fakeInteraction(every, { options: { s: '', i: 0, n: 0, b: false, u: { user: { id: '520000000000000001' } }, r: { id: '620000000000000001' } } }))
    expect(v.options.u?.user.id).toBe('520000000000000001')
    expect(v.options.r?.id).toBe('620000000000000001')
  })

  it('subcommands and groups', () => {
    expect(parse(config, fakeInteraction(config, { subcommand: 'show' }))).toEqual({ command: 'config', group: undefined, subcommand: 'show', options: {} })
    expect(parse(config, fakeInteraction(config, { subcommand: 'set', options: { key: 'lang', value: 'es' } }))).toEqual({
      command: 'config',
      group: undefined,
      subcommand: 'set',
      options: { key: 'lang', value: 'es' },
    })
    const grant = parse(config, fakeInteraction(config, { group: 'role', subcommand: 'grant', options: { role: { name: 'mod' } } }))
    expect(grant).toMatchObject({ command: 'config', group: 'role', subcommand: 'grant', options: { role: { name: 'mod' } } })
  })

  it('USER, MESSAGE and entry point commands', () => {
    const u = parse(profile, fakeInteraction(profile, { target: { user: { username: 'ann' }, member: { nick: 'A' } } }))
    expect(u).toMatchObject({ command: 'Show profile', target: { user: { username: 'ann' }, member: { nick: 'A' } } })
    expect(parse(profile, fakeInteraction(profile, { guildId: null })).target.member).toBeUndefined()
    const m = parse(report, fakeInteraction(report, { target: { content: 'buy now' } }))
    expect(m).toMatchObject({ command: 'Report message', target: { content: 'buy now' } })
    expect(parse(launch, fakeInteraction(launch, {}))).toEqual({ command: 'launch' })
    expect(parse(play, fakeInteraction(play, {}))).toEqual({ command: 'play' })
  })

  it('sets: the command by name', () => {
    expect(parse(app, fakeInteraction(app, { command: 'ban', options: { target: {} } })).command).toBe('ban')
    expect(parse(app, fakeInteraction(app, { command: 'config', subcommand: 'show' }))).toMatchObject({ command: 'config', subcommand: 'show' })
    expect(parse(app, fakeInteraction(app, { command: 'Show profile' })).command).toBe('Show profile')
    expect(parse(app, fakeInteraction(app, { command: 'launch' }))).toEqual({ command: 'launch' })
  })

  it('sets with a name shared by several command types: a target picks the USER or MESSAGE command', () => {
    const both = commands(slash('profile', 'Show a profile').subcommand('card', 'As a card'), user('profile'), message('profile'))
    expect(parse(both, fakeInteraction(both, { command: 'profile', subcommand: 'card' }))).toMatchObject({ subcommand: 'card' })
    expect(parse(both, fakeInteraction(both, { command: 'profile', target: { user: { username: 'ann' } } }))).toMatchObject({ target: { user: { username: 'ann' } } })
  })

  it('option names __proto__ and constructor (valid under "Naming rules" 1) go through as own properties', () => {
    const d = slash('odd', 'Odd names').options(option.string('__proto__', 'Proto').required(), option.integer('constructor', 'Ctor'))
    expect(validateCommand(d.toJSON()).ok).toBe(true)
    const body = fakeInteraction(d, { options: { ['__proto__']: 'x', constructor: 3 } as never })
    const v = parse(d, body)
    expect(Object.getPrototypeOf(v.options)).toBe(Object.prototype)
    expect(Object.getOwnPropertyNames(v.options)).toEqual(['__proto__', 'constructor'])
    expect(Object.getOwnPropertyDescriptor(v.options, '__proto__')?.value).toBe('x')
    expect(v.options.constructor).toBe(3)
  })
})

describe('autocomplete requests (type 4)', () => {
  it('marks the focused option with the text typed; parseAutocomplete reads it back', () => {
    const body = fakeInteraction(search, { type: 4, focused: { name: 'limit', value: '1' }, options: { exact: true } })
    expect(body.type).toBe(4)
    expect(body.data.options).toEqual([
      { type: 4, name: 'limit', value: '1', focused: true },
      { type: 5, name: 'exact', value: true },
    ])
    expect(parseAutocomplete(search, body)).toEqual({
      command: 'search',
      group: undefined,
      subcommand: undefined,
      focused: { name: 'limit', type: 4, value: '1' },
      options: { query: undefined, limit: undefined, score: undefined, exact: true, author: undefined },
    })
  })

  it('in a subcommand of a group, and in a set', () => {
    const body = fakeInteraction(config, { type: 4, group: 'role', subcommand: 'revoke', focused: { name: 'why', value: 'sp' } })
    expect(parseAutocomplete(config, body).focused).toEqual({ name: 'why', type: 3, value: 'sp' })
    expect(parseAutocomplete(app, fakeInteraction(app, { command: 'ban', type: 4, focused: { name: 'reason', value: 's' } })).focused.name).toBe('reason')
  })
})

describe('misuse from JavaScript', () => {
  it('throws TypeError for a subcommand, group or command that does not exist', () => {
    expect(() => fakeInteraction(config, { subcommand: 'reset' } as never)).toThrow(/'reset' is not a subcommand or group of 'config'/)
    expect(() => fakeInteraction(config, {} as never)).toThrow(TypeError)
    expect(() => fakeInteraction(config, { group: 'role', subcommand: 'show' } as never)).toThrow(/not a subcommand of group 'role'/)
    expect(() => fakeInteraction(app, { command: 'kick' } as never)).toThrow(/holds no command 'kick'/)
    expect(() => fakeInteraction(app, {} as never)).toThrow(TypeError)
  })

  it('leaves out options given as undefined (DESIGN.md: a key whose value is undefined is absent)', () => {
    const body = fakeInteraction(ban, { options: { target: {}, days: undefined } })
    expect(body.data.options?.map((o) => o.name)).toEqual(['target'])
  })

  // Public API v10: data.options holds only the command's options, and the input's other keys are the path and the
  // settings. A key outside them, dropped, made a payload that lacked what the test meant to give (`{ days: 3 }` beside
  // options, a misspelt option): refused with its path, never accepted in silence.
  it('refuses an option it does not know, and a key of the input that is none of its fields', () => {
    expect(() => fakeInteraction(ban, { options: { target: {}, kick: 1 } as never })).toThrow(
      new TypeError('fakeInteraction: input.options.kick is not an option of /ban (its options: target, days, reason)'),
    )
    expect(() => fakeInteraction(config, { group: 'role', subcommand: 'revoke', options: { who: {} } } as never)).toThrow(
      /input\.options\.who is not an option of \/config role revoke \(its options: /,
    )
    // An option's value beside the path says where it goes.
    expect(() => fakeInteraction(ban, { options: { target: {} }, days: 3 } as never)).toThrow(
      /^fakeInteraction: input\.days is not a field of input \(its fields: command, group, .*\); an option's value goes in options: \{ options: \{ days: \.\.\. \} \}$/,
    )
    expect(() => fakeInteraction(ban, { options: { target: {} }, guild: '1' } as never)).toThrow(
      /input\.guild is not a field of input \(its fields: .*guildId, channelId, locale, user\)$/,
    )
    // Hostile and odd keys are named as keys, never read.
    expect(() => fakeInteraction(ban, JSON.parse('{"options":{"target":{}},"__proto__":{"x":1}}'))).toThrow(/input\.__proto__ is not a field of input/)
    expect(() => fakeInteraction(ban, JSON.parse('{"options":{"target":{},"a b":1}}'))).toThrow(/input\.options\["a b"\] is not an option of \/ban/)
    expect(() => fakeInteraction(ban, { options: null } as never)).toThrow(new TypeError('fakeInteraction: input.options must be an object of option values by name (was null)'))
  })
})
