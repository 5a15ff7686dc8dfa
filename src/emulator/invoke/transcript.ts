/**
 * Reading an invocation's transcript from the interaction registry as it grows:
 * the app answers the callback at once and may edit and follow up later (public
 * API v10: the token works for 15 minutes), so tests and the CLI wait for entries
 * with a bound on real time, never forever.
 */
import type { EmulatorInteractions, TranscriptEntry } from '../interactions.js'

type Timer = (callback: () => void, ms: number) => unknown
type Clear = (handle: unknown) => void

/** `transcript`, `until` and `settle` of an answered invocation. */
export function watch(registry: EmulatorInteractions, id: string) {
  const transcript = (): readonly TranscriptEntry[] => registry.get(id)?.transcript ?? []
  const g = globalThis as { setTimeout?: Timer; clearTimeout?: Clear }
  const wait = (onEntry: (stop: () => void, restart: (ms: number) => void) => void, firstMs: number, timeoutMs: number) =>
    new Promise<readonly TranscriptEntry[]>((resolve) => {
      let quiet: unknown
      let stopped = false
      const stop = () => {
        if (stopped) return
        stopped = true
        unsubscribe()
        g.clearTimeout?.(quiet)
        g.clearTimeout?.(limit)
        resolve(transcript())
      }
      const restart = (ms: number) => {
        g.clearTimeout?.(quiet)
        quiet = g.setTimeout?.(stop, ms)
      }
      const unsubscribe = registry.subscribe((entryId) => {
        if (entryId === id) onEntry(stop, restart)
      })
      const limit = g.setTimeout?.(stop, timeoutMs)
      restart(firstMs)
    })
  return {
    transcript,
    until(done: (t: readonly TranscriptEntry[]) => boolean, timeoutMs = 5000): Promise<readonly TranscriptEntry[]> {
      if (done(transcript())) return Promise.resolve(transcript())
      return wait((stop) => (done(transcript()) ? stop() : undefined), timeoutMs, timeoutMs)
    },
    settle(quietMs = 300, timeoutMs = 5000): Promise<readonly TranscriptEntry[]> {
      return wait((_, restart) => restart(quietMs), quietMs, timeoutMs)
    },
  }
}
