/**
 * Where the spec is silent, DESIGN.md "Rulings where the spec is silent or
 * contradicts itself" decides, with the operator's OpenAPI description as the first
 * public fact (docs/spec-notes.md lists each ruling). Fixtures are real payloads
 * written out by the project (test/fixtures/real-payloads.ts).
 */
import { ContextMenuCommandBuilder, SlashCommandBuilder } from '@discordjs/builders'
import { describe, expect, it } from 'vitest'
import { commands, entryPoint, fromJSON, toCreateBody, validateCommand, validateCommands } from '../../src/index.js'
import { DJS_BAN, DJS_CONFIG, DJS_MESSAGE, DJS_USER, FETCHED_GET_ALL, GUILD_BULK_WITH_CONTEXTS } from '../fixtures/real-payloads.js'
import { expectIssues } from '../support/issues.js'
import { chat, expectValid, expectValidSet, issue, issuesOf, setIssuesOf } from './helpers.js'

const guild = { scope: 'guild' } as const

describe('`undefined` is absent, as in JSON.stringify (DESIGN.md "Rulings")', () => {
  it('the fixtures are what @discordjs/builders 1.15 emits today, undefined keys included', () => {
    const ban = new SlashCommandBuilder()
      .setName('ban')
      .setDescription('Ban a member')
      .addUserOption((o) => o.setName('target').setDescription('Who').setRequired(true))
      .addIntegerOption((o) => o.setName('days').setDescription('Days').setMinValue(0).setMaxValue(7))
      .addStringOption((o) => o.setName('reason').setDescription('Why').setAutocomplete(true))
      .addChannelOption((o) => o.setName('where').setDescription('Where').addChannelTypes(0, 5))
    expect(ban.toJSON()).toStrictEqual(DJS_BAN)
    expect(new ContextMenuCommandBuilder().setName('Show profile').setType(2).toJSON()).toStrictEqual(DJS_USER)
  })

  it('validateCommands(djsBuilders.map((b) => b.toJSON())) passes, globally and for a guild bulk overwrite', () => {
    const list = [DJS_BAN, DJS_CONFIG, DJS_USER, DJS_MESSAGE]
    expectValidSet(list)
    expectValidSet(list, guild)
    for (const json of list) expectValid(json)
  })

  it('a single guild create still refuses a global-only field that holds a value, not one that is undefined ("Create body (guild)")', () => {
    expectValid(DJS_BAN, guild)
    expect(issuesOf(DJS_CONFIG, guild)).toEqual([issue('scope.global_only', 'contexts'), issue('scope.global_only', 'integration_types')])
  })

  it('{ default_member_permissions: admin ? "8" : undefined } passes either way', () => {
    for (const admin of [true, false]) expectValid(chat({ default_member_permissions: admin ? '8' : undefined }))
  })

  it('undefined is absent at every level: command, option, choice; a required field that is undefined is missing', () => {
    expectValid(
      chat({ nsfw: undefined, options: [{ type: 3, name: 's', description: 'd', required: undefined, choices: [{ name: 'A', value: 'a', name_localizations: undefined }] }] }),
    )
    expect(issuesOf(chat({ description: undefined }))).toEqual([issue('field.required', 'description')])
  })

  it('fromJSON loads discord.js output, and emits no undefined key', () => {
    const json = fromJSON(DJS_BAN).toJSON() as unknown as Record<string, unknown>
    expect(Object.values(json)).not.toContain(undefined)
    expect(JSON.stringify(json)).toBe(JSON.stringify(DJS_BAN))
  })
})

describe('`null` on a field the OpenAPI marks nullable is absent (DESIGN.md "Rulings")', () => {
  it('command fields: type, description (USER, MESSAGE), options, integration_types, handler', () => {
    expectValid(chat({ type: null, options: null, integration_types: null }))
    expectValid({ type: 2, name: 'Profile', description: null })
    expectValid({ type: 4, name: 'Launch', handler: null })
    expect(issuesOf(chat({ description: null }))).toEqual([issue('field.required', 'description')])
  })

  it('option fields: required, autocomplete, choices, options, channel_types, bounds and lengths', () => {
    expectValid(
      chat({
        options: [
          { type: 3, name: 's', description: 'd', required: null, autocomplete: null, choices: null, min_length: null, max_length: null },
          { type: 4, name: 'i', description: 'd', min_value: null, max_value: null },
          { type: 7, name: 'c', description: 'd', channel_types: null },
        ],
      }),
    )
    expectValid(chat({ options: [{ type: 1, name: 'sub', description: 'd', options: null }] }))
  })

  it('null stays refused where it is not a value of the field: name, option type, nsfw, a choice value', () => {
    expect(issuesOf(chat({ nsfw: null }))).toEqual([issue('value.type', 'nsfw')])
    expect(issuesOf(chat({ options: [{ type: null, name: 's', description: 'd' }] }))).toEqual([issue('option.type', 'options', 0, 'type')])
    expect(issuesOf(chat({ options: [{ type: 3, name: 's', description: 'd', choices: [{ name: 'A', value: null }] }] }))).toEqual([
      issue('value.type', 'options', 0, 'choices', 0, 'value'),
    ])
  })
})

describe('lists of enumeration values: at least one, none twice (OpenAPI minItems 1, uniqueItems)', () => {
  it('contexts and integration_types hold at least one value (array.empty) or are null', () => {
    expect(issuesOf(chat({ contexts: [] }))).toEqual([issue('array.empty', 'contexts')])
    expect(issuesOf(chat({ integration_types: [] }))).toEqual([issue('array.empty', 'integration_types')])
    expectValid(chat({ contexts: null, integration_types: null }))
  })

  it('contexts, integration_types and channel_types repeat no value (array.duplicate, at the repeat)', () => {
    expect(issuesOf(chat({ contexts: [0, 1, 0] }))).toEqual([issue('array.duplicate', 'contexts', 2)])
    expect(issuesOf(chat({ integration_types: [1, 1] }))).toEqual([issue('array.duplicate', 'integration_types', 1)])
    expect(issuesOf(chat({ options: [{ type: 7, name: 'c', description: 'd', channel_types: [0, 2, 0] }] }))).toEqual([issue('array.duplicate', 'options', 0, 'channel_types', 2)])
  })
})

describe('guild bulk overwrite ("Bulk guild body"; DESIGN.md "Rulings")', () => {
  it('accepts the global set with contexts deployed to a test guild', () => {
    expectValidSet(GUILD_BULK_WITH_CONTEXTS, guild)
    expect(issuesOf(GUILD_BULK_WITH_CONTEXTS[0], guild)).toEqual([issue('scope.global_only', 'contexts'), issue('scope.global_only', 'integration_types')])
  })
})

describe('locale keys: the OpenAPI list of 34 (Other enumerations: "not shown")', () => {
  it('accepts ar and he, and still refuses a key outside the list', () => {
    expectValid(chat({ name_localizations: { ar: 'حظر', he: 'חסום' }, description_localizations: { ar: 'حظر عضو', he: 'חסום חבר' } }))
    expect(issuesOf(chat({ name_localizations: { fa: 'x' } }))).toEqual([issue('locale.unknown', 'name_localizations', 'fa')])
  })
})

describe('fetched commands (DESIGN.md "Rulings"; "Command endpoints" rule 5)', () => {
  it('a GET-all dump with localized views at every level is valid read as fetched, and not as a create body', () => {
    expect(validateCommands(FETCHED_GET_ALL, { fetched: true }).ok).toBe(true)
    const asCreate = setIssuesOf(FETCHED_GET_ALL)
    expect(asCreate).toContainEqual(issue('field.unknown', 0, 'version'))
    expect(asCreate).toContainEqual(issue('field.unknown', 0, 'options', 0, 'name_localized'))
    expect(asCreate).toContainEqual(issue('field.unknown', 0, 'options', 0, 'options', 0, 'choices', 0, 'name_localized'))
    expect(asCreate).toContainEqual(issue('field.not_allowed', 1, 'description'))
  })

  it('the service fields are still checked: ids are snowflakes, views are strings, a CHAT_INPUT description is not empty', () => {
    const bad = { ...FETCHED_GET_ALL[0], id: 'x', name_localized: 7, description: '' }
    const r = validateCommand(bad, { fetched: true })
    expectIssues(r, [issue('snowflake.format', 'id'), issue('value.type', 'name_localized'), issue('description.length', 'description')])
  })

  it('toCreateBody and fromJSON give the create body: no service field, no empty description', () => {
    expect(toCreateBody(FETCHED_GET_ALL[1])).toEqual({
      default_member_permissions: '8',
      type: 2,
      name: 'Show profile',
      dm_permission: true,
      contexts: [0, 1, 2],
      integration_types: [0, 1],
      nsfw: false,
    })
    const config = fromJSON(FETCHED_GET_ALL[0]).toJSON() as unknown as { options: { options: { name_localized?: string; choices?: unknown[] }[] }[] }
    expect(JSON.stringify(config)).not.toContain('_localized"')
    expect(config.options[0]?.options[0]?.choices).toEqual([
      { name: 'Prefix', value: 'prefix' },
      { name: 'Language', value: 'lang' },
    ])
    expect(fromJSON(FETCHED_GET_ALL[2]).toJSON()).toEqual({
      type: 4,
      name: 'Launch',
      default_member_permissions: null,
      dm_permission: true,
      contexts: null,
      integration_types: [0],
      nsfw: false,
      handler: 2,
    })
  })
})

describe('entry points without a description ("Other command rules" 3: the service\'s own, Launch, has none)', () => {
  it('entryPoint(name) emits no description and validates; with one, it is checked', () => {
    expect(entryPoint('Launch').handler('DiscordLaunchActivity').toJSON()).toStrictEqual({ type: 4, name: 'Launch', handler: 2 })
    expect(commands(entryPoint('Launch')).toJSON()).toStrictEqual([{ type: 4, name: 'Launch' }])
    expect(entryPoint('launch', 'Start the game').toJSON()).toStrictEqual({ type: 4, name: 'launch', description: 'Start the game' })
    expect(() => entryPoint('launch', '').toJSON()).toThrow(/description must be 1-100 characters/)
  })
})
