/**
 * Start-up cost (issue "Type-level builders"): what `require('slashkit')` adds to a
 * bare `node -e ''`, against what `require('@discordjs/builders')` adds. Each
 * command runs as a fresh process, interleaved in rounds; medians are reported.
 *
 *   node bench/startup.mjs   (after npm run build)
 */
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'

const root = new URL('..', import.meta.url).pathname

const COMMANDS = {
  bare: "''",
  slashkit: "require('./dist/index.cjs')",
  peer: "require('@discordjs/builders')",
}

function once(code) {
  const t = process.hrtime.bigint()
  const r = spawnSync(process.execPath, ['-e', code], { cwd: root, stdio: 'ignore' })
  if (r.status !== 0) throw new Error(`startup bench: node -e ${code} failed`)
  return Number(process.hrtime.bigint() - t) / 1e6
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

/** Milliseconds added to a bare start by each require, as medians over `rounds`. */
export function startup({ rounds = 30 } = {}) {
  const times = Object.fromEntries(Object.keys(COMMANDS).map((k) => [k, []]))
  for (const code of Object.values(COMMANDS)) once(code) // warm the file cache
  for (let r = 0; r < rounds; r++) for (const [name, code] of Object.entries(COMMANDS)) times[name].push(once(code === "''" ? '' : code))
  const bare = median(times.bare)
  return { bare, slashkit: median(times.slashkit) - bare, peer: median(times.peer) - bare }
}

/** The limit from the issue: at most 10 ms added. */
export const STARTUP_LIMIT_MS = 10

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(startup())
