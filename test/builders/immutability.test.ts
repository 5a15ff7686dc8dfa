/**
 * Builders are immutable values (DESIGN.md "The shape"; STYLE.md 2): every call
 * returns a new builder and leaves its receiver as it was; a base reused by several
 * commands leaks nothing into its siblings; a shared option stays the same; each
 * `toJSON` hands out a fresh, mutable tree; the state itself is never written.
 */
import { describe, expect, it } from 'vitest'
import { choice, commands, entryPoint, fromJSON, message, option, slash, user } from '../../src/index.js'
import { reachable } from './helpers.js'

type AnyBuilder = { toJSON(...args: never[]): unknown }

/** `next` is a new value, and `before` still emits what it emitted before the call. */
function expectNewValue(before: AnyBuilder, next: AnyBuilder): void {
  const snapshot = JSON.parse(JSON.stringify((before as { toJSON(): unknown }).toJSON()))
  expect(next).not.toBe(before)
  expect((before as { toJSON(): unknown }).toJSON()).toStrictEqual(snapshot)
  expect((next as { toJSON(): unknown }).toJSON()).not.toStrictEqual(snapshot)
}

describe('every builder call returns a new value and leaves its receiver unchanged', () => {
  it('choice.localize', () => {
    const c = choice('Red', 'red')
    const next = c.localize('es-ES', 'Rojo')
    expectNewValue(c, next)
    expect(c.toJSON()).toStrictEqual({ name: 'Red', value: 'red' })
  })

  const s = option.string('s', 'd')
  const i = option.integer('i', 'd')
  const n = option.number('n', 'd')
  const ch = option.channel('c', 'd')
  it.each<[string, AnyBuilder, AnyBuilder]>([
    ['string.required', s, s.required()],
    ['string.choices', s, s.choices(choice('A', 'a'))],
    ['string.autocomplete', s, s.autocomplete()],
    ['string.minLength', s, s.minLength(1)],
    ['string.maxLength', s, s.maxLength(10)],
    ['string.localize', s, s.localize('fr', { name: 'f' })],
    ['integer.min', i, i.min(1)],
    ['integer.max', i, i.max(1)],
    ['integer.choices', i, i.choices(choice('One', 1))],
    ['integer.autocomplete', i, i.autocomplete()],
    ['number.min', n, n.min(0.5)],
    ['number.max', n, n.max(0.5)],
    ['channel.channelTypes', ch, ch.channelTypes(0)],
    ['boolean.required', option.boolean('b', 'd'), option.boolean('b', 'd').required()],
    ['user.localize', option.user('u', 'd'), option.user('u', 'd').localize('de', { description: 'x' })],
  ])('option %s', (_, before, next) => {
    expectNewValue(before, next)
  })

  it('options with bounds: each call stacks on a copy', () => {
    const base = option.integer('i', 'd').min(1)
    const a = base.max(5)
    const b = base.max(9)
    expect(base.toJSON()).toStrictEqual({ type: 4, name: 'i', description: 'd', min_value: 1 })
    expect(a.toJSON()).toStrictEqual({ type: 4, name: 'i', description: 'd', min_value: 1, max_value: 5 })
    expect(b.toJSON()).toStrictEqual({ type: 4, name: 'i', description: 'd', min_value: 1, max_value: 9 })
  })

  const c = slash('c', 'd')
  it.each<[string, AnyBuilder, AnyBuilder]>([
    ['options', c, c.options(option.string('o', 'd'))],
    ['subcommand', c, c.subcommand('s', 'd')],
    ['group', c, c.group('g', 'd', (g) => g.subcommand('s', 'd'))],
    ['defaultMemberPermissions', c, c.defaultMemberPermissions('BanMembers')],
    ['contexts', c, c.contexts('Guild')],
    ['integrationTypes', c, c.integrationTypes('UserInstall')],
    ['dmPermission', c, c.dmPermission(false)],
    ['nsfw', c, c.nsfw()],
    ['localize', c, c.localize('fr', { name: 'cf' })],
    ['user.localize', user('U'), user('U').localize('fr', 'V')],
    ['message.nsfw', message('M'), message('M').nsfw()],
    ['entryPoint.handler', entryPoint('launch', 'd'), entryPoint('launch', 'd').handler('AppHandler')],
  ])('command %s', (_, before, next) => {
    expectNewValue(before, next)
  })

  it('subcommand and group builders handed to callbacks', () => {
    let sub: { toJSON(): unknown } | undefined
    let subNext: { toJSON(): unknown } | undefined
    let group: { toJSON(): unknown } | undefined
    let groupNext: { toJSON(): unknown } | undefined
    slash('c', 'd')
      .subcommand('s', 'd', (s) => {
        sub = s
        const next = s.options(option.string('o', 'd')).localize('fr', { name: 's-fr' })
        subNext = next
        return next
      })
      .group('g', 'd', (g) => {
        group = g
        const next = g.subcommand('x', 'd').localize('fr', { description: 'g-fr' })
        groupNext = next
        return next
      })
    expectNewValue(sub!, subNext!)
    expect(sub!.toJSON()).toStrictEqual({ type: 1, name: 's', description: 'd' })
    expectNewValue(group!, groupNext!)
    expect(group!.toJSON()).toStrictEqual({ type: 2, name: 'g', description: 'd' })
  })

  it('a fromJSON result', () => {
    const loose = fromJSON({ name: 'c', description: 'd' })
    expectNewValue(loose, loose.nsfw())
    expectNewValue(loose, loose.localize('fr', { name: 'cf' }))
    expectNewValue(loose, loose.defaultMemberPermissions('0'))
    expectNewValue(loose, loose.contexts('Guild'))
    expectNewValue(loose, loose.integrationTypes('UserInstall'))
  })
})

describe('a base command reused by several commands leaks nothing into its siblings', () => {
  const base = slash('base', 'Base').options(option.string('a', 'A').required()).localize('es-ES', { name: 'base-es' }).defaultMemberPermissions('BanMembers')

  const BASE = {
    type: 1,
    name: 'base',
    description: 'Base',
    options: [{ type: 3, name: 'a', description: 'A', required: true }],
    name_localizations: { 'es-ES': 'base-es' },
    default_member_permissions: '4',
  }

  it('options added to one sibling stay out of the others and out of the base', () => {
    const one = base.options(option.string('b', 'B'))
    const two = base.options(option.integer('c', 'C'), option.boolean('e', 'E'))
    const three = one.options(option.user('f', 'F'))
    expect(one.toJSON().options?.map((o) => o.name)).toEqual(['a', 'b'])
    expect(two.toJSON().options?.map((o) => o.name)).toEqual(['a', 'c', 'e'])
    expect(three.toJSON().options?.map((o) => o.name)).toEqual(['a', 'b', 'f'])
    expect(one.toJSON().options?.map((o) => o.name)).toEqual(['a', 'b'])
    expect(base.toJSON()).toStrictEqual(BASE)
  })

  it('localizations added to one sibling (same locale and other locales) stay out of the others', () => {
    const one = base.localize('es-ES', { name: 'uno', description: 'Uno' })
    const two = base.localize('fr', { name: 'deux' })
    const three = base.localize('es-ES', { name: 'base' }) // equal to the default: removes es-ES
    expect(one.toJSON().name_localizations).toStrictEqual({ 'es-ES': 'uno' })
    expect(one.toJSON().description_localizations).toStrictEqual({ 'es-ES': 'Uno' })
    expect(two.toJSON().name_localizations).toStrictEqual({ 'es-ES': 'base-es', fr: 'deux' })
    expect(two.toJSON()).not.toHaveProperty('description_localizations')
    expect(three.toJSON()).not.toHaveProperty('name_localizations')
    expect(base.toJSON()).toStrictEqual(BASE)
  })

  it('settings set on one sibling stay out of the others', () => {
    const one = base.nsfw().contexts('Guild').dmPermission(false)
    const two = base.integrationTypes('UserInstall').defaultMemberPermissions(null)
    expect(one.toJSON()).toStrictEqual({ ...BASE, nsfw: true, contexts: [0], dm_permission: false })
    expect(two.toJSON()).toStrictEqual({ ...BASE, integration_types: [1], default_member_permissions: null })
    expect(base.toJSON()).toStrictEqual(BASE)
  })

  it('siblings emit their own JSON even when built in an interleaved order', () => {
    const one = base.options(option.string('b', 'B'))
    const two = base.nsfw()
    const oneMore = one.localize('fr', { name: 'x' })
    const twoMore = two.options(option.string('z', 'Z'))
    expect([base, one, two, oneMore, twoMore].map((c) => c.toJSON())).toStrictEqual([
      BASE,
      { ...BASE, options: [...BASE.options, { type: 3, name: 'b', description: 'B' }] },
      { ...BASE, nsfw: true },
      { ...BASE, options: [...BASE.options, { type: 3, name: 'b', description: 'B' }], name_localizations: { 'es-ES': 'base-es', fr: 'x' } },
      { ...BASE, nsfw: true, options: [...BASE.options, { type: 3, name: 'z', description: 'Z' }] },
    ])
  })

  it('a base with subcommands: a subcommand added to one sibling stays out of the others', () => {
    const parent = slash('p', 'P').subcommand('a', 'A', (s) => s.options(option.string('x', 'X')))
    const one = parent.subcommand('b', 'B')
    const two = parent.group('g', 'G', (g) => g.subcommand('c', 'C'))
    expect(one.toJSON().options?.map((o) => o.name)).toEqual(['a', 'b'])
    expect(two.toJSON().options?.map((o) => o.name)).toEqual(['a', 'g'])
    expect(parent.toJSON().options?.map((o) => o.name)).toEqual(['a'])
  })

  it('a base option reused with different settings', () => {
    const opt = option.string('o', 'd').localize('es-ES', { name: 'o-es' })
    const a = opt.required().choices(choice('A', 'a'))
    const b = opt.autocomplete().localize('es-ES', { name: 'o-es2' })
    expect(a.toJSON()).toStrictEqual({
      type: 3,
      name: 'o',
      description: 'd',
      required: true,
      choices: [{ name: 'A', value: 'a' }],
      name_localizations: { 'es-ES': 'o-es' },
    })
    expect(b.toJSON()).toStrictEqual({ type: 3, name: 'o', description: 'd', autocomplete: true, name_localizations: { 'es-ES': 'o-es2' } })
    expect(opt.toJSON()).toStrictEqual({ type: 3, name: 'o', description: 'd', name_localizations: { 'es-ES': 'o-es' } })
  })
})

describe('an option shared by many commands and subcommands stays the same', () => {
  const shared = option.channel('where', 'Channel').channelTypes(0, 5).localize('fr', { name: 'ou' })
  const SHARED = { type: 7, name: 'where', description: 'Channel', channel_types: [0, 5], name_localizations: { fr: 'ou' } }
  const red = choice('Red', 'red').localize('fr', 'Rouge')
  const color = option.string('color', 'Color').choices(red, choice('Blue', 'blue'))

  it('every command and subcommand that holds it emits it, and mutating their output changes nothing', () => {
    const a = slash('a', 'd').options(shared)
    const b = slash('b', 'd').options(option.string('x', 'd').required(), shared, color)
    const cmd = slash('c', 'd')
      .subcommand('one', 'd', (s) => s.options(shared))
      .group('g', 'd', (g) => g.subcommand('two', 'd', (s) => s.options(color, shared)))
    const outputs = [a.toJSON(), b.toJSON(), cmd.toJSON()]
    expect(outputs[0]!.options).toStrictEqual([SHARED])
    expect(outputs[1]!.options?.[1]).toStrictEqual(SHARED)
    for (const out of outputs) {
      // Mutate every option object found in the outputs.
      const walk = (options: unknown[] | undefined): void => {
        for (const o of (options ?? []) as Record<string, unknown>[]) {
          o.name = 'changed'
          if (Array.isArray(o.channel_types)) o.channel_types.push(16)
          if (o.name_localizations) (o.name_localizations as Record<string, string>).fr = 'changed'
          if (Array.isArray(o.choices)) for (const c of o.choices) (c as Record<string, unknown>).value = 'changed'
          walk(o.options as unknown[] | undefined)
        }
      }
      walk(out.options as unknown[])
    }
    expect(shared.toJSON()).toStrictEqual(SHARED)
    expect(red.toJSON()).toStrictEqual({ name: 'Red', value: 'red', name_localizations: { fr: 'Rouge' } })
    expect(a.toJSON().options).toStrictEqual([SHARED])
    expect(b.toJSON().options?.[2]).toStrictEqual({
      type: 3,
      name: 'color',
      description: 'Color',
      choices: [
        { name: 'Red', value: 'red', name_localizations: { fr: 'Rouge' } },
        { name: 'Blue', value: 'blue' },
      ],
    })
    const sub = cmd.toJSON().options?.[0] as { options: unknown[] }
    expect(sub.options).toStrictEqual([SHARED])
  })

  it('each occurrence in one payload is its own object', () => {
    const json = slash('c', 'd')
      .subcommand('one', 'd', (s) => s.options(shared))
      .subcommand('two', 'd', (s) => s.options(shared))
      .toJSON()
    const [one, two] = json.options as { options: object[] }[]
    expect(one!.options[0]).toStrictEqual(two!.options[0])
    expect(one!.options[0]).not.toBe(two!.options[0])
  })
})

describe('toJSON returns a fresh mutable object each time', () => {
  const cmd = slash('c', 'd')
    .options(option.channel('ch', 'd').required().channelTypes(0, 2), option.string('s', 'd').choices(choice('A', 'a').localize('fr', 'Afr')).localize('fr', { name: 's-fr' }))
    .contexts('Guild', 'BotDm')
    .integrationTypes('GuildInstall')
    .localize('fr', { name: 'c-fr', description: 'd-fr' })
    .defaultMemberPermissions('BanMembers')
  const EXPECTED = {
    type: 1,
    name: 'c',
    description: 'd',
    options: [
      { type: 7, name: 'ch', description: 'd', required: true, channel_types: [0, 2] },
      {
        type: 3,
        name: 's',
        description: 'd',
        choices: [{ name: 'A', value: 'a', name_localizations: { fr: 'Afr' } }],
        name_localizations: { fr: 's-fr' },
      },
    ],
    contexts: [0, 1],
    integration_types: [0],
    name_localizations: { fr: 'c-fr' },
    description_localizations: { fr: 'd-fr' },
    default_member_permissions: '4',
  }

  it('two calls give equal trees that share no object', () => {
    const a = cmd.toJSON()
    const b = cmd.toJSON()
    expect(a).toStrictEqual(EXPECTED)
    expect(b).toStrictEqual(EXPECTED)
    const objectsA = reachable(a)
    for (const o of reachable(b)) expect(objectsA.has(o)).toBe(false)
  })

  it('the output is not frozen', () => {
    const json = cmd.toJSON()
    for (const o of reachable(json)) expect(Object.isFrozen(o)).toBe(false)
  })

  it('mutating every part of an output changes neither the builder nor later outputs', () => {
    const json = cmd.toJSON() as unknown as Record<string, any>
    json.name = 'x'
    json.extra = true
    delete json.description
    json.contexts.push(2)
    json.integration_types[0] = 1
    json.name_localizations.fr = 'x'
    json.name_localizations.de = 'x'
    json.description_localizations = null
    json.options[0].channel_types.push(4)
    json.options[0].required = false
    json.options[1].choices[0].name_localizations.fr = 'x'
    json.options[1].choices.push({ name: 'B', value: 'b' })
    json.options[1].name_localizations.de = 'x'
    json.options.push({ type: 5, name: 'b', description: 'd' })
    expect(cmd.toJSON()).toStrictEqual(EXPECTED)
    expect(JSON.parse(JSON.stringify(cmd))).toStrictEqual(EXPECTED)
  })

  it('the same for option, choice, subcommand and group toJSON', () => {
    const o = option.channel('ch', 'd').channelTypes(0)
    const oj = o.toJSON() as { channel_types: number[] }
    oj.channel_types.push(2)
    expect(o.toJSON()).toStrictEqual({ type: 7, name: 'ch', description: 'd', channel_types: [0] })

    const c = choice('A', 'a').localize('fr', 'B')
    const cj = c.toJSON() as { name_localizations: Record<string, string> }
    cj.name_localizations.fr = 'changed'
    expect(c.toJSON()).toStrictEqual({ name: 'A', value: 'a', name_localizations: { fr: 'B' } })

    let sub: { toJSON(): unknown } | undefined
    slash('c', 'd').group('g', 'd', (g) => {
      const built = g.subcommand('s', 'd', (s) => {
        const next = s.options(option.string('o', 'd'))
        sub = next
        return next
      })
      const gj = built.toJSON() as { options: unknown[] }
      gj.options.length = 0
      expect(built.toJSON().options).toHaveLength(1)
      return built
    })
    const sj = sub!.toJSON() as { options: { name: string }[] }
    sj.options[0]!.name = 'changed'
    expect(sub!.toJSON()).toStrictEqual({ type: 1, name: 's', description: 'd', options: [{ type: 3, name: 'o', description: 'd' }] })
  })

  it('commands(...).toJSON: fresh each time; mutating it changes nothing', () => {
    const set = commands(cmd, user('U').contexts('Guild'))
    const first = set.toJSON() as unknown as Record<string, any>[]
    first[0]!.options.pop()
    first[0]!.contexts.length = 0
    first[1]!.contexts.push(1)
    first.push({ type: 3, name: 'M' })
    expect(set.toJSON()).toStrictEqual([EXPECTED, { type: 2, name: 'U', contexts: [0] }])
    expect(cmd.toJSON()).toStrictEqual(EXPECTED)
  })

  it('fromJSON: changing the input afterwards, or an output, changes nothing', () => {
    const input = {
      name: 'c',
      description: 'd',
      contexts: [0],
      options: [{ type: 7, name: 'ch', description: 'd', channel_types: [0], name_localizations: { fr: 'x' } }],
    }
    const snapshot = structuredClone(input)
    const loose = fromJSON(input)
    input.contexts.push(1)
    input.options[0]!.channel_types.push(2)
    input.options[0]!.name_localizations.fr = 'changed'
    input.name = 'changed'
    expect(loose.toJSON()).toStrictEqual(snapshot)
    const out = loose.toJSON() as unknown as Record<string, any>
    out.options[0].channel_types.push(5)
    out.contexts.push(2)
    expect(loose.toJSON()).toStrictEqual(snapshot)
  })
})

/** The own enumerable data of an object, one level deep, for before/after comparison. */
function structuredCloneish(o: object): unknown {
  return Array.isArray(o) ? [...o] : Object.fromEntries(Reflect.ownKeys(o).map((k) => [String(k), (o as Record<PropertyKey, unknown>)[k]]))
}

describe('internal state is never written', () => {
  const subcommands: object[] = []
  const groups: object[] = []
  const cmd = slash('c', 'd')
    .subcommand('s', 'd', (s) => {
      const next = s.options(option.string('o', 'd').choices(choice('A', 'a').localize('fr', 'B')))
      subcommands.push(s, next)
      return next
    })
    .group('g', 'd', (g) => {
      const next = g.subcommand('x', 'd')
      groups.push(g, next)
      return next
    })
    .contexts('Guild')
    .localize('fr', { name: 'f' })
  const builders: [string, object][] = [
    ['an option', option.integer('i', 'd').min(1).max(2).localize('fr', { name: 'j' })],
    ['a channel option', option.channel('c', 'd').channelTypes(0, 2)],
    ['a choice', choice('A', 'a').localize('fr', 'B')],
    ['a slash command', cmd],
    ['a subcommand', subcommands[1]!],
    ['a group', groups[1]!],
    ['a user command', user('U').integrationTypes('UserInstall')],
    ['an entry point', entryPoint('launch', 'd').handler('AppHandler')],
    ['a fromJSON result', fromJSON({ name: 'c', description: 'd', options: [{ type: 3, name: 'o', description: 'd' }] }).nsfw()],
    ['a set', commands(cmd, user('U'))],
  ]

  // Nodes are not frozen (freezing cost over half of a builder call, see
  // src/builders/state.ts); the contract is that nothing ever writes them.
  it.each(builders)('%s: nothing it holds changes, whatever is derived from it or done to its output', (_, builder) => {
    const before = [...reachable(builder)].map((o) => [o, structuredCloneish(o)] as const)
    expect(before.length).toBeGreaterThan(1)
    const b = builder as Record<string, any>
    for (const method of ['localize', 'required', 'choices', 'options', 'nsfw', 'contexts', 'min', 'subcommand']) {
      try {
        const derived = method === 'localize' ? b[method]?.('de', { name: 'x' }) : b[method]?.()
        const out = derived?.toJSON?.()
        if (out && typeof out === 'object') (out as Record<string, unknown>).name = 'changed'
      } catch {
        // a method refused by the rules: what matters is that the original is untouched
      }
    }
    const out = b.toJSON?.() as Record<string, unknown> | unknown[] | undefined
    if (Array.isArray(out)) out.length = 0
    else if (out) for (const key of Object.keys(out)) delete out[key]
    for (const [o, copy] of before) expect(structuredCloneish(o)).toStrictEqual(copy)
  })

  it("a set's definitions cannot be changed", () => {
    const set = commands(user('A'), message('B'))
    expect(() => (set.definitions as unknown as unknown[]).push(user('C'))).toThrow(TypeError)
    expect(set.toJSON()).toHaveLength(2)
  })
})
