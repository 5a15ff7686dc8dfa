/**
 * The gateway on `startEmulator`'s socket: an HTTP upgrade to a WebSocket (RFC
 * 6455 section 4.2) at `/gateway` (or `/`), the URL GET /gateway/bot answers, and
 * the messages of that socket handed to the emulator's gateway (session.ts). JSON
 * only, without transport compression: a bot that asks for `encoding=etf` or
 * `compress=...` is answered 400 with what to change (`@discordjs/ws` asks for
 * neither by default).
 */
import { foreignRequest } from '../guard.js'
import { joinBytes, utf8Bytes, utf8Text } from '../multipart.js'
import { acceptKey, closeCodeOf, closePayload, encodeFrame, FrameReader, isClientKey, Opcode, CloseCode, web } from './frames.js'
import { GatewayClose, PAYLOAD_MAX, type GatewayConnection, type GatewayLink } from './session.js'

/** What the upgrade needs of Node's socket, typed locally (the sources are checked without Node's types). */
export interface NodeSocket {
  write(bytes: Uint8Array | string): void
  end(): void
  destroy(): void
  on(event: 'data', listener: (chunk: Uint8Array) => void): void
  on(event: 'close' | 'end' | 'error', listener: () => void): void
}

/** The request of an upgrade, as Node's `upgrade` event gives it. */
export interface UpgradeRequest {
  readonly method?: string
  readonly url?: string
  readonly headers: Record<string, string | string[] | undefined>
}

/** What the upgrade connects a socket to: `emulator.gateway`. */
export interface GatewayHost {
  connect(link: GatewayLink, url: string): GatewayConnection
}

/** A message may span frames; the whole stays near the gateway's own 4096-byte bound (a larger one is closed 4002 by the session). */
const MESSAGE_MAX = 4 * PAYLOAD_MAX

function refuse(socket: NodeSocket, status: number, text: string, extra = ''): void {
  socket.write(`HTTP/1.1 ${status} ${text.split(':')[0]}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n${extra}\r\n${text}\n`)
  socket.destroy()
}

const header = (req: UpgradeRequest, name: string): string | undefined => {
  const v = req.headers[name]
  return Array.isArray(v) ? v.join(', ') : v
}

/**
 * Answers an upgrade request on `socket` (`head`: the bytes after the request that
 * Node read with it). `sockets` holds the open ones, for the server's `close`.
 */
export async function upgrade(host: GatewayHost, req: UpgradeRequest, socket: NodeSocket, head: Uint8Array, loopback: boolean, sockets: Set<NodeSocket>): Promise<void> {
  socket.on('error', () => socket.destroy())
  // Node's HTTP sockets allow half-open connections: a peer that ends its side ends the connection.
  socket.on('end', () => socket.destroy())
  const foreign = foreignRequest(req.headers, loopback)
  if (foreign !== undefined) return refuse(socket, 403, `Forbidden: ${foreign}`)
  const url = new web.URL(req.url ?? '/', 'ws://emulator.invalid')
  if (url.pathname !== '/gateway' && url.pathname !== '/') return refuse(socket, 404, 'Not Found: the gateway is at /gateway')
  if ((req.method ?? 'GET') !== 'GET' || header(req, 'upgrade')?.toLowerCase() !== 'websocket')
    return refuse(socket, 400, 'Bad Request: a WebSocket upgrade is a GET with Upgrade: websocket')
  if (header(req, 'sec-websocket-version') !== '13') return refuse(socket, 426, 'Upgrade Required: WebSocket version 13', 'Sec-WebSocket-Version: 13\r\n')
  const key = header(req, 'sec-websocket-key')
  if (!isClientKey(key)) return refuse(socket, 400, 'Bad Request: Sec-WebSocket-Key is not 16 bytes in base64')
  const encoding = url.searchParams.get('encoding') ?? 'json'
  if (encoding !== 'json') return refuse(socket, 400, `Bad Request: the emulator's gateway speaks encoding=json only, not ${JSON.stringify(encoding.slice(0, 20))}`)
  if (url.searchParams.has('compress')) return refuse(socket, 400, "Bad Request: the emulator's gateway has no transport compression: leave out compress=")
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${await acceptKey(key)}\r\n\r\n`)
  sockets.add(socket)

  let open = true
  const shut = (code: number, reason: string): void => {
    if (!open) return
    open = false
    socket.write(encodeFrame(Opcode.Close, closePayload(code, reason)))
    socket.end()
  }
  const link: GatewayLink = { send: (text) => open && socket.write(encodeFrame(Opcode.Text, utf8Bytes(text))), close: shut }
  const hostName = header(req, 'host') ?? '127.0.0.1'
  const connection = host.connect(link, `ws://${hostName}${url.pathname}${url.search}`)
  const reader = new FrameReader(MESSAGE_MAX)
  let parts: Uint8Array[] | undefined
  let size = 0
  let binary = false
  const fail = (code: CloseCode | number, reason: string): void => {
    shut(code, reason)
    connection.closed(code)
  }
  const take = (chunk: Uint8Array): void => {
    const frames = reader.push(chunk)
    if (typeof frames === 'number') return fail(frames, frames === CloseCode.TooBig ? 'Message too big.' : 'Protocol error.')
    for (const f of frames) {
      if (!open) return
      if (f.opcode === Opcode.Ping) socket.write(encodeFrame(Opcode.Pong, f.payload))
      else if (f.opcode === Opcode.Close) {
        const code = closeCodeOf(f.payload)
        shut(code === CloseCode.NoStatus ? CloseCode.Normal : code, '')
        connection.closed(code)
      } else if (f.opcode === Opcode.Pong) continue
      else {
        // Section 5.4: a message is a first frame (text or binary) and its continuations.
        if ((f.opcode === Opcode.Continuation) !== (parts !== undefined)) return fail(CloseCode.ProtocolError, 'Protocol error.')
        if (parts === undefined) {
          parts = []
          size = 0
          binary = f.opcode === Opcode.Binary
        }
        parts.push(f.payload)
        size += f.payload.length
        if (size > MESSAGE_MAX) return fail(CloseCode.TooBig, 'Message too big.')
        if (!f.fin) continue
        const whole = joinBytes(parts, size)
        parts = undefined
        // encoding=json: a binary message cannot be decoded (public API v10 close code 4002).
        if (binary) return fail(GatewayClose.DecodeError, 'Error while decoding payload.')
        const text = utf8Text(whole)
        if (text === undefined) return fail(CloseCode.InvalidData, 'Invalid UTF-8.')
        connection.receive(text)
      }
    }
  }
  if (head.length > 0) take(head)
  socket.on('data', take)
  socket.on('close', () => {
    open = false
    sockets.delete(socket)
    connection.closed(CloseCode.Abnormal)
  })
}
