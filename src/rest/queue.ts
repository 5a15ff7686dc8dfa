/**
 * One queue per route: requests leave it in the order they came, each when the
 * rate-limit store lets it go. While the route's bucket is unknown, one request is
 * in flight at a time (its answer names the bucket); after that, as many as the
 * bucket and the global limit allow.
 */
import type { Awaitable, Taken, Wait } from './store.js'
import type { AbortSignalLike } from './transport.js'

/** What a queue asks of the limiter. */
export interface QueueGate {
  /** `Taken` to let the head go (it is counted), else how long to wait. */
  take(): Awaitable<Taken | Wait>
  /** Gives back a place taken for a request that will not be sent. */
  untake(taken: Taken): void
  /** Whether one request at a time may be in flight (the route's bucket is unknown). */
  sequential(): boolean
  /** Told of a wait before it is sat out: an error rejects the head instead. */
  waiting(wait: Wait): Error | undefined
  sleep(ms: number): Promise<void>
}

interface Waiter {
  resolve(taken: Taken): void
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
   * Waits for the request's turn. A `Taken` at once when it may go now (the fast
   * path: nothing queued, and an in-process store answered without waiting); else
   * a promise of it. `front` puts a retried request back at the head.
   */
  enter(signal: AbortSignalLike | undefined, front = false): Taken | Promise<Taken> {
    if (signal?.aborted === true) return Promise.reject(signal.reason)
    if (!this.pumping && this.waiters.length === 0 && !(this.inFlight > 0 && this.gate.sequential())) {
      const taken = this.gate.take()
      // Counted as in flight at once, so that a sequential route sends no second request meanwhile.
      this.inFlight++
      if (!(taken instanceof Promise)) {
        if (taken.wait === 0) return taken as Taken
        this.inFlight--
        return this.wait(signal, front)
      }
      return taken.then(
        (t) => {
          if (t.wait === 0) return t as Taken
          this.inFlight--
          return this.wait(signal, true)
        },
        (error: unknown) => {
          this.inFlight--
          throw error
        },
      )
    }
    return this.wait(signal, front)
  }

  private wait(signal: AbortSignalLike | undefined, front: boolean): Promise<Taken> {
    return new Promise<Taken>((resolve, reject) => {
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
        let taken: Taken | Wait
        try {
          taken = await this.gate.take()
        } catch (error) {
          // The store failed (a shared store unreachable): the head fails with it.
          const head = this.waiters.shift()
          head?.settle()
          head?.reject(error)
          continue
        }
        if (taken.wait > 0) {
          const refusal = this.gate.waiting(taken as Wait)
          if (refusal !== undefined) {
            const head = this.waiters.shift()
            head?.settle()
            head?.reject(refusal)
            continue
          }
          await this.gate.sleep(taken.wait)
          continue
        }
        const next = this.waiters.shift()
        if (next === undefined) {
          // Taken for a request that was cancelled meanwhile: given back.
          this.gate.untake(taken as Taken)
          return
        }
        next.settle()
        this.inFlight++
        next.resolve(taken as Taken)
      }
    } finally {
      this.pumping = false
    }
  }
}
