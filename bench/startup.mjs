/**
 * Start-up cost (issue 29): what `require('slashkit')` adds to a bare
 * `node -e ''`, against what `require('@discordjs/builders')` adds.
 *
 * Every program runs as a fresh process, interleaved in rounds whose order
 * alternates (A B C, C B A, ...), so that a load that drifts over the run hits
 * every side alike. Each process reports two times:
 * - wall: from spawning it to its exit, seen by this process;
 * - CPU: the CPU time of its main thread at the end (Linux: /proc/self/schedstat),
 *   which another process on the same cores inflates far less than wall time.
 * The figure is the median of the per-round differences (the program minus the
 * bare start of the same round), with their quartiles as the spread. A third
 * figure, the CPU time of the `require` call alone measured inside the process
 * (`process.cpuUsage()` around it), is the steadiest of the three.
 *
 *   node bench/startup.mjs [--rounds=N] [--against=DIR]   (after npm run build)
 *
 * `--against=DIR` adds another build's dist/ (a copy of an older one, say) to the
 * same rounds, for an A/B of a change. `command` (and `against+`) is the require
 * followed by one command defined and built: the require alone loads no area of
 * the core (tsup.config.ts, buildCjsCore), so this is the cold start of a program
 * that defines commands.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { median } from './harness.mjs'

const root = new URL('..', import.meta.url).pathname
const SCHEDSTAT = '/proc/self/schedstat'
const hasSchedstat = existsSync(SCHEDSTAT)

/** The program a process runs: `code`, then it prints its main thread's CPU time and the require's own. */
function program(code) {
  const timed = code === '' ? 'let r={user:0,system:0}' : `const c=process.cpuUsage();${code};const r=process.cpuUsage(c)`
  const cpu = hasSchedstat ? `require('fs').readFileSync('${SCHEDSTAT}','utf8').split(' ')[0]/1e6` : 'NaN'
  return `${timed};process.stdout.write(${cpu}+' '+(r.user+r.system)/1e3)`
}

function once(code) {
  const t = process.hrtime.bigint()
  const r = spawnSync(process.execPath, ['-e', program(code)], { cwd: root, encoding: 'utf8' })
  const wall = Number(process.hrtime.bigint() - t) / 1e6
  if (r.status !== 0) throw new Error(`startup bench: node -e ${code} failed: ${r.stderr}`)
  const [cpu, inside] = r.stdout.split(' ').map(Number)
  return { wall, cpu, inside }
}

const quartiles = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q) => {
    const i = (s.length - 1) * q
    const lo = Math.floor(i)
    return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo)
  }
  return { q1: at(0.25), median: at(0.5), q3: at(0.75) }
}

/**
 * The require, then one command defined and built: what a program that defines
 * commands pays before its first one is ready (the root loads each area of the
 * core on the first read of one of its names, so the require alone loads none).
 */
const oneCommand = (file) => `const { slash, option } = require(${JSON.stringify(file)}); slash('ping', 'Pong').options(option.string('x', 'y').required()).toJSON()`

/**
 * Milliseconds each program adds to a bare start, as medians over `rounds`
 * (per-round differences), with quartiles; `against` adds a second build.
 *
 * @returns `{ rounds, bare: { wall, cpu }, programs: { [name]: { wall, cpu, inside, ratio } } }`: `wall`
 *   and `cpu` are `{ q1, median, q3 }` of the per-round differences in ms; `inside` the
 *   require's own CPU time; `ratio` the median ratio of the process's CPU time to the bare one's.
 */
export function startup({ rounds = 40, against } = {}) {
  const programs = { bare: '', slashkit: "require('./dist/index.cjs')", command: oneCommand('./dist/index.cjs'), peer: "require('@discordjs/builders')" }
  if (against !== undefined) {
    programs.against = `require(${JSON.stringify(resolve(against, 'index.cjs'))})`
    programs['against+'] = oneCommand(resolve(against, 'index.cjs'))
  }
  const names = Object.keys(programs)
  for (const name of names) once(programs[name]) // warm the file cache
  const times = Object.fromEntries(names.map((n) => [n, []]))
  for (let r = 0; r < rounds; r++) for (const name of r % 2 === 0 ? names : [...names].reverse()) times[name].push(once(programs[name]))
  const bare = times.bare
  const result = { rounds, bare: { wall: quartiles(bare.map((t) => t.wall)), cpu: quartiles(bare.map((t) => t.cpu)) }, programs: {} }
  for (const name of names.slice(1)) {
    const own = times[name]
    result.programs[name] = {
      wall: quartiles(own.map((t, i) => t.wall - bare[i].wall)),
      cpu: quartiles(own.map((t, i) => t.cpu - bare[i].cpu)),
      inside: quartiles(own.map((t) => t.inside)),
      ratio: median(own.map((t, i) => t.cpu / bare[i].cpu)),
    }
  }
  return result
}

/**
 * The limit from issue 29: at most 6 ms added (10 ms before it), read on the
 * main thread's CPU time, which a loaded machine inflates least.
 */
export const STARTUP_LIMIT_MS = 6

const ms = (q) => `${q.median.toFixed(1)} ms (q1..q3 ${q.q1.toFixed(1)}..${q.q3.toFixed(1)})`

/** The result as lines of text. */
export function describeStartup(result) {
  const lines = [`start-up, ${result.rounds} interleaved rounds: node -e '' takes ${ms(result.bare.wall)} wall, ${ms(result.bare.cpu)} CPU on its main thread`]
  for (const [name, p] of Object.entries(result.programs))
    lines.push(
      `  ${name.padEnd(9)} adds CPU ${ms(p.cpu)} (${p.ratio.toFixed(3)}x the bare start), wall ${ms(p.wall)}; ${name === 'command' || name === 'against+' ? 'the require and the command' : 'the require alone'} ${ms(p.inside)} CPU`,
    )
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const rounds = Number(arg('rounds') ?? 40)
  console.log(describeStartup(startup({ rounds, against: arg('against') })))
}
