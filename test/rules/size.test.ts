/**
 * "Limits", slash command combined size: at most 8000 characters across the name,
 * description and value properties of the command, its options (subcommands and
 * groups included) and its choices; for a localized field only its longest version
 * (the default included) counts. Characters are code points.
 *
 * Every command here is built from parts whose sizes are written out, so the
 * expected total is computed by the test, not read back from the code.
 */
import { describe, expect, it } from 'vitest'
import { commandSize } from '../../src/internal.js'
import { ASTRAL, chat, choice, expectValid, group, issue, issuesOf, messagesOf, opt, rep, str, sub } from './helpers.js'

/** 200 characters: a 100-character choice name and a 100-character string value. */
const bigChoice = (i: number) => choice(`${String(i).padStart(3, '0')}${rep('n', 97)}`, rep('v', 100))
const bigChoices = (n: number) => Array.from({ length: n }, (_, i) => bigChoice(i))

/**
 * A command of combined size `BASE + size(tail)`:
 * - the command: name 'c' (1) + description of 100 = 101
 * - option 'a': 1 + 100 + 25 choices x 200 = 5101
 * - option 'b': 1 + 100 + 13 choices x 200 = 2701
 * - option 'c': name 'c' (1) + the tail, its description.
 */
const BASE = 101 + 5101 + 2701 + 1
const sized = (tail: string, over: Record<string, unknown> = {}) => around(str('c', { description: tail, ...over }))

/** The command 'c' with options 'a' and 'b' above (7903 characters), and `last`. */
const around = (last: Record<string, unknown>) =>
  chat({
    name: 'c',
    description: rep('d', 100),
    options: [str('a', { description: rep('x', 100), choices: bigChoices(25) }), str('b', { description: rep('x', 100), choices: bigChoices(13) }), last],
  })

/** 7903 without option 'n': an option of `type` (1) + description of 90 + a choice named 'n' (1) with `value`. */
const withChoice = (type: number, value: number) => around(opt(type, 'n', { description: rep('t', 90), choices: [choice('n', value)] }))

describe('Limits: the combined size of a slash command', () => {
  it('accepts exactly 8000 characters (spec: "Limits", slash command combined size)', () => {
    expect(BASE).toBe(7904)
    const json = sized(rep('t', 96))
    expect(commandSize(json)).toBe(8000)
    expectValid(json)
  })

  it('refuses 8001 characters, at the command (command.size) (spec: "Limits", slash command combined size)', () => {
    const json = sized(rep('t', 97))
    expect(commandSize(json)).toBe(8001)
    expect(issuesOf(json)).toEqual([issue('command.size')])
    expect(messagesOf(json)).toMatchInlineSnapshot(`
      [
        "command is 8001 characters in names, descriptions and choice values; at most 8000 are allowed (the longest localization of each field counts)",
      ]
    `)
  })

  it('counts the longest localization of a field, not the default, when it is longer (spec: "Limits", only the longest localization counts)', () => {
    // Default 90, French 96: the field counts 96.
    expectValid(sized(rep('t', 90), { description_localizations: { fr: rep('f', 96) } }))
    expect(issuesOf(sized(rep('t', 90), { description_localizations: { fr: rep('f', 97) } }))).toEqual([issue('command.size')])
    // Localized names count the same way: option 'c' named 'cc' in French adds 1.
    expect(issuesOf(sized(rep('t', 96), { name_localizations: { fr: 'cc' } }))).toEqual([issue('command.size')])
    expectValid(sized(rep('t', 95), { name_localizations: { fr: 'cc' } }))
  })

  it('counts only the longest version: several localizations are not added up (spec: "Limits", only the longest localization counts)', () => {
    const all = { fr: rep('f', 96), de: rep('g', 96), 'es-ES': rep('h', 96), ja: rep('j', 50) }
    const json = sized(rep('t', 96), { description_localizations: all })
    expect(commandSize(json)).toBe(8000)
    expectValid(json)
    // A default longer than its localizations counts as the default.
    expectValid(sized(rep('t', 96), { description_localizations: { fr: 'court' } }))
  })

  it('counts code points: letters outside the BMP count once although they are two UTF-16 units (spec: "Limits"; characters)', () => {
    const json = sized(rep(ASTRAL, 96))
    expect(JSON.stringify(json).length).toBeGreaterThan(8000)
    expect(commandSize(json)).toBe(8000)
    expectValid(json)
    expect(issuesOf(sized(rep(ASTRAL, 97)))).toEqual([issue('command.size')])
    // Astral localizations: the longest in code points counts.
    expectValid(sized(rep('t', 90), { description_localizations: { fr: rep(ASTRAL, 96) } }))
    expect(issuesOf(sized(rep('t', 90), { description_localizations: { fr: rep(ASTRAL, 97) } }))).toEqual([issue('command.size')])
  })

  it('counts choice values, numbers by their decimal digits (spec: "Limits", value properties)', () => {
    // Without option 'c': 7903. INTEGER option 'n' (1) + description of 90 + a choice named 'n' (1) + a value of m digits.
    const withValue = (value: number) => withChoice(4, value)
    expect(commandSize(withValue(12345))).toBe(8000)
    expectValid(withValue(12345))
    expect(issuesOf(withValue(123456))).toEqual([issue('command.size')])
  })

  it('counts a fraction by its characters too, though the walk first bounds it by 26 (spec: "Limits", value properties)', () => {
    // As above with a NUMBER option: 7903 + 1 + 90 + 1, and the value's characters.
    // The walk adds 26 for a fraction before it counts the command exactly.
    const withValue = (value: number) => withChoice(10, value)
    for (const value of [1.234, 4294967296, -0.5]) {
      expect(commandSize(withValue(value))).toBe(7995 + String(value).length)
      if (String(value).length <= 5) expectValid(withValue(value))
      else expect(issuesOf(withValue(value))).toEqual([issue('command.size')])
    }
    expect(String(-0.0000026864693354147805).length).toBeLessThanOrEqual(26)
  })

  it('counts subcommands and groups and their options (spec: "Limits", including subcommands and groups)', () => {
    // command 101 + group 101 + sub 'a' 101 + its option 101 + 20 choices x 200
    // + sub 'b' 101 + its option (1 + D) + 17 choices x 200 = 7906 + D.
    const nested = (d: number) =>
      chat({
        name: 'c',
        description: rep('d', 100),
        options: [
          group(
            'g',
            [
              sub('a', [str('o', { description: rep('x', 100), choices: bigChoices(20) })], { name: 'a', description: rep('s', 100) }),
              sub('b', [str('o', { description: rep('x', d), choices: bigChoices(17) })], { description: rep('s', 100) }),
            ],
            { description: rep('g', 100) },
          ),
        ],
      })
    expect(commandSize(nested(94))).toBe(8000)
    expectValid(nested(94))
    expect(issuesOf(nested(95))).toEqual([issue('command.size')])
  })

  it('adds the command\'s own name and description (spec: "Limits", across the command)', () => {
    // Shorten the tail by 10 and lengthen the command name by 10 (name 'c' + 10 letters): still 8000.
    const json = sized(rep('t', 86))
    json.name = `c${rep('o', 10)}`
    expect(commandSize(json)).toBe(8000)
    expectValid(json)
    json.name = `c${rep('o', 11)}`
    expect(issuesOf(json)).toEqual([issue('command.size')])
  })
})
