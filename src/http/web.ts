/**
 * The fetch types slashkit/http takes and returns. The sources are checked against
 * ES2022 alone (no DOM, no Node types), so the platform's `Request` and `Response`
 * are read from `globalThis` where the user's types declare them (DOM, @types/node,
 * Bun, Deno, workers) and fall back to the structural stand-ins below elsewhere.
 */

/** A readable stream of bytes, as far as the handler reads one. */
export interface ByteStream {
  readonly locked?: boolean
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(reason?: unknown): Promise<void> }
  cancel(reason?: unknown): Promise<void>
}

/** The part of a fetch `Request` the handler reads. */
export interface RequestLike {
  readonly method: string
  readonly url: string
  readonly headers: { get(name: string): string | null }
  readonly body: ByteStream | null
  /** Whether the body was read already (a fetch `Request`'s own flag). */
  readonly bodyUsed?: boolean
}

/** The part of a fetch `Response` the handler's callers read. */
export interface ResponseLike {
  readonly status: number
  readonly headers: { get(name: string): string | null }
  text(): Promise<string>
}

/** The platform's `Request` type where the user's types declare one. */
export type PlatformRequest = typeof globalThis extends { Request: { prototype: infer R } } ? R : RequestLike
/** The platform's `Response` type where the user's types declare one. */
export type PlatformResponse = typeof globalThis extends { Response: { prototype: infer R } } ? R : ResponseLike

type ResponseConstructor = new (body: string | null, init: { status: number; headers: Record<string, string> }) => PlatformResponse

/** A response on the platform's `Response`. */
export function respond(status: number, body: string | null, contentType = 'application/json'): PlatformResponse {
  const R = (globalThis as { Response?: ResponseConstructor }).Response
  if (R === undefined) throw new TypeError('slashkit/http needs the fetch Response class (Node 18+, Bun, Deno, workers)')
  return new R(body, { status, headers: body === null ? {} : { 'content-type': contentType } })
}

/** A JSON response. */
export const respondJSON = (body: unknown, status = 200): PlatformResponse => respond(status, JSON.stringify(body))

interface TextCodecs {
  TextEncoder: new () => { encode(s: string): Uint8Array }
  TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(b: Uint8Array): string }
}

const codecs = globalThis as unknown as TextCodecs

/** UTF-8 bytes of a string. */
export const utf8 = (s: string): Uint8Array => new codecs.TextEncoder().encode(s)

/** A string of UTF-8 bytes; throws on bytes that are not UTF-8. */
export const fromUtf8 = (b: Uint8Array): string => new codecs.TextDecoder('utf-8', { fatal: true }).decode(b)
