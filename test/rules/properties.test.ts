/**
 * Properties of the run-time rules (STYLE.md 13), with fast-check:
 *
 * (a) any input at all gets a Result, never a throw, and a refusal is well formed;
 * (b) every generated valid definition (test/support/arbitraries.ts) validates;
 * (c) one mutation (test/support/mutations.ts) that breaks one rule is refused with exactly
 *     one issue, of the expected code, at the mutated path.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateCommand, validateCommands, type Result } from '../../src/index.js'
import { asJson, asJsonList, COMMAND_SIZE_LIMIT, commandType, specSize, validCommand, validCommandSet, type Scope } from '../support/arbitraries.js'
import { at, type Json, type Path } from '../support/json.js'
import { allOptions, mutatedBy, mutatedSetBy, MUTATIONS, padToSize, SET_MUTATIONS } from '../support/mutations.js'

// ---------------------------------------------------------------- helpers

const CODE = /^[a-z_]+(\.[a-z_]+)+$/

/** Whether `path` leads through own properties of `json` to something (not through getters or prototypes). */
function reaches(json: unknown, path: readonly (string | number)[]): boolean {
  let v = json
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return false
    const d = Object.getOwnPropertyDescriptor(v, key)
    if (d === undefined) return false
    v = d.value
  }
  return true
}

/**
 * What is wrong with the shape of a result, as sentences (empty when nothing is).
 * Every result must be ok with the input itself and no issues, or refused with at
 * least one issue, each with a dotted code, a path of keys and indexes, and a
 * message. For JSON inputs, `paths: true` also checks that each path points into
 * the input: every step but the last exists, and the last too unless the issue is
 * about a missing field.
 */
function shapeProblems(r: Result<unknown>, input: unknown, paths: boolean): string[] {
  if (typeof r !== 'object' || r === null || typeof r.ok !== 'boolean') return ['not a Result']
  if (r.ok) return r.value === input && r.issues === undefined ? [] : ['ok, but not with the input itself']
  if (!Array.isArray(r.issues) || r.issues.length === 0) return ['refused without issues']
  const out: string[] = []
  for (const issue of r.issues) {
    const where = `${String(issue.code)} at ${JSON.stringify(issue.path)}`
    if (typeof issue.code !== 'string' || !CODE.test(issue.code)) out.push(`${where}: code is not a dotted identifier`)
    if (!Array.isArray(issue.path) || !issue.path.every((seg: unknown) => typeof seg === 'string' || typeof seg === 'number')) out.push(`${where}: path is not keys and indexes`)
    if (typeof issue.message !== 'string' || issue.message.length === 0) out.push(`${where}: no message`)
    if (paths && Array.isArray(issue.path)) {
      if (!reaches(input, issue.path.slice(0, -1))) out.push(`${where}: path does not lead into the input`)
      else if (issue.code !== 'field.required' && !reaches(input, issue.path)) out.push(`${where}: path ends outside the input`)
    }
  }
  return out
}

/** Runs a validation: it must not throw, and its result must be well formed. */
function check(run: () => Result<unknown>, input: unknown, paths: boolean): Result<unknown> {
  let r: Result<unknown>
  try {
    r = run()
  } catch (error) {
    throw new Error(`threw ${String(error)}`)
  }
  const problems = shapeProblems(r, input, paths)
  if (problems.length > 0) expect(problems).toEqual([])
  return r
}

const pairs = (r: Result<unknown>) => (r.ok ? [] : r.issues.map(({ code, path }) => ({ code, path })))

/** `r` accepts `input` as is (expect runs only on failure: it is slow in a loop of hundreds). */
function expectAccepted(r: Result<unknown>, input: unknown): void {
  if (!r.ok || r.value !== input) expect(r).toEqual({ ok: true, value: input })
}

/** `r` refuses with exactly one issue, of `code`, at `path`. */
function expectOneIssue(r: Result<unknown>, code: string, path: Path): void {
  const got = pairs(r)
  const one = got[0]
  if (got.length !== 1 || one === undefined || one.code !== code || JSON.stringify(one.path) !== JSON.stringify(path)) expect(got).toEqual([{ code, path }])
}

/** Every path to a node of a JSON value (the root included). */
function nodePaths(json: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix]
  if (Array.isArray(json))
    json.forEach((v, i) => {
      out.push(...nodePaths(v, [...prefix, i]))
    })
  else if (typeof json === 'object' && json !== null) for (const [k, v] of Object.entries(json)) out.push(...nodePaths(v, [...prefix, k]))
  return out
}

/** `json` with the node at `path` replaced by `value` (the root when the path is empty). */
function replaced(json: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  const copy = structuredClone(json)
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>
  parent[path[path.length - 1] as string | number] = value
  return copy
}

/** `json` with the node at `path` removed (a key deleted, or an array element spliced out). */
function removed(json: unknown, path: Path): unknown {
  if (path.length === 0) return undefined
  const copy = structuredClone(json)
  const parent = at(copy, path.slice(0, -1))
  const key = path[path.length - 1] as string | number
  if (Array.isArray(parent)) parent.splice(key as number, 1)
  else delete (parent as Record<string, unknown>)[key]
  return copy
}

/** Command-shaped objects with random values under the keys the rules read. */
const COMMAND_KEYS = [
  'type',
  'name',
  'name_localizations',
  'description',
  'description_localizations',
  'options',
  'default_member_permissions',
  'dm_permission',
  'default_permission',
  'nsfw',
  'integration_types',
  'contexts',
  'handler',
  'id',
]
const OPTION_KEYS = [
  'type',
  'name',
  'name_localizations',
  'description',
  'description_localizations',
  'required',
  'choices',
  'options',
  'channel_types',
  'min_value',
  'max_value',
  'min_length',
  'max_length',
  'autocomplete',
]
const commandShaped: fc.Arbitrary<unknown> = fc.letrec<{ command: unknown; option: unknown; value: unknown }>((tie) => ({
  value: fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.array(tie('option'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 12 }) },
  ),
  option: fc.dictionary(fc.constantFrom(...OPTION_KEYS), tie('value'), { maxKeys: 8, noNullPrototype: true }),
  command: fc.dictionary(fc.constantFrom(...COMMAND_KEYS), tie('value'), { maxKeys: 10, noNullPrototype: true }),
})).command

const ANYTHING = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
})

/**
 * A value whose reading throws: a revoked proxy, an object with a throwing getter,
 * a proxy whose `ownKeys` throws a symbol. Made inside the property (fast-check
 * itself cannot hold a revoked proxy).
 */
function hostile(kind: 'revoked' | 'getter' | 'ownKeys'): object {
  if (kind === 'revoked') {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    return proxy
  }
  if (kind === 'getter')
    return Object.defineProperty({}, 'name', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
  return new Proxy(
    {},
    {
      ownKeys() {
        throw Symbol('not even an Error')
      },
    },
  )
}

// ---------------------------------------------------------------- (a)

describe('(a) any input gets a Result, never a throw (DESIGN.md "Contract")', () => {
  it('validateCommand and validateCommands on any JSON value (fc.jsonValue): a well-formed Result whose paths point into the input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom<Scope>('global', 'guild'), (json, scope) => {
        check(() => validateCommand(json, { scope }), json, true)
        check(() => validateCommands(json, { scope }), json, true)
      }),
      { numRuns: 300 },
    )
  })

  it('validateCommand on command-shaped JSON (known keys, random values): the same', () => {
    fc.assert(
      fc.property(commandShaped, fc.constantFrom<Scope>('global', 'guild'), (json, scope) => {
        check(() => validateCommand(json, { scope }), json, true)
      }),
      { numRuns: 200 },
    )
  })

  it('validateCommand and validateCommands on any value at all (fc.anything: null prototypes, Maps, bigints, sparse arrays, boxed values)', () => {
    fc.assert(
      fc.property(ANYTHING, (value) => {
        const list = [value]
        check(() => validateCommand(value), value, false)
        check(() => validateCommands(value), value, false)
        check(() => validateCommands(list, { scope: 'guild' }), list, false)
      }),
      { numRuns: 300 },
    )
  })

  it('validateCommands on any JSON list: a well-formed Result whose paths point into the input', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.jsonValue({ maxDepth: 3 }), commandShaped), { maxLength: 5 }), (json) => {
        check(() => validateCommands(json), json, true)
      }),
      { numRuns: 150 },
    )
  })

  it('a valid command with one node replaced by any JSON value, or removed: well formed, paths into the input', () => {
    const cases = fc.tuple(validCommand(), fc.nat(), fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }))
    fc.assert(
      fc.property(cases, ([command, pick, value]) => {
        const paths = nodePaths(command)
        const path = paths[pick % paths.length] as Path
        const input = value === undefined ? removed(command, path) : replaced(command, path, value)
        check(() => validateCommand(input), input, true)
      }),
      { numRuns: 200 },
    )
  })

  it('a valid command with one node replaced by any value at all: well formed', () => {
    fc.assert(
      fc.property(validCommand(), fc.nat(), ANYTHING, (command, pick, value) => {
        const paths = nodePaths(command)
        const input = replaced(command, paths[pick % paths.length] as Path, value)
        const list = [input]
        check(() => validateCommand(input), input, false)
        check(() => validateCommands(list), list, false)
      }),
      { numRuns: 150 },
    )
  })

  it('a node that throws when read (revoked proxy, throwing getter or ownKeys): refused, never thrown', () => {
    fc.assert(
      fc.property(validCommand({ profiles: ['small', 'tree'] }), fc.nat(), fc.constantFrom('revoked', 'getter', 'ownKeys'), (command, pick, kind) => {
        const value = hostile(kind)
        const paths = nodePaths(command)
        const path = paths[pick % paths.length] as Path
        // structuredClone cannot copy a proxy: put it in place after the copy.
        const input = path.length === 0 ? value : (replaced(command, path, null) as Json)
        if (path.length > 0) (at(input, path.slice(0, -1)) as Record<string | number, unknown>)[path[path.length - 1] as string | number] = value
        const list = [input]
        expect(check(() => validateCommand(input), input, false).ok).toBe(false)
        expect(check(() => validateCommands(list), list, false).ok).toBe(false)
      }),
      { numRuns: 100 },
    )
  })
})

// ---------------------------------------------------------------- (b)

describe('(b) every generated valid definition validates (spec: Naming rules, Command option, Option choice, Other command rules 1, Create body, Limits)', () => {
  it.each(['global', 'guild'] as const)('validCommand({ scope: %s }) validates, as is and after a JSON round trip', (scope) => {
    fc.assert(
      fc.property(validCommand({ scope }), (json) => {
        expectAccepted(validateCommand(json, { scope }), json)
        const copy: unknown = JSON.parse(JSON.stringify(json))
        expectAccepted(validateCommand(copy, { scope }), copy)
      }),
      { numRuns: 250 },
    )
  })

  it('with the conservative alphabet too, in a guild and globally (Create body (guild))', () => {
    fc.assert(
      fc.property(validCommand({ charset: 'conservative', scope: 'guild' }), (json) => {
        expectAccepted(validateCommand(json, { scope: 'guild' }), json)
        expectAccepted(validateCommand(json), json)
      }),
      { numRuns: 100 },
    )
  })

  it.each(['global', 'guild'] as const)('validCommandSet({ scope: %s }) validates with validateCommands ("Naming rules" 3, "Limits")', (scope) => {
    fc.assert(
      fc.property(validCommandSet({ scope }), (list) => {
        expectAccepted(validateCommands(list, { scope }), list)
      }),
      { numRuns: 50 },
    )
  })

  it('"Limits" combined size: a command padded to exactly 8000 characters validates', () => {
    fc.assert(
      fc.property(asJson(validCommand({ types: [1] })), (command) => {
        const json = structuredClone(command)
        fc.pre(padToSize(json, COMMAND_SIZE_LIMIT))
        expect(specSize(json)).toBe(COMMAND_SIZE_LIMIT)
        expect(validateCommand(json).ok).toBe(true)
      }),
      { numRuns: 60 },
    )
  })

  it('the generators reach what they promise (every option type, nesting, the 25 caps, sizes near 8000, the alphabets)', () => {
    const seen = new Set<string>()
    const note = (cond: boolean, what: string) => cond && seen.add(what)
    for (const json of fc.sample(asJson(validCommand()), { numRuns: 600, seed: 42 })) {
      const type = commandType(json)
      note(true, `command type ${type}`)
      note(type === 1 && json.type === undefined, 'type omitted')
      note(type === 4 && json.handler === 1, 'handler 1')
      note(type === 4 && json.handler === 2, 'handler 2')
      for (const key of ['default_member_permissions', 'default_permission', 'nsfw', 'dm_permission', 'integration_types', 'contexts']) note(key in json, key)
      const names = [json.name, ...allOptions(json).map((o) => o.option.name)].join('')
      note(type === 1 && names.includes("'"), 'apostrophe')
      note(type === 1 && /\p{sc=Deva}/u.test(names), 'Devanagari')
      note(type === 1 && /\p{sc=Thai}/u.test(names), 'Thai')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the class is everything outside ASCII, U+0000 included on purpose
      note(type === 1 && /[^\u0000-\u007f]/u.test(names), 'non-ASCII letter')
      note(type === 1 && /[\u{10000}-\u{10ffff}]/u.test(names), 'astral letter')
      note(type === 1 && /\p{Lu}/u.test(names), 'upper-case letter without a lower-case variant')
      note(type !== 1 && / /.test(json.name as string) && /\p{Lu}/u.test(json.name as string), 'plain name with space and capitals')
      note(typeof json.name === 'string' && [...json.name].length === 32, 'name of 32 characters')
      if (type !== 1) continue
      const size = specSize(json)
      note(size > 7500, 'size over 7500')
      note(size === COMMAND_SIZE_LIMIT, 'size exactly 8000')
      note(Array.isArray(json.options) && json.options.length === 25, '25 options at the command level')
      for (const { option, array } of allOptions(json)) {
        note(true, `option type ${option.type as number}`)
        note(array.items.length === 25 && array.holds === 'subcommands', 'group of 25 subcommands')
        note(Array.isArray(option.choices) && option.choices.length === 25, '25 choices')
        note(Array.isArray(option.choices) && option.choices.length > 0, `choices on type ${option.type as number}`)
        note(option.autocomplete === true, 'autocomplete')
        note(option.required === true, 'required')
        note(option.min_value !== undefined && option.max_value !== undefined, 'min_value and max_value')
        note(option.min_length === 0, 'min_length 0')
        note(option.max_length !== undefined, 'max_length')
        note(Array.isArray(option.channel_types), 'channel_types')
        note(typeof option.name_localizations === 'object' && option.name_localizations !== null && Object.keys(option.name_localizations).length > 0, 'localized option names')
        note(Array.isArray(option.choices) && (option.choices as Json[]).some((c) => c.name_localizations !== undefined), 'localized choices')
        note(Array.isArray(option.choices) && (option.choices as Json[]).some((c) => c.value === ''), 'empty string choice value')
      }
    }
    const expected = [
      ...[1, 2, 3, 4].map((t) => `command type ${t}`),
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((t) => `option type ${t}`),
      ...[3, 4, 10].map((t) => `choices on type ${t}`),
      'type omitted',
      'handler 1',
      'handler 2',
      'default_member_permissions',
      'default_permission',
      'nsfw',
      'dm_permission',
      'integration_types',
      'contexts',
      'apostrophe',
      'Devanagari',
      'Thai',
      'non-ASCII letter',
      'astral letter',
      'upper-case letter without a lower-case variant',
      'plain name with space and capitals',
      'name of 32 characters',
      'size over 7500',
      'size exactly 8000',
      '25 options at the command level',
      'group of 25 subcommands',
      '25 choices',
      'autocomplete',
      'required',
      'min_value and max_value',
      'min_length 0',
      'max_length',
      'channel_types',
      'localized option names',
      'localized choices',
      'empty string choice value',
    ]
    expect(expected.filter((e) => !seen.has(e))).toEqual([])
  })

  it('the set generator reaches the per-type limits and shares names across types', () => {
    let full = false
    let shared = false
    for (const list of fc.sample(asJsonList(validCommandSet()), { numRuns: 80, seed: 7 })) {
      const count = (t: number) => list.filter((c) => commandType(c) === t).length
      if (count(1) === 100 && count(2) === 15 && count(3) === 15 && count(4) === 1) full = true
      const chat = new Set(list.filter((c) => commandType(c) === 1).map((c) => c.name))
      if (list.some((c) => commandType(c) !== 1 && chat.has(c.name))) shared = true
    }
    expect({ full, shared }).toEqual({ full: true, shared: true })
  })
})

// ---------------------------------------------------------------- (c)

describe('(c) one mutation breaks one rule: refused with exactly that issue, at that path (each test names its spec section)', () => {
  for (const mutation of MUTATIONS) {
    it(`${mutation.title}: ${mutation.code} (spec: ${mutation.section})`, () => {
      fc.assert(
        fc.property(mutatedBy(mutation), ({ json, path }) => {
          expectOneIssue(validateCommand(json, { scope: mutation.scope }), mutation.code, path)
        }),
        { numRuns: 30 },
      )
    })
  }

  for (const mutation of SET_MUTATIONS) {
    it(`validateCommands: ${mutation.title}: ${mutation.code} (spec: ${mutation.section})`, () => {
      fc.assert(
        fc.property(mutatedSetBy(mutation), ({ json, path }) => {
          expectOneIssue(validateCommands(json, { scope: mutation.scope }), mutation.code, path)
        }),
        { numRuns: 15 },
      )
    })
  }
})
