/**
 * `fromJSON` (DESIGN.md "Contract"): a definition from a plain payload, validated
 * (throws `ValidationError` with paths), accepting a command as the service returns
 * it, usable in `commands(...)` and with the builder methods; hostile input gets a
 * `ValidationError`, never another error.
 */
import { describe, expect, it } from 'vitest'
import { commands, fromJSON, option, slash, user, validateCommand, ValidationError } from '../../src/index.js'
import { expectIssue, expectIssues, issue, issuesIn } from '../support/issues.js'
import { rep } from './helpers.js'

const loose = (v: unknown): any => v

const PING = {
  type: 1,
  name: 'ping',
  description: 'Check the bot',
  options: [
    { type: 3, name: 'text', description: 'Echo', required: true, max_length: 100 },
    { type: 4, name: 'n', description: 'Times', min_value: 1, max_value: 5, choices: [{ name: 'One', value: 1 }] },
  ],
}

describe('fromJSON validates', () => {
  it('a valid create body comes back unchanged from toJSON', () => {
    expect(fromJSON(PING).toJSON()).toStrictEqual(PING)
  })

  it('an invalid body throws ValidationError with every issue and its path', () => {
    expectIssues(
      () => fromJSON({ name: 'Ping', description: '', options: [{ type: 3, name: 'a b', description: 'd', min_value: 1 }] }),
      [
        issue('name.lowercase', 'name'),
        issue('description.length', 'description'),
        issue('name.pattern', 'options', 0, 'name'),
        issue('field.not_allowed', 'options', 0, 'min_value'),
      ],
    )
  })

  it('a deep issue keeps its full path', () => {
    expectIssues(
      () =>
        fromJSON({
          name: 'c',
          description: 'd',
          options: [
            {
              type: 2,
              name: 'g',
              description: 'd',
              options: [{ type: 1, name: 's', description: 'd', options: [{ type: 3, name: 'o', description: 'd', choices: [{ name: 'A', value: 1 }] }] }],
            },
          ],
        }),
      [issue('value.type', 'options', 0, 'options', 0, 'options', 0, 'choices', 0, 'value')],
    )
  })

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'ping'],
    ['a number', 1],
    ['an array', [PING]],
  ])('%s is value.type at the root', (_, input) => {
    expectIssues(() => fromJSON(input), [issue('value.type')])
  })

  it('an empty object lacks name and description (field.required)', () => {
    expectIssues(() => fromJSON({}), [issue('field.required', 'name'), issue('field.required', 'description')])
  })

  it('an unknown field is field.unknown; an unknown type is command.type', () => {
    expectIssues(() => fromJSON({ name: 'c', description: 'd', colour: 'red' }), [issue('field.unknown', 'colour')])
    expectIssue(() => fromJSON({ type: 9, name: 'c', description: 'd' }), 'command.type', ['type'])
  })

  it('the error is a ValidationError that says what it read', () => {
    try {
      fromJSON({ name: 'C', description: 'd' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).message).toContain('[name.lowercase]')
    }
  })
})

describe('fromJSON accepts a command as the service returns it', () => {
  const fetched = {
    id: '1090000000000000001',
    application_id: '1090000000000000002',
    guild_id: '1090000000000000003',
    version: '1090000000000000004',
    type: 1,
    name: 'ban',
    name_localized: 'banear',
    name_localizations: { 'es-ES': 'banear' },
    description: 'Ban a member',
    description_localized: 'Banear a un miembro',
    description_localizations: { 'es-ES': 'Banear a un miembro' },
    default_member_permissions: '4',
    nsfw: false,
    options: [{ type: 6, name: 'target', description: 'Who', required: true }],
  }

  it('drops id, application_id, guild_id, version, name_localized and description_localized', () => {
    const json = fromJSON(fetched).toJSON({ scope: 'guild' })
    const { id, application_id, guild_id, version, name_localized, description_localized, ...rest } = fetched
    void [id, application_id, guild_id, version, name_localized, description_localized]
    expect(json).toStrictEqual(rest)
    for (const key of ['id', 'application_id', 'guild_id', 'version', 'name_localized', 'description_localized']) expect(json).not.toHaveProperty(key)
  })

  it('does not change the object it was given', () => {
    const input = structuredClone(fetched)
    fromJSON(input)
    expect(input).toStrictEqual(fetched)
  })

  it('drops the empty description of fetched USER and MESSAGE commands (spec: "Application command" description)', () => {
    const fetchedUser = { id: '1', application_id: '2', version: '3', type: 2, name: 'Show profile', description: '', contexts: [0, 1, 2], integration_types: [0, 1] }
    expect(fromJSON(fetchedUser).toJSON()).toStrictEqual({ type: 2, name: 'Show profile', contexts: [0, 1, 2], integration_types: [0, 1] })
    const fetchedMessage = { id: '1', application_id: '2', version: '3', type: 3, name: 'Report', description: '', dm_permission: true, default_member_permissions: null }
    expect(fromJSON(fetchedMessage).toJSON()).toStrictEqual({ type: 3, name: 'Report', dm_permission: true, default_member_permissions: null })
  })

  it('keeps a non-empty description on USER commands, which is refused (Other command rules 2)', () => {
    expectIssues(() => fromJSON({ type: 2, name: 'U', description: 'x' }), [issue('field.not_allowed', 'description')])
  })

  it('keeps an empty description on a CHAT_INPUT command, which is refused', () => {
    expectIssues(() => fromJSON({ type: 1, name: 'c', description: '' }), [issue('description.length', 'description')])
  })

  it('keeps what the service sends with localizations requested: null dictionaries, nsfw false, dm_permission true', () => {
    const body = {
      type: 1,
      name: 'c',
      name_localizations: null,
      description: 'd',
      description_localizations: null,
      default_member_permissions: null,
      dm_permission: true,
      nsfw: false,
      contexts: null,
      integration_types: [0],
    }
    expect(fromJSON({ ...body, id: '5', version: '6', application_id: '7' }).toJSON()).toStrictEqual(body)
  })

  it('a fetched PRIMARY_ENTRY_POINT command (the automatic Launch command, handler 2)', () => {
    const launch = {
      id: '1',
      application_id: '2',
      version: '3',
      type: 4,
      name: 'Launch',
      description: 'Launch an activity',
      handler: 2,
      contexts: [0, 1, 2],
      integration_types: [0, 1],
    }
    expect(fromJSON(launch).toJSON()).toStrictEqual({ type: 4, name: 'Launch', description: 'Launch an activity', handler: 2, contexts: [0, 1, 2], integration_types: [0, 1] })
  })

  it('the fetched fields are dropped only at the top level', () => {
    expectIssues(() => fromJSON({ name: 'c', description: 'd', options: [{ type: 3, name: 'o', description: 'd', id: '1' }] }), [issue('field.unknown', 'options', 0, 'id')])
  })
})

describe('a fromJSON result works like a builder', () => {
  it('in commands(...), next to builders', () => {
    const set = commands(fromJSON(PING), slash('other', 'd'), fromJSON({ type: 2, name: 'Profile' }), user('Report'))
    expect(set.toJSON()).toStrictEqual([PING, { type: 1, name: 'other', description: 'd' }, { type: 2, name: 'Profile' }, { type: 2, name: 'Report' }])
  })

  it('set rules apply to it (Naming rules 3: set.duplicate_name)', () => {
    expectIssues(() => commands(fromJSON(PING), slash('ping', 'd')).toJSON(), [issue('set.duplicate_name', 1, 'name')])
  })

  it('localize merges into its dictionaries; a value equal to the default removes the locale (Other command rules 6)', () => {
    const base = fromJSON({ name: 'c', description: 'd', name_localizations: { fr: 'cf', de: 'cd' } })
    expect(base.localize('es-ES', { name: 'ce', description: 'de' }).toJSON()).toStrictEqual({
      name: 'c',
      description: 'd',
      name_localizations: { fr: 'cf', de: 'cd', 'es-ES': 'ce' },
      description_localizations: { 'es-ES': 'de' },
    })
    expect(base.localize('fr', 'cf2').toJSON().name_localizations).toStrictEqual({ fr: 'cf2', de: 'cd' })
    expect(base.localize('fr', 'c').localize('de', 'c').toJSON()).toStrictEqual({ name: 'c', description: 'd' })
    expect(base.toJSON()).toStrictEqual({ name: 'c', description: 'd', name_localizations: { fr: 'cf', de: 'cd' } })
  })

  it('localize on a null dictionary starts a new one', () => {
    expect(fromJSON({ name: 'c', description: 'd', name_localizations: null }).localize('fr', 'cf').toJSON()).toStrictEqual({
      name: 'c',
      description: 'd',
      name_localizations: { fr: 'cf' },
    })
  })

  it('nsfw, defaultMemberPermissions, contexts and integrationTypes set and replace fields', () => {
    const base = fromJSON({ ...PING, nsfw: true, contexts: [0, 1, 2], default_member_permissions: '8' })
    expect(base.nsfw(false).contexts('Guild').integrationTypes('UserInstall').defaultMemberPermissions('BanMembers', 'KickMembers').toJSON()).toStrictEqual({
      ...PING,
      contexts: [0],
      integration_types: [1],
      default_member_permissions: '6',
    })
    expect(base.defaultMemberPermissions(null).toJSON().default_member_permissions).toBeNull()
  })

  it('handler on an entry point by name; on anything else it is refused by toJSON (field.not_allowed)', () => {
    const launch = fromJSON({ type: 4, name: 'launch', description: 'd', handler: 2 })
    expect(launch.handler('AppHandler').toJSON()).toStrictEqual({ type: 4, name: 'launch', description: 'd', handler: 1 })
    expectIssues(() => fromJSON(PING).handler('AppHandler').toJSON(), [issue('field.not_allowed', 'handler')])
  })

  it('toJSON({ scope }) checks the scope (scope.global_only, scope.entry_point)', () => {
    expectIssues(() => fromJSON({ name: 'c', description: 'd', contexts: [0] }).toJSON({ scope: 'guild' }), [issue('scope.global_only', 'contexts')])
    expectIssues(() => fromJSON({ type: 4, name: 'launch', description: 'd' }).toJSON(loose({ scope: 'guild' })), [issue('scope.entry_point', 'type')])
  })

  it('a method can break a rule the input kept: toJSON reports it', () => {
    expectIssues(() => fromJSON(PING).localize(loose('xx'), 'p').toJSON(), [issue('locale.unknown', 'name_localizations', 'xx')])
    expectIssues(
      () =>
        fromJSON({ name: 'c', description: 'd' })
          .localize('fr', { description: rep('d', 101) })
          .toJSON(),
      [issue('description.length', 'description_localizations', 'fr')],
    )
  })

  it('its JSON can be rebuilt by the builders to the same payload', () => {
    const built = slash('ping', 'Check the bot').options(
      option.string('text', 'Echo').required().maxLength(100),
      option
        .integer('n', 'Times')
        .min(1)
        .max(5)
        .choices({ name: 'One', value: 1 } as never),
    )
    expect(built.toJSON()).toStrictEqual({ type: 1, ...fromJSON(PING).toJSON() })
  })
})

describe('hostile input gives ValidationError, never another error', () => {
  it('a __proto__ key from JSON.parse is an unknown field, and pollutes nothing', () => {
    const json = JSON.parse('{"__proto__": {"polluted": true}, "name": "c", "description": "d"}')
    expectIssues(() => fromJSON(json), [issue('field.unknown', '__proto__')])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('__proto__ in localizations, options and choices', () => {
    expectIssues(
      () => fromJSON(JSON.parse('{"name": "c", "description": "d", "name_localizations": {"__proto__": "x"}}')),
      [issue('locale.unknown', 'name_localizations', '__proto__')],
    )
    expectIssues(
      () => fromJSON(JSON.parse('{"name": "c", "description": "d", "options": [{"type": 3, "name": "o", "description": "d", "__proto__": {"required": true}}]}')),
      [issue('field.unknown', 'options', 0, '__proto__')],
    )
    expectIssues(
      () =>
        fromJSON(
          JSON.parse('{"name": "c", "description": "d", "options": [{"type": 3, "name": "o", "description": "d", "choices": [{"name": "A", "value": "a", "__proto__": null}]}]}'),
        ),
      [issue('field.unknown', 'options', 0, 'choices', 0, '__proto__')],
    )
    expect(({} as Record<string, unknown>).required).toBeUndefined()
  })

  it('a key named like an Object.prototype member is just an unknown field', () => {
    expectIssues(
      () => fromJSON({ name: 'c', description: 'd', constructor: 1, toString: 2, hasOwnProperty: 3 }),
      [issue('field.unknown', 'constructor'), issue('field.unknown', 'toString'), issue('field.unknown', 'hasOwnProperty')],
    )
  })

  it('a throwing getter, at the top and deep down (input.unreadable)', () => {
    const top = Object.defineProperty({ description: 'd' }, 'name', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
    const issues = expectIssues(() => fromJSON(top), [issue('input.unreadable')])
    expect(issues[0]!.message).toContain('boom')
    // Validated before anything is copied: the issue is at the option that could not be read.
    const deep = {
      name: 'c',
      description: 'd',
      options: [
        Object.defineProperty({ type: 3, name: 'o' }, 'description', {
          enumerable: true,
          get() {
            throw 'not an Error'
          },
        }),
      ],
    }
    expectIssues(() => fromJSON(deep), [issue('input.unreadable', 'options', 0)])
  })

  it('cycles, direct and through options: refused by the rules before anything is copied', () => {
    const self: Record<string, unknown> = { name: 'c', description: 'd' }
    self.self = self
    expectIssues(() => fromJSON(self), [issue('field.unknown', 'self')])
    const option: Record<string, unknown> = { type: 1, name: 's', description: 'd' }
    option.options = [option]
    expectIssues(() => fromJSON({ name: 'c', description: 'd', options: [option] }), [issue('options.nesting', 'options', 0, 'options', 0)])
  })

  it('proxies whose traps throw, and a revoked proxy (input.unreadable)', () => {
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys')
        },
      },
    )
    expectIssues(() => fromJSON(trap), [issue('input.unreadable')])
    const { proxy, revoke } = Proxy.revocable({ name: 'c', description: 'd' }, {})
    revoke()
    expectIssues(() => fromJSON(proxy), [issue('input.unreadable')])
  })

  it('a getter that answers differently each time is refused: the builder keeps only what was validated', () => {
    let reads = 0
    const shifty = Object.defineProperty({ description: 'd' }, 'name', {
      enumerable: true,
      get() {
        reads++
        return reads === 1 ? 'ok' : 'NOT OK'
      },
    })
    expectIssues(() => fromJSON(shifty), [issue('input.unreadable')])
    // A getter that keeps its answer loads, and the builder holds a plain copy.
    const steady = Object.defineProperty({ description: 'd' }, 'name', { enumerable: true, get: () => 'ok' })
    const loaded = fromJSON(steady)
    expect(loaded.toJSON()).toStrictEqual({ name: 'ok', description: 'd' })
    expect(loaded.toJSON()).toStrictEqual({ name: 'ok', description: 'd' })
  })

  it('odd values: bigint, symbol, function, sparse arrays', () => {
    expectIssue(() => fromJSON({ name: 'c', description: 'd', nsfw: 1n }), 'value.type', ['nsfw'])
    expectIssue(() => fromJSON({ name: Symbol('c'), description: 'd' }), 'value.type', ['name'])
    expectIssue(() => fromJSON({ name: 'c', description: () => 'd' }), 'value.type', ['description'])
    // eslint-disable-next-line no-sparse-arrays
    expectIssue(() => fromJSON({ name: 'c', description: 'd', options: [, { type: 3, name: 'o', description: 'd' }] }), 'value.type', ['options', 0])
  })

  it('random garbage from JSON.parse never escapes as another error', () => {
    const inputs = [
      '{"name": {"name": "c"}, "description": ["d"]}',
      '{"options": {"0": {"type": 3}}}',
      '{"options": [[], null, 1, "x", {"type": null}]}',
      '{"type": "1", "name": "c", "description": "d"}',
      '{"name": "c", "description": "d", "options": [{"type": 2, "name": "g", "description": "d", "options": [{"type": 2, "name": "h", "description": "d", "options": [{"type": 1}]}]}]}',
    ]
    for (const text of inputs) {
      const issues = issuesIn(() => fromJSON(JSON.parse(text)))
      expect(validateCommand(JSON.parse(text)).ok).toBe(false)
      expect(issues.length).toBeGreaterThan(0)
    }
  })
})
