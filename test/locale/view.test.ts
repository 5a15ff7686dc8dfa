/**
 * The localized view of the GET-all endpoints (spec: "Application command": "objects
 * returned by the two GET-all endpoints carry name_localized and
 * description_localized ... in place of the full dictionaries"; "Command endpoints"
 * with_localizations; "Other command rules" 7: "if the requester's locale is not in
 * a dictionary, the corresponding name_localized or description_localized field is
 * omitted").
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { choice, Locales, option, slash, type ApplicationCommand, type Locale } from '../../src/index.js'
import { localizedView } from '../../src/locale/index.js'

/** The example command of the service's documentation, as fetched. */
const birthday: ApplicationCommand = {
  id: '1',
  application_id: '2',
  version: '3',
  default_member_permissions: null,
  type: 1,
  name: 'birthday',
  description: 'Wish a friend a happy birthday',
  name_localizations: { 'zh-CN': '生日', el: 'γενέθλια' },
  description_localizations: { 'zh-CN': '祝你朋友生日快乐' },
  options: [
    {
      name: 'age',
      type: 4,
      description: "Your friend's age",
      name_localizations: { 'zh-CN': '岁数' },
      description_localizations: { 'zh-CN': '你朋友的岁数' },
    },
  ],
}

describe('localizedView (spec: "Application command"; "Other command rules" 7)', () => {
  it('gives the requester locale only, in place of the dictionaries', () => {
    expect(localizedView(birthday, 'zh-CN')).toStrictEqual({
      id: '1',
      application_id: '2',
      version: '3',
      default_member_permissions: null,
      type: 1,
      name: 'birthday',
      name_localized: '生日',
      description: 'Wish a friend a happy birthday',
      description_localized: '祝你朋友生日快乐',
      options: [{ name: 'age', name_localized: '岁数', type: 4, description: "Your friend's age", description_localized: '你朋友的岁数' }],
    })
  })

  it('omits each field whose dictionary lacks the locale, with no fallback', () => {
    const el = localizedView(birthday, 'el')
    expect(el.name_localized).toBe('γενέθλια')
    expect('description_localized' in el).toBe(false)
    expect(el.options?.[0]).toStrictEqual({ name: 'age', type: 4, description: "Your friend's age" })
    const us = localizedView({ ...birthday, name_localizations: { 'en-GB': 'birthday-uk' } }, 'en-US')
    expect('name_localized' in us).toBe(false)
  })

  it('gives no localized field without a locale', () => {
    const view = localizedView(birthday, undefined)
    expect(Object.keys(view).filter((k) => k.includes('locali'))).toEqual([])
  })

  it('returns the full dictionaries with with_localizations=true, and no *_localized field', () => {
    const fetched = { ...birthday, name_localized: 'stale' }
    const full = localizedView(fetched, 'zh-CN', { withLocalizations: true })
    expect(full).toStrictEqual(birthday)
    expect(full).not.toBe(birthday)
    expect(full.options?.[0]).not.toBe(birthday.options?.[0])
  })

  it('localizes subcommands, groups and choices too', () => {
    const config = slash('config', 'Settings')
      .localize('de', { name: 'einstellungen' })
      .group('role', 'Roles', (g) =>
        g
          .localize('de', { name: 'rolle' })
          .subcommand('grant', 'Grant', (s) =>
            s
              .localize('de', { description: 'Vergeben' })
              .options(option.string('kind', 'Kind').required().choices(choice('Admin', 'admin').localize('de', 'Verwalter'), choice('Guest', 'guest'))),
          ),
      )
    expect(localizedView(config, 'de')).toStrictEqual({
      type: 1,
      name: 'config',
      name_localized: 'einstellungen',
      description: 'Settings',
      options: [
        {
          type: 2,
          name: 'role',
          name_localized: 'rolle',
          description: 'Roles',
          options: [
            {
              type: 1,
              name: 'grant',
              description: 'Grant',
              description_localized: 'Vergeben',
              options: [
                {
                  type: 3,
                  name: 'kind',
                  description: 'Kind',
                  required: true,
                  choices: [
                    { name: 'Admin', name_localized: 'Verwalter', value: 'admin' },
                    { name: 'Guest', value: 'guest' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    })
  })

  it('leaves its input unchanged', () => {
    const before = JSON.stringify(birthday)
    localizedView(birthday, 'zh-CN')
    localizedView(birthday, 'zh-CN', { withLocalizations: true })
    expect(JSON.stringify(birthday)).toBe(before)
  })
})

// ---------------------------------------------------------------- property

type Node = Record<string, unknown>

/** Any locale, often one of the fallback pairs (where a fallback would be easy to leak). */
const anyLocale = fc.oneof(fc.constantFrom<Locale>('en-US', 'en-GB', 'es-419', 'es-ES'), fc.constantFrom<Locale>(...Locales))
const dictionary = fc.option(fc.dictionary(anyLocale, fc.string({ minLength: 1, maxLength: 5 }), { maxKeys: 5 }), { nil: undefined })
const choiceNode = fc.record({ name: fc.string({ minLength: 1 }), name_localizations: dictionary, value: fc.string() }, { requiredKeys: ['name', 'value'] })
const leaf = fc.record(
  {
    type: fc.constant(3),
    name: fc.string({ minLength: 1 }),
    description: fc.string(),
    name_localizations: dictionary,
    description_localizations: dictionary,
    choices: fc.array(choiceNode, { maxLength: 3 }),
  },
  { requiredKeys: ['type', 'name', 'description'] },
)
const sub = fc.record(
  { type: fc.constant(1), name: fc.string({ minLength: 1 }), description: fc.string(), name_localizations: dictionary, options: fc.array(leaf, { maxLength: 3 }) },
  { requiredKeys: ['type', 'name', 'description'] },
)
const commandNode = fc.record(
  {
    name: fc.string({ minLength: 1 }),
    description: fc.string(),
    name_localizations: fc.oneof(dictionary, fc.constant(null)),
    description_localizations: dictionary,
    options: fc.oneof(fc.array(leaf, { maxLength: 3 }), fc.array(sub, { maxLength: 3 })),
  },
  { requiredKeys: ['name', 'description'] },
)

/** Pairs of (input node, output node), walking options and choices together. */
function* pairs(input: Node, output: Node): Generator<[Node, Node]> {
  yield [input, output]
  for (const key of ['options', 'choices']) {
    const a = input[key]
    const b = output[key]
    if (!Array.isArray(a)) continue
    expect(b).toHaveLength(a.length)
    for (let i = 0; i < a.length; i++) yield* pairs(a[i] as Node, (b as Node[])[i] as Node)
  }
}

describe('property', () => {
  it('never returns a localized field for a locale the dictionary lacks, and returns it whenever it has it', () => {
    fc.assert(
      fc.property(commandNode, fc.option(anyLocale, { nil: undefined }), (command, locale) => {
        const view = localizedView(command, locale) as Node
        for (const [node, out] of pairs(command as Node, view)) {
          for (const field of ['name', 'description']) {
            const dict = node[`${field}_localizations`] as Record<string, string> | null | undefined
            const present = locale !== undefined && dict != null && Object.hasOwn(dict, locale)
            if (present) expect(out[`${field}_localized`]).toBe(dict[locale])
            else expect(Object.hasOwn(out, `${field}_localized`)).toBe(false)
            expect(Object.hasOwn(out, `${field}_localizations`)).toBe(false)
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
