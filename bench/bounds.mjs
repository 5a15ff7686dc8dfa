#!/usr/bin/env node
/**
 * Benchmark of the bound on work (src/rules/bounds.ts; issue 19): `safeParse` of a
 * 5 MB hostile body against `safeParse` of a valid payload of the largest legal
 * size, in the same process (bench/harness.mjs). Target: the hostile one costs at
 * most 2x the valid one, in time and in heap.
 *
 * - The definition: `/big` with 25 STRING options of max_length 6000 ("Limits": 25
 *   options; "Command option": max_length at most 6000).
 * - Valid, the largest legal payload: all 25 options, each a string of 6000
 *   characters outside the Basic Multilingual Plane (12,000 UTF-16 units each,
 *   600 KB of UTF-8): the most a payload can legally hold, and what `safeParse`
 *   must count character by character. For scale, one row compares with 25
 *   strings of 6000 ASCII letters, the cheapest payload of that many characters.
 * - Hostile: the same interaction whose `data.options` holds a million nulls (5 MB
 *   of JSON); one whose single option value is a string of 5 million characters;
 *   and 25 values of 12,000 ASCII letters each, just over the limit, so that every
 *   one must be counted.
 *
 * Both read a payload that came through JSON.parse once, as the endpoint's body
 * does; JSON.parse itself is not timed (it costs the same for any 5 MB).
 * Heap: what the results of 1000 calls keep, per call, after a full collection.
 *
 * Usage: node bench/bounds.mjs        (after `npm run build`)
 *        import { benchBounds, BOUNDS_TARGET } from './bounds.mjs'
 */
import { runInNewContext } from 'node:vm'
import { setFlagsFromString } from 'node:v8'
import { pathToFileURL } from 'node:url'
import { compare, printTable } from './harness.mjs'

/** Hostile at most this many times the valid payload's time. */
export const BOUNDS_TARGET = 2.0

const NAMES = Array.from({ length: 25 }, (_, i) => `o${i}`)

/** The payloads, as JSON text: valid (largest legal), a million null options, one 5-million-character value. */
function bodies() {
  const invocation = (options) => JSON.stringify({ id: '1', application_id: '2', type: 2, token: 't', version: 1, data: { id: '3', name: 'big', type: 1, options } })
  return {
    valid: invocation(NAMES.map((name) => ({ type: 3, name, value: '\u{1F389}'.repeat(6000) }))),
    ascii: invocation(NAMES.map((name, i) => ({ type: 3, name, value: String.fromCharCode(97 + (i % 26)).repeat(6000) }))),
    nulls: invocation(Array.from({ length: 1_000_000 }, () => null)),
    long: invocation([{ type: 3, name: 'o0', value: 'x'.repeat(5_000_000) }]),
    over: invocation(NAMES.map((name) => ({ type: 3, name, value: 'x'.repeat(12_000) }))),
  }
}

/** A full collection, where the runtime allows asking for one. */
function collector() {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc')
}

/** What `n` results of `run` keep on the heap, per result, in bytes. */
function retained(gc, run, n = 2000) {
  // The array's store is filled first, and two collections settle the heap, or the
  // figures are off by the garbage of what ran before.
  const kept = new Array(n).fill(null)
  run()
  gc()
  gc()
  const before = process.memoryUsage().heapUsed
  for (let i = 0; i < n; i++) kept[i] = run()
  gc()
  gc()
  const after = process.memoryUsage().heapUsed
  if (kept[n - 1] === null) throw new Error('unreachable')
  return Math.max(0, (after - before) / n)
}

/** Runs the comparison; returns the harness's results and the heap figures. */
export async function benchBounds({ library, rounds = 40, batchMs = 20 } = {}) {
  const lib = library ?? (await import('../dist/index.js'))
  const { slash, option, safeParse } = lib
  const big = slash('big', 'Twenty-five long strings').options(...NAMES.map((n) => option.string(n, 'A string').maxLength(6000)))
  const text = bodies()
  const [valid, ascii, nulls, long, over] = [text.valid, text.ascii, text.nulls, text.long, text.over].map((t) => JSON.parse(t))
  for (const ok of [valid, ascii]) if (!safeParse(big, ok).ok) throw new Error('bench: a valid payload is refused')
  for (const [hostile, issues] of [[nulls, 1], [long, 1], [over, 25]]) {
    const r = safeParse(big, hostile)
    if (r.ok || r.issues.length !== issues) throw new Error(`bench: a hostile payload gave ${r.ok ? 'a value' : `${r.issues.length} issues`}`)
  }
  const mb = (t) => `${(t.length / 1e6).toFixed(1)} MB`
  const versus = (name, hostile, baseline = valid, baselineName = 'valid, largest') =>
    compare(name, { baselineName, baseline: () => safeParse(big, baseline), candidateName: 'hostile', candidate: () => safeParse(big, hostile), rounds, batchMs })
  const results = [
    versus(`safeParse: ${mb(text.nulls)}, a million null options, vs the largest valid payload`, nulls),
    versus(`safeParse: ${mb(text.long)} in one option value vs the largest valid payload`, long),
    versus(`safeParse: 25 values of 12,000 letters (${mb(text.over)}) vs the largest valid payload`, over),
  ]
  const scale = versus(`for scale: ${mb(text.nulls)} of null options vs 25 ASCII values of 6000 letters`, nulls, ascii, 'valid, ASCII')
  const gc = collector()
  const heap = {
    valid: retained(gc, () => safeParse(big, valid)),
    nulls: retained(gc, () => safeParse(big, nulls)),
    long: retained(gc, () => safeParse(big, long)),
    over: retained(gc, () => safeParse(big, over)),
  }
  return { results, scale, heap }
}

/** The heap line `npm run bench` prints. */
export const heapLine = ({ heap }) =>
  `heap kept per safeParse result: largest valid payload ${heap.valid.toFixed(0)} B; hostile: a million null options ${heap.nulls.toFixed(0)} B, a 5-million-character value ${heap.long.toFixed(0)} B, 25 values over the limit ${heap.over.toFixed(0)} B`

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchBounds()
  printTable([...r.results, r.scale])
  console.log(heapLine(r))
  const worst = Math.max(...r.results.map((x) => x.ratio))
  console.log(`${worst <= BOUNDS_TARGET ? 'ok  ' : 'MISS'} hostile bodies: ratio ${worst.toFixed(3)} (target ${BOUNDS_TARGET})`)
}
