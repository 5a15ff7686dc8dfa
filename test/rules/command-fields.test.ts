/**
 * The fields of a command create body ("Application command", "Create body
 * (global)"): type, default_member_permissions, contexts, integration_types, the
 * booleans, handler, fields not allowed on USER / MESSAGE ("Other command rules"
 * 2), unknown keys and missing required fields.
 */
import { describe, expect, it } from 'vitest'
import { chat, expectValid, issue, issuesOf, messagesOf, setIssuesOf, str } from './helpers.js'

const userCmd = (over: Record<string, unknown> = {}) => ({ type: 2, name: 'Show Profile', ...over })
const messageCmd = (over: Record<string, unknown> = {}) => ({ type: 3, name: 'Report', ...over })
const entry = (over: Record<string, unknown> = {}) => ({ type: 4, name: 'Launch', ...over })

describe('"Application command" type', () => {
  it('accepts 1 to 4, and defaults to CHAT_INPUT when omitted (spec: "Command types"; "Application command", type defaults to 1)', () => {
    expectValid(chat({ type: 1 }))
    expectValid(userCmd())
    expectValid(messageCmd())
    expectValid(entry())
    // Omitted type: CHAT_INPUT rules apply (a description is required, the name is lower case).
    expect(issuesOf({ name: 'Show Profile' })).toEqual([issue('name.pattern', 'name'), issue('name.lowercase', 'name'), issue('field.required', 'description')])
  })

  it.each([0, 5, -1, 1.5, '1', true])('refuses type %j (command.type) (spec: "Command types")', (type) => {
    expect(issuesOf(chat({ type }))).toContainEqual(issue('command.type', 'type'))
  })
})

describe('"Application command" default_member_permissions', () => {
  it.each(['0', '8', '32', '1099511627776', '18014398509481983', '000018014398509481983', '9999999999999999'])(
    'accepts the digit string %j (spec: "Application command", permission bit set serialized as a string)',
    (value) => {
      expectValid(chat({ default_member_permissions: value }))
    },
  )

  it('accepts null (spec: "Application command", default_member_permissions nullable)', () => {
    expectValid(chat({ default_member_permissions: null }))
    expectValid(userCmd({ default_member_permissions: null }))
  })

  it.each([8, '', '-1', '0x20', '1.5', ' 8', '8 ', '1e3', 'ADMINISTRATOR', true, ['8']])(
    'refuses %j, which is not a bit set as a string of digits (permissions.format) (spec: "Application command", default_member_permissions)',
    (value) => {
      expect(issuesOf(chat({ default_member_permissions: value }))).toEqual([issue('permissions.format', 'default_member_permissions')])
    },
  )
})

describe('"Application command" default_member_permissions: at most 2^54 - 1, the OpenAPI\'s maximum', () => {
  // OpenAPI (discord/discord-api-spec 74fda0f): ApplicationCommandCreateRequest,
  // ApplicationCommandUpdateRequest and ApplicationCommandPatchRequestPartial give
  // default_member_permissions `maximum: 18014398509481983`, 2^54 - 1.
  const max = (2n ** 54n - 1n).toString()

  it.each([(2n ** 54n).toString(), '18446744073709551615', '18446744073709551616', '99999999999999999', '1'.repeat(40), `0${(2n ** 54n).toString()}`])(
    'refuses the digit string %j, over 2^54 - 1 (permissions.range), saying the bound',
    (value) => {
      expect(issuesOf(chat({ default_member_permissions: value }))).toEqual([issue('permissions.range', 'default_member_permissions')])
      const [found] = messagesOf(chat({ default_member_permissions: value }))
      expect(found).toBe(
        `default_member_permissions must be at most ${max} (2^54 - 1), the largest bit set the API takes (was ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)})`,
      )
    },
  )

  it('accepts 2^54 - 1 itself, every flag the API defines combined, on every command type and in a bulk list', () => {
    expectValid(chat({ default_member_permissions: max }))
    expectValid(userCmd({ default_member_permissions: max }))
    expect(setIssuesOf([chat({ default_member_permissions: max }), userCmd({ default_member_permissions: (2n ** 54n).toString() })])).toEqual([
      issue('permissions.range', 1, 'default_member_permissions'),
    ])
  })

  it('decides a string of a million digits in one pass, without a throw', () => {
    expect(issuesOf(chat({ default_member_permissions: '9'.repeat(1_000_000) }))).toEqual([issue('permissions.range', 'default_member_permissions')])
    expect(issuesOf(chat({ default_member_permissions: `${'0'.repeat(1_000_000)}8` }))).toEqual([])
  })
})

describe('"Application command" contexts and integration_types', () => {
  it('accepts interaction context types 0, 1, 2 and null (spec: "Other enumerations", interaction context types; contexts nullable)', () => {
    expectValid(chat({ contexts: [0, 1, 2] }))
    expectValid(chat({ contexts: [1] }))
    expectValid(chat({ contexts: null }))
  })

  it('refuses other context values, by index (enum.value) (spec: "Other enumerations", interaction context types)', () => {
    expect(issuesOf(chat({ contexts: [0, 3] }))).toEqual([issue('enum.value', 'contexts', 1)])
    expect(issuesOf(chat({ contexts: ['0', 1, -1, 1.5] }))).toEqual([issue('enum.value', 'contexts', 0), issue('enum.value', 'contexts', 2), issue('enum.value', 'contexts', 3)])
    expect(issuesOf(chat({ contexts: 0 }))).toEqual([issue('value.type', 'contexts')])
    expect(messagesOf(chat({ contexts: [3] }))).toMatchInlineSnapshot(`
      [
        "contexts[0] must be one of 0, 1, 2 (interaction context types: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL) (was 3)",
      ]
    `)
  })

  it('accepts integration types 0 (GUILD_INSTALL) and 1 (USER_INSTALL) (spec: "Other enumerations", integration types)', () => {
    expectValid(chat({ integration_types: [0, 1] }))
    expectValid(userCmd({ integration_types: [1] }))
  })

  it('refuses other integration types; null is absent, as the OpenAPI marks it nullable (spec: "Application command", integration_types; DESIGN.md "Rulings")', () => {
    expect(issuesOf(chat({ integration_types: [2] }))).toEqual([issue('enum.value', 'integration_types', 0)])
    expectValid(chat({ integration_types: null }))
    expect(issuesOf(chat({ integration_types: '0' }))).toEqual([issue('value.type', 'integration_types')])
  })
})

describe('"Application command" booleans: nsfw, dm_permission, default_permission', () => {
  it('accepts booleans (spec: "Application command", nsfw, dm_permission, default_permission)', () => {
    expectValid(chat({ nsfw: true, dm_permission: false, default_permission: true }))
    expectValid(userCmd({ nsfw: false, dm_permission: true, default_permission: false }))
  })

  it('accepts null for dm_permission and default_permission, not for nsfw (spec: "Create body (global)", dm_permission boolean or null; "Application command", default_permission nullable)', () => {
    expectValid(chat({ dm_permission: null, default_permission: null }))
    expect(issuesOf(chat({ nsfw: null }))).toEqual([issue('value.type', 'nsfw')])
  })

  it('refuses non-boolean values (spec: "Application command", boolean fields)', () => {
    expect(issuesOf(chat({ nsfw: 'true', dm_permission: 1, default_permission: 'false' }))).toEqual([
      issue('value.type', 'nsfw'),
      issue('value.type', 'dm_permission'),
      issue('value.type', 'default_permission'),
    ])
  })
})

describe('"Application command" handler: PRIMARY_ENTRY_POINT only, 1 or 2', () => {
  it('accepts handler 1 (APP_HANDLER) and 2 (DISCORD_LAUNCH_ACTIVITY) on an entry point (spec: "Entry point handler types")', () => {
    expectValid(entry({ handler: 1 }))
    expectValid(entry({ handler: 2 }))
  })

  it.each([0, 3, '1', 1.5])('refuses handler %j (enum.value) (spec: "Entry point handler types")', (handler) => {
    expect(issuesOf(entry({ handler }))).toEqual([issue('enum.value', 'handler')])
  })

  it('refuses handler on CHAT_INPUT, USER and MESSAGE commands (spec: "Application command", handler settable only for PRIMARY_ENTRY_POINT)', () => {
    expect(issuesOf(chat({ handler: 1 }))).toEqual([issue('field.not_allowed', 'handler')])
    expect(issuesOf(userCmd({ handler: 2 }))).toEqual([issue('field.not_allowed', 'handler')])
    expect(issuesOf(messageCmd({ handler: 1 }))).toEqual([issue('field.not_allowed', 'handler')])
  })
})

describe('"Other command rules" 2: USER and MESSAGE commands take no description and no options', () => {
  it('refuses a description, even the empty one a fetched command carries (spec: "Other command rules" 2)', () => {
    expect(issuesOf(userCmd({ description: 'Shows a profile' }))).toEqual([issue('field.not_allowed', 'description')])
    expect(issuesOf(messageCmd({ description: '' }))).toEqual([issue('field.not_allowed', 'description')])
    expect(issuesOf(userCmd({ description_localizations: { fr: 'Profil' } }))).toEqual([issue('field.not_allowed', 'description_localizations')])
    expect(messagesOf(userCmd({ description: 'd' }))).toMatchInlineSnapshot(`
      [
        "description is not allowed on a USER command; it applies to CHAT_INPUT commands",
      ]
    `)
  })

  it('refuses options on USER, MESSAGE and entry point commands (spec: "Application command", options CHAT_INPUT only)', () => {
    expect(issuesOf(userCmd({ options: [str('o')] }))).toEqual([issue('field.not_allowed', 'options')])
    expect(issuesOf(messageCmd({ options: [] }))).toEqual([issue('field.not_allowed', 'options')])
    expect(issuesOf(entry({ options: [] }))).toEqual([issue('field.not_allowed', 'options')])
  })

  it('accepts the other create-body fields on USER and MESSAGE commands (spec: "Create body (global)")', () => {
    expectValid(
      userCmd({
        name_localizations: { fr: 'Voir le profil' },
        default_member_permissions: '0',
        dm_permission: false,
        default_permission: true,
        nsfw: false,
        integration_types: [0, 1],
        contexts: [0, 1, 2],
      }),
    )
  })
})

describe('unknown keys and missing fields', () => {
  it.each(['descripton', 'id', 'application_id', 'guild_id', 'version', 'name_localized', 'description_localized', 'permissions', 'options_'])(
    'refuses %j, which the create body does not list (field.unknown) (spec: "Create body (global)")',
    (key) => {
      expect(issuesOf(chat({ [key]: '1' }))).toEqual([issue('field.unknown', key)])
    },
  )

  it('reads id: null on a bulk-list element as absent (OpenAPI: ApplicationCommandUpdateRequest.id is null or a snowflake; DESIGN.md "Rulings": null on a nullable optional field is absent)', () => {
    expect(setIssuesOf([chat({ id: null }), userCmd({ id: null })])).toEqual([])
    expect(setIssuesOf([chat({ id: null })], { scope: 'guild' })).toEqual([])
    // Outside a bulk list `id` is no field of the create body (ApplicationCommandCreateRequest has none).
    expect(issuesOf(chat({ id: null }))).toEqual([issue('field.unknown', 'id')])
  })

  it('accepts id on the elements of a bulk-overwrite list, as a snowflake (spec: "Bulk guild body", id)', () => {
    expect(setIssuesOf([chat({ id: '123456789012345678' })])).toEqual([])
    expect(setIssuesOf([chat({ id: 123 })])).toEqual([issue('snowflake.format', 0, 'id')])
    expect(setIssuesOf([chat({ id: 'abc' })])).toEqual([issue('snowflake.format', 0, 'id')])
    expect(setIssuesOf([chat({ id: '18446744073709551616' })])).toEqual([issue('snowflake.format', 0, 'id')])
    expect(setIssuesOf([chat({ id: '18446744073709551615' })])).toEqual([])
  })

  it('requires a name on every command, and a description on CHAT_INPUT (spec: "Create body (global)", name required; "Bulk guild body", description required)', () => {
    expect(issuesOf({})).toEqual([issue('field.required', 'name'), issue('field.required', 'description')])
    expect(issuesOf({ type: 2 })).toEqual([issue('field.required', 'name')])
    expect(issuesOf({ type: 3 })).toEqual([issue('field.required', 'name')])
    expect(issuesOf({ type: 4 })).toEqual([issue('field.required', 'name')])
  })

  it.each([['ban'], [42], [null], [undefined], [true], [[]]])('refuses %j as a command, at the root (value.type) (spec: "Application command")', (json) => {
    expect(issuesOf(json)).toEqual([issue('value.type')])
  })
})
