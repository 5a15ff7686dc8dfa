/**
 * The emulator's view of HTTP, free of Node and of DOM types (the sources are
 * checked against ES2022 only): a request is a method, a path, a query, headers and
 * a body (text, or the bytes of a `multipart/form-data` body: files are not text);
 * a reply is a status, headers and a body text. `createEmulator`'s `fetch` and
 * `startEmulator`'s server both translate to and from these.
 */
import { isMultipart, utf8Bytes } from './multipart.js'

/** A request as the emulator's model reads it. */
export interface EmulatorRequest {
  /** Upper-case HTTP method. */
  readonly method: string
  /** The URL as requested: absolute (`http://host/api/v10/...`) or a path (`/api/v10/...`). */
  readonly url: string
  /** Request headers; names in any letter case. */
  readonly headers: Readonly<Record<string, string>>
  /**
   * The body as text (empty when there is none), or as bytes: a `multipart/form-data`
   * body (a message with files) is read from its bytes; text given for one is read
   * as its UTF-8 bytes.
   */
  readonly body: string | Uint8Array
}

/** A reply as the emulator's model writes it. */
export interface EmulatorReply {
  readonly status: number
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string>>
  /** JSON text, or empty (204). */
  readonly body: string
}

/** What `fetch` resolves to: a standard `Response` where the platform has one. */
export interface EmulatorResponse {
  readonly status: number
  readonly ok: boolean
  readonly headers: { get(name: string): string | null }
  text(): Promise<string>
  json(): Promise<unknown>
}

/** What the emulator's `fetch` takes and returns, named without the platform's types. */
export type StructuralFetch = (input: string | { readonly href: string } | RequestLike, init?: RequestLike) => Promise<EmulatorResponse>

/**
 * The emulator's `fetch`, typed as the platform's `typeof fetch` where the program's
 * types declare one (lib "dom", or @types/node), so that `{ fetch: emulator.fetch }`
 * fits a parameter typed `typeof fetch`; else `StructuralFetch`. Either is true: it
 * takes what `fetch` takes and resolves to the platform's `Response`.
 */
export type EmulatorFetch = typeof globalThis extends { readonly fetch: infer F } ? F : StructuralFetch

/** `fetch` typed as `EmulatorFetch`: the same function (it resolves to the platform's `Response`, `toResponse`). */
export const asFetch = (fetch: StructuralFetch): EmulatorFetch => fetch as EmulatorFetch

/** The part of a `Request` (or of `fetch`'s init) the emulator reads. */
export interface RequestLike {
  readonly url?: string
  readonly method?: string
  readonly headers?: unknown
  readonly body?: unknown
  text?(): Promise<string>
  arrayBuffer?(): Promise<ArrayBuffer>
}

export type ResponseConstructor = new (body: string | Uint8Array | null, init: { status: number; headers: Record<string, string> }) => EmulatorResponse

/** Headers as `fetch` accepts them: a `Headers`, an array of pairs or a record. */
export function headerRecord(headers: unknown): Record<string, string> {
  // No prototype: a header may be named __proto__.
  const out = Object.create(null) as Record<string, string>
  if (headers === undefined || headers === null) return out
  const h = headers as { forEach?: unknown }
  if (Array.isArray(headers)) {
    for (const pair of headers as unknown[]) if (Array.isArray(pair) && pair.length === 2) out[String(pair[0]).toLowerCase()] = String(pair[1])
  } else if (typeof h.forEach === 'function') {
    ;(headers as { forEach(cb: (value: string, name: string) => void): void }).forEach((value, name) => {
      out[name.toLowerCase()] = value
    })
  } else if (typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') out[name.toLowerCase()] = value
  }
  return out
}

/** A request body as the emulator reads it: the bytes of a multipart form, else text. */
export function bodyBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? utf8Bytes(body) : body
}

/** A request body as text (JSON bodies): bytes are read as UTF-8. */
export function bodyText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : new (globalThis as unknown as { TextDecoder: new () => { decode(b: Uint8Array): string } }).TextDecoder().decode(body)
}

type PlatformRequest = { readonly headers: { get(name: string): string | null }; text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer> }

/**
 * Reads what `fetch(input, init)` was given into an `EmulatorRequest`: a URL string
 * (or URL object) with an init, or a `Request`. A body that is not a string is read
 * through the platform's `Request`, as `fetch` would, with the Content-Type it gets
 * there (a `FormData` body's `multipart/form-data; boundary=...`); a multipart body
 * is kept as bytes.
 */
export async function readFetchArguments(input: unknown, init: RequestLike | undefined): Promise<EmulatorRequest> {
  const fromRequest = typeof input === 'object' && input !== null && typeof (input as RequestLike).url === 'string' && !('href' in input)
  const req = (fromRequest ? input : {}) as RequestLike
  const url = fromRequest ? (req.url as string) : String(input)
  const method = (init?.method ?? req.method ?? 'GET').toUpperCase()
  const headers = Object.assign(headerRecord(req.headers), headerRecord(init?.headers))
  let body: string | Uint8Array = ''
  const given = init?.body
  const read = async (r: PlatformRequest | RequestLike): Promise<string | Uint8Array> =>
    isMultipart(headers['content-type']) && typeof r.arrayBuffer === 'function' ? new Uint8Array(await r.arrayBuffer()) : ((await r.text?.()) ?? '')
  if (typeof given === 'string') body = given
  else if (given !== undefined && given !== null) {
    const Request = (globalThis as { Request?: new (url: string, init: object) => PlatformRequest }).Request
    if (Request === undefined) throw new TypeError('the emulator reads a non-string body through Request, which this platform lacks')
    const made = new Request(url, { method, body: given, headers })
    const type = made.headers.get('content-type')
    if (headers['content-type'] === undefined && type !== null) headers['content-type'] = type
    body = await read(made)
  } else if (fromRequest) body = await read(req)
  return { method, url, headers, body }
}

/** A standard `Response` for a reply, or a minimal stand-in where the platform has none. */
export function toResponse(reply: EmulatorReply): EmulatorResponse {
  const Response = (globalThis as { Response?: ResponseConstructor }).Response
  // A 204 must not carry a body for the platform's Response.
  if (Response !== undefined) return new Response(reply.body === '' ? null : reply.body, { status: reply.status, headers: { ...reply.headers } })
  const headers = reply.headers
  return {
    status: reply.status,
    ok: reply.status >= 200 && reply.status < 300,
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
    text: () => Promise.resolve(reply.body),
    json: () => Promise.resolve(JSON.parse(reply.body) as unknown),
  }
}
