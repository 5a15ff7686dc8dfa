/**
 * `slashkit emulator --config FILE` (docs/cli.md, "The emulator's config file"): an
 * emulator in its own process with its applications (the id, the bot token the
 * service checks, the key its interactions are signed with, its
 * `interactions_endpoint_url`) and rate limits ("Limits": 200 creates a day, here 1),
 * all on loopback: the emulator's socket, a real `createHandler` served by `serve`
 * verifying with the public half of the configured key. A wrong file is refused whole,
 * each issue with its path and code, before anything listens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { run, type CliWorld } from '../../src/cli/run.js'
import { publicKeyOf } from '../../src/cli/keys.js'
import { createHandler, serve } from '../../src/http/index.js'

const APP = '100000000000000001'
const OTHER = '100000000000000009'
const GUILD = '200000000000000002'
const SEED = '9f'.repeat(32)
const dir = mkdtempSync(join(tmpdir(), 'slashkit-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function world(extra: Partial<CliWorld> = {}) {
  const out: string[] = []
  const err: string[] = []
  const w: CliWorld = { stdout: (l) => void out.push(l), stderr: (l) => void err.push(l), env: {}, cwd: dir, ...extra }
  return { w, out, err }
}

const write = (name: string, json: unknown) => {
  writeFileSync(join(dir, name), typeof json === 'string' ? json : JSON.stringify(json))
  return name
}

describe('slashkit emulator --config', () => {
  it('serves the configured application: its token, its key, its endpoint URL, its daily creates', async () => {
    const app = commands(slash('ping', 'Pong'))
    const bot = await serve(createHandler({ publicKey: await publicKeyOf(SEED), app, handlers: { ping: () => 'pong' } }), { port: 0 })
    const endpoint = `${bot.url}/interactions`
    const file = write('ok.json', {
      applications: [
        { id: APP, botToken: 'secret', signingKey: SEED, interactionsEndpointUrl: endpoint },
        { id: OTHER, botToken: 'other' },
      ],
      rateLimits: { dailyCreates: 1 },
    })
    let stop!: () => void
    const { w, out } = world({ stopped: new Promise<void>((r) => (stop = r)) })
    const done = run(['emulator', '--config', file], w)
    await expect.poll(() => out.length).toBe(4)
    const url = out[0]!.replace('emulator listening on ', '')
    expect(out[2]).toBe(`application ${APP}: public key ${await publicKeyOf(SEED)}, interactions to ${endpoint}`)
    expect(out[3]).toMatch(new RegExp(`^application ${OTHER}: public key [0-9a-f]{64}$`))
    const call = (method: string, path: string, token: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    // "Authentication": only the configured token of the application.
    expect((await call('GET', `/applications/${APP}/commands`, 'wrong')).status).toBe(401)
    expect((await call('PUT', `/applications/${APP}/guilds/${GUILD}/commands`, 'secret', app.toJSON())).status).toBe(200)
    // "Limits": the second create of the day in the scope is refused (429, code 30034), as configured.
    const second = await call('POST', `/applications/${APP}/guilds/${GUILD}/commands`, 'secret', { name: 'pong', description: 'Ping' })
    expect([second.status, ((await second.json()) as { code: number }).code]).toEqual([429, 30034])
    // Its own call with no endpoint: delivered to the configured URL, signed with the configured key.
    const invoked = await fetch(`${url.replace(/\/api\/v10$/u, '')}/emulator/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationId: APP, user: { id: '400000000000000004' }, place: { guild: { id: GUILD } }, command: '/ping' }),
    })
    expect(await invoked.json()).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'pong' } } })
    // The other application has no URL: the call says so.
    expect((await call('PUT', `/applications/${OTHER}/commands`, 'other', app.toJSON())).status).toBe(200)
    const none = await fetch(`${url.replace(/\/api\/v10$/u, '')}/emulator/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationId: OTHER, user: { id: '400000000000000004' }, place: { guild: { id: GUILD } }, command: '/ping' }),
    })
    expect(await none.json()).toMatchObject({
      outcome: 'failed',
      code: 'endpoint.unreachable',
      message: `no endpoint given, and application ${OTHER} has no interactionsEndpointUrl and no gateway session connected on the shard of guild ${GUILD}`,
    })
    stop()
    expect(await done).toBe(0)
    await bot.close()
  })

  // Public API v10: authorizing_integration_owners names the installations that authorize an interaction; none, and it is not offered.
  it("installs: where the application is installed, and who installed it, as the invocations' defaults", async () => {
    const app = commands(slash('roll', 'Roll').integrationTypes('GuildInstall', 'UserInstall').contexts('Guild', 'BotDm', 'PrivateChannel'))
    const bot = await serve(createHandler({ publicKey: await publicKeyOf(SEED), app, handlers: { roll: () => 'rolled' } }), { port: 0 })
    const LEE = '400000000000000004'
    const file = write('installs.json', {
      applications: [{ id: APP, botToken: 'secret', signingKey: SEED, interactionsEndpointUrl: `${bot.url}/interactions`, installs: { guilds: [GUILD], users: [LEE] } }],
    })
    let stop!: () => void
    const { w, out } = world({ stopped: new Promise<void>((r) => (stop = r)) })
    const done = run(['emulator', '--config', file], w)
    await expect.poll(() => out.length).toBe(3)
    const url = out[0]!.replace('emulator listening on ', '')
    await fetch(`${url}/applications/${APP}/commands`, {
      method: 'PUT',
      headers: { authorization: 'Bot secret', 'content-type': 'application/json' },
      body: JSON.stringify(app.toJSON()),
    })
    const invoke = async (user: string, guild: string) => {
      const r = await fetch(`${url.replace(/\/api\/v10$/u, '')}/emulator/invoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ applicationId: APP, user: { id: user }, place: { guild: { id: guild } }, command: '/roll' }),
      })
      return (await r.json()) as { outcome: string; code?: string; interaction?: { authorizing_integration_owners: unknown; app_permissions: string } }
    }
    // In the guild that added it, by the user who installed it: both installations.
    expect((await invoke(LEE, GUILD)).interaction?.authorizing_integration_owners).toEqual({ '0': GUILD, '1': LEE })
    // Elsewhere, by that user: the user installation alone, and the permissions of an app without its bot there.
    const away = await invoke(LEE, '200000000000000099')
    expect(away.interaction?.authorizing_integration_owners).toEqual({ '1': LEE })
    expect(away.interaction?.app_permissions).toBe('442368')
    // A user who did not install it, where the app is not: nothing authorizes it.
    expect(await invoke('400000000000000005', '200000000000000099')).toMatchObject({ outcome: 'refused', code: 'install.missing' })
    stop()
    expect(await done).toBe(0)
    await bot.close()
  })

  it('a wrong file: every issue with its path and code, exit 1, nothing served', async () => {
    const { w, out, err } = world()
    // A hostile key (`__proto__`, as JSON.parse keeps it) is a token like any other.
    const file = write(
      'bad.json',
      `{"applications": [
        {"id": "app", "signingKey": "short", "interactionsEndpointUrl": "https://example.com/i", "bearerTokens": {"__proto__": ["x"], "t": "scope"}},
        {"id": "${APP}", "botTken": "typo", "privilegedIntents": ["MessageContent", "GUILD_MEMBERS"]},
        {"id": "${APP}"},
        {"botToken": "no id"}
      ],
      "rateLimits": {"global": -1, "webhooks": {"limit": 5}},
      "port": 80}`,
    )
    expect(await run(['emulator', '--config', file], w)).toBe(1)
    expect(out).toEqual([])
    const lines = err[0]!.split('\n')
    expect(lines[0]).toBe('bad.json: 11 issues:')
    const at = lines.slice(1).map((l) => /^ {2}- (\S+): .* \[(config\.\w+)\]$/u.exec(l)?.slice(1, 3))
    expect(at).toEqual([
      ['applications[0].id', 'config.snowflake'],
      ['applications[0].signingKey', 'config.key'],
      ['applications[0].interactionsEndpointUrl', 'config.url'],
      ['applications[0].bearerTokens.t', 'config.type'],
      ['applications[1].botTken', 'config.unknown'],
      // Public API v10, "Privileged Intents": GuildMembers, GuildPresences, MessageContent.
      ['applications[1].privilegedIntents', 'config.intent'],
      ['applications[3].id', 'config.missing'],
      ['applications[2].id', 'config.duplicate'],
      ['rateLimits.global', 'config.type'],
      ['rateLimits.webhooks.window', 'config.missing'],
      ['port', 'config.unknown'],
    ])
  })

  it('a file that is not there or not JSON, or not an object', async () => {
    const { w, err } = world()
    expect(await run(['emulator', '--config', 'nope.json'], w)).toBe(1)
    expect(err[0]).toBe('nope.json: 1 issue:\n  - the file: no such file [config.read]')
    expect(await run(['emulator', '--config', write('garbage.json', '{"applications": [')], w)).toBe(1)
    expect(err[1]).toMatch(/^garbage\.json: 1 issue:\n {2}- the file: not a JSON file \(.*\) \[config\.read\]$/u)
    expect(await run(['emulator', '--config', write('list.json', [])], w)).toBe(1)
    expect(err[2]).toBe('list.json: 1 issue:\n  - the file: must be an object [config.type]')
  })
})
