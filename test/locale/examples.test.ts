/**
 * docs/examples/localization.ts runs, and gives what docs/localization.md says.
 */
import { describe, expect, it } from 'vitest'
import * as example from '../../docs/examples/localization.js'

describe('docs/examples/localization.ts (docs/localization.md)', () => {
  it('localizes the set in one call, keeping the value equal to the default where a fallback would show', () => {
    expect(example.body.map((c) => c.name_localizations)).toEqual([
      { de: 'farbe', 'en-GB': 'colour' },
      { de: 'Profil zeigen', 'en-GB': 'Show profile' },
    ])
    expect(example.app.toJSON().map((c) => c.name_localizations)).toEqual([undefined, undefined])
  })

  it('reports what each locale lacks, and warns about the en-US fallback', () => {
    expect(example.report.missing).toEqual({
      'en-GB': [
        ['color', 'options', 'shade', 'name'],
        ['color', 'options', 'shade', 'description'],
        ['color', 'options', 'shade', 'choices', 'red', 'name'],
        ['color', 'options', 'shade', 'choices', 'blue', 'name'],
        ['color', 'options', 'public', 'name'],
        ['color', 'options', 'public', 'description'],
      ],
      de: [
        ['color', 'options', 'public', 'name'],
        ['color', 'options', 'public', 'description'],
      ],
    })
    expect(example.report.warnings.map((w) => w.path)).toEqual([
      ['en-US', 'color', 'name'],
      ['en-US', 'color', 'description'],
    ])
    expect(example.printed).toMatchInlineSnapshot(`
      "10 issues:
        - dictionaries["en-GB"].color.options.shade.name is not given; en-GB users see the default "shade" [localization.missing]
        - dictionaries["en-GB"].color.options.shade.description is not given; en-GB users see the default "Which shade" [localization.missing]
        - dictionaries["en-GB"].color.options.shade.choices.red.name is not given; en-GB users see the default "Red" [localization.missing]
        - dictionaries["en-GB"].color.options.shade.choices.blue.name is not given; en-GB users see the default "Blue" [localization.missing]
        - dictionaries["en-GB"].color.options.public.name is not given; en-GB users see the default "public" [localization.missing]
        - dictionaries["en-GB"].color.options.public.description is not given; en-GB users see the default "Show it to everyone" [localization.missing]
        - dictionaries.de.color.options.public.name is not given; de users see the default "public" [localization.missing]
        - dictionaries.de.color.options.public.description is not given; de users see the default "Show it to everyone" [localization.missing]
        - dictionaries["en-US"].color.name is not given, so en-US users see the en-GB text "colour" instead of the default "color"; include the default under its own locale key (spec: "Other command rules" 6) [localization.fallback]
        - dictionaries["en-US"].color.description is not given, so en-US users see the en-GB text "Pick a colour" instead of the default "Pick a color"; include the default under its own locale key (spec: "Other command rules" 6) [localization.fallback]"
    `)
  })

  it('shows each user their locale, its fallback or the default', () => {
    expect([example.usSees, example.usText, example.frText]).toEqual(['en-GB', 'colour', 'color'])
  })

  it('negotiates the requester locale and gives the GET-all view in it', () => {
    expect(example.locale).toBe('de')
    expect(example.listed[0]).toMatchObject({ name: 'color', name_localized: 'farbe', description_localized: 'Wähle eine Farbe' })
    expect(example.listed[0]).toMatchObject({ options: [{ name_localized: 'ton', choices: [{ name_localized: 'Rot' }, { name_localized: 'Blau' }] }, { name: 'public' }] })
    expect(example.listed[1]).toStrictEqual({ type: 2, name: 'Show profile', name_localized: 'Profil zeigen' })
    expect(example.full).toMatchObject({ name_localizations: { de: 'farbe', 'en-GB': 'colour' } })
    expect('name_localized' in example.full).toBe(false)
  })
})
