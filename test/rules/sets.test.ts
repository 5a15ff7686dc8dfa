/**
 * `validateCommands`, a bulk-overwrite list: every element is checked with paths
 * that start with its index; per type and per scope at most 100 CHAT_INPUT, 15
 * USER, 15 MESSAGE and 1 PRIMARY_ENTRY_POINT ("Limits"), none of type 4 in a guild;
 * names unique per type in one scope ("Naming rules" 3).
 */
import { describe, expect, it } from 'vitest'
import { validateCommands } from '../../src/index.js'
import { chat, expectValidSet, issue, setIssuesOf, str } from './helpers.js'

const chats = (n: number) => Array.from({ length: n }, (_, i) => chat({ name: `c${i}` }))
const users = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 2, name: `User ${i}` }))
const messages = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 3, name: `Message ${i}` }))
const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 4, name: `Launch ${i}` }))

describe('Limits: commands per type, per scope', () => {
  it('accepts 100 CHAT_INPUT, 15 USER, 15 MESSAGE and 1 PRIMARY_ENTRY_POINT together in the global scope (spec: "Limits")', () => {
    expectValidSet([...chats(100), ...users(15), ...messages(15), ...entries(1)])
  })

  it('refuses the 101st CHAT_INPUT command, once, at its index (set.too_many) (spec: "Limits", global CHAT_INPUT commands 100)', () => {
    expect(setIssuesOf(chats(101))).toEqual([issue('set.too_many', 100)])
    expect(setIssuesOf(chats(103))).toEqual([issue('set.too_many', 100)])
    // A type-1 command counts whether its type is written or not.
    expect(setIssuesOf([...chats(100), chat({ type: 1, name: 'extra' })])).toEqual([issue('set.too_many', 100)])
  })

  it('refuses the 16th USER and the 16th MESSAGE command (spec: "Limits", global USER 15, MESSAGE 15)', () => {
    expect(setIssuesOf(users(16))).toEqual([issue('set.too_many', 15)])
    expect(setIssuesOf([...chats(3), ...messages(16)])).toEqual([issue('set.too_many', 18)])
  })

  it('refuses a second PRIMARY_ENTRY_POINT command (spec: "Limits", global PRIMARY_ENTRY_POINT commands 1)', () => {
    expect(setIssuesOf(entries(2))).toEqual([issue('set.too_many', 1)])
    const r = validateCommands(entries(2))
    expect(r.ok).toBe(false)
    expect(r.issues?.[0]?.message).toMatchInlineSnapshot(`"commands[1] is PRIMARY_ENTRY_POINT command number 2; a global list holds at most 1 PRIMARY_ENTRY_POINT command"`)
  })

  it('counts each type apart: 100 CHAT_INPUT do not use up room for USER commands (spec: "Limits", per type)', () => {
    expectValidSet([...users(15), ...chats(100)])
    expect(setIssuesOf([...users(16), ...chats(100)])).toEqual([issue('set.too_many', 15)])
  })

  it('holds a guild to the same counts, and to no PRIMARY_ENTRY_POINT at all (spec: "Limits", guild-specific commands)', () => {
    const guild = { scope: 'guild' } as const
    expectValidSet([...chats(100), ...users(15), ...messages(15)], guild)
    expect(setIssuesOf(chats(101), guild)).toEqual([issue('set.too_many', 100)])
    expect(setIssuesOf(users(16), guild)).toEqual([issue('set.too_many', 15)])
    expect(setIssuesOf(messages(16), guild)).toEqual([issue('set.too_many', 15)])
    // Each entry point is refused where it stands; no count issue on top.
    expect(setIssuesOf(entries(2), guild)).toEqual([issue('scope.entry_point', 0, 'type'), issue('scope.entry_point', 1, 'type')])
  })

  it('does not count an element that is not a command object (spec: "Limits", commands per type)', () => {
    expect(setIssuesOf([...chats(100), 'c100'])).toEqual([issue('value.type', 100)])
    expect(setIssuesOf([...chats(100), ['c100']])).toEqual([issue('value.type', 100)])
  })
})

describe('Naming rules 3: names are unique per type, per scope', () => {
  it('refuses two CHAT_INPUT commands with the same name, at the later one (set.duplicate_name) (spec: "Naming rules" 3)', () => {
    expect(setIssuesOf([chat({ name: 'ban' }), chat({ name: 'kick' }), chat({ name: 'ban' })])).toEqual([issue('set.duplicate_name', 2, 'name')])
    expect(setIssuesOf([chat({ name: 'ban' }), chat({ name: 'ban' })], { scope: 'guild' })).toEqual([issue('set.duplicate_name', 1, 'name')])
    // Type omitted and type 1 are the same type.
    expect(setIssuesOf([chat({ name: 'ban' }), chat({ type: 1, name: 'ban' })])).toEqual([issue('set.duplicate_name', 1, 'name')])
  })

  it('refuses two USER or two MESSAGE commands with the same name, and reports every repeat (spec: "Naming rules" 3)', () => {
    expect(
      setIssuesOf([
        { type: 2, name: 'Profile' },
        { type: 2, name: 'Profile' },
        { type: 2, name: 'Profile' },
      ]),
    ).toEqual([issue('set.duplicate_name', 1, 'name'), issue('set.duplicate_name', 2, 'name')])
    expect(
      setIssuesOf([
        { type: 3, name: 'Report' },
        { type: 3, name: 'Report' },
      ]),
    ).toEqual([issue('set.duplicate_name', 1, 'name')])
  })

  it('accepts the same name across types (spec: "Naming rules" 3, a global CHAT_INPUT and a global USER command may share a name)', () => {
    expectValidSet([chat({ name: 'report' }), { type: 2, name: 'report' }, { type: 3, name: 'report' }, { type: 4, name: 'report' }])
  })

  it('accepts the same name in each scope: set rules apply within one list, one scope (spec: "Naming rules" 3, a global and a guild CHAT_INPUT command may share a name)', () => {
    const list = [chat({ name: 'ban' }), { type: 2, name: 'Ban' }]
    expectValidSet(list, { scope: 'global' })
    expectValidSet(list, { scope: 'guild' })
  })

  it('compares names exactly: USER names differing in case are different names (spec: "Naming rules" 3)', () => {
    expectValidSet([
      { type: 2, name: 'Profile' },
      { type: 2, name: 'profile' },
    ])
  })
})

describe('element issues carry the index of their element', () => {
  it('prefixes every path with the index (spec: "Bulk guild body", each list element)', () => {
    expect(setIssuesOf([chat(), chat({ name: 'Bad', options: [str('a'), str('b', { required: true })] })])).toEqual([
      issue('name.lowercase', 1, 'name'),
      issue('options.order', 1, 'options', 1),
    ])
    const r = validateCommands([chat(), chat({ name: 'Bad' })])
    expect(r.issues?.map((i) => i.message)).toMatchInlineSnapshot(`
      [
        "commands[1].name must be lower case ("bad") (was "Bad")",
      ]
    `)
  })

  it('refuses a list that is not an array, at the root (spec: "Command endpoints", PUT takes a JSON list)', () => {
    expect(setIssuesOf(chat())).toEqual([issue('value.type')])
    expect(setIssuesOf(null)).toEqual([issue('value.type')])
    expectValidSet([])
  })
})
