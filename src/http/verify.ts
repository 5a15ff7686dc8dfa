/**
 * Request verification (public API v10; the spec leaves the delivery transport
 * "not shown", "Events" 2): the service signs each interaction request with
 * Ed25519 over `X-Signature-Timestamp + raw body`, the signature in
 * `X-Signature-Ed25519` as hex, and the app checks it with its public key (64 hex
 * characters). WebCrypto only: Node 20+, Bun, Deno and edge workers all have
 * Ed25519 in `crypto.subtle`. Nothing here imports Node.
 */
import { argumentError } from '../internal.js'
import { fromUtf8, utf8, type PlatformRequest, type RequestLike } from './web.js'

/** Why a request was refused, with the HTTP status it gets. */
export interface Refusal {
  readonly ok: false
  /** 500: the body was read before it reached slashkit (a middleware read it), which is the server's setup, not the sender's fault. */
  readonly status: 400 | 401 | 405 | 413 | 500
  readonly reason: string
}

/** A verified request: its body as text (not parsed yet). */
export interface Verified {
  readonly ok: true
  readonly body: string
}

/** Options of verification. */
export interface VerifyOptions {
  /**
   * The largest body accepted, in bytes (default 1 MiB). Enforced while the body
   * streams in, before it is read whole or verified: a bigger one is 413.
   */
  readonly maxBodyBytes?: number | undefined
  /**
   * How far, in seconds, `X-Signature-Timestamp` may be from the clock (default 300).
   * A signed request replayed later than this is 401. `false` turns the check off.
   */
  readonly replayWindowSeconds?: number | false | undefined
  /** The clock, in epoch milliseconds. Default `Date.now`. */
  readonly now?: (() => number) | undefined
}

/**
 * 1 MiB. The largest real interaction is a MESSAGE command, which carries the whole
 * target message in `data.resolved`: content up to 4000 characters, embeds up to
 * 6000, components up to 40, plus the users, members, roles and channels it
 * mentions and its attachments' metadata. Even with every character escaped in
 * JSON (`\uXXXX`, six bytes) and a few hundred mentioned users, that stays under
 * 300 KB; a modal submit (five text inputs of 4000 characters) is smaller still.
 * 1 MiB leaves three times that, and bounds what one request can make a server hold.
 */
export const MAX_BODY_BYTES = 1024 * 1024

/** Default replay window: five minutes either side of the clock. */
export const REPLAY_WINDOW_SECONDS = 300

const HEX = /^[0-9a-fA-F]*$/

/** Bytes of a hex string of even length, or `undefined`. */
export function hexBytes(hex: string, length: number): Uint8Array | undefined {
  if (hex.length !== length * 2 || !HEX.test(hex)) return undefined
  const out = new Uint8Array(length)
  for (let i = 0; i < length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

interface SubtleLike {
  importKey(format: 'raw', key: Uint8Array, algorithm: { name: string }, extractable: boolean, usages: string[]): Promise<unknown>
  verify(algorithm: { name: string }, key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>
}

function subtle(): SubtleLike {
  const s = (globalThis as { crypto?: { subtle?: SubtleLike } }).crypto?.subtle
  if (s === undefined) throw new TypeError('slashkit/http needs WebCrypto (globalThis.crypto.subtle with Ed25519): Node 20+, Bun, Deno or a worker')
  return s
}

/** A public key checked and imported once. */
export interface PublicKey {
  readonly hex: string
  readonly key: Promise<unknown>
}

/**
 * Checks an application's public key (64 hex characters, 32 bytes) and imports it
 * for Ed25519 verification. Throws a `TypeError` that says what is wrong (never the
 * key itself: it is public, but a secret pasted by mistake should not be echoed).
 *
 * @example
 * const key = publicKey(process.env.PUBLIC_KEY!)
 */
export function publicKey(hex: string | PublicKey): PublicKey {
  if (typeof hex === 'object' && hex !== null && typeof hex.hex === 'string') return hex
  const bytes = typeof hex === 'string' ? hexBytes(hex.trim(), 32) : undefined
  if (bytes === undefined)
    throw new TypeError(
      `publicKey must be the application's public key: 64 hex characters (got ${typeof hex === 'string' ? `${hex.trim().length} characters${HEX.test(hex.trim()) ? '' : ', not all hex'}` : typeof hex})`,
    )
  const normal = (hex as string).trim().toLowerCase()
  const known = imported.get(normal)
  if (known !== undefined) return known
  const key = subtle().importKey('raw', bytes, { name: 'Ed25519' }, false, ['verify'])
  // An import failure is reported by the first verification, not as an unhandled rejection.
  key.catch(() => undefined)
  const made = { hex: normal, key }
  // `verifyRequest(request, hexString)` on every request imports the key once (a few keys at most are kept).
  if (imported.size >= 16) imported.clear()
  imported.set(normal, made)
  return made
}

const imported = new Map<string, PublicKey>()

/**
 * Reads a request body up to `max` bytes: a `Content-Length` over it, or a stream
 * that passes it, stops the read at once. Returns the bytes, or `undefined` when
 * over the limit.
 */
export async function readLimited(request: RequestLike, max: number): Promise<Uint8Array | undefined> {
  const declared = request.headers.get('content-length')
  const length = declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : undefined
  if (length !== undefined && length > max) {
    await request.body?.cancel().catch(() => undefined)
    return undefined
  }
  // A declared length within the limit (HTTP framing holds the body to it on a real
  // connection) is read in one native call; the size is checked again all the same.
  if (length !== undefined && typeof (request as { arrayBuffer?: unknown }).arrayBuffer === 'function') {
    const bytes = new Uint8Array(await (request as unknown as { arrayBuffer(): Promise<ArrayBuffer> }).arrayBuffer())
    return bytes.byteLength > max ? undefined : bytes
  }
  const body = request.body
  if (body === null) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done || value === undefined) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

const refuse = (status: Refusal['status'], reason: string): Refusal => ({ ok: false, status, reason })

/**
 * Verifies a request as the service signs it, reading its body once (up to the
 * size limit). Returns the body text, or the status to answer and why: 405 for a
 * method other than POST, 401 for a missing or malformed signature or timestamp,
 * a timestamp outside the replay window or a signature that does not verify, 413
 * for a body over the limit (before it is read whole or verified), 400 for a body
 * that is not UTF-8 or that breaks off, 500 for a body something read before
 * (a middleware). Rejects with a `TypeError` naming the argument when `request` is
 * not a fetch Request or `key` is not a key (a JavaScript caller's `null`).
 *
 * @example
 * const v = await verifyRequest(request, process.env.PUBLIC_KEY!)
 * if (!v.ok) return new Response(v.reason, { status: v.status })
 * const interaction = JSON.parse(v.body)
 */
export async function verifyRequest(input: PlatformRequest, key: string | PublicKey, options: VerifyOptions = {}): Promise<Verified | Refusal> {
  // From JavaScript: a wrong argument is named, not read as what it is not ("Cannot read properties of null").
  if (typeof key !== 'string' && typeof (key as PublicKey | null)?.hex !== 'string') throw argumentError('verifyRequest', 'key', 'a public key, 64 hex characters', key)
  const request = input as unknown as RequestLike
  if (typeof request?.method !== 'string' || typeof request.headers?.get !== 'function') throw argumentError('verifyRequest', 'request', 'a Request', input)
  const pk = publicKey(key)
  if (request.method !== 'POST') return refuse(405, 'interactions are POSTed')
  const signature = hexBytes(request.headers.get('x-signature-ed25519')?.trim() ?? '', 64)
  const timestamp = request.headers.get('x-signature-timestamp')?.trim() ?? ''
  if (signature === undefined) return refuse(401, 'X-Signature-Ed25519 must be a 64-byte signature in hex')
  if (!/^\d{1,15}$/.test(timestamp)) return refuse(401, 'X-Signature-Timestamp must be a Unix time in seconds')
  const window = options.replayWindowSeconds ?? REPLAY_WINDOW_SECONDS
  if (window !== false) {
    const skew = Number(timestamp) - (options.now ?? Date.now)() / 1000
    // How far, and which way: a machine whose clock is wrong refuses every request of the service so.
    if (Math.abs(skew) > window)
      return refuse(
        401,
        `X-Signature-Timestamp is ${Math.round(Math.abs(skew))} s ${skew > 0 ? 'ahead of' : 'behind'} this machine's clock, outside the replay window (${window} s)`,
      )
  }
  // A body a middleware read first (Hono's validator, a logger's `await request.text()`) is gone, or
  // held by its reader: the signature covers the bytes as sent, and nothing else can stand in for them.
  if (request.bodyUsed === true || request.body?.locked === true)
    return refuse(500, 'the body was read before it could be verified: give slashkit the request before anything reads its body')
  const bytes = await readLimited(request, options.maxBodyBytes ?? MAX_BODY_BYTES).catch(() => null)
  if (bytes === null) return refuse(400, 'the body could not be read to its end')
  if (bytes === undefined) return refuse(413, `the body is over ${options.maxBodyBytes ?? MAX_BODY_BYTES} bytes`)
  const stamp = utf8(timestamp)
  const signed = new Uint8Array(stamp.byteLength + bytes.byteLength)
  signed.set(stamp, 0)
  signed.set(bytes, stamp.byteLength)
  let ok: boolean
  try {
    ok = await subtle().verify({ name: 'Ed25519' }, await pk.key, signature, signed)
  } catch {
    ok = false
  }
  if (!ok) return refuse(401, "the signature does not verify: not signed by the service, another application's public key, or a body changed before it was verified")
  let body: string
  try {
    body = fromUtf8(bytes)
  } catch {
    return refuse(400, 'the body is not UTF-8')
  }
  return { ok: true, body }
}
