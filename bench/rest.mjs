#!/usr/bin/env node
/**
 * Benchmarks of the REST client (slashkit/rest) against the in-memory emulator:
 *
 * 1. Overhead per call: `rest.listCommands()` (queue, store, timeout, hooks
 *    unset, JSON) against a bare `fetch` of the same request to the same emulator
 *    that reads and parses the body, in alternating rounds in one process; the
 *    ratio of the per-round medians. Target: at most 1.15x. The emulator's global
 *    limit is set out of reach and the client's is off, so that no wait is timed.
 * 2. Draining 1,000 calls queued at once under a global limit of 500 per second
 *    (client and emulator alike), on the real clock: the time until the last
 *    answer, against the ideal calls / limit. The first window's 500 go at once,
 *    so the floor is (calls - limit) / limit; no 429 may come.
 *
 * Usage: node bench/rest.mjs   (after `npm run build`)
 *        import { benchRest } from './rest.mjs'
 */
import { pathToFileURL } from 'node:url'

const APP = '100000000000000001'

const sorted = (values) => values.slice().sort((a, b) => a - b)
const median = (values) => {
  const s = sorted(values)
  const mid = (s.length - 1) / 2
  return (s[Math.floor(mid)] + s[Math.ceil(mid)]) / 2
}

/** Times `n` sequential awaited calls of `fn`; ns per call. */
async function timeBatch(fn, n) {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) await fn()
  return Number(process.hrtime.bigint() - start) / n
}

/** The harness's comparison (bench/harness.mjs) for async functions: alternating rounds, median of per-round ratios. */
async function compareAsync(name, { baselineName, baseline, candidateName, candidate, rounds = 40, batch = 400 }) {
  for (let i = 0; i < 2000; i++) {
    await baseline()
    await candidate()
  }
  const base = []
  const cand = []
  const ratios = []
  for (let r = 0; r < rounds; r++) {
    let b, c
    if (r % 2 === 0) {
      b = await timeBatch(baseline, batch)
      c = await timeBatch(candidate, batch)
    } else {
      c = await timeBatch(candidate, batch)
      b = await timeBatch(baseline, batch)
    }
    base.push(b)
    cand.push(c)
    ratios.push(c / b)
  }
  const q = (values, at) => sorted(values)[Math.round((values.length - 1) * at)]
  const summary = (label, values) => ({ name: label, median: median(values), q1: q(values, 0.25), q3: q(values, 0.75), calls: batch })
  return {
    name,
    ratio: median(ratios),
    ratioOfMedians: median(cand) / median(base),
    spread: { q1: q(ratios, 0.25), median: median(ratios), q3: q(ratios, 0.75), iqr: q(ratios, 0.75) - q(ratios, 0.25) },
    baseline: summary(baselineName, base),
    candidate: summary(candidateName, cand),
    rounds,
  }
}

/** Target of the overhead ratio (issue: at most 1.15x bare fetch). */
export const REST_TARGET = 1.15

/** Runs both benchmarks; returns the overhead result (harness shape) and the drain figures. */
export async function benchRest({ rounds = 40 } = {}) {
  const { createEmulator } = await import('../dist/emulator.js')
  const { createClient } = await import('../dist/rest.js')

  const emulator = createEmulator({ rateLimits: { global: 1_000_000_000, dailyCreates: false } })
  const url = `${emulator.baseUrl}/applications/${APP}/commands`
  const rest = createClient({ token: 'Bot token', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch, globalLimit: false })
  await rest.createCommand({ name: 'ping', description: 'Pong' })
  const overhead = await compareAsync('rest.listCommands() vs bare fetch, in-memory emulator', {
    baselineName: 'fetch + text + JSON.parse',
    baseline: async () => {
      const res = await emulator.fetch(url, { method: 'GET', headers: { authorization: 'Bot token' } })
      const text = await res.text()
      if (res.status !== 200) throw new Error(`bench: ${res.status}`)
      return JSON.parse(text)
    },
    candidateName: 'rest.listCommands()',
    candidate: () => rest.listCommands(),
    rounds,
  })

  const limit = 500
  const calls = 1000
  const drainEmulator = createEmulator({ rateLimits: { global: limit, dailyCreates: false } })
  const drainClient = createClient({ token: 'Bot token', applicationId: APP, baseUrl: drainEmulator.baseUrl, fetch: drainEmulator.fetch, globalLimit: limit })
  const start = performance.now()
  await Promise.all(Array.from({ length: calls }, () => drainClient.listCommands()))
  const seconds = (performance.now() - start) / 1000
  const refused = drainEmulator.requests.filter((r) => r.status === 429).length
  const drain = { calls, limit, seconds, ideal: calls / limit, floor: (calls - limit) / limit, refused }
  return { overhead, drain }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable, verdict } = await import('./harness.mjs')
  const { overhead, drain } = await benchRest()
  printTable([overhead])
  console.log(
    `drain: ${drain.calls} calls queued at once, limit ${drain.limit}/s: ${drain.seconds.toFixed(2)} s (ideal calls/limit ${drain.ideal.toFixed(2)} s, ratio ${(drain.seconds / drain.ideal).toFixed(3)}; floor ${drain.floor.toFixed(2)} s), ${drain.refused} 429s`,
  )
  const v = verdict(overhead, { target: REST_TARGET })
  console.log(`${v.status === 'met' ? 'ok  ' : 'MISS'} ${v.message}`)
  if (v.status !== 'met') process.exitCode = 1
}
