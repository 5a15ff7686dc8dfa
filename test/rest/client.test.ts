/**
 * The typed client against the emulator, in process: every endpoint (spec:
 * "Command endpoints", "Command permission endpoints", "Lobby endpoints"), bodies
 * checked before sending, `RestError`, and the credentials of "Authentication".
 */
import { describe, expect, it, vi } from 'vitest'
import { commands, fromJSON, option, overwrites, slash, user, ValidationError } from '../../src/index.js'
import { createClient, RestError, type FetchLike } from '../../src/rest/index.js'
import { createEmulator } from '../../src/emulator/index.js'
import { APP, GUILD, connect } from './helpers.js'

const ROLE = '400000000000000004'
const MEMBER = '500000000000000005'

const codes = async (promise: Promise<unknown>): Promise<[string, readonly (string | number)[]][]> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ValidationError)
  return (error as ValidationError).issues.map((i) => [i.code, i.path])
}

describe('commands (spec: "Command endpoints")', () => {
  it('create, get, list, edit, delete a global command, with builders or plain JSON', async () => {
    const { rest, sent } = connect()
    const ping = await rest.createCommand(slash('ping', 'Pong').options(option.string('text', 'Text')))
    expect(ping).toMatchObject({ name: 'ping', type: 1, options: [{ type: 3, name: 'text' }] })
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/applications/${APP}/commands`, body: { name: 'ping', description: 'Pong' } })
    expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer token', 'content-type': 'application/json' })
    const profile = await rest.createCommand({ type: 2, name: 'Profile' })
    expect(await rest.getCommand(ping.id)).toEqual(ping)
    expect((await rest.listCommands()).map((c) => c.name)).toEqual(['ping', 'Profile'])
    const edited = await rest.editCommand(ping.id, { description: 'Pong!' })
    expect(edited.description).toBe('Pong!')
    expect(await rest.deleteCommand(profile.id)).toBeUndefined()
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: `/applications/${APP}/commands/${profile.id}` })
    expect((await rest.listCommands()).map((c) => c.name)).toEqual(['ping'])
  })

  it('sends guild commands to the guild path, with the guild scope of the builders', async () => {
    const { rest, sent } = connect()
    const c = await rest.createCommand(user('Show profile'), { guildId: GUILD })
    expect(c.guild_id).toBe(GUILD)
    expect(sent[0]!.path).toBe(`/applications/${APP}/guilds/${GUILD}/commands`)
    expect(await rest.getCommand(c.id, { guildId: GUILD })).toEqual(c)
    expect(await rest.listCommands()).toEqual([])
    await rest.editCommand(c.id, { name: 'Profile' }, { guildId: GUILD })
    await rest.deleteCommand(c.id, { guildId: GUILD })
    expect(await rest.listCommands({ guildId: GUILD })).toEqual([])
  })

  it('lists with the locale as X-Service-Locale and with_localizations ("Other command rules" 7)', async () => {
    const { rest, sent } = connect()
    await rest.createCommand(slash('ban', 'Ban').localize('de', { name: 'bannen', description: 'Bannen' }))
    const [viewed] = await rest.listCommands({ locale: 'de' })
    expect(sent.at(-1)!.headers['x-service-locale']).toBe('de')
    expect(viewed).toMatchObject({ name_localized: 'bannen', description_localized: 'Bannen' })
    const [full] = await rest.listCommands({ withLocalizations: true })
    expect(sent.at(-1)!.path).toBe(`/applications/${APP}/commands?with_localizations=true`)
    expect(full!.name_localizations).toEqual({ de: 'bannen' })
  })

  it('bulkOverwrite takes commands(...), an array of builders and bodies, or fromJSON values', async () => {
    const { rest } = connect()
    const first = await rest.bulkOverwrite(commands(slash('a', 'A'), user('B')))
    expect(first.map((c) => c.name)).toEqual(['a', 'B'])
    const second = await rest.bulkOverwrite([slash('a', 'A2'), { name: 'c', description: 'C' }, fromJSON({ type: 3, name: 'D' })], { guildId: GUILD })
    expect(second.map((c) => [c.name, c.guild_id])).toEqual([
      ['a', GUILD],
      ['c', GUILD],
      ['D', GUILD],
    ])
    expect((await rest.listCommands()).map((c) => c.name)).toEqual(['a', 'B'])
  })
})

describe('bodies are checked before sending: a ValidationError, never a refused request', () => {
  it('create, bulk, edit', async () => {
    const { rest, sent } = connect()
    expect(await codes(rest.createCommand({ name: 'Ban', description: 'x' } as never))).toEqual([['name.lowercase', ['name']]])
    expect(await codes(rest.createCommand({ name: 'x', description: 'y', contexts: [0] }, { guildId: GUILD }))).toEqual([['scope.global_only', ['contexts']]])
    expect(
      await codes(
        rest.bulkOverwrite([
          { name: 'a', description: 'A' },
          { name: 'a', description: 'B' },
        ]),
      ),
    ).toEqual([['set.duplicate_name', [1, 'name']]])
    // Valid for no type: an entry point's name may have spaces, but only CHAT_INPUT commands take options.
    expect(await codes(rest.editCommand('1', { name: 'Bad Name', options: [] }))).toEqual([
      ['name.pattern', ['name']],
      ['name.lowercase', ['name']],
    ])
    expect(await codes(rest.editCommand('1', { type: 2 } as never))).toEqual([['field.unknown', ['type']]])
    expect(await codes(rest.editCommand('1', { options: [{ type: 3, name: 'x' }] } as never))).toEqual([['field.required', ['options', 0, 'description']]])
    expect(await codes(rest.editCommand('1', { contexts: [0] }, { guildId: GUILD }))).toEqual([['scope.global_only', ['contexts']]])
    // A builder refuses in its own toJSON.
    await expect(rest.createCommand(slash('ok', 'Ok').options(option.string('Bad' as string, 'x')))).rejects.toBeInstanceOf(ValidationError)
    expect(sent).toEqual([])
  })

  it('an edit valid for some type of command is sent (a USER name, a CHAT_INPUT description)', async () => {
    const { rest } = connect()
    const u = await rest.createCommand({ type: 2, name: 'Profile' })
    expect((await rest.editCommand(u.id, { name: 'Show Profile' })).name).toBe('Show Profile')
    // The service knows the type: a description on a USER command is refused there.
    await expect(rest.editCommand(u.id, { description: 'x' })).rejects.toMatchObject({ status: 400, code: 50035, issues: [{ code: 'field.not_allowed' }] })
  })

  it('permissions and lobbies', async () => {
    const { rest, sent } = connect({ token: 'Bot bot' })
    const many = Array.from({ length: 101 }, (_, i) => ({ id: String(10n ** 17n + BigInt(i)), type: 2 as const, permission: true }))
    expect(await codes(rest.putPermissions(GUILD, '1', many, { token: 'Bearer b' }))).toEqual([['permissions.too_many', ['permissions']]])
    expect(await codes(rest.createLobby({ idle_timeout_seconds: 1 }))).toEqual([['lobby.idle_timeout', ['idle_timeout_seconds']]])
    expect(await codes(rest.editLobby('1', { members: [{ id: 'x' }] }))).toEqual([['snowflake.format', ['members', 0, 'id']]])
    expect(await codes(rest.putMember('1', '2', { flags: 4 }))).toEqual([['enum.value', ['flags']]])
    expect(sent).toEqual([])
  })

  it('ids in paths must be snowflakes: nothing else reaches a URL', async () => {
    const { rest, sent } = connect()
    expect(await codes(rest.getCommand('../../users/@me'))).toEqual([['snowflake.format', ['commandId']]])
    expect(await codes(rest.listCommands({ guildId: '1?x=1' }))).toEqual([['snowflake.format', ['guildId']]])
    expect(await codes(rest.removeMember('1', 'me'))).toEqual([['snowflake.format', ['userId']]])
    // From JavaScript, a missing id was put in the path as the text "undefined" (GET /lobbies/undefined, a 404).
    const missing = undefined as unknown as string
    expect(await codes(rest.getLobby(missing))).toEqual([['snowflake.format', ['lobbyId']]])
    expect(await codes(rest.getCommand(missing))).toEqual([['snowflake.format', ['commandId']]])
    expect(await codes(rest.listPermissions(missing))).toEqual([['snowflake.format', ['guildId']]])
    await expect(rest.deleteLobby(missing)).rejects.toThrow('lobbyId must be a snowflake (a string of digits) (was undefined)')
    expect(sent).toEqual([])
    expect(() => createClient({ token: '', applicationId: 'app' })).toThrow(ValidationError)
  })

  it('baseUrl must be an absolute http(s) address: a relative one is refused at once, not after retries (s8 trial)', () => {
    // The trial: DISCORD_API unset gave baseUrl '/api/v10', and deploy failed only after 4 attempts as a network error.
    for (const baseUrl of ['/api/v10', '127.0.0.1:8080/api/v10', 'ftp://127.0.0.1/api/v10', '']) {
      let error: unknown
      try {
        createClient({ token: 'Bot t', applicationId: APP, baseUrl })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).issues).toMatchObject([{ code: 'url.format', path: ['baseUrl'] }])
      expect((error as ValidationError).issues[0]?.message).toContain(`(was ${JSON.stringify(baseUrl)})`)
    }
    expect(() => createClient({ token: 'Bot t', applicationId: APP, baseUrl: 'http://127.0.0.1:8080/api/v10' })).not.toThrow()
    expect(() => createClient({ token: 'Bot t', applicationId: APP, baseUrl: 'https://discord.com/api/v10/' })).not.toThrow()
  })

  it('functions and amounts are checked when the client is made: from JavaScript, a fetch of "x" failed at the first request', () => {
    const issuesOf = (options: Record<string, unknown>): unknown => {
      try {
        createClient({ token: 'Bot t', applicationId: APP, ...options } as never)
      } catch (e) {
        return (e as ValidationError).issues.map((i) => [i.code, i.path, i.message])
      }
      return []
    }
    expect(issuesOf({ fetch: 'x', sleep: 5, now: null })).toEqual([
      ['value.type', ['fetch'], 'fetch must be a function (was a string)'],
      ['value.type', ['sleep'], 'sleep must be a function (was 5)'],
      ['value.type', ['now'], 'now must be a function (was null)'],
    ])
    // A timeout of 'x' made each attempt's deadline NaN; retries of 'x' none at all, silently.
    expect(issuesOf({ retries: 'x', timeout: Number.NaN, retryBackoff: -1, maxRetryWait: Number.POSITIVE_INFINITY, rateLimitMargin: '5' })).toEqual([
      ['value.type', ['retries'], 'retries must be a number, 0 or more (was a string)'],
      ['value.type', ['retryBackoff'], 'retryBackoff must be a number of ms, 0 or more (was -1)'],
      ['value.type', ['timeout'], 'timeout must be a number of ms, 0 or more (was NaN)'],
      ['value.type', ['maxRetryWait'], 'maxRetryWait must be a number of ms, 0 or more (was Infinity)'],
      ['value.type', ['rateLimitMargin'], 'rateLimitMargin must be a number of ms, 0 or more (was a string)'],
    ])
    expect(issuesOf({ retries: 0, timeout: 1, retryBackoff: 0, maxRetryWait: 0, rateLimitMargin: 0, fetch: async () => new Response('{}'), now: Date.now })).toEqual([])
    expect(() => createClient(null as never)).toThrow(new TypeError('createClient: options must be an object of client options (was null)'))
    // A misspelt option was dropped and its default used in silence (a `tokn` sent no token, `onRatelimit` told nothing).
    expect(issuesOf({ tokn: 'x', hooks: { onRatelimit: () => undefined, onRequest: () => undefined }, timeout: undefined })).toEqual([
      ['field.unknown', ['tokn'], expect.stringMatching(/^tokn is not an option of createClient \(its options: token, applicationId, baseUrl, fetch, .*, localeHeader\)$/)],
      ['field.unknown', ['hooks', 'onRatelimit'], 'hooks.onRatelimit is not an option of createClient (its hooks options: onRequest, onResponse, onRateLimit, onStoreError)'],
    ])
    expect(issuesOf(JSON.parse('{"__proto__":{"token":"x"}}'))).toEqual([['field.unknown', ['__proto__'], expect.stringMatching(/^__proto__ is not an option/)]])
  })
})

describe('fetch', () => {
  it("is the platform's by default, looked up when a request is sent", async () => {
    const platform: FetchLike = fetch // the platform's fetch has the shape the client takes
    expect(platform).toBeTypeOf('function')
    const emulator = createEmulator()
    const rest = createClient({ token: 't', applicationId: APP, baseUrl: emulator.baseUrl })
    vi.stubGlobal('fetch', emulator.fetch)
    try {
      expect(await rest.listCommands()).toEqual([])
      expect(emulator.requests).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('errors (spec: "Errors")', () => {
  it('a refused request is a RestError with status, code, body, method and path', async () => {
    const { rest } = connect()
    const error = await rest.getCommand('123').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RestError)
    expect(error).toMatchObject({
      status: 404,
      code: 10063,
      method: 'GET',
      path: `/applications/${APP}/commands/123`,
      body: { code: 10063, message: 'Unknown application command' },
    })
    expect((error as RestError).message).toBe(`GET /applications/${APP}/commands/123 answered 404: Unknown application command (code 10063)`)
  })

  it("the emulator's issues of a refused body are on the error", async () => {
    const { rest } = connect()
    const error = (await rest.request('POST', `/applications/${APP}/commands`, { body: { name: 'A' } }).catch((e: unknown) => e)) as RestError
    expect(error.status).toBe(400)
    expect(error.issues!.map((i) => i.code)).toEqual(['name.lowercase', 'field.required'])
  })

  it('a body that is not JSON is kept as text', async () => {
    const rest = createClient({ token: 't', applicationId: APP, retries: 0, fetch: async () => ({ status: 502, headers: { get: () => null }, text: async () => 'Bad Gateway' }) })
    await expect(rest.listCommands()).rejects.toMatchObject({ status: 502, code: 0, body: 'Bad Gateway', message: `GET /applications/${APP}/commands answered 502: Bad Gateway` })
  })
})

describe('permissions (spec: "Command permission endpoints", "Authentication")', () => {
  it('put and get per command, list per guild; an overwrites() value, a body or an array', async () => {
    const { rest, sent } = connect()
    const c = await rest.createCommand(slash('ping', 'Pong'))
    const put = await rest.putPermissions(GUILD, c.id, overwrites(GUILD).role(ROLE, true).everyone(false))
    expect(put).toEqual({
      id: c.id,
      application_id: APP,
      guild_id: GUILD,
      permissions: [
        { id: ROLE, type: 1, permission: true },
        { id: GUILD, type: 1, permission: false },
      ],
    })
    expect(sent.at(-1)).toMatchObject({ method: 'PUT', path: `/applications/${APP}/guilds/${GUILD}/commands/${c.id}/permissions` })
    expect(await rest.getPermissions(GUILD, c.id)).toEqual(put)
    await rest.putPermissions(GUILD, APP, { permissions: [{ id: ROLE, type: 1, permission: false }] })
    await rest.putPermissions(GUILD, c.id, [{ id: MEMBER, type: 2, permission: true }])
    expect((await rest.listPermissions(GUILD)).map((p) => [p.id, p.permissions.length])).toEqual([
      [c.id, 1],
      [APP, 1],
    ])
  })

  it('the PUT needs a Bearer token: with a bot token, pass one, or get a CredentialError before sending', async () => {
    const { rest, sent, emulator } = connect({ token: 'bot-token' })
    const c = await rest.createCommand(slash('ping', 'Pong'))
    expect(sent[0]!.headers.authorization).toBe('Bot bot-token')
    await expect(rest.putPermissions(GUILD, c.id, [])).rejects.toThrow(/needs a Bearer token/)
    expect(sent).toHaveLength(1)
    await rest.putPermissions(GUILD, c.id, [], { token: 'Bearer user-token' })
    expect(sent.at(-1)!.headers.authorization).toBe('Bearer user-token')
    expect(emulator.state.permissions(APP, GUILD)).toHaveLength(1)
  })
})

describe('lobbies (spec: "Lobby endpoints")', () => {
  it('create, get, edit, put and remove members, delete', async () => {
    const { rest, sent } = connect({ token: 'Bot bot' })
    const l = await rest.createLobby({ members: [{ id: MEMBER }], metadata: { mode: 'duel' } })
    expect(l.members).toEqual([{ id: MEMBER, metadata: null, flags: 0 }])
    expect(await rest.getLobby(l.id)).toEqual(l)
    expect((await rest.editLobby(l.id, { members: [] })).members).toEqual([])
    expect(await rest.addMember(l.id, MEMBER, { flags: 1 })).toEqual({ id: MEMBER, metadata: null, flags: 1 })
    expect(await rest.putMember(l.id, MEMBER, { metadata: { a: 'b' } })).toEqual({ id: MEMBER, metadata: { a: 'b' }, flags: 1 })
    await rest.removeMember(l.id, MEMBER)
    await rest.removeMember(l.id, MEMBER) // safe when not a member
    await rest.deleteLobby(l.id)
    await rest.deleteLobby(l.id) // safe when gone
    await expect(rest.removeMember(l.id, MEMBER)).rejects.toMatchObject({ status: 404, code: 10031 })
    await expect(rest.getLobby(l.id)).rejects.toMatchObject({ status: 404 })
    expect(sent.every((s) => s.headers.authorization === 'Bot bot')).toBe(true)
    expect(await rest.createLobby()).toMatchObject({ members: [], metadata: null })
  })

  it('need a bot token: a Bearer client gets a CredentialError before sending', async () => {
    const { rest, sent } = connect({ token: 'Bearer x' })
    await expect(rest.createLobby()).rejects.toThrow(/needs a Bot token/)
    expect(sent).toEqual([])
  })
})
