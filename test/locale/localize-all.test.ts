/**
 * Bulk localization and its report (spec: "Other command rules" 6: dictionaries on
 * commands, subcommands, options and choices; partial localization; "Localized
 * values identical to the default are ignored"; "The default value should be
 * included under its own locale key"; "Naming rules" 5 through the rules).
 */
import { describe, expect, it } from 'vitest'
import { choice, commands, entryPoint, formatIssues, fromJSON, message, option, parse, slash, user, type Interaction } from '../../src/index.js'
import { localizationReport, localizeAll } from '../../src/locale/index.js'
import { expectIssues, issue } from '../support/issues.js'

const ban = slash('ban', 'Ban a member').options(
  option.user('target', 'Who to ban').required(),
  option.integer('days', 'Days of messages').choices(choice('A week', 7), choice('None', 0)),
  option.string('reason', 'Why'),
)

const config = slash('config', 'Bot settings')
  .subcommand('show', 'Show settings')
  .subcommand('set', 'Change a setting', (s) => s.options(option.string('key', 'Setting').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang'))))
  .group('role', 'Role settings', (g) => g.subcommand('grant', 'Grant', (s) => s.options(option.role('role', 'Role').required())))

describe('localizeAll (spec: "Other command rules" 6)', () => {
  it('puts each text in the dictionary of its field: command, options and choices (keyed by value)', () => {
    const de = localizeAll(ban, {
      de: {
        name: 'bannen',
        description: 'Ein Mitglied bannen',
        options: { target: { name: 'ziel', description: 'Wen' }, days: { choices: { 7: 'Eine Woche', 0: 'Keine' } } },
      },
      fr: { name: 'bannir', options: { reason: { description: 'Pourquoi' } } },
    })
    expect(de.toJSON()).toStrictEqual({
      type: 1,
      name: 'ban',
      description: 'Ban a member',
      name_localizations: { de: 'bannen', fr: 'bannir' },
      description_localizations: { de: 'Ein Mitglied bannen' },
      options: [
        { type: 6, name: 'target', description: 'Who to ban', required: true, name_localizations: { de: 'ziel' }, description_localizations: { de: 'Wen' } },
        {
          type: 4,
          name: 'days',
          description: 'Days of messages',
          choices: [
            { name: 'A week', value: 7, name_localizations: { de: 'Eine Woche' } },
            { name: 'None', value: 0, name_localizations: { de: 'Keine' } },
          ],
        },
        { type: 3, name: 'reason', description: 'Why', description_localizations: { fr: 'Pourquoi' } },
      ],
    })
  })

  it('reaches subcommands, groups, their subcommands and options', () => {
    const json = localizeAll(config, {
      de: {
        subcommands: { show: { name: 'zeigen' }, set: { description: 'Ändern', options: { key: { name: 'schluessel', choices: { lang: 'Sprache' } } } } },
        groups: { role: { name: 'rolle', subcommands: { grant: { name: 'geben', options: { role: { description: 'Rolle' } } } } } },
      },
    }).toJSON()
    const [show, set, role] = json.options as unknown as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]
    expect(show.name_localizations).toEqual({ de: 'zeigen' })
    expect(set.description_localizations).toEqual({ de: 'Ändern' })
    const key = (set.options as Record<string, unknown>[])[0] as Record<string, unknown>
    expect(key.name_localizations).toEqual({ de: 'schluessel' })
    expect((key.choices as Record<string, unknown>[]).map((c) => c.name_localizations)).toEqual([undefined, { de: 'Sprache' }])
    expect(role.name_localizations).toEqual({ de: 'rolle' })
    const grant = (role.options as Record<string, unknown>[])[0] as Record<string, unknown>
    expect(grant.name_localizations).toEqual({ de: 'geben' })
    expect(((grant.options as Record<string, unknown>[])[0] as Record<string, unknown>).description_localizations).toEqual({ de: 'Rolle' })
  })

  it('drops a value identical to the default, and an earlier different one with it (the service ignores it; "Other command rules" 6)', () => {
    const earlier = ban.localize('de', { name: 'bann' })
    const json = localizeAll(earlier, { de: { name: 'ban', description: 'Ban a member' }, fr: { options: { target: { name: 'target' } } } }).toJSON()
    expect(json.name_localizations).toBeUndefined()
    expect(json.description_localizations).toBeUndefined()
    expect(json.options?.[0]?.name_localizations).toBeUndefined()
    // The same as `.localize(...)` does.
    expect(earlier.localize('de', { name: 'ban' }).toJSON().name_localizations).toBeUndefined()
  })

  it('keeps the default under its own locale key where a fallback would show, so the report\'s warning can be acted on ("Other command rules" 6)', () => {
    const uk = localizeAll(ban, { 'en-GB': { name: 'ban-uk' } })
    expect(localizationReport(uk).warnings.map((w) => [w.code, w.path])).toEqual([['localization.fallback', ['en-US', 'name']]])
    const fixed = localizeAll(uk, { 'en-US': { name: 'ban' } })
    expect(fixed.toJSON().name_localizations).toStrictEqual({ 'en-GB': 'ban-uk', 'en-US': 'ban' })
    expect(localizationReport(fixed).warnings).toEqual([])
  })

  it('does not warn when the fallback shows the default\'s own text ("Other command rules" 6)', () => {
    const same = localizeAll(ban, { 'en-GB': { name: 'ban', description: 'Ban a member' } })
    expect(localizationReport(same).warnings).toEqual([])
  })

  it('keeps earlier localizations it does not mention, and replaces those it does', () => {
    const earlier = ban.localize('de', { name: 'bann', description: 'Bannen' }).localize('fr', { name: 'bannir' })
    const json = localizeAll(earlier, { de: { name: 'bannen' } }).toJSON()
    expect(json.name_localizations).toEqual({ de: 'bannen', fr: 'bannir' })
    expect(json.description_localizations).toEqual({ de: 'Bannen' })
  })

  it('returns a new definition and leaves the one given unchanged', () => {
    const before = JSON.stringify(ban.toJSON())
    const de = localizeAll(ban, { de: { name: 'bannen' } })
    expect(de).not.toBe(ban)
    expect(JSON.stringify(ban.toJSON())).toBe(before)
    // The result is a builder of the same kind: it takes further calls.
    expect(de.localize('fr', { name: 'bannir' }).nsfw().toJSON()).toMatchObject({ nsfw: true, name_localizations: { de: 'bannen', fr: 'bannir' } })
  })

  it('parses like the definition it came from: interactions carry the default names (spec: "Interaction payloads received by the application")', () => {
    const de = localizeAll(ban, { de: { name: 'bannen', options: { target: { name: 'ziel' }, reason: { name: 'grund' } } } })
    const interaction: Interaction = {
      id: '1',
      application_id: '2',
      type: 2,
      token: 't',
      version: 1,
      locale: 'de',
      data: {
        id: '3',
        name: 'ban',
        type: 1,
        options: [
          { type: 6, name: 'target', value: '42' },
          { type: 3, name: 'reason', value: 'spam' },
        ],
        resolved: { users: { '42': { id: '42', username: 'u', avatar: null, discriminator: '0' } } },
      },
    }
    const hit = parse(de, interaction)
    expect(hit.command).toBe('ban')
    expect(hit.options.reason).toBe('spam')
    expect(hit.options.target.user.id).toBe('42')
  })

  it('localizes USER, MESSAGE and entry point commands: names (and the entry point description)', () => {
    expect(localizeAll(user('Show profile'), { de: { name: 'Profil zeigen' } }).toJSON().name_localizations).toEqual({ de: 'Profil zeigen' })
    expect(localizeAll(message('Report'), { fr: { name: 'Signaler' } }).toJSON().name_localizations).toEqual({ fr: 'Signaler' })
    const launch = localizeAll(entryPoint('launch', 'Start the game'), { de: { name: 'starten', description: 'Spiel starten' } }).toJSON()
    expect([launch.name_localizations, launch.description_localizations]).toEqual([{ de: 'starten' }, { de: 'Spiel starten' }])
  })

  it('localizes a fromJSON definition (typed loosely)', () => {
    const loose = fromJSON({ name: 'ping', description: 'Pong', options: [{ type: 3, name: 'text', description: 'Text' }] })
    const json = localizeAll(loose, { de: { options: { text: { name: 'text-de' } } } }).toJSON() as { options?: { name_localizations?: unknown }[] }
    expect(json.options?.[0]?.name_localizations).toEqual({ de: 'text-de' })
  })

  it('localizes a set by command name, giving a new set', () => {
    const app = commands(ban, config, user('Show profile'))
    const out = localizeAll(app, { fr: { ban: { name: 'bannir' }, 'Show profile': { name: 'Voir le profil' } } })
    expect(out.definitions).toHaveLength(3)
    expect(out.toJSON().map((c) => c.name_localizations)).toEqual([{ fr: 'bannir' }, undefined, { fr: 'Voir le profil' }])
    expect(app.toJSON().map((c) => c.name_localizations)).toEqual([undefined, undefined, undefined])
  })

  it('gives a section to each command of a shared name that can take it (names are unique per type only)', () => {
    const app = commands(slash('report', 'Report a user'), message('report'))
    const json = localizeAll(app, { de: { report: { name: 'melden', description: 'Einen Nutzer melden' } } }).toJSON()
    expect(json.map((c) => [c.name_localizations, 'description_localizations' in c ? c.description_localizations : undefined])).toEqual([
      [{ de: 'melden' }, { de: 'Einen Nutzer melden' }],
      [{ de: 'melden' }, undefined],
    ])
  })
})

describe('localizeAll refuses what the definition does not have (paths into the dictionaries)', () => {
  const call = (def: object, dicts: unknown) => () => localizeAll(def, dicts as never)

  it('an unknown option, subcommand, group, choice or command (field.unknown)', () => {
    expectIssues(call(ban, { de: { options: { tagret: { name: 'ziel' } } } }), [issue('field.unknown', 'de', 'options', 'tagret')])
    expectIssues(call(ban, { de: { options: { days: { choices: { 8: 'Acht' } } } } }), [issue('field.unknown', 'de', 'options', 'days', 'choices', '8')])
    expectIssues(call(config, { de: { subcommands: { sett: {} }, groups: { rol: {} } } }), [
      issue('field.unknown', 'de', 'subcommands', 'sett'),
      issue('field.unknown', 'de', 'groups', 'rol'),
    ])
    expectIssues(call(config, { de: { groups: { role: { subcommands: { show: {} } } } } }), [issue('field.unknown', 'de', 'groups', 'role', 'subcommands', 'show')])
    expectIssues(call(commands(ban), { de: { bann: { name: 'x' } } }), [issue('field.unknown', 'de', 'bann')])
    expectIssues(call(ban, { de: { nmae: 'x', options: { target: { label: 'x' } } } }), [
      issue('field.unknown', 'de', 'nmae'),
      issue('field.unknown', 'de', 'options', 'target', 'label'),
    ])
  })

  it('a section the command cannot have (field.not_allowed)', () => {
    expectIssues(call(user('Show profile'), { de: { description: 'x' } }), [issue('field.not_allowed', 'de', 'description')])
    expectIssues(call(config, { de: { options: {} } }), [issue('field.not_allowed', 'de', 'options')])
    expectIssues(call(ban, { de: { subcommands: {} } }), [issue('field.not_allowed', 'de', 'subcommands')])
    expectIssues(call(ban, { de: { options: { reason: { choices: { a: 'x' } } } } }), [issue('field.not_allowed', 'de', 'options', 'reason', 'choices')])
    expectIssues(call(commands(slash('report', 'R'), message('report')), { de: { report: { groups: {} } } }), [issue('field.not_allowed', 'de', 'report', 'groups')])
  })

  it('an unknown locale (locale.unknown) and values of the wrong type (value.type)', () => {
    expectIssues(call(ban, { 'de-DE': { name: 'x' }, en: {} }), [issue('locale.unknown', 'de-DE'), issue('locale.unknown', 'en')])
    expectIssues(call(ban, { de: { name: 1, options: 'x' }, fr: null }), [issue('value.type', 'de', 'name'), issue('value.type', 'de', 'options'), issue('value.type', 'fr')])
    expectIssues(call(ban, null), [issue('value.type')])
  })

  it('a localized value that breaks a rule, at its path in the JSON (spec: "Naming rules" 1 and 5)', () => {
    expectIssues(call(ban, { de: { options: { target: { name: 'Ziel' } } } }), [issue('name.lowercase', 'options', 0, 'name_localizations', 'de')])
    expectIssues(call(ban, { de: { options: { reason: { name: 'target' } } } }), [issue('localization.conflict', 'options', 2, 'name_localizations', 'de')])
    expectIssues(call(commands(ban, config), { de: { config: { name: 'a b' } } }), [issue('name.pattern', 1, 'name_localizations', 'de')])
  })

  it('prints its issues with the dictionaries as the root', () => {
    let message = ''
    try {
      localizeAll(ban, { de: { options: { tagret: { name: 'ziel' } } } } as never)
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatchInlineSnapshot(`
      "Invalid localization dictionaries: 1 issue:
        - dictionaries.de.options.tagret is not an option of this level (expected "target", "days", "reason") [field.unknown]"
    `)
  })
})

describe('localizationReport', () => {
  it('lists, per locale, the texts it lacks, as paths into the dictionaries', () => {
    const de = localizeAll(ban, { de: { name: 'bannen', options: { target: { name: 'ziel', description: 'Wen' }, days: { choices: { 7: 'Woche' } } } } })
    const report = localizationReport(de)
    expect(report.locales).toEqual(['de'])
    expect(report.missing).toEqual({
      de: [
        ['description'],
        ['options', 'days', 'name'],
        ['options', 'days', 'description'],
        ['options', 'days', 'choices', '0', 'name'],
        ['options', 'reason', 'name'],
        ['options', 'reason', 'description'],
      ],
    })
    expect(report.warnings).toEqual([])
    expect(report.issues.every((i) => i.code === 'localization.missing')).toBe(true)
    expect(report.issues.map((i) => i.path)).toEqual((report.missing.de ?? []).map((p) => ['de', ...p]))
  })

  it('checks the locales asked for, never the default locale, and says what users see instead', () => {
    const def = ban.localize('en-GB', { name: 'ban-gb' })
    const report = localizationReport(def, { locales: ['en-US', 'es-419'], defaultLocale: 'en-US' })
    expect(report.locales).toEqual(['es-419'])
    expect(report.missing['en-US']).toBeUndefined()
    expect(localizationReport(slash('ping', 'Pong').localize('es-ES', { name: 'ping-es' }), { locales: ['es-419'] }).issues.map((i) => i.message)).toEqual([
      'dictionaries["es-419"].name is not given; es-419 users see the es-ES text "ping-es"',
      'dictionaries["es-419"].description is not given; es-419 users see the default "Pong"',
    ])
  })

  it('warns when the default locale gets a fallback text: include the default under its own key (localization.fallback)', () => {
    const colour = slash('color', 'Pick a color').localize('en-GB', { name: 'colour' })
    const report = localizationReport(colour)
    expect(report.warnings.map((w) => [w.code, w.path])).toEqual([['localization.fallback', ['en-US', 'name']]])
    expect(formatIssues(report.warnings)).toMatchInlineSnapshot(`
      "1 issue:
        - dictionaries["en-US"].name is not given, so en-US users see the en-GB text "colour" instead of the default "color"; include the default under its own locale key (spec: "Other command rules" 6) [localization.fallback]"
    `)
    // Written in British English: the en-US fallback is then the one to watch.
    expect(localizationReport(colour, { defaultLocale: 'en-GB' }).warnings).toEqual([])
    expect(localizationReport(slash('color', 'Pick').localize('en-US', { name: 'colour-us' }), { defaultLocale: 'en-GB' }).warnings.map((w) => w.path)).toEqual([['en-GB', 'name']])
    expect(localizationReport(slash('color', 'Pick').localize('es-ES', { name: 'color-es' }), { defaultLocale: 'es-419' }).warnings.map((w) => w.path)).toEqual([
      ['es-419', 'name'],
    ])
  })

  it('reports a set with each path starting at the command name, and reaches every level', () => {
    const app = commands(config.localize('de', { name: 'einstellungen' }), user('Show profile'))
    const paths = localizationReport(app).missing.de ?? []
    expect(paths).toContainEqual(['config', 'description'])
    expect(paths).toContainEqual(['config', 'subcommands', 'set', 'options', 'key', 'choices', 'prefix', 'name'])
    expect(paths).toContainEqual(['config', 'groups', 'role', 'subcommands', 'grant', 'options', 'role', 'description'])
    expect(paths).toContainEqual(['Show profile', 'name'])
    expect(paths).not.toContainEqual(['config', 'name'])
    expect(paths).not.toContainEqual(['Show profile', 'description'])
  })

  it('is empty for a definition with no localization at all', () => {
    expect(localizationReport(ban)).toEqual({ locales: [], missing: {}, warnings: [], issues: [] })
  })
})
