/**
 * The client's part of an invocation, through `invoke`: the typed line, names
 * through localizations, the value checks of the picker, and the payload the
 * service builds (spec "Command option", "Option types", "Option choice",
 * "Other command rules" 1, 5 and 6, "Interaction payloads received by the
 * application").
 */
import { describe, expect, it } from 'vitest'
import { parseLine } from '../../../src/emulator/invoke/line.js'
import { ALICE, GUILD, MOD_ROLE, world } from './helpers.js'

/** What an undeclared @everyone holds (a new guild's): ViewChannel, SendMessages, ReadMessageHistory, UseApplicationCommands. */
const NEW_GUILD_EVERYONE = (1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n)

const BOB = '610000000000000061'
const VOICE = '510000000000000051'
const TEXT = '520000000000000052'

const config = {
  name: 'config',
  description: 'Bot settings',
  name_localizations: { 'es-ES': 'configurar' },
  options: [
    { type: 1, name: 'show', description: 'Show settings' },
    {
      type: 1,
      name: 'set',
      description: 'Change a setting',
      name_localizations: { 'es-ES': 'poner' },
      options: [
        {
          type: 3,
          name: 'key',
          description: 'Setting',
          name_localizations: { 'es-ES': 'clave' },
          required: true,
          choices: [
            { name: 'Prefix', value: 'prefix' },
            { name: 'Language', value: 'lang', name_localizations: { 'es-ES': 'Idioma' } },
          ],
        },
        { type: 3, name: 'value', description: 'New value', required: true, min_length: 2, max_length: 8 },
      ],
    },
    {
      type: 2,
      name: 'role',
      description: 'Role settings',
      options: [
        {
          type: 1,
          name: 'grant',
          description: 'Grant',
          options: [
            { type: 8, name: 'role', description: 'Role', required: true },
            { type: 6, name: 'target', description: 'Who', required: true },
          ],
        },
      ],
    },
  ],
}
const ban = {
  name: 'ban',
  description: 'Ban',
  name_localizations: { 'es-ES': 'banear' },
  options: [
    { type: 6, name: 'target', description: 'Who', required: true, name_localizations: { 'es-ES': 'objetivo' } },
    { type: 4, name: 'days', description: 'Days', min_value: 0, max_value: 7 },
    { type: 10, name: 'ratio', description: 'Ratio', min_value: -1.5, max_value: 1.5 },
    { type: 5, name: 'silent', description: 'Silent' },
    { type: 7, name: 'log', description: 'Log channel', channel_types: [0] },
    { type: 9, name: 'notify', description: 'User or role' },
    { type: 11, name: 'proof', description: 'Screenshot' },
    { type: 3, name: 'reason', description: 'Why', autocomplete: true },
  ],
}

const declared = {
  users: [{ id: BOB, username: 'bob', roles: [MOD_ROLE] }],
  roles: [{ id: MOD_ROLE, name: 'mods', permissions: ['KickMembers'] as const }],
  channels: [
    { id: VOICE, name: 'voice', type: 2 as const },
    { id: TEXT, name: 'logs', type: 0 as const },
  ],
  attachments: [{ id: '530000000000000053', filename: 'proof.png', contentType: 'image/png' }],
}

async function make() {
  const w = world((i) =>
    i.type === 4 ? { type: 8, data: { choices: [{ name: `Spam (${i.data.options.find((o: any) => o.focused).value})`, value: 'spam' }] } } : { type: 4, data: { content: 'ok' } },
  )
  await w.deploy([config, ban])
  return w
}

describe('the command line (parseLine)', () => {
  it('reads the path, then name:value pairs; a value runs to the next name: or is quoted', () => {
    expect(parseLine('/config set key:lang value:hello world')).toEqual({
      path: ['config', 'set'],
      options: [
        { name: 'key', value: 'lang' },
        { name: 'value', value: 'hello world' },
      ],
    })
    expect(parseLine(`/x a:"b c: d" e:'it\\'s'`)).toEqual({
      path: ['x'],
      options: [
        { name: 'a', value: 'b c: d' },
        { name: 'e', value: "it's" },
      ],
    })
    expect(parseLine('  /ping  ')).toEqual({ path: ['ping'], options: [] })
    // The JSDoc example of parseLine.
    expect(parseLine('/config set key:lang value:"hello world"')).toEqual(parseLine('/config set key:lang value:hello world'))
  })

  it.each([
    ['ping', 'no slash'],
    ['/', 'no name'],
    ['/x a:"open', 'an unclosed quote'],
    ['/x a:"1" sub', 'a word after an option'],
    ['/x a:"b"c', 'text glued to a quote'],
  ])('refuses %j (%s) with line.syntax', async (line) => {
    const w = await make()
    expect(await w.invoke({ command: line })).toMatchObject({ outcome: 'refused', code: 'line.syntax' })
  })

  it('a name without a slash is told how a USER or MESSAGE command is named ("Other command rules" 2)', async () => {
    const w = await make()
    // A context-menu command is not typed: it is found by its name, with the user or message it targets.
    expect(await w.invoke({ command: 'Show profile' })).toMatchObject({
      outcome: 'refused',
      code: 'line.syntax',
      message: `a command line starts with '/' (was "Show profile"); a USER or MESSAGE command is a structured one with its target: command: { command: <its name as shown>, target: <a declared user's or message's id> }`,
    })
  })

  it('the CLI\'s line of a USER command is told the structured form, not taken as a name ("Other command rules" 2: found by its name, with its target)', async () => {
    const w = await make()
    expect(await w.invoke({ command: 'user "Show profile" @lee' })).toMatchObject({
      code: 'line.syntax',
      path: [],
      message: `a command line starts with '/' (was "user \\"Show profile\\" @lee"); a USER or MESSAGE command is a structured one with its target: command: { command: <its name as shown>, target: <a declared user's or message's id> }`,
    })
  })
})

describe('names, as the client resolves them (spec "Other command rules" 6)', () => {
  it('a subcommand with options: data.options nests them under the default names', async () => {
    const w = await make()
    const r = await w.invoke({ command: '/config set key:lang value:es' })
    expect(r.outcome).toBe('answered')
    expect(w.received[0].data).toEqual({
      id: expect.any(String),
      name: 'config',
      type: 1,
      options: [
        {
          type: 1,
          name: 'set',
          options: [
            { type: 3, name: 'key', value: 'lang' },
            { type: 3, name: 'value', value: 'es' },
          ],
        },
      ],
    })
  })

  it('the structured form is the same invocation', async () => {
    const w = await make()
    await w.invoke({ command: '/config set key:lang value:es' })
    await w.invoke({ command: { command: 'config', subcommand: 'set', options: { key: 'lang', value: 'es' } } })
    expect(w.received[1].data).toEqual(w.received[0].data)
  })

  it('an es-ES user types the localized names and picks the localized choice; the interaction carries default names and the value', async () => {
    const w = await make()
    const r = await w.invoke({ command: '/configurar poner clave:Idioma value:es', locale: 'es-ES' })
    expect(r.outcome).toBe('answered')
    expect(w.received[0].locale).toBe('es-ES')
    expect(w.received[0].data.options[0]).toEqual({
      type: 1,
      name: 'set',
      options: [
        { type: 3, name: 'key', value: 'lang' },
        { type: 3, name: 'value', value: 'es' },
      ],
    })
  })

  it('es-419 falls back to es-ES; en-GB sees the default names; the default name is unknown to an es-ES client', async () => {
    const w = await make()
    expect((await w.invoke({ command: '/banear objetivo:@bob', locale: 'es-419', ...declared })).outcome).toBe('answered')
    expect((await w.invoke({ command: '/ban target:@bob', locale: 'en-GB', ...declared })).outcome).toBe('answered')
    expect(await w.invoke({ command: '/ban target:@bob', locale: 'es-ES', ...declared })).toMatchObject({ outcome: 'refused', code: 'command.unknown' })
  })

  it.each([
    ['/nope', 'command.unknown', []],
    ['/config', 'command.subcommand_required', ['options']],
    ['/config drop', 'command.unknown_subcommand', ['options', 'drop']],
    ['/config show extra', 'command.extra_words', ['options']],
    ['/config set key:lang value:es colour:red', 'option.unknown', ['options', 'colour']],
    ['/config set key:lang key:prefix value:es', 'option.duplicate', ['options', 'set', 'key']],
    ['/config set key:lang', 'option.required', ['options', 'set', 'value']],
    ['/config set __proto__:x key:lang value:es', 'option.unknown', ['options', '__proto__']],
  ])('%s is refused: %s', async (line, code, path) => {
    const w = await make()
    expect(await w.invoke({ command: line })).toMatchObject({ outcome: 'refused', code, path })
    expect(w.received).toHaveLength(0)
  })

  it('a hostile structured value (__proto__ as an option name, a non-scalar value) is refused, not obeyed', async () => {
    const w = await make()
    const options = JSON.parse('{"__proto__": {"polluted": 1}, "key": "lang", "value": "es"}')
    expect(await w.invoke({ command: { command: 'config', subcommand: 'set', options } })).toMatchObject({ outcome: 'refused', code: 'line.syntax' })
    expect(({} as any).polluted).toBeUndefined()
    expect(await w.invoke({ command: { command: 'config', subcommand: 'set', options: JSON.parse('{"__proto__": "x", "key": "lang", "value": "es"}') } })).toMatchObject({
      outcome: 'refused',
      code: 'option.unknown',
    })
  })
})

describe('values, checked as the client checks them', () => {
  it.each([
    ['key:colour value:es', 'option.choice', 'key'],
    ['key:lang value:e', 'option.length', 'value'],
    ['key:lang value:waytoolong', 'option.length', 'value'],
  ])('/config set %s: %s', async (args, code, name) => {
    const w = await make()
    expect(await w.invoke({ command: `/config set ${args}` })).toMatchObject({ outcome: 'refused', code, path: ['options', 'set', name] })
  })

  it.each([
    ['days:8', 'option.range'],
    ['days:-1', 'option.range'],
    ['days:1.5', 'option.type'],
    ['days:0x10', 'option.type'],
    ['days:9007199254740992', 'option.range'],
    ['ratio:1.6', 'option.range'],
    ['ratio:abc', 'option.type'],
    ['silent:maybe', 'option.type'],
    ['log:#voice', 'option.channel_type'],
    ['log:#nowhere', 'option.unresolved'],
    ['notify:@nobody', 'option.unresolved'],
    ['proof:other.png', 'option.unresolved'],
  ])('/ban target:@bob %s: %s', async (args, code) => {
    const w = await make()
    const [name] = args.split(':')
    expect(await w.invoke({ command: `/ban target:@bob ${args}`, ...declared })).toMatchObject({ outcome: 'refused', code, path: ['options', name] })
  })

  it('an INTEGER choice is picked by its shown name (spaces and all) or by its value; anything else is refused', async () => {
    const w = world()
    await w.deploy([
      {
        name: 'slowmode',
        description: 'Slow',
        options: [
          {
            type: 4,
            name: 'seconds',
            description: 'Delay',
            choices: [
              { name: 'Off', value: 0 },
              { name: '1 min', value: 60 },
            ],
          },
        ],
      },
    ])
    expect((await w.invoke({ command: '/slowmode seconds:1 min' })).outcome).toBe('answered')
    expect((await w.invoke({ command: '/slowmode seconds:0' })).outcome).toBe('answered')
    expect(w.received.map((i) => i.data.options[0].value)).toEqual([60, 0])
    expect(await w.invoke({ command: '/slowmode seconds:61' })).toMatchObject({ outcome: 'refused', code: 'option.choice', path: ['options', 'seconds'] })
    expect(await w.invoke({ command: '/slowmode seconds:' })).toMatchObject({ outcome: 'refused', code: 'option.choice' })
  })

  it('accepted values are typed, and data.resolved holds the declared users, members, roles, channels and attachments', async () => {
    const w = await make()
    const r = await w.invoke({ command: `/ban target:<@${BOB}> days:7 ratio:-1.5 silent:True log:#logs notify:<@&${MOD_ROLE}> proof:proof.png`, ...declared })
    expect(r.outcome).toBe('answered')
    const data = w.received[0].data
    expect(data.options).toEqual([
      { type: 6, name: 'target', value: BOB },
      { type: 4, name: 'days', value: 7 },
      { type: 10, name: 'ratio', value: -1.5 },
      { type: 5, name: 'silent', value: true },
      { type: 7, name: 'log', value: TEXT },
      { type: 9, name: 'notify', value: MOD_ROLE },
      { type: 11, name: 'proof', value: '530000000000000053' },
    ])
    expect(data.resolved.users[BOB]).toMatchObject({ id: BOB, username: 'bob' })
    // Its role's bit, and an undeclared @everyone's: a new guild's view, send, history and commands.
    expect(data.resolved.members[BOB]).toMatchObject({ roles: [MOD_ROLE], permissions: String(2n | NEW_GUILD_EVERYONE) })
    expect(data.resolved.members[BOB].user).toBeUndefined()
    expect(data.resolved.roles[MOD_ROLE]).toMatchObject({ id: MOD_ROLE, name: 'mods', permissions: '2' })
    expect(data.resolved.channels[TEXT]).toMatchObject({ id: TEXT, type: 0, name: 'logs' })
    expect(data.resolved.attachments['530000000000000053']).toMatchObject({ filename: 'proof.png', content_type: 'image/png' })
  })

  it("a role declared without a name gets one, as a user's username defaults: role and its id's last four digits", async () => {
    const w = await make()
    const unnamed = { ...declared, roles: [{ id: MOD_ROLE, permissions: ['KickMembers'] as const }] }
    const r = await w.invoke({ command: `/ban target:<@${BOB}> notify:@role0007`, ...unnamed })
    expect(r.outcome).toBe('answered')
    expect(w.received[0].data.resolved.roles[MOD_ROLE]).toMatchObject({ id: MOD_ROLE, name: 'role0007', permissions: '2' })
  })

  it('the interaction carries member, locale, guild_locale, app_permissions and the channel (spec "Interaction payloads")', async () => {
    const w = await make()
    await w.invoke({
      command: '/config show',
      user: { id: ALICE, username: 'alice', permissions: ['ManageGuild'] },
      place: { guild: { id: GUILD, locale: 'de' }, channel: { id: TEXT } },
      locale: 'fr',
      appPermissions: '2048',
    })
    const i = w.received[0]
    expect(i).toMatchObject({ type: 2, version: 1, guild_id: GUILD, channel_id: TEXT, locale: 'fr', guild_locale: 'de', app_permissions: '2048', context: 0 })
    expect(i.member).toMatchObject({ user: { id: ALICE, username: 'alice' }, roles: [], permissions: String(32n | NEW_GUILD_EVERYONE) })
    expect(i.user).toBeUndefined()
    expect(typeof i.token).toBe('string')
    expect(i.data.version).toBeUndefined()
  })
})

describe('autocomplete (spec "Other command rules" 5)', () => {
  it('a focused option sends type 4 with data.version, the partial value and no required check; the choices come back', async () => {
    const w = await make()
    const r = await w.invoke({ command: '/ban reason:sp', focused: 'reason', ...declared })
    expect(r).toMatchObject({ outcome: 'answered', choices: [{ name: 'Spam (sp)', value: 'spam' }] })
    const i = w.received[0]
    expect(i.type).toBe(4)
    expect(i.data.version).toEqual(expect.any(String))
    expect(i.data.options).toEqual([{ type: 3, name: 'reason', value: 'sp', focused: true }])
  })

  it('a focused option not yet typed is sent empty; one without autocomplete is refused', async () => {
    const w = await make()
    const r = await w.invoke({ command: '/ban target:@bob', focused: 'reason', ...declared })
    expect(r.outcome).toBe('answered')
    expect(w.received[0].data.options).toEqual([
      { type: 6, name: 'target', value: BOB },
      { type: 3, name: 'reason', value: '', focused: true },
    ])
    expect(await w.invoke({ command: '/ban days:1', focused: 'days', ...declared })).toMatchObject({ outcome: 'refused', code: 'option.focused' })
  })

  it('an autocomplete answer that is not type 8 with valid choices is a failed result', async () => {
    const w = world(() => ({ type: 8, data: { choices: Array.from({ length: 26 }, (_, n) => ({ name: `c${n}`, value: n })) } }))
    await w.deploy([ban])
    expect(await w.invoke({ command: '/ban reason:x', focused: 'reason' })).toMatchObject({ outcome: 'failed', code: 'endpoint.callback' })
    const v = world(() => ({ type: 4, data: { content: 'no' } }))
    await v.deploy([ban])
    expect(await v.invoke({ command: '/ban reason:x', focused: 'reason' })).toMatchObject({ outcome: 'failed', code: 'endpoint.callback' })
  })
})
