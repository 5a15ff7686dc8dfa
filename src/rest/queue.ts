/**
 * One queue per route: requests leave it in the order they came, each when the
 * rate-limit store lets it go. While the route's bucket is unknown, one request is
 * in flight at a time (its answer names the bucket); after that, as many as the
 * bucket and the global limit allow.
 */
import type { Awaitable, Wait } from './store.js'
import type { AbortSignalLike } from './transport.js'

/** What a queue asks of the limiter. */
export interface QueueGate {
  /** 0 to let the head go (it is counted), else how long to wait. */
  take(): Awaitable<0 | Wait>
  /** Whether one request at a time may be in flight (the route's bucket is unknown). */
  sequential(): boolean
  /** Told of a wait before it is sat out: an error rejects the head instead. */
  waiting(wait: Wait): Error | undefined
  sleep(ms: number): Promise<void>
}

interface Waiter {
  resolve(): void
  reject(error: unknown): void
  /** Removes the abort listener. */
  settle(): void
}

/** A FIFO of the requests of one route. */
export class RequestQueue {
  private readonly waiters: Waiter[] = []
  private inFlight = 0
  private pumping = false

  constructor(private readonly gate: QueueGate) {}

  /** Whether nothing waits or runs: the queue can be dropped. */
  get idle(): boolean {
    return this.inFlight === 0 && this.waiters.length === 0 && !this.pumping
  }

  /**
   * Waits for the request's turn. `undefined` when it may go at once (the fast
   * path: nothing queued, and the store answered 0 without waiting). `front` puts a
   * retried request back at the head.
   */
  enter(signal: AbortSignalLike | undefined, front = false): Promise<void> | undefined {
    if (signal?.aborted === true) return Promise.reject(signal.reason)
    if (!this.pumping && this.waiters.length === 0 && !(this.inFlight > 0 && this.gate.sequential())) {
      const wait = this.gate.take()
      if (wait === 0) {
        this.inFlight++
        return undefined
      }
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const at = this.waiters.indexOf(waiter)
        // A cancelled call leaves its queue; the ones behind it move up.
        if (at >= 0) this.waiters.splice(at, 1)
        reject(signal?.reason)
      }
      const waiter: Waiter = { resolve, reject, settle: () => signal?.removeEventListener('abort', onAbort) }
      signal?.addEventListener('abort', onAbort, { once: true })
      if (front) this.waiters.unshift(waiter)
      else this.waiters.push(waiter)
      void this.pump()
    })
  }

  /** A request of this queue got its answer (or failed): the next may go. */
  leave(): void {
    this.inFlight--
    if (this.waiters.length > 0) void this.pump()
  }

  private async pump(): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    try {
      while (this.waiters.length > 0) {
        if (this.inFlight > 0 && this.gate.sequential()) return
        let wait: 0 | Wait
        try {
          wait = await this.gate.take()
        } catch (error) {
          // The store failed (a shared store unreachable): the head fails with it.
          const head = this.waiters.shift()
          head?.settle()
          head?.reject(error)
          continue
        }
        if (wait !== 0) {
          const refusal = this.gate.waiting(wait)
          if (refusal !== undefined) {
            const head = this.waiters.shift()
            head?.settle()
            head?.reject(refusal)
            continue
          }
          await this.gate.sleep(wait.wait)
          continue
        }
        const next = this.waiters.shift()
        // Counted for a request that was cancelled meanwhile: the slot is spent, nothing more.
        if (next === undefined) return
        next.settle()
        this.inFlight++
        next.resolve()
      }
    } finally {
      this.pumping = false
    }
  }
}
