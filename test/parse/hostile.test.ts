/**
 * Hostile payloads: getters that throw, proxies, `__proto__` and `constructor`
 * keys at every level, cyclic resolved maps. `safeParse` and `safeParseAutocomplete`
 * never throw on them and nothing ever writes to `Object.prototype`.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { commands, option, parse, safeParse, safeParseAutocomplete, slash, type Issue } from '../../src/index.js'
import { app, ban, banPayload, chat, config, every, everyPayload, interaction, R1, refused, search, U1, userObject, type Json } from './helpers.js'

const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort()

afterEach(() => {
  // Nothing may have been added to (or replaced on) Object.prototype.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_KEYS)
  expect(({} as Json).polluted).toBeUndefined()
  expect(({} as Json)[U1]).toBeUndefined()
})

/** `safeParse` and `safeParseAutocomplete` answer without throwing; the result is returned. */
function survives(definition: unknown, payload: unknown): { ok: boolean; value?: unknown; issues?: readonly Issue[] } {
  let r: { ok: boolean; value?: unknown; issues?: readonly Issue[] } | undefined
  expect(() => {
    r = safeParse(definition as never, payload) as { ok: boolean; value?: unknown; issues?: readonly Issue[] }
  }).not.toThrow()
  expect(() => safeParseAutocomplete(definition as never, payload)).not.toThrow()
  if (r === undefined) throw new Error('unreachable')
  return r
}

const throwing = (message: unknown) => () => {
  throw message
}

/** Puts a getter that throws at `key` of `target`. */
const trap = (target: Json, key: string, thrown: unknown = new Error('trap')): Json =>
  Object.defineProperty(target, key, { get: throwing(thrown), enumerable: true, configurable: true })

describe('getters that throw (input.unreadable, at the root)', () => {
  const places: [string, (p: Json) => void][] = [
    ['interaction.type', (p) => trap(p, 'type')],
    ['interaction.data', (p) => trap(p, 'data')],
    ['data.name', (p) => trap(p.data as Json, 'name')],
    ['data.type', (p) => trap(p.data as Json, 'type')],
    ['data.options', (p) => trap(p.data as Json, 'options')],
    ['data.resolved', (p) => trap(p.data as Json, 'resolved')],
    ['an option', (p) => trap((p.data as Json).options as unknown as Json, '0')],
    ['an option name', (p) => trap(((p.data as Json).options as Json[])[0] as Json, 'name')],
    ['an option value', (p) => trap(((p.data as Json).options as Json[])[1] as Json, 'value')],
    ['resolved.users', (p) => trap((p.data as Json).resolved as Json, 'users')],
    ['a resolved user', (p) => trap(((p.data as Json).resolved as Json).users as Json, U1)],
    ['resolved.members', (p) => trap((p.data as Json).resolved as Json, 'members')],
  ]

  it.each(places)('at %s', (_, install) => {
    const p = banPayload()
    install(p)
    const r = survives(ban, p)
    expect(r.ok).toBe(false)
    expect(r.issues).toEqual([{ code: 'input.unreadable', path: [], message: 'interaction could not be read: trap', detail: 'trap' }])
    expect(() => parse(ban, p)).toThrow(/could not be read/)
  })

  it('whatever is thrown: strings, symbols, null, objects whose toString or message throws', () => {
    const evil = { toString: throwing(new Error('again')), valueOf: throwing(new Error('again')) }
    const evilError = Object.defineProperty(new Error('x'), 'message', { get: throwing(evil) })
    const proxyError = new Proxy(
      {},
      {
        getPrototypeOf: throwing(new Error('no prototype')),
        get: throwing(new Error('no get')),
      },
    )
    for (const thrown of ['text', Symbol('s'), null, undefined, 42, evil, evilError, proxyError]) {
      const p = banPayload()
      trap(p, 'data', thrown)
      const r = survives(ban, p)
      expect(r.issues?.map((i) => i.code)).toEqual(['input.unreadable'])
    }
  })
})

describe('proxies', () => {
  const hostileHandler: ProxyHandler<object> = {
    get: throwing(new Error('get')),
    has: throwing(new Error('has')),
    ownKeys: throwing(new Error('ownKeys')),
    getOwnPropertyDescriptor: throwing(new Error('getOwnPropertyDescriptor')),
    getPrototypeOf: throwing(new Error('getPrototypeOf')),
  }

  it('a proxy whose every trap throws, as the payload and at every level', () => {
    const install: ((p: Json) => unknown)[] = [
      (p) => new Proxy(p, hostileHandler),
      (p) => ({ ...p, data: new Proxy(p.data as object, hostileHandler) }),
      (p) => (((p.data as Json).options = new Proxy([], hostileHandler)), p),
      (p) => ((((p.data as Json).options as unknown[])[0] = new Proxy({}, hostileHandler)), p),
      (p) => (((p.data as Json).resolved = new Proxy({}, hostileHandler)), p),
      (p) => ((((p.data as Json).resolved as Json).users = new Proxy({}, hostileHandler)), p),
    ]
    for (const make of install) {
      const r = survives(ban, make(banPayload()))
      expect(r.ok).toBe(false)
      expect(r.issues?.map((i) => i.code)).toEqual(['input.unreadable'])
    }
  })

  it('a revoked proxy, as the payload and as data', () => {
    const revoked = () => {
      const { proxy, revoke } = Proxy.revocable({}, {})
      revoke()
      return proxy
    }
    expect(survives(ban, revoked()).issues?.map((i) => i.code)).toEqual(['input.unreadable'])
    expect(survives(ban, { ...banPayload(), data: revoked() }).issues?.map((i) => i.code)).toEqual(['input.unreadable'])
  })

  it('a transparent proxy reads like the object it wraps', () => {
    const p = banPayload()
    const wrap = (v: unknown): unknown => (typeof v === 'object' && v !== null ? new Proxy(v, { get: (t, k) => wrap(Reflect.get(t, k)) }) : v)
    const r = survives(ban, wrap(p))
    expect(r.ok).toBe(true)
    expect((r.value as { options: { days: number } }).options.days).toBe(3)
  })

  it('a proxy that lies about its keys cannot slip an inherited id through', () => {
    const users = new Proxy({} as Json, { has: () => true, get: () => userObject(U1) })
    const r = survives(every, everyPayload([{ type: 6, name: 'u', value: U1 }], { users }))
    expect(r.issues?.map((i) => [i.code, i.path])).toEqual([['interaction.resolved', ['data', 'options', 4, 'value']]])
  })
})

describe('__proto__ and constructor keys', () => {
  /** JSON.parse makes `__proto__` an own data property, as a payload from the network has it. */
  const fromWire = (text: string): unknown => JSON.parse(text)

  it('__proto__ keys at every level of a payload pollute nothing and change nothing', () => {
    const body = JSON.stringify(banPayload())
    const evil = JSON.parse(body) as Json
    const poison = { polluted: true, [U1]: userObject(U1) }
    const add = (o: Json) => Object.defineProperty(o, '__proto__', { value: poison, enumerable: true, configurable: true, writable: true })
    add(evil)
    add(evil.data as Json)
    for (const o of (evil.data as Json).options as Json[]) add(o)
    const resolved = (evil.data as Json).resolved as Json
    add(resolved)
    add(resolved.users as Json)
    add(resolved.members as Json)
    add((resolved.users as Record<string, Json>)[U1] as Json)
    const r = survives(ban, JSON.parse(JSON.stringify(evil)))
    expect(r.ok).toBe(true)
    expect((r.value as Json).options).toMatchObject({ days: 3, reason: 'spam bot' })
  })

  it('a __proto__ or constructor option in the payload is an unknown option, not a lookup on a prototype', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const p = banPayload()
      ;((p.data as Json).options as Json[]).push({ type: 3, name, value: 'x' })
      expect(refused(ban, p)).toEqual([['interaction.option', ['data', 'options', 3, 'name']]])
    }
  })

  it('__proto__, constructor and prototype names as subcommands and commands are refused when not defined', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect(refused(config, chat('config', [{ type: 1, name }]))).toEqual([['interaction.subcommand', ['data', 'options', 0, 'name']]])
      expect(refused(config, chat('config', [{ type: 2, name: 'role', options: [{ type: 1, name }] }]))).toEqual([
        ['interaction.subcommand', ['data', 'options', 0, 'options', 0, 'name']],
      ])
      expect(refused(app, chat(name))).toEqual([['interaction.command', ['data', 'name']]])
    }
  })

  it('ids __proto__ and constructor are not snowflakes: refused before any lookup', () => {
    for (const id of ['__proto__', 'constructor']) {
      const r = survives(every, fromWire(JSON.stringify(everyPayload([{ type: 6, name: 'u', value: id }]))))
      expect(r.issues?.map((i) => [i.code, i.path])).toEqual([['value.type', ['data', 'options', 4, 'value']]])
    }
    const target = survives(app, interaction({ name: 'Show profile', type: 2, target_id: '__proto__', resolved: { users: {} } }))
    expect(target.issues?.map((i) => [i.code, i.path])).toEqual([['value.type', ['data', 'target_id']]])
  })

  it('definitions with options, subcommands and groups named __proto__ and constructor ("Naming rules" 1 allows them)', () => {
    const odd = slash('constructor', 'Odd')
      .subcommand('__proto__', 'Proto', (s) => s.options(option.string('__proto__', 'P').required(), option.user('constructor', 'C')))
      .group('prototype', 'Group', (g) => g.subcommand('constructor', 'C', (s) => s.options(option.integer('__proto__', 'P').autocomplete())))
    const p = fromWire(
      JSON.stringify(
        chat(
          'constructor',
          [
            {
              type: 1,
              name: '__proto__',
              options: [
                { type: 3, name: '__proto__', value: 'polluted' },
                { type: 6, name: 'constructor', value: U1 },
              ],
            },
          ],
          {
            users: { [U1]: userObject(U1) },
          },
        ),
      ),
    )
    const v = parse(odd, p) as { subcommand: string; options: Json }
    expect(v.subcommand).toBe('__proto__')
    expect(Object.getPrototypeOf(v.options)).toBe(Object.prototype)
    expect(Object.getOwnPropertyNames(v.options)).toEqual(['__proto__', 'constructor'])
    expect(Object.getOwnPropertyDescriptor(v.options, '__proto__')?.value).toBe('polluted')
    expect(v.options.constructor).toEqual({ user: userObject(U1), member: undefined })
    // An absent __proto__ option is an own undefined, not the prototype.
    const q = chat('constructor', [{ type: 2, name: 'prototype', options: [{ type: 1, name: 'constructor', options: [] }] }])
    const w = parse(odd, q) as { options: Json }
    expect(Object.getOwnPropertyDescriptor(w.options, '__proto__')).toEqual({ value: undefined, writable: true, enumerable: true, configurable: true })
    expect(Object.getPrototypeOf(w.options)).toBe(Object.prototype)
    // Autocomplete on an option named __proto__.
    const a = interaction(
      {
        name: 'constructor',
        type: 1,
        options: [{ type: 2, name: 'prototype', options: [{ type: 1, name: 'constructor', options: [{ type: 4, name: '__proto__', value: '12', focused: true }] }] }],
      },
      4,
    )
    const ac = safeParseAutocomplete(odd, a)
    expect(ac.ok && ac.value.focused).toEqual({ name: '__proto__', type: 4, value: '12' })
  })

  it('a set holding a command named constructor', () => {
    const set = commands(slash('constructor', 'C'), slash('tostring', 'T'))
    expect(parse(set, chat('constructor')).command).toBe('constructor')
    expect(refused(set, chat('__proto__'))).toEqual([['interaction.command', ['data', 'name']]])
  })
})

describe('cycles and odd shapes', () => {
  it('cyclic resolved maps are read without walking them', () => {
    const p = banPayload()
    const resolved = (p.data as Json).resolved as Json
    const u = (resolved.users as Record<string, Json>)[U1] as Json
    u.self = u
    resolved.self = resolved
    ;(resolved.users as Json).parent = resolved
    const r = survives(ban, p)
    expect(r.ok).toBe(true)
    expect((r.value as { options: { target: { user: unknown } } }).options.target.user).toBe(u)
  })

  it('a cyclic payload and cyclic option lists are refused or read, never looped over', () => {
    const p = banPayload()
    ;(p.data as Json).data = p.data
    p.self = p
    expect(survives(ban, p).ok).toBe(true)
    const q = chat('config', [])
    const sub: Json = { type: 1, name: 'set' }
    sub.options = [sub]
    ;((q.data as Json).options as unknown[]).push(sub)
    expect(survives(config, q).issues?.map((i) => i.code)).toEqual(['interaction.option', 'interaction.required', 'interaction.required'])
  })

  it('arrays, class instances and functions where objects belong', () => {
    class Data {
      name = 'ban'
      type = 1
    }
    expect(survives(ban, { type: 2, data: new Data() }).issues?.map((i) => i.code)).toEqual(['interaction.required'])
    for (const data of [[], () => 0, new Map(), 'x']) expect(survives(ban, { type: 2, data }).ok).toBe(false)
    const holey = banPayload()
    ;((holey.data as Json).options as unknown[]).length = 5
    expect(survives(ban, holey).issues?.map((i) => [i.code, i.path])).toEqual([
      ['value.type', ['data', 'options', 3]],
      ['value.type', ['data', 'options', 4]],
    ])
  })

  it('a huge options list is answered with one issue, unread (spec: "Limits", 25 options; src/rules/bounds.ts)', () => {
    const p = chat(
      'search',
      Array.from({ length: 10_000 }, (_, i) => ({ type: 3, name: `x${i}`, value: '' })),
    )
    const r = survives(search, p)
    expect(r.issues?.map((i) => [i.code, i.path])).toEqual([['options.too_many', ['data', 'options']]])
  })

  it('a role map whose entry is the map itself', () => {
    const roles: Json = {}
    roles[R1] = roles
    const r = survives(every, everyPayload([{ type: 8, name: 'r', value: R1 }], { roles }))
    expect(r.ok).toBe(true)
    expect((r.value as { options: { r: unknown } }).options.r).toBe(roles)
  })
})
