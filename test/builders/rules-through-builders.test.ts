/**
 * Every run-time rule fires through the builders: a definition the types would
 * refuse (reached with `as any`, with names typed as `string`, or by a JavaScript
 * caller) makes `toJSON` throw `ValidationError` with the rule's code and path.
 * Each test names the spec section it enforces; where a limit has an edge, the
 * value at the edge is shown to pass.
 */
import { describe, expect, it } from 'vitest'
import { choice, commands, entryPoint, message, option, slash, user, ValidationError } from '../../src/index.js'
import { expectIssue, expectIssues, issue, issuesIn } from '../support/issues.js'
import { rep } from './helpers.js'

/** A name the types cannot see (typed `string`): checked at run time only. */
const name = (s: string): string => s
/** Anything, for misuse the types refuse. */
const loose = (v: unknown): any => v
const opts = (n: number, make = (i: number): unknown => option.string(name(`o${i}`), 'd')) => Array.from({ length: n }, (_, i) => make(i))

describe('Naming rules 1: CHAT_INPUT names', () => {
  it('the command name: upper case (name.lowercase), punctuation and spaces (name.pattern)', () => {
    expectIssues(() => slash(name('Ban'), 'd').toJSON(), [issue('name.lowercase', 'name')])
    expectIssues(() => slash(name('ban user'), 'd').toJSON(), [issue('name.pattern', 'name')])
    expectIssues(() => slash(name('ban!'), 'd').toJSON(), [issue('name.pattern', 'name')])
    expectIssues(() => slash(name('Ban user'), 'd').toJSON(), [issue('name.pattern', 'name'), issue('name.lowercase', 'name')])
  })

  it('upper case outside ASCII is refused; uncased letters, Devanagari and Thai pass', () => {
    expectIssues(() => slash(name('Ωmega'), 'd').toJSON(), [issue('name.lowercase', 'name')])
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string(name('ÉTÉ'), 'd'))
          .toJSON(),
      [issue('name.lowercase', 'options', 0, 'name')],
    )
    expect(
      slash(name('ωmega'), 'd')
        .options(option.string(name('कमांड'), 'd'), option.string(name('คำสั่ง'), 'd'))
        .toJSON().name,
    ).toBe('ωmega')
  })

  it('length: 1 to 32 characters, counted in code points (name.length)', () => {
    expect(slash(name(rep('a', 32)), 'd').toJSON().name).toHaveLength(32)
    expectIssues(() => slash(name(rep('a', 33)), 'd').toJSON(), [issue('name.length', 'name')])
    expectIssues(() => slash(name(''), 'd').toJSON(), [issue('name.length', 'name')])
    // 32 letters outside the BMP are 64 UTF-16 units and still 32 characters.
    expect(slash(name(rep('𝒶', 32)), 'd').toJSON().name).toBe(rep('𝒶', 32))
    expectIssues(() => slash(name(rep('𝒶', 33)), 'd').toJSON(), [issue('name.length', 'name')])
  })

  it('option, subcommand and group names follow the same rules, with their paths', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.integer(name('Days'), 'd'))
          .toJSON(),
      [issue('name.lowercase', 'options', 0, 'name')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('a', 'd'), option.string(name(rep('o', 33)), 'd'))
          .toJSON(),
      [issue('name.length', 'options', 1, 'name')],
    )
    expectIssues(() => slash('c', 'd').subcommand(loose('my sub'), 'd').toJSON(), [issue('name.pattern', 'options', 0, 'name')])
    expectIssues(
      () =>
        slash('c', 'd')
          .group('g', 'd', (g) => g.subcommand(loose('Sub'), 'd'))
          .toJSON(),
      [issue('name.lowercase', 'options', 0, 'options', 0, 'name')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .group(loose('G'), 'd', (g) => g.subcommand('s', 'd'))
          .toJSON(),
      [issue('name.lowercase', 'options', 0, 'name')],
    )
  })

  it('localized names follow the name rules (Other command rules 6)', () => {
    expectIssues(() => slash('c', 'd').localize('fr', { name: 'Nom' }).toJSON(), [issue('name.lowercase', 'name_localizations', 'fr')])
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').localize('de', { name: 'zwei wörter' }))
          .toJSON(),
      [issue('name.pattern', 'options', 0, 'name_localizations', 'de')],
    )
  })
})

describe('Naming rules 2: USER, MESSAGE and entry point names', () => {
  it('mixed case and spaces pass; 1 to 32 characters', () => {
    expect(user('Show Profile').toJSON().name).toBe('Show Profile')
    expect(message(name(rep('M', 32))).toJSON().name).toHaveLength(32)
    expectIssues(() => user(name(rep('U', 33))).toJSON(), [issue('name.length', 'name')])
    expectIssues(() => message(name('')).toJSON(), [issue('name.length', 'name')])
    expectIssues(() => entryPoint(name(rep('e', 33)), 'd').toJSON(), [issue('name.length', 'name')])
    expectIssues(
      () =>
        user('U')
          .localize('fr', name(rep('u', 33)))
          .toJSON(),
      [issue('name.length', 'name_localizations', 'fr')],
    )
  })
})

describe('"Application command" and "Command option" descriptions: 1-100 characters', () => {
  it('command, option, subcommand and group descriptions (description.length)', () => {
    expect(slash('c', rep('d', 100)).toJSON().description).toHaveLength(100)
    expectIssues(() => slash('c', rep('d', 101)).toJSON(), [issue('description.length', 'description')])
    // @ts-expect-error the types refuse it too (test-d/text.test-d.ts); here the run-time rule
    expectIssues(() => slash('c', '').toJSON(), [issue('description.length', 'description')])
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', rep('d', 101)))
          .toJSON(),
      [issue('description.length', 'options', 0, 'description')],
    )
    // @ts-expect-error the types refuse it too (test-d/text.test-d.ts); here the run-time rule
    expectIssues(() => slash('c', 'd').subcommand('s', '').toJSON(), [issue('description.length', 'options', 0, 'description')])
    expectIssues(
      () =>
        slash('c', 'd')
          .group('g', 'd', (g) => g.subcommand('s', rep('x', 101)))
          .toJSON(),
      [issue('description.length', 'options', 0, 'options', 0, 'description')],
    )
    expectIssues(() => entryPoint('launch', rep('d', 101)).toJSON(), [issue('description.length', 'description')])
  })

  it('localized descriptions (Other command rules 6)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .localize('fr', { description: rep('d', 101) })
          .toJSON(),
      [issue('description.length', 'description_localizations', 'fr')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.user('u', 'd').localize('de', { description: '' }))
          .toJSON(),
      [issue('description.length', 'options', 0, 'description_localizations', 'de')],
    )
  })

  it('Other command rules 2: no description on USER and MESSAGE commands, even localized (field.not_allowed)', () => {
    expectIssues(
      () =>
        user('U')
          .localize('fr', loose({ name: 'V', description: 'x' }))
          .toJSON(),
      [issue('field.not_allowed', 'description_localizations')],
    )
    expectIssues(
      () =>
        message('M')
          .localize('fr', loose({ description: 'x' }))
          .toJSON(),
      [issue('field.not_allowed', 'description_localizations')],
    )
  })
})

describe('Limits: 25 options, choices and subcommands', () => {
  it('25 options pass; 26 are options.too_many at options', () => {
    expect(
      slash('c', 'd')
        .options(...loose(opts(25)))
        .toJSON().options,
    ).toHaveLength(25)
    expectIssues(
      () =>
        slash('c', 'd')
          .options(...loose(opts(26)))
          .toJSON(),
      [issue('options.too_many', 'options')],
    )
    // Appended over several calls: the total counts.
    expectIssues(
      () =>
        slash('c', 'd')
          .options(...loose(opts(20)))
          .options(...loose(opts(6, (i) => option.string(name(`p${i}`), 'd'))))
          .toJSON(),
      [issue('options.too_many', 'options')],
    )
  })

  it('26 options in a subcommand; 26 subcommands in a command and in a group', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('s', 'd', (s) => s.options(...loose(opts(26))))
          .toJSON(),
      [issue('options.too_many', 'options', 0, 'options')],
    )
    let top: any = slash('c', 'd')
    for (let i = 0; i < 26; i++) top = top.subcommand(`s${i}`, 'd')
    expectIssues(() => top.toJSON(), [issue('options.too_many', 'options')])
    expectIssues(
      () =>
        slash('c', 'd')
          .group('g', 'd', (g) => {
            let out: any = g
            for (let i = 0; i < 26; i++) out = out.subcommand(`s${i}`, 'd')
            return out
          })
          .toJSON(),
      [issue('options.too_many', 'options', 0, 'options')],
    )
  })

  it('25 choices pass; 26 are choices.too_many at the choices', () => {
    const choices = (n: number) => Array.from({ length: n }, (_, i) => choice(`c${i}`, `v${i}`))
    expect(
      slash('c', 'd')
        .options(option.string('o', 'd').choices(...loose(choices(25))))
        .toJSON().options?.[0],
    ).toHaveProperty('choices.length', 25)
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').choices(...loose(choices(26))))
          .toJSON(),
      [issue('choices.too_many', 'options', 0, 'choices')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(
            option
              .string('o', 'd')
              .choices(...loose(choices(13)))
              .choices(...loose(choices(13))),
          )
          .toJSON(),
      [issue('choices.too_many', 'options', 0, 'choices')],
    )
  })
})

describe('Command option rule 1: required options come before optional ones', () => {
  it('in one options call, and across calls (options.order at the required one)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(...loose([option.string('a', 'd'), option.string('b', 'd').required()]))
          .toJSON(),
      [issue('options.order', 'options', 1)],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('a', 'd'))
          .options(...loose([option.user('b', 'd').required()]))
          .toJSON(),
      [issue('options.order', 'options', 1)],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('s', 'd', (s) => s.options(...loose([option.string('a', 'd').required(), option.string('b', 'd'), option.string('e', 'd').required()])))
          .toJSON(),
      [issue('options.order', 'options', 0, 'options', 2)],
    )
  })
})

describe('Naming rules 4: option names are unique within one options array', () => {
  it('options, subcommands, groups and subcommands of a group (options.duplicate_name at the second)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(...loose([option.string('a', 'd'), option.integer('a', 'd')]))
          .toJSON(),
      [issue('options.duplicate_name', 'options', 1)],
    )
    expectIssues(() => slash('c', 'd').subcommand('s', 'd').subcommand(loose('s'), 'd').toJSON(), [issue('options.duplicate_name', 'options', 1)])
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('x', 'd')
          .group(loose('x'), 'd', (g) => g.subcommand('s', 'd'))
          .toJSON(),
      [issue('options.duplicate_name', 'options', 1)],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .group('g', 'd', (g) => g.subcommand('s', 'd').subcommand(loose('s'), 'd'))
          .toJSON(),
      [issue('options.duplicate_name', 'options', 0, 'options', 1)],
    )
  })

  it('the same name in different arrays passes', () => {
    expect(() =>
      slash('c', 'd')
        .subcommand('a', 'd', (s) => s.options(option.string('a', 'd')))
        .subcommand('b', 'd', (s) => s.options(option.string('a', 'd')))
        .toJSON(),
    ).not.toThrow()
  })
})

describe('Naming rules 5: localized option names', () => {
  it('a localized name equal to another option’s default name (localization.conflict)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('a', 'd'), option.string('b', 'd').localize('es-ES', { name: 'a' }))
          .toJSON(),
      [issue('localization.conflict', 'options', 1, 'name_localizations', 'es-ES')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('a', 'd').localize('fr', { name: 'b' }), option.string('b', 'd'))
          .toJSON(),
      [issue('localization.conflict', 'options', 0, 'name_localizations', 'fr')],
    )
  })

  it('two options with the same name in one locale (localization.conflict at the second)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('a', 'd').localize('fr', { name: 'x' }), option.string('b', 'd').localize('fr', { name: 'x' }))
          .toJSON(),
      [issue('localization.conflict', 'options', 1, 'name_localizations', 'fr')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('a', 'd', (s) => s.localize('de', { name: 'gleich' }))
          .subcommand('b', 'd', (s) => s.localize('de', { name: 'gleich' }))
          .toJSON(),
      [issue('localization.conflict', 'options', 1, 'name_localizations', 'de')],
    )
  })

  it('the same localized name in different locales passes', () => {
    expect(() =>
      slash('c', 'd')
        .options(option.string('a', 'd').localize('fr', { name: 'x' }), option.string('b', 'd').localize('de', { name: 'x' }))
        .toJSON(),
    ).not.toThrow()
  })
})

describe('"Command option" autocomplete: not with choices', () => {
  it('choices then autocomplete, and autocomplete then choices (option.autocomplete_with_choices)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.string('o', 'd').choices(choice('A', 'a'))).autocomplete())
          .toJSON(),
      [issue('option.autocomplete_with_choices', 'options', 0, 'autocomplete')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.integer('o', 'd').autocomplete()).choices(choice('One', 1)))
          .toJSON(),
      [issue('option.autocomplete_with_choices', 'options', 0, 'autocomplete')],
    )
  })
})

describe('"Option choice": value type and lengths', () => {
  it('a number on a STRING option, a string on INTEGER and NUMBER options (value.type)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').choices(loose(choice('One', 1))))
          .toJSON(),
      [issue('value.type', 'options', 0, 'choices', 0, 'value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.integer('o', 'd').choices(choice('One', 1), loose(choice('Two', 'two'))))
          .toJSON(),
      [issue('value.type', 'options', 0, 'choices', 1, 'value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.number('o', 'd').choices(loose(choice('Pi', '3.14'))))
          .toJSON(),
      [issue('value.type', 'options', 0, 'choices', 0, 'value')],
    )
  })

  it('a fraction on an INTEGER option (number.integer); out of range (number.range, Option types)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.integer('o', 'd').choices(loose(choice('Half', 1.5))))
          .toJSON(),
      [issue('number.integer', 'options', 0, 'choices', 0, 'value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.integer('o', 'd').choices(choice('Big', 2 ** 53)))
          .toJSON(),
      [issue('number.range', 'options', 0, 'choices', 0, 'value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.number('o', 'd').choices(choice('Huge', 2 ** 54)))
          .toJSON(),
      [issue('number.range', 'options', 0, 'choices', 0, 'value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.number('o', 'd').choices(choice('NaN', Number.NaN)))
          .toJSON(),
      [issue('value.type', 'options', 0, 'choices', 0, 'value')],
    )
  })

  it('choice names of 1-100 characters; string values of at most 100 (Limits)', () => {
    expect(() =>
      slash('c', 'd')
        .options(option.string('o', 'd').choices(choice(rep('n', 100), rep('v', 100))))
        .toJSON(),
    ).not.toThrow()
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').choices(choice(rep('n', 101), 'v')))
          .toJSON(),
      [issue('name.length', 'options', 0, 'choices', 0, 'name')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').choices(choice('', 'v')))
          .toJSON(),
      [issue('name.length', 'options', 0, 'choices', 0, 'name')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').choices(choice('n', rep('v', 101))))
          .toJSON(),
      [issue('string.length', 'options', 0, 'choices', 0, 'value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').choices(choice('n', 'v').localize('fr', rep('n', 101))))
          .toJSON(),
      [issue('name.length', 'options', 0, 'choices', 0, 'name_localizations', 'fr')],
    )
  })

  it('choices on an option type without them (field.not_allowed)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.boolean('o', 'd')).choices(choice('Yes', 'yes')))
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'choices')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.user('o', 'd')).autocomplete())
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'autocomplete')],
    )
  })
})

describe('"Command option" bounds and lengths', () => {
  it('INTEGER bounds out of range, or not whole (Option types)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.integer('o', 'd').min(-(2 ** 53)))
          .toJSON(),
      [issue('number.range', 'options', 0, 'min_value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.integer('o', 'd').max(2 ** 53))
          .toJSON(),
      [issue('number.range', 'options', 0, 'max_value')],
    )
    expectIssues(() => slash('c', 'd').options(option.integer('o', 'd').min(0.5)).toJSON(), [issue('number.integer', 'options', 0, 'min_value')])
  })

  it('NUMBER bounds out of range or not finite', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.number('o', 'd').max(2 ** 53 + 2))
          .toJSON(),
      [issue('number.range', 'options', 0, 'max_value')],
    )
    expectIssues(() => slash('c', 'd').options(option.number('o', 'd').min(Number.NEGATIVE_INFINITY)).toJSON(), [issue('value.type', 'options', 0, 'min_value')])
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.number('o', 'd').min(loose('1')))
          .toJSON(),
      [issue('value.type', 'options', 0, 'min_value')],
    )
  })

  it('min_length 0-6000 and max_length 1-6000 (Limits)', () => {
    expectIssues(() => slash('c', 'd').options(option.string('o', 'd').minLength(-1)).toJSON(), [issue('number.range', 'options', 0, 'min_length')])
    expectIssues(() => slash('c', 'd').options(option.string('o', 'd').minLength(6001)).toJSON(), [issue('number.range', 'options', 0, 'min_length')])
    expectIssues(() => slash('c', 'd').options(option.string('o', 'd').maxLength(0)).toJSON(), [issue('number.range', 'options', 0, 'max_length')])
    expectIssues(() => slash('c', 'd').options(option.string('o', 'd').maxLength(6001)).toJSON(), [issue('number.range', 'options', 0, 'max_length')])
    expectIssues(() => slash('c', 'd').options(option.string('o', 'd').maxLength(2.5)).toJSON(), [issue('value.type', 'options', 0, 'max_length')])
  })

  it('bounds that no value satisfies (option.bounds_inverted; not a spec rule, docs/issues.md)', () => {
    // @ts-expect-error the types refuse it too (test-d/text.test-d.ts); here the run-time rule
    expectIssues(() => slash('c', 'd').options(option.integer('o', 'd').min(5).max(4)).toJSON(), [issue('option.bounds_inverted', 'options', 0, 'min_value')])
    // @ts-expect-error the types refuse it too (test-d/text.test-d.ts); here the run-time rule
    expectIssues(() => slash('c', 'd').options(option.string('o', 'd').minLength(5).maxLength(4)).toJSON(), [issue('option.bounds_inverted', 'options', 0, 'min_length')])
  })

  it('bounds and lengths on the wrong option type (field.not_allowed)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.string('o', 'd')).min(1))
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'min_value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.boolean('o', 'd')).max(1))
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'max_value')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.integer('o', 'd')).minLength(1))
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'min_length')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.number('o', 'd')).maxLength(1))
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'max_length')],
    )
  })
})

describe('"Command option" channel_types', () => {
  it('on a non-CHANNEL option (field.not_allowed)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.string('o', 'd')).channelTypes(0))
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'channel_types')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose(option.role('o', 'd')).channelTypes(0))
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'channel_types')],
    )
  })

  it('an unknown channel type (enum.value at its index)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.channel('o', 'd').channelTypes(0, loose(99)))
          .toJSON(),
      [issue('enum.value', 'options', 0, 'channel_types', 1)],
    )
  })
})

describe('Other command rules 1: nesting (methods the types refuse, called from JavaScript)', () => {
  it('a group inside a subcommand (options.nesting)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('s', 'd', (s) => loose(s).group('g', 'd', (g: any) => g.subcommand('x', 'd')))
          .toJSON(),
      [issue('options.nesting', 'options', 0, 'options', 0)],
    )
  })

  it('a subcommand inside a subcommand (options.nesting)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('s', 'd', (s) => loose(s).subcommand('x', 'd'))
          .toJSON(),
      [issue('options.nesting', 'options', 0, 'options', 0)],
    )
  })

  it('a group inside a group (options.nesting)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .group('g', 'd', (g) => loose(g).group('h', 'd', (h: any) => h.subcommand('x', 'd')))
          .toJSON(),
      [issue('options.nesting', 'options', 0, 'options', 0)],
    )
  })

  it('a value option directly inside a group (options.nesting)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .group('g', 'd', (g) => loose(g).options(option.string('o', 'd')))
          .toJSON(),
      [issue('options.nesting', 'options', 0, 'options', 0)],
    )
  })

  it('a group builder handed back where a subcommand goes (options.nesting)', () => {
    let captured: unknown
    slash('c', 'd').group('g', 'd', (g) => {
      captured = g.subcommand('x', 'd')
      return g
    })
    expectIssues(
      () =>
        slash('c', 'd')
          .group('outer', 'd', (g) => g.subcommand('s', 'd', () => loose(captured)))
          .toJSON(),
      [issue('options.nesting', 'options', 0, 'options', 0)],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('s', 'd', (s) => s.options(loose(captured)))
          .toJSON(),
      [issue('options.nesting', 'options', 0, 'options', 0)],
    )
  })

  it('value options and subcommands in one command (options.mixed), in either order', () => {
    expectIssues(
      () =>
        loose(slash('c', 'd').options(option.string('o', 'd')))
          .subcommand('s', 'd')
          .toJSON(),
      [issue('options.mixed', 'options', 1)],
    )
    expectIssues(
      () =>
        loose(slash('c', 'd').group('g', 'd', (g) => g.subcommand('s', 'd')))
          .options(option.string('o', 'd'))
          .toJSON(),
      [issue('options.mixed', 'options', 1)],
    )
  })

  it('required() on a subcommand or group (field.not_allowed)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('s', 'd', (s) => loose(s).required())
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'required')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .group('g', 'd', (g) => loose(g.subcommand('s', 'd')).required())
          .toJSON(),
      [issue('field.not_allowed', 'options', 0, 'required')],
    )
  })

  it('options on USER and MESSAGE commands (field.not_allowed)', () => {
    expectIssues(() => loose(user('U')).options(option.string('o', 'd')).toJSON(), [issue('field.not_allowed', 'options')])
    expectIssues(() => loose(message('M')).options(option.string('o', 'd')).toJSON(), [issue('field.not_allowed', 'options')])
  })

  it('options, subcommands and groups on an entry point, subcommands on a USER command (field.not_allowed)', () => {
    const launch = () => loose(entryPoint('launch', 'd').handler('DiscordLaunchActivity'))
    expectIssues(() => launch().options(option.string('o', 'd')).toJSON(), [issue('field.not_allowed', 'options')])
    expectIssues(() => launch().subcommand('s', 'd').toJSON(), [issue('field.not_allowed', 'options')])
    expectIssues(
      () =>
        launch()
          .group('g', 'd', (g: any) => g.subcommand('s', 'd'))
          .toJSON(),
      [issue('field.not_allowed', 'options')],
    )
    expectIssues(() => loose(user('U')).subcommand('s', 'd').toJSON(), [issue('field.not_allowed', 'options')])
  })
})

describe('Limits: the 8000-character combined size', () => {
  // 'big' (3) + 97 + two options of 2 + 1 = 106; 25 choices of 100 + 100 = 5000;
  // 14 choices of 200 = 2800; one last choice of 47 + 47: 8000 in all.
  const build = (last: ReturnType<typeof choice<string>>) =>
    slash('big', rep('D', 97)).options(
      option.string('aa', 'x').choices(...loose(Array.from({ length: 25 }, (_, i) => choice(rep('n', 98) + String(i).padStart(2, '0'), rep('v', 100))))),
      option.string('bb', 'x').choices(...loose([...Array.from({ length: 14 }, () => choice(rep('n', 100), rep('v', 100))), last])),
    )

  it('exactly 8000 passes', () => {
    expect(() => build(choice(rep('n', 47), rep('v', 47))).toJSON()).not.toThrow()
  })

  it('8001 is command.size at the root', () => {
    expectIssues(() => build(choice(rep('n', 48), rep('v', 47))).toJSON(), [issue('command.size')])
    expectIssues(() => build(choice(rep('n', 47), rep('v', 48))).toJSON(), [issue('command.size')])
  })

  it('the longest localization of each field counts, not the sum', () => {
    expect(() => build(choice(rep('n', 47), rep('v', 47)).localize('fr', rep('f', 47)).localize('de', rep('g', 40))).toJSON()).not.toThrow()
    expectIssues(() => build(choice(rep('n', 47), rep('v', 47)).localize('fr', rep('f', 48))).toJSON(), [issue('command.size')])
    expectIssues(
      () =>
        loose(build(choice(rep('n', 47), rep('v', 47))))
          .localize('fr', { description: rep('E', 98) })
          .toJSON(),
      [issue('command.size')],
    )
  })

  it('characters are code points: 47 letters outside the BMP count 47', () => {
    expect(() => build(choice(rep('𝒶', 47), rep('v', 47))).toJSON()).not.toThrow()
    expectIssues(() => build(choice(rep('𝒶', 48), rep('v', 47))).toJSON(), [issue('command.size')])
  })
})

describe('Other command rules 6: locale keys', () => {
  it('an unknown locale key on a command, option, choice, subcommand (locale.unknown)', () => {
    expectIssues(() => slash('c', 'd').localize(loose('xx-XX'), { name: 'x' }).toJSON(), [issue('locale.unknown', 'name_localizations', 'xx-XX')])
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').localize(loose('en'), { description: 'x' }))
          .toJSON(),
      [issue('locale.unknown', 'options', 0, 'description_localizations', 'en')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('o', 'd').choices(choice('A', 'a').localize(loose('es'), 'B')))
          .toJSON(),
      [issue('locale.unknown', 'options', 0, 'choices', 0, 'name_localizations', 'es')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .subcommand('s', 'd', (s) => s.localize(loose('EN-us'), { name: 'x' }))
          .toJSON(),
      [issue('locale.unknown', 'options', 0, 'name_localizations', 'EN-us')],
    )
  })

  it("'__proto__' as a locale is reported like any unknown key, and pollutes nothing", () => {
    expectIssues(() => slash('c', 'd').localize(loose('__proto__'), { name: 'x' }).toJSON(), [issue('locale.unknown', 'name_localizations', '__proto__')])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

describe('global-only fields and entry points in a guild scope', () => {
  it('Create body (guild): contexts, integration_types and dm_permission are refused (scope.global_only)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .contexts('Guild')
          .toJSON(loose({ scope: 'guild' })),
      [issue('scope.global_only', 'contexts')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .integrationTypes('GuildInstall')
          .toJSON(loose({ scope: 'guild' })),
      [issue('scope.global_only', 'integration_types')],
    )
    expectIssues(
      () =>
        user('U')
          .dmPermission(false)
          .toJSON(loose({ scope: 'guild' })),
      [issue('scope.global_only', 'dm_permission')],
    )
    expectIssues(
      () =>
        message('M')
          .contexts(0)
          .integrationTypes(1)
          .toJSON(loose({ scope: 'guild' })),
      [issue('scope.global_only', 'contexts'), issue('scope.global_only', 'integration_types')],
    )
    // The same definitions pass globally.
    expect(() => slash('c', 'd').contexts('Guild').integrationTypes('GuildInstall').dmPermission(false).toJSON()).not.toThrow()
  })

  it('Naming rules 3: no PRIMARY_ENTRY_POINT guild command (scope.entry_point)', () => {
    expectIssues(() => entryPoint('launch', 'd').toJSON(loose({ scope: 'guild' })), [issue('scope.entry_point', 'type')])
  })
})

describe('plain JSON handed to the builders from JavaScript: the rules no builder method can break', () => {
  it('an option of an unknown type (option.type, spec: "Option types")', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose({ type: 12, name: 'x', description: 'y' }))
          .toJSON(),
      [issue('option.type', 'options', 0, 'type')],
    )
  })

  it('a key that is no option field (field.unknown, spec: "Command option" fields)', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose({ type: 3, name: 'x', description: 'y', descripton: 'z' }))
          .toJSON(),
      [issue('field.unknown', 'options', 0, 'descripton')],
    )
  })

  it('a missing description or choice value, and a missing command name (field.required, spec: "Command option", "Option choice", "Create body (global)")', () => {
    expectIssues(
      () =>
        slash('c', 'd')
          .options(loose({ type: 3, name: 'x' }))
          .toJSON(),
      [issue('field.required', 'options', 0, 'description')],
    )
    expectIssues(
      () =>
        slash('c', 'd')
          .options(option.string('x', 'y').choices(loose({ name: 'a' })))
          .toJSON(),
      [issue('field.required', 'options', 0, 'choices', 0, 'value')],
    )
    // `undefined` is absent (DESIGN.md "Rulings"): the name is missing.
    expectIssues(() => slash(loose(undefined), 'd').toJSON(), [issue('field.required', 'name')])
  })
})

describe('Naming rules 3 and Limits: set rules through commands(...).toJSON', () => {
  it('two CHAT_INPUT commands with one name (set.duplicate_name at the second)', () => {
    expectIssues(() => commands(slash('ping', 'd'), slash(name('ping'), 'e')).toJSON(), [issue('set.duplicate_name', 1, 'name')])
    expectIssues(() => commands(user('Profile'), message('Profile'), user(name('Profile'))).toJSON(loose({ scope: 'guild' })), [issue('set.duplicate_name', 2, 'name')])
  })

  it('one name across types passes (a CHAT_INPUT and a USER command may share a name)', () => {
    expect(commands(slash('ping', 'd'), user('ping'), message('ping'), entryPoint('ping', 'd')).toJSON()).toHaveLength(4)
  })

  it('100 CHAT_INPUT commands pass; the 101st is set.too_many at its index', () => {
    const make = (n: number) => Array.from({ length: n }, (_, i) => slash(name(`c${i}`), 'd'))
    expect((commands as any)(...make(100)).toJSON()).toHaveLength(100)
    expectIssues(() => (commands as any)(...make(101)).toJSON(), [issue('set.too_many', 100)])
    expectIssues(() => (commands as any)(...make(101)).toJSON(loose({ scope: 'guild' })), [issue('set.too_many', 100)])
  })

  it('15 USER and 15 MESSAGE commands pass; the 16th of each is set.too_many', () => {
    const users = (n: number) => Array.from({ length: n }, (_, i) => user(name(`User ${i}`)))
    const messages = (n: number) => Array.from({ length: n }, (_, i) => message(name(`Message ${i}`)))
    expect((commands as any)(...[...users(15), ...messages(15)]).toJSON()).toHaveLength(30)
    expectIssues(() => (commands as any)(...[...users(16), ...messages(16)]).toJSON(), [issue('set.too_many', 15), issue('set.too_many', 31)])
  })

  it('one entry point per application; a second is set.too_many', () => {
    expectIssues(() => commands(entryPoint('a', 'd'), loose(entryPoint('b', 'd'))).toJSON(), [issue('set.too_many', 1)])
  })

  it('a guild set: an entry point is scope.entry_point; global-only fields deploy to a guild ("Bulk guild body"), not in a single guild create', () => {
    expectIssues(() => commands(slash('a', 'd'), entryPoint('launch', 'd')).toJSON(loose({ scope: 'guild' })), [issue('scope.entry_point', 1, 'type')])
    const set = commands(slash('a', 'd').integrationTypes('GuildInstall', 'UserInstall'), user('U').contexts('Guild').dmPermission(false))
    expect(set.toJSON({ scope: 'guild' })).toEqual([
      { type: 1, name: 'a', description: 'd', integration_types: [0, 1] },
      { type: 2, name: 'U', contexts: [0], dm_permission: false },
    ])
    expectIssues(
      () =>
        user('U')
          .contexts('Guild')
          .toJSON(loose({ scope: 'guild' })),
      [issue('scope.global_only', 'contexts')],
    )
  })

  it('a broken command inside a set: its issues carry the element index', () => {
    expectIssues(() => commands(slash('ok', 'd'), slash(name('Bad'), rep('d', 101))).toJSON(), [issue('name.lowercase', 1, 'name'), issue('description.length', 1, 'description')])
  })
})

describe('"Application command" default_member_permissions', () => {
  it.each([
    ['an unknown flag name', ['NotAFlag']],
    ['a known flag with an unknown one', ['BanMembers', 'Nope']],
    ['a negative bigint', [-1n]],
    ['a fraction', [1.5]],
    ['a signed string', ['-8']],
    ['an object', [{}]],
  ])('%s is permissions.format', (_, input) => {
    expectIssues(
      () =>
        slash('c', 'd')
          .defaultMemberPermissions(...loose(input))
          .toJSON(),
      [issue('permissions.format', 'default_member_permissions')],
    )
  })

  it.each([
    ['2^54 as a bigint', [1n << 54n]],
    ['more than 64 bits', [1n << 64n]],
    ['a digit string over 64 bits', ['99999999999999999999999']],
    ['bits 53 and 54 combined', [1n << 53n, 1n << 54n]],
  ])('%s is over 2^54 - 1, the OpenAPI maximum (ApplicationCommandCreateRequest.default_member_permissions): permissions.range', (_, input) => {
    expectIssues(
      () =>
        slash('c', 'd')
          .defaultMemberPermissions(...loose(input))
          .toJSON(),
      [issue('permissions.range', 'default_member_permissions')],
    )
  })

  it('the largest bit set the OpenAPI allows, 2^54 - 1, passes', () => {
    expect(
      slash('c', 'd')
        .defaultMemberPermissions((1n << 54n) - 1n)
        .toJSON().default_member_permissions,
    ).toBe('18014398509481983')
  })
})

describe('"Application command" handler, contexts, integration_types, nsfw, dm_permission', () => {
  it('a handler on a CHAT_INPUT, USER or MESSAGE command (field.not_allowed)', () => {
    expectIssues(() => loose(slash('c', 'd')).handler('AppHandler').toJSON(), [issue('field.not_allowed', 'handler')])
    expectIssues(() => loose(user('U')).handler(2).toJSON(), [issue('field.not_allowed', 'handler')])
    expectIssues(() => loose(message('M')).handler(1).toJSON(), [issue('field.not_allowed', 'handler')])
  })

  it('an unknown handler on an entry point (enum.value)', () => {
    expectIssues(() => entryPoint('launch', 'd').handler(loose(3)).toJSON(), [issue('enum.value', 'handler')])
    expectIssues(() => entryPoint('launch', 'd').handler(loose('Launch')).toJSON(), [issue('enum.value', 'handler')])
  })

  it('unknown contexts and integration types, by value or by name (enum.value at the index)', () => {
    expectIssues(() => slash('c', 'd').contexts('Guild', loose('Dm')).toJSON(), [issue('enum.value', 'contexts', 1)])
    expectIssues(() => slash('c', 'd').contexts(loose(3)).toJSON(), [issue('enum.value', 'contexts', 0)])
    expectIssues(() => slash('c', 'd').integrationTypes(loose(2)).toJSON(), [issue('enum.value', 'integration_types', 0)])
    expectIssues(() => slash('c', 'd').integrationTypes(loose('Everywhere')).toJSON(), [issue('enum.value', 'integration_types', 0)])
  })

  it('nsfw and dmPermission with a non-boolean (value.type)', () => {
    expectIssues(() => slash('c', 'd').nsfw(loose('yes')).toJSON(), [issue('value.type', 'nsfw')])
    expectIssues(() => slash('c', 'd').dmPermission(loose(0)).toJSON(), [issue('value.type', 'dm_permission')])
  })
})

describe('every issue is collected, not just the first', () => {
  it('one toJSON reports problems at several places', () => {
    const issues = issuesIn(() =>
      // @ts-expect-error the types refuse it too (test-d/text.test-d.ts); here the run-time rule
      slash(name('Bad Name'), '')
        .options(...loose([option.string('a', 'd'), option.string('a', 'd').required(), loose(option.boolean('b', 'd')).min(1)]))
        .defaultMemberPermissions(loose('nope'))
        .toJSON(),
    )
    const codes = issues.map((i) => i.code)
    for (const code of ['name.pattern', 'name.lowercase', 'description.length', 'options.order', 'options.duplicate_name', 'field.not_allowed', 'permissions.format'])
      expect(codes).toContain(code)
  })

  it('the error is a ValidationError naming the command, with a message per issue', () => {
    try {
      slash(name('Ban'), 'd').toJSON()
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).name).toBe('ValidationError')
      expect((error as ValidationError).message).toContain('Ban')
      expect((error as ValidationError).message).toContain('[name.lowercase]')
    }
  })

  it('option, choice, subcommand and group toJSON refuse what breaks a rule on its own (DESIGN.md "Contract"; "Naming rules" 1, "Option choice", "Command option")', () => {
    expectIssue(() => option.string(name('Bad Name'), 'd').toJSON(), 'name.pattern', ['name'])
    // @ts-expect-error the types refuse it too (test-d/text.test-d.ts); here the run-time rule
    expectIssue(() => option.integer('days', 'd').min(7).max(1).toJSON(), 'option.bounds_inverted', ['min_value'])
    expectIssue(() => option.string('s', 'd').maxLength(6001).toJSON(), 'number.range', ['max_length'])
    expectIssue(() => choice('', 'v').toJSON(), 'name.length', ['name'])
    expectIssue(() => choice('c', 'v'.repeat(101)).toJSON(), 'string.length', ['value'])
    expectIssue(() => choice('c', 'v').localize(loose('xx'), 'w').toJSON(), 'locale.unknown', ['name_localizations', 'xx'])
    // A subcommand or group checks its children too, with paths from itself.
    let sub: any
    let group: any
    slash('c', 'd').subcommand('s', 'd', (s) => (sub = loose(s).options(option.string('x', 'd'), option.string(name('Bad'), 'd'), option.string('x', 'd'))))
    slash('c', 'd').group(
      'g',
      'd',
      (g) =>
        (group = loose(g)
          .subcommand('s', 'd')
          .subcommand('t', 'd')
          .group('h', 'd', (h: any) => h)),
    )
    expectIssue(() => sub.toJSON(), 'name.lowercase', ['options', 1, 'name'])
    expectIssue(() => sub.toJSON(), 'options.duplicate_name', ['options', 2])
    expectIssue(() => group.toJSON(), 'options.nesting', ['options', 2])
  })

  it('a valid option, choice or subcommand gives the same JSON on its own as inside its command', () => {
    const days = option.integer('days', 'Days').min(0).max(7).required()
    expect(days.toJSON()).toEqual({ type: 4, name: 'days', description: 'Days', min_value: 0, max_value: 7, required: true })
    expect(choice('Red', 'red').localize('fr', 'Rouge').toJSON()).toEqual({ name: 'Red', value: 'red', name_localizations: { fr: 'Rouge' } })
    expect(slash('c', 'd').options(days).toJSON().options?.[0]).toEqual(days.toJSON())
  })

  it('an unreadable plain value passed to a builder is a ValidationError, not a crash', () => {
    const cyclic: Record<string, unknown> = { type: 3, name: 'o', description: 'd' }
    cyclic.self = cyclic
    expectIssue(() => slash('c', 'd').options(loose(cyclic)).toJSON(), 'input.unreadable', [])
    const throwing = Object.defineProperty({ type: 3, description: 'd' }, 'name', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
    expectIssue(() => commands(slash('c', 'd').options(loose(throwing))).toJSON(), 'input.unreadable', [])
  })

  it('toJSON(null) from JavaScript means no options', () => {
    expect(loose(slash('c', 'd')).toJSON(null)).toStrictEqual({ type: 1, name: 'c', description: 'd' })
    expect(loose(commands(slash('c', 'd'))).toJSON(null)).toStrictEqual([{ type: 1, name: 'c', description: 'd' }])
  })
})
