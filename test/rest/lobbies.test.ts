/**
 * Lobbies, complete, through the client against the emulator: the spec's endpoints
 * ("Lobby endpoints") and those only the operator's OpenAPI describes (DESIGN.md
 * "Rulings"), with the credentials each takes (OpenAPI security: `BotToken`, and
 * `OAuth2` where it says so).
 */
import { describe, expect, it } from 'vitest'
import { connect, APP } from './helpers.js'

const A = '500000000000000001'
const B = '500000000000000002'
const CHANNEL = '600000000000000001'

/** A client of the bot, and one per user (Bearer tokens the emulator maps to users A and B). */
function lobbyWorld() {
  const apps = [{ id: APP, botToken: 'bot', bearerTokens: { 'user-a': [], 'user-b': [] }, bearerUsers: { 'user-a': A, 'user-b': B } }]
  const { rest, emulator, sent } = connect({ token: 'Bot bot' }, { applications: apps })
  return { rest, emulator, sent, asA: { token: 'Bearer user-a' }, asB: { token: 'Bearer user-b' } }
}

describe('the lobby object and POST /lobbies (OpenAPI create_lobby, LobbyResponse)', () => {
  it('answers 201 with id, application_id, metadata, members, flags; a webhook URL and member names are kept', async () => {
    const { rest, sent } = lobbyWorld()
    const lobby = await rest.createLobby({ metadata: { mode: 'duel' }, members: [{ id: A }], flags: 1, override_event_webhooks_url: 'https://example.com/lobby' })
    expect(lobby).toMatchObject({
      application_id: APP,
      metadata: { mode: 'duel' },
      members: [{ id: A, metadata: null, flags: 0 }],
      flags: 1,
      override_event_webhooks_url: 'https://example.com/lobby',
    })
    expect(lobby.id).toMatch(/^\d+$/)
    expect(lobby.linked_channel).toBeUndefined()
    const member = await rest.putMember(lobby.id, B, { additional_name: 'Player Two' })
    expect(member).toEqual({ id: B, metadata: null, flags: 0, additional_name: 'Player Two' })
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bot bot', 'Bot bot'])
  })

  it('a member PUT cannot grow a lobby past 25 ("Limits"), but still updates a member already in', async () => {
    const { rest } = lobbyWorld()
    const members = Array.from({ length: 25 }, (_, i) => ({ id: String(700000000000000000n + BigInt(i)) }))
    const lobby = await rest.createLobby({ members })
    await expect(rest.putMember(lobby.id, A)).rejects.toMatchObject({ status: 400 })
    expect((await rest.putMember(lobby.id, members[0]!.id, { metadata: { team: 'red' } })).metadata).toEqual({ team: 'red' })
  })
})

describe('create or join (PUT /lobbies with a secret)', () => {
  it("the first call creates the lobby, the next joins it; both as the caller (@me), with a user token or the bot's", async () => {
    const { rest, asA, asB } = lobbyWorld()
    const made = await rest.createOrJoinLobby({ secret: 'match-42', lobby_metadata: { map: 'dust' }, member_metadata: { team: 'red' } }, asA)
    expect(made.members).toEqual([{ id: A, metadata: { team: 'red' }, flags: 0 }])
    const joined = await rest.createOrJoinLobby({ secret: 'match-42', member_metadata: { team: 'blue' } }, asB)
    expect(joined.id).toBe(made.id)
    expect(joined.metadata).toEqual({ map: 'dust' })
    expect(joined.members.map((m) => m.id)).toEqual([A, B])
    const other = await rest.createOrJoinLobby({ secret: 'match-43' })
    expect(other.id).not.toBe(made.id)
    expect(other.members.map((m) => m.id)).toEqual([APP])
  })

  it('refuses a body without a secret before sending it', async () => {
    const { rest, sent } = lobbyWorld()
    await expect(rest.createOrJoinLobby({} as never)).rejects.toMatchObject({ name: 'ValidationError' })
    expect(sent).toEqual([])
  })
})

describe('leaving, channel linking and invites', () => {
  it('a user leaves a lobby it joined; a client cannot leave one made by POST /lobbies (spec: "Lobby endpoints" rule 1)', async () => {
    const { rest, asA } = lobbyWorld()
    const joined = await rest.createOrJoinLobby({ secret: 's' }, asA)
    await rest.leaveLobby(joined.id, asA)
    expect((await rest.getLobby(joined.id)).members).toEqual([])
    const made = await rest.createLobby({ members: [{ id: A }] })
    await expect(rest.leaveLobby(made.id, asA)).rejects.toMatchObject({ status: 403 })
    await rest.leaveLobby(made.id) // the bot may
  })

  it('links and unlinks a channel; a user needs the CanLinkLobby flag; invites need a linked channel and a member', async () => {
    const { rest, asA, asB } = lobbyWorld()
    const lobby = await rest.createLobby({ members: [{ id: A, flags: 1 }, { id: B }] })
    await expect(rest.createLobbyInvite(lobby.id, asA)).rejects.toMatchObject({ status: 400 })
    await expect(rest.linkLobbyChannel(lobby.id, CHANNEL, asB)).rejects.toMatchObject({ status: 403 })
    expect((await rest.linkLobbyChannel(lobby.id, CHANNEL, asA)).linked_channel).toMatchObject({ id: CHANNEL })
    expect((await rest.createLobbyInvite(lobby.id, asA)).code).toMatch(/^\w+$/)
    expect((await rest.createLobbyInviteForUser(lobby.id, B)).code).toMatch(/^\w+$/)
    await expect(rest.createLobbyInviteForUser(lobby.id, '500000000000000009')).rejects.toMatchObject({ status: 404 })
    expect((await rest.linkLobbyChannel(lobby.id, null)).linked_channel).toBeUndefined()
  })

  it('the endpoints the OpenAPI gives to bots only refuse a Bearer token: before sending, and in the emulator', async () => {
    const { rest, emulator } = lobbyWorld()
    const lobby = await rest.createLobby()
    await expect(rest.request('POST', `/lobbies/${lobby.id}/members/bulk`, { body: [{ id: A }], token: 'Bearer user-a' })).rejects.toMatchObject({ status: 401 })
    const bearer = connect({ token: 'Bearer user-a' }, { applications: [{ id: APP, bearerTokens: { 'user-a': [] } }] })
    await expect(bearer.rest.bulkUpdateLobbyMembers(lobby.id, [{ id: A }])).rejects.toThrow(/needs a Bot token/)
    expect(emulator.requests.at(-1)?.status).toBe(401)
  })
})

describe('bulk member update, messages and moderation metadata', () => {
  it('adds, updates and removes members in one call; refuses growing past 25', async () => {
    const { rest } = lobbyWorld()
    const lobby = await rest.createLobby({ members: [{ id: A }, { id: B }] })
    const updated = await rest.bulkUpdateLobbyMembers(lobby.id, [
      { id: A, metadata: { team: 'red' }, additional_name: 'P1' },
      { id: B, remove_member: true },
      { id: '500000000000000003' },
    ])
    expect(updated).toEqual([
      { id: A, metadata: { team: 'red' }, flags: 0, additional_name: 'P1' },
      { id: '500000000000000003', metadata: null, flags: 0 },
    ])
    expect((await rest.getLobby(lobby.id)).members.map((m) => m.id)).toEqual([A, '500000000000000003'])
    const many = Array.from({ length: 24 }, (_, i) => ({ id: String(700000000000000000n + BigInt(i)) }))
    await expect(rest.bulkUpdateLobbyMembers(lobby.id, many)).rejects.toMatchObject({ status: 400 })
  })

  it('sends (201) and lists messages newest first, with a limit; members only for a user; moderation metadata on one', async () => {
    const { rest, asA, asB } = lobbyWorld()
    const lobby = await rest.createLobby({ members: [{ id: A }] })
    const first = await rest.sendLobbyMessage(lobby.id, { content: 'gl' }, asA)
    expect(first).toMatchObject({ type: 0, content: 'gl', lobby_id: lobby.id, channel_id: lobby.id, author: { id: A }, flags: 0, application_id: APP })
    await rest.sendLobbyMessage(lobby.id, { content: 'hf' })
    expect((await rest.listLobbyMessages(lobby.id, asA)).map((m) => m.content)).toEqual(['hf', 'gl'])
    expect((await rest.listLobbyMessages(lobby.id, { limit: 1 })).map((m) => m.content)).toEqual(['hf'])
    await expect(rest.sendLobbyMessage(lobby.id, { content: 'hi' }, asB)).rejects.toMatchObject({ status: 403 })
    await expect(rest.listLobbyMessages(lobby.id, { limit: 201 })).rejects.toMatchObject({ name: 'ValidationError' })
    await rest.setLobbyMessageModerationMetadata(lobby.id, first.id, { verdict: 'ok' })
    expect((await rest.listLobbyMessages(lobby.id)).find((m) => m.id === first.id)?.moderation_metadata).toEqual({ verdict: 'ok' })
    await expect(rest.setLobbyMessageModerationMetadata(lobby.id, '900000000000000009', { verdict: 'ok' })).rejects.toMatchObject({ status: 404 })
  })

  it('an unknown lobby is 404 on every new route', async () => {
    const { rest } = lobbyWorld()
    const missing = '900000000000000001'
    for (const call of [
      () => rest.linkLobbyChannel(missing, CHANNEL),
      () => rest.leaveLobby(missing),
      () => rest.createLobbyInvite(missing),
      () => rest.bulkUpdateLobbyMembers(missing, [{ id: A }]),
      () => rest.listLobbyMessages(missing),
      () => rest.sendLobbyMessage(missing, { content: 'x' }),
    ])
      await expect(call()).rejects.toMatchObject({ status: 404 })
  })
})
