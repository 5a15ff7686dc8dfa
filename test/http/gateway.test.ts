/**
 * The gateway path with what bots really hold (issue 25 item 3; DESIGN.md
 * "Receiving interactions": the InteractionCreate event object, a raw packet, a raw
 * interaction; anything else reported, never dropped in silence). A real
 * `@discordjs/core` `Client`, driven by a fake gateway that emits `dispatch` events
 * as `@discordjs/ws` does, hands its InteractionCreate listener the event object
 * `{ data, api, shardId }`; a real `@discordjs/rest` `REST` answers, pointed at the
 * emulator on loopback (`startEmulator`). Public API v10: INTERACTION_CREATE
 * dispatches carry the interaction in `d`; the answer goes to the callback endpoint
 * within 3 seconds, later messages through the interaction webhook.
 */
import { Client, GatewayDispatchEvents } from '@discordjs/core'
import { REST } from '@discordjs/rest'
import type { GatewayDispatchPayload } from 'discord-api-types/v10'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commands, option, slash } from '../../src/index.js'
import { createEmulator, startEmulator, type RunningEmulator } from '../../src/emulator/index.js'
import { createGatewayHandler, DispatchError } from '../../src/http/index.js'
import { createClient, RestError } from '../../src/rest/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { APP, delay, until } from './helpers.js'

const echo = slash('echo', 'Echo').options(option.string('text', 'Text').required())
const app = commands(echo)

/** A gateway as `@discordjs/core` takes one (`getShardCount`, `on('dispatch')`, `send`), fed by the test. */
class FakeGateway {
  private readonly listeners: ((packet: GatewayDispatchPayload, shardId: number) => void)[] = []
  getShardCount(): number {
    return 1
  }
  on(event: string, listener: (packet: GatewayDispatchPayload, shardId: number) => void): this {
    if (event === 'dispatch') this.listeners.push(listener)
    return this
  }
  send(): void {}
  dispatch(packet: object): void {
    for (const l of this.listeners) l(packet as GatewayDispatchPayload, 0)
  }
}

let server: RunningEmulator
const clock = { now: Date.now() }
/** `@discordjs/rest` on the emulator: its `api` is the base before `/v10`. */
let discordRest: REST

beforeAll(async () => {
  const emulator = createEmulator({ now: () => clock.now, rateLimits: { global: false, dailyCreates: false } })
  server = await startEmulator({ emulator })
  discordRest = new REST({ api: server.url.replace(/\/v10$/, ''), version: '10', retries: 0 }).setToken('bot-token')
})
afterAll(async () => {
  await server.close()
})

/** An interaction opened at the emulator, as the service would send it over the gateway. */
function opened(text: string) {
  const o = server.emulator.interactions.open(APP)
  return { interaction: { ...fakeInteraction(echo, { options: { text } }), id: o.id, token: o.token, application_id: APP }, id: o.id }
}

const handlers = {
  echo: async ({ options }: { options: { text: string } }, ctx: { followUp(m: string): Promise<unknown> }) => {
    if (options.text === 'slow') {
      await delay(120)
      await ctx.followUp('and one more')
    }
    return `echo ${options.text}`
  },
}

describe('createGatewayHandler with @discordjs/core and @discordjs/rest', () => {
  it('takes the InteractionCreate event object as the listener gets it, and answers through its api.rest: one client for the bot and its answers', async () => {
    const errors: unknown[] = []
    const gateway = new FakeGateway()
    const client = new Client({ rest: discordRest, gateway: gateway as never })
    // No `rest`: the event's `api.rest` (the bot's own @discordjs/rest) answers.
    const onInteraction = createGatewayHandler({ app, handlers, deferAfter: 40, onError: (e) => void errors.push(e) })
    client.on(GatewayDispatchEvents.InteractionCreate, onInteraction)

    const fast = opened('hi')
    gateway.dispatch({ op: 0, s: 1, t: 'INTERACTION_CREATE', d: fast.interaction })
    await until(() => server.emulator.interactions.get(fast.id)?.original !== undefined)
    expect(server.emulator.interactions.get(fast.id)?.transcript[0]).toMatchObject({ kind: 'callback', via: 'endpoint', type: 4, data: { content: 'echo hi' } })

    // Slow: the 3-second deferral, a follow-up and the late answer, all through @discordjs/rest.
    const slow = opened('slow')
    gateway.dispatch({ op: 0, s: 2, t: 'INTERACTION_CREATE', d: slow.interaction })
    await until(() => server.emulator.interactions.get(slow.id)?.followUps.length === 1)
    const rec = server.emulator.interactions.get(slow.id)
    // The follow-up takes the place of "thinking..."; the late answer is a message of its own: the user sees both.
    expect(rec?.transcript.map((e) => [e.kind, 'type' in e ? e.type : undefined])).toEqual([
      ['callback', 5],
      ['followup', undefined],
      ['followup', undefined],
    ])
    expect([rec?.original?.content, ...(rec?.followUps.map((m) => m.content) ?? [])]).toEqual(['and one more', 'echo slow'])
    expect(errors).toEqual([])
  })

  it('takes raw packets (discord.js `raw`: t as the gateway sends it, or lower case) through the same @discordjs/rest, and ignores other traffic', async () => {
    const errors: unknown[] = []
    const onInteraction = createGatewayHandler({ app, handlers, rest: discordRest, onError: (e) => void errors.push(e) })
    const a = opened('upper')
    await onInteraction({ op: 0, s: 3, t: 'INTERACTION_CREATE', d: a.interaction })
    const b = opened('lower')
    await onInteraction({ op: 0, s: 4, t: 'interaction_create', d: b.interaction })
    // Other dispatches and non-dispatch packets (a heartbeat ack: op 11, t null) are a bot's ordinary traffic.
    await onInteraction({ op: 0, s: 5, t: 'MESSAGE_CREATE', d: { id: '1', content: 'hi' } })
    await onInteraction({ op: 11, s: null, t: null, d: null })
    expect(server.emulator.interactions.get(a.id)?.original?.content).toBe('echo upper')
    expect(server.emulator.interactions.get(b.id)?.original?.content).toBe('echo lower')
    expect(errors).toEqual([])
  })

  it("answers through @discordjs/core's API given as rest (its rest answers); a rest of no known shape is refused at creation", async () => {
    const errors: unknown[] = []
    const client = new Client({ rest: discordRest, gateway: new FakeGateway() as never })
    const onInteraction = createGatewayHandler({ app, handlers, rest: client.api, onError: (e) => void errors.push(e) })
    const e = opened('api')
    await onInteraction(e.interaction)
    expect(server.emulator.interactions.get(e.id)?.original?.content).toBe('echo api')
    expect(errors).toEqual([])
    expect(() => createGatewayHandler({ app, handlers, rest: { interactions: {} } as never })).toThrow(
      "rest must be slashkit's createClient(...), a @discordjs/rest REST (discord.js's client.rest) or @discordjs/core's API",
    )
  })

  it("takes a raw interaction answered through slashkit's own client", async () => {
    const errors: unknown[] = []
    const rest = createClient({ token: 'Bot token', applicationId: APP, baseUrl: server.url })
    const onInteraction = createGatewayHandler({ app, handlers, rest, onError: (e) => void errors.push(e) })
    const c = opened('raw')
    await onInteraction(c.interaction)
    expect(server.emulator.interactions.get(c.id)?.original?.content).toBe('echo raw')
    expect(errors).toEqual([])
  })

  it('reports every shape it cannot read, once, with a sentence naming the accepted shapes; nothing is answered', async () => {
    const errors: DispatchError[] = []
    const onInteraction = createGatewayHandler({ app, handlers, rest: discordRest, onError: (e) => void errors.push(e) })
    const discordJsInteraction = { client: {}, applicationId: APP, commandName: 'echo', id: '1' }
    const shapes = [42, 'x', null, [], {}, { t: 'INTERACTION_CREATE', d: null }, { data: 'x', api: {}, shardId: 0 }, discordJsInteraction, { type: 1, id: '1', token: 't' }]
    for (const p of shapes) await expect(onInteraction(p)).resolves.toBeUndefined()
    expect(errors).toHaveLength(shapes.length)
    expect(errors.every((e) => e instanceof DispatchError && e.step === 'payload')).toBe(true)
    expect(errors[0]?.message).toBe(
      "the interaction was not handled: createGatewayHandler takes @discordjs/core's InteractionCreate event ({ data, api, shardId }), a gateway packet ({ t: 'INTERACTION_CREATE', d }: discord.js's 'raw' event) or the raw interaction; got number",
    )
    expect(errors[4]?.message).toMatch(/got an object with no keys$/)
    expect(errors[7]?.message).toMatch(/a discord.js Interaction object holds no raw payload to read; pass the raw packets/)
    expect(errors[8]?.message).toMatch(/a PING comes only to an HTTP endpoint/)
  })

  it('an interaction it cannot read is reported with the field at fault (type, id, token), never with the token; nothing is answered', async () => {
    const errors: DispatchError[] = []
    const onInteraction = createGatewayHandler({ app, handlers, rest: discordRest, onError: (e) => void errors.push(e) })
    const d = opened('x')
    // Public API v10: types 2 to 5 come over the gateway; id and token are strings.
    await onInteraction({ op: 0, s: 8, t: 'INTERACTION_CREATE', d: { ...d.interaction, type: 99 } })
    await onInteraction({ ...d.interaction, token: 7 })
    await onInteraction({ op: 0, s: 9, t: 'INTERACTION_CREATE', d: { type: 2 } })
    // A websocket message's text, not yet parsed.
    await onInteraction(JSON.stringify({ op: 0, s: 10, t: 'INTERACTION_CREATE', d: d.interaction }))
    expect(errors.map((e) => [e.step, e.message])).toEqual([
      [
        'payload',
        'the interaction was not handled: an interaction this handler cannot read: type 99 is not one answered here (1 PING, 2 command, 3 component, 4 autocomplete, 5 modal submit)',
      ],
      ['payload', 'the interaction was not handled: an interaction this handler cannot read: token must be a string, got a number'],
      ['payload', 'the interaction was not handled: an interaction this handler cannot read: id must be a string (a snowflake), got nothing'],
      ['payload', expect.stringMatching(/; got a string of JSON \(a packet's text: pass JSON\.parse\(text\)\)$/)],
    ])
    expect(JSON.stringify(errors.map((e) => e.message))).not.toContain(d.interaction.token)
    expect(server.emulator.interactions.get(d.id)?.transcript).toEqual([])
  })

  it('a raw packet with no REST client to answer with is reported at the step callback', async () => {
    const errors: DispatchError[] = []
    const onInteraction = createGatewayHandler({ app, handlers, onError: (e) => void errors.push(e) })
    const d = opened('nobody')
    await onInteraction({ op: 0, s: 6, t: 'INTERACTION_CREATE', d: d.interaction })
    expect(errors.map((e) => e.step)).toEqual(['callback'])
    expect(errors[0]?.message).toMatch(/no REST client to answer with/)
    expect(server.emulator.interactions.get(d.id)?.transcript).toEqual([])
  })

  it('a late callback (10062, after 3 s) is one onError call at the step callback, a RestError that never shows the token', async () => {
    const errors: DispatchError[] = []
    const onInteraction = createGatewayHandler({ app, handlers, rest: discordRest, onError: (e) => void errors.push(e) })
    const late = opened('late')
    // Public API v10: an interaction not answered within 3 seconds can no longer be (Unknown interaction, 10062).
    clock.now += 4000
    try {
      await onInteraction({ op: 0, s: 7, t: 'INTERACTION_CREATE', d: late.interaction })
    } finally {
      clock.now -= 4000
    }
    expect(errors.map((e) => e.step)).toEqual(['callback'])
    const cause = errors[0]?.cause
    expect(cause).toBeInstanceOf(RestError)
    expect(cause).toMatchObject({ status: 404, code: 10062, path: `/interactions/${late.id}/:token/callback` })
    expect(JSON.stringify({ message: errors[0]?.message, cause: (cause as Error).message })).not.toContain(late.interaction.token)
  })
})
