/**
 * Localization dictionaries ("Other command rules" 6, "Application command",
 * "Option choice"): locale keys, value types, where dictionaries may appear, and
 * "Naming rules" 5 (localized option names do not collide). slashkit applies rule 5
 * per options array, the options shown together (docs/spec-notes.md).
 */
import { describe, expect, it } from 'vitest'
import { chat, choice, expectValid, group, issue, issuesOf, messagesOf, opt, str, sub, withOptions } from './helpers.js'

const fr = (name: string) => ({ name_localizations: { fr: name } })

describe('locale keys', () => {
  it.each(['zh-CN', 'el', 'en-US', 'en-GB', 'es-419', 'es-ES'])('accepts %s, a locale key the spec shows (spec: "Other enumerations", locale keys)', (locale) => {
    expectValid(chat({ name_localizations: { [locale]: 'name' }, description_localizations: { [locale]: 'Description' } }))
  })

  it('accepts the other public API v10 locale keys (spec: "Other enumerations", complete list not shown)', () => {
    const keys = [
      'id',
      'bg',
      'zh-TW',
      'hr',
      'cs',
      'da',
      'nl',
      'fi',
      'fr',
      'de',
      'hi',
      'hu',
      'it',
      'ja',
      'ko',
      'lt',
      'no',
      'pl',
      'pt-BR',
      'ro',
      'ru',
      'sv-SE',
      'th',
      'tr',
      'uk',
      'vi',
    ]
    expectValid(chat({ name_localizations: Object.fromEntries(keys.map((k) => [k, 'name'])) }))
  })

  it.each(['en', 'fr-FR', 'EN-US', 'en_US', 'es', 'pt', 'xx', 'en-US ', ''])('refuses %j, which is not a locale key (locale.unknown) (spec: "Other command rules" 6)', (locale) => {
    expect(issuesOf(chat({ name_localizations: { [locale]: 'name' } }))).toEqual([issue('locale.unknown', 'name_localizations', locale)])
  })

  it('checks the keys of every dictionary: command, option, subcommand, group and choice (spec: "Other command rules" 6)', () => {
    expect(issuesOf(chat({ description_localizations: { en: 'D' } }))).toEqual([issue('locale.unknown', 'description_localizations', 'en')])
    expect(issuesOf(withOptions(str('o', { name_localizations: { de: 'o', 'de-DE': 'o' } })))).toEqual([issue('locale.unknown', 'options', 0, 'name_localizations', 'de-DE')])
    expect(issuesOf(withOptions(group('g', [sub('s', [], { description_localizations: { jp: 'D' } })])))).toEqual([
      issue('locale.unknown', 'options', 0, 'options', 0, 'description_localizations', 'jp'),
    ])
    expect(issuesOf(withOptions(str('o', { choices: [choice('A', 'a', { name_localizations: { kr: 'A' } })] })))).toEqual([
      issue('locale.unknown', 'options', 0, 'choices', 0, 'name_localizations', 'kr'),
    ])
    expect(messagesOf(chat({ name_localizations: { en: 'name' } }))).toMatchInlineSnapshot(`
      [
        "name_localizations.en is not an API v10 locale key (such as en-US, es-ES, zh-CN)",
      ]
    `)
  })

  it('checks the value under an unknown key too (spec: "Other command rules" 6; "Naming rules" 1)', () => {
    expect(issuesOf(chat({ name_localizations: { en: 'Name' } }))).toEqual([
      issue('locale.unknown', 'name_localizations', 'en'),
      issue('name.lowercase', 'name_localizations', 'en'),
    ])
  })
})

describe('dictionary and value types', () => {
  it('accepts null and an empty dictionary (spec: "Application command", name_localizations nullable; partial localization allowed)', () => {
    expectValid(chat({ name_localizations: null, description_localizations: null }))
    expectValid(chat({ name_localizations: {}, description_localizations: {} }))
    expectValid(withOptions(str('o', { name_localizations: null, choices: [choice('A', 'a', { name_localizations: null })] })))
  })

  it('reads a key whose value is undefined as absent, as JSON.stringify drops it (DESIGN.md "Rulings"): no value.type, and no locale.unknown for a key that is no locale', () => {
    expectValid(chat({ name_localizations: { fr: undefined }, description_localizations: { fr: undefined, 'es-ES': 'Banear' } }))
    expectValid(chat({ name_localizations: { en: undefined, xx: undefined } }))
    expectValid(withOptions(str('o', { name_localizations: { fr: undefined }, choices: [choice('A', 'a', { name_localizations: { nope: undefined } })] })))
    expect(JSON.parse(JSON.stringify({ name_localizations: { fr: undefined } }))).toEqual({ name_localizations: {} })
    // `null` is a value, not an absence: still refused (a localization follows the rules of the name).
    expect(issuesOf(chat({ name_localizations: { xx: null } }))).toEqual([issue('locale.unknown', 'name_localizations', 'xx'), issue('value.type', 'name_localizations', 'xx')])
  })

  it('refuses a dictionary that is not an object (spec: "Application command", dictionary or null)', () => {
    expect(issuesOf(chat({ name_localizations: 'fr' }))).toEqual([issue('value.type', 'name_localizations')])
    expect(issuesOf(chat({ description_localizations: [] }))).toEqual([issue('value.type', 'description_localizations')])
    expect(issuesOf(withOptions(str('o', { name_localizations: 1 })))).toEqual([issue('value.type', 'options', 0, 'name_localizations')])
  })

  it('refuses values that are not strings: a localization follows the rules of the name (spec: "Application command", values follow the rules of name)', () => {
    expect(issuesOf(chat({ name_localizations: { fr: null } }))).toEqual([issue('value.type', 'name_localizations', 'fr')])
    expect(issuesOf(chat({ description_localizations: { fr: 1 } }))).toEqual([issue('value.type', 'description_localizations', 'fr')])
    expect(issuesOf(withOptions(str('o', { choices: [choice('A', 'a', { name_localizations: { fr: ['A'] } })] })))).toEqual([
      issue('value.type', 'options', 0, 'choices', 0, 'name_localizations', 'fr'),
    ])
  })

  it('refuses description_localizations on a choice, which has no description (spec: "Option choice" fields)', () => {
    expect(issuesOf(withOptions(str('o', { choices: [choice('A', 'a', { description_localizations: { fr: 'A' } })] })))).toEqual([
      issue('field.unknown', 'options', 0, 'choices', 0, 'description_localizations'),
    ])
  })
})

describe('Naming rules 5: localized option names do not collide', () => {
  it('refuses a localized name equal to the default name of another option (spec: "Naming rules" 5)', () => {
    expect(issuesOf(withOptions(str('user'), str('member', fr('user'))))).toEqual([issue('localization.conflict', 'options', 1, 'name_localizations', 'fr')])
    // The other way round: the earlier option is localized to the later one's name.
    expect(issuesOf(withOptions(str('member', fr('user')), str('user')))).toEqual([issue('localization.conflict', 'options', 0, 'name_localizations', 'fr')])
    expect(messagesOf(withOptions(str('user'), str('member', fr('user'))))).toMatchInlineSnapshot(`
      [
        "options[1].name_localizations.fr equals the default name of options[0]; the names of options shown together must differ in each locale",
      ]
    `)
  })

  it('refuses two options with the same localized name in one locale (spec: "Naming rules" 5)', () => {
    expect(issuesOf(withOptions(str('a', fr('x')), str('b', fr('x'))))).toEqual([issue('localization.conflict', 'options', 1, 'name_localizations', 'fr')])
    expect(issuesOf(withOptions(str('a', fr('x')), str('b', fr('y')), str('c', fr('x'))))).toEqual([issue('localization.conflict', 'options', 2, 'name_localizations', 'fr')])
  })

  it('accepts the same localized name in different locales (spec: "Naming rules" 5, "in the same locale")', () => {
    expectValid(withOptions(str('a', { name_localizations: { fr: 'x' } }), str('b', { name_localizations: { de: 'x' } })))
  })

  it('accepts a localized name equal to the option\'s own default name, which the service ignores (spec: "Naming rules" 5; "Other command rules" 6)', () => {
    expectValid(withOptions(str('user', fr('user')), str('member', fr('membre'))))
    // Option 1's French name is its own default: only option 0, localized to that default, conflicts.
    expect(issuesOf(withOptions(str('a', fr('x')), str('x', fr('x'))))).toEqual([issue('localization.conflict', 'options', 0, 'name_localizations', 'fr')])
  })

  it('applies to subcommand and group names, and within a subcommand\'s options (spec: "Naming rules" 5)', () => {
    expect(issuesOf(withOptions(sub('ban', [], fr('kick')), sub('kick')))).toEqual([issue('localization.conflict', 'options', 0, 'name_localizations', 'fr')])
    expect(issuesOf(withOptions(group('g', [sub('s', [opt(6, 'target', fr('cible')), opt(6, 'victim', fr('cible'))])])))).toEqual([
      issue('localization.conflict', 'options', 0, 'options', 0, 'options', 1, 'name_localizations', 'fr'),
    ])
  })

  it('is applied per options array: two subcommands may share a localized option (spec: "Naming rules" 5, as read in docs/spec-notes.md)', () => {
    expectValid(withOptions(sub('ban', [opt(6, 'target', fr('cible'))]), sub('kick', [opt(6, 'target', fr('cible'))])))
    // An option in one subcommand localized to the name of an option in another subcommand.
    expectValid(withOptions(sub('ban', [opt(6, 'user')]), sub('kick', [opt(6, 'member', fr('user'))])))
  })

  it('does not compare option names with the command name (spec: "Naming rules" 5, "option names")', () => {
    expectValid(chat({ name: 'ban', name_localizations: { fr: 'bannir' }, options: [opt(6, 'bannir'), str('reason', fr('ban'))] }))
  })
})
