/**
 * The bot itself: the example set's handlers behind `createHandler`, and one
 * interaction played end to end offline. The emulator opens the interaction, a
 * generated key pair signs it as the service would, the handler answers in the HTTP
 * response (handed to the emulator as the callback) and then sends a follow-up
 * through the webhook. Run by `npm run example` (examples/main.ts).
 */
import { fakeInteraction, generateTestKeys } from 'slashkit/testing'
import { createHandler, type RestLike } from 'slashkit/http'
import type { Emulator } from 'slashkit/emulator'
import { createClient } from 'slashkit/rest'
import { app, ban } from './commands.js'

const APPLICATION_ID = '123456789012345678'

/**
 * The handlers of examples/commands.ts: one per command, subcommand and group.
 * Without `rest`, follow-ups go to the public API (they need no bot token).
 */
export function bot(publicKey: string, rest?: RestLike) {
  return createHandler({
    publicKey,
    app,
    ...(rest === undefined ? {} : { rest }),
    // One call per failure; `step` says where: payload, handler, response, callback, follow-up, notice.
    onError: (error) => console.error(`${error.step} failed:`, error.message),
    handlers: {
      ban: async ({ options }, ctx) => {
        const days = options.days ?? 0
        // Answer now (or, after the 3-second deferral, as its edit); the audit note follows through the webhook.
        await ctx.reply(`Banned ${options.target.user.username} (${days} days of messages deleted)`, { ephemeral: true })
        await ctx.followUp(`Audit: ${ctx.user.username} banned ${options.target.user.username}${options.reason === undefined ? '' : `: ${options.reason}`}`)
      },
      kick: ({ options }) => `Kicked ${options.target.user.username}`,
      config: {
        show: (_, ctx) => `Settings of ${ctx.guildId ?? 'this DM'}`,
        set: ({ options }) => `${options.key} is now ${options.value}`,
        role: {
          grant: ({ options }) => `Granted ${options.role.name} to ${options.target.user.username}`,
          revoke: ({ options }) => `Revoked ${options.role.name} from ${options.target.user.username}`,
        },
      },
      slowmode: ({ options }) => `Slow mode: ${options.seconds} s`,
      'Show profile': ({ target }) => `${target.user.username} joined ${target.member?.joined_at ?? 'some time ago'}`,
      'Report message': ({ target }, ctx) => ({ type: 4, data: { content: `Reported message ${target.id} by ${ctx.user.username}`, flags: 64 } }),
      launch: () => 'The game starts.',
    },
    autocomplete: {
      ban: ({ focused }) => ['spam', 'raid', 'abuse'].filter((r) => r.startsWith(focused.value)).map((r) => ({ name: r, value: r })),
    },
  })
}

/** One interaction, end to end, against the emulator; prints what arrived there. */
export async function playInteraction(emulator: Emulator): Promise<void> {
  const keys = await generateTestKeys() // the service's signing key, played by the example
  const rest = createClient({ token: 'example-token', applicationId: APPLICATION_ID, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  const handler = bot(keys.publicKey, rest)

  const { id, token } = emulator.interactions.open(APPLICATION_ID, { guildId: '200000000000000002' })
  const payload = {
    ...fakeInteraction(ban, { options: { target: { user: { username: 'spammer' } }, days: 1, reason: 'spam' }, user: { username: 'moderator' } }),
    id,
    token,
    application_id: APPLICATION_ID,
  }
  const response = await handler(await keys.request(payload))
  const answer = await response.json()
  emulator.interactions.respond(id, answer) // what the service does with the HTTP answer
  console.log(`\n# an interaction through the endpoint: HTTP ${response.status}, answer ${JSON.stringify(answer)}`)

  // The follow-up goes out after the answer; wait until the emulator has it.
  for (let i = 0; i < 100 && (emulator.interactions.get(id)?.followUps.length ?? 0) === 0; i++) await new Promise((r) => setTimeout(r, 10))
  for (const entry of emulator.interactions.get(id)?.transcript ?? []) {
    const text = 'message' in entry && entry.message !== undefined ? entry.message.content : ''
    console.log(`  ${entry.kind}${'type' in entry ? ` (type ${entry.type})` : ''}: ${text}`)
  }
}
