/**
 * The structure of options arrays: nesting ("Other command rules" 1), subcommands
 * and value options not mixed, the 25 caps ("Limits"), `required` only on value
 * options ("Command option" table), required before optional ("Command option"
 * rule 1) and unique names per array ("Naming rules" 4).
 */
import { describe, expect, it } from 'vitest'
import { chat, expectValid, group, issue, issuesOf, messagesOf, opt, str, strings, sub, withOptions } from './helpers.js'

const subs = (n: number) => Array.from({ length: n }, (_, i) => sub(`s${i}`))

describe('Other command rules 1: nesting', () => {
  it('accepts subcommands, groups of subcommands, and subcommands with value options (spec: "Other command rules" 1)', () => {
    expectValid(withOptions(sub('show'), sub('set', [str('key', { required: true }), str('value')])))
    expectValid(withOptions(group('role', [sub('grant', [opt(8, 'role', { required: true })]), sub('revoke')]), sub('show')))
  })

  it('accepts a group with no subcommands: it is valid but not shown (spec: "Other command rules" 1)', () => {
    expectValid(withOptions(group('empty', [])))
    expectValid(withOptions({ type: 2, name: 'empty', description: 'd' }))
  })

  it('refuses a group inside a group (spec: "Other command rules" 1)', () => {
    expect(issuesOf(withOptions(group('outer', [group('inner', [sub('s')])])))).toEqual([issue('options.nesting', 'options', 0, 'options', 0)])
  })

  it('refuses a group inside a subcommand (spec: "Other command rules" 1)', () => {
    expect(issuesOf(withOptions(sub('s', [group('g', [sub('t')])])))).toEqual([issue('options.nesting', 'options', 0, 'options', 0)])
    expect(issuesOf(withOptions(group('g', [sub('s', [str('ok'), group('deep', [])])])))).toEqual([issue('options.nesting', 'options', 0, 'options', 0, 'options', 1)])
  })

  it('refuses a subcommand inside a subcommand: nothing deeper than group > subcommand > option (spec: "Other command rules" 1)', () => {
    expect(issuesOf(withOptions(sub('s', [sub('t')])))).toEqual([issue('options.nesting', 'options', 0, 'options', 0)])
    expect(issuesOf(withOptions(group('g', [sub('s', [sub('t')])])))).toEqual([issue('options.nesting', 'options', 0, 'options', 0, 'options', 0)])
  })

  it('refuses a value option directly inside a group: groups hold subcommands (spec: "Other command rules" 1)', () => {
    expect(issuesOf(withOptions(group('g', [sub('s'), str('loose')])))).toEqual([issue('options.nesting', 'options', 0, 'options', 1)])
    expect(messagesOf(withOptions(group('g', [str('loose')])))).toMatchInlineSnapshot(`
      [
        "options[0].options[0] is a value option inside a group; groups hold only subcommands",
      ]
    `)
  })

  it('refuses options on a value option: only subcommands and groups hold options (spec: "Command option", options valid for SUB_COMMAND, SUB_COMMAND_GROUP)', () => {
    expect(issuesOf(withOptions(str('o', { options: [str('p')] })))).toEqual([issue('field.not_allowed', 'options', 0, 'options')])
  })
})

describe('Other command rules 1: subcommands and value options are not mixed', () => {
  it('refuses a subcommand after a value option, and a value option after a subcommand or group (spec: "Other command rules" 1)', () => {
    expect(issuesOf(withOptions(str('o'), sub('s')))).toEqual([issue('options.mixed', 'options', 1)])
    expect(issuesOf(withOptions(sub('s'), str('o')))).toEqual([issue('options.mixed', 'options', 1)])
    expect(issuesOf(withOptions(group('g', [sub('s')]), opt(5, 'flag')))).toEqual([issue('options.mixed', 'options', 1)])
    expect(issuesOf(withOptions(str('a'), str('b'), group('g', [sub('s')]), sub('t')))).toEqual([issue('options.mixed', 'options', 2), issue('options.mixed', 'options', 3)])
  })

  it('accepts subcommands and groups side by side (spec: "Other command rules" 1)', () => {
    expectValid(withOptions(sub('a'), group('g', [sub('s')]), sub('b')))
  })
})

describe('Limits: 25 options, subcommands or groups per array', () => {
  it('accepts 25 options and refuses 26 (spec: "Limits", options per command 25)', () => {
    expectValid(withOptions(...strings(25)))
    expect(issuesOf(withOptions(...strings(26)))).toEqual([issue('options.too_many', 'options')])
  })

  it('accepts 25 subcommands or groups on a command and refuses 26 (spec: "Limits", 25 each)', () => {
    expectValid(withOptions(...subs(25)))
    expect(issuesOf(withOptions(...subs(26)))).toEqual([issue('options.too_many', 'options')])
  })

  it('caps the subcommands in a group and the options in a subcommand at 25 (spec: "Limits", subcommands or options within a group or subcommand)', () => {
    expectValid(withOptions(group('g', subs(25))))
    expect(issuesOf(withOptions(group('g', subs(26))))).toEqual([issue('options.too_many', 'options', 0, 'options')])
    expectValid(withOptions(sub('s', strings(25))))
    expect(issuesOf(withOptions(sub('s', strings(26))))).toEqual([issue('options.too_many', 'options', 0, 'options')])
    expect(issuesOf(withOptions(group('g', [sub('s', strings(26))])))).toEqual([issue('options.too_many', 'options', 0, 'options', 0, 'options')])
  })

  it('refuses an array over the cap whatever it holds, without reading its elements (spec: "Limits"; src/rules/bounds.ts)', () => {
    const options = [...strings(25), str('Bad')]
    expect(issuesOf(withOptions(...options))).toEqual([issue('options.too_many', 'options')])
    const unreadable = new Proxy([...strings(26)], { get: (t, k) => (k === 'length' ? 26 : k in t ? expect.unreachable(`read ${String(k)}`) : undefined) })
    expect(issuesOf(chat({ options: unreadable }))).toEqual([issue('options.too_many', 'options')])
  })

  it('refuses options that are not an array of option objects (spec: "Application command", options is an array of command options)', () => {
    expect(issuesOf(chat({ options: {} }))).toEqual([issue('value.type', 'options')])
    expect(issuesOf(chat({ options: 'o' }))).toEqual([issue('value.type', 'options')])
    expect(issuesOf(withOptions(str('a'), 'b', null))).toEqual([issue('value.type', 'options', 1), issue('value.type', 'options', 2)])
    expect(issuesOf(withOptions(sub('s', [[]])))).toEqual([issue('value.type', 'options', 0, 'options', 0)])
    expectValid(chat({ options: [] }))
  })
})

describe('"Command option" table: required is not for subcommands and groups', () => {
  it('refuses required on a subcommand or a group, whatever its value (spec: "Command option", required valid for all except SUB_COMMAND and SUB_COMMAND_GROUP)', () => {
    expect(issuesOf(withOptions(sub('s', [], { required: true })))).toEqual([issue('field.not_allowed', 'options', 0, 'required')])
    expect(issuesOf(withOptions(sub('s', [], { required: false })))).toEqual([issue('field.not_allowed', 'options', 0, 'required')])
    expect(issuesOf(withOptions(group('g', [sub('s')], { required: true })))).toEqual([issue('field.not_allowed', 'options', 0, 'required')])
    expect(issuesOf(withOptions(group('g', [sub('s', [], { required: true })])))).toEqual([issue('field.not_allowed', 'options', 0, 'options', 0, 'required')])
  })

  it('accepts required on every value option type (spec: "Command option", required)', () => {
    expectValid(withOptions(...[3, 4, 5, 6, 7, 8, 9, 10, 11].map((type) => opt(type, `o${type}`, { required: true }))))
  })

  it('refuses a required that is not a boolean (spec: "Command option", required is a boolean)', () => {
    expect(issuesOf(withOptions(str('o', { required: 'yes' })))).toEqual([issue('value.type', 'options', 0, 'required')])
    // A malformed required is reported once, as a type problem, not also as an order problem.
    expect(issuesOf(withOptions(str('a'), str('b', { required: 1 })))).toEqual([issue('value.type', 'options', 1, 'required')])
  })
})

describe('"Command option" rule 1: required options before optional ones', () => {
  it('accepts required options first, then optional ones (spec: "Command option" rule 1)', () => {
    expectValid(withOptions(str('a', { required: true }), str('b', { required: true }), str('c'), str('d', { required: false })))
  })

  it('refuses a required option after an optional one (spec: "Command option" rule 1)', () => {
    expect(issuesOf(withOptions(str('a'), str('b', { required: true })))).toContainEqual(issue('options.order', 'options', 1))
    expect(issuesOf(withOptions(str('a'), str('b', { required: true })))).toEqual([issue('options.order', 'options', 1)])
    expect(messagesOf(withOptions(str('a'), str('b', { required: true })))).toMatchInlineSnapshot(`
      [
        "options[1] is required but follows optional option "a" (options[0]); required options must come first",
      ]
    `)
  })

  it('treats required: false as optional, and reports each required option that follows one (spec: "Command option" rule 1)', () => {
    expect(issuesOf(withOptions(str('a', { required: true }), str('b', { required: false }), str('c', { required: true }), str('d', { required: true })))).toEqual([
      issue('options.order', 'options', 2),
      issue('options.order', 'options', 3),
    ])
  })

  it('applies within each subcommand, not across subcommands (spec: "Command option" rule 1)', () => {
    expect(issuesOf(withOptions(sub('s', [opt(4, 'n'), opt(6, 'u', { required: true })])))).toEqual([issue('options.order', 'options', 0, 'options', 1)])
    expectValid(withOptions(sub('a', [str('optional')]), sub('b', [str('needed', { required: true })])))
  })
})

describe('Naming rules 4: option names are unique within one array', () => {
  it('refuses two options with the same name in one array (spec: "Naming rules" 4)', () => {
    expect(issuesOf(withOptions(str('a'), str('b'), opt(4, 'a')))).toEqual([issue('options.duplicate_name', 'options', 2)])
    expect(issuesOf(withOptions(sub('s'), sub('s')))).toEqual([issue('options.duplicate_name', 'options', 1)])
    expect(issuesOf(withOptions(group('g', [sub('s'), sub('s')])))).toEqual([issue('options.duplicate_name', 'options', 0, 'options', 1)])
    expect(issuesOf(withOptions(sub('s', [str('x'), str('x'), str('x')])))).toEqual([
      issue('options.duplicate_name', 'options', 0, 'options', 1),
      issue('options.duplicate_name', 'options', 0, 'options', 2),
    ])
  })

  it('accepts the same name in different arrays, and an option named like its command (spec: "Naming rules" 4)', () => {
    expectValid(withOptions(sub('ban', [opt(6, 'target')]), sub('kick', [opt(6, 'target')])))
    expectValid(withOptions(group('g', [sub('g', [str('g')])])))
    expectValid(chat({ name: 'cmd', options: [str('cmd')] }))
  })

  it('compares names exactly (spec: "Naming rules" 4)', () => {
    expectValid(withOptions(str('name'), str('name2'), str('name-'), str("name'")))
  })
})
