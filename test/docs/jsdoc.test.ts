/**
 * The `@example`s of the public functions' JSDoc (what an editor shows on hover)
 * that state a result: each is still in its source file as written, and gives the
 * result it states. Examples that only show a call shape (free variables such as
 * `interaction`, `guildId`) are listed apart, so that every `@example` in src/ is
 * either run here or known to be illustrative.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  toCreateBody,
  validateCreateOrJoinLobby,
  validateLobbyChannelLink,
  validateLobbyMembersBulk,
  validateLobbyMessage,
  validateLobbyModerationMetadata,
  allChannelsId,
  choice,
  configure,
  entryPoint,
  everyoneId,
  hasPermissions,
  localizedText,
  localizedView,
  matchLocale,
  negotiateLocale,
  option,
  OptionType,
  parse,
  parseAcceptLanguage,
  permissionNames,
  permissions,
  reply,
  resolveLocale,
  slash,
  validateCommand,
  validateLobby,
  validateLobbyMember,
  validateOption,
  validateInteractionResponse,
  validateWebhookMessage,
} from '../../src/index.js'
import { deferralFor, handlerLookup, kindOf, InteractionType, optionKind, OptionKinds, ResolvedEntityKey } from '../../src/internal.js'
import { serializePermissions } from '../../src/internal.js'
import { createEmulator } from '../../src/emulator/index.js'
import { requestFault } from '../../src/rest/fetch.js'
import { pathToken } from '../../src/rest/token.js'
import { checkFiles, createClient, fileTypeOf, interactionClient, mediaTypeOf, splitMessage, withFiles } from '../../src/rest/index.js'
import { fakeComponentInteraction, fakeInteraction, fakeMessage, fakeModalSubmit } from '../../src/testing/index.js'
import * as m from '../../src/index.js'

const src = new URL('../../src/', import.meta.url).pathname

/** Every source file under src/, as `path -> text` with the JSDoc ` * ` margins removed. */
function sources(): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.ts')) out.set(path.slice(src.length), readFileSync(path, 'utf8').replace(/^\s*\* ?/gm, ''))
    }
  }
  walk(src)
  return out
}

interface Example {
  /** The source file, relative to src/. */
  readonly file: string
  /** The example's text as the JSDoc has it (after `@example`), one or more lines. */
  readonly text: string
  /** Runs what the example shows and checks the result it states. */
  readonly check: () => void | Promise<void>
}

const config = slash('config', 'Settings')
  .subcommand('show', 'Show settings')
  .subcommand('set', 'Change one', (s) => s.options(option.string('key', 'Key').required().choices(choice('Language', 'lang')), option.string('value', 'Value').required()))

const RUN: readonly Example[] = [
  {
    file: 'rules/arguments.ts',
    text: "kindOf([1]) // 'an array'\nkindOf('s3cret') // 'a string'",
    check: () => {
      expect(kindOf([1])).toBe('an array')
      expect(kindOf('s3cret')).toBe('a string')
    },
  },
  {
    file: 'rest/token.ts',
    text: "pathToken('/webhooks/123/aW50.x-y_z/messages/@original') // { token: 'aW50.x-y_z', at: 14 }\npathToken('/applications/123/commands') // undefined",
    check: () => {
      expect(pathToken('/webhooks/123/aW50.x-y_z/messages/@original')).toStrictEqual({ token: 'aW50.x-y_z', at: 14 })
      expect(pathToken('/applications/123/commands')).toBeUndefined()
    },
  },
  {
    file: 'rest/fetch.ts',
    text: "await fetch('http://127.0.0.1:6000/').catch(requestFault) // 'the port is one fetch never connects to (...)'",
    check: async () => expect(await fetch('http://127.0.0.1:6000/').catch(requestFault)).toMatch(/^the port is one fetch never connects to \(/),
  },
  {
    file: 'rest/errors.ts',
    text: "const rest = createClient({ token, applicationId, baseUrl: 'http://127.0.0.1:6000/api/v10' })\nawait rest.listCommands().catch((e) => e.transient) // false: fetch never connects to port 6000",
    check: async () => {
      const rest = createClient({ token: 'Bot abc.def', applicationId: '1', baseUrl: 'http://127.0.0.1:6000/api/v10' })
      expect(await rest.listCommands().catch((e) => e.transient)).toBe(false)
    },
  },
  ...(
    [
      [
        "validateCreateOrJoinLobby({ secret: 'match-42', member_metadata: { team: 'red' } }) // { ok: true, value }",
        () => validateCreateOrJoinLobby({ secret: 'match-42', member_metadata: { team: 'red' } }),
      ],
      ["validateLobbyChannelLink({ channel_id: '1180000000000000000' }) // { ok: true, value }", () => validateLobbyChannelLink({ channel_id: '1180000000000000000' })],
      [
        "validateLobbyMembersBulk([{ id: '80351110224678912', metadata: { team: 'red' } }, { id: '80351110224678913', remove_member: true }]) // { ok: true, value }",
        () =>
          validateLobbyMembersBulk([
            { id: '80351110224678912', metadata: { team: 'red' } },
            { id: '80351110224678913', remove_member: true },
          ]),
      ],
      ["validateLobbyMessage({ content: 'gg' }) // { ok: true, value }", () => validateLobbyMessage({ content: 'gg' })],
      ["validateLobbyModerationMetadata({ verdict: 'ok', score: '0.02' }) // { ok: true, value }", () => validateLobbyModerationMetadata({ verdict: 'ok', score: '0.02' })],
    ] as const
  ).map(([text, run]): Example => ({ file: 'rules/lobbies.ts', text, check: () => expect(run().ok).toBe(true) })),
  {
    file: 'builders/types/options.ts',
    text: "option.channel('where', 'Where to post').channelTypes('GuildText', 'GuildAnnouncement')",
    check: () => expect(option.channel('where', 'Where to post').channelTypes('GuildText', 'GuildAnnouncement').toJSON().channel_types).toStrictEqual([0, 5]),
  },
  {
    file: 'rules/body.ts',
    text: "toCreateBody({ id: '1', application_id: '2', version: '3', type: 2, name: 'Profile', description: '', default_member_permissions: undefined })\n// { type: 2, name: 'Profile' }",
    check: () =>
      expect(toCreateBody({ id: '1', application_id: '2', version: '3', type: 2, name: 'Profile', description: '', default_member_permissions: undefined })).toStrictEqual({
        type: 2,
        name: 'Profile',
      }),
  },
  {
    file: 'wire/option-kinds.ts',
    text: "OptionKinds[OptionType.Integer].fields.includes('min_value') // true\nOptionKinds[9].resolved // ['users', 'roles']",
    check: () => {
      expect(OptionKinds[OptionType.Integer].fields.includes('min_value')).toBe(true)
      expect(OptionKinds[9].resolved).toEqual(['users', 'roles'])
    },
  },
  {
    file: 'wire/option-kinds.ts',
    text: "optionKind(7)?.name // 'CHANNEL'\noptionKind(12) // undefined",
    check: () => {
      expect(optionKind(7)?.name).toBe('CHANNEL')
      expect(optionKind(12)).toBeUndefined()
    },
  },
  {
    file: 'wire/option-kinds.ts',
    text: "ResolvedEntityKey[OptionKinds[9].resolved[1]] // 'role'",
    check: () => expect(ResolvedEntityKey[OptionKinds[9].resolved[1]]).toBe('role'),
  },
  {
    file: 'permissions/snowflake.ts',
    text: "everyoneId('41771983423143937') // '41771983423143937'",
    check: () => expect(everyoneId('41771983423143937')).toBe('41771983423143937'),
  },
  {
    file: 'permissions/snowflake.ts',
    text: "allChannelsId('9223372036854775807') // '9223372036854775806'",
    check: () => expect(allChannelsId('9223372036854775807')).toBe('9223372036854775806'),
  },
  {
    file: 'permissions/flags.ts',
    text: "permissions('BanMembers', 'KickMembers') // '6'\npermissions() // '0': administrators only\nslash('ban', 'Ban a member').defaultMemberPermissions(permissions('BanMembers'))",
    check: () => {
      expect(permissions('BanMembers', 'KickMembers')).toBe('6')
      expect(permissions()).toBe('0')
      expect(slash('ban', 'Ban a member').defaultMemberPermissions(permissions('BanMembers')).toJSON().default_member_permissions).toBe('4')
    },
  },
  {
    file: 'permissions/flags.ts',
    text: "hasPermissions('6', 'BanMembers') // true",
    check: () => {
      expect(hasPermissions('6', 'BanMembers')).toBe(true)
      expect(hasPermissions('4', 'BanMembers', 'KickMembers')).toBe(false)
      expect(hasPermissions('6', permissions('BanMembers'))).toBe(true)
    },
  },
  { file: 'permissions/flags.ts', text: "permissionNames('6') // ['KickMembers', 'BanMembers']", check: () => expect(permissionNames('6')).toEqual(['KickMembers', 'BanMembers']) },
  {
    file: 'rules/permissions.ts',
    text: "serializePermissions(['BanMembers', 'KickMembers']) // '6'",
    check: () => expect(serializePermissions(['BanMembers', 'KickMembers'])).toBe('6'),
  },
  {
    file: 'rules/validate.ts',
    text: "const r = validateCommand({ name: 'Ban', description: 'Ban a member' })\n// r.ok === false; r.issues[0].code === 'name.lowercase'; r.issues[0].path = ['name']",
    check: () => {
      const r = validateCommand({ name: 'Ban', description: 'Ban a member' })
      expect(r.ok).toBe(false)
      expect(r.issues?.[0]).toMatchObject({ code: 'name.lowercase', path: ['name'] })
    },
  },
  {
    file: 'locale/view.ts',
    text: "localizedView(ban, 'de')\n// { type: 1, name: 'ban', name_localized: 'bannen', description: 'Ban a member', ... }",
    check: () => {
      const ban = slash('ban', 'Ban a member').localize('de', { name: 'bannen' })
      expect(localizedView(ban, 'de')).toEqual({ type: 1, name: 'ban', name_localized: 'bannen', description: 'Ban a member' })
      expect(Object.keys(localizedView(ban, 'de')).slice(0, 4)).toEqual(['type', 'name', 'name_localized', 'description'])
    },
  },
  {
    file: 'locale/fallback.ts',
    text: "resolveLocale('en-US', { 'en-GB': 'colour' }) // 'en-GB'\nresolveLocale('es-ES', { 'es-419': 'color' }) // undefined: the default",
    check: () => {
      expect(resolveLocale('en-US', { 'en-GB': 'colour' })).toBe('en-GB')
      expect(resolveLocale('es-ES', { 'es-419': 'color' })).toBeUndefined()
    },
  },
  {
    file: 'locale/fallback.ts',
    text: "localizedText('color', { 'en-GB': 'colour' }, 'en-US') // 'colour'",
    check: () => expect(localizedText('color', { 'en-GB': 'colour' }, 'en-US')).toBe('colour'),
  },
  { file: 'locale/negotiate.ts', text: "matchLocale('de-AT') // 'de'", check: () => expect(matchLocale('de-AT')).toBe('de') },
  {
    file: 'locale/negotiate.ts',
    text: "parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5')\n// [{ tag: 'fr-CH', q: 1 }, { tag: 'fr', q: 0.9 }, { tag: 'en', q: 0.8 }, { tag: '*', q: 0.5 }]",
    check: () =>
      expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5')).toEqual([
        { tag: 'fr-CH', q: 1 },
        { tag: 'fr', q: 0.9 },
        { tag: 'en', q: 0.8 },
        { tag: '*', q: 0.5 },
      ]),
  },
  {
    file: 'locale/negotiate.ts',
    text: "negotiateLocale({ headers: { 'accept-language': 'de-CH, en;q=0.5' }, userLocale: 'fr' }) // 'de'",
    check: () => expect(negotiateLocale({ headers: { 'accept-language': 'de-CH, en;q=0.5' }, userLocale: 'fr' })).toBe('de'),
  },
  {
    file: 'builders/option.ts',
    text: "choice('Red', 'red').localize('es-ES', 'Rojo')",
    check: () => expect(choice('Red', 'red').localize('es-ES', 'Rojo').toJSON()).toStrictEqual({ name: 'Red', value: 'red', name_localizations: { 'es-ES': 'Rojo' } }),
  },
  {
    file: 'builders/command.ts',
    text: "entryPoint('launch', 'Start the game').handler('DiscordLaunchActivity')",
    check: () =>
      expect(entryPoint('launch', 'Start the game').handler('DiscordLaunchActivity').toJSON()).toStrictEqual({
        type: 4,
        name: 'launch',
        description: 'Start the game',
        handler: 2,
      }),
  },
  {
    file: 'parse/fake.ts',
    text: "const body = fakeInteraction(config, { subcommand: 'set', options: { key: 'lang', value: 'es' } })\nexpect(parse(config, body).options).toEqual({ key: 'lang', value: 'es' })",
    check: () => {
      const body = fakeInteraction(config, { subcommand: 'set', options: { key: 'lang', value: 'es' } })
      expect(parse(config, body).options).toEqual({ key: 'lang', value: 'es' })
    },
  },
  {
    file: 'parse/fake.ts',
    text: "fakeMessage({ id: '1', channel_id: '2', author: { id: '3', username: 'lee', avatar: null, discriminator: '0' }, content: 'Hi' }).embeds // []",
    check: () => expect(fakeMessage({ id: '1', channel_id: '2', author: { id: '3', username: 'lee', avatar: null, discriminator: '0' }, content: 'Hi' }).embeds).toEqual([]),
  },
  {
    file: 'testing/fakes.ts',
    text: "const vote = route('vote', { choice: param.oneOf('yes', 'no') })\nconst body = fakeComponentInteraction({ component: vote.button({ choice: 'yes' }, 'Yes') })\nbody.data // { custom_id: 'vote:...', component_type: 2 }",
    check: () => {
      const vote = m.route('vote', { choice: m.param.oneOf('yes', 'no') })
      const body = fakeComponentInteraction({ component: vote.button({ choice: 'yes' }, 'Yes') })
      expect(body.data).toEqual({ custom_id: vote.id({ choice: 'yes' }), component_type: 2 })
    },
  },
  {
    file: 'testing/fakes.ts',
    text: "const body = fakeModalSubmit({ modal: report.modal({ message: '1180218955160375406' }), fields: { why: 'spam' } })\nbody.data.components[0] // { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'why', value: 'spam' } }",
    check: () => {
      const report = m.modalRoute('report', { message: m.param.snowflake() }, 'Report', [m.label('Why?', m.textInput('why'))])
      const body = fakeModalSubmit({ modal: report.modal({ message: '1180218955160375406' }), fields: { why: 'spam' } })
      expect(body.data.components[0]).toEqual({ type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'why', value: 'spam' } })
    },
  },
  {
    file: 'parse/jit.ts',
    text: 'configure({ jitless: true })',
    check: () => {
      expect(configure({ jitless: true })).toStrictEqual({ jitless: true })
      expect(configure({ jitless: false })).toStrictEqual({ jitless: false })
    },
  },
  {
    file: 'rules/validate.ts',
    text: "validateOption({ type: 4, name: 'days', description: 'Days', min_value: 7, max_value: 1 }).issues?.[0]?.code // 'option.bounds_inverted'",
    check: () => expect(validateOption({ type: 4, name: 'days', description: 'Days', min_value: 7, max_value: 1 }).issues?.[0]?.code).toBe('option.bounds_inverted'),
  },
  {
    file: 'rules/lobbies.ts',
    text: "validateLobby({ members: [{ id: '80351110224678912' }], idle_timeout_seconds: 3600 }) // { ok: true, value }",
    check: () => expect(validateLobby({ members: [{ id: '80351110224678912' }], idle_timeout_seconds: 3600 }).ok).toBe(true),
  },
  {
    file: 'rules/lobbies.ts',
    text: "validateLobbyMember({ metadata: { team: 'red' }, flags: 1 }) // { ok: true, value }",
    check: () => expect(validateLobbyMember({ metadata: { team: 'red' }, flags: 1 }).ok).toBe(true),
  },
  {
    file: 'emulator/emulator.ts',
    text: [
      'const emulator = createEmulator()',
      'const res = await emulator.fetch(`${emulator.baseUrl}/applications/1/commands`, {',
      "  method: 'POST',",
      "  headers: { authorization: 'Bot token', 'content-type': 'application/json' },",
      "  body: JSON.stringify({ name: 'ping', description: 'Pong' }),",
      '})',
      'res.status // 201',
    ].join('\n'),
    check: async () => {
      const emulator = createEmulator()
      const res = await emulator.fetch(`${emulator.baseUrl}/applications/1/commands`, {
        method: 'POST',
        headers: { authorization: 'Bot token', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'ping', description: 'Pong' }),
      })
      expect(res.status).toBe(201)
    },
  },
  {
    file: 'parse/responses.ts',
    text: "reply('Banned.', { ephemeral: true })",
    check: () => expect(reply('Banned.', { ephemeral: true })).toStrictEqual({ type: 4, data: { content: 'Banned.', flags: 64 } }),
  },
  // Interaction callbacks and the emulator's interactions (issue 13).
  {
    file: 'rules/message-body.ts',
    text: "validateWebhookMessage({ content: 'Done', flags: 64 }, 'follow-up') // { ok: true, value }",
    check: () => expect(validateWebhookMessage({ content: 'Done', flags: 64 }, 'follow-up').ok).toBe(true),
  },
  {
    file: 'rules/callbacks.ts',
    text: "validateInteractionResponse({ type: 4, data: { content: 'Pong' } }) // { ok: true, value }",
    check: () => {
      expect(validateInteractionResponse({ type: 4, data: { content: 'Pong' } }).ok).toBe(true)
      expect(validateInteractionResponse({ type: 8, data: { choices: [] } }, { interactionType: 2 }).issues?.[0]?.code).toBe('response.type')
      expect(validateWebhookMessage({}, 'follow-up').issues?.[0]?.code).toBe('response.empty')
    },
  },
  {
    file: 'emulator/emulator.ts',
    text: "const reply = await emulator.answer({ method: 'GET', url: '/api/v10/applications/1/commands', headers: { authorization: 'Bot t' }, body: '' })\nreply.status // 200",
    check: async () => {
      const emulator = createEmulator()
      const reply = await emulator.answer({ method: 'GET', url: '/api/v10/applications/1/commands', headers: { authorization: 'Bot t' }, body: '' })
      expect(reply.status).toBe(200)
    },
  },
  {
    file: 'emulator/interaction-types.ts',
    text: "const { id, token } = emulator.interactions.open('123456789012345678')",
    check: async () => {
      const emulator = createEmulator()
      const { id, token } = emulator.interactions.open('123456789012345678')
      await emulator.fetch(`${emulator.baseUrl}/interactions/${id}/${token}/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 4, data: { content: 'Hi' } }),
      })
      expect(emulator.interactions.get(id)?.original?.content).toBe('Hi')
    },
  },
  {
    file: 'emulator/interaction-types.ts',
    text: 'emulator.interactions.respond(id, { type: 5 }).status // 204; the original is now "thinking"',
    check: () => {
      const emulator = createEmulator()
      const { id } = emulator.interactions.open('123456789012345678')
      expect(emulator.interactions.respond(id, { type: 5 }).status).toBe(204)
      expect(emulator.interactions.get(id)?.deferred).toBe(true)
    },
  },
  {
    file: 'emulator/interaction-types.ts',
    text: "const [attachment] = emulator.interactions.get(id)?.original?.attachments ?? []\nemulator.interactions.file(attachment?.id ?? '')?.bytes // what the app uploaded, byte for byte",
    check: async () => {
      const emulator = createEmulator()
      const app = '123456789012345678'
      const { id, token } = emulator.interactions.open(app)
      emulator.interactions.respond(id, { type: 5 })
      const bytes = new TextEncoder().encode('uploaded')
      const rest = createClient({ applicationId: app, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
      await rest.interactions.editOriginal(token, { files: [{ name: 'a.txt', data: bytes }] })
      const [attachment] = emulator.interactions.get(id)?.original?.attachments ?? []
      expect(emulator.interactions.file(attachment?.id ?? '')?.bytes).toEqual(bytes)
    },
  },
  {
    file: 'rest/client.ts',
    text: "const interactions = interactionClient({ applicationId: '123456789012345678' })\nawait interactions.followUp(token, 'done')",
    check: async () => {
      const emulator = createEmulator()
      const app = '123456789012345678'
      const { id, token } = emulator.interactions.open(app)
      emulator.interactions.respond(id, { type: 5 })
      const interactions = interactionClient({ applicationId: app, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
      const sent = await interactions.followUp(token, 'done')
      expect(sent.content).toBe('done')
    },
  },
  {
    file: 'rest/files.ts',
    text: "checkFiles({ attachments: [{ id: 0 }] }, [{ name: 'a.txt', data: new Uint8Array(1) }, { name: 'b.txt', data: new Uint8Array(1) }]).map((i) => i.code) // ['field.required']",
    check: () => {
      expect(
        checkFiles({ attachments: [{ id: 0 }] }, [
          { name: 'a.txt', data: new Uint8Array(1) },
          { name: 'b.txt', data: new Uint8Array(1) },
        ]).map((i) => i.code),
      ).toEqual(['field.required'])
    },
  },
  {
    file: 'rest/files.ts',
    text: "splitMessage({ content: 'The log', files: [{ name: 'log.txt', data: new Uint8Array([104, 105]) }] })\n// [{ content: 'The log' }, [{ name: 'log.txt', data: Uint8Array(2) }]]",
    check: () => {
      const file = { name: 'log.txt', data: new Uint8Array([104, 105]) }
      expect(splitMessage({ content: 'The log', files: [file] })).toEqual([{ content: 'The log' }, [file]])
      const plain = { content: 'no files' }
      expect(splitMessage(plain)[0]).toBe(plain)
      expect(splitMessage('hi')).toEqual([{ content: 'hi' }, undefined])
    },
  },
  {
    file: 'rest/files.ts',
    text: "fileTypeOf({ name: 'log.txt', data: new Uint8Array() }) // 'text/plain'\nfileTypeOf({ name: 'log.txt', data: new Uint8Array(), contentType: 'text/markdown' }) // 'text/markdown'",
    check: () => {
      expect(fileTypeOf({ name: 'log.txt', data: new Uint8Array() })).toBe('text/plain')
      expect(fileTypeOf({ name: 'log.txt', data: new Uint8Array(), contentType: 'text/markdown' })).toBe('text/markdown')
      // A Blob's own type wins over the name; an empty one does not.
      expect(fileTypeOf({ name: 'a.txt', data: new Blob(['x'], { type: 'image/png' }) })).toBe('image/png')
      expect(fileTypeOf({ name: 'a.txt', data: new Blob(['x']) })).toBe('text/plain')
      expect(fileTypeOf({ name: 'README', data: new Uint8Array() })).toBeUndefined()
    },
  },
  {
    file: 'rest/media-types.ts',
    text: "mediaTypeOf('log.txt') // 'text/plain'\nmediaTypeOf('PHOTO.JPG') // 'image/jpeg'\nmediaTypeOf('README') // undefined",
    check: () => {
      expect([mediaTypeOf('log.txt'), mediaTypeOf('PHOTO.JPG'), mediaTypeOf('README')]).toEqual(['text/plain', 'image/jpeg', undefined])
      // A key the table only inherits is no extension.
      expect([mediaTypeOf('x.__proto__'), mediaTypeOf('x.constructor'), mediaTypeOf('x.')]).toEqual([undefined, undefined, undefined])
    },
  },
  {
    file: 'rest/files.ts',
    text: "withFiles({}, [{ name: 'a.txt', data: new Uint8Array() }]) // { attachments: [{ id: 0 }] }",
    check: () => {
      expect(withFiles({}, [{ name: 'a.txt', data: new Uint8Array() }])).toEqual({ attachments: [{ id: 0 }] })
      const described = { attachments: [] }
      expect(withFiles(described, [{ name: 'a.txt', data: new Uint8Array() }])).toBe(described)
    },
  },
  {
    file: 'parse/responses.ts',
    text: 'deferralFor({ type: InteractionType.ApplicationCommand }, { ephemeral: true }) // { type: 5, data: { flags: 64 } }',
    check: () => {
      expect(deferralFor({ type: InteractionType.ApplicationCommand }, { ephemeral: true })).toStrictEqual({ type: 5, data: { flags: 64 } })
      // A component's deferral is the deferred update (public API v10, callback 6), and so is a modal's shown from one.
      expect(deferralFor({ type: InteractionType.MessageComponent }, { ephemeral: true })).toStrictEqual({ type: 6 })
      expect(deferralFor({ type: InteractionType.ModalSubmit, message: { id: '1' } })).toStrictEqual({ type: 6 })
      expect(deferralFor({ type: InteractionType.ModalSubmit })).toStrictEqual({ type: 5 })
    },
  },
  {
    file: 'parse/router.ts',
    text: "const find = handlerLookup({ ping: () => 'pong' })\nfind({ command: 'ping' }) // () => 'pong'",
    check: () => {
      const ping = () => 'pong'
      const find = handlerLookup({ ping })
      expect(find({ command: 'ping' })).toBe(ping)
      expect(find({ command: 'toString' })).toBeUndefined()
    },
  },
  // Messages, components, modals and custom_id routes (issue 30): each factory's JSON, and the routes round-tripping.
  {
    file: 'builders/messages/body.ts',
    text: "embed({ title: 'Ban', description: 'Alice was banned', color: 0xed4245, fields: [['Reason', 'Spam', true]], timestamp: new Date() })",
    check: () => {
      const e = m.embed({ title: 'Ban', description: 'Alice was banned', color: 0xed4245, fields: [['Reason', 'Spam', true]], timestamp: new Date() })
      expect(e.fields).toEqual([{ name: 'Reason', value: 'Spam', inline: true }])
      expect(m.validateWebhookMessage({ embeds: [e] }).ok).toBe(true)
    },
  },
  {
    file: 'builders/messages/body.ts',
    text: "poll('Lunch?', ['Pizza', { text: 'Sushi', emoji: '🍣' }], { duration: 4 })",
    check: () =>
      expect(m.poll('Lunch?', ['Pizza', { text: 'Sushi', emoji: '🍣' }], { duration: 4 })).toStrictEqual({
        question: { text: 'Lunch?' },
        answers: [{ poll_media: { text: 'Pizza' } }, { poll_media: { text: 'Sushi', emoji: { name: '🍣' } } }],
        duration: 4,
      }),
  },
  {
    file: 'builders/messages/body.ts',
    text: "attachment(0, 'chart.png', { description: 'Votes per day' }) // { id: 0, filename: 'chart.png', description: 'Votes per day' }",
    check: () => expect(m.attachment(0, 'chart.png', { description: 'Votes per day' })).toStrictEqual({ id: 0, filename: 'chart.png', description: 'Votes per day' }),
  },
  {
    file: 'builders/messages/body.ts',
    text: "messageBody({ content: 'Vote:', components: [actionRow(button('yes', 'Yes'), button('no', 'No'))], ephemeral: true })",
    check: () => {
      const body = m.messageBody({ content: 'Vote:', components: [m.actionRow(m.button('yes', 'Yes'), m.button('no', 'No'))], ephemeral: true })
      expect(body.flags).toBe(64)
      expect(m.validateWebhookMessage(body).ok).toBe(true)
    },
  },
  {
    file: 'builders/messages/body.ts',
    text: "layout([container([textDisplay('# Weekly report'), mediaGallery('attachment://chart.png')])], { attachments: [attachment(0, 'chart.png')] })",
    check: () => {
      const body = m.layout([m.container([m.textDisplay('# Weekly report'), m.mediaGallery('attachment://chart.png')])], { attachments: [m.attachment(0, 'chart.png')] })
      expect(body.flags).toBe(32768)
      expect(m.validateWebhookMessage(body).ok).toBe(true)
    },
  },
  {
    file: 'builders/messages/components.ts',
    text: "button('refresh', 'Refresh', { style: 'secondary', emoji: '🔄' })",
    check: () =>
      expect(m.button('refresh', 'Refresh', { style: 'secondary', emoji: '🔄' })).toStrictEqual({
        type: 2,
        style: 2,
        custom_id: 'refresh',
        label: 'Refresh',
        emoji: { name: '🔄' },
      }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "linkButton('https://example.com/docs', 'Docs') // { type: 2, style: 5, url: 'https://example.com/docs', label: 'Docs' }",
    check: () => expect(m.linkButton('https://example.com/docs', 'Docs')).toStrictEqual({ type: 2, style: 5, url: 'https://example.com/docs', label: 'Docs' }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "premiumButton('1180218955160375406') // { type: 2, style: 6, sku_id: '1180218955160375406' }",
    check: () => expect(m.premiumButton('1180218955160375406')).toStrictEqual({ type: 2, style: 6, sku_id: '1180218955160375406' }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "selectOption('Red', 'red', { emoji: '🟥' }) // { label: 'Red', value: 'red', emoji: { name: '🟥' } }",
    check: () => expect(m.selectOption('Red', 'red', { emoji: '🟥' })).toStrictEqual({ label: 'Red', value: 'red', emoji: { name: '🟥' } }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "stringSelect('color', [selectOption('Red', 'red'), selectOption('Blue', 'blue')], { placeholder: 'Pick a colour' })",
    check: () =>
      expect(m.stringSelect('color', [m.selectOption('Red', 'red'), m.selectOption('Blue', 'blue')], { placeholder: 'Pick a colour' }).placeholder).toBe('Pick a colour'),
  },
  {
    file: 'builders/messages/components.ts',
    text: "userSelect('invite', { placeholder: 'Who?', maxValues: 5 })",
    check: () => expect(m.userSelect('invite', { placeholder: 'Who?', maxValues: 5 })).toStrictEqual({ type: 5, custom_id: 'invite', placeholder: 'Who?', max_values: 5 }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "roleSelect('roles', { minValues: 0, maxValues: 3 })",
    check: () => expect(m.roleSelect('roles', { minValues: 0, maxValues: 3 })).toStrictEqual({ type: 6, custom_id: 'roles', min_values: 0, max_values: 3 }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "mentionableSelect('notify', { defaults: [{ type: 'role', id: '41771983423143936' }] })",
    check: () =>
      expect(m.mentionableSelect('notify', { defaults: [{ type: 'role', id: '41771983423143936' }] }).default_values).toEqual([{ type: 'role', id: '41771983423143936' }]),
  },
  {
    file: 'builders/messages/components.ts',
    text: "channelSelect('log', { channelTypes: ['GuildText', 'PublicThread'] })",
    check: () => expect(m.channelSelect('log', { channelTypes: ['GuildText', 'PublicThread'] })).toEqual({ type: 8, custom_id: 'log', channel_types: [0, 11] }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "actionRow(button('yes', 'Yes', { style: 'success' }), button('no', 'No', { style: 'danger' }))",
    check: () => expect(m.actionRow(m.button('yes', 'Yes', { style: 'success' }), m.button('no', 'No', { style: 'danger' })).components.map((b) => b.style)).toEqual([3, 4]),
  },
  {
    file: 'builders/messages/components.ts',
    text: "textDisplay('## Results\\nYes: 3, No: 1')",
    check: () => expect(m.textDisplay('## Results\nYes: 3, No: 1')).toStrictEqual({ type: 10, content: '## Results\nYes: 3, No: 1' }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "thumbnail('https://cdn.example.com/avatar.png', { description: 'Avatar' })",
    check: () =>
      expect(m.thumbnail('https://cdn.example.com/avatar.png', { description: 'Avatar' })).toStrictEqual({
        type: 11,
        media: { url: 'https://cdn.example.com/avatar.png' },
        description: 'Avatar',
      }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "section(['**Alice** joined', 'Level 3'], thumbnail('https://cdn.example.com/alice.png'))",
    check: () => expect(m.section(['**Alice** joined', 'Level 3'], m.thumbnail('https://cdn.example.com/alice.png')).components).toHaveLength(2),
  },
  {
    file: 'builders/messages/components.ts',
    text: "mediaGallery('https://cdn.example.com/a.png', { url: 'attachment://b.png', spoiler: true })",
    check: () =>
      expect(m.mediaGallery('https://cdn.example.com/a.png', { url: 'attachment://b.png', spoiler: true }).items[1]).toStrictEqual({
        media: { url: 'attachment://b.png' },
        spoiler: true,
      }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "file('attachment://report.pdf')",
    check: () => expect(m.file('attachment://report.pdf')).toStrictEqual({ type: 13, file: { url: 'attachment://report.pdf' } }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "separator({ spacing: 'large' }) // { type: 14, spacing: 2 }",
    check: () => expect(m.separator({ spacing: 'large' })).toStrictEqual({ type: 14, spacing: 2 }),
  },
  {
    file: 'builders/messages/components.ts',
    text: "container([textDisplay('# Poll'), separator(), actionRow(button('vote', 'Vote'))], { accentColor: 0x5865f2 })",
    check: () =>
      expect(m.validateWebhookMessage(m.layout([m.container([m.textDisplay('# Poll'), m.separator(), m.actionRow(m.button('vote', 'Vote'))], { accentColor: 0x5865f2 })])).ok).toBe(
        true,
      ),
  },
  {
    file: 'builders/messages/modal.ts',
    text: "label('Why?', textInput('reason', { style: 'paragraph', maxLength: 500 }))",
    check: () =>
      expect(m.label('Why?', m.textInput('reason', { style: 'paragraph', maxLength: 500 }))).toStrictEqual({
        type: 18,
        label: 'Why?',
        component: { type: 4, custom_id: 'reason', style: 2, max_length: 500 },
      }),
  },
  {
    file: 'builders/messages/modal.ts',
    text: "label('Colour', stringSelect('colour', [selectOption('Red', 'red'), selectOption('Blue', 'blue')]), { description: 'Pick one' })",
    check: () =>
      expect(m.label('Colour', m.stringSelect('colour', [m.selectOption('Red', 'red'), m.selectOption('Blue', 'blue')]), { description: 'Pick one' }).description).toBe('Pick one'),
  },
  {
    file: 'builders/messages/modal.ts',
    text: "label('Screenshots', fileUpload('shots', { maxValues: 3 }))",
    check: () => expect(m.label('Screenshots', m.fileUpload('shots', { maxValues: 3 })).component).toStrictEqual({ type: 19, custom_id: 'shots', max_values: 3 }),
  },
  {
    file: 'builders/messages/modal.ts',
    text: "label('Size', radioGroup('size', [['Small', 's'], ['Large', 'l']]))",
    check: () =>
      expect(
        m.label(
          'Size',
          m.radioGroup('size', [
            ['Small', 's'],
            ['Large', 'l'],
          ]),
        ).component.options,
      ).toHaveLength(2),
  },
  {
    file: 'builders/messages/modal.ts',
    text: "label('Toppings', checkboxGroup('toppings', [['Cheese', 'cheese'], ['Olives', 'olives']], { maxValues: 2 }))",
    check: () =>
      expect(
        m.label(
          'Toppings',
          m.checkboxGroup(
            'toppings',
            [
              ['Cheese', 'cheese'],
              ['Olives', 'olives'],
            ],
            { maxValues: 2 },
          ),
        ).component.max_values,
      ).toBe(2),
  },
  {
    file: 'builders/messages/modal.ts',
    text: "label('I agree to the rules', checkbox('agree'))",
    check: () => expect(m.label('I agree to the rules', m.checkbox('agree')).component).toStrictEqual({ type: 23, custom_id: 'agree' }),
  },
  {
    file: 'builders/messages/modal.ts',
    text: "modal('feedback', 'Feedback', label('What went well?', textInput('good', { style: 'paragraph' })))",
    check: () =>
      expect(m.validateInteractionResponse({ type: 9, data: m.modal('feedback', 'Feedback', m.label('What went well?', m.textInput('good', { style: 'paragraph' }))) }).ok).toBe(
        true,
      ),
  },
  {
    file: 'builders/custom-id/params.ts',
    text: "const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no'), page: param.integer({ min: 1, max: 50 }) })",
    check: () => {
      const vote = m.route('vote', { poll: m.param.snowflake(), choice: m.param.oneOf('yes', 'no'), page: m.param.integer({ min: 1, max: 50 }) })
      expect(vote.parse(vote.id({ poll: '1', choice: 'no', page: 50 }))).toEqual({ ok: true, values: { poll: '1', choice: 'no', page: 50 } })
    },
  },
  {
    file: 'builders/custom-id/route.ts',
    text: "const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no') })",
    check: () => {
      const vote = m.route('vote', { poll: m.param.snowflake(), choice: m.param.oneOf('yes', 'no') })
      const yes = vote.button({ poll: '1180218955160375406', choice: 'yes' }, 'Yes', { style: 'success' })
      expect(vote.parse(yes.custom_id)).toEqual({ ok: true, values: { poll: '1180218955160375406', choice: 'yes' } })
    },
  },
  {
    file: 'builders/custom-id/route.ts',
    text: "const report = modalRoute('report', { message: param.snowflake() }, 'Report a message', [label('Why?', textInput('reason', { style: 'paragraph' }))])",
    check: () => {
      const report = m.modalRoute('report', { message: m.param.snowflake() }, 'Report a message', [m.label('Why?', m.textInput('reason', { style: 'paragraph' }))])
      const shown = report.modal({ message: '1180218955160375406' })
      expect(shown.title).toBe('Report a message')
      expect(shown.custom_id.startsWith('report:')).toBe(true)
    },
  },
  {
    file: 'parse/components.ts',
    text: 'const hit = matchCustomId([vote, page], interaction.data.custom_id)',
    check: () => {
      const vote = m.route('vote', { choice: m.param.oneOf('yes', 'no') })
      const page = m.route('page', { n: m.param.integer({ max: 9 }) })
      const hit = m.matchCustomId([vote, page], vote.id({ choice: 'yes' }))
      expect(hit.ok && hit.route === vote && hit.values.choice).toBe('yes')
    },
  },
  {
    file: 'parse/components.ts',
    text: 'const read = readComponent([vote, report], interaction)',
    check: () => {
      const vote = m.route('vote', { choice: m.param.oneOf('yes', 'no') })
      const report = m.modalRoute('report', { message: m.param.snowflake() }, 'Report', [m.label('Why?', m.textInput('reason'))])
      const read = m.readComponent([vote, report], { type: 3, data: { custom_id: vote.id({ choice: 'yes' }), component_type: 2 } })
      expect(read.ok && read.hit.route === 'vote' && read.hit.params.choice).toBe('yes')
    },
  },
  {
    file: 'parse/components.ts',
    text: 'const onComponent = handleComponents([vote, report], {',
    check: () => {
      const vote = m.route('vote', { choice: m.param.oneOf('yes', 'no') })
      const report = m.modalRoute('report', { message: m.param.snowflake() }, 'Report', [m.label('Why?', m.textInput('reason'))])
      const onComponent = m.handleComponents([vote, report], {
        vote: ({ params }) => reply(`You voted ${params.choice}`, { ephemeral: true }),
        report: ({ params, fields }) => reply(`Reported ${params.message}: ${fields.reason}`),
      })
      expect(onComponent({ type: 3, data: { custom_id: vote.id({ choice: 'no' }), component_type: 2 } })).toEqual({
        ok: true,
        route: 'vote',
        value: { type: 4, data: { content: 'You voted no', flags: 64 } },
      })
    },
  },
]

/**
 * `@example`s that show a call shape only (free variables, a later layer, a file
 * read), by file and first line. Listed so that a new example is a decision: run it
 * above, or add it here.
 */
const ILLUSTRATIVE: readonly (readonly [string, string])[] = [
  // the emulator's gateway: test/emulator/gateway.test.ts reads sessions() after real WebSocket connections; connect is what startEmulator's socket calls
  ['emulator/gateway/session.ts', 'await until(() => server.emulator.gateway.sessions().some((s) => s.connected))'],
  ['emulator/gateway/session.ts', 'const connection = emulator.gateway.connect({ send: (t) => ws.send(t), close: (c, r) => ws.close(c, r) }, request.url)'],
  // issue 27: test/testing/connect.test.ts runs connect with createHandler, without rest too
  ['testing/connect.ts', 'const bot = await connect(emulator, (publicKey) => createHandler({ publicKey, app, handlers }))'],
  // issue 27: the user acting on what the app sent (test/emulator/invoke/components.test.ts runs each through createHandler)
  ['emulator/emulator.ts', "const r = await emulator.press({ endpoint: handler, user: { id: '10' }, customId: 'vote:yes' })"],
  ['emulator/emulator.ts', "const r = await emulator.choose({ endpoint: handler, user: { id: '10' }, customId: 'color', values: ['red', 'blue'] })"],
  ['emulator/emulator.ts', "const r = await emulator.submit({ endpoint: handler, user: { id: '10' }, fields: { reason: 'spam' } })"],
  // issue 18: the per-command form (test/parse/router.test.ts and test/http/handler.test.ts run it)
  ['parse/handle.ts', "export const config = slash('config', 'Bot settings')"],
  ['http/handlers.ts', 'export const onBan = handle(ban, async ({ options }, ctx) => {'],
  ['permissions/overwrites.ts', 'const body = overwrites(guildId)'],
  ['permissions/can-use.ts', 'const r = canUse({ command, member: interaction.member, channel, guildId, applicationId, overwrites })'],
  ['locale/localize-all.ts', 'const ban2 = localizeAll(ban, {'],
  ['locale/localize-all.ts', "const report = localizationReport(app, { locales: ['de', 'fr'] })"],
  ['locale/types.ts', "const de: Dictionaries<typeof ban>['de'] = { name: 'bannen', options: { target: { name: 'ziel' } } }"],
  ['builders/types/options.ts', "option.string('color', 'Color').choices(choice('Red', 'red'), choice('Blue', 'blue'))"],
  ['builders/types/commands.ts', ".defaultMemberPermissions('BanMembers', 'KickMembers')"],
  ['builders/types/commands.ts', "slash('ban', 'Ban a member').options(option.user('target', 'Who').required())"],
  ['builders/types/commands.ts', "slash('config', 'Settings').subcommand('set', 'Change one', (s) => s.options(...))"],
  ['builders/types/commands.ts', "slash('role', 'Roles').group('admin', 'Admin', (g) => g.subcommand('grant', 'Grant'))"],
  ['builders/option.ts', "option.string('reason', 'Why').maxLength(512)"],
  ['builders/command.ts', "const ban = slash('ban', 'Ban a member').options("],
  ['builders/command.ts', "user('Show profile')"],
  ['builders/command.ts', "message('Report message')"],
  ['builders/set.ts', "export const app = commands(ban, config, user('Show profile'), message('Report'))"],
  ['builders/from-json.ts', "const legacy = fromJSON(JSON.parse(readFileSync('ban.json', 'utf8')))"],
  ['parse/parse.ts', 'const r = safeParse(app, body)'],
  ['parse/parse.ts', 'try { parse(ban, interaction) } catch (error) { if (isInteractionError(error)) return reply(error.issues) }'],
  ['rules/issues.ts', 'try { fromJSON(json) } catch (error) { if (isValidationError(error)) console.log(formatIssues(error.issues)) }'],
  ['parse/parse.ts', 'const hit = parse(config, interaction)'],
  ['parse/parse.ts', 'const { focused } = parseAutocomplete(ban, interaction)'],
  ['parse/router.ts', 'const route = router(app, {'],
  ['parse/responses.ts', "autocompleteResult(focused, [choice('Spam', 'spam'), choice('Raid', 'raid')])"],
  ['emulator/server.ts', 'const server = await startEmulator({ port: 0 })'],
  ['rest/client.ts', "const rest = createClient({ token: process.env.BOT_TOKEN!, applicationId: '123456789012345678' })"],
  ['rest/diff.ts', 'diffCommands(await rest.listCommands({ withLocalizations: true }), app.toJSON())'],
  // issue 13
  ['emulator/interaction-types.ts', "emulator.interactions.get(id)?.transcript.map((e) => e.kind) // ['callback', 'original.edit', 'followup']"],
  ['emulator/interaction-types.ts', 'const stop = emulator.interactions.subscribe((id, entry) => console.log(id, entry.kind))'],
  ['rest/interactions.ts', 'await rest.interactions.callback(interaction.id, interaction.token, { type: InteractionCallbackType.DeferredChannelMessageWithSource })'],
  ['rest/interactions.ts', "await rest.interactions.editOriginal(interaction.token, 'Done')"],
  ['rest/interactions.ts', "await rest.interactions.followUp(interaction.token, { content: 'One more thing', flags: MessageFlag.Ephemeral })"],
  ['http/gateway.ts', 'const onInteraction = createGatewayHandler({ app, handlers })'],
  // issue 25 (run in test/http/holds.test.ts and test/http/gateway.test.ts)
  ['http/errors.ts', 'createHandler({ publicKey, app, handlers, onError: (error) => {'],
  ['http/discordjs.ts', 'const endpoints = discordjsEndpoints(client.rest, interaction.application_id)'],
  // issue 30, files (run in test/http/files.test.ts)
  ['http/context.ts', "await ctx.reply({ content: 'Your chart', files: [{ name: 'chart.png', data: png, contentType: 'image/png' }] })"],
  ['http/context.ts', "await ctx.followUp({ content: 'The log', files: [{ name: 'log.txt', data: new TextEncoder().encode(log) }] }, { ephemeral: true })"],
  ['http/handler.ts', "const vote = route('vote', { choice: param.oneOf('yes', 'no') })"],
  ['http/serve.ts', "const server = await serve(handler, { port: 8080, host: '0.0.0.0' })"],
  // Run in test/http/node-listener.test.ts, on Express 5.
  ['http/serve.ts', 'const web = express()'],
  ['http/verify.ts', 'const key = publicKey(process.env.PUBLIC_KEY!)'],
  ['http/verify.ts', 'const v = await verifyRequest(request, process.env.PUBLIC_KEY!)'],
  ['testing/index.ts', 'const keys = await generateTestKeys()'],
  // Run in test/testing/gateway.test.ts (and compiled in docs/emulator.md).
  ['testing/gateway.ts', "const emulator = createEmulator({ applications: [{ id: APP, botToken: 'bot' }] })"],
  // issue 16 (parseLine's example is run in test/emulator/invoke/options.test.ts)
  ['emulator/emulator.ts', "const r = await emulator.invoke({ applicationId: '1', endpoint: handler, user: { id: '10' }, place: { guild: { id: '20' } }, command: '/ping' })"],
  ['emulator/emulator.ts', "const handler = createHandler({ publicKey: await emulator.publicKey('1'), app, handlers })"],
  ['emulator/emulator.ts', "const shown = emulator.picker({ applicationId: '1', user: { id: '10' }, place: { guild: { id: '20' } } }).filter((c) => c.access.allowed)"],
  ['emulator/invoke/line.ts', "const line: StructuredCommand = { command: 'config', subcommand: 'set', options: { key: 'lang', value: 'es' } }"],
  ['emulator/invoke/line.ts', `parseLine('/config set key:lang value:"hello world"')`],
  // issue 21 (what they show is run in test/emulator/events.test.ts and test/permissions/update.test.ts)
  ['emulator/events.ts', 'const stop = emulator.events.subscribe((e) => {'],
  ['emulator/events.ts', 'emulator.events.list().filter((e) => e.d.id === commandId).length // 1 after one PUT'],
  ['permissions/update.ts', 'const r = safeParsePermissionsUpdate(dispatch)'],
  ['permissions/update.ts', 'const { guild_id, id, permissions } = parsePermissionsUpdate(event)'],
  // Run in test/rest/traffic.test.ts, test/rest/redis.test.ts and test/rest/secrets.test.ts.
  ['rest/store.ts', 'const store = createMemoryStore()'],
  ['rest/redis.ts', "import { Redis } from 'ioredis'"],
  ['rest/token.ts', "checkToken('Bot abc.def', ['token']) // []"],
]

/** The first line of every `@example` in src/ (the text after the tag, or the next line). */
function examples(files: Map<string, string>): [string, string][] {
  const out: [string, string][] = []
  for (const [file, text] of files) for (const m of text.matchAll(/@example[ \t]*(.*)\n(.*)/g)) out.push([file, ((m[1] as string).trim() || (m[2] as string)).trim()])
  return out
}

describe('JSDoc @examples in src/', () => {
  const files = sources()

  it.each(RUN.map((e) => [`${e.file}: ${e.text.split('\n')[0]}`, e] as const))('%s', async (_, e) => {
    expect(files.get(e.file), `${e.file}: the example is no longer written this way`).toContain(e.text)
    await e.check()
  })

  it('every @example is run above or listed as illustrative', () => {
    const known = [...RUN.map((e) => [e.file, e.text.split('\n')[0] as string] as const), ...ILLUSTRATIVE]
    const all = examples(files)
    expect(all.length).toBeGreaterThan(30)
    expect(all.filter(([file, first]) => !known.some(([f, t]) => f === file && t === first))).toEqual([])
    expect(known.filter(([f, t]) => !all.some(([file, first]) => f === file && t === first))).toEqual([])
  })
})
