/**
 * The main job: builds the example command set, validates it as the service
 * would, prints the payloads, then validates a broken command list and prints
 * its issues.
 */
import { formatIssues, validateCommands } from 'slashkit'
import broken from './broken-commands.json'
import { app } from './commands.js'

const payload = app.toJSON({ scope: 'global' })
console.log(`# ${payload.length} commands, ${JSON.stringify(payload).length} bytes, all valid\n`)
console.log(JSON.stringify(payload, null, 2))

const result = validateCommands(broken, { scope: 'guild' })
console.log('\n# examples/broken-commands.json, checked for a guild:')
console.log(result.ok ? 'valid' : formatIssues(result.issues))
