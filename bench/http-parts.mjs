#!/usr/bin/env node
/**
 * Where the time of bench/http.mjs's row goes. The row's two endpoints, the
 * hand-written one and `createHandler`, and each part of their request (reading the
 * body, the signature's hex, the verification, the UTF-8 decode, `JSON.parse`, the
 * interaction read, the dispatch, the `Response` and its text) timed alone,
 * alternating batch by batch, in CPU time of this process (WebCrypto's verification
 * runs on libuv's pool: `process.cpuUsage` counts it) and by the wall clock; the
 * figure of each is its fastest batch (`fastestBatches`, bench/builders.mjs; its
 * async twin below). src/ is bundled by esbuild, so that parts no entry exports
 * can be timed alone.
 *
 *   node bench/http-parts.mjs                 the decomposition, working tree
 *   node bench/http-parts.mjs --against=REV   an A/B: the row on src/ at REV (A) and on
 *                                             the working tree (B), each build in
 *                                             processes of its own, alternating; in each,
 *                                             the median of per-round ratios against the
 *                                             hand-written endpoint, wall clock and CPU
 *   --rounds=N (default 40; 100 for an A/B)  --per=N (requests a batch in an A/B, default 10)
 *   --procs=N (processes a side in an A/B, default 6)
 *   --control                                 with --against: REV on both sides (the noise)
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { fastestBatches } from './builders.mjs'
import { httpRow } from './http-hand.mjs'

const root = new URL('..', import.meta.url).pathname

/**
 * `fastestBatches` for async parts: each call awaited in turn, a batch as many
 * calls as first took `batchMs` of CPU time; the fastest batch of `rounds`, in
 * ns a call. `clock: 'wall'` times the batches by the wall clock instead (what
 * the row measures: the waits for the pool and the event loop's turns too).
 *
 * @example
 * const { a } = await fastestBatchesAsync({ a: () => crypto.subtle.digest('SHA-256', bytes) })
 */
export async function fastestBatchesAsync(parts, { rounds = 40, batchMs = 10, clock = 'cpu' } = {}) {
  const now =
    clock === 'wall'
      ? () => Number(process.hrtime.bigint())
      : () => {
          const u = process.cpuUsage()
          return (u.user + u.system) * 1000
        }
  const calls = {}
  for (const [name, fn] of Object.entries(parts)) {
    let n = 1
    for (let start = now(); now() - start < batchMs * 1e6; n *= 2) for (let i = 0; i < n; i++) await fn()
    calls[name] = n
  }
  const best = Object.fromEntries(Object.keys(parts).map((name) => [name, Infinity]))
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(parts)) {
      const start = now()
      for (let i = 0; i < calls[name]; i++) await fn()
      best[name] = Math.min(best[name], (now() - start) / calls[name])
    }
  }
  return best
}

/**
 * Times async `fns` in `rounds` rounds, each running `per` calls of every one in
 * turn (the order rotating round by round), by the wall clock and by CPU time.
 * Returns each one's median time a call (µs) and `ratio(a, b, clock)`: the
 * quartiles of the per-round ratios a/b, each round pairing batches timed back to
 * back, so that a load that drifts over the run cancels out.
 *
 * @example
 * const r = await pairedRounds({ hand, handler }, { rounds: 100, per: 10 })
 * r.ratio('handler', 'hand', 'wall').median
 */
export async function pairedRounds(fns, { rounds, per }) {
  const names = Object.keys(fns)
  const wall = Object.fromEntries(names.map((n) => [n, []]))
  const cpu = Object.fromEntries(names.map((n) => [n, []]))
  for (const f of Object.values(fns)) for (let i = 0; i < 200; i++) await f()
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(k + r) % names.length]
      const c0 = process.cpuUsage()
      const t0 = process.hrtime.bigint()
      for (let i = 0; i < per; i++) await fns[n]()
      const t = Number(process.hrtime.bigint() - t0)
      const c = process.cpuUsage(c0)
      wall[n].push(t / per)
      cpu[n].push(((c.user + c.system) * 1000) / per)
    }
  }
  const q = (values, p) => {
    const s = values.slice().sort((x, y) => x - y)
    return s[Math.round((s.length - 1) * p)]
  }
  return {
    medians: Object.fromEntries(names.map((n) => [n, { wall: Number((q(wall[n], 0.5) / 1e3).toFixed(1)), cpu: Number((q(cpu[n], 0.5) / 1e3).toFixed(1)) }])),
    ratio(a, b, clock) {
      const t = clock === 'wall' ? wall : cpu
      const ratios = t[a].map((x, i) => x / t[b][i])
      return { q1: q(ratios, 0.25), median: q(ratios, 0.5), q3: q(ratios, 0.75) }
    },
  }
}

/** Bundles `source` (an entry's text, importing from a src/) into `dir/name.mjs` and imports it. */
async function bundle(dir, name, source, load = true) {
  const entry = join(dir, `${name}-entry.ts`)
  writeFileSync(entry, source)
  const outfile = join(dir, `${name}.mjs`)
  await build({ entryPoints: [entry], bundle: true, format: 'esm', minifySyntax: true, platform: 'node', outfile, logLevel: 'error' })
  return load ? import(pathToFileURL(outfile).href) : undefined
}

/** The row's setup (bench/http-hand.mjs's `httpRow`) and what the parts need beside it. */
async function setup(lib) {
  const row = await httpRow(lib)
  const key = await crypto.subtle.importKey('raw', hexOf(row.keys.publicKey), { name: 'Ed25519' }, false, ['verify'])
  return { ...row, key, encoder: new TextEncoder() }
}

const hexOf = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16))

const us = (best) => Object.fromEntries(Object.entries(best).map(([k, v]) => [k, Number((v / 1e3).toFixed(2))]))

async function decompose(rounds) {
  const tmp = join(root, '.bench-tmp', 'http-parts')
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  const src = join(root, 'src')
  const lib = await bundle(
    tmp,
    'parts',
    `export * from '${src}/internal.ts'
export { createHandler, parseObject, notInteraction } from '${src}/http/handler.ts'
export { verifyRequest, readLimited, hexBytes, publicKey, MAX_BODY_BYTES } from '${src}/http/verify.ts'
export { respondJSON, fromUtf8, utf8 } from '${src}/http/web.ts'
export { Dispatcher } from '${src}/http/dispatch.ts'
export { generateTestKeys } from '${src}/testing/index.ts'
`,
  )
  const s = await setup(lib)
  const handler = lib.createHandler({ publicKey: s.keys.publicKey, app: s.app, handlers: s.handlers })
  const dispatcher = new lib.Dispatcher({ app: s.app, handlers: s.handlers })
  const pk = lib.publicKey(s.keys.publicKey)
  await pk.key
  const sig = s.headers['x-signature-ed25519']
  const ts = s.headers['x-signature-timestamp']
  const bytes = s.encoder.encode(s.body)
  const signedBytes = s.encoder.encode(ts + s.body)
  const sigBytes = lib.hexBytes(sig, 64)
  const answer = { type: 4, data: { content: 'Banned eve (3)' } }
  if ((await (await handler(s.request())).text()) !== (await (await s.hand(s.request())).text())) throw new Error('http-parts: the endpoints answer differently')

  const asyncWork = {
    hand: async () => (await s.hand(s.request())).text(),
    createHandler: async () => (await handler(s.request())).text(),
    request: async () => s.request(),
    'text()': async () => s.request().text(),
    'arrayBuffer()': async () => s.request().arrayBuffer(),
    readLimited: async () => lib.readLimited(s.request(), lib.MAX_BODY_BYTES),
    'subtle.verify': () => crypto.subtle.verify({ name: 'Ed25519' }, s.key, sigBytes, signedBytes),
    verifyRequest: async () => lib.verifyRequest(s.request(), pk),
    // A fresh interaction each time, as a request brings.
    'dispatcher.run': () => dispatcher.run(JSON.parse(s.body), async () => undefined),
    'Response.json+text': () => Response.json(answer).text(),
    'respondJSON+text': () => lib.respondJSON(answer).text(),
  }
  const asyncParts = await fastestBatchesAsync(asyncWork, { rounds })
  const asyncWall = await fastestBatchesAsync(asyncWork, { rounds, clock: 'wall' })
  const interaction = JSON.parse(s.body)
  const syncParts = fastestBatches(
    {
      'hex (hand)': () => Uint8Array.from(sig.match(/../g), (h) => parseInt(h, 16)),
      hexBytes: () => lib.hexBytes(sig, 64),
      'encode ts+text (hand)': () => s.encoder.encode(ts + s.body),
      'utf8 ts + concat': () => {
        const stamp = lib.utf8(ts)
        const out = new Uint8Array(stamp.byteLength + bytes.byteLength)
        out.set(stamp, 0)
        out.set(bytes, stamp.byteLength)
        return out
      },
      fromUtf8: () => lib.fromUtf8(bytes),
      'JSON.parse': () => JSON.parse(s.body),
      parseObject: () => lib.parseObject(s.body),
      notInteraction: () => lib.notInteraction(interaction),
      safeParse: () => lib.safeParse(s.app, interaction),
    },
    { rounds },
  )
  console.log('async parts, µs a call (fastest batches of CPU time):', us(asyncParts))
  console.log('async parts, µs a call (fastest batches of wall-clock time):', us(asyncWall))
  console.log('sync parts, µs a call (fastest batches of CPU time):', us(syncParts))
  for (const [clock, t] of [
    ['CPU', asyncParts],
    ['wall-clock', asyncWall],
  ])
    console.log(`row by ${clock} time: ${(t.createHandler / t.hand).toFixed(3)}x (${((t.createHandler - t.hand) / 1e3).toFixed(2)} µs more a request)`)
}

async function ab(against, { rounds, per, procs, control }) {
  const tmp = join(root, '.bench-tmp', 'http-ab')
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(join(tmp, 'base'), { recursive: true })
  execFileSync('tar', ['-x', '-C', join(tmp, 'base')], { input: execFileSync('git', ['archive', against, 'src'], { cwd: root, maxBuffer: 1 << 28 }) })
  const entry = (src) => `export * from '${src}/internal.ts'
export { createHandler } from '${src}/http/handler.ts'
export { generateTestKeys } from '${src}/testing/index.ts'
`
  const sides = {}
  for (const [name, src] of [
    ['A', join(tmp, 'base', 'src')],
    ['B', control ? join(tmp, 'base', 'src') : join(root, 'src')],
  ]) {
    await bundle(tmp, name, entry(src), false)
    sides[name] = []
  }
  // Each side in processes of its own, alternating: two builds in one process share
  // one heap, and the garbage of one costs the scavenges of the other.
  for (let p = 0; p < procs; p++)
    for (const name of p % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
      const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, `--child=${join(tmp, `${name}.mjs`)}`, `--rounds=${rounds}`, `--per=${per}`], {
        encoding: 'utf8',
      })
      sides[name].push(JSON.parse(out))
    }
  const med = (values) => values.slice().sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)]
  console.log(
    `${against} (A) against ${control ? 'itself (control)' : 'the working tree'} (B): createHandler / the hand-written endpoint, ${procs} processes a side, each ${rounds} rounds of ${per} requests`,
  )
  for (const name of ['A', 'B']) {
    const runs = sides[name]
    const list = (key) => runs.map((r) => r[key].toFixed(3)).join(' ')
    console.log(`${name}: wall ${list('wall')} (median ${med(runs.map((r) => r.wall)).toFixed(3)}); CPU ${list('cpu')} (median ${med(runs.map((r) => r.cpu)).toFixed(3)})`)
  }
  const ratio = (key) => (med(sides.B.map((r) => r[key])) / med(sides.A.map((r) => r[key]))).toFixed(3)
  console.log(`B/A of the medians: wall ${ratio('wall')}, CPU ${ratio('cpu')}`)
}

/** In a child process: the row (createHandler against the hand-written endpoint) on the build at `file`, as medians of per-round ratios. */
async function child(file, rounds, per) {
  const lib = await import(pathToFileURL(file).href)
  const s = await setup(lib)
  const handler = lib.createHandler({ publicKey: s.keys.publicKey, app: s.app, handlers: s.handlers })
  const parts = {
    hand: async () => (await s.hand(s.request())).text(),
    handler: async () => (await handler(s.request())).text(),
  }
  const [a, b] = [await parts.hand(), await parts.handler()]
  if (a !== b) throw new Error(`http-parts: the endpoints answer differently: ${a} | ${b}`)
  const r = await pairedRounds(parts, { rounds, per })
  process.stdout.write(JSON.stringify({ wall: r.ratio('handler', 'hand', 'wall').median, cpu: r.ratio('handler', 'hand', 'cpu').median }))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
  const against = arg('against', undefined)
  if (arg('child', undefined) !== undefined) await child(arg('child'), Number(arg('rounds')), Number(arg('per')))
  else if (against === undefined) await decompose(Number(arg('rounds', '40')))
  else
    await ab(against, {
      rounds: Number(arg('rounds', '100')),
      per: Number(arg('per', '10')),
      procs: Number(arg('procs', '6')),
      control: process.argv.includes('--control'),
    })
}
