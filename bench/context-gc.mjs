#!/usr/bin/env node
/**
 * The garbage collector's time under the handler's dispatch: `Dispatcher.run` of
 * one command interaction (parse, the handler, its answer through the context,
 * `ctx.answered` and `ctx.deferred` read), N times in a row, with the last 1,000
 * contexts held as if their requests were in flight. Each side runs in processes of
 * its own, alternating; a process reports the time of its scavenges (minor GCs) and
 * mark-compacts from PerformanceObserver 'gc' entries, its wall time, and its heap.
 * The figure is the median of each over the rounds, and the ratio B / A of the
 * medians. No timing is asserted anywhere: this is a measurement.
 *
 *   node bench/context-gc.mjs --against=REV   A: src/ at REV, B: the working tree
 *   --n=N (dispatches a process, default 220000)  --rounds=N (processes a side, default 5)
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback

if (process.argv[2] === '--child') {
  const { Dispatcher, commands, slash, option } = await import(process.argv[3])
  const n = Number(process.argv[4])
  const { PerformanceObserver } = await import('node:perf_hooks')
  const gc = { minor: 0, major: 0, count: 0 }
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++
      // NODE_PERFORMANCE_GC_MINOR is 1; everything else (major, incremental, weak callbacks) counts as major.
      if (e.detail?.kind === 1) gc.minor += e.duration
      else gc.major += e.duration
    }
  })
  obs.observe({ entryTypes: ['gc'] })
  const app = commands(slash('roll', 'Roll').options(option.integer('sides', 'Sides').min(2).max(100)))
  let seen = 0
  const held = new Array(1000)
  const dispatcher = new Dispatcher({
    app,
    handlers: {
      roll: async ({ options }, ctx) => {
        held[seen++ % held.length] = ctx
        await ctx.reply(`rolled ${options.sides ?? 6}`)
        if (!ctx.answered || ctx.deferred) throw new Error('the context says otherwise')
      },
    },
  })
  const interaction = (i) => ({
    id: String(1000000000000000000n + BigInt(i)),
    application_id: '100000000000000001',
    type: 2,
    token: `token-${i}`,
    version: 1,
    channel_id: '300000000000000003',
    guild_id: '200000000000000002',
    locale: 'en-US',
    app_permissions: '0',
    member: { user: { id: '400000000000000004', username: 'lee' }, roles: [], permissions: '0' },
    data: { id: '500000000000000005', name: 'roll', type: 1, options: [{ name: 'sides', type: 4, value: 20 }] },
  })
  const send = async () => {}
  const start = performance.now()
  for (let i = 0; i < n; i++) await dispatcher.run(interaction(i), send)
  const wall = performance.now() - start
  await new Promise((r) => setTimeout(r, 50))
  obs.disconnect()
  process.stdout.write(JSON.stringify({ wall, minor: gc.minor, major: gc.major, count: gc.count, heapMB: process.memoryUsage().heapUsed / 2 ** 20, seen }))
  process.exit(0)
}

/** Bundles src/http/dispatch.ts with what the script needs, from `dir` (a tree holding src/); the entry is written beside `out`, never into `dir`. */
async function bundle(dir, out) {
  const entry = `${out}.entry.ts`
  const { writeFileSync } = await import('node:fs')
  writeFileSync(
    entry,
    `export { Dispatcher } from ${JSON.stringify(join(dir, 'src/http/dispatch.ts'))}\nexport { commands, slash, option } from ${JSON.stringify(join(dir, 'src/index.ts'))}\n`,
  )
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: out, minify: true, logLevel: 'error' })
}

const against = arg('against', 'HEAD')
const n = arg('n', '220000')
const rounds = Number(arg('rounds', '5'))
const work = mkdtempSync(join(tmpdir(), 'context-gc-'))
try {
  const treeA = join(work, 'a')
  mkdirSync(treeA)
  execFileSync('sh', ['-c', `git -C "${root}" archive ${against} src tsconfig.json | tar -x -C "${treeA}"`])
  await bundle(treeA, join(work, 'a.mjs'))
  await bundle(root, join(work, 'b.mjs'))
  const runs = { a: [], b: [] }
  for (let r = 0; r < rounds; r++)
    for (const side of r % 2 === 0 ? ['a', 'b'] : ['b', 'a']) {
      const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--child', join(work, `${side}.mjs`), n], { encoding: 'utf8' })
      runs[side].push(JSON.parse(out))
    }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  const row = (key) => {
    const a = median(runs.a.map((x) => x[key]))
    const b = median(runs.b.map((x) => x[key]))
    return `${key.padEnd(7)} A ${a.toFixed(1).padStart(9)}  B ${b.toFixed(1).padStart(9)}  B/A ${(b / a).toFixed(3)}`
  }
  console.log(`A = ${against}, B = working tree; ${n} dispatches a process, ${rounds} processes a side, medians`)
  for (const key of ['wall', 'minor', 'major', 'count', 'heapMB']) console.log(row(key))
} finally {
  rmSync(work, { recursive: true, force: true })
}
