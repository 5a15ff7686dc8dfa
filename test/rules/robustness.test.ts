/**
 * Hostile input: whatever `validateCommand` and `validateCommands` are given, they
 * return (never throw, never hang), and every issue has a path and a code
 * (DESIGN.md, "Contract": "never throws on any input"; docs/issues.md,
 * `input.unreadable`).
 */
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { validateCommand, validateCommands, type Issue, type IssueCode } from '../../src/index.js'
import { expectIssues, pairsOf } from '../support/issues.js'
import { chat, choice, expectValid, issue, issuesOf, opt, setIssuesOf, str, withOptions } from './helpers.js'

const CODE = /^[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*$/

/** Checks one issue list: each issue has an array path of keys and indexes, a dotted code and a message. */
function wellFormed(issues: readonly Issue[]): void {
  const bad = issues.filter(
    (i) =>
      !Array.isArray(i.path) ||
      !i.path.every((seg) => typeof seg === 'string' || typeof seg === 'number') ||
      !CODE.test(i.code) ||
      typeof i.message !== 'string' ||
      i.message.length === 0,
  )
  expect(bad).toEqual([])
}

/** Validates `input` as a command and inside a list, in both scopes; none may throw; returns the global command issues. */
function refusedSafely(input: unknown): Issue[] {
  let first: readonly Issue[] = []
  for (const scope of ['global', 'guild'] as const) {
    const one = validateCommand(input, { scope })
    const list = validateCommands([input], { scope })
    expect(one.ok).toBe(false)
    expect(list.ok).toBe(false)
    wellFormed(one.issues ?? [])
    wellFormed(list.issues ?? [])
    for (const i of list.issues ?? []) expect(i.path[0]).toBe(0)
    if (scope === 'global') first = one.issues ?? []
  }
  expect(first.length).toBeGreaterThan(0)
  return first.map((i) => i)
}

describe('keys that mean something to JavaScript (robustness)', () => {
  it('reports __proto__ from JSON.parse as an unknown field, and pollutes nothing (robustness; spec: "Create body (global)" fields)', () => {
    const json = JSON.parse('{"name":"ban","description":"d","__proto__":{"name":"Evil","type":2}}') as unknown
    expectIssues(refusedSafely(json), [issue('field.unknown', '__proto__')])
    expect(({} as Record<string, unknown>).name).toBeUndefined()
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype)
  })

  it('reports __proto__ and constructor inside options, choices and dictionaries (robustness)', () => {
    const json = JSON.parse(`{
      "name": "ban", "description": "d", "constructor": {},
      "name_localizations": {"__proto__": "x", "constructor": "y", "toString": "z"},
      "options": [{"type": 3, "name": "o", "description": "d", "__proto__": null,
                   "choices": [{"name": "A", "value": "a", "constructor": 1}]}]
    }`) as unknown
    expectIssues(refusedSafely(json), [
      issue('field.unknown', 'constructor'),
      issue('locale.unknown', 'name_localizations', '__proto__'),
      issue('locale.unknown', 'name_localizations', 'constructor'),
      issue('locale.unknown', 'name_localizations', 'toString'),
      issue('field.unknown', 'options', 0, '__proto__'),
      issue('field.unknown', 'options', 0, 'choices', 0, 'constructor'),
    ])
  })

  it('accepts an object without a prototype, as long as its keys are valid (robustness)', () => {
    const json = Object.assign(Object.create(null) as object, { name: 'ban', description: 'd', options: [Object.assign(Object.create(null) as object, str('o'))] })
    expectValid(json)
  })
})

describe('inherited enumerable keys (robustness)', () => {
  // The walks read keys with for...in, which also visits inherited enumerable keys;
  // only own keys are fields, as for Object.keys and JSON.stringify.
  const command = () =>
    chat({
      name_localizations: { fr: 'cmd-fr' },
      options: [str('o', { name_localizations: { fr: 'o-fr' }, choices: [choice('A', 'a', { name_localizations: { fr: 'A-fr' } })] })],
    })

  it('ignores enumerable properties added to Object.prototype (robustness)', () => {
    const proto = Object.prototype as Record<string, unknown>
    proto.polluted = 'x'
    try {
      expectValid(command())
      expect(validateCommands([command(), chat({ name: 'other' })]).ok).toBe(true)
      expectIssues(refusedSafely({ ...command(), extra: 1 }), [issue('field.unknown', 'extra')])
    } finally {
      delete proto.polluted
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("ignores enumerable properties of another realm's Object.prototype (robustness)", () => {
    const json = runInNewContext(`Object.prototype.polluted = 'x'; (${JSON.stringify(command())})`) as unknown
    expect(Object.getPrototypeOf(json)).not.toBe(Object.prototype)
    expectValid(json)
    expect(validateCommands([command(), json]).ok).toBe(false) // same name and type twice
    expectIssues(refusedSafely(runInNewContext(`Object.prototype.polluted = 'x'; ({ name: 'c', description: 'd', extra: 1 })`)), [issue('field.unknown', 'extra')])
  })
})

describe('getters that throw, and what they throw (robustness)', () => {
  const thrown: [string, () => unknown][] = [
    ['an Error', () => new Error('boom')],
    ['a string', () => 'boom'],
    ['undefined', () => undefined],
    ['null', () => null],
    ['a symbol', () => Symbol('boom')],
    ['an object without a prototype', () => Object.create(null)],
    [
      'an object whose toString throws',
      () => ({
        toString: () => {
          throw new Error('again')
        },
      }),
    ],
    [
      'a proxy whose prototype lookup throws',
      () =>
        new Proxy(
          {},
          {
            getPrototypeOf: () => {
              throw new Error('again')
            },
          },
        ),
    ],
    [
      'an Error whose message throws',
      () =>
        Object.defineProperty(new Error(), 'message', {
          get: () => {
            throw new Error('again')
          },
        }),
    ],
  ]

  it.each(thrown)('turns a getter that throws %s into input.unreadable at the object holding it (robustness)', (_, make) => {
    const command = chat({
      options: [
        str('a'),
        Object.defineProperty(str('b'), 'name', {
          enumerable: true,
          get: () => {
            throw make()
          },
        }),
      ],
    })
    expectIssues(refusedSafely(command), [issue('input.unreadable', 'options', 1)])
  })

  it('reports input.unreadable for a throwing getter on the command itself (robustness)', () => {
    const command = Object.defineProperty({ description: 'd' }, 'name', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expectIssues(refusedSafely(command), [issue('input.unreadable')])
    const r = validateCommand(command)
    expect(r.issues?.[0]?.message).toMatchInlineSnapshot(`"command could not be read: boom"`)
  })

  it('keeps the issues found before the unreadable part (robustness)', () => {
    const command = chat({
      name: 'Bad',
      options: [
        Object.defineProperty(str('o'), 'description', {
          enumerable: true,
          get: () => {
            throw new Error('x')
          },
        }),
      ],
    })
    // The element's own fields were being read: the path is the element's.
    expectIssues(refusedSafely(command), [issue('name.lowercase', 'name'), issue('input.unreadable', 'options', 0)])
  })
})

describe('proxies (robustness)', () => {
  it('validates a transparent proxy like its target (robustness)', () => {
    expectValid(new Proxy(chat({ options: [str('o')] }), {}))
    expect(issuesOf(new Proxy(chat({ name: 'Bad' }), {}))).toEqual([issue('name.lowercase', 'name')])
  })

  it('reports input.unreadable for a proxy whose traps throw, and for a revoked proxy (robustness)', () => {
    const keys = new Proxy(chat(), {
      ownKeys: () => {
        throw new Error('no keys')
      },
    })
    expectIssues(refusedSafely(keys), [issue('input.unreadable')])
    const { proxy, revoke } = Proxy.revocable(chat(), {})
    revoke()
    expectIssues(refusedSafely(proxy), [issue('input.unreadable')])
    const inner = Proxy.revocable(str('o'), {})
    inner.revoke()
    // The array was being read (is its element an object?): the path is the array's.
    expectIssues(refusedSafely(withOptions(inner.proxy)), [issue('input.unreadable', 'options')])
  })

  it('survives a proxy that breaks its own invariants or lies about its keys (robustness)', () => {
    const liar = new Proxy(chat(), { ownKeys: () => ['name', 'name', 'description'] })
    expectIssues(refusedSafely(liar), [issue('input.unreadable')])
    const ghost = new Proxy(chat(), {
      ownKeys: () => ['name', 'description', 'ghost'],
      getOwnPropertyDescriptor: (t, k) => ({ value: k === 'ghost' ? 1 : (t as Record<string | symbol, unknown>)[k], enumerable: true, configurable: true }),
      get: (t, k) => (k === 'ghost' ? 1 : (t as Record<string | symbol, unknown>)[k]),
    })
    expectIssues(refusedSafely(ghost), [issue('field.unknown', 'ghost')])
  })

  it('survives an array proxy that claims a huge length (robustness)', () => {
    const huge = new Proxy([] as unknown[], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : Reflect.get(t, k)) })
    const issues = refusedSafely(chat({ options: huge }))
    expect(pairsOf(issues)).toContainEqual(issue('options.too_many', 'options'))
    expect(issues.length).toBeLessThanOrEqual(1001)
  })
})

describe('cycles and depth (robustness)', () => {
  it('terminates on a subcommand that contains itself (robustness; spec: "Other command rules" 1)', () => {
    const s = opt(1, 's') as { options?: unknown[] }
    s.options = [s]
    expectIssues(refusedSafely(withOptions(s)), [issue('options.nesting', 'options', 0, 'options', 0)])
  })

  it('terminates on a command that is its own option, and on a dictionary that holds itself (robustness)', () => {
    const command = chat() as Record<string, unknown>
    command.options = [command]
    const issues = pairsOf(refusedSafely(command))
    expect(issues).toContainEqual(issue('field.required', 'options', 0, 'type'))
    const dict: Record<string, unknown> = {}
    dict.fr = dict
    expectIssues(refusedSafely(chat({ name_localizations: dict })), [issue('value.type', 'name_localizations', 'fr')])
  })

  it('does not recurse into options nested far deeper than the spec allows (robustness; spec: "Other command rules" 1)', () => {
    let deep: Record<string, unknown> = str('leaf')
    for (let i = 0; i < 100_000; i++) deep = opt(1, `s${i % 10}`, { options: [deep] })
    expectIssues(refusedSafely(withOptions(deep)), [issue('options.nesting', 'options', 0, 'options', 0)])
  })
})

describe('sparse and huge arrays (robustness)', () => {
  it('reports holes of sparse arrays as missing elements (robustness)', () => {
    // eslint-disable-next-line no-sparse-arrays
    expectIssues(refusedSafely(chat({ options: [, str('o')] })), [issue('value.type', 'options', 0)])
    // eslint-disable-next-line no-sparse-arrays
    expectIssues(refusedSafely(withOptions(str('o', { choices: [{ name: 'A', value: 'a' }, ,] }))), [issue('value.type', 'options', 0, 'choices', 1)])
    // eslint-disable-next-line no-sparse-arrays
    expectIssues(refusedSafely(chat({ contexts: [0, , 2] })), [issue('enum.value', 'contexts', 1)])
    // eslint-disable-next-line no-sparse-arrays
    expect(setIssuesOf([chat(), , chat({ name: 'other' })])).toEqual([issue('value.type', 1)])
  })

  it('answers sparse arrays of length 2^32-1 with one issue each, without reading them (robustness; src/rules/bounds.ts)', () => {
    const hollow = (): unknown[] => {
      const a: unknown[] = []
      a.length = 2 ** 32 - 1
      return a
    }
    const cases: [unknown, string, readonly (string | number)[]][] = [
      [chat({ options: hollow() }), 'options.too_many', ['options']],
      [withOptions(str('o', { choices: hollow() })), 'choices.too_many', ['options', 0, 'choices']],
      [withOptions(sub3(hollow())), 'options.too_many', ['options', 0, 'options']],
      [chat({ contexts: hollow() }), 'list.too_long', ['contexts']],
      [chat({ integration_types: hollow() }), 'list.too_long', ['integration_types']],
      [withOptions(opt(7, 'c', { channel_types: hollow() })), 'list.too_long', ['options', 0, 'channel_types']],
    ]
    for (const [input, code, path] of cases) expectIssues(refusedSafely(input), [issue(code as IssueCode, ...path)])
    expect(setIssuesOf(hollow())).toEqual([issue('set.too_many')])
  })

  it('handles a dense array of 200,000 options, over the cap (robustness; spec: "Limits", 25 options)', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => str(`o${i}`, { name_localizations: { fr: `f${i}` } }))
    const issues = refusedSafely(chat({ options: many }))
    // Not read: far over 8000 characters too, but the list is refused whatever it holds.
    expectIssues(issues, [issue('options.too_many', 'options')])
  })

  it('handles a bulk list of 100,000 commands (robustness; spec: "Limits", 100 CHAT_INPUT commands)', () => {
    const list = Array.from({ length: 100_000 }, (_, i) => chat({ name: `c${i}` }))
    // Over 131 (100 + 15 + 15 + 1): refused whatever it holds, at the list, not read.
    expect(setIssuesOf(list)).toEqual([issue('set.too_many')])
  })

  it('handles very long strings and reports them briefly (robustness; spec: "Limits", 1-32 characters)', () => {
    const r = validateCommand(chat({ name: 'a'.repeat(1_000_000), description: 'B'.repeat(1_000_000) }))
    expectIssues(r.issues ?? [], [issue('name.length', 'name'), issue('description.length', 'description'), issue('command.size')])
    for (const i of r.issues ?? []) expect(i.message.length).toBeLessThan(200)
  })
})

function sub3(options: unknown[]): Record<string, unknown> {
  return opt(1, 's', { options })
}

describe('values JSON cannot hold (robustness)', () => {
  class Command {
    name = 'ban'
    description = 'Ban a member'
  }

  it.each([
    ['a Date', new Date(0)],
    ['a Map', new Map([['name', 'ban']])],
    ['a Set', new Set(['ban'])],
    ['a class instance', new Command()],
    ['an object inheriting its fields', Object.create(chat()) as unknown],
    ['a RegExp', /ban/],
    ['a function', () => chat()],
    ['a symbol', Symbol('ban')],
    ['a bigint', 1n],
    ['a boxed string', Object('ban') as unknown],
  ])('refuses %s as a command, at the root (value.type) (robustness)', (_, value) => {
    expectIssues(refusedSafely(value), [issue('value.type')])
  })

  it('refuses non-plain objects where a dictionary, an option or a choice belongs (robustness)', () => {
    expectIssues(refusedSafely(chat({ name_localizations: new Map([['fr', 'nom']]) })), [issue('value.type', 'name_localizations')])
    expectIssues(refusedSafely(chat({ description_localizations: new Date(0) })), [issue('value.type', 'description_localizations')])
    expectIssues(refusedSafely(withOptions(Object.create(str('o')) as unknown)), [issue('value.type', 'options', 0)])
    expectIssues(refusedSafely(withOptions(str('o', { choices: [new Map()] }))), [issue('value.type', 'options', 0, 'choices', 0)])
    expectIssues(refusedSafely(chat({ options: new Set([str('o')]) })), [issue('value.type', 'options')])
    expectIssues(refusedSafely(chat({ contexts: new Uint8Array([0, 1]) })), [issue('value.type', 'contexts')])
  })

  it('refuses symbols and bigints as values, and ignores symbol keys as JSON.stringify does (robustness)', () => {
    expectIssues(refusedSafely(chat({ name: Symbol('ban') })), [issue('value.type', 'name')])
    expect(pairsOf(refusedSafely(chat({ type: 1n })))).toContainEqual(issue('command.type', 'type'))
    expectIssues(refusedSafely(chat({ default_member_permissions: 8n })), [issue('permissions.format', 'default_member_permissions')])
    expectIssues(refusedSafely(chat({ contexts: [0n, Symbol('1')] })), [issue('enum.value', 'contexts', 0), issue('enum.value', 'contexts', 1)])
    expectIssues(refusedSafely(withOptions(opt(4, 'n', { min_value: 1n, choices: [{ name: 'A', value: 2n }] }))), [
      issue('value.type', 'options', 0, 'min_value'),
      issue('value.type', 'options', 0, 'choices', 0, 'value'),
    ])
    expectIssues(refusedSafely(withOptions(str('o', { required: Symbol('yes') }))), [issue('value.type', 'options', 0, 'required')])
    expectValid({ ...chat(), [Symbol('meta')]: 'ignored' })
  })

  it('refuses NaN and infinities where numbers belong (robustness; spec: "Option types")', () => {
    expectIssues(refusedSafely(withOptions(opt(10, 'x', { min_value: Number.NaN, choices: [{ name: 'A', value: Number.POSITIVE_INFINITY }] }))), [
      issue('value.type', 'options', 0, 'min_value'),
      issue('value.type', 'options', 0, 'choices', 0, 'value'),
    ])
  })
})

describe('fields JSON.stringify would not send', () => {
  // A non-enumerable field is left out of the payload, so the rules read what is
  // sent: the field is missing (spec: "Application command", "Command option",
  // "Option choice": name, description and value are required).
  const hidden = <T extends object>(o: T, key: string, value: unknown): T => Object.defineProperty(o, key, { value, enumerable: false })

  it('reports a non-enumerable name or description as missing, on a command, an option and a choice', () => {
    const codesOf = (json: unknown): string[] => {
      const r = validateCommand(json)
      return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path.join('.')}`)
    }
    expect(codesOf(hidden({ description: 'd' }, 'name', 'cmd'))).toEqual(['field.required@name'])
    expect(codesOf(hidden({ name: 'cmd' }, 'description', 'd'))).toEqual(['field.required@description'])
    expect(codesOf({ name: 'cmd', description: 'd', options: [hidden({ type: 3, description: 'd' }, 'name', 'o')] })).toEqual(['field.required@options.0.name'])
    const choice = hidden({ name: 'A' }, 'value', 'a')
    expect(codesOf({ name: 'cmd', description: 'd', options: [{ type: 3, name: 'o', description: 'd', choices: [choice] }] })).toEqual(['field.required@options.0.choices.0.value'])
  })
})
