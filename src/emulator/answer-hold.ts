/**
 * Answers taken as the service takes them (public API v10: the app answers the
 * interaction in its HTTP response; what it sends after that finds the answer
 * there). While the emulator takes an app's HTTP answer (the endpoint returned its
 * `Response`, the emulator reads it), a webhook call with that interaction's token
 * waits for the answer to be taken first; one that arrives before there is any
 * answer waits a moment (`ANSWER_GRACE_MS`) for one, since a call and an answer
 * sent together may cross on the way, and then is answered as things stand (404,
 * code 10015, when nothing is acknowledged yet). A delivery costs a small object;
 * promises are made only for a call that waits.
 */
import type { Hold, Open } from './interaction-types.js'

/** How long a webhook call that arrives before the answer of its interaction waits for one. */
const ANSWER_GRACE_MS = 250

const wake = (list: (() => void)[] | undefined): void => {
  for (const f of list ?? []) f()
}

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
    const hold: Hold = { stage: 'delivering' }
    i.hold = hold
    this.under++
    return {
      answered: () => {
        if (hold.stage !== 'delivering') return
        hold.stage = 'answering'
        wake(hold.onAnswer)
      },
      done: () => {
        if (i.hold !== hold) return
        i.hold = undefined
        this.under--
        wake(hold.onAnswer)
        wake(hold.onTaken)
      },
    }
  }

  /** What a call for interaction `i` waits for first; `undefined` when nothing holds it. */
  ready(i: Open | undefined): Promise<void> | undefined {
    const hold = i?.hold
    if (i === undefined || hold === undefined) return undefined
    return new Promise<void>((resolve) => {
      const taken = (): void => {
        if (i.hold !== hold) resolve()
        else (hold.onTaken ??= []).push(resolve)
      }
      if (hold.stage === 'answering') return taken()
      let waiting = true
      // No answer within the grace: the call is answered as things stand.
      const timer = (globalThis as unknown as { setTimeout(f: () => void, ms: number): unknown }).setTimeout(() => {
        if (!waiting) return
        waiting = false
        resolve()
      }, ANSWER_GRACE_MS)
      ;(hold.onAnswer ??= []).push(() => {
        if (!waiting) return
        waiting = false
        ;(globalThis as unknown as { clearTimeout(h: unknown): void }).clearTimeout(timer)
        taken()
      })
    })
  }
}
