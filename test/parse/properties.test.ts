/**
 * Properties (STYLE.md 13), with fast-check:
 * (a) for generated definitions (made through the builders) and generated inputs
 *     that fit them, `parse(def, fakeInteraction(def, input))` returns exactly the
 *     values put in: primitives identical, resolved objects carrying every field
 *     given, absent options `undefined`; alone and in a set;
 * (b) for any JSON at all (`fc.jsonValue`) and for mutations of valid payloads,
 *     `safeParse` and `safeParseAutocomplete` never throw, answer with issues whose
 *     paths point into the payload, and never touch `Object.prototype`; and the two
 *     walks `parse` makes (a fast one without a collector, then, only when that one
 *     fails, one that collects issues) agree on every payload.
 */
import fc from 'fast-check'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { commands, parse, parseAutocomplete, safeParse, safeParseAutocomplete, type Issue, type IssueCode } from '../../src/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { IssueCollector } from '../../src/rules/issues.js'
import { MESSAGES } from '../../src/rules/messages.js'
import { compile } from '../../src/parse/compile.js'
import { generate } from '../../src/parse/jit.js'
import { RETRY, walk } from '../../src/parse/read.js'
import { buildCommand } from '../builders/arbitraries.js'
import { app, ban, config, every, search } from './helpers.js'
import { definitionDesc, HOSTILE_NAMES, parseCase, pathsOf, type Case, type Json } from './arbitraries.js'

// Generated strings reach 6000 characters (max_length): give the properties time.
vi.setConfig({ testTimeout: 60_000 })

const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort()
afterAll(() => expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_KEYS))

const own = (o: unknown, key: string): unknown => Object.getOwnPropertyDescriptor(o, key)?.value

/** Asserts that `value` (what parse returned) holds exactly what the case's input put in. */
function expectValues(c: Case, value: Json): void {
  const type = (c.json.type as number | undefined) ?? 1
  expect(value.command).toBe(c.json.name)
  const inGuild = c.input.guildId !== null
  if (type === 4) {
    expect(value).toStrictEqual({ command: c.json.name })
    return
  }
  if (type === 2 || type === 3) {
    expect(Object.keys(value)).toEqual(['command', 'target'])
    const target = value.target as Json
    if (type === 2) {
      const given = (c.input.target ?? {}) as { user?: Json; member?: Json }
      expect(target.user).toMatchObject(given.user ?? {})
      if (inGuild) expect(target.member).toMatchObject(given.member ?? {})
      else expect(target.member).toBeUndefined()
    } else expect(target).toMatchObject((c.input.target ?? {}) as Json)
    return
  }
  const path = c.path as NonNullable<Case['path']>
  expect(value.group).toBe(path.group)
  expect(value.subcommand).toBe(path.subcommand)
  const options = value.options as Json
  expect(Object.getPrototypeOf(options)).toBe(Object.prototype)
  // Every option of the path is an own key, and only those.
  expect(Object.getOwnPropertyNames(options).sort()).toEqual(path.options.map((o) => o.name as string).sort())
  const given = c.input.options as Json
  for (const o of path.options) {
    const name = o.name as string
    const out = own(options, name)
    if (!Object.hasOwn(given, name)) {
      expect(out, name).toBeUndefined()
      continue
    }
    const input = own(given, name) as Json
    switch (o.type) {
      case 3:
      case 4:
      case 5:
      case 10:
        // Exactly the value put in (Object.is: -0 stays -0).
        expect(Object.is(out, input), `${name}: ${String(out)} vs ${String(input)}`).toBe(true)
        break
      case 6:
        expect(out).toMatchObject({ user: (input.user ?? {}) as Json })
        if (inGuild || input.member !== undefined) expect((out as Json).member).toMatchObject((input.member ?? {}) as Json)
        else expect((out as Json).member).toBeUndefined()
        break
      case 9:
        if ('role' in input) expect(out).toStrictEqual({ role: expect.objectContaining(input.role as Json) })
        else expect(out).toMatchObject({ user: (input.user ?? {}) as Json })
        break
      default:
        expect(out).toMatchObject(input)
    }
  }
}

describe('(a) parse(def, fakeInteraction(def, input)) returns the values put in', () => {
  it('for a generated definition and input', () => {
    fc.assert(
      fc.property(parseCase, (c) => {
        const body = fakeInteraction(c.definition, c.input as never)
        const r = safeParse(c.definition, body)
        if (!r.ok) throw new Error(r.issues.map((i) => `${i.code} ${i.message}`).join('\n'))
        expectValues(c, r.value as Json)
        walksAgree(c.definition, body)
        // parse agrees, and the payload survives a trip through JSON (what the network does; -0 becomes 0 there).
        expect(JSON.stringify(parse(c.definition, JSON.parse(JSON.stringify(body))))).toBe(JSON.stringify(r.value))
      }),
      { numRuns: 300 },
    )
  })

  it('for the same definition inside a set of other commands (dispatch by name and type)', () => {
    const sets = fc.tuple(parseCase, fc.array(definitionDesc, { maxLength: 4 })).map(([c, others]) => {
      const taken = new Set([c.json.name as string])
      let entry = ((c.json.type as number | undefined) ?? 1) === 4
      const members = []
      for (const d of others) {
        const def = buildCommand(d)
        const json = def.toJSON() as Json
        // Names unique in the set (across types too, so that the input's command is unambiguous); one entry point.
        if (taken.has(json.name as string) || (json.type === 4 && entry)) continue
        taken.add(json.name as string)
        entry ||= json.type === 4
        members.push(def)
      }
      return { c, members }
    })
    fc.assert(
      fc.property(sets, fc.nat(), ({ c, members }, at) => {
        const list = [...members]
        list.splice(at % (list.length + 1), 0, c.definition)
        const set = (commands as (...d: unknown[]) => never)(...list)
        const body = fakeInteraction(set, { ...c.input, command: c.json.name } as never)
        const r = safeParse(set, body)
        if (!r.ok) throw new Error(r.issues.map((i) => `${i.code} ${i.message}`).join('\n'))
        expectValues(c, r.value as Json)
      }),
      { numRuns: 150 },
    )
  })

  it('autocomplete: parseAutocomplete(def, fakeInteraction(def, { type: 4, focused })) gives the focused text and the options filled', () => {
    const autoCases = parseCase
      .filter((c) => c.path !== undefined && c.path.options.some((o) => o.autocomplete === true))
      .chain((c) =>
        fc
          .tuple(fc.constantFrom(...(c.path as NonNullable<Case['path']>).options.filter((o) => o.autocomplete === true)), fc.string({ maxLength: 8 }))
          .map(([o, text]) => ({ c, focus: o, text })),
      )
    fc.assert(
      fc.property(autoCases, ({ c, focus, text }) => {
        const name = focus.name as string
        const options = { ...(c.input.options as Json) }
        delete options[name]
        if (name === '__proto__') Object.defineProperty(options, name, { value: undefined, enumerable: false })
        const input = { ...c.input, options, type: 4, focused: { name, value: text } }
        const body = fakeInteraction(c.definition, input as never)
        const r = safeParseAutocomplete(c.definition, body)
        if (!r.ok) throw new Error(r.issues.map((i) => `${i.code} ${i.message}`).join('\n'))
        const v = r.value as unknown as Json
        expect(v.focused).toStrictEqual({ name, type: focus.type, value: text })
        expect(own(v.options, name)).toBeUndefined()
        // The options filled are read as in an invocation (the fake resolves them).
        const rest = { ...c, input: { ...c.input, options } }
        expectValues(rest, { ...v, options: v.options })
      }),
      { numRuns: 100 },
    )
  })

  it('generates the hostile names it promises (sanity check of the arbitrary)', () => {
    const seen = new Set<string>()
    fc.assert(
      fc.property(parseCase, (c) => {
        for (const p of c.json.type === 1 || c.json.type === undefined ? pathsOf(c.json) : [])
          for (const o of p.options) if ((HOSTILE_NAMES as readonly string[]).includes(o.name as string)) seen.add(o.name as string)
      }),
      { numRuns: 300 },
    )
    expect(seen.size).toBeGreaterThanOrEqual(2)
  })
})

// ---------------------------------------------------------------- (b)

const CODES = new Set<IssueCode>([
  'value.type',
  'field.required',
  'input.unreadable',
  'number.integer',
  'number.range',
  'interaction.command',
  'interaction.option',
  'interaction.subcommand',
  'interaction.required',
  'interaction.resolved',
  'interaction.choice',
  'interaction.range',
  'interaction.type',
  'interaction.duplicate',
  'interaction.channel_type',
  'interaction.focused',
])

/** Every issue has a known code, a message, and a path whose parent exists in the payload. */
function expectSaneIssues(payload: unknown, issues: readonly Issue[]): void {
  expect(issues.length).toBeGreaterThan(0)
  for (const i of issues) {
    expect(CODES.has(i.code), i.code).toBe(true)
    expect(typeof i.message).toBe('string')
    let at: unknown = payload
    for (const key of i.path.slice(0, -1)) {
      expect(typeof at === 'object' && at !== null && Object.hasOwn(at, key), `${i.code} at ${JSON.stringify(i.path)}`).toBe(true)
      at = (at as Record<string | number, unknown>)[key]
    }
  }
}

/** Where two values differ (own keys, Object.is on leaves), or '' when they do not. */
function differ(a: unknown, b: unknown, at = '$'): string {
  if (Object.is(a, b)) return ''
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${at}: ${String(a)} vs ${String(b)}`
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: prototypes differ`
  const ka = Reflect.ownKeys(a).map(String)
  const kb = Reflect.ownKeys(b).map(String)
  if (ka.join('|') !== kb.join('|')) return `${at}: keys ${ka.join(',')} vs ${kb.join(',')}`
  for (const k of ka) {
    const d = differ(Object.getOwnPropertyDescriptor(a, k)?.value, Object.getOwnPropertyDescriptor(b, k)?.value, `${at}.${k}`)
    if (d !== '') return d
  }
  return ''
}

/**
 * The fast walk (no collector, stops at the first issue) and the collecting walk
 * agree: the same value when the payload fits, `RETRY` (or the payload's own
 * exception) from the fast one exactly when the collecting one finds issues.
 */
function walksAgree(definition: unknown, payload: unknown): void {
  const set = compile(definition)
  for (const mode of ['invoke', 'autocomplete'] as const) {
    const c = new IssueCollector([], 'interaction', MESSAGES)
    let slow: unknown
    let slowThrew = false
    try {
      slow = walk(c, set, payload, mode)
    } catch {
      slowThrew = true
    }
    let fast: unknown
    try {
      fast = walk(undefined, set, payload, mode)
    } catch (error) {
      fast = error === RETRY ? RETRY : error
    }
    if (slowThrew) continue
    if (c.issues.length === 0) {
      expect(fast).not.toBe(RETRY)
      const diff = differ(fast, slow)
      expect(diff, diff).toBe('')
    } else expect(fast).toBe(RETRY)
  }
  // The generated reader of command invocations (jit.ts) answers as the fast walk does.
  const read = generate(set)
  if (read === undefined) return
  let fast: unknown
  let jit: unknown
  try {
    fast = walk(undefined, set, payload, 'invoke')
  } catch {
    fast = RETRY
  }
  try {
    jit = read(payload)
  } catch {
    jit = RETRY
  }
  if (fast === RETRY) expect(jit).toBe(RETRY)
  else {
    const diff = differ(jit, fast)
    expect(diff, diff).toBe('')
  }
}

function neverThrows(definition: unknown, payload: unknown): void {
  walksAgree(definition, payload)
  let invoke: ReturnType<typeof safeParse> | undefined
  let auto: ReturnType<typeof safeParseAutocomplete> | undefined
  expect(() => {
    invoke = safeParse(definition as never, payload)
    auto = safeParseAutocomplete(definition as never, payload)
  }).not.toThrow()
  for (const r of [invoke, auto]) {
    if (r === undefined) throw new Error('unreachable')
    if (r.ok) expect(r.issues).toBeUndefined()
    else expectSaneIssues(payload, r.issues)
  }
  expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(PROTO_KEYS.length)
}

const DEFINITIONS = [ban, config, every, search, app]

/** A JSON value with `__proto__` and `constructor` keys mixed in, as JSON.parse makes them (own properties). */
const hostileJson: fc.Arbitrary<unknown> = fc
  .jsonValue()
  .chain((v) => fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => JSON.parse(JSON.stringify(v).replace(/^\{"/, `{"${key}":{"polluted":true},"`)) as unknown))

describe('(b) safeParse never throws, on any JSON', () => {
  it('fc.jsonValue(), against every kind of definition', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), hostileJson), fc.constantFrom(...DEFINITIONS), (payload, d) => neverThrows(d, payload)),
      { numRuns: 500 },
    )
  })

  it('objects shaped like interactions, with JSON anywhere', () => {
    const loose = fc.record(
      {
        type: fc.oneof(fc.constantFrom(2, 4), fc.jsonValue()),
        data: fc.oneof(
          fc.record(
            {
              name: fc.oneof(fc.constantFrom('ban', 'config', 'every', 'search', 'Show profile', '__proto__'), fc.jsonValue()),
              type: fc.oneof(fc.constantFrom(1, 2, 3, 4), fc.jsonValue()),
              options: fc.oneof(fc.array(fc.dictionary(fc.constantFrom('type', 'name', 'value', 'options', 'focused', '__proto__'), fc.jsonValue())), fc.jsonValue()),
              resolved: fc.jsonValue(),
              target_id: fc.jsonValue(),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(loose, fc.constantFrom(...DEFINITIONS), (payload, d) => neverThrows(d, JSON.parse(JSON.stringify(payload)))),
      { numRuns: 500 },
    )
  })
})

// ---------------------------------------------------------------- mutations of valid payloads

type Key = string | number
/** Every path to a value inside `v`. */
function paths(v: unknown, prefix: Key[] = [], out: Key[][] = []): Key[][] {
  out.push(prefix)
  if (Array.isArray(v))
    v.forEach((x, i) => {
      paths(x, [...prefix, i], out)
    })
  else if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) paths((v as Json)[k], [...prefix, k], out)
  return out
}

type Mutation =
  | { kind: 'replace'; value: unknown }
  | { kind: 'delete' }
  | { kind: 'add'; key: string; value: unknown }
  | { kind: 'duplicate' }
  | { kind: 'wrap' }
  | { kind: 'bump' }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), value: fc.oneof(fc.jsonValue(), fc.constantFrom(0, 1.5, -1, 2 ** 53, '', '0', '500000000000000001', true, null, [], {})) }),
  fc.constant({ kind: 'delete' as const }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'focused', 'value', 'options', 'resolved', 'name'), fc.string()),
    value: fc.jsonValue(),
  }),
  fc.constant({ kind: 'duplicate' as const }),
  fc.constant({ kind: 'wrap' as const }),
  fc.constant({ kind: 'bump' as const }),
)

/** Applies `m` at `path` of a copy of `payload`. */
function mutate(payload: unknown, path: Key[], m: Mutation): unknown {
  const root = { v: JSON.parse(JSON.stringify(payload)) as unknown }
  let parent: Record<Key, unknown> = root as unknown as Record<Key, unknown>
  let key: Key = 'v'
  for (const k of path) {
    parent = parent[key] as Record<Key, unknown>
    key = k
  }
  const here = parent[key]
  switch (m.kind) {
    case 'replace':
      parent[key] = m.value
      break
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1)
      else delete parent[key]
      break
    case 'add':
      if (typeof here === 'object' && here !== null && !Array.isArray(here))
        Object.defineProperty(here, m.key, { value: m.value, enumerable: true, writable: true, configurable: true })
      break
    case 'duplicate':
      if (Array.isArray(here) && here.length > 0) here.push(JSON.parse(JSON.stringify(here[0])))
      else if (Array.isArray(parent)) parent.push(JSON.parse(JSON.stringify(here)) as unknown)
      break
    case 'wrap':
      parent[key] = [here]
      break
    case 'bump':
      parent[key] = typeof here === 'number' ? here + 1 : typeof here === 'string' ? `${here}x` : typeof here === 'boolean' ? !here : here
      break
  }
  // Through JSON text again, so that '__proto__' keys are what a network payload has.
  const text = JSON.stringify(root.v)
  return text === undefined ? undefined : (JSON.parse(text) as unknown)
}

describe('(b) safeParse never throws, on mutations of valid payloads', () => {
  it('one to three mutations of a fakeInteraction payload, against its own definition and a set', () => {
    const mutated = parseCase.chain((c) => {
      const body = fakeInteraction(c.definition, c.input as never)
      const all = paths(body)
      return fc.array(fc.tuple(fc.constantFrom(...all), mutation), { minLength: 1, maxLength: 3 }).map((ms) => {
        let p: unknown = body
        for (const [path, m] of ms) {
          try {
            p = mutate(p, path, m)
          } catch {
            // The path no longer exists after an earlier mutation: skip this one.
          }
        }
        return { c, payload: p }
      })
    })
    fc.assert(
      fc.property(mutated, ({ c, payload }) => {
        neverThrows(c.definition, payload)
        neverThrows(commands(c.definition), payload)
      }),
      { numRuns: 400 },
    )
  })

  it('mutations of hand-picked payloads of every kind, against the app set', () => {
    const bodies = [
      fakeInteraction(app, { command: 'ban', options: { target: { user: { username: 'ann' } }, days: 2, reason: 'spam' } }),
      fakeInteraction(app, { command: 'config', group: 'role', subcommand: 'revoke', options: { role: { name: 'mod' }, why: 'x' } }),
      fakeInteraction(app, { command: 'Show profile', target: {} }),
      fakeInteraction(app, { command: 'Report message', target: { content: 'x' } }),
      fakeInteraction(app, { command: 'launch' }),
      fakeInteraction(app, { command: 'search', type: 4, focused: { name: 'limit', value: '3' }, options: { query: 'x', author: {} } }),
    ]
    const mutated = fc.constantFrom(...bodies).chain((body) => fc.tuple(fc.constantFrom(...paths(body)), mutation).map(([path, m]) => mutate(body, path, m)))
    fc.assert(
      fc.property(mutated, (payload) => neverThrows(app, payload)),
      { numRuns: 500 },
    )
    // And parseAutocomplete reads the autocomplete body as it is.
    expect(parseAutocomplete(app, bodies[5]).focused).toEqual({ name: 'limit', type: 4, value: '3' })
  })
})
