#!/usr/bin/env node
/**
 * The `slashkit` executable: `run` with the process's arguments, output,
 * environment and signals.
 */
import process from 'node:process'
import { run } from './run.js'

const stopped = new Promise<void>((resolve) => {
  process.once('SIGINT', () => resolve())
  process.once('SIGTERM', () => resolve())
})

run(process.argv.slice(2), {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  cwd: process.cwd(),
  stopped,
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  },
)
