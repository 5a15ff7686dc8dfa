/**
 * Delivery of a signed interaction to the app's interactions endpoint, as the
 * service does it (public API v10; the spec does not show the transport): a POST
 * of the JSON body, answered by the callback in the HTTP response within 3 seconds
 * (JSON; or `multipart/form-data` with files, which the service takes too: docs/emulator.md).
 * The endpoint is a URL on loopback or a fetch-style function run in process.
 * Every outcome is a value: a hanging, failing or throwing endpoint never hangs or
 * crashes the emulator.
 */
import { INTERACTION_ANSWER_WINDOW_MS } from '../../internal.js'
import { isMultipart } from '../multipart.js'
import { isLoopbackHost } from '../guard.js'

/** The request an endpoint function receives: a standard `Request` where the platform has one. */
export interface EndpointRequest {
  readonly url: string
  readonly method: string
  readonly headers: { get(name: string): string | null }
  text(): Promise<string>
}

/** What an endpoint function answers: a standard `Response` fits. */
export interface EndpointResponse {
  readonly status: number
  text(): Promise<string>
  /** Read when there: an answer of `multipart/form-data` (a callback with files) is read from its bytes. */
  readonly headers?: { get(name: string): string | null }
  arrayBuffer?(): Promise<ArrayBuffer>
}

/**
 * The app's interactions endpoint: `http://127.0.0.1:PORT/path` (loopback only), or
 * a function such as `createHandler(...)` from `slashkit/http`. A function gets a
 * context second, as a worker's fetch handler does: it says where the emulator is,
 * so that a handler made without `rest` sends its follow-ups here.
 */
export type InteractionsEndpoint = string | { bivariant(request: EndpointRequest, context: object): EndpointResponse | PromiseLike<EndpointResponse> }['bivariant']

/** The context an endpoint function gets: where the service is (SERVICE in src/http/handler.ts: one symbol, by its registry key). */
export const serviceContext = (baseUrl: string, fetch: unknown): object => ({ [Symbol.for('slashkit.service')]: { baseUrl, fetch } })

/** Public API v10: the app must answer within 3 seconds. */
export const CALLBACK_TIMEOUT_MS = INTERACTION_ANSWER_WINDOW_MS
/** A callback body longer than this is not read (a sane bound; the service's own is not shown). */
const RESPONSE_MAX = 4 * 1024 * 1024

export type Delivery =
  | { readonly kind: 'response'; readonly status: number; readonly text: string; readonly ms: number }
  /** An answer of `multipart/form-data`: a callback with files (send.ts reads it as the callback endpoint would). */
  | { readonly kind: 'form'; readonly status: number; readonly contentType: string; readonly bytes: Uint8Array; readonly ms: number }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'error'; readonly code: 'endpoint.unreachable' | 'endpoint.threw' | 'endpoint.not_loopback'; readonly message: string; readonly ms: number }

type Timer = (callback: () => void, ms: number) => unknown
type Clear = (handle: unknown) => void

/** Whether a URL names this machine: 127.0.0.0/8, ::1 or localhost. */
export function isLoopback(url: string): boolean {
  const m = /^https?:\/\/(\[[^\]]*\]|[^/:?#]*)(?::\d+)?(?:[/?#]|$)/iu.exec(url)
  if (m === null) return false
  return isLoopbackHost((m[1] as string).toLowerCase())
}

/** A clock for durations (the emulator's own clock may be virtual). */
export const realNow = (): number => (globalThis as { performance?: { now(): number } }).performance?.now() ?? Date.now()

/**
 * POSTs `body` with `headers` to `endpoint` and reads the answer, all within
 * `timeoutMs`. `answered` is called as soon as the answer exists (the endpoint
 * function's `Response`, or the status and headers of a URL's), before its body is read.
 */
export async function deliver(
  endpoint: InteractionsEndpoint,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  answered: () => void = () => {},
  context: object = {},
): Promise<Delivery> {
  const started = realNow()
  const elapsed = (): number => Math.round(realNow() - started)
  const g = globalThis as { setTimeout?: Timer; clearTimeout?: Clear; AbortController?: new () => { signal: unknown; abort(): void } }
  const setTimer = g.setTimeout as Timer
  const clearTimer = g.clearTimeout as Clear
  const abort = g.AbortController === undefined ? undefined : new g.AbortController()
  let handle: unknown
  const timeout = new Promise<'timeout'>((resolve) => {
    handle = setTimer(() => resolve('timeout'), timeoutMs)
  })
  const exchange = async (): Promise<Delivery> => {
    let response: EndpointResponse
    if (typeof endpoint === 'string') {
      if (!isLoopback(endpoint))
        return {
          kind: 'error',
          code: 'endpoint.not_loopback',
          message: `the emulator delivers only to loopback (127.0.0.1, ::1, localhost), not to ${endpoint.slice(0, 80)}`,
          ms: elapsed(),
        }
      const fetcher = (globalThis as { fetch?: (url: string, init: object) => Promise<EndpointResponse> }).fetch
      if (fetcher === undefined) return { kind: 'error', code: 'endpoint.unreachable', message: 'this platform has no fetch', ms: elapsed() }
      try {
        response = await fetcher(endpoint, { method: 'POST', headers, body, redirect: 'manual', signal: abort?.signal })
        answered()
      } catch (error) {
        return { kind: 'error', code: 'endpoint.unreachable', message: `the endpoint could not be reached: ${messageOf(error)}`, ms: elapsed() }
      }
    } else {
      const Request = (globalThis as { Request?: new (url: string, init: object) => EndpointRequest }).Request
      if (Request === undefined) return { kind: 'error', code: 'endpoint.unreachable', message: 'this platform has no Request', ms: elapsed() }
      try {
        response = await endpoint(new Request('http://127.0.0.1/interactions', { method: 'POST', headers, body }), context)
        answered()
        if (typeof response !== 'object' || response === null || typeof response.status !== 'number' || typeof response.text !== 'function')
          return { kind: 'error', code: 'endpoint.threw', message: 'the endpoint function answered something that is not a Response', ms: elapsed() }
      } catch (error) {
        // What the service sees when a server fails this way: a 500.
        return { kind: 'error', code: 'endpoint.threw', message: `the endpoint function threw: ${messageOf(error)}`, ms: elapsed() }
      }
    }
    let text: string
    try {
      const type = response.headers?.get('content-type') ?? undefined
      if (isMultipart(type) && typeof response.arrayBuffer === 'function') {
        const bytes = new Uint8Array(await response.arrayBuffer())
        return { kind: 'form', status: response.status, contentType: type as string, bytes, ms: elapsed() }
      }
      text = await response.text()
    } catch (error) {
      return { kind: 'error', code: 'endpoint.unreachable', message: `the answer could not be read: ${messageOf(error)}`, ms: elapsed() }
    }
    return { kind: 'response', status: response.status, text: text.length > RESPONSE_MAX ? text.slice(0, RESPONSE_MAX) : text, ms: elapsed() }
  }
  try {
    const outcome = await Promise.race([exchange(), timeout])
    if (outcome === 'timeout') {
      abort?.abort()
      return { kind: 'timeout', ms: elapsed() }
    }
    return outcome
  } finally {
    clearTimer(handle)
  }
}

function messageOf(error: unknown): string {
  const e = error as { message?: unknown; cause?: { code?: unknown } }
  const base = typeof e?.message === 'string' ? e.message : String(error)
  return typeof e?.cause?.code === 'string' ? `${base} (${e.cause.code})` : base
}
