/**
 * The bound on work of the rules (src/rules/bounds.ts; docs/issues.md, "Limits on
 * input"): a list longer than the spec could ever allow gets one issue and is not
 * read; at most 100 issues come back, the last one saying how many more were left
 * out; and whatever hostile shape a definition holds, every validator and
 * `fromJSON` answer with issues, never a throw of anything else.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  fromJSON,
  limits,
  validateChoice,
  validateCommand,
  validateCommands,
  validateLobby,
  validateLobbyMember,
  validateOption,
  ValidationError,
  type Issue,
  type IssueCode,
  type Result,
} from '../../src/index.js'
import { validateOverwrites } from '../../src/permissions/index.js'
import { COMMANDS_LIST_MAX, ISSUES_MAX, LIST_MAX } from '../../src/rules/bounds.js'
import { growingArray, hostileCommand, hostileValue, lyingArray, manyKeys, sparse, throwingGetter } from '../support/hostile.js'
import { expectIssues, issue, pairsOf } from '../support/issues.js'

/** A refusal of any validator: at most ISSUES_MAX well-formed issues. */
function bounded(r: Result<unknown>): readonly Issue[] {
  expect(r.ok).toBe(false)
  return within(r)
}

/** A result of any validator: the value, or at most ISSUES_MAX well-formed issues (a planted value may be valid). */
function within(r: Result<unknown>): readonly Issue[] {
  if (r.ok) return []
  const issues = r.issues
  expect(issues.length).toBeGreaterThan(0)
  expect(issues.length).toBeLessThanOrEqual(ISSUES_MAX)
  for (const i of issues) {
    expect(typeof i.code).toBe('string')
    expect(Array.isArray(i.path)).toBe(true)
    expect(typeof i.message).toBe('string')
  }
  return issues
}

describe('the issue cap (src/rules/bounds.ts ISSUES_MAX; docs/issues.md issues.truncated)', () => {
  // 'x' + 32 characters: one name.length issue per option, none other.
  const longName = (i: number) => `o${i}`.padEnd(33, 'x')
  const command = (n: number) => ({ name: 'c', description: 'd', options: Array.from({ length: n }, (_, i) => ({ type: 5, name: longName(i), description: 'd' })) })
  const commandsWith = (n: number) => Array.from({ length: n }, (_, i) => ({ name: longName(i), description: 'd' }))

  it('keeps 100 issues as they are', () => {
    const r = validateCommands(commandsWith(100))
    expect(r.issues).toHaveLength(100)
    expect(r.issues?.every((i) => i.code === 'name.length')).toBe(true)
  })

  it('past 100, keeps the first 99 and ends with issues.truncated counting the others', () => {
    // 101 long names, and the 101st CHAT_INPUT command: 102 issues.
    const r = validateCommands(commandsWith(101))
    expect(r.issues).toHaveLength(ISSUES_MAX)
    expect(pairsOf(r).slice(0, 99)).toEqual(Array.from({ length: 99 }, (_, i) => issue('name.length', i, 'name')))
    expect(r.issues?.[99]).toEqual({ code: 'issues.truncated', path: [], message: '3 more issues left out', count: 3 })
  })

  it('counts every issue past the cap, across a whole command (25 options, each with many bad fields)', () => {
    const r = validateCommand(command(25))
    expect(r.issues).toHaveLength(25)
    // Each option: 4000 unknown keys, so 25 x 4000 field.unknown issues and 25 name.length ones.
    const wide = command(25)
    for (const o of wide.options) Object.assign(o, manyKeys(4000))
    const capped = validateCommand(wide)
    expect(capped.issues).toHaveLength(ISSUES_MAX)
    expect(capped.issues?.[99]).toMatchObject({ code: 'issues.truncated', message: `${25 * 4001 - 99} more issues left out` })
  })

  it('caps every validator: validateOption, validateChoice, validateLobby, validateLobbyMember, validateOverwrites', () => {
    const keys = manyKeys(500)
    for (const r of [
      validateOption({ type: 3, name: 'o', description: 'd', ...keys }),
      validateChoice({ name: 'n', value: 'v', ...keys }),
      validateLobby(keys),
      validateLobbyMember(keys),
      validateOverwrites({ permissions: [], ...keys }),
    ]) {
      expect(r.issues).toHaveLength(ISSUES_MAX)
      expect(r.issues?.[99]?.code).toBe('issues.truncated')
    }
  })
})

describe('lists over their cap: one issue, nothing in them read (spec: "Limits"; src/rules/bounds.ts)', () => {
  it('is 131 commands for a bulk list, 100 + 15 + 15 + 1 (spec: "Limits")', () => {
    expect(COMMANDS_LIST_MAX).toBe(limits.CHAT_INPUT_COMMANDS_MAX + limits.USER_COMMANDS_MAX + limits.MESSAGE_COMMANDS_MAX + limits.ENTRY_POINT_COMMANDS_MAX)
  })

  it('refuses a bulk list of 132 at the list, and still reads one of 131 element by element', () => {
    const users = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 2, name: `U${i}` }))
    expectIssues(validateCommands(users(132)), [issue('set.too_many')])
    expectIssues(validateCommands(users(131)), [issue('set.too_many', 15)])
  })

  it("reads a list's length once: a proxy that grows after the first read is not walked", () => {
    const option = { type: 3, name: 'o', description: 'd' }
    expectIssues(validateCommand({ name: 'c', description: 'd', options: growingArray(option) }), [])
    expectIssues(validateCommands(growingArray({ name: 'c', description: 'd' })), [])
    expectIssues(validateLobby({ members: growingArray({ id: '1' }) }), [])
    expectIssues(validateOverwrites({ permissions: growingArray({ id: '1', type: 1, permission: true }) }), [])
  })

  it('refuses a proxy claiming 2^32-1 elements with one issue per list, in every validator', () => {
    const cases: [Result<unknown>, IssueCode, (string | number)[]][] = [
      [validateCommand({ name: 'c', description: 'd', options: lyingArray() }), 'options.too_many', ['options']],
      [validateCommand({ name: 'c', description: 'd', options: [{ type: 3, name: 'o', description: 'd', choices: lyingArray() }] }), 'choices.too_many', ['options', 0, 'choices']],
      [validateCommand({ name: 'c', description: 'd', contexts: lyingArray(0) }), 'list.too_long', ['contexts']],
      [validateCommands(lyingArray({ name: 'c', description: 'd' })), 'set.too_many', []],
      [validateOption({ type: 1, name: 's', description: 'd', options: lyingArray() }), 'options.too_many', ['options']],
      [validateLobby({ members: lyingArray({ id: '1' }) }), 'lobby.members', ['members']],
      [validateOverwrites({ permissions: lyingArray() }), 'permissions.too_many', ['permissions']],
    ]
    for (const [r, code, path] of cases) expectIssues(r, [issue(code, ...path)])
  })

  it('reads an uncapped list up to 1000 elements, and refuses a longer one with list.too_long (not a spec rule)', () => {
    const at = (n: number) => validateCommand({ name: 'c', description: 'd', integration_types: Array.from({ length: n }, () => 0) })
    expect(LIST_MAX).toBe(1000)
    // Every element of 1000 is read (each 0 after the first repeats one: issue 14's no-duplicates rule), capped at 100 issues.
    const read = pairsOf(at(LIST_MAX))
    expect(read).toHaveLength(100)
    expect(read.slice(0, 99).every(({ code }) => code === 'array.duplicate')).toBe(true)
    expect(read[99]!.code).toBe('issues.truncated')
    expectIssues(at(LIST_MAX + 1), [issue('list.too_long', 'integration_types')])
    expectIssues(validateCommand({ name: 'c', description: 'd', options: [{ type: 7, name: 'c', description: 'd', channel_types: sparse() }] }), [
      issue('list.too_long', 'options', 0, 'channel_types'),
    ])
  })
})

describe('fromJSON: nothing is copied before it is checked (src/builders/from-json.ts)', () => {
  it.each([
    ['options', ['options']],
    ['contexts', ['contexts']],
  ] as const)('refuses a sparse %s array of length 2^32-1 without walking it', (key, path) => {
    const json = { name: 'c', description: 'd', [key]: sparse() }
    expectIssues(() => fromJSON(json), [issue(key === 'options' ? 'options.too_many' : 'list.too_long', ...path)])
  })

  it('refuses a sparse choices array of length 2^32-1 without walking it', () => {
    expectIssues(
      () => fromJSON({ name: 'c', description: 'd', options: [{ type: 3, name: 'o', description: 'd', choices: sparse() }] }),
      [issue('choices.too_many', 'options', 0, 'choices')],
    )
  })

  it('checks the copy too: a getter that answers differently the second time is refused', () => {
    let reads = 0
    const option = Object.defineProperty({ type: 3, description: 'd' }, 'name', { enumerable: true, get: () => (reads++ === 0 ? 'ok' : 'Not Ok') })
    expectIssues(() => fromJSON({ name: 'c', description: 'd', options: [option] }), [issue('input.unreadable')])
    expect(reads).toBeGreaterThanOrEqual(2)
  })

  it('still accepts a command as the service returns it', () => {
    const json = { id: '1', application_id: '2', version: '3', type: 2, name: 'Profile', description: '' }
    expect(fromJSON(json).toJSON()).toEqual({ type: 2, name: 'Profile' })
  })
})

describe('hostile shapes, as properties (fast-check): issues, never a throw, never more than the cap', () => {
  const validators: [string, (json: unknown) => Result<unknown>][] = [
    ['validateCommand', (j) => validateCommand(j)],
    ['validateCommand (guild)', (j) => validateCommand(j, { scope: 'guild' })],
    ['validateCommands', (j) => validateCommands([j, j])],
    ['validateOption', (j) => validateOption(j)],
    ['validateChoice', (j) => validateChoice(j)],
    ['validateLobby', (j) => validateLobby({ metadata: j, members: [j] })],
    ['validateLobbyMember', (j) => validateLobbyMember({ metadata: j, flags: j })],
    ['validateOverwrites', (j) => validateOverwrites({ permissions: [j] })],
  ]

  it.each(validators)('%s answers a hostile definition with at most 100 issues', (_, validate) => {
    fc.assert(
      fc.property(hostileCommand, (recipe) => {
        within(validate(recipe.make()))
      }),
      { numRuns: 150 },
    )
  })

  it('validateCommands answers a hostile list itself', () => {
    fc.assert(
      fc.property(hostileValue, (recipe) => {
        const list = recipe.make()
        const r = validateCommands(list)
        if (r.ok) expect(list).toEqual([])
        else bounded(r)
      }),
      { numRuns: 200 },
    )
  })

  it('fromJSON throws ValidationError with at most 100 issues, and nothing else', () => {
    fc.assert(
      fc.property(hostileCommand, (recipe) => {
        try {
          fromJSON(recipe.make())
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError)
          expect((error as ValidationError).issues.length).toBeLessThanOrEqual(ISSUES_MAX)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('a throwing getter anywhere is input.unreadable, with the issues found before it kept', () => {
    const r = validateCommand({ name: 'Bad', description: 'd', options: [throwingGetter('name')] })
    expectIssues(r, [issue('name.lowercase', 'name'), issue('field.required', 'options', 0, 'type'), issue('input.unreadable', 'options', 0)])
  })
})
