// The emulator's fetch where the program declares the platform's (here the newest
// Node declarations, as `npm i -D @types/node` installs them): a bot author's
// factory typed `fetch: typeof fetch` takes `emulator.fetch` and `connect`'s
// context as they are, with no cast, and what it resolves to is a `Response`.
// Where nothing declares `fetch` (tsd, with no DOM and no Node types), the same
// property is the emulator's StructuralFetch (test-d/rest.test-d.ts).
import { commands, slash } from 'slashkit'
import { createEmulator, type EmulatorFetch } from 'slashkit/emulator'
import { createHandler } from 'slashkit/http'
import { createClient } from 'slashkit/rest'
import { connect } from 'slashkit/testing'
import { expectError, expectType } from 'tsd'

const app = commands(slash('ping', 'Check the bot'))

function makeBot(publicKey: string, env: { applicationId: string; baseUrl: string; fetch: typeof fetch }) {
  const rest = createClient({ token: 'test', applicationId: env.applicationId, baseUrl: env.baseUrl, fetch: env.fetch })
  return createHandler({ publicKey, app, rest, handlers: { ping: () => 'pong' } })
}

const emulator = createEmulator()
expectType<typeof fetch>(emulator.fetch)
expectType<EmulatorFetch>(emulator.fetch)
void connect(emulator, makeBot)
void connect(emulator, (publicKey, env) => makeBot(publicKey, env))
makeBot('0'.repeat(64), { applicationId: '1', baseUrl: emulator.baseUrl, fetch: emulator.fetch })
expectType<Promise<Response>>(emulator.fetch(`${emulator.baseUrl}/applications/1/commands`))
// It is still what fetch takes: a number is no URL.
expectError(emulator.fetch(1))
