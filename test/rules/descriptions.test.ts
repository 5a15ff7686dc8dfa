/**
 * Descriptions: 1-100 characters on CHAT_INPUT commands, options, subcommands and
 * groups ("Application command", "Command option", "Limits"), counted in code
 * points; localized descriptions follow the same rules; entry point descriptions
 * are optional.
 */
import { describe, expect, it } from 'vitest'
import { ASTRAL, chat, expectValid, group, issue, issuesOf, messagesOf, rep, str, sub, withOptions } from './helpers.js'

describe('command descriptions', () => {
  it('accepts 1 and 100 characters (spec: "Application command", CHAT_INPUT description 1-100)', () => {
    expectValid(chat({ description: 'd' }))
    expectValid(chat({ description: rep('d', 100) }))
    expectValid(chat({ description: 'Ban a member, with spaces, Capitals and punctuation!' }))
  })

  it('refuses 0 and 101 characters (spec: "Limits", command description 1-100)', () => {
    expect(issuesOf(chat({ description: '' }))).toEqual([issue('description.length', 'description')])
    expect(issuesOf(chat({ description: rep('d', 101) }))).toEqual([issue('description.length', 'description')])
    expect(messagesOf(chat({ description: rep('d', 101) }))).toMatchInlineSnapshot(`
      [
        "description must be 1-100 characters long (was 101)",
      ]
    `)
  })

  it('counts code points: 100 letters outside the BMP pass, 101 do not (spec: "Limits", 1-100 characters)', () => {
    expectValid(chat({ description: rep(ASTRAL, 100) }))
    expect(issuesOf(chat({ description: rep(ASTRAL, 101) }))).toEqual([issue('description.length', 'description')])
    // 99 astral letters and two BMP ones: 200 UTF-16 units, 101 characters.
    expect(issuesOf(chat({ description: rep(ASTRAL, 99) + 'ab' }))).toEqual([issue('description.length', 'description')])
  })

  it('is required on a CHAT_INPUT command (spec: "Bulk guild body", description required; "Application command", CHAT_INPUT 1-100)', () => {
    expect(issuesOf({ name: 'cmd' })).toEqual([issue('field.required', 'description')])
    expect(issuesOf({ type: 1, name: 'cmd' })).toEqual([issue('field.required', 'description')])
  })

  it('must be a string (spec: "Application command", description is a string)', () => {
    // null is absent (the OpenAPI marks it nullable; DESIGN.md "Rulings"): a CHAT_INPUT command then lacks one.
    expect(issuesOf(chat({ description: null }))).toEqual([issue('field.required', 'description')])
    expect(issuesOf(chat({ description: 7 }))).toEqual([issue('value.type', 'description')])
  })

  it('is optional on an entry point command, and 1-100 characters when present (spec: "Create body (global)", description not required)', () => {
    expectValid({ type: 4, name: 'Launch' })
    expectValid({ type: 4, name: 'Launch', description: rep('d', 100) })
    expect(issuesOf({ type: 4, name: 'Launch', description: rep('d', 101) })).toEqual([issue('description.length', 'description')])
    expect(issuesOf({ type: 4, name: 'Launch', description: '' })).toEqual([issue('description.length', 'description')])
  })
})

describe('option, subcommand and group descriptions', () => {
  it('accept 1 and 100 characters and refuse 0 and 101 (spec: "Command option", description 1-100)', () => {
    expectValid(withOptions(str('o', { description: 'd' }), str('p', { description: rep('d', 100) })))
    expect(issuesOf(withOptions(str('o', { description: '' })))).toEqual([issue('description.length', 'options', 0, 'description')])
    expect(issuesOf(withOptions(str('o'), str('p', { description: rep('d', 101) })))).toEqual([issue('description.length', 'options', 1, 'description')])
  })

  it('apply to subcommands and groups, at every level (spec: "Limits", command or option description 1-100)', () => {
    expect(issuesOf(withOptions(sub('s', [], { description: rep('d', 101) })))).toEqual([issue('description.length', 'options', 0, 'description')])
    expect(issuesOf(withOptions(group('g', [sub('s')], { description: '' })))).toEqual([issue('description.length', 'options', 0, 'description')])
    expect(issuesOf(withOptions(group('g', [sub('s', [str('o', { description: rep(ASTRAL, 101) })])])))).toEqual([
      issue('description.length', 'options', 0, 'options', 0, 'options', 0, 'description'),
    ])
    expectValid(withOptions(group('g', [sub('s', [str('o', { description: rep(ASTRAL, 100) })])])))
  })

  it('are required on every option (spec: "Command option", description)', () => {
    expect(issuesOf(withOptions({ type: 3, name: 'o' }))).toEqual([issue('field.required', 'options', 0, 'description')])
    expect(issuesOf(withOptions({ type: 1, name: 's' }))).toEqual([issue('field.required', 'options', 0, 'description')])
  })
})

describe('localized descriptions follow the rules of description (spec: "Application command", description_localizations)', () => {
  it('on commands: 1-100 characters per locale (spec: "Other command rules" 6)', () => {
    expectValid(chat({ description_localizations: { fr: rep('d', 100), 'es-419': 'Banear a un miembro' } }))
    expect(issuesOf(chat({ description_localizations: { fr: rep('d', 101) } }))).toEqual([issue('description.length', 'description_localizations', 'fr')])
    expect(issuesOf(chat({ description_localizations: { de: '' } }))).toEqual([issue('description.length', 'description_localizations', 'de')])
    expectValid(chat({ description_localizations: { ja: rep(ASTRAL, 100) } }))
  })

  it('on options, subcommands and groups, with their paths (spec: "Other command rules" 6)', () => {
    expect(issuesOf(withOptions(str('o', { description_localizations: { fr: rep('d', 101) } })))).toEqual([
      issue('description.length', 'options', 0, 'description_localizations', 'fr'),
    ])
    expect(issuesOf(withOptions(group('g', [sub('s', [], { description_localizations: { it: '' } })])))).toEqual([
      issue('description.length', 'options', 0, 'options', 0, 'description_localizations', 'it'),
    ])
  })

  it('on entry points, when they have a description (spec: "Application command", description_localizations)', () => {
    expectValid({ type: 4, name: 'Launch', description: 'Play', description_localizations: { fr: 'Jouer' } })
    expect(issuesOf({ type: 4, name: 'Launch', description: 'Play', description_localizations: { fr: rep('j', 101) } })).toEqual([
      issue('description.length', 'description_localizations', 'fr'),
    ])
  })
})

describe('lengths count characters, not UTF-16 units (spec: "Limits", "Command option" min_length)', () => {
  it('lengthWithin counts a surrogate pair once, at both ends of the range', async () => {
    const { lengthWithin } = await import('../../src/rules/text.js')
    expect(lengthWithin('🎉🎉', 3, 10)).toBe(false)
    expect(lengthWithin('🎉🎉🎉', 3, 10)).toBe(true)
    expect(lengthWithin('🎉'.repeat(10), 3, 10)).toBe(true)
    expect(lengthWithin('🎉'.repeat(11), 3, 10)).toBe(false)
    expect(lengthWithin('', 0, 0)).toBe(true)
    expect(lengthWithin('a', 1, 1)).toBe(true)
  })
})
