/**
 * A clock for many concurrent waits: `sleep(ms)` resolves when the clock reaches
 * its time, and `run(work)` moves the clock to the next timer whenever everything
 * else has settled. The emulator and the client read the same clock, so a test of
 * seconds of rate limits runs in milliseconds and waits exactly what a real clock
 * would.
 */
import { setImmediate } from 'node:timers/promises'

export function virtualClock(start = 1_700_000_000_000) {
  const clock = { now: start }
  const timers: { at: number; resolve: () => void }[] = []
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      timers.push({ at: clock.now + Math.max(0, ms), resolve })
    })
  /** Runs `work` to its end, moving the clock from timer to timer while it waits. */
  async function run<T>(work: Promise<T>): Promise<T> {
    let done = false
    const result = work.finally(() => {
      done = true
    })
    result.catch(() => {})
    while (!done) {
      // Let every promise chain settle before time moves.
      for (let i = 0; i < 5; i++) await setImmediate()
      if (done) break
      if (timers.length === 0) continue
      timers.sort((a, b) => a.at - b.at)
      const next = timers.shift()!
      clock.now = Math.max(clock.now, next.at)
      next.resolve()
    }
    return result
  }
  return { clock, now: () => clock.now, sleep, run }
}
