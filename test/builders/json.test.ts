/**
 * `toJSON` emits exactly the payload the builder calls describe: no `undefined`
 * keys, no service defaults (`required: false`, `nsfw: false`, ...), every method
 * mapped to its field (spec: "Application command", "Command option", "Option choice").
 */
import { describe, expect, it } from 'vitest'
import { ChannelType, choice, commands, entryPoint, message, option, slash, user, validateCommand, validateCommands } from '../../src/index.js'
import { BAN_JSON, CONFIG_JSON } from './design-example.js'

/** The DESIGN.md example, verbatim. */
const ban = slash('ban', 'Ban a member')
  .options(
    option.user('target', 'Who to ban').required(),
    option.integer('days', 'Days of messages to delete').min(0).max(7),
    option.string('reason', 'Why').maxLength(512).autocomplete(),
  )
  .defaultMemberPermissions('BanMembers')
  .localize('es-ES', { name: 'banear', description: 'Banear a un miembro' })

const config = slash('config', 'Bot settings')
  .subcommand('show', 'Show settings')
  .subcommand('set', 'Change a setting', (s) =>
    s.options(option.string('key', 'Setting').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang')), option.string('value', 'New value').required()),
  )
  .group('role', 'Role settings', (g) => g.subcommand('grant', 'Grant', (s) => s.options(option.role('role', 'Role').required())))

const app = commands(ban, config, user('Show profile'), message('Report'))

describe('the DESIGN.md example', () => {
  it('ban: options, permissions and localizations', () => {
    expect(ban.toJSON()).toStrictEqual(BAN_JSON)
  })

  it('config: subcommands, a group, choices', () => {
    expect(config.toJSON()).toStrictEqual(CONFIG_JSON)
  })

  it("commands(...): ban, config, user('Show profile'), message('Report') (no description on USER and MESSAGE, spec: Other command rules 2)", () => {
    const json = app.toJSON()
    expect(json).toStrictEqual([BAN_JSON, CONFIG_JSON, { type: 2, name: 'Show profile' }, { type: 3, name: 'Report' }])
    expect(validateCommands(json).ok).toBe(true)
  })

  it('the set for a guild: the same list (nothing global-only in it)', () => {
    expect(app.toJSON({ scope: 'guild' })).toStrictEqual(app.toJSON())
  })

  it('JSON.stringify calls toJSON (with a key, which is not an options object)', () => {
    expect(JSON.parse(JSON.stringify(ban))).toStrictEqual(BAN_JSON)
    expect(JSON.parse(JSON.stringify(app))).toStrictEqual(app.toJSON())
    expect(JSON.parse(JSON.stringify({ c: config }))).toStrictEqual({ c: CONFIG_JSON })
  })
})

describe('bare factories emit only what was given', () => {
  it.each([
    ['string', option.string('o', 'd'), 3],
    ['integer', option.integer('o', 'd'), 4],
    ['boolean', option.boolean('o', 'd'), 5],
    ['user', option.user('o', 'd'), 6],
    ['channel', option.channel('o', 'd'), 7],
    ['role', option.role('o', 'd'), 8],
    ['mentionable', option.mentionable('o', 'd'), 9],
    ['number', option.number('o', 'd'), 10],
    ['attachment', option.attachment('o', 'd'), 11],
  ] as const)('option.%s is type %i with no other field (required: false is the default, not emitted)', (_, o, type) => {
    const expected = { type, name: 'o', description: 'd' }
    expect(o.toJSON()).toStrictEqual(expected)
    expect(slash('c', 'd').options(o).toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd', options: [expected] })
  })

  it('slash, user, message, entryPoint', () => {
    expect(slash('c', 'd').toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd' })
    expect(user('Show profile').toJSON()).toStrictEqual({ type: 2, name: 'Show profile' })
    expect(message('Report').toJSON()).toStrictEqual({ type: 3, name: 'Report' })
    expect(entryPoint('launch', 'Start').toJSON()).toStrictEqual({ type: 4, name: 'launch', description: 'Start' })
  })

  it('choice(name, value) with a string, an integer and a double', () => {
    expect(choice('Red', 'red').toJSON()).toStrictEqual({ name: 'Red', value: 'red' })
    expect(choice('One', 1).toJSON()).toStrictEqual({ name: 'One', value: 1 })
    expect(choice('Half', 0.5).toJSON()).toStrictEqual({ name: 'Half', value: 0.5 })
  })

  it('names in Devanagari and Thai, uncased letters and apostrophes (spec: Naming rules 1)', () => {
    const json = slash('नमस्ते', 'd').options(option.string('สวัสดี', 'd'), option.string("it's_a-name", 'd'), option.string('日本語', 'd')).toJSON()
    expect(json.name).toBe('नमस्ते')
    expect(json.options?.map((o) => o.name)).toEqual(['สวัสดี', "it's_a-name", '日本語'])
  })
})

describe('option methods', () => {
  it('required() sets required: true; chaining it twice changes nothing', () => {
    expect(option.string('o', 'd').required().toJSON()).toStrictEqual({ type: 3, name: 'o', description: 'd', required: true })
    expect(option.string('o', 'd').required().required().toJSON()).toStrictEqual({
      type: 3,
      name: 'o',
      description: 'd',
      required: true,
    })
  })

  it.each([
    [
      'string',
      option.string('o', 'd').choices(choice('A', 'a'), choice('B', 'b')),
      3,
      [
        { name: 'A', value: 'a' },
        { name: 'B', value: 'b' },
      ],
    ],
    [
      'integer',
      option.integer('o', 'd').choices(choice('One', 1), choice('Two', 2)),
      4,
      [
        { name: 'One', value: 1 },
        { name: 'Two', value: 2 },
      ],
    ],
    [
      'number',
      option.number('o', 'd').choices(choice('Pi', 3.14), choice('E', 2.71)),
      10,
      [
        { name: 'Pi', value: 3.14 },
        { name: 'E', value: 2.71 },
      ],
    ],
  ] as const)('choices on a %s option', (_, o, type, choices) => {
    expect(o.toJSON()).toStrictEqual({ type, name: 'o', description: 'd', choices })
  })

  it('choices(...) called twice appends, in order', () => {
    const o = option.string('o', 'd').choices(choice('A', 'a')).choices(choice('B', 'b'), choice('C', 'c'))
    expect(o.toJSON()).toStrictEqual({
      type: 3,
      name: 'o',
      description: 'd',
      choices: [
        { name: 'A', value: 'a' },
        { name: 'B', value: 'b' },
        { name: 'C', value: 'c' },
      ],
    })
  })

  it('choice().localize: name_localizations on the choice; a value equal to the default is dropped (spec: Other command rules 6)', () => {
    const c = choice('Red', 'red').localize('es-ES', 'Rojo').localize('fr', 'Rouge').localize('de', 'Red')
    expect(c.toJSON()).toStrictEqual({ name: 'Red', value: 'red', name_localizations: { 'es-ES': 'Rojo', fr: 'Rouge' } })
    expect(choice('Red', 'red').localize('de', 'Red').toJSON()).toStrictEqual({ name: 'Red', value: 'red' })
    expect(option.string('o', 'd').choices(c).toJSON().choices).toStrictEqual([{ name: 'Red', value: 'red', name_localizations: { 'es-ES': 'Rojo', fr: 'Rouge' } }])
  })

  it.each([
    ['string', option.string('o', 'd').autocomplete(), 3],
    ['integer', option.integer('o', 'd').autocomplete(), 4],
    ['number', option.number('o', 'd').autocomplete(), 10],
  ] as const)('autocomplete() on a %s option', (_, o, type) => {
    expect(o.toJSON()).toStrictEqual({ type, name: 'o', description: 'd', autocomplete: true })
  })

  it('min and max on INTEGER and NUMBER options: min_value and max_value', () => {
    expect(option.integer('o', 'd').min(-5).max(5).toJSON()).toStrictEqual({
      type: 4,
      name: 'o',
      description: 'd',
      min_value: -5,
      max_value: 5,
    })
    expect(option.number('o', 'd').min(0.5).toJSON()).toStrictEqual({ type: 10, name: 'o', description: 'd', min_value: 0.5 })
    expect(option.number('o', 'd').max(2.5).toJSON()).toStrictEqual({ type: 10, name: 'o', description: 'd', max_value: 2.5 })
    // 0 is a value, not an absent field.
    expect(option.integer('o', 'd').min(0).max(0).toJSON()).toStrictEqual({
      type: 4,
      name: 'o',
      description: 'd',
      min_value: 0,
      max_value: 0,
    })
  })

  it('the last min/max call wins', () => {
    expect(option.integer('o', 'd').min(1).min(2).max(9).max(8).toJSON()).toStrictEqual({
      type: 4,
      name: 'o',
      description: 'd',
      min_value: 2,
      max_value: 8,
    })
  })

  it('the INTEGER and NUMBER ranges at their edges (spec: Option types)', () => {
    const max = 2 ** 53 - 1
    const json = slash('c', 'd')
      .options(
        option.integer('i', 'd').min(-max).max(max),
        option
          .number('n', 'd')
          .min(-(2 ** 53))
          .max(2 ** 53),
      )
      .toJSON()
    expect(json.options).toStrictEqual([
      { type: 4, name: 'i', description: 'd', min_value: -max, max_value: max },
      { type: 10, name: 'n', description: 'd', min_value: -(2 ** 53), max_value: 2 ** 53 },
    ])
  })

  it('minLength and maxLength on STRING options, at their edges (spec: Limits, min_length 0-6000, max_length 1-6000)', () => {
    expect(option.string('o', 'd').minLength(0).maxLength(6000).toJSON()).toStrictEqual({
      type: 3,
      name: 'o',
      description: 'd',
      min_length: 0,
      max_length: 6000,
    })
    expect(slash('c', 'd').options(option.string('o', 'd').minLength(6000).maxLength(6000)).toJSON().options).toStrictEqual([
      { type: 3, name: 'o', description: 'd', min_length: 6000, max_length: 6000 },
    ])
    expect(slash('c', 'd').options(option.string('o', 'd').maxLength(1)).toJSON().options).toStrictEqual([{ type: 3, name: 'o', description: 'd', max_length: 1 }])
  })

  it('channelTypes on a CHANNEL option: channel_types in the order given; the last call wins', () => {
    expect(option.channel('o', 'd').channelTypes(ChannelType.GuildText, ChannelType.GuildVoice).toJSON()).toStrictEqual({
      type: 7,
      name: 'o',
      description: 'd',
      channel_types: [0, 2],
    })
    expect(option.channel('o', 'd').channelTypes(0).channelTypes(15, 5).toJSON()).toStrictEqual({
      type: 7,
      name: 'o',
      description: 'd',
      channel_types: [15, 5],
    })
  })

  it('localize on an option: name and description, each alone, several locales, the last call per locale wins', () => {
    const o = option
      .string('color', 'Pick a color')
      .localize('es-ES', { name: 'color-es', description: 'Elige un color' })
      .localize('fr', { name: 'couleur' })
      .localize('de', { description: 'Farbe wählen' })
      .localize('fr', { name: 'teinte' })
    expect(o.toJSON()).toStrictEqual({
      type: 3,
      name: 'color',
      description: 'Pick a color',
      name_localizations: { 'es-ES': 'color-es', fr: 'teinte' },
      description_localizations: { 'es-ES': 'Elige un color', de: 'Farbe wählen' },
    })
  })

  it('localize with a value equal to the default drops it, and removes an earlier different value (spec: Other command rules 6)', () => {
    expect(option.string('o', 'Desc').localize('es-ES', { name: 'o', description: 'Desc' }).toJSON()).toStrictEqual({
      type: 3,
      name: 'o',
      description: 'Desc',
    })
    expect(option.string('o', 'Desc').localize('es-ES', { name: 'x' }).localize('fr', { name: 'y' }).localize('es-ES', { name: 'o' }).toJSON()).toStrictEqual({
      type: 3,
      name: 'o',
      description: 'Desc',
      name_localizations: { fr: 'y' },
    })
    // The last locale removed: the dictionary goes too, never `{}`.
    expect(option.string('o', 'Desc').localize('es-ES', { description: 'D' }).localize('es-ES', { description: 'Desc' }).toJSON()).toStrictEqual({
      type: 3,
      name: 'o',
      description: 'Desc',
    })
  })

  it('localize with an empty localization changes nothing', () => {
    expect(option.string('o', 'd').localize('es-ES', {}).toJSON()).toStrictEqual({ type: 3, name: 'o', description: 'd' })
  })

  it('every method of a STRING option at once', () => {
    const o = option
      .string('reason', 'Why')
      .required()
      .minLength(2)
      .maxLength(512)
      .choices(choice('Spam', 'spam').localize('es-ES', 'Correo basura'), choice('Abuse', 'abuse'))
      .localize('es-ES', { name: 'razon', description: 'Por qué' })
    expect(slash('c', 'd').options(o).toJSON().options).toStrictEqual([
      {
        type: 3,
        name: 'reason',
        description: 'Why',
        required: true,
        min_length: 2,
        max_length: 512,
        choices: [
          { name: 'Spam', value: 'spam', name_localizations: { 'es-ES': 'Correo basura' } },
          { name: 'Abuse', value: 'abuse' },
        ],
        name_localizations: { 'es-ES': 'razon' },
        description_localizations: { 'es-ES': 'Por qué' },
      },
    ])
  })

  it('every method of INTEGER and NUMBER options at once', () => {
    const json = slash('c', 'd')
      .options(
        option.integer('i', 'd').required().min(1).max(10).autocomplete().localize('fr', { name: 'entier' }),
        option.number('n', 'd').required().min(0.1).max(0.9).choices(choice('Low', 0.2)).localize('fr', { description: 'nombre' }),
      )
      .toJSON()
    expect(json.options).toStrictEqual([
      { type: 4, name: 'i', description: 'd', required: true, min_value: 1, max_value: 10, autocomplete: true, name_localizations: { fr: 'entier' } },
      {
        type: 10,
        name: 'n',
        description: 'd',
        required: true,
        min_value: 0.1,
        max_value: 0.9,
        choices: [{ name: 'Low', value: 0.2 }],
        description_localizations: { fr: 'nombre' },
      },
    ])
  })

  it('every method of the other option types at once', () => {
    const json = slash('c', 'd')
      .options(
        option.channel('ch', 'd').required().channelTypes(0, 11).localize('de', { name: 'kanal' }),
        option.boolean('b', 'd').localize('de', { description: 'Ja oder nein' }),
        option.user('u', 'd').localize('de', { name: 'nutzer' }),
        option.role('r', 'd').localize('de', { name: 'rolle' }),
        option.mentionable('m', 'd').localize('de', { name: 'erwaehnbar' }),
        option.attachment('a', 'd').localize('de', { name: 'anhang' }),
      )
      .toJSON()
    expect(json.options).toStrictEqual([
      { type: 7, name: 'ch', description: 'd', required: true, channel_types: [0, 11], name_localizations: { de: 'kanal' } },
      { type: 5, name: 'b', description: 'd', description_localizations: { de: 'Ja oder nein' } },
      { type: 6, name: 'u', description: 'd', name_localizations: { de: 'nutzer' } },
      { type: 8, name: 'r', description: 'd', name_localizations: { de: 'rolle' } },
      { type: 9, name: 'm', description: 'd', name_localizations: { de: 'erwaehnbar' } },
      { type: 11, name: 'a', description: 'd', name_localizations: { de: 'anhang' } },
    ])
  })
})

describe('command methods', () => {
  it('options(...) called several times appends, in order', () => {
    const json = slash('c', 'd').options(option.string('a', 'd').required()).options(option.string('b', 'd'), option.integer('e', 'd')).toJSON()
    expect(json.options?.map((o) => o.name)).toEqual(['a', 'b', 'e'])
  })

  it('localize on a command: name and description, each alone', () => {
    expect(slash('ping', 'Check').localize('es-ES', { name: 'latencia', description: 'Comprobar' }).localize('fr', { name: 'ping-fr' }).toJSON()).toStrictEqual({
      type: 1,
      name: 'ping',
      description: 'Check',
      name_localizations: { 'es-ES': 'latencia', fr: 'ping-fr' },
      description_localizations: { 'es-ES': 'Comprobar' },
    })
  })

  it('localize keeps a value equal to the default in en-US, en-GB and es-419, where it stops a fallback (spec: Other command rules 6)', () => {
    const color = slash('color', 'Pick a color')
      .localize('en-GB', { name: 'colour', description: 'Pick a colour' })
      .localize('en-US', { name: 'color', description: 'Pick a color' })
    expect(color.toJSON()).toStrictEqual({
      type: 1,
      name: 'color',
      description: 'Pick a color',
      name_localizations: { 'en-GB': 'colour', 'en-US': 'color' },
      description_localizations: { 'en-GB': 'Pick a colour', 'en-US': 'Pick a color' },
    })
    expect(slash('hola', 'Saludar').localize('es-419', { name: 'hola' }).toJSON().name_localizations).toStrictEqual({ 'es-419': 'hola' })
    // Elsewhere such a value is noise the service ignores: dropped.
    expect(slash('hola', 'Saludar').localize('es-ES', { name: 'hola' }).toJSON().name_localizations).toBeUndefined()
  })

  it('localize on a command: a localized value equal to the default is dropped (spec: Other command rules 6)', () => {
    expect(slash('ping', 'Check').localize('de', { name: 'ping', description: 'Check' }).toJSON()).toStrictEqual({
      type: 1,
      name: 'ping',
      description: 'Check',
    })
    expect(slash('ping', 'Check').localize('de', { name: 'ping', description: 'Prüfen' }).toJSON()).toStrictEqual({
      type: 1,
      name: 'ping',
      description: 'Check',
      description_localizations: { de: 'Prüfen' },
    })
    expect(user('Profile').localize('de', 'Profile').localize('fr', { name: 'Profil' }).toJSON()).toStrictEqual({
      type: 2,
      name: 'Profile',
      name_localizations: { fr: 'Profil' },
    })
  })

  it('localize on USER and MESSAGE commands: the name only', () => {
    expect(user('Show profile').localize('es-ES', 'Ver perfil').toJSON()).toStrictEqual({
      type: 2,
      name: 'Show profile',
      name_localizations: { 'es-ES': 'Ver perfil' },
    })
    expect(message('Report').localize('fr', { name: 'Signaler' }).toJSON()).toStrictEqual({
      type: 3,
      name: 'Report',
      name_localizations: { fr: 'Signaler' },
    })
  })

  it.each([
    ['one flag name', ['BanMembers'], '4'],
    ['flag names combined', ['BanMembers', 'KickMembers'], '6'],
    ['ManageGuild (1 << 5, spec: Command permission endpoints rule 4)', ['ManageGuild'], '32'],
    ['a repeated flag', ['BanMembers', 'BanMembers'], '4'],
    ['a bigint', [1n << 40n], String(1n << 40n)],
    ['a bigint with a flag name', [1n << 40n, 'Administrator'], String((1n << 40n) | 8n)],
    ["'0': administrators only", ['0'], '0'],
    ['a digit string', ['8'], '8'],
    ['a digit string with a flag name', ['16', 'KickMembers'], '18'],
    ['a high flag', ['BypassSlowmode'], String(1n << 52n)],
  ] as const)('defaultMemberPermissions: %s', (_, input, expected) => {
    const json = slash('c', 'd')
      .defaultMemberPermissions(...(input as unknown as ['0']))
      .toJSON()
    expect(json).toStrictEqual({ type: 1, name: 'c', description: 'd', default_member_permissions: expected })
  })

  it('defaultMemberPermissions(null) emits null, and replaces an earlier value', () => {
    expect(slash('c', 'd').defaultMemberPermissions(null).toJSON()).toStrictEqual({
      type: 1,
      name: 'c',
      description: 'd',
      default_member_permissions: null,
    })
    expect(slash('c', 'd').defaultMemberPermissions('BanMembers').defaultMemberPermissions(null).toJSON().default_member_permissions).toBe(null)
    expect(user('U').defaultMemberPermissions('ManageGuild').toJSON()).toStrictEqual({ type: 2, name: 'U', default_member_permissions: '32' })
  })

  it('contexts by value and by name', () => {
    expect(slash('c', 'd').contexts(0, 1, 2).toJSON().contexts).toStrictEqual([0, 1, 2])
    expect(slash('c', 'd').contexts('Guild', 'BotDm', 'PrivateChannel').toJSON().contexts).toStrictEqual([0, 1, 2])
    expect(slash('c', 'd').contexts('PrivateChannel', 0).toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd', contexts: [2, 0] })
    expect(message('M').contexts('Guild').toJSON()).toStrictEqual({ type: 3, name: 'M', contexts: [0] })
  })

  it('channelTypes by value and by name, in the order given (issue 26: names where names are natural)', () => {
    expect(option.channel('c', 'd').channelTypes('GuildText', 'GuildForum').toJSON().channel_types).toStrictEqual([0, 15])
    expect(option.channel('c', 'd').channelTypes(ChannelType.PublicThread, 'GuildVoice', 5).toJSON()).toStrictEqual({
      type: 7,
      name: 'c',
      description: 'd',
      channel_types: [11, 2, 5],
    })
  })

  it('channelTypes with a name that is none: the rules refuse it at its index (enum.value), even a key of Object.prototype', () => {
    const loose = option.channel('c', 'd') as unknown as { channelTypes(...t: unknown[]): { toJSON(): unknown } }
    const issues = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        return (e as { issues: { code: string; path: unknown[] }[] }).issues.map((i) => [i.code, i.path])
      }
      return []
    }
    expect(issues(() => loose.channelTypes('GuildText', 'GuildTxt').toJSON())).toEqual([['enum.value', ['channel_types', 1]]])
    expect(issues(() => loose.channelTypes('toString', '__proto__').toJSON())).toEqual([
      ['enum.value', ['channel_types', 0]],
      ['enum.value', ['channel_types', 1]],
    ])
  })

  it('integrationTypes by value and by name', () => {
    expect(slash('c', 'd').integrationTypes(0, 1).toJSON().integration_types).toStrictEqual([0, 1])
    expect(slash('c', 'd').integrationTypes('UserInstall').toJSON()).toStrictEqual({
      type: 1,
      name: 'c',
      description: 'd',
      integration_types: [1],
    })
    expect(user('U').integrationTypes('GuildInstall', 'UserInstall').toJSON()).toStrictEqual({ type: 2, name: 'U', integration_types: [0, 1] })
  })

  it('contexts and integration types: the last call wins', () => {
    expect(slash('c', 'd').contexts(0, 1).contexts(2).integrationTypes(0).integrationTypes(1).toJSON()).toStrictEqual({
      type: 1,
      name: 'c',
      description: 'd',
      contexts: [2],
      integration_types: [1],
    })
  })

  it('dmPermission(false) emits it; true is the default and is not emitted (and clears a false)', () => {
    expect(slash('c', 'd').dmPermission(false).toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd', dm_permission: false })
    expect(slash('c', 'd').dmPermission(true).toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd' })
    expect(slash('c', 'd').dmPermission(false).dmPermission(true).toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd' })
  })

  it('nsfw() and nsfw(true) emit nsfw: true; nsfw(false) is the default and is not emitted (and clears a true)', () => {
    expect(slash('c', 'd').nsfw().toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd', nsfw: true })
    expect(slash('c', 'd').nsfw(true).toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd', nsfw: true })
    expect(slash('c', 'd').nsfw(false).toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd' })
    expect(slash('c', 'd').nsfw().nsfw(false).toJSON()).toStrictEqual({ type: 1, name: 'c', description: 'd' })
    expect(message('M').nsfw().toJSON()).toStrictEqual({ type: 3, name: 'M', nsfw: true })
  })

  it.each([
    ['AppHandler', 1],
    ['DiscordLaunchActivity', 2],
    [1, 1],
    [2, 2],
  ] as const)('entryPoint handler %s is %i', (input, value) => {
    expect(entryPoint('launch', 'Start').handler(input).toJSON()).toStrictEqual({ type: 4, name: 'launch', description: 'Start', handler: value })
  })

  it('an entry point with every setting', () => {
    expect(
      entryPoint('Launch', 'Start the game')
        .handler('AppHandler')
        .localize('fr', { name: 'Lancer', description: 'Lancer le jeu' })
        .contexts('Guild', 'PrivateChannel')
        .integrationTypes('GuildInstall', 'UserInstall')
        .nsfw()
        .defaultMemberPermissions('0')
        .toJSON(),
    ).toStrictEqual({
      type: 4,
      name: 'Launch',
      description: 'Start the game',
      handler: 1,
      name_localizations: { fr: 'Lancer' },
      description_localizations: { fr: 'Lancer le jeu' },
      contexts: [0, 2],
      integration_types: [0, 1],
      nsfw: true,
      default_member_permissions: '0',
    })
  })

  it('a slash command with every setting', () => {
    expect(
      slash('c', 'd')
        .options(option.string('o', 'd'))
        .defaultMemberPermissions('ManageGuild', 'BanMembers')
        .contexts('Guild')
        .integrationTypes('GuildInstall')
        .dmPermission(false)
        .nsfw()
        .localize('es-ES', { name: 'ce', description: 'de' })
        .toJSON(),
    ).toStrictEqual({
      type: 1,
      name: 'c',
      description: 'd',
      options: [{ type: 3, name: 'o', description: 'd' }],
      default_member_permissions: '36',
      contexts: [0],
      integration_types: [0],
      dm_permission: false,
      nsfw: true,
      name_localizations: { 'es-ES': 'ce' },
      description_localizations: { 'es-ES': 'de' },
    })
  })
})

describe('subcommands and groups', () => {
  it('subcommand without a callback: no options field', () => {
    expect(slash('c', 'd').subcommand('s', 'sd').toJSON()).toStrictEqual({
      type: 1,
      name: 'c',
      description: 'd',
      options: [{ type: 1, name: 's', description: 'sd' }],
    })
  })

  it('subcommand with options and localizations; a group with subcommands and localizations', () => {
    const json = slash('c', 'd')
      .subcommand('s', 'sd', (s) =>
        s.options(option.string('a', 'ad').required()).options(option.integer('b', 'bd')).localize('fr', { name: 's-fr', description: 'sd-fr' }).localize('de', { name: 's' }),
      )
      .group('g', 'gd', (g) =>
        g
          .subcommand('x', 'xd')
          .subcommand('y', 'yd', (s) => s.options(option.boolean('flag', 'fd')))
          .localize('fr', { name: 'g-fr' })
          .localize('de', { description: 'gd-de' }),
      )
      .toJSON()
    expect(json).toStrictEqual({
      type: 1,
      name: 'c',
      description: 'd',
      options: [
        {
          type: 1,
          name: 's',
          description: 'sd',
          options: [
            { type: 3, name: 'a', description: 'ad', required: true },
            { type: 4, name: 'b', description: 'bd' },
          ],
          name_localizations: { fr: 's-fr' },
          description_localizations: { fr: 'sd-fr' },
        },
        {
          type: 2,
          name: 'g',
          description: 'gd',
          options: [
            { type: 1, name: 'x', description: 'xd' },
            { type: 1, name: 'y', description: 'yd', options: [{ type: 5, name: 'flag', description: 'fd' }] },
          ],
          name_localizations: { fr: 'g-fr' },
          description_localizations: { de: 'gd-de' },
        },
      ],
    })
    expect(validateCommand(json).ok).toBe(true)
  })

  it('a group with no subcommands has no options field', () => {
    expect(
      slash('c', 'd')
        .group('g', 'gd', (g) => g)
        .toJSON().options,
    ).toStrictEqual([{ type: 2, name: 'g', description: 'gd' }])
  })

  it('several groups, then subcommands, keep their order', () => {
    const json = slash('c', 'd')
      .group('g1', 'd', (g) => g.subcommand('a', 'd'))
      .subcommand('s', 'd')
      .group('g2', 'd', (g) => g.subcommand('a', 'd'))
      .toJSON()
    expect(json.options?.map((o) => [o.type, o.name])).toEqual([
      [2, 'g1'],
      [1, 's'],
      [2, 'g2'],
    ])
  })
})

describe('commands(...).toJSON({ scope })', () => {
  it('global by default: global-only settings and an entry point are kept', () => {
    const set = commands(
      slash('a', 'd').contexts('Guild', 'BotDm').integrationTypes('UserInstall').dmPermission(false),
      user('A'),
      entryPoint('launch', 'Start').handler('DiscordLaunchActivity'),
    )
    const expected = [
      { type: 1, name: 'a', description: 'd', contexts: [0, 1], integration_types: [1], dm_permission: false },
      { type: 2, name: 'A' },
      { type: 4, name: 'launch', description: 'Start', handler: 2 },
    ]
    expect(set.toJSON()).toStrictEqual(expected)
    expect(set.toJSON({ scope: 'global' })).toStrictEqual(expected)
  })

  it("scope 'guild': the same payloads for guild-safe definitions", () => {
    const set = commands(slash('a', 'd').nsfw().defaultMemberPermissions('0'), user('a'), message('a'))
    expect(set.toJSON({ scope: 'guild' })).toStrictEqual([
      { type: 1, name: 'a', description: 'd', nsfw: true, default_member_permissions: '0' },
      { type: 2, name: 'a' },
      { type: 3, name: 'a' },
    ])
  })

  it('a command builder emits the same JSON alone and in a set; an empty set is []', () => {
    expect(commands(ban).toJSON()).toStrictEqual([ban.toJSON()])
    expect(commands().toJSON()).toStrictEqual([])
    expect(slash('a', 'd').nsfw().toJSON({ scope: 'guild' })).toStrictEqual({ type: 1, name: 'a', description: 'd', nsfw: true })
  })

  it('definitions lists the builders given, in order', () => {
    const u = user('A')
    const set = commands(ban, u)
    expect(set.definitions).toHaveLength(2)
    expect(set.definitions[0]).toBe(ban)
    expect(set.definitions[1]).toBe(u)
  })
})
