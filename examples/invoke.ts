/**
 * The invoke step of `npm run example` (issue 16): the emulator plays a user of a
 * guild. The example set is deployed, the app's endpoint (a fetch handler that
 * verifies the emulator's Ed25519 signature, then routes) receives what the user
 * invokes, and the transcript of each invocation is printed: one command the user
 * may run, one that default_member_permissions refuses before anything is sent.
 */
import { reply, router } from 'slashkit'
import { createEmulator, type InvokeResult } from 'slashkit/emulator'
import { createClient } from 'slashkit/rest'
import { app } from './commands.js'

const APPLICATION = '123456789012345678'
const GUILD = '223456789012345678'
const emulator = createEmulator()
const rest = createClient({ token: 'example-token', applicationId: APPLICATION, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
await rest.deploy(app)

const route = router(app, {
  ban: ({ options }) => reply(`Banned ${options.target.user.username}`),
  kick: ({ options }) => reply(`Kicked ${options.target.user.username}`),
  config: {
    show: () => reply('prefix: !, language: en'),
    set: ({ options }) => reply(`${options.key} = ${options.value}`),
    role: { grant: ({ options }) => reply(`Granted ${options.role.name}`), revoke: ({ options }) => reply(`Revoked ${options.role.name}`) },
  },
  slowmode: ({ options }) => reply(options.seconds === 0 ? 'Slow mode is off' : `Slow mode: one message every ${options.seconds} s`),
  'Show profile': ({ target }) => reply(target.user.username),
  'Report message': () => reply('Reported', { ephemeral: true }),
  launch: () => ({ type: 12 as const }),
})

// What slashkit/http's createHandler does, written out: verify, parse, route, answer.
const hex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16))
const key = await crypto.subtle.importKey('raw', hex(await emulator.publicKey(APPLICATION)), { name: 'Ed25519' }, false, ['verify'])
async function endpoint(request: Request): Promise<Response> {
  const body = await request.text()
  const signed = (request.headers.get('x-signature-timestamp') ?? '') + body
  if (!(await crypto.subtle.verify({ name: 'Ed25519' }, key, hex(request.headers.get('x-signature-ed25519') ?? ''), new TextEncoder().encode(signed))))
    return new Response('invalid request signature', { status: 401 })
  return Response.json(route(JSON.parse(body)))
}

const sam = { id: '323456789012345678', username: 'sam', permissions: ['SendMessages'] as const }
const lee = { id: '423456789012345678', username: 'lee' }
const at = { applicationId: APPLICATION, endpoint, user: sam, users: [lee], place: { guild: { id: GUILD }, channel: { id: '523456789012345678', name: 'general' } } }

function print(line: string, r: InvokeResult): void {
  console.log(`\n# sam invokes ${line}`)
  if (r.outcome === 'refused') console.log(`refused [${r.code}]: ${r.message}`)
  else if (r.outcome === 'failed') console.log(`failed [${r.code}]: ${r.message}`)
  else if (r.outcome === 'answered')
    for (const e of r.transcript()) console.log(`+${e.at - (r.transcript()[0]?.at ?? e.at)} ms ${e.kind}: ${'message' in e ? JSON.stringify(e.message?.content) : ''}`)
}

for (const line of ['/slowmode seconds:1 min', '/ban target:@lee']) print(line, await emulator.invoke({ ...at, command: line }))
