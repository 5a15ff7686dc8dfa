/**
 * The generated readers of parse (src/parse/jit.ts) against the interpreter, their
 * reference: the same value (key order included) for every payload that fits, the
 * same refusal for every one that does not; odd names never reach a prototype;
 * and parse still works where code generation is refused.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { commands, configure, option, parse, safeParse, slash } from '../../src/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { compile, type CompiledSet } from '../../src/parse/compile.js'
import { generate, resetCodegen } from '../../src/parse/jit.js'
import { RETRY, walk } from '../../src/parse/read.js'
import { parseCase, type Json } from './arbitraries.js'
import { app, ban, banPayload, chat, U1, userObject } from './helpers.js'

vi.setConfig({ testTimeout: 60_000 })

const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort()

afterEach(() => {
  configure({ jitless: false })
  resetCodegen()
  vi.unstubAllGlobals()
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_KEYS)
})

/** The interpreter's fast walk: the value, or RETRY. */
function interpret(set: CompiledSet, payload: unknown): unknown {
  try {
    return walk(undefined, set, payload, 'invoke') ?? RETRY
  } catch {
    return RETRY
  }
}

/** The generated reader of `set` (never missing here: Node allows code generation). */
function jitRead(set: CompiledSet, payload: unknown): unknown {
  const read = generate(set)
  if (read === undefined) throw new Error('no generated reader')
  try {
    return read(payload)
  } catch {
    return RETRY
  }
}

/** Own keys in order and values, recursively, with prototypes: what toStrictEqual does not check (key order). */
function shape(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return Object.is(v, -0) ? '-0' : v
  return { proto: Object.getPrototypeOf(v) === Object.prototype, entries: Reflect.ownKeys(v).map((k) => [String(k), shape(Object.getOwnPropertyDescriptor(v, k)?.value)]) }
}

function agree(definition: unknown, payload: unknown): void {
  const set = compile(definition)
  const a = interpret(set, payload)
  const b = jitRead(set, payload)
  if (a === RETRY) expect(b).toBe(RETRY)
  else expect(shape(b)).toEqual(shape(a))
}

describe('generated readers read as the interpreter does', () => {
  it('generated definitions and payloads that fit them: the same value, key order included', () => {
    fc.assert(
      fc.property(parseCase, (c) => {
        const payload = JSON.parse(JSON.stringify(fakeInteraction(c.definition, c.input as never))) as unknown
        const set = compile(c.definition)
        expect(jitRead(set, payload)).not.toBe(RETRY)
        agree(c.definition, payload)
        agree(commands(c.definition), payload)
      }),
      { numRuns: 200 },
    )
  })

  it('mutated payloads: the same refusal or value, and safeParse gives the same answer with and without the JIT', () => {
    const keys = ['type', 'name', 'value', 'options', 'resolved', 'target_id', '__proto__', 'focused']
    const mutated = parseCase.chain((c) => {
      const body = JSON.stringify(fakeInteraction(c.definition, c.input as never))
      return fc.tuple(fc.constant(c), fc.nat(body.length), fc.constantFrom(...keys), fc.jsonValue()).map(([c, at, key, value]) => {
        // Replace or add one key at some object (found by text position; a '{' inside a string gives no JSON: left as is).
        const i = body.indexOf('{', at)
        const comma = body[i + 1] === '}' ? '' : ','
        const text = `${body.slice(0, i + 1)}${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}${comma}${body.slice(i + 1)}`
        try {
          return { c, payload: JSON.parse(i < 0 ? body : text) as unknown }
        } catch {
          return { c, payload: JSON.parse(body) as unknown }
        }
      })
    })
    fc.assert(
      fc.property(mutated, ({ c, payload }) => {
        agree(c.definition, payload)
        const jit = safeParse(c.definition, payload)
        configure({ jitless: true })
        const interpreted = safeParse(c.definition, payload)
        configure({ jitless: false })
        expect(shape(jit)).toEqual(shape(interpreted))
      }),
      { numRuns: 300 },
    )
  })

  it('hand-picked payloads of every kind, against the app set', () => {
    for (const payload of [
      banPayload(),
      fakeInteraction(app, { command: 'config', group: 'role', subcommand: 'revoke', options: { role: { name: 'mod' }, why: 'x' } }),
      fakeInteraction(app, { command: 'Show profile', target: {} }),
      fakeInteraction(app, { command: 'Report message', target: { content: 'x' } }),
      fakeInteraction(app, { command: 'launch' }),
    ]) {
      expect(jitRead(compile(app), payload)).not.toBe(RETRY)
      agree(app, payload)
    }
  })
})

describe('generation per command', () => {
  it('a set generates code only for the commands invoked, on their first invocation', () => {
    const made: string[] = []
    const Real = globalThis.Function
    vi.stubGlobal('Function', function counted(...args: string[]) {
      made.push(args[args.length - 1] ?? '')
      return Real(...args)
    })
    const many = commands(...Array.from({ length: 40 }, (_, i) => slash(`c${i}`, 'd').options(option.string('s', 'd'))))
    const payload = (name: string) => chat(name, [{ name: 's', type: 3, value: 'x' }])
    expect(parse(many, payload('c7')).options).toEqual({ s: 'x' })
    const afterFirst = made.filter((m) => m.includes('function read')).length
    expect(afterFirst).toBe(1)
    // Only the invoked command's code: none of the other 39.
    const first = made.find((m) => m.includes('function read')) ?? ''
    expect(first).toContain('"c7"')
    expect(first).not.toContain('"c31"')
    expect(parse(many, payload('c7')).command).toBe('c7')
    expect(parse(many, payload('c31')).command).toBe('c31')
    expect(made.filter((m) => m.includes('function read')).length).toBe(2)
  })
})

describe('names in generated code', () => {
  it('options named __proto__, constructor, toString, hasOwnProperty and with an apostrophe are own data properties', () => {
    const names = ['__proto__', 'constructor', 'tostring', 'hasownproperty', "it's"]
    const odd = slash('odd', 'Odd').options(...names.map((n) => option.string(n, 'x')))
    const payload = JSON.parse(
      JSON.stringify(
        chat(
          'odd',
          names.map((name) => ({ type: 3, name, value: `v ${name}` })),
        ),
      ),
    )
    const v = parse(odd, payload) as { options: Json }
    expect(Object.getPrototypeOf(v.options)).toBe(Object.prototype)
    expect(Object.getOwnPropertyNames(v.options)).toEqual(names)
    for (const n of names) expect(Object.getOwnPropertyDescriptor(v.options, n)?.value).toBe(`v ${n}`)
    // Absent, __proto__ is an own undefined, not the prototype.
    const w = parse(odd, chat('odd', [])) as { options: Json }
    expect(Object.getOwnPropertyDescriptor(w.options, '__proto__')).toEqual({ value: undefined, writable: true, enumerable: true, configurable: true })
  })

  it('names the rules refuse (quotes, backslashes, U+2028, </script>) stay strings in generated code', () => {
    // The rules refuse such names in a definition; a compiled set made by hand reaches the generator anyway.
    const names = ['a"b', 'c\\d', 'e\u2028f', 'g\u2029h', "'); globalThis.polluted = 1; ('", '`${x}`', '</script>', '__proto__', '\ud800']
    const set = compile(slash('odd', 'Odd').options(option.string('x', 'x')))
    const level = set.single!.level
    const defs = names.map((name, i) => ({ ...level.options[0]!, name, bit: 1 << i }))
    const odd = { ...set, single: { ...set.single!, name: 'o"\u2028', level: { ...level, options: defs } }, jit: undefined } as CompiledSet
    const read = generate(odd)!
    const payload = { type: 2, data: { name: 'o"\u2028', type: 1, options: names.map((name) => ({ type: 3, name, value: name })) } }
    const v = read(payload) as { command: string; options: Json }
    expect(v.command).toBe('o"\u2028')
    expect(Object.getPrototypeOf(v.options)).toBe(Object.prototype)
    expect(Object.getOwnPropertyNames(v.options)).toEqual(names)
    for (const n of names) expect(Object.getOwnPropertyDescriptor(v.options, n)?.value).toBe(n)
    expect((globalThis as Json).polluted).toBeUndefined()
  })
})

describe('where code generation is refused', () => {
  it('parse reads through the interpreter when new Function throws', () => {
    resetCodegen()
    vi.stubGlobal('Function', function refused() {
      throw new EvalError('Code generation from strings disallowed for this context')
    })
    const definition = slash('ban', 'Ban').options(option.user('target', 'Who').required(), option.integer('days', 'Days').min(0).max(7))
    const set = compile(definition)
    expect(generate(set)).toBeUndefined()
    const v = parse(
      definition,
      chat(
        'ban',
        [
          { type: 6, name: 'target', value: U1 },
          { type: 4, name: 'days', value: 3 },
        ],
        { users: { [U1]: userObject(U1) } },
      ),
    )
    expect(v.options.days).toBe(3)
    expect(set.jit).toBeNull()
    expect(safeParse(definition, chat('ban', [{ type: 4, name: 'days', value: 9 }])).ok).toBe(false)
  })

  it('configure({ jitless: true }) keeps parse off generated code, and says what is in force', () => {
    expect(configure({ jitless: true })).toEqual({ jitless: true })
    const definition = slash('kick', 'Kick').options(option.user('target', 'Who').required())
    const set = compile(definition)
    expect(parse(definition, chat('kick', [{ type: 6, name: 'target', value: U1 }], { users: { [U1]: userObject(U1) } })).options.target.user.id).toBe(U1)
    expect(set.jit).toBeUndefined()
    expect(configure({})).toEqual({ jitless: true })
    expect(configure({ jitless: false })).toEqual({ jitless: false })
    parse(ban, banPayload())
    expect(typeof compile(ban).jit).toBe('function')
  })
})
