/**
 * The emulator on a real loopback socket (`startEmulator`), with the client on the
 * platform's `fetch`: the same answers as in process ("Versioning" 1: the base
 * address ends in api/v10).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { slash } from '../../src/index.js'
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, GUILD } from './helpers.js'

describe('startEmulator (loopback)', () => {
  let server: RunningEmulator
  beforeAll(async () => {
    server = await startEmulator({ port: 0 })
  })
  afterAll(async () => {
    await server.close()
  })

  it('listens on 127.0.0.1 with a base address ending in /api/v10', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/)
    expect(server.port).toBeGreaterThan(0)
  })

  it('serves the client over the socket: create, list, lobby, errors', async () => {
    const rest = createClient({ token: 'bot-token', applicationId: APP, baseUrl: server.url })
    const made = await rest.createCommand(slash('ping', 'Pong'), { guildId: GUILD })
    expect(made).toMatchObject({ name: 'ping', guild_id: GUILD })
    expect(await rest.listCommands({ guildId: GUILD })).toEqual([made])
    const lobby = await rest.createLobby({ members: [{ id: '300000000000000003' }] })
    expect(lobby.members).toHaveLength(1)
    await expect(rest.getCommand('123')).rejects.toMatchObject({ status: 404, code: 10063 })
    expect(server.emulator.state.commands(APP, GUILD)).toHaveLength(1)
  })

  it('answers raw HTTP: garbage JSON is a 400, a body over 1 MiB a 413, and the server lives on', async () => {
    const headers = { authorization: 'Bot t', 'content-type': 'application/json' }
    const bad = await fetch(`${server.url}/applications/${APP}/commands`, { method: 'POST', headers, body: '{' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).code).toBe(50109)
    const big = await fetch(`${server.url}/lobbies`, { method: 'POST', headers, body: JSON.stringify({ metadata: { k: 'x'.repeat(2 ** 20) } }) })
    expect(big.status).toBe(413)
    const missing = await fetch(`${server.url.replace('/api/v10', '')}/other`, { headers })
    expect(missing.status).toBe(404)
    expect((await fetch(`${server.url}/applications/${APP}/commands`, { headers })).status).toBe(200)
  })

  it('serves a given emulator, and close() stops listening', async () => {
    const other = await startEmulator({ emulator: server.emulator })
    const res = await fetch(`${other.url}/applications/${APP}/guilds/${GUILD}/commands`, { headers: { authorization: 'Bot t' } })
    expect(await res.json()).toHaveLength(1)
    await other.close()
    await expect(fetch(`${other.url}/lobbies`)).rejects.toThrow()
    // A second close (a test's teardown after the app's) waits for the first; before, node:http's ERR_SERVER_NOT_RUNNING.
    await expect(other.close()).resolves.toBeUndefined()
  })
})
