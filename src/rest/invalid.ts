/**
 * The invalid request limit (spec "Limits", IP blocking; public API v10, "Rate
 * Limits"): an address that draws 10,000 answers of 401, 403 or 429 (a 429 of
 * scope `shared` aside) in 10 minutes is blocked at the network edge. The client
 * counts its own and stops sending at its limit until the oldest leaves the window;
 * with a store that counts them (`RateLimitStore.invalid`: `slashkit/redis`, or one
 * memory store given to several clients), it counts those of all the store's
 * clients, which send from one address.
 * The service's numbers are named once, in src/wire/rate-limits.ts.
 */
import { INVALID_REQUEST_WINDOW_MS } from '../internal.js'

/**
 * When each invalid answer of the last 10 minutes came, oldest first (at most the
 * limit and those past the window, dropped at the limit); and the stop a shared
 * store's count asked for (`hold`), which the other clients of the store drew too.
 */
export class InvalidAnswers {
  private readonly times: number[] = []
  /** Until when the shared count holds the sending (0: it does not), and that count. */
  private until = 0
  private held = 0

  /** `limit`: how many in the window stop the sending (Infinity for no limit: nothing is kept); `clock`: the client's. */
  constructor(
    readonly limit: number,
    private readonly clock: () => number,
  ) {}

  /** An answer came: kept if it is an invalid one and there is a limit (its headers are read only then). Whether it was kept. */
  answered(status: number, headers: { get(name: string): string | null }): boolean {
    if ((status === 401 || status === 403 || status === 429) && this.limit < Number.POSITIVE_INFINITY && headers.get('x-ratelimit-scope') !== 'shared') {
      this.times.push(this.clock())
      return true
    }
    return false
  }

  /** What the store counted for all its clients: at the limit, the sending stops for `wait` ms. */
  hold(count: number, wait: number): void {
    if (count >= this.limit && wait > 0) {
      this.until = Math.max(this.until, this.clock() + Math.min(wait, INVALID_REQUEST_WINDOW_MS))
      this.held = count
    }
  }

  /** Past the limit: how many, and the ms until the oldest leaves the window; else undefined. Read in full only near the limit. */
  over(): { readonly count: number; readonly wait: number } | undefined {
    const times = this.times
    if (times.length >= this.limit) {
      const now = this.clock()
      while ((times[0] as number) <= now - INVALID_REQUEST_WINDOW_MS) times.shift()
      if (times.length >= this.limit) return { count: times.length, wait: (times[0] as number) + INVALID_REQUEST_WINDOW_MS - now }
    }
    // No clock read while no shared count holds the sending (until 0).
    const left = this.until && this.until - this.clock()
    return left > 0 ? { count: this.held, wait: left } : undefined
  }
}
