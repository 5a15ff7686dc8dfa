/**
 * WebSocket frames (RFC 6455) as the emulator's gateway reads and writes them: the
 * opening handshake's accept key (section 4.2.2), a reader that cuts a byte stream
 * into frames and refuses what a server must refuse (an unmasked client frame, a
 * reserved bit or opcode, a control frame that is fragmented or over 125 bytes,
 * section 5), and the writer of the server's unmasked frames. No Node API: the
 * socket is server.ts's; the SHA-1 is WebCrypto's.
 */
import { joinBytes, utf8Bytes } from '../multipart.js'

/** The web platform's parts used here, typed locally: the sources are checked without DOM or Node types. */
export const web = globalThis as unknown as {
  readonly crypto: { readonly subtle: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } }
  readonly TextEncoder: new () => { encode(text: string): Uint8Array }
  readonly TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string }
  readonly URL: new (
    url: string,
    base?: string,
  ) => {
    readonly host: string
    readonly protocol: string
    readonly pathname: string
    readonly search: string
    readonly searchParams: { get(name: string): string | null; has(name: string): boolean }
  }
  btoa(binary: string): string
}

/** Section 5.2: the opcodes. */
export const enum Opcode {
  Continuation = 0x0,
  Text = 0x1,
  Binary = 0x2,
  Close = 0x8,
  Ping = 0x9,
  Pong = 0xa,
}

/** Section 7.4.1: the close codes the reader answers a broken stream with. */
export const enum CloseCode {
  Normal = 1000,
  GoingAway = 1001,
  ProtocolError = 1002,
  InvalidData = 1007,
  TooBig = 1009,
  /** Section 7.1.5: a close frame without a code. */
  NoStatus = 1005,
  /** Section 7.1.5: the connection ended without a close frame. */
  Abnormal = 1006,
}

/** One frame, unmasked. */
export interface Frame {
  readonly fin: boolean
  readonly opcode: number
  readonly payload: Uint8Array
}

/** Section 1.3: the GUID every server appends to the client's key. */
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

/** Section 4.2.2: `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key` (base64 of the SHA-1 of key + GUID). */
export async function acceptKey(key: string): Promise<string> {
  const digest = await web.crypto.subtle.digest('SHA-1', utf8Bytes(key + GUID))
  return web.btoa(String.fromCharCode(...new Uint8Array(digest)))
}

/** Section 4.1: a client's key is 16 bytes, base64 (24 characters ending in `==`). */
export const isClientKey = (key: string | undefined): key is string => key !== undefined && /^[A-Za-z0-9+/]{22}==$/.test(key)

/**
 * Cuts the client's byte stream into frames. `push` answers the frames completed
 * by a chunk, or the close code to end the connection with: the stream cannot go on.
 */
export class FrameReader {
  private pending: Uint8Array = new Uint8Array(0)

  /** `max`: the largest payload taken (a larger one is 1009). */
  constructor(private readonly max: number) {}

  push(chunk: Uint8Array): Frame[] | CloseCode {
    const bytes = this.pending.length === 0 ? chunk : joinBytes([this.pending, chunk])
    const frames: Frame[] = []
    let at = 0
    for (;;) {
      const read = this.frame(bytes, at)
      if (typeof read === 'number') {
        if (read !== -1) return read
        break
      }
      frames.push(read.frame)
      at = read.end
    }
    this.pending = bytes.slice(at)
    return frames
  }

  /** The frame at `at`: the frame and where it ends, `-1` when it is not all here yet, or a close code. */
  private frame(bytes: Uint8Array, at: number): { frame: Frame; end: number } | -1 | CloseCode {
    if (bytes.length - at < 2) return -1
    const first = bytes[at] as number
    const second = bytes[at + 1] as number
    const opcode = first & 0x0f
    const fin = (first & 0x80) !== 0
    // Section 5.2: no extension was agreed, so the reserved bits are 0; 3-7 and 0xB-0xF are reserved opcodes.
    if ((first & 0x70) !== 0 || (opcode > 2 && opcode < 8) || opcode > 10) return CloseCode.ProtocolError
    // Section 5.1: a client masks every frame.
    if ((second & 0x80) === 0) return CloseCode.ProtocolError
    let length = second & 0x7f
    let head = at + 2
    if (length === 126) {
      if (bytes.length - head < 2) return -1
      length = ((bytes[head] as number) << 8) | (bytes[head + 1] as number)
      head += 2
    } else if (length === 127) {
      if (bytes.length - head < 8) return -1
      // Section 5.2: the most significant bit is 0; a length past 2^32 is over any `max` here.
      if ((bytes[head] as number) !== 0 || (bytes[head + 1] as number) !== 0 || (bytes[head + 2] as number) !== 0 || (bytes[head + 3] as number) !== 0) return CloseCode.TooBig
      length = (((bytes[head + 4] as number) << 24) >>> 0) + (((bytes[head + 5] as number) << 16) | ((bytes[head + 6] as number) << 8) | (bytes[head + 7] as number))
      head += 8
    }
    // Section 5.5: control frames are not fragmented and carry at most 125 bytes.
    if (opcode >= 8 && (!fin || length > 125)) return CloseCode.ProtocolError
    if (length > this.max) return CloseCode.TooBig
    if (bytes.length - head < 4 + length) return -1
    const mask = bytes.subarray(head, head + 4)
    const payload = bytes.slice(head + 4, head + 4 + length)
    for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i & 3] as number)
    return { frame: { fin, opcode, payload }, end: head + 4 + length }
  }
}

/** A server frame (section 5.2): final, unmasked. */
export function encodeFrame(opcode: Opcode, payload: Uint8Array): Uint8Array {
  const length = payload.length
  const head = length < 126 ? 2 : length < 0x10000 ? 4 : 10
  const out = new Uint8Array(head + length)
  out[0] = 0x80 | opcode
  if (length < 126) out[1] = length
  else if (length < 0x10000) {
    out[1] = 126
    out[2] = length >>> 8
    out[3] = length & 0xff
  } else {
    out[1] = 127
    // Lengths here stay under 2^32: the four high bytes are 0.
    out[6] = length >>> 24
    out[7] = (length >>> 16) & 0xff
    out[8] = (length >>> 8) & 0xff
    out[9] = length & 0xff
  }
  out.set(payload, head)
  return out
}

/** Section 5.5.1: a close frame's payload, the code then the reason (at most 123 bytes of UTF-8). */
export function closePayload(code: number, reason: string): Uint8Array {
  const text = utf8Bytes(reason).slice(0, 123)
  const out = new Uint8Array(2 + text.length)
  out[0] = code >>> 8
  out[1] = code & 0xff
  out.set(text, 2)
  return out
}

/** The code of a client's close frame (`NoStatus` when it has none). */
export const closeCodeOf = (payload: Uint8Array): number => (payload.length >= 2 ? ((payload[0] as number) << 8) | (payload[1] as number) : CloseCode.NoStatus)
