/**
 * The invalid request limit (spec "Limits", IP blocking; public API v10, "Rate
 * Limits"): an address that draws 10,000 answers of 401, 403 or 429 (a 429 of
 * scope `shared` aside) in 10 minutes is blocked at the network edge. The client
 * counts its own and stops sending at its limit until the oldest leaves the window.
 * The service's numbers are named once, in src/wire/rate-limits.ts.
 */
import { INVALID_REQUEST_WINDOW_MS } from '../internal.js'

/** When each invalid answer of the last 10 minutes came, oldest first (at most the limit and those past the window, dropped at the limit). */
export class InvalidAnswers {
  private readonly times: number[] = []

  /** `limit`: how many in the window stop the sending (Infinity for no limit: nothing is kept); `clock`: the client's. */
  constructor(
    private readonly limit: number,
    private readonly clock: () => number,
  ) {}

  /** An answer came: kept if it is an invalid one and there is a limit (its headers are read only then). */
  answered(status: number, headers: { get(name: string): string | null }): void {
    if ((status === 401 || status === 403 || status === 429) && this.limit < Number.POSITIVE_INFINITY && headers.get('x-ratelimit-scope') !== 'shared')
      this.times.push(this.clock())
  }

  /** Past the limit: how many, and the ms until the oldest leaves the window; else undefined. Read in full only near the limit. */
  over(): { readonly count: number; readonly wait: number } | undefined {
    const times = this.times
    if (times.length < this.limit) return undefined
    const now = this.clock()
    while ((times[0] as number) <= now - INVALID_REQUEST_WINDOW_MS) times.shift()
    return times.length < this.limit ? undefined : { count: times.length, wait: (times[0] as number) + INVALID_REQUEST_WINDOW_MS - now }
  }
}
