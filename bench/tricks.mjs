#!/usr/bin/env node
/**
 * The performance ledger's measurements (docs/internals.md, "Ledger"): for each
 * trick outside src/rules/, the work of the bench row that guards it, timed on
 * two builds of the same source: one as it is, one with the trick taken out (a
 * text replacement in a copy of src/). Each build is a copy of the committed
 * package in .bench-tmp/tricks/NAME (src/, bench/, package.json of `--rev`; ESM
 * only, no declarations), built the same way; dist/ is not used.
 *
 *   node bench/tricks.mjs                  every trick
 *   node bench/tricks.mjs --only=freeze    some tricks (names of TRICKS below, comma-separated)
 *   node bench/tricks.mjs --list           the tricks, their files and rows
 *   node bench/tricks.mjs --rounds=N       batches per process (default 40)
 *   node bench/tricks.mjs --procs=N        processes a side (default 4)
 *   node bench/tricks.mjs --rev=REV        the commit whose source is measured (default HEAD)
 *   node bench/tricks.mjs --against=REV --row=ROW
 *                                          no trick: the row's work on `--rev` against the
 *                                          same on REV (an A/B of two commits, e.g. a regression)
 *   node bench/tricks.mjs --own            the rest tricks on the client's own work (a fetch that
 *                                          answers at once) instead of the row's, which the
 *                                          emulator's 40 us dilute
 *
 * The gain: the time the row's work loses when the trick is taken out, from the
 * fastest batch of each side in CPU time, each build in processes of its own,
 * alternating (see `measure`). The tricks `none`, `none-parse` and `none-rest`
 * change nothing: their gain is the method's noise on each row. A replacement
 * whose text is no longer in the source fails loudly (the code moved: update the
 * entry).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = new URL('..', import.meta.url).pathname
const tmp = join(root, '.bench-tmp', 'tricks')

/**
 * Each trick: its file, the replacements that take it out ([find, replace], each
 * `find` must occur exactly once), and the bench row that guards it.
 * Rows: 'build' (slashkit build+toJSON+stringify vs object literals), 'workload'
 * (the same on issue 29's workload, bench/workload.mjs), 'validate' (validateCommands
 * of the fixture, the row against JSON.stringify) and 'validate-workload' (of the
 * workload), 'parse'
 * (parse /mod ban vs a hand-written reader), 'rest' (rest.listCommands() vs bare
 * fetch), 'rest-own' (the same over a fetch that answers at once), 'messages' (a
 * message of 3 embeds and 5 rows of buttons built, validated and stringified,
 * bench/messages.mjs); 'verify' (verifyRequest with a hex key) is no row of `npm run bench`.
 */
export const TRICKS = [
  // Reverted tricks (spare-stack, sized-lists, jit-length-inline, dicts-at-hand, defaults-once,
  // route-cache) were measured by this tool at commits d8330dc and 8672d75, queue-sync at 1e8d369; docs/internals.md keeps their figures.
  // Controls: the same source built twice; their gain is the method's noise on each row.
  { name: 'none', what: 'control: nothing taken out', file: undefined, row: 'build', replace: [] },
  { name: 'none-parse', what: 'control: nothing taken out', file: undefined, row: 'parse', replace: [] },
  { name: 'none-rest', what: 'control: nothing taken out', file: undefined, row: 'rest', replace: [] },
  { name: 'none-validate', what: 'control: nothing taken out', file: undefined, row: 'validate-workload', replace: [] },
  {
    name: 'freeze',
    what: 'builders are not frozen (immutable by construction)',
    file: 'src/builders/state.ts',
    row: 'build',
    replace: [["    this['~b'] = b\n  }", "    this['~b'] = b\n    Object.freeze(this)\n  }"]],
  },
  {
    name: 'pop',
    what: 'replay pops its stack instead of indexing it and truncating with length =',
    file: 'src/builders/state.ts',
    row: 'build',
    replace: [
      ['  while (pending.length > base) {\n    n = pending.pop() as Builder\n', '  for (let at = pending.length - 1; at >= base; at--) {\n    n = pending[at] as Builder\n'],
      ["n['~b'])\n  }\n  return out\n", "n['~b'])\n  }\n  pending.length = base\n  return out\n"],
    ],
  },
  {
    name: 'sibling-names',
    what: "rule 4 reads the names of earlier siblings from the walk's array, not from the options again",
    file: 'src/rules/options.ts',
    row: 'validate-workload',
    // Without it: each earlier sibling's name read again from its object (a load on options of many shapes).
    replace: [
      ['    const j = names.indexOf(name)\n', "    let j = -1\n    for (let k = 0; k < i && j < 0; k++) if (typeof names[k] === 'string' && (v[k] as Json).name === name) j = k\n"],
    ],
  },
  {
    name: 'chat-name-pass',
    what: 'CHAT_INPUT names in ASCII and common scripts checked in one pass, without the regular expression (checkChatName)',
    file: 'src/rules/text.ts',
    row: 'validate-workload',
    // Without it: every name goes the way of the names the pass does not know (length, pattern, lower case).
    replace: [
      [
        '  const n = s.length\n  let upper = false\n',
        '  if (s !== undefined) return (lengthWithin(s, NAME_MIN, NAME_MAX) ? 0 : NAME_LENGTH) | (chatNamePattern().test(s) ? 0 : NAME_PATTERN) | (s.toLowerCase() !== s ? NAME_LOWERCASE : 0)\n  const n = s.length\n  let upper = false\n',
      ],
    ],
  },
  {
    name: 'jit',
    what: 'parse reads invocations with a generated reader per command (parse/jit.ts)',
    file: 'src/parse/jit.ts',
    row: 'parse',
    replace: [['const settings = { jitless: false }', 'const settings = { jitless: true }']],
  },
  {
    name: 'compile-last',
    what: 'compile answers the definition compiled last before the WeakMap',
    file: 'src/parse/compile.ts',
    row: 'parse',
    replace: [['  return definition === last && lastCompiled !== undefined ? lastCompiled : lookupOrCompile(definition)', '  return lookupOrCompile(definition)']],
  },
  {
    name: 'is-id',
    what: 'isId checks 1 to 19 digits without the snowflake regular expression',
    file: 'src/parse/read.ts',
    row: 'parse',
    replace: [['  if (n === 0 || n >= 20) return isSnowflake(v)', '  if (n >= 0) return isSnowflake(v)']],
  },
  {
    name: 'compile-cache',
    what: 'parse compiles a definition once and keeps it (WeakMap and the last one), with its generated readers',
    file: 'src/parse/compile.ts',
    row: 'parse',
    replace: [
      ['  return definition === last && lastCompiled !== undefined ? lastCompiled : lookupOrCompile(definition)', '  return lookupOrCompile(definition)'],
      ['    const hit = cache.get(definition)\n', '    const hit = undefined as CompiledSet | undefined\n'],
    ],
  },
  {
    name: 'shared-deadlines',
    what: 'requests ending within the same 25 ms share one AbortController and one timer',
    file: 'src/rest/fetch.ts',
    row: 'rest',
    // Without it: a controller and a timer of each request's own, the timer cleared as the attempt ends.
    replace: [
      [
        '  const deadline = deadlineOf(Controller, Date.now() + timeout)\n  if (signal === undefined) {\n',
        '  if (signal === undefined) {\n    const own = new Controller()\n    init.signal = own.signal\n    return new Promise<Exchange>((resolve, reject) => {\n      let fired = false\n      const timer = timers.setTimeout?.(() => {\n        fired = true\n        own.abort()\n        reject(TIMEOUT)\n      }, timeout)\n      exchange(fetcher, url, init).then(\n        (done) => {\n          timers.clearTimeout?.(timer)\n          resolve(done)\n        },\n        (error: unknown) => {\n          timers.clearTimeout?.(timer)\n          reject(fired ? TIMEOUT : error)\n        },\n      )\n    })\n  }\n  const deadline = deadlineOf(Controller, Date.now() + timeout)\n  if (signal === undefined) {\n',
      ],
    ],
  },
  {
    name: 'key-cache',
    what: 'verifyRequest(request, hexKey) imports each public key once (up to 16 kept)',
    file: 'src/http/verify.ts',
    row: 'verify',
    replace: [['  const known = imported.get(normal)\n', '  const known = undefined as PublicKey | undefined\n']],
  },
  {
    name: 'kept-queues',
    what: 'the REST limiter keeps idle queues (up to 256) instead of dropping each when idle',
    file: 'src/rest/limiter.ts',
    row: 'rest',
    replace: [['    if (this.queues.size > QUEUES_KEPT) for', '    if (this.queues.size > 0) for']],
  },
]

const args = process.argv.slice(2)
const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const rounds = Number(arg('rounds') ?? 40)
const procs = Number(arg('procs') ?? 4)
/** The commit measured, resolved once: commits made while the tool runs do not change it. */
const rev = execFileSync('git', ['rev-parse', '--verify', `${arg('rev') ?? 'HEAD'}^{commit}`], { cwd: root, encoding: 'utf8' }).trim()

/** A copy of the package of commit `at` in `dir` with `src` edited by `replace`, built (ESM, no declarations). */
function buildVariant(dir, replace = [], file = undefined, at = rev) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  // The committed source (`--rev`, default HEAD), not the working tree: what is measured is what a commit holds.
  const archive = execFileSync('git', ['archive', at, 'src', 'bench', 'package.json', 'tsup.config.ts'], { cwd: root, maxBuffer: 1 << 28 })
  execFileSync('tar', ['-x', '-C', dir], { input: archive })
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  if (file !== undefined) {
    const path = join(dir, file)
    let text = readFileSync(path, 'utf8')
    for (const [find, by] of replace) {
      const at = text.indexOf(find)
      if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`bench/tricks: ${file} does not hold exactly one ${JSON.stringify(find.slice(0, 80))}: update TRICKS`)
      text = text.slice(0, at) + by + text.slice(at + find.length)
    }
    writeFileSync(path, text)
  }
  writeFileSync(join(dir, 'tsup.tricks.config.ts'), "import base from './tsup.config.ts'\nexport default { ...base, format: ['esm'], dts: false }\n")
  execFileSync(join(root, 'node_modules', '.bin', 'tsup'), ['--config', 'tsup.tricks.config.ts', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
  return dir
}

/**
 * The work of a bench row, from the copy in `dir` against its own build: a
 * function the harness can time (async for 'rest'). The same work as the row of
 * `npm run bench`: the 130-command set built, toJSON'd and stringified; parse of
 * /mod ban; rest.listCommands() against an in-memory emulator; the message of
 * bench/messages.mjs.
 */
export async function work(dir, name) {
  const url = (f) => pathToFileURL(join(dir, f)).href
  if (name === 'build' || name === 'workload') {
    const { loadContenders, checkSameOutput } = await import(url('bench/builders.mjs'))
    const set = name === 'workload' ? (await import(url('bench/workload.mjs'))).makeWorkload() : undefined
    const c = await loadContenders(set, name === 'workload' ? '-workload' : '')
    checkSameOutput(c)
    return () => JSON.stringify(c.slashkit().toJSON())
  }
  if (name === 'validate' || name === 'validate-workload') {
    const lib = await import(url('dist/index.js'))
    const set = name === 'validate' ? (await import(url('bench/fixture.mjs'))).makeCommandSet() : (await import(url('bench/workload.mjs'))).makeWorkload()
    if (!lib.validateCommands(set).ok) throw new Error(`bench/tricks: the ${name} set does not validate`)
    return () => lib.validateCommands(set)
  }
  if (name === 'parse') {
    const lib = await import(url('dist/index.js'))
    const { definition, PAYLOAD } = await import(url('bench/parse.mjs'))
    const mod = definition(lib)
    const payload = JSON.parse(PAYLOAD)
    return () => lib.parse(mod, payload)
  }
  if (name === 'messages') {
    // bench/messages.mjs's row: 3 embeds and 5 rows of buttons built, validated and stringified.
    const { built, checkSame } = await import(url('bench/messages.mjs'))
    checkSame()
    return built
  }
  if (name === 'rest') {
    const { createEmulator } = await import(url('dist/emulator.js'))
    const { createClient } = await import(url('dist/rest.js'))
    const emulator = createEmulator({ rateLimits: { global: 1_000_000_000, dailyCreates: false } })
    const rest = createClient({ token: 'Bot token', applicationId: '100000000000000001', baseUrl: emulator.baseUrl, fetch: emulator.fetch, globalLimit: false })
    await rest.createCommand({ name: 'ping', description: 'Pong' })
    return () => rest.listCommands()
  }
  if (name === 'rest-own') {
    // The client's own work: the same call over a fetch that answers at once (bench/rest.mjs, `ownCost`).
    const { createClient } = await import(url('dist/rest.js'))
    const headers = new Headers({ 'x-ratelimit-bucket': 'b', 'x-ratelimit-limit': '1000000000', 'x-ratelimit-remaining': '1000000000', 'x-ratelimit-reset-after': '1.000' })
    const res = { status: 200, headers, text: () => Promise.resolve('[]') }
    const rest = createClient({
      token: 'Bot token',
      applicationId: '100000000000000001',
      baseUrl: 'http://127.0.0.1/api/v10',
      fetch: () => Promise.resolve(res),
      globalLimit: false,
    })
    return () => rest.listCommands()
  }
  if (name === 'verify') {
    const { generateTestKeys } = await import(url('dist/testing.js'))
    const { verifyRequest } = await import(url('dist/http.js'))
    const keys = await generateTestKeys()
    const payload = { type: 1, id: '1', application_id: '2', token: 't', version: 1 }
    const signed = await keys.request(payload)
    const headers = Object.fromEntries(signed.headers)
    const body = JSON.stringify(payload)
    return async () => {
      const v = await verifyRequest(new Request('http://localhost/', { method: 'POST', headers, body }), keys.publicKey)
      if (!v.ok) throw new Error(`bench/tricks: the request does not verify (${v.status})`)
    }
  }
  throw new Error(`bench/tricks: no row ${name}`)
}

/** CPU time of this process in nanoseconds (user + system): what other processes do costs it little. */
const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) * 1000
}

/** Runs `fn` `n` times (awaiting each call when `async`); returns the CPU time in ns. */
async function timeBatch(fn, n, async) {
  const start = cpu()
  if (async) for (let i = 0; i < n; i++) await fn()
  else for (let i = 0; i < n; i++) fn()
  return cpu() - start
}

const quantile = (sorted, f) => sorted[Math.round((sorted.length - 1) * f)]

/**
 * In a child process (`--child=DIR --row=ROW`): the row's work from the build in
 * DIR, warmed up, then `rounds` batches of about `batchMs` of CPU time each.
 * Prints the fastest and the median per-call CPU time (ns) as JSON.
 */
async function child(dir, row, rounds, batchMs = 20) {
  const async = row === 'rest' || row === 'rest-own' || row === 'verify'
  const fn = await work(dir, row)
  let n = 1
  let ns = await timeBatch(fn, n, async)
  while (ns < batchMs * 1e6) {
    n *= 2
    ns = await timeBatch(fn, n, async)
  }
  const calls = Math.max(1, Math.round((n * batchMs * 1e6) / ns))
  const per = []
  for (let r = 0; r < rounds; r++) per.push((await timeBatch(fn, calls, async)) / calls)
  per.sort((p, q) => p - q)
  return { min: per[0], median: quantile(per, 0.5) }
}

/** Runs `child` for DIR in a process of its own. */
function inChild(dir, row, rounds) {
  const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, `--child=${dir}`, `--row=${row}`, `--rounds=${rounds}`], { encoding: 'utf8' })
  return JSON.parse(out)
}

/**
 * The gain of a trick: each build's work timed in processes of its own (two
 * builds of the same library in one process share code the engine caches, such
 * as the parse JIT's generated functions, which skews the second one), `procs`
 * of each, alternating with and without. Timed in CPU time, not wall time: on a
 * machine shared with other work (the reason for this tool) wall time mostly
 * measures the others. The gain is the ratio of the fastest batches per call
 * (without / with) minus one: interference only ever adds time, so the fastest
 * batch is the one nearest the work's own cost. The ratio of the medians of
 * each process's median is given too.
 */
export async function measure(t, withDir, withoutDir, rounds, procs = 4) {
  const runs = [[], []]
  for (let p = 0; p < procs; p++) for (const k of p % 2 === 0 ? [0, 1] : [1, 0]) runs[k].push(inChild(k === 0 ? withDir : withoutDir, t.row, rounds))
  const min = (k) => Math.min(...runs[k].map((r) => r.min))
  const med = (k) =>
    quantile(
      runs[k].map((r) => r.median).sort((p, q) => p - q),
      0.5,
    )
  return { ratio: min(1) / min(0), median: med(1) / med(0), procs }
}

const pct = (x) => `${((x - 1) * 100).toFixed(1)}%`

/** One trick's line: the gain (fastest batches, without / with, minus one) and the ratio of the medians. */
export function describe(t, r) {
  return `${t.name.padEnd(18)} row ${t.row.padEnd(6)} gain ${pct(r.ratio).padStart(7)}  (medians: ${pct(r.median)}; ${r.procs} processes a side)`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && arg('child') !== undefined) {
  process.stdout.write(JSON.stringify(await child(arg('child'), arg('row'), rounds)))
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (args.includes('--list')) {
    for (const t of TRICKS) console.log(`${t.name.padEnd(18)} ${t.row.padEnd(6)} ${t.file}  ${t.what}`)
    process.exit(0)
  }
  const against = arg('against')
  if (against !== undefined) {
    // An A/B of two commits: "gain" is how much more time the row's work takes on REV.
    const old = execFileSync('git', ['rev-parse', '--verify', `${against}^{commit}`], { cwd: root, encoding: 'utf8' }).trim()
    const t = { name: `vs ${old.slice(0, 7)}`, row: arg('row') ?? 'build' }
    console.log(`node ${process.version}; row ${t.row}: source of ${rev} against ${old}, ${procs} processes a side, ${rounds} batches each`)
    const base = buildVariant(join(tmp, 'with'))
    const other = buildVariant(join(tmp, 'against'), [], undefined, old)
    console.log(describe(t, await measure(t, base, other, rounds, procs)))
    process.exit(0)
  }
  const only = arg('only')?.split(',')
  const chosen = TRICKS.filter((t) => only === undefined || only.includes(t.name))
  if (chosen.length === 0) throw new Error(`bench/tricks: no trick named ${only}`)
  console.log(`node ${process.version}, source of ${rev}; each trick: the row's work with it and without it, ${procs} processes a side, ${rounds} batches each`)
  const base = buildVariant(join(tmp, 'with'))
  for (const chosenTrick of chosen) {
    const t = args.includes('--own') && chosenTrick.row === 'rest' ? { ...chosenTrick, row: 'rest-own' } : chosenTrick
    const without = buildVariant(join(tmp, t.name), t.replace, t.file)
    console.log(describe(t, await measure(t, base, without, rounds, procs)))
  }
}
