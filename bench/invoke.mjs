#!/usr/bin/env node
/**
 * Benchmark: `emulator.invoke` end to end (issue 16): 1,000 invocations of
 * `/mod ban target:@bob days:3 reason:spam` by a member in a guild, each resolved
 * as the client does, checked by `canUse` against two overwrites, signed with
 * Ed25519, delivered to an in-process handler, and its callback taken by the
 * interaction registry. Reported as invocations per second, and as a ratio
 * against a baseline in the same process: the transport alone (the same handler
 * given a payload signed with the same WebCrypto calls, its answer read and parsed).
 *
 * Usage: node bench/invoke.mjs      (after `npm run build`)
 *        import { benchInvoke } from './invoke.mjs'
 */
import { pathToFileURL } from 'node:url'

const APP = '100000000000000001'
const GUILD = '200000000000000002'
const ALICE = '600000000000000006'
const BOB = '610000000000000061'
const MODS = '700000000000000007'

const COMMAND = {
  name: 'mod',
  description: 'Moderation',
  default_member_permissions: '4',
  options: [
    {
      type: 1,
      name: 'ban',
      description: 'Ban a member',
      options: [
        { type: 6, name: 'target', description: 'Who', required: true },
        { type: 4, name: 'days', description: 'Days', min_value: 0, max_value: 7 },
        { type: 3, name: 'reason', description: 'Why', max_length: 512 },
      ],
    },
  ],
}

/** The app: reads the body, parses it, answers a message. */
async function handler(request) {
  const interaction = JSON.parse(await request.text())
  return Response.json({ type: 4, data: { content: `done: ${interaction.data.options[0].name}` } })
}

/** Times `run` `n` times in a row; milliseconds. */
async function timeRounds(run, n) {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) await run()
  return Number(process.hrtime.bigint() - start) / 1e6
}

export async function benchInvoke({ total = 1000, round = 100 } = {}) {
  const { createEmulator } = await import('../dist/emulator.js')
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false, lobbies: false } })
  const put = (path, body) =>
    emulator.fetch(`${emulator.baseUrl}${path}`, { method: 'PUT', headers: { authorization: 'Bearer token', 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const [stored] = await (await put(`/applications/${APP}/commands`, [COMMAND])).json()
  await put(`/applications/${APP}/guilds/${GUILD}/commands/${stored.id}/permissions`, { permissions: [{ id: MODS, type: 1, permission: true }] })
  await put(`/applications/${APP}/guilds/${GUILD}/commands/${APP}/permissions`, { permissions: [{ id: GUILD, type: 1, permission: true }] })
  const input = {
    applicationId: APP,
    endpoint: handler,
    user: { id: ALICE, username: 'alice', roles: [MODS] },
    users: [{ id: BOB, username: 'bob' }],
    place: { guild: { id: GUILD }, channel: { id: '300000000000000003' } },
    command: '/mod ban target:@bob days:3 reason:spam',
  }
  const first = await emulator.invoke(input)
  if (first.outcome !== 'answered') throw new Error(`bench: the invocation was not answered: ${JSON.stringify(first)}`)

  // The baseline: the same payload, signed and delivered by hand.
  const body = JSON.stringify(first.interaction)
  const keys = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])
  const encoder = new TextEncoder()
  const hex = (buf) => Buffer.from(buf).toString('hex')
  const transport = async () => {
    const stamp = String(Math.floor(Date.now() / 1000))
    const signature = hex(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, encoder.encode(stamp + body)))
    const request = new Request('http://127.0.0.1/interactions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': stamp },
      body,
    })
    const response = await handler(request)
    return JSON.parse(await response.text())
  }
  const invoke = async () => {
    const r = await emulator.invoke(input)
    if (r.outcome !== 'answered') throw new Error('bench: not answered')
  }
  // Warm-up, then alternating rounds so that noise hits both sides.
  await timeRounds(invoke, round)
  await timeRounds(transport, round)
  let invokeMs = 0
  let baseMs = 0
  const ratios = []
  for (let done = 0; done < total; done += round) {
    const a = await timeRounds(invoke, round)
    const b = await timeRounds(transport, round)
    invokeMs += a
    baseMs += b
    ratios.push(a / b)
  }
  ratios.sort((x, y) => x - y)
  return {
    invocations: total,
    perSecond: (total / invokeMs) * 1000,
    baselinePerSecond: (total / baseMs) * 1000,
    ratio: ratios[Math.floor(ratios.length / 2)],
  }
}

export function describeInvoke(r) {
  return `invoke: ${r.invocations} invocations through emulator.invoke into an in-process handler: ${Math.round(r.perSecond)} per second; the transport alone (sign + Request + the same handler): ${Math.round(r.baselinePerSecond)} per second (median ratio of time per call ${r.ratio.toFixed(2)})`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(describeInvoke(await benchInvoke()))
