/**
 * One queue per route: requests leave it in the order they came, each when the
 * rate-limit store lets it go. While the route's bucket is unknown, one request is
 * in flight at a time (its answer names the bucket); after that, as many as the
 * bucket and the global limit allow.
 *
 * A store that answers later (a shared one, over the network) is waited on for
 * the head of the queue, at most the head's timeout; a store that fails, or does
 * not answer in that time, fails every request waiting in the queue (the client
 * fails closed, errors.ts `RateLimitStoreError`), and the queue starts again with
 * the next request that enters. A request whose signal aborts leaves at once,
 * whatever it waits on.
 */
import type { Awaitable, Taken, Wait } from './store.js'
import type { AbortSignalLike } from './timers.js'

/** What a queue asks of the limiter. */
export interface QueueGate {
  /**
   * `Taken` to let the head go (it is counted), else how long to wait. A promise is
   * bounded by `ms`; a failure (thrown, rejected, or out of time) is a
   * `StoreFailure`, which the gate has reported.
   */
  take(ms: number): Awaitable<Taken | Wait>
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
  /** The request's timeout: the longest it waits on the store as the head. */
  readonly timeout: number
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
   * The request's turn: its `Taken` at once, not through a promise, when nothing is
   * queued and an in-process store lets it go; else a promise of it. `front` puts a
   * retried request back at the head; `timeout` bounds its wait on the store.
   */
  enter(signal: AbortSignalLike | undefined, timeout: number, front = false): Taken | Promise<Taken> {
    if (signal?.aborted === true) return Promise.reject(signal.reason)
    if (this.pumping || this.waiters.length > 0 || (this.inFlight > 0 && this.gate.sequential())) return this.wait(signal, timeout, front)
    let taken: Awaitable<Taken | Wait>
    try {
      taken = this.gate.take(timeout)
    } catch (failure) {
      return Promise.reject(failure)
    }
    if (taken instanceof Promise) return this.wait(signal, timeout, true, taken)
    if (taken.wait !== 0) return this.wait(signal, timeout, front)
    this.inFlight++
    return taken as Taken
  }

  /** Queues the request; `asked` is a take already asked of the store on its behalf. */
  private wait(signal: AbortSignalLike | undefined, timeout: number, front: boolean, asked?: Promise<Taken | Wait>): Promise<Taken> {
    return new Promise<Taken>((resolve, reject) => {
      const onAbort = (): void => {
        const at = this.waiters.indexOf(waiter)
        // A cancelled call leaves its queue; the ones behind it move up.
        if (at >= 0) this.waiters.splice(at, 1)
        reject(signal?.reason)
      }
      const waiter: Waiter = { resolve, reject, settle: () => signal?.removeEventListener('abort', onAbort), timeout }
      signal?.addEventListener('abort', onAbort, { once: true })
      if (front) this.waiters.unshift(waiter)
      else this.waiters.push(waiter)
      void this.pump(asked)
    })
  }

  /** A request of this queue got its answer (or failed): the next may go. */
  leave(): void {
    this.inFlight--
    if (this.waiters.length > 0) void this.pump()
  }

  private async pump(asked?: Promise<Taken | Wait>): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    try {
      while (this.waiters.length > 0) {
        if (asked === undefined && this.inFlight > 0 && this.gate.sequential()) return
        let taken: Taken | Wait
        try {
          const answer = asked ?? this.gate.take((this.waiters[0] as Waiter).timeout)
          asked = undefined
          taken = answer instanceof Promise ? await answer : answer
        } catch (failure) {
          // The store failed: every request waiting here would wait on it too. They fail now; the next to enter asks again.
          for (const waiter of this.waiters.splice(0)) {
            waiter.settle()
            waiter.reject(failure)
          }
          return
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
