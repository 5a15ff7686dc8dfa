/**
 * slashkit benchmarks. Every result is a ratio against a baseline measured in the
 * same process (bench/harness.mjs), on the realistic 130-command set of
 * bench/fixture.mjs.
 *
 *   npm run bench                      build, run, print the table
 *   npm run bench -- --check           also exit 1 when a ratio is above its hard limit
 *   npm run bench -- --check --strict  also exit 1 when a ratio misses its target
 *
 * Options: --rounds=N (default 40), --batch-ms=N (default 20).
 */
import { validateCommands } from '../dist/index.js'
import { makeCommandSet } from './fixture.mjs'
import { compare, printTable, verdict } from './harness.mjs'

const args = process.argv.slice(2)
const check = args.includes('--check')
const strict = args.includes('--strict')
const numberArg = (name, fallback) => {
  const arg = args.find((a) => a.startsWith(`--${name}=`))
  const n = arg === undefined ? fallback : Number(arg.slice(name.length + 3))
  if (!Number.isFinite(n) || n <= 0) throw new Error(`bench: --${name} must be a positive number`)
  return n
}
const rounds = numberArg('rounds', 40)
const batchMs = numberArg('batch-ms', 20)

const set = makeCommandSet()
const size = JSON.stringify(set).length

// The benchmark only means something on a set the rules accept.
const first = validateCommands(set)
if (!first.ok) {
  console.error(`bench: the fixture does not validate (${first.issues.length} issues), first ones:`)
  for (const issue of first.issues.slice(0, 10)) console.error(`  - ${issue.message} [${issue.code}]`)
  process.exit(1)
}

console.log(`node ${process.version}, ${process.platform}/${process.arch}`)
console.log(`fixture: ${set.length} commands, ${size} characters of JSON (${(size / 1024).toFixed(1)} KiB)\n`)

/** Each benchmark and its targets (ratio candidate / baseline). */
const benchmarks = [
  {
    // From the issue: validating a bulk list should cost no more than serializing it
    // (which every registration does anyway); twice that is a regression.
    target: 1.0,
    limit: 2.0,
    run: () =>
      compare('validateCommands(set) vs JSON.stringify(set)', {
        baselineName: 'JSON.stringify',
        baseline: () => JSON.stringify(set),
        candidateName: 'validateCommands',
        candidate: () => validateCommands(set),
        rounds,
        batchMs,
      }),
  },
]

const results = []
const verdicts = []
for (const b of benchmarks) {
  const result = b.run()
  results.push(result)
  verdicts.push(verdict(result, b))
}

printTable(results)
console.log()
for (const v of verdicts) console.log(`${v.status === 'met' ? 'ok  ' : v.status === 'missed' ? 'MISS' : 'FAIL'} ${v.message}`)

const failing = verdicts.filter((v) => v.status === 'failed' || (strict && v.status === 'missed'))
if (check && failing.length > 0) {
  console.error(`\nbench --check${strict ? ' --strict' : ''}: ${failing.length} benchmark(s) out of bounds:`)
  for (const v of failing) console.error(`  - ${v.message}`)
  process.exit(1)
}
