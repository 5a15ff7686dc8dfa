/**
 * Which endpoint takes which credential ("Authentication"), and a client made
 * without a token: the interaction callback and webhooks are authorized by the
 * token in their path (public API v10), so such a client calls them with no
 * Authorization header; a call that needs a token fails with a `CredentialError`
 * naming the route before anything is sent, and a call given a token of its own
 * goes with it.
 */
import { describe, expect, it } from 'vitest'
import { InteractionCallbackType } from '../../src/index.js'
import { CredentialError } from '../../src/rest/index.js'
import { APP, connect, GUILD } from './helpers.js'

const LOBBY = '923456789012345678'

describe('a client without a token', () => {
  it('calls the interaction endpoints, with no Authorization header', async () => {
    const { rest, emulator, sent } = connect({ token: undefined })
    const { id, token } = emulator.interactions.open(APP)
    await rest.interactions.callback(id, token, { type: InteractionCallbackType.ChannelMessageWithSource, data: { content: 'hi' } })
    const note = await rest.interactions.followUp(token, 'done')
    await rest.interactions.editOriginal(token, 'edited')
    await rest.interactions.deleteFollowUp(token, note.id)
    expect(emulator.interactions.get(id)?.transcript.map((e) => e.kind)).toEqual(['callback', 'followup', 'original.edit', 'followup.delete'])
    expect(sent).toHaveLength(4)
    for (const s of sent) expect(s.headers).not.toHaveProperty('authorization')
  })

  it('refuses every call that needs a token with a CredentialError naming the route, before sending', async () => {
    const { rest, sent } = connect({ token: undefined })
    const refusals = await Promise.all([
      rest.listCommands().catch((e: unknown) => e),
      rest.getCommand('123456789012345678', { guildId: GUILD }).catch((e: unknown) => e),
      rest.deploy([]).catch((e: unknown) => e),
      rest.listPermissions(GUILD).catch((e: unknown) => e),
      rest.putPermissions(GUILD, APP, []).catch((e: unknown) => e),
      rest.createLobby().catch((e: unknown) => e),
      rest.createOrJoinLobby({ secret: 's' }).catch((e: unknown) => e),
      rest.request('GET', '/users/@me').catch((e: unknown) => e),
    ])
    for (const e of refusals) expect(e).toBeInstanceOf(CredentialError)
    expect(refusals.map((e) => [(e as CredentialError).route, (e as CredentialError).needs])).toEqual([
      ['GET /applications/:id/commands', 'any'],
      ['GET /applications/:id/guilds/:id/commands/:id', 'any'],
      ['GET /applications/:id/commands', 'any'],
      ['GET /applications/:id/guilds/:id/commands/permissions', 'any'],
      ['PUT /applications/:id/guilds/:id/commands/:id/permissions', 'Bearer'],
      ['POST /lobbies', 'Bot'],
      ['PUT /lobbies', 'any'],
      ['GET /users/@me', 'any'],
    ])
    expect((refusals[0] as Error).message).toBe(
      `GET /applications/${APP}/commands needs a token ("Authentication"): the client was made without one; give createClient a token, or the call one of its own where it takes one`,
    )
    expect(sent).toEqual([])
  })

  it('sends a call given a token of its own: the permissions PUT with a Bearer token, a lobby join as a user, a raw request', async () => {
    const { rest, sent, emulator } = connect({ token: undefined })
    await rest.putPermissions(GUILD, APP, [], { token: 'Bearer user-token' })
    await rest.createOrJoinLobby({ secret: 'match-1' }, { token: 'Bearer user-token' })
    expect(await rest.request('GET', `/applications/${APP}/commands`, { token: 'Bot bot' })).toEqual([])
    expect(sent.map((s) => [s.method, s.headers.authorization])).toEqual([
      ['PUT', 'Bearer user-token'],
      ['PUT', 'Bearer user-token'],
      ['GET', 'Bot bot'],
    ])
    expect(emulator.state.permissions(APP, GUILD)).toHaveLength(1)
  })
})

describe('a token of the wrong kind ("Authentication")', () => {
  it('a bot token on the permissions PUT, a Bearer token on a bot-only lobby endpoint: CredentialError, nothing sent', async () => {
    const bot = connect({ token: 'Bot bot' })
    const e1 = await bot.rest.putPermissions(GUILD, APP, []).catch((e: unknown) => e)
    expect(e1).toBeInstanceOf(CredentialError)
    expect(e1).toMatchObject({ needs: 'Bearer', method: 'PUT', route: 'PUT /applications/:id/guilds/:id/commands/:id/permissions' })
    // What to do, in the message: "Command permission endpoints" rule 2, the scope from "Authentication".
    expect((e1 as Error).message).toMatch(
      /needs a Bearer token \("Authentication"\); the client holds a Bot token: give the call \{ token: 'Bearer \.\.\.' \}, a user's OAuth2 access token with the scope applications\.commands\.permissions\.update$/,
    )
    const user = connect({ token: 'Bearer user' })
    const e2 = await user.rest.createLobbyInviteForUser(LOBBY, '523456789012345678').catch((e: unknown) => e)
    expect(e2).toMatchObject({ name: 'CredentialError', needs: 'Bot', route: 'POST /lobbies/:id/members/:id/invites' })
    const e3 = await user.rest.putPermissions(GUILD, APP, [], { token: 'Bot bot' }).catch((e: unknown) => e)
    expect((e3 as Error).message).toMatch(/the call gave a Bot token: give the call/)
    expect((e2 as Error).message).toMatch(/the client holds a Bearer token: give the client \(or the call\) the bot's token$/)
    expect([...bot.sent, ...user.sent]).toEqual([])
  })
})

describe('a token the service refuses ("Authentication": 401)', () => {
  it("says the service's words, and the token nowhere (the CLI adds what to check: test/cli/cli.test.ts)", async () => {
    const { rest } = connect({ token: 'Bot not-this-one' }, { applications: [{ id: APP, botToken: 'the-right-one' }] })
    const e = await rest.listCommands().catch((error: unknown) => error)
    expect(e).toMatchObject({ name: 'RestError', status: 401, code: 0 })
    // The service's message repeats the status ("401: Unauthorized"); the line says it once.
    expect((e as Error).message).toBe(`GET /applications/${APP}/commands answered 401: Unauthorized`)
    expect((e as Error).message).not.toContain('not-this-one')
    // The body keeps the service's own words.
    expect((e as { body: unknown }).body).toEqual({ code: 0, message: '401: Unauthorized' })
  })
})
