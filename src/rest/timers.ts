/**
 * The client's time: the platform's `setTimeout` (no Node API), the one sleep
 * helper of rest/, a wait a call's signal cuts short, and a bound on a promise
 * (a store that may never answer).
 */

/** The part of an `AbortSignal` the client uses (the sources are checked without the DOM's types): the platform's `AbortSignal` is one. */
export interface AbortSignalLike {
  readonly aborted: boolean
  readonly reason?: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

type Timers = {
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (id: unknown) => void
}

/** The platform's timers, read where they are used (a worker may lack them). */
export const timers = globalThis as Timers

/**
 * Waits `ms` milliseconds on the platform's `setTimeout` (at once where there is
 * none): the client's default `sleep`.
 */
export function sleep(ms: number): Promise<void> {
  const set = timers.setTimeout
  if (set === undefined) return Promise.resolve()
  return new Promise((resolve) => {
    set(resolve, ms)
  })
}

/** Waits `ms` on the client's `sleep`, or until `signal` aborts: then rejects with its reason at once. */
export function pause(wait: (ms: number) => Promise<void>, ms: number, signal: AbortSignalLike | undefined): Promise<void> {
  if (signal === undefined) return wait(ms)
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    wait(ms).then(
      () => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/** What `within` rejects with when the time ran out. */
export const EXPIRED = Symbol('expired')

/**
 * `promise`, or a rejection with `EXPIRED` once `ms` have passed (a store that
 * never answers: the request waiting on it must not wait forever). A rejection
 * of `promise` after that is caught here, never left unhandled.
 */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  const set = timers.setTimeout
  if (set === undefined || !(ms > 0 && ms < Number.POSITIVE_INFINITY)) return promise
  return new Promise<T>((resolve, reject) => {
    const timer = set(() => reject(EXPIRED), ms)
    promise.then(
      (value) => {
        timers.clearTimeout?.(timer)
        resolve(value)
      },
      (error: unknown) => {
        timers.clearTimeout?.(timer)
        reject(error)
      },
    )
  })
}

/**
 * A signal that aborts when either does, with the reason of the first: a call's own
 * signal and the client's. No listener is added to either until one is asked for.
 */
export function either(a: AbortSignalLike | undefined, b: AbortSignalLike | undefined): AbortSignalLike | undefined {
  if (a === undefined || b === undefined) return a ?? b
  return {
    get aborted() {
      return a.aborted || b.aborted
    },
    get reason() {
      return a.aborted ? a.reason : b.reason
    },
    addEventListener(type, listener, options) {
      a.addEventListener(type, listener, options)
      b.addEventListener(type, listener, options)
    },
    removeEventListener(type, listener) {
      a.removeEventListener(type, listener)
      b.removeEventListener(type, listener)
    },
  }
}

/**
 * The client's signal as its calls see it: one listener on it however many calls wait
 * (an `EventTarget` warns past 10 listeners, and a busy client holds hundreds of calls),
 * fanned out to theirs; removed when no call listens.
 */
export function shared(signal: AbortSignalLike | undefined): AbortSignalLike | undefined {
  if (signal === undefined) return undefined
  const listeners = new Set<() => void>()
  const fire = (): void => {
    const all = [...listeners]
    listeners.clear()
    for (const listener of all) listener()
  }
  return {
    get aborted() {
      return signal.aborted
    },
    get reason() {
      return signal.reason
    },
    addEventListener(_type, listener) {
      if (listeners.size === 0) signal.addEventListener('abort', fire, { once: true })
      listeners.add(listener)
    },
    removeEventListener(_type, listener) {
      if (listeners.delete(listener) && listeners.size === 0) signal.removeEventListener('abort', fire)
    },
  }
}
