/**
 * The rules read the enumerations of wire/enums.ts rather than copies of them:
 * `channel_types` takes exactly the channel types `ChannelType` lists ("Command
 * option" channel_types; the values are public API v10 facts, "not shown" in the
 * spec), and the type values the rules branch on mean an option type or a command
 * type by name ("Option types": 4 is INTEGER; "Command types": 4 is
 * PRIMARY_ENTRY_POINT).
 */
import { describe, expect, it } from 'vitest'
import { ChannelType } from '../../src/index.js'
import { expectValid, issue, issuesOf, opt, withOptions } from './helpers.js'

describe('channel_types reads wire/enums.ts (public API v10 channel types)', () => {
  const values = Object.values(ChannelType)

  it('accepts every value of ChannelType, all in one list', () => {
    expect(values.length).toBe(13)
    expectValid(withOptions(opt(7, 'c', { channel_types: values })))
  })

  it('refuses every other integer from -1 to 20', () => {
    const others = Array.from({ length: 22 }, (_, i) => i - 1).filter((n) => !values.includes(n as never))
    expect(others).toEqual([-1, 6, 7, 8, 9, 17, 18, 19, 20])
    expect(issuesOf(withOptions(opt(7, 'c', { channel_types: others })))).toEqual(others.map((_, i) => issue('enum.value', 'options', 0, 'channel_types', i)))
  })
})

describe('type 4 is INTEGER for an option and PRIMARY_ENTRY_POINT for a command', () => {
  it('an INTEGER option takes whole bounds only (spec: "Option types")', () => {
    expect(issuesOf(withOptions(opt(4, 'n', { min_value: 1.5 })))).toEqual([issue('number.integer', 'options', 0, 'min_value')])
    expectValid(withOptions(opt(10, 'n', { min_value: 1.5 })))
  })

  it('a type 4 command is the entry point: global only, a handler, no options (spec: "Command types", "Naming rules" 3)', () => {
    const entry = { type: 4, name: 'Launch', handler: 2 }
    expectValid(entry)
    expect(issuesOf(entry, { scope: 'guild' })).toEqual([issue('scope.entry_point', 'type')])
    expect(issuesOf({ ...entry, options: [] })).toEqual([issue('field.not_allowed', 'options')])
  })
})
