/**
 * The invoke step of `npm run example` (issue 16): the emulator plays a user of a
 * guild. The example set is deployed, the app's endpoint (`createHandler` with the
 * emulator's public key) receives what the user invokes, and the transcript of
 * each invocation is printed: one command the user may run, one that
 * default_member_permissions refuses before anything is sent; then the user
 * presses the button the first reply holds, and the app updates that message.
 */
import { actionRow, param, reply, route } from 'slashkit'
import { createEmulator, type ComponentResult, type InvokeResult } from 'slashkit/emulator'
import { createHandler } from 'slashkit/http'
import { createClient } from 'slashkit/rest'
import { app } from './commands.js'

// The button of the slowmode reply: a custom_id route, and its handler below.
const slowmodeOff = route('slowmode', { seconds: param.integer({ min: 0, max: 21600 }) })

const APPLICATION = '123456789012345678'
const GUILD = '223456789012345678'
const emulator = createEmulator()
const rest = createClient({ token: 'example-token', applicationId: APPLICATION, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
await rest.deploy(app)

const endpoint = createHandler({
  publicKey: await emulator.publicKey(APPLICATION),
  app,
  rest,
  handlers: {
    ban: ({ options }) => reply(`Banned ${options.target.user.username}`),
    kick: ({ options }) => reply(`Kicked ${options.target.user.username}`),
    config: {
      show: () => reply('prefix: !, language: en'),
      set: ({ options }) => reply(`${options.key} = ${options.value}`),
      role: { grant: ({ options }) => reply(`Granted ${options.role.name}`), revoke: ({ options }) => reply(`Revoked ${options.role.name}`) },
    },
    slowmode: async ({ options }, context) => {
      const off = actionRow(slowmodeOff.button({ seconds: options.seconds }, 'Turn off', { style: 'danger' }))
      await context.reply({ content: options.seconds === 0 ? 'Slow mode is off' : `Slow mode: one message every ${options.seconds} s`, components: [off] })
      await context.followUp('(logged in #mod-log)', { ephemeral: true })
    },
    'Show profile': ({ target }) => reply(target.user.username),
    'Report message': () => reply('Reported', { ephemeral: true }),
    launch: () => ({ type: 12 as const }),
  },
  // A button of a reply: UPDATE_MESSAGE (7) changes the message that holds it.
  routes: [slowmodeOff],
  components: {
    slowmode: ({ params }, context) => context.update({ content: `Slow mode of ${params.seconds} s is off (by ${context.user.username})`, components: [] }),
  },
})

const sam = { id: '323456789012345678', username: 'sam', permissions: ['SendMessages'] as const }
const lee = { id: '423456789012345678', username: 'lee' }
const at = { applicationId: APPLICATION, endpoint, user: sam, users: [lee], place: { guild: { id: GUILD }, channel: { id: '523456789012345678', name: 'general' } } }

async function print(line: string, r: InvokeResult | ComponentResult): Promise<void> {
  console.log(`\n# sam ${line.startsWith('/') ? 'invokes' : 'presses'} ${line}`)
  if (r.outcome === 'refused') console.log(`refused [${r.code}]: ${r.message}`)
  else if (r.outcome === 'failed') console.log(`failed [${r.code}]: ${r.message}`)
  else if (r.outcome === 'answered') {
    const transcript = await r.settle()
    for (const e of transcript) console.log(`+${e.at - (transcript[0]?.at ?? e.at)} ms ${e.kind}: ${'message' in e ? JSON.stringify(e.message?.content) : ''}`)
  }
}

for (const line of ['/slowmode seconds:1 min', '/ban target:@lee']) await print(line, await emulator.invoke({ ...at, command: line }))
await print('the button "Turn off"', await emulator.press({ ...at, customId: slowmodeOff.id({ seconds: 60 }) }))
