/**
 * A tiny, dependency-free benchmark harness whose every result is a ratio against
 * a baseline measured in the same process, so that results compare across
 * machines and runs: "validateCommands takes 0.8x the time of JSON.stringify on
 * the same data", not "1.2 ms here".
 *
 * How `compare` measures:
 * 1. Warm-up: both functions run alternately for `warmupMs` (the JIT settles).
 * 2. Calibration: each function gets its own batch size, the number of calls
 *    that takes about `batchMs`, so one timer read never measures one short call.
 * 3. Rounds: each round times one batch of each function back to back with
 *    `process.hrtime.bigint()`, in alternating order (A B, B A, A B, ...) so that
 *    machine noise (frequency scaling, another process, a GC) hits both sides.
 * 4. Report: the median per-call time of each function; the ratio candidate /
 *    baseline, taken as the median of the per-round ratios (each round pairs two
 *    batches timed back to back, so a load that drifts over the run cancels out;
 *    the ratio of the two medians is also given); and the spread of the per-round
 *    ratios (quartiles and interquartile range): a wide spread says the machine
 *    was noisy and the ratio is less certain.
 *
 * Results are printed as a table by `printTable` and returned, so a runner can
 * check targets with `verdict`.
 */

/** Keeps results alive so that no call can be optimized away. */
let sink = 0

function consume(value) {
  if (typeof value === 'string') sink ^= value.length
  else if (typeof value === 'object' && value !== null) sink ^= 1
  else if (value) sink ^= 2
}

/** Runs `fn` `n` times; returns the elapsed time in nanoseconds. */
function timeBatch(fn, n) {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) consume(fn())
  return Number(process.hrtime.bigint() - start)
}

/** The `q` quantile (0..1) of sorted numbers, interpolated. */
function quantile(sorted, q) {
  if (sorted.length === 0) return NaN
  const at = (sorted.length - 1) * q
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo)
}

const sorted = (values) => values.slice().sort((a, b) => a - b)

/** The median of a list of numbers (the mean of the middle two for an even count). */
export const median = (values) => quantile(sorted(values), 0.5)

/** Number of calls of `fn` that take about `batchMs` (at least 1). */
function calibrate(fn, batchMs) {
  let n = 1
  for (;;) {
    const ns = timeBatch(fn, n)
    if (ns >= batchMs * 1e6 || n >= 1 << 30) {
      // Scale to the target from the last measurement.
      return Math.max(1, Math.round((n * batchMs * 1e6) / Math.max(ns, 1)))
    }
    n *= ns < (batchMs * 1e6) / 100 ? 10 : 2
  }
}

/**
 * Measures `candidate` against `baseline` in the same process.
 *
 * @param {string} name what is measured, for the table
 * @param {object} spec
 * @param {() => unknown} spec.baseline the reference (its time is 1.0)
 * @param {() => unknown} spec.candidate what is measured against it
 * @param {string} [spec.baselineName] label of the baseline (default 'baseline')
 * @param {string} [spec.candidateName] label of the candidate (default 'candidate')
 * @param {number} [spec.rounds] timed rounds (default 40)
 * @param {number} [spec.batchMs] target duration of one batch, ms (default 20)
 * @param {number} [spec.warmupMs] warm-up duration of each function, ms (default 500)
 * @returns the result: `{ name, ratio, ratioOfMedians, spread: { q1, median, q3, iqr }, baseline, candidate, rounds }`,
 *   where `ratio` is the median per-round ratio (candidate / baseline), `spread` the quartiles of the
 *   per-round ratios, and `baseline` and `candidate` are `{ name, median, q1, q3, calls }` in nanoseconds
 *   per call (`calls`: calls per timed batch)
 */
export function compare(name, spec) {
  const { baseline, candidate, baselineName = 'baseline', candidateName = 'candidate', rounds = 40, batchMs = 20, warmupMs = 500 } = spec
  if (typeof baseline !== 'function' || typeof candidate !== 'function') throw new TypeError(`compare('${name}'): baseline and candidate must be functions`)

  // 1. Warm-up, alternating in slices so that both see the same machine state.
  const warmEnd = process.hrtime.bigint() + BigInt(Math.round(warmupMs * 2 * 1e6))
  while (process.hrtime.bigint() < warmEnd) {
    timeBatch(baseline, 1)
    timeBatch(candidate, 1)
  }

  // 2. Batch sizes.
  const nBase = calibrate(baseline, batchMs)
  const nCand = calibrate(candidate, batchMs)

  // 3. Interleaved rounds; the order alternates so neither side always goes first.
  const basePerCall = []
  const candPerCall = []
  const ratios = []
  for (let r = 0; r < rounds; r++) {
    let b, c
    if (r % 2 === 0) {
      b = timeBatch(baseline, nBase) / nBase
      c = timeBatch(candidate, nCand) / nCand
    } else {
      c = timeBatch(candidate, nCand) / nCand
      b = timeBatch(baseline, nBase) / nBase
    }
    basePerCall.push(b)
    candPerCall.push(c)
    ratios.push(c / b)
  }

  // 4. Summary.
  return summary(name, { baselineName, candidateName, basePerCall, candPerCall, ratios, nBase, nCand, rounds })
}

/** The result of `compare` and `compareAsync` from their per-round times. */
function summary(name, { baselineName, candidateName, basePerCall, candPerCall, ratios, nBase, nCand, rounds }) {
  const summarize = (label, perCall, calls) => {
    const s = sorted(perCall)
    return { name: label, median: quantile(s, 0.5), q1: quantile(s, 0.25), q3: quantile(s, 0.75), calls }
  }
  const base = summarize(baselineName, basePerCall, nBase)
  const cand = summarize(candidateName, candPerCall, nCand)
  const r = sorted(ratios)
  const spread = { q1: quantile(r, 0.25), median: quantile(r, 0.5), q3: quantile(r, 0.75) }
  spread.iqr = spread.q3 - spread.q1
  return {
    name,
    ratio: spread.median,
    ratioOfMedians: cand.median / base.median,
    spread,
    baseline: base,
    candidate: cand,
    rounds,
    sink,
  }
}

/** A per-call time for people: `812 ns`, `35.2 µs`, `1.24 ms`. */
export function formatTime(ns) {
  if (ns < 1e3) return `${ns.toFixed(0)} ns`
  if (ns < 1e6) return `${(ns / 1e3).toFixed(ns < 1e4 ? 2 : 1)} µs`
  if (ns < 1e9) return `${(ns / 1e6).toFixed(ns < 1e7 ? 3 : 2)} ms`
  return `${(ns / 1e9).toFixed(2)} s`
}

/**
 * Prints results as a table, one line per comparison: the median time per call of
 * each side, the ratio (median of the per-round ratios), its quartiles and IQR,
 * and the ratio of the two medians.
 */
export function printTable(results, log = console.log) {
  const rows = [
    ['benchmark', 'baseline', 'median/call', 'candidate', 'median/call', 'ratio', 'q1..q3 (IQR)', 'of medians', 'rounds'],
    ...results.map((x) => [
      x.name,
      x.baseline.name,
      formatTime(x.baseline.median),
      x.candidate.name,
      formatTime(x.candidate.median),
      `${x.ratio.toFixed(3)}x`,
      `${x.spread.q1.toFixed(3)}..${x.spread.q3.toFixed(3)} (${x.spread.iqr.toFixed(3)})`,
      x.ratioOfMedians.toFixed(3),
      String(x.rounds),
    ]),
  ]
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)))
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
  log(line(rows[0]))
  log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of rows.slice(1)) log(line(row))
}

/**
 * Checks a result against its targets: `target` (the goal; missing it is
 * reported) and `limit` (a hard ceiling; exceeding it fails a `--check` run).
 * Returns `{ status: 'met' | 'missed' | 'failed', message }`.
 */
export function verdict(result, { target, limit = Infinity }) {
  const ratio = result.ratio.toFixed(3)
  if (result.ratio > limit)
    return {
      status: 'failed',
      message: `${result.name}: ratio ${ratio} is above the hard limit ${limit} (target ${target}): ${result.candidate.name} takes ${ratio}x the time of ${result.baseline.name}`,
    }
  if (result.ratio > target)
    return {
      status: 'missed',
      message: `${result.name}: ratio ${ratio} misses the target ${target} (hard limit ${limit})`,
    }
  return { status: 'met', message: `${result.name}: ratio ${ratio} meets the target ${target}` }
}

/**
 * `compare` for async functions (each call awaited in turn): the same warm-up,
 * calibration, interleaved rounds and summary, the same result shape. For what
 * cannot be measured synchronously (WebCrypto, a fetch handler).
 */
export async function compareAsync(name, spec) {
  const { baseline, candidate, baselineName = 'baseline', candidateName = 'candidate', rounds = 30, batchMs = 40, warmupMs = 400 } = spec
  const time = async (fn, n) => {
    const start = process.hrtime.bigint()
    for (let i = 0; i < n; i++) consume(await fn())
    return Number(process.hrtime.bigint() - start)
  }
  const size = async (fn) => {
    for (let n = 1; ; n *= 2) {
      const ns = await time(fn, n)
      if (ns >= batchMs * 1e6) return Math.max(1, Math.round((n * batchMs * 1e6) / ns))
    }
  }
  const warmEnd = process.hrtime.bigint() + BigInt(Math.round(warmupMs * 2 * 1e6))
  while (process.hrtime.bigint() < warmEnd) {
    await time(baseline, 1)
    await time(candidate, 1)
  }
  const nBase = await size(baseline)
  const nCand = await size(candidate)
  const basePerCall = []
  const candPerCall = []
  const ratios = []
  for (let r = 0; r < rounds; r++) {
    const first = r % 2 === 0 ? [baseline, nBase] : [candidate, nCand]
    const second = r % 2 === 0 ? [candidate, nCand] : [baseline, nBase]
    const a = (await time(...first)) / first[1]
    const b = (await time(...second)) / second[1]
    const [x, y] = r % 2 === 0 ? [a, b] : [b, a]
    basePerCall.push(x)
    candPerCall.push(y)
    ratios.push(y / x)
  }
  return summary(name, { baselineName, candidateName, basePerCall, candPerCall, ratios, nBase, nCand, rounds })
}
