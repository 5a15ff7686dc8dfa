#!/usr/bin/env node
/**
 * Benchmarks of the REST client (slashkit/rest) against the in-memory emulator:
 *
 * 1. Overhead per call: `rest.listCommands()` (queue, store, timeout, hooks
 *    unset, JSON) against a bare `fetch` of the same request to the same emulator
 *    that reads and parses the body, in alternating rounds in one process; the
 *    median of the per-round ratios of CPU time (wall time printed beside it).
 *    Target: at most 1.15x. The emulator's global limit is set out of reach and
 *    the client's is off, so that no wait is timed.
 * 2. Draining 1,000 calls queued at once under a global limit of 500 per second
 *    (client and emulator alike), on the real clock: the time until the last
 *    answer, against the ideal calls / limit. The first window's 500 go at once,
 *    so the floor is (calls - limit) / limit; no 429 may come.
 *
 * Usage: node bench/rest.mjs   (after `npm run build`)
 *        import { benchRest } from './rest.mjs'
 */
import { pathToFileURL } from 'node:url'
import { median } from './harness.mjs'

const APP = '100000000000000001'

const sorted = (values) => values.slice().sort((a, b) => a - b)

/**
 * Times `n` sequential awaited calls of `fn`: per call, the process's CPU time
 * (user and system, every thread: the collector's helpers too) and the wall time,
 * in ns. The CPU time is what the ratio is taken on: on a machine shared with
 * other work, the wall time of a batch also counts the time the process was not
 * running at all, which falls on either side at random.
 */
async function timeBatch(fn, n) {
  const cpu = process.cpuUsage()
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) await fn()
  const wall = Number(process.hrtime.bigint() - start) / n
  const used = process.cpuUsage(cpu)
  return { cpu: ((used.user + used.system) * 1000) / n, wall }
}

/**
 * The harness's comparison (bench/harness.mjs) for async functions, on CPU time:
 * alternating rounds (each side first in every other round), the median of the
 * per-round ratios; the same on wall time beside it, for reference.
 */
async function compareAsync(name, { baselineName, baseline, candidateName, candidate, rounds, batch = 1000 }) {
  for (let i = 0; i < 2000; i++) {
    await baseline()
    await candidate()
  }
  const base = []
  const cand = []
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      base.push(await timeBatch(baseline, batch))
      cand.push(await timeBatch(candidate, batch))
    } else {
      cand.push(await timeBatch(candidate, batch))
      base.push(await timeBatch(baseline, batch))
    }
  }
  const q = (values, at) => sorted(values)[Math.round((values.length - 1) * at)]
  const summary = (label, values) => ({ name: label, median: median(values), q1: q(values, 0.25), q3: q(values, 0.75), calls: batch })
  const of = (clock) => {
    const b = base.map((t) => t[clock])
    const c = cand.map((t) => t[clock])
    const ratios = c.map((t, i) => t / b[i])
    return {
      ratio: median(ratios),
      ratioOfMedians: median(c) / median(b),
      spread: { q1: q(ratios, 0.25), median: median(ratios), q3: q(ratios, 0.75), iqr: q(ratios, 0.75) - q(ratios, 0.25) },
      baseline: summary(baselineName, b),
      candidate: summary(candidateName, c),
    }
  }
  return { name, ...of('cpu'), wall: of('wall'), rounds }
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
  const overhead = await compareAsync('rest.listCommands() vs bare fetch, in-memory emulator, CPU time', {
    baselineName: 'fetch + text + JSON.parse',
    baseline: async () => {
      const res = await emulator.fetch(url, { method: 'GET', headers: { authorization: 'Bot token' } })
      const text = await res.text()
      if (res.status !== 200) throw new Error(`bench: ${res.status}`)
      return JSON.parse(text)
    },
    candidateName: 'rest.listCommands()',
    candidate: () => rest.listCommands(),
    // Rounds of 1,000 calls: each holds several collections of the young generation, which a round of a few hundred holds or not.
    rounds: Math.max(rounds, 40),
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
    `wall time, for reference: ratio ${overhead.wall.ratio.toFixed(3)} (q1..q3 ${overhead.wall.spread.q1.toFixed(3)}..${overhead.wall.spread.q3.toFixed(3)}), of medians ${overhead.wall.ratioOfMedians.toFixed(3)}`,
  )
  console.log(
    `drain: ${drain.calls} calls queued at once, limit ${drain.limit}/s: ${drain.seconds.toFixed(2)} s (ideal calls/limit ${drain.ideal.toFixed(2)} s, ratio ${(drain.seconds / drain.ideal).toFixed(3)}; floor ${drain.floor.toFixed(2)} s), ${drain.refused} 429s`,
  )
  const v = verdict(overhead, { target: REST_TARGET })
  console.log(`${v.status === 'met' ? 'ok  ' : 'MISS'} ${v.message}`)
  if (v.status !== 'met') process.exitCode = 1
}
