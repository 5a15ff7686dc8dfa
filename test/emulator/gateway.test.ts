/**
 * The emulator plays the gateway (public API v10, "Gateway"; the spec shows the
 * events, not their transport): a bot connects over a real WebSocket to
 * `startEmulator`'s server, at the URL GET /gateway/bot gives, gets Hello, identifies,
 * gets READY, heartbeats, resumes, and receives INTERACTION_CREATE when its
 * application has no interactions endpoint URL ("Receiving an Interaction"),
 * answering through the callback endpoint within 3 seconds. The clients are the
 * field's, written by nobody here: `@discordjs/ws` with `@discordjs/core`'s `Client`,
 * and `ws` for the protocol's edges; each close code is the public API v10's.
 */
import { Client, GatewayDispatchEvents } from '@discordjs/core'
import { REST } from '@discordjs/rest'
import { WebSocketManager } from '@discordjs/ws'
import { ApplicationFlags, GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes } from 'discord-api-types/v10'
import WebSocket from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, option, slash } from '../../src/index.js'
import { createEmulator, startEmulator, type RunningEmulator, type StartOptions } from '../../src/emulator/index.js'
import { GatewayOpcode, LimitedIntentFlag, PrivilegedIntent } from '../../src/wire/gateway.js'
import { createGatewayHandler } from '../../src/http/index.js'
import { createClient } from '../../src/rest/index.js'
import { APP, GUILD } from './helpers.js'

const TOKEN = 'bot-token'
const ADMIN = 'admin-token'
const USER = { id: '300000000000000003', username: 'lee' }
const PLACE = { guild: { id: GUILD }, channel: { id: '500000000000000005' } }
const app = commands(slash('echo', 'Echo').options(option.string('text', 'Text').required()))

const servers: RunningEmulator[] = []
const closers: (() => unknown)[] = []
afterEach(async () => {
  for (const c of closers.splice(0)) await c()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function emulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const applications = [{ id: APP, botToken: TOKEN, bearerTokens: { [ADMIN]: ['applications.commands.permissions.update'] } }]
  const server = await startEmulator({ applications, rateLimits: { global: false }, ...options })
  servers.push(server)
  await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, baseUrl: server.url }).deploy(app, { guildId: GUILD })
  return server
}

/** Every packet a `ws` client gets, and its close. */
function connect(server: RunningEmulator, query = '?v=10&encoding=json') {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/gateway${query}`)
  closers.push(() => socket.terminate())
  const packets: any[] = []
  const waiters: (() => void)[] = []
  let closed: { code: number; reason: string } | undefined
  socket.on('message', (data) => {
    packets.push(JSON.parse(String(data)))
    for (const w of waiters.splice(0)) w()
  })
  socket.on('close', (code, reason) => {
    closed = { code, reason: String(reason) }
    for (const w of waiters.splice(0)) w()
  })
  socket.on('error', () => {})
  const wait = (check: () => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out; packets: ${JSON.stringify(packets).slice(0, 400)}; closed: ${JSON.stringify(closed)}`)), 3000)
      const look = () => {
        if (check()) {
          clearTimeout(timer)
          resolve()
        } else waiters.push(look)
      }
      look()
    })
  return {
    socket,
    packets,
    send: (p: unknown) => socket.send(typeof p === 'string' ? p : JSON.stringify(p)),
    packet: async (op: number, t?: string) => {
      await wait(() => packets.some((p) => p.op === op && (t === undefined || p.t === t)))
      return packets.find((p) => p.op === op && (t === undefined || p.t === t))
    },
    closed: async () => {
      await wait(() => closed !== undefined)
      return closed as { code: number; reason: string }
    },
  }
}

/** A `ws` bot past Hello and Identify: its connection, and READY. */
async function identified(server: RunningEmulator, shard?: [number, number]) {
  const c = connect(server)
  await c.packet(10)
  c.send(identify(shard))
  return { c, ready: await c.packet(0, 'READY') }
}

const identify = (shard?: [number, number], token = TOKEN) => ({
  op: 2,
  d: { token, intents: 0, properties: { os: 'linux', browser: 'test', device: 'test' }, ...(shard ? { shard } : {}) },
})

describe('a @discordjs/core bot on @discordjs/ws, over the emulator gateway', () => {
  it('connects at the URL of GET /gateway/bot, gets READY, and answers an invoked command through the callback endpoint', async () => {
    const server = await emulator()
    const rest = new REST({ api: `http://127.0.0.1:${server.port}/api` }).setToken(TOKEN)
    const sessions = new Map<number, any>()
    const gateway = new WebSocketManager({
      token: TOKEN,
      intents: 0,
      rest,
      retrieveSessionInfo: (id) => sessions.get(id) ?? null,
      updateSessionInfo: (id, info) => void (info ? sessions.set(id, info) : sessions.delete(id)),
    })
    const client = new Client({ rest, gateway })
    const errors: unknown[] = []
    client.on(
      GatewayDispatchEvents.InteractionCreate,
      createGatewayHandler({ app, rest, handlers: { echo: ({ options }) => `echo ${options.text}` }, onError: (e) => void errors.push(e) }),
    )
    const ready = new Promise<any>((resolve) => client.once(GatewayDispatchEvents.Ready, resolve))
    closers.push(() => gateway.destroy())
    await gateway.connect()
    const { data } = await ready
    // Public API v10, "Ready Event": the bot user, its application, the session and where to resume it.
    expect(data.user).toMatchObject({ id: APP, bot: true })
    expect(data.application).toEqual({ id: APP, flags: 0 })
    expect(data.resume_gateway_url).toBe(`ws://127.0.0.1:${server.port}/gateway`)
    expect(server.emulator.gateway.sessions()).toEqual([{ sessionId: data.session_id, applicationId: APP, shard: [0, 1], intents: 0, seq: 1, connected: true }])

    const r = await server.emulator.invoke({ applicationId: APP, user: USER, place: PLACE, command: '/echo text:hi' })
    expect(r.outcome).toBe('answered')
    if (r.outcome !== 'answered') return
    expect(r.callback).toEqual({ type: 4, data: { content: 'echo hi' } })
    expect(r.transcript()[0]).toMatchObject({ kind: 'callback', via: 'endpoint', type: 4 })
    expect(errors).toEqual([])
  })

  it('resumes after the connection drops, and gets the events it missed', async () => {
    const server = await emulator()
    const { c: first, ready } = await identified(server)
    first.socket.terminate()
    await first.closed()
    await expect.poll(() => server.emulator.gateway.sessions()[0]?.connected).toBe(false)
    // Missed while disconnected: the interaction goes nowhere (no connected session), so it fails...
    const missed = await server.emulator.invoke({ applicationId: APP, user: USER, place: PLACE, command: '/echo text:hi' })
    expect(missed).toMatchObject({ outcome: 'failed', code: 'endpoint.unreachable' })
    // ...and a permissions update, fired while away, is kept for the resume.
    await putPermissions(server)
    const second = connect(server)
    await second.packet(10)
    second.send({ op: 6, d: { token: TOKEN, session_id: ready.d.session_id, seq: ready.s } })
    const update = await second.packet(0, 'APPLICATION_COMMAND_PERMISSIONS_UPDATE')
    const resumed = await second.packet(0, 'RESUMED')
    expect(update.s).toBe(ready.s + 1)
    expect(resumed.s).toBe(update.s + 1)
    expect(update.d).toMatchObject({ application_id: APP, guild_id: GUILD })
  })
})

/** A PUT of permissions (a Bearer token with the scope: "Authentication"), which fires Application Command Permissions Update ("Events" 1). */
async function putPermissions(server: RunningEmulator): Promise<void> {
  const [command] = server.emulator.state.commands(APP, GUILD)
  const res = await fetch(`${server.url}/applications/${APP}/guilds/${GUILD}/commands/${command?.id}/permissions`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ permissions: [{ id: GUILD, type: 1, permission: false }] }),
  })
  expect(res.status).toBe(200)
}

describe('the gateway protocol: Hello, Heartbeat, and each mistake closed with its public API v10 code', () => {
  it('sends Hello first, ACKs a heartbeat (also one sent in fragments), and ACKs before Identify too', async () => {
    const server = await emulator()
    const c = connect(server)
    // "Hello Structure": the interval to heartbeat at.
    expect(await c.packet(10)).toEqual({ op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null })
    // RFC 6455 section 5.4: a message in a text frame and a continuation.
    c.socket.send('{"op":1,', { fin: false })
    c.socket.send('"d":null}', { fin: true })
    expect(await c.packet(11)).toEqual({ op: 11, d: null, s: null, t: null })
  })

  const cases: [string, number, (c: ReturnType<typeof connect>) => void, string?][] = [
    ['a command before Identify', 4003, (c) => c.send({ op: 3, d: { since: null, activities: [], status: 'online', afk: false } })],
    ['a token the service does not know', 4004, (c) => c.send(identify(undefined, 'wrong-token'))],
    ['Identify twice', 4005, (c) => (c.send(identify()), c.send(identify()))],
    ['an opcode the gateway does not take (5)', 4001, (c) => c.send({ op: 5, d: null })],
    ['text that is not JSON', 4002, (c) => c.send('not json')],
    // A hostile key is a key: the token under __proto__ is no token.
    ['an Identify whose token hides under __proto__', 4002, (c) => c.send(`{"op":2,"d":{"__proto__":{"token":"${TOKEN}"},"intents":0,"properties":{}}}`)],
    ['a payload over 4096 bytes', 4002, (c) => c.send({ op: 1, d: null, pad: 'x'.repeat(4100) })],
    ['a binary message (encoding=json)', 4002, (c) => c.socket.send(new Uint8Array([123, 125]))],
    ['intents that are not a bit set of API v10', 4013, (c) => c.send({ ...identify(), d: { ...identify().d, intents: -1 } })],
    ['a shard id not under the shard count', 4010, (c) => c.send(identify([1, 1]))],
    ['API version 9', 4012, () => {}, '?v=9&encoding=json'],
  ]
  it.each(cases)('closes on %s with %i', async (_, code, act, query) => {
    const server = await emulator()
    const c = connect(server, query)
    if (query === undefined) await c.packet(10)
    act(c)
    expect((await c.closed()).code).toBe(code)
  })

  it('closes with 4008 past 120 commands in a minute (public API v10, "Rate Limiting")', async () => {
    const server = await emulator()
    const c = connect(server)
    await c.packet(10)
    for (let i = 0; i < 121; i++) c.send({ op: 1, d: null })
    expect(await c.closed()).toEqual({ code: 4008, reason: 'Rate limited.' })
    expect(c.packets.filter((p) => p.op === 11)).toHaveLength(120)
  })

  it('answers Invalid Session to a resume of an unknown session or one its bot closed with 1000, and 4007 to a sequence ahead', async () => {
    const server = await emulator()
    const { c: first, ready } = await identified(server)
    first.socket.close(1000)
    await first.closed()
    // Public API v10: a close with 1000 or 1001 invalidates the session.
    await expect.poll(() => server.emulator.gateway.sessions()).toEqual([])
    const second = connect(server)
    await second.packet(10)
    second.send({ op: 6, d: { token: TOKEN, session_id: ready.d.session_id, seq: ready.s } })
    expect(await second.packet(9)).toEqual({ op: 9, d: false, s: null, t: null })
    // The bot identifies anew on the same connection, then a resume of the new session from a later connection with a sequence ahead is 4007.
    second.send(identify())
    const again = await second.packet(0, 'READY')
    const third = connect(server)
    await third.packet(10)
    third.send({ op: 6, d: { token: TOKEN, session_id: again.d.session_id, seq: again.s + 5 } })
    expect((await third.closed()).code).toBe(4007)
  })

  it('refuses an upgrade it cannot serve with a status that says what to change', async () => {
    const server = await emulator()
    const refused = (path: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { headers })
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        socket.on('error', () => {})
      })
    expect(await refused('/gateway?v=10&encoding=etf')).toBe(400)
    expect(await refused('/gateway?v=10&encoding=json&compress=zlib-stream')).toBe(400)
    expect(await refused('/elsewhere?v=10')).toBe(404)
    // A page of another site reaches no gateway either (docs/emulator.md, "Security").
    expect(await refused('/gateway?v=10', { origin: 'https://evil.example' })).toBe(403)
  })

  it('closes every gateway socket when the server closes, and a reset closes sessions with 4000', async () => {
    const server = await emulator()
    const { c: a } = await identified(server)
    server.emulator.reset()
    expect((await a.closed()).code).toBe(4000)
    expect(server.emulator.gateway.sessions()).toEqual([])
    const b = connect(server)
    await b.packet(10)
    await server.close()
    servers.splice(servers.indexOf(server), 1)
    expect((await b.closed()).code).toBe(1006)
  })
})

describe('interactions over the gateway', () => {
  /** A `ws` bot of one shard that answers each interaction with `answer` through the callback endpoint. */
  async function shardBot(
    server: RunningEmulator,
    shard: [number, number],
    answer: (d: any) => unknown = (d) => ({ type: 4, data: { content: `shard ${shard[0]}: ${d.data.options[0].value}` } }),
  ) {
    const { c } = await identified(server, shard)
    c.socket.on('message', async (data) => {
      const p = JSON.parse(String(data))
      if (p.t !== 'INTERACTION_CREATE') return
      const body = answer(p.d)
      if (body === undefined) return
      await fetch(`${server.url}/interactions/${p.d.id}/${p.d.token}/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    })
    return c
  }

  it('goes to the shard of the interaction\'s guild, and outside a guild to shard 0 (public API v10, "Sharding")', async () => {
    const server = await emulator()
    const shards = [await shardBot(server, [0, 2]), await shardBot(server, [1, 2])]
    await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, baseUrl: server.url }).deploy(app)
    // A guild whose id puts it on shard 1 of 2: (guild_id >> 22) % 2.
    const guild = (BigInt(GUILD) | (1n << 22n)).toString()
    expect(Number((BigInt(guild) >> 22n) % 2n)).toBe(1)
    const inGuild = await server.emulator.invoke({ applicationId: APP, user: USER, place: { guild: { id: guild } }, command: '/echo text:a' })
    expect(inGuild).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'shard 1: a' } } })
    const inDm = await server.emulator.invoke({ applicationId: APP, user: USER, command: '/echo text:b' })
    expect(inDm).toMatchObject({ outcome: 'answered', callback: { data: { content: 'shard 0: b' } } })
    // Each shard got only its own.
    const got = shards.map((s) => s.packets.filter((p) => p.t === 'INTERACTION_CREATE').map((p) => p.d.data.options[0].value))
    expect(got).toEqual([['b'], ['a']])
  })

  it('reports a bot that does not answer in time, and the refusal of a callback the endpoint did not take', async () => {
    const server = await emulator()
    await shardBot(server, [0, 1], (d) => (d.data.options[0].value === 'quiet' ? undefined : { type: 4, data: { content: '' } }))
    const quiet = await server.emulator.invoke({ applicationId: APP, user: USER, place: PLACE, command: '/echo text:quiet', timeoutMs: 300 })
    expect(quiet).toMatchObject({ outcome: 'failed', code: 'endpoint.timeout' })
    // An empty message is refused by the callback endpoint (50006); past the window the delivery reports it.
    const empty = await server.emulator.invoke({ applicationId: APP, user: USER, place: PLACE, command: '/echo text:empty', timeoutMs: 300 })
    expect(empty).toMatchObject({ outcome: 'failed', code: 'endpoint.callback', status: 400, refusal: { code: 50006 } })
  })

  it('goes to the endpoint given, not the gateway, when there is one', async () => {
    const server = await emulator()
    const bot = await shardBot(server, [0, 1])
    const endpoint = async () => new Response(JSON.stringify({ type: 4, data: { content: 'over HTTP' } }), { headers: { 'content-type': 'application/json' } })
    const r = await server.emulator.invoke({ applicationId: APP, user: USER, place: PLACE, command: '/echo text:x', endpoint })
    expect(r).toMatchObject({ outcome: 'answered', callback: { data: { content: 'over HTTP' } } })
    expect(bot.packets.some((p) => p.t === 'INTERACTION_CREATE')).toBe(false)
  })
})

describe('the gateway opcodes (public API v10, "Gateway Opcodes")', () => {
  it('each one the emulator and connectGateway use is the one discord-api-types has, by the same name', () => {
    for (const [name, op] of Object.entries(GatewayOpcode)) expect([name, op]).toEqual([name, GatewayOpcodes[name as keyof typeof GatewayOpcodes]])
    expect(Object.keys(GatewayOpcode)).toHaveLength(11)
  })
})

describe('privileged intents (public API v10, "Privileged Intents", "Application Flags")', () => {
  const MEMBERS = GatewayIntentBits.GuildMembers
  const CONTENT = GatewayIntentBits.MessageContent
  const identifyWith = (intents: number) => ({ ...identify(), d: { ...identify().d, intents } })

  it('has the bits and flags discord-api-types has', () => {
    expect(PrivilegedIntent).toEqual({
      GuildMembers: GatewayIntentBits.GuildMembers,
      GuildPresences: GatewayIntentBits.GuildPresences,
      MessageContent: GatewayIntentBits.MessageContent,
    })
    expect(LimitedIntentFlag).toEqual({
      GuildMembers: ApplicationFlags.GatewayGuildMembersLimited,
      GuildPresences: ApplicationFlags.GatewayPresenceLimited,
      MessageContent: ApplicationFlags.GatewayMessageContentLimited,
    })
  })

  it('closes with 4014 an Identify with a privileged intent the application has not switched on; the others pass', async () => {
    const server = await emulator()
    const refused = connect(server)
    await refused.packet(10)
    refused.send(identifyWith(GatewayIntentBits.Guilds | MEMBERS))
    expect(await refused.closed()).toEqual({ code: GatewayCloseCodes.DisallowedIntents, reason: 'Disallowed intent(s).' })
    const taken = connect(server)
    await taken.packet(10)
    // Not privileged: GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES.
    taken.send(identifyWith(GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages | GatewayIntentBits.DirectMessages))
    expect((await taken.packet(0, 'READY')).d.application).toEqual({ id: APP, flags: 0 })
  })

  it('takes the intents the application lists, shows their _LIMITED flags in READY and GET /applications/@me, and refuses the others', async () => {
    const applications = [{ id: APP, botToken: TOKEN, privilegedIntents: ['MessageContent'] as const }]
    const server = await emulator({ applications })
    const taken = connect(server)
    await taken.packet(10)
    taken.send(identifyWith(CONTENT))
    const ready = await taken.packet(0, 'READY')
    expect(ready.d.application).toEqual({ id: APP, flags: ApplicationFlags.GatewayMessageContentLimited })
    const me = await (await fetch(`${server.url}/applications/@me`, { headers: { authorization: `Bot ${TOKEN}` } })).json()
    expect([me.flags, me.flags_new]).toEqual([ApplicationFlags.GatewayMessageContentLimited, String(ApplicationFlags.GatewayMessageContentLimited)])
    const refused = connect(server)
    await refused.packet(10)
    refused.send(identifyWith(CONTENT | MEMBERS))
    expect((await refused.closed()).code).toBe(GatewayCloseCodes.DisallowedIntents)
  })

  it('takes any intent when the emulator knows no applications (it takes any token then)', async () => {
    const server = await startEmulator({ rateLimits: { global: false } })
    servers.push(server)
    const c = connect(server)
    await c.packet(10)
    // Such a token carries its application id in its first part, as the service's do.
    const token = `${Buffer.from(APP).toString('base64url')}.x.y`
    c.send({ ...identify(undefined, token), d: { ...identify(undefined, token).d, intents: MEMBERS | CONTENT | GatewayIntentBits.GuildPresences } })
    expect((await c.packet(0, 'READY')).d.application).toEqual({ id: APP, flags: 0 })
  })

  it('refuses at createEmulator a list that names no privileged intent, with a TypeError that names the field', () => {
    const bad = (privilegedIntents: unknown) => () => createEmulator({ applications: [{ id: APP, privilegedIntents } as never] })
    expect(bad(['GUILD_MEMBERS'])).toThrow(
      new TypeError(
        'createEmulator: options: 1 issue:\n  - applications[0].privilegedIntents: must be a list of privileged intents (GuildMembers, GuildPresences, MessageContent) [config.intent]',
      ),
    )
    expect(bad('MessageContent')).toThrow(TypeError)
    expect(bad(['__proto__'])).toThrow(TypeError)
    expect(bad(['GuildMembers'])).not.toThrow()
  })
})

describe('GET /gateway and GET /gateway/bot (public API v10, OpenAPI get_gateway and get_bot_gateway)', () => {
  it('answers the URL of this server, and for a bot the shards and the identifies left', async () => {
    const server = await emulator()
    const gateway = await (await fetch(`${server.url}/gateway`)).json()
    expect(gateway).toEqual({ url: `ws://127.0.0.1:${server.port}/gateway` })
    const bot = async () => (await fetch(`${server.url}/gateway/bot`, { headers: { authorization: `Bot ${TOKEN}` } })).json()
    expect(await bot()).toEqual({
      url: `ws://127.0.0.1:${server.port}/gateway`,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    })
    await identified(server)
    expect((await bot()).session_start_limit.remaining).toBe(999)
    expect((await fetch(`${server.url}/gateway/bot`)).status).toBe(401)
  })
})

describe('emulator.gateway in process', () => {
  it('connects a link of your own, refuses a connect URL that is no URL with a TypeError, and hands out copies of its sessions', async () => {
    const server = await emulator()
    const sent: string[] = []
    const closes: number[] = []
    const link = { send: (t: string) => void sent.push(t), close: (code: number) => void closes.push(code) }
    expect(() => server.emulator.gateway.connect(link, 'not a url')).toThrow(TypeError)
    const connection = server.emulator.gateway.connect(link, 'ws://bot.test/gateway?v=10&encoding=json')
    connection.receive(JSON.stringify(identify()))
    expect(sent.map((t) => JSON.parse(t).t)).toEqual([null, 'READY'])
    expect(JSON.parse(sent[1] as string).d.resume_gateway_url).toBe('ws://bot.test/gateway')
    const [session] = server.emulator.gateway.sessions()
    ;(session?.shard as unknown as number[])[0] = 9
    expect(server.emulator.gateway.sessions()[0]?.shard).toEqual([0, 1])
    connection.closed(1000)
    expect(server.emulator.gateway.sessions()).toEqual([])
    expect(closes).toEqual([])
  })
})
