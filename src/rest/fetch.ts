/**
 * One attempt of a request: a `fetch` and its body, within the attempt's timeout
 * and the caller's `AbortSignal`, whether the `fetch` heeds `init.signal` or not.
 * The shapes of `fetch` the client takes are here too: the platform's, the
 * emulator's, or any function of the same shape. Nothing here touches Node.
 */
import { timers, type AbortSignalLike } from './timers.js'
import { pathToken } from './token.js'

export type { AbortSignalLike } from './timers.js'

interface AbortControllerLike {
  readonly signal: AbortSignalLike
  abort(reason?: unknown): void
}

/**
 * A multipart body (the platform's `FormData`), for the endpoints that take files
 * (see `FileInput`). Only its type is named here: the client builds it.
 */
export interface FormDataLike {
  append(name: string, value: unknown, filename?: string): void
}

/** What the client sends through `fetch`. */
export interface FetchInit {
  method: string
  headers: Record<string, string>
  /** The JSON text of the body (a request with files passes a `FormData` instead: see `SignalledInit`). */
  body?: string
}

/**
 * What the client passes at run time: a `signal` too (the caller's, or the
 * client's timeout), an `AbortSignal`, and for a request with files a `FormData`
 * body (whose `content-type`, with its boundary, `fetch` sets). Both are left out
 * of `FetchInit`'s type so that the platform's `fetch`, whose `RequestInit` names
 * the DOM's `AbortSignal` and `FormData`, stays a `FetchLike`; a `fetch` of your own
 * may read them as `init.signal` and `init.body`.
 */
export type SignalledInit = Omit<FetchInit, 'body'> & { body?: string | FormDataLike; signal?: AbortSignalLike; redirect?: 'manual' }

/** What the client reads of a response. The platform's `Response` is one. */
export interface FetchResponse {
  readonly status: number
  readonly headers: { get(name: string): string | null }
  text(): Promise<string>
}

/** A `fetch`: the platform's, the emulator's, or any function of this shape. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>

/** What `attempt` fails with when the attempt's timeout passed. */
export const TIMEOUT = Symbol('timeout')

/** An answer and its body. */
export interface Exchange {
  readonly res: FetchResponse
  readonly text: string
}

/**
 * The most of an answer read: 32 MiB. The service's largest answers (a list of
 * 200 commands of 8,000 characters, a message with its embeds) are a few MiB; a
 * server that sends more (an endless body took a process to 2.9 GB in 15 s) is
 * cut off, and the request fails, not retried.
 */
const ANSWER_MAX = 32 * 1024 * 1024

interface Reader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>
  cancel(): Promise<void>
}

/** A body's text, read as it streams in, up to `ANSWER_MAX` bytes, decoded as `text()` does (UTF-8, a bad sequence as U+FFFD). */
async function readCapped(reader: Reader): Promise<string> {
  const decoder = new (globalThis as unknown as { TextDecoder: new () => { decode(b?: Uint8Array, o?: { stream: boolean }): string } }).TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    const r = await reader.read()
    if (r.done) return text + decoder.decode()
    const value = r.value as Uint8Array
    if ((size += value.byteLength) > ANSWER_MAX) {
      reader.cancel().catch(() => undefined)
      throw Object.assign(new Error(`the answer is over ${ANSWER_MAX} bytes`), { code: TOO_LARGE })
    }
    text += decoder.decode(value, { stream: true })
  }
}

const TOO_LARGE = 'ERESPONSETOOLARGE'

/**
 * The fetch and its body, handed to `done` (or the failure to `fail`, once):
 * callbacks, not a chain of promises, so that an answer reaches the client in
 * the two hops a bare `fetch` and `text()` take. A `fetch` or a `text` that
 * throws, or answers with no promise, is a failure too.
 */
function exchange(fetcher: FetchLike, url: string, init: SignalledInit, done: (exchanged: Exchange) => void, fail: (error: unknown) => void): void {
  const read = (res: FetchResponse): void => {
    try {
      const body = (res as { body?: { getReader?(): Reader } | null }).body
      ;(typeof body?.getReader === 'function' ? readCapped(body.getReader()) : res.text()).then((text) => done({ res, text }), fail)
    } catch (error) {
      fail(error)
    }
  }
  try {
    fetcher.call(undefined, url, init as FetchInit).then(read, fail)
  } catch (error) {
    fail(error)
  }
}

/**
 * One fetch and its body, within `timeout` and the caller's signal: `done` with
 * the answer, or `fail` with `TIMEOUT` at the deadline, with the signal's reason at
 * an abort, or with the fetch's error; one of the two, once. Sets `init.signal`
 * (the init is the call's own). Nothing made here outlives the attempt: the
 * deadline holds only the function that ends it, until it ends.
 */
export function attempt(
  fetcher: FetchLike,
  url: string,
  init: SignalledInit,
  signal: AbortSignalLike | undefined,
  timeout: number,
  done: (exchanged: Exchange) => void,
  fail: (error: unknown) => void,
): void {
  const Controller = (globalThis as { AbortController?: new () => AbortControllerLike }).AbortController
  if (Controller === undefined || timers.setTimeout === undefined || !(timeout > 0 && timeout < Number.POSITIVE_INFINITY)) {
    if (signal !== undefined) init.signal = signal
    exchange(fetcher, url, init, done, fail)
    return
  }
  const deadline = deadlineOf(Controller, Date.now() + timeout)
  if (signal === undefined) {
    // The common case: the deadline's shared controller and timer, nothing made per request but the two callbacks.
    init.signal = deadline.controller.signal
    // The deadline ends the attempt with `expire(TIMEOUT)`; the attempt takes itself off as it ends.
    let ended = false
    const expire = (reason: unknown): void => {
      if (ended) return
      ended = true
      deadline.pending.delete(expire)
      fail(deadline.fired ? TIMEOUT : reason)
    }
    deadline.pending.add(expire)
    exchange(
      fetcher,
      url,
      init,
      (exchanged) => {
        if (ended) return
        ended = true
        deadline.pending.delete(expire)
        done(exchanged)
      },
      expire,
    )
    return
  }
  // The caller's signal too: a controller of this request's own, aborted by either.
  const controller = new Controller()
  init.signal = controller.signal
  let ended = false
  const settle = (): boolean => {
    if (ended) return false
    ended = true
    deadline.pending.delete(expire)
    signal.removeEventListener('abort', onAbort)
    return true
  }
  // A fetch that ignores its signal still ends the attempt: at the deadline, or at the caller's abort.
  const expire = (): void => {
    if (!settle()) return
    controller.abort()
    fail(signal.aborted ? signal.reason : TIMEOUT)
  }
  const onAbort = (): void => {
    if (!settle()) return
    controller.abort(signal.reason)
    fail(signal.reason)
  }
  if (signal.aborted) {
    onAbort()
    return
  }
  deadline.pending.add(expire)
  signal.addEventListener('abort', onAbort, { once: true })
  exchange(
    fetcher,
    url,
    init,
    (exchanged) => {
      if (settle()) done(exchanged)
    },
    (error: unknown) => {
      if (settle()) fail(deadline.fired && !signal.aborted ? TIMEOUT : error)
    },
  )
}

/** The host (and port) of a URL, for an error: never its path, which may hold a token. */
export function addressOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)
  const host = m === null ? url : (m[1] as string)
  return host.slice(host.lastIndexOf('@') + 1)
}

/**
 * Hides in a text the secrets `url` holds: the interaction token of a webhook or
 * callback path (`pathToken`) as `:token`, a user name and password before its
 * host (which `fetch` refuses, quoting the URL) as `:userinfo`, and the
 * credentials (`authorizations`: the request's, the client's) as `:credential`.
 */
export function tokenHider(url: string, ...authorizations: (string | undefined)[]): (text: string) => string {
  const token = pathToken(url)?.token
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]+)@/i.exec(url)?.[1]
  // The credentials without their scheme (`Bot `, `Bearer `): a server that quotes one back is not repeated. Shorter strings are no credential.
  const credentials = authorizations.map((a) => a?.slice(a.indexOf(' ') + 1) ?? '').filter((c) => c.length >= 8)
  if (token === undefined && userinfo === undefined && credentials.length === 0) return (text) => text
  return (text) => {
    let bare = token === undefined ? text : text.split(token).join(':token')
    for (const c of credentials) bare = bare.split(c).join(':credential')
    return userinfo === undefined ? bare : bare.split(userinfo).join(':userinfo')
  }
}

const URL_FAULT = 'the URL is not valid'
const ARGUMENT_FAULT = 'fetch refused one of its arguments'
const HEADER_FAULT = 'a header name or value is one fetch refuses'

/** The codes of a `fetch` that refused the request itself (Node's URL parser, undici's argument checks). */
const FAULT_CODES: Readonly<Record<string, string>> = {
  ERR_INVALID_URL: URL_FAULT,
  ERR_INVALID_URL_SCHEME: 'the URL has a scheme fetch does not send (only http: and https:)',
  ERR_INVALID_ARG_TYPE: ARGUMENT_FAULT,
  ERR_INVALID_ARG_VALUE: ARGUMENT_FAULT,
  UND_ERR_INVALID_ARG: ARGUMENT_FAULT,
  UND_ERR_NOT_SUPPORTED: ARGUMENT_FAULT,
  ERR_INVALID_HTTP_TOKEN: HEADER_FAULT,
  ERR_INVALID_CHAR: HEADER_FAULT,
  [TOO_LARGE]: 'the answer is too large',
}

/**
 * The words of the same refusals where there is no code: undici's (Node 20 and
 * 22: "fetch failed" caused by "bad port", "unknown scheme"; a `TypeError` alone
 * for a URL with credentials, a header, a method), and the URL errors of
 * chromium ("Failed to parse URL from"), Firefox ("is not a valid URL") and Deno
 * ("Invalid URL"). A browser's blocked port is its generic "Failed to fetch",
 * which a retry cannot tell from a dropped connection, so it is retried there.
 */
const FAULT_WORDS: readonly (readonly [RegExp, string])[] = [
  [/^bad port$/, 'the port is one fetch never connects to (WHATWG fetch, "bad port": 1, 9, 6000, ...)'],
  [/^unknown scheme$|scheme is not supported|^not implemented\.\.\. yet\.\.\.$/, 'the URL has a scheme fetch does not send (only http: and https:)'],
  [/Failed to parse URL|is not a valid URL|^Invalid URL/, URL_FAULT],
  [/from a URL that includes credentials/, 'the URL holds a user name or password, which fetch refuses'],
  [/invalid header (?:name|value)/i, HEADER_FAULT],
  [/is not a valid HTTP method|HTTP method is unsupported/, 'the method is one fetch refuses'],
]

/**
 * Why a failed `fetch` can never succeed, however often it is sent: the request
 * itself is wrong (a port fetch blocks, an invalid URL, an unsupported scheme,
 * credentials in the URL, a header or method fetch refuses). `undefined` for a
 * failure a retry may get past: a refused or reset connection, a DNS failure
 * (`ENOTFOUND` too: an offline macOS and some resolvers answer it while the
 * network comes back), an error with no words this knows.
 *
 * @example
 * await fetch('http://127.0.0.1:6000/').catch(requestFault) // 'the port is one fetch never connects to (...)'
 */
export function requestFault(error: unknown): string | undefined {
  let e: unknown = error
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && Object.hasOwn(FAULT_CODES, code)) return FAULT_CODES[code]
    if (typeof message === 'string') for (const [words, fault] of FAULT_WORDS) if (words.test(message)) return fault
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * The cause of a network error as it may be kept: a `fetch` may name the URL in its
 * error (node-fetch: "request to <url> failed"), and a webhook URL holds the
 * interaction's token. Such an error (or one of its causes) is replaced by a copy
 * whose message and stack show `:token`, its name and code kept.
 */
export function safeCause(error: unknown, hide: (text: string) => string, depth = 0): unknown {
  if (typeof error !== 'object' || error === null || depth > 4) return error
  const e = error as { message?: unknown; stack?: unknown; cause?: unknown; name?: unknown; code?: unknown }
  const cause = safeCause(e.cause, hide, depth + 1)
  const text = (v: unknown): string => (typeof v === 'string' ? v : '')
  if (cause === e.cause && hide(text(e.message)) === text(e.message) && hide(text(e.stack)) === text(e.stack)) return error
  const copy = new Error(hide(text(e.message)), cause === undefined ? undefined : { cause })
  if (typeof e.name === 'string') copy.name = e.name
  copy.stack = hide(text(e.stack))
  return e.code === undefined ? copy : Object.assign(copy, { code: e.code })
}

/** The system's code and words of a failed `fetch` (undici puts them in `cause`), and its `requestFault`. */
export function describeFailure(error: unknown): { code: string; detail: string; fault: string | undefined } {
  const fault = requestFault(error)
  let e: unknown = error
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && code !== '') return { code, detail: String((e as { message?: unknown }).message ?? code), fault }
    e = (e as { cause?: unknown }).cause
  }
  // No code: the innermost message says most ("bad port" under undici's "fetch failed").
  let detail = String(error)
  e = error
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    const message = (e as { message?: unknown }).message
    if (typeof message === 'string' && message !== '') detail = message
    e = (e as { cause?: unknown }).cause
  }
  return { code: 'ENETWORK', detail, fault }
}

/**
 * Deadlines shared by the requests that end within the same 25 ms: one
 * controller and one timer each, instead of a controller and a timer per request
 * (creating an `AbortSignal` costs a few microseconds in Node 20). A request
 * times out up to 25 ms after its timeout. The deadline holds the attempts still
 * running, each by the function that ends it, and drops one as it ends: a
 * `Promise.race` against a promise of the deadline instead kept every answer
 * (its `Response` and body) until the deadline passed, 15 s later.
 */
interface Deadline {
  readonly controller: AbortControllerLike
  /** The attempts still running: each is ended, called with TIMEOUT, when the deadline passes, whether its fetch heeds the signal or not. */
  readonly pending: Set<(reason: typeof TIMEOUT) => void>
  fired: boolean
}

const DEADLINE_STEP = 25
const deadlines = new Map<number, Deadline>()

function deadlineOf(Controller: new () => AbortControllerLike, at: number): Deadline {
  const slot = Math.ceil(at / DEADLINE_STEP) * DEADLINE_STEP
  const known = deadlines.get(slot)
  if (known !== undefined) return known
  const created: Deadline = { controller: new Controller(), pending: new Set(), fired: false }
  deadlines.set(slot, created)
  const timer = timers.setTimeout?.(
    () => {
      deadlines.delete(slot)
      created.fired = true
      created.controller.abort()
      for (const end of created.pending) end(TIMEOUT)
      created.pending.clear()
    },
    Math.max(0, slot - Date.now()),
  )
  // A pending deadline does not keep a Node process alive on its own.
  ;(timer as { unref?: () => void } | undefined)?.unref?.()
  return created
}
