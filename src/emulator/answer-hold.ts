/**
 * Answers taken as the service takes them (public API v10: the app answers the
 * interaction in its HTTP response; what it sends after that finds the answer
 * there). While the emulator takes an app's HTTP answer (the endpoint returned its
 * `Response`, the emulator reads it), a webhook call with that interaction's token
 * waits for the answer to be taken first; one that arrives before there is any
 * answer waits a moment (`ANSWER_GRACE_MS`) for one, since a call and an answer
 * sent together may cross on the way, and then is answered as things stand (404,
 * code 10015, when nothing is acknowledged yet).
 */
import type { Open } from './interaction-types.js'

/** How long a webhook call that arrives before the answer of its interaction waits for one. */
const ANSWER_GRACE_MS = 250

const sleep = (ms: number): Promise<void> => new Promise((resolve) => (globalThis as unknown as { setTimeout(f: () => void, ms: number): unknown }).setTimeout(resolve, ms))

/** The holds of one registry. */
export class AnswerHolds {
  /** Deliveries under way: while there are none, no request waits and no URL is read. */
  private under = 0

  get idle(): boolean {
    return this.under === 0
  }

  /** Marks the delivery of `i`: `answered()` when its answer exists, `done()` once it is taken or the delivery failed. */
  delivery(i: Open | undefined): { answered(): void; done(): void } {
    if (i === undefined) return { answered: () => {}, done: () => {} }
    let delivered = (): void => {}
    let taken = (): void => {}
    let over = false
    i.delivering = new Promise<void>((resolve) => (delivered = resolve))
    this.under++
    return {
      answered: () => {
        i.answering ??= new Promise<void>((resolve) => (taken = resolve))
        delivered()
      },
      done: () => {
        if (!over) this.under--
        over = true
        i.delivering = i.answering = undefined
        delivered()
        taken()
      },
    }
  }

  /** What a call for interaction `i` waits for first; `undefined` when nothing holds it. */
  ready(i: Open | undefined): Promise<void> | undefined {
    if (i === undefined || (i.delivering === undefined && i.answering === undefined)) return undefined
    return (async () => {
      if (i.answering === undefined && i.delivering !== undefined) await Promise.race([i.delivering, sleep(ANSWER_GRACE_MS)])
      await i.answering
    })()
  }
}
