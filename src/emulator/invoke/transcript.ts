/**
 * Reading an interaction's transcript from the registry as it grows: the app
 * answers the callback at once and may edit and follow up later (public API v10:
 * the token works for 15 minutes), so tests and the CLI wait for entries with a
 * bound, never forever: until the app is quiet with nothing pending, until the
 * interaction's 15 minutes run out (on the emulator's clock), or until a cap.
 */
import type { EmulatorInteractions, TranscriptEntry } from '../interactions.js'
import { realNow } from './deliver.js'
import type { Answered, Settled } from './invoke-types.js'

type Timer = (callback: () => void, ms: number) => unknown
type Clear = (handle: unknown) => void

const g = globalThis as { setTimeout?: Timer; clearTimeout?: Clear }
/** How often a wait looks again while nothing arrives (the deferral's end and the 15 minutes are read from the registry). */
const POLL_MS = 250

/** `transcript`, `until`, `wait` and `settle` of an answered interaction; `clock` is the emulator's. */
export function watch(registry: EmulatorInteractions, id: string, clock: () => number): Pick<Answered, 'transcript' | 'until' | 'wait' | 'settle'> {
  const transcript = (): readonly TranscriptEntry[] => registry.get(id)?.transcript ?? []
  /** Calls `look` now, after each entry of this interaction, and when `look` asks (`again(ms)`); `look` ends it with `stop(value)`. */
  const loop = <T>(look: (stop: (value: T) => void, again: (ms: number) => void) => void): Promise<T> =>
    new Promise<T>((resolve) => {
      let timer: unknown
      let stopped = false
      const stop = (value: T): void => {
        if (stopped) return
        stopped = true
        unsubscribe()
        g.clearTimeout?.(timer)
        resolve(value)
      }
      const again = (ms: number): void => {
        g.clearTimeout?.(timer)
        timer = g.setTimeout?.(() => look(stop, again), Math.max(0, ms))
      }
      const unsubscribe = registry.subscribe((entryId) => {
        if (entryId === id && !stopped) look(stop, again)
      })
      look(stop, again)
    })
  const wait = ({ quietMs = 300, maxMs }: { readonly quietMs?: number; readonly maxMs?: number } = {}): Promise<Settled> => {
    const started = realNow()
    let last = started
    let seen = transcript().length
    return loop<Settled>((stop, again) => {
      const record = registry.get(id)
      const now = realNow()
      if ((record?.transcript.length ?? 0) !== seen) {
        seen = record?.transcript.length ?? 0
        last = now
      }
      const thinking = record !== undefined && (record.deferred || record.updatePending)
      const end = (ended: Settled['ended']): void => stop({ transcript: transcript(), ended, thinking })
      // Nothing can come once the token has expired (or the interaction is forgotten).
      if (record === undefined || clock() > record.expiresAt) return end('expired')
      if (!thinking && now - last >= quietMs) return end('quiet')
      if (maxMs !== undefined && now - started >= maxMs) return end('cap')
      const toQuiet = thinking ? POLL_MS : quietMs - (now - last)
      again(Math.min(toQuiet, POLL_MS, maxMs === undefined ? POLL_MS : maxMs - (now - started)))
    })
  }
  return {
    transcript,
    until(done, timeoutMs = 5000) {
      const started = realNow()
      return loop((stop, again) => {
        const left = timeoutMs - (realNow() - started)
        if (done(transcript()) || left <= 0) stop(transcript())
        else again(left)
      })
    },
    wait,
    settle: (quietMs, timeoutMs) => wait({ ...(quietMs === undefined ? {} : { quietMs }), ...(timeoutMs === undefined ? {} : { maxMs: timeoutMs }) }).then((s) => s.transcript),
  }
}
