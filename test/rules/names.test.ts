/**
 * "Naming rules" 1 and 2: the CHAT_INPUT name pattern (with the Unicode flag), the
 * lower-case rule, USER / MESSAGE names, lengths in code points, and localized
 * names, which follow the rules of the name they localize.
 */
import { describe, expect, it } from 'vitest'
import { chatNamePattern, codePoints } from '../../src/internal.js'
import { ASTRAL, chat, expectValid, group, issue, issuesOf, messagesOf, opt, rep, str, sub, withOptions } from './helpers.js'

describe('Naming rules 1: the characters of a CHAT_INPUT name', () => {
  it.each([['ban'], ['ban-user'], ['ban_user'], ["don't"], ['a1'], ['2fa'], ['-'], ['_'], ["'"]])(
    'accepts %j: lower-case letters, digits, hyphen, underscore, apostrophe (spec: "Naming rules" 1)',
    (name) => {
      expectValid(chat({ name }))
      expectValid(withOptions(str(name)))
    },
  )

  it.each([
    ['ωmega', 'Greek'],
    ['привет', 'Cyrillic'],
    ['été', 'Latin with precomposed accents'],
    ['日本語', 'Han (uncased)'],
    ['한국어', 'Hangul (uncased)'],
    ['مرحبا', 'Arabic (uncased)'],
    ['١٢٣', 'Arabic-Indic digits'],
    ['ß', 'sharp s (lower case, no single upper-case form)'],
  ])('accepts %j, letters and digits of any script with the Unicode flag (%s) (spec: "Naming rules" 1)', (name) => {
    expectValid(chat({ name }))
  })

  it('accepts Devanagari and Thai text, including the combining marks that are not letters (spec: "Naming rules" 1)', () => {
    // The virama U+094D and the Thai vowel mark U+0E31 are marks, not letters: only
    // the Devanagari / Thai clause of the rule admits them.
    expect(/\p{L}/u.test('\u094D')).toBe(false)
    expect(/\p{L}/u.test('\u0E31')).toBe(false)
    expectValid(chat({ name: 'नमस्ते' }))
    expectValid(chat({ name: 'สวัสดี' }))
    expectValid(chat({ name: '१२३' }))
    expectValid(chat({ name: '๑๒๓' }))
    expectValid(withOptions(str('प्रतिबंध'), str('แบน')))
    // The same kind of mark from another script is refused: e + U+0301 (combining acute, script Inherited).
    expect(issuesOf(chat({ name: 'e\u0301te' }))).toEqual([issue('name.pattern', 'name')])
  })

  it('reads "a character of the Devanagari or Thai scripts" as the Unicode Script property: the danda and the baht sign (Script=Common) are refused (spec: "Naming rules" 1)', () => {
    expect(issuesOf(chat({ name: 'नमस्ते।' }))).toEqual([issue('name.pattern', 'name')])
    expect(issuesOf(chat({ name: '฿' }))).toEqual([issue('name.pattern', 'name')])
    // Thai punctuation of the Thai script itself is accepted.
    expectValid(chat({ name: '๏' }))
  })

  it('accepts letters outside the Basic Multilingual Plane, as the Unicode flag reads whole code points (spec: "Naming rules" 1)', () => {
    expectValid(chat({ name: ASTRAL })) // MATHEMATICAL SCRIPT SMALL A
    expectValid(chat({ name: '\u{10428}' })) // DESERET SMALL LETTER LONG I
    expectValid(chat({ name: '\u{20000}' })) // a CJK ideograph of plane 2
    // A lone surrogate is not a character of any kind.
    expect(issuesOf(chat({ name: 'a\uD800' }))).toEqual([issue('name.pattern', 'name')])
  })

  it.each([
    ['ban user', 'a space'],
    ['ban!', 'punctuation'],
    ['ban.user', 'a dot'],
    ['ban/user', 'a slash'],
    ['@ban', 'an at sign'],
    ['ban\tuser', 'a tab'],
    ['ban\u00A0user', 'a no-break space'],
    ['ban\u200Duser', 'a zero-width joiner'],
    ['😀', 'an emoji'],
    ['ban\nuser', 'a newline'],
  ])('refuses %j, %s (name.pattern) (spec: "Naming rules" 1)', (name) => {
    expect(issuesOf(chat({ name }))).toEqual([issue('name.pattern', 'name')])
    expect(issuesOf(withOptions(str(name)))).toEqual([issue('name.pattern', 'options', 0, 'name')])
  })

  it('matches the documented pattern, which carries the Unicode flag (spec: "Naming rules" 1)', () => {
    expect(chatNamePattern().unicode).toBe(true)
    expect(chatNamePattern().source).toBe("^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]+$")
    expect(chatNamePattern()).toBe(chatNamePattern())
    expect(chatNamePattern().test('नमस्ते')).toBe(true)
    expect(chatNamePattern().test('ban user')).toBe(false)
  })
})

describe('Naming rules 1: the lower-case rule', () => {
  it.each([
    ['Ban', 'ASCII'],
    ['BAN', 'all capitals'],
    ['banUser', 'an inner capital'],
    ['Ωmega', 'Greek'],
    ['ÉTÉ', 'Latin with accents'],
    ['Привет', 'Cyrillic'],
    ['\u{10400}', 'Deseret, outside the BMP'],
    ['Ꭰ', 'Cherokee, whose lower case U+AB70 is recent'],
    ['İ', 'capital I with dot, whose lower case is two code points'],
  ])('refuses %j, a letter with a lower-case variant (%s) (name.lowercase) (spec: "Naming rules" 1)', (name) => {
    expect(issuesOf(chat({ name }))).toEqual([issue('name.lowercase', 'name')])
  })

  it('refuses a titlecase letter, which has a lower-case variant (spec: "Naming rules" 1)', () => {
    expect(issuesOf(chat({ name: 'ǅungla' }))).toEqual([issue('name.lowercase', 'name')]) // U+01C5
    expect(issuesOf(chat({ name: 'ᾈ' }))).toEqual([issue('name.lowercase', 'name')]) // U+1F88
    expectValid(chat({ name: 'ǆungla' }))
  })

  it('accepts uncased letters and upper-case letters that have no lower-case variant (spec: "Naming rules" 1)', () => {
    // Lo, Lm: no case at all.
    expectValid(chat({ name: 'ªʰ' }))
    expectValid(chat({ name: '日本' }))
    // Lu without a lower-case mapping: U+03D2, U+2102, U+1D400.
    for (const name of ['ϒ', 'ℂ', '\u{1D400}']) {
      expect(/\p{Lu}/u.test(name)).toBe(true)
      expectValid(chat({ name }))
    }
  })

  it('refuses a non-letter that has a lower-case variant, such as the Roman numeral U+216B (spec: "Naming rules" 1, "characters with no lowercase variant are allowed")', () => {
    expect(issuesOf(chat({ name: 'Ⅻ' }))).toEqual([issue('name.lowercase', 'name')])
    expectValid(chat({ name: 'ⅻ' }))
  })

  it('reports the pattern and the case of one name separately (spec: "Naming rules" 1)', () => {
    expect(issuesOf(chat({ name: 'Ban user' }))).toEqual([issue('name.pattern', 'name'), issue('name.lowercase', 'name')])
    expect(messagesOf(chat({ name: 'Ban user' }))).toMatchInlineSnapshot(`
      [
        "name may contain only letters, digits, "-", "_", "'" and Devanagari or Thai characters, and no spaces (was "Ban user")",
        "name must be lower case ("ban user") (was "Ban user")",
      ]
    `)
  })

  it('applies to option, subcommand and group names, with their paths (spec: "Naming rules" 1)', () => {
    expect(issuesOf(withOptions(str('Days')))).toEqual([issue('name.lowercase', 'options', 0, 'name')])
    expect(issuesOf(withOptions(sub('Show')))).toEqual([issue('name.lowercase', 'options', 0, 'name')])
    expect(issuesOf(withOptions(group('role settings', [sub('grant')])))).toEqual([issue('name.pattern', 'options', 0, 'name')])
    expect(issuesOf(withOptions(group('role', [sub('grant', [opt(8, 'Role')])])))).toEqual([issue('name.lowercase', 'options', 0, 'options', 0, 'options', 0, 'name')])
  })
})

describe('Naming rules 1 and Limits: names are 1-32 characters, counted in code points', () => {
  it('accepts 1 and 32 characters and refuses 0 and 33 (spec: "Limits", command or option name 1-32)', () => {
    expectValid(chat({ name: 'a' }))
    expectValid(chat({ name: rep('a', 32) }))
    expect(issuesOf(chat({ name: '' }))).toEqual([issue('name.length', 'name')])
    expect(issuesOf(chat({ name: rep('a', 33) }))).toEqual([issue('name.length', 'name')])
    expectValid(withOptions(str(rep('o', 32))))
    expect(issuesOf(withOptions(str(rep('o', 33))))).toEqual([issue('name.length', 'options', 0, 'name')])
  })

  it('counts a letter outside the BMP once: 32 of them (64 UTF-16 units) pass, 33 do not (spec: "Limits", 1-32 characters)', () => {
    const name32 = rep(ASTRAL, 32)
    expect(name32.length).toBe(64)
    expect(codePoints(name32)).toBe(32)
    expectValid(chat({ name: name32 }))
    expect(issuesOf(chat({ name: rep(ASTRAL, 33) }))).toEqual([issue('name.length', 'name')])
  })

  it('counts non-ASCII names the same way as ASCII ones (spec: "Limits", 1-32 characters)', () => {
    expectValid(chat({ name: rep('é', 32) }))
    expect(issuesOf(chat({ name: rep('é', 33) }))).toEqual([issue('name.length', 'name')])
    expectValid(chat({ name: rep('क', 32) }))
    expect(issuesOf(chat({ name: rep('क', 33) }))).toEqual([issue('name.length', 'name')])
    // Too long and upper case: both reported.
    expect(issuesOf(chat({ name: rep('A', 33) }))).toEqual([issue('name.length', 'name'), issue('name.lowercase', 'name')])
  })

  it('refuses a name that is not a string (spec: "Application command", name is a string)', () => {
    expect(issuesOf(chat({ name: 42 }))).toEqual([issue('value.type', 'name')])
    expect(issuesOf(chat({ name: null }))).toEqual([issue('value.type', 'name')])
    expect(issuesOf(withOptions(str('o', { name: ['o'] })))).toEqual([issue('value.type', 'options', 0, 'name')])
  })
})

describe('Naming rules 2: USER and MESSAGE names', () => {
  it('accepts mixed case and spaces, which a CHAT_INPUT name may not have (spec: "Naming rules" 2)', () => {
    expectValid({ type: 2, name: 'Show Profile' })
    expectValid({ type: 3, name: 'Report Message' })
    expectValid({ type: 2, name: 'ÉTÉ Été' })
    expect(issuesOf(chat({ name: 'Show Profile' }))).toEqual([issue('name.pattern', 'name'), issue('name.lowercase', 'name')])
  })

  it('are 1-32 characters, in code points (spec: "Limits", command name 1-32)', () => {
    expectValid({ type: 2, name: rep('U', 32) })
    expectValid({ type: 3, name: rep(ASTRAL, 32) })
    expect(issuesOf({ type: 2, name: rep('U', 33) })).toEqual([issue('name.length', 'name')])
    expect(issuesOf({ type: 3, name: '' })).toEqual([issue('name.length', 'name')])
    expect(issuesOf({ type: 3, name: rep(ASTRAL, 33) })).toEqual([issue('name.length', 'name')])
  })

  it('entry point names follow rule 2, as the service names its own "Launch" (spec: "Other command rules" 3)', () => {
    expectValid({ type: 4, name: 'Launch', handler: 2 })
    expectValid({ type: 4, name: 'Launch My Game' })
    expect(issuesOf({ type: 4, name: rep('L', 33) })).toEqual([issue('name.length', 'name')])
  })
})

describe('localized names follow the rules of the name (spec: "Application command", name_localizations)', () => {
  it('CHAT_INPUT command and option localizations: pattern, case and length (spec: "Naming rules" 1)', () => {
    expectValid(chat({ name_localizations: { hi: 'प्रतिबंध', th: 'แบน', 'es-ES': 'banear', el: 'απαγόρευση' } }))
    expect(issuesOf(chat({ name_localizations: { fr: 'Bannir' } }))).toEqual([issue('name.lowercase', 'name_localizations', 'fr')])
    expect(issuesOf(chat({ name_localizations: { de: 'zwei wörter' } }))).toEqual([issue('name.pattern', 'name_localizations', 'de')])
    expect(issuesOf(chat({ name_localizations: { fr: rep('b', 33) } }))).toEqual([issue('name.length', 'name_localizations', 'fr')])
    expect(issuesOf(chat({ name_localizations: { fr: '' } }))).toEqual([issue('name.length', 'name_localizations', 'fr')])
    expectValid(chat({ name_localizations: { fr: rep(ASTRAL, 32) } }))
    expect(issuesOf(withOptions(str('o', { name_localizations: { 'pt-BR': 'Dias' } })))).toEqual([issue('name.lowercase', 'options', 0, 'name_localizations', 'pt-BR')])
    expect(issuesOf(withOptions(sub('s', [str('o', { name_localizations: { ja: '日 本' } })])))).toEqual([
      issue('name.pattern', 'options', 0, 'options', 0, 'name_localizations', 'ja'),
    ])
  })

  it('USER and MESSAGE localizations may be mixed case with spaces, 1-32 characters (spec: "Naming rules" 2)', () => {
    expectValid({ type: 2, name: 'Show Profile', name_localizations: { fr: 'Voir le Profil', 'zh-CN': '显示 资料' } })
    expect(issuesOf({ type: 3, name: 'Report', name_localizations: { fr: rep('R', 33) } })).toEqual([issue('name.length', 'name_localizations', 'fr')])
    expect(issuesOf({ type: 2, name: 'Show', name_localizations: { fr: '' } })).toEqual([issue('name.length', 'name_localizations', 'fr')])
  })
})

describe('the fast paths of the name check agree with the spec pattern (spec: "Naming rules" 1)', () => {
  it('for every character of the Basic Multilingual Plane, alone and after a lower-case letter', async () => {
    const { checkChatName, chatNamePattern, NAME_PATTERN, NAME_LOWERCASE } = await import('../../src/rules/text.js')
    // The reference: the pattern with the Unicode flag, and "a letter that has a
    // lower-case variant must be lower case" as `s === s.toLowerCase()`.
    const reference = (s: string): number => (chatNamePattern().test(s) ? 0 : NAME_PATTERN) | (s.toLowerCase() === s ? 0 : NAME_LOWERCASE)
    const disagreements: string[] = []
    for (let c = 0; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue
      for (const s of [String.fromCharCode(c), `a${String.fromCharCode(c)}`]) {
        if (checkChatName(s) !== reference(s)) disagreements.push(`U+${c.toString(16)}`)
      }
    }
    expect(disagreements).toEqual([])
  })
})
