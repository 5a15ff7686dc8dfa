/**
 * The main job: builds the example command set, validates it as the service
 * would, prints the payloads, then validates a broken command list and prints
 * its issues, and last deploys the set to the embedded emulator twice (the second
 * deploy finds nothing to change); examples/invoke.ts then invokes two commands as a user.
 */
import { formatIssues, validateCommands } from 'slashkit'
import { createEmulator } from 'slashkit/emulator'
import { createClient } from 'slashkit/rest'
import broken from './broken-commands.json'
import { playInteraction } from './bot.js'
import { app } from './commands.js'

const payload = app.toJSON({ scope: 'global' })
console.log(`# ${payload.length} commands, ${JSON.stringify(payload).length} bytes, all valid\n`)
console.log(JSON.stringify(payload, null, 2))

const result = validateCommands(broken, { scope: 'guild' })
console.log('\n# examples/broken-commands.json, checked for a guild:')
console.log(result.ok ? 'valid' : formatIssues(result.issues))

const emulator = createEmulator()
const rest = createClient({ token: 'example-token', applicationId: '123456789012345678', baseUrl: emulator.baseUrl, fetch: emulator.fetch })
for (const attempt of ['first', 'second']) {
  const result = await rest.deploy(app)
  const counts = result.changes.map((c) => c.action).join(', ')
  console.log(`\n# ${attempt} deploy to the emulator: ${result.applied ? 'one bulk overwrite sent' : 'nothing sent'} (${counts})`)
}

// The bot answers an interaction through its endpoint (examples/bot.ts).
await playInteraction(emulator)
await import('./invoke.js')
