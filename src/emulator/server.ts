/**
 * `startEmulator`: the emulator on a loopback socket, for programs that cannot take
 * an injected `fetch` (another process, a CLI, a browser page under test). The only
 * file of the emulator that needs Node: `node:http` is loaded when a server starts,
 * so importing `slashkit/emulator` elsewhere costs nothing and needs no Node.
 */
import { assertFields } from '../internal.js'
import { control, type BytesReply } from './control.js'
import { createEmulator, type Emulator, type EmulatorOptions } from './emulator.js'
import { ErrorCode, fail } from './errors.js'
import { foreignRequest, isLoopbackHost, SLOW_CLIENT_TIMEOUTS } from './guard.js'
import { upgrade, type NodeSocket, type UpgradeRequest } from './gateway/upgrade.js'
import type { EmulatorReply } from './http.js'
import { isMultipart, joinBytes, utf8Text } from './multipart.js'
import { REQUEST_SIZE_MAX } from './uploads.js'

/** Options of `startEmulator`: those of `createEmulator`, or an emulator to serve, and where to listen. */
export interface StartOptions extends EmulatorOptions {
  /** The port; 0 (the default) picks a free one. */
  readonly port?: number | undefined
  /** The loopback address to listen on. Default `127.0.0.1`. */
  readonly host?: string | undefined
  /** An emulator to serve (its state is shared with in-process callers); a new one by default. */
  readonly emulator?: Emulator | undefined
  /**
   * Whether to serve the emulator's own calls under `/emulator/` (invoke, press,
   * choose, submit, picker, interactions, files, public-key, reset: docs/emulator.md, "A bot
   * in its own process"). Default `true`.
   */
  readonly control?: boolean | undefined
}

/** A running loopback emulator. */
export interface RunningEmulator {
  /** The base address, ending in `/api/v10`: the client's `baseUrl`. */
  readonly url: string
  /** The port it listens on. */
  readonly port: number
  /** The emulator it serves: its state, its request log, `reset()`. */
  readonly emulator: Emulator
  /** Stops listening and closes open connections. A second call waits for the first. */
  close(): Promise<void>
}

/**
 * JSON bodies longer than this (in bytes) are refused (public API v10: 413, code
 * 40005); a `multipart/form-data` body (a message with files) may have up to
 * `REQUEST_SIZE_MAX`, 25 MiB ("Create Message" limitations).
 */
const BODY_MAX = 1024 * 1024

// The few parts of node:http used here, typed locally: the sources are checked
// without Node's types, which only this file would need.
interface NodeRequest {
  readonly method?: string
  readonly url?: string
  readonly headers: Record<string, string | string[] | undefined>
  on(event: 'data', listener: (chunk: Uint8Array) => void): void
  on(event: 'end' | 'error', listener: (error?: unknown) => void): void
  destroy(): void
}
interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): void
  end(body?: string | Uint8Array): void
}
/** Also typed for slashkit/http's `serve`. */
export interface NodeServer {
  listen(port: number, host: string, callback: () => void): void
  once(event: 'error', listener: (error: unknown) => void): void
  address(): { port: number } | string | null
  close(callback: (error?: unknown) => void): void
  closeAllConnections?(): void
  closeIdleConnections?(): void
  /** How long an idle keep-alive connection stays open, in ms (Node's default: 5,000). */
  keepAliveTimeout?: number
  on?(event: 'upgrade', listener: (req: UpgradeRequest, socket: NodeSocket, head: Uint8Array) => void): void
}
export interface NodeHttp<Req = NodeRequest, Res = NodeResponse> {
  createServer(options: Readonly<Record<string, number>>, handler: (req: Req, res: Res) => void): NodeServer
}

// A variable, not a literal: bundlers for browsers leave it alone, and the type
// checker does not look for Node's declarations.
const NODE_HTTP = 'node:http'

/** The body's bytes, or `undefined` once they pass `max` (the rest is read and dropped, so the answer can be sent). */
function readBody(req: NodeRequest, max: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size <= max) chunks.push(chunk)
    })
    req.on('end', () => {
      resolve(size > max ? undefined : joinBytes(chunks, size))
    })
    req.on('error', reject)
  })
}

async function answer(emulator: Emulator, req: NodeRequest, own: boolean): Promise<EmulatorReply | BytesReply> {
  const type = req.headers['content-type']
  const multipart = isMultipart(typeof type === 'string' ? type : undefined)
  const max = multipart ? REQUEST_SIZE_MAX : BODY_MAX
  const bytes = await readBody(req, max)
  if (bytes === undefined) return fail(413, ErrorCode.RequestTooLarge, `Request entity too large: the body has more than ${max} bytes`)
  let body: string | Uint8Array = bytes
  if (!multipart) {
    const text = utf8Text(bytes)
    if (text === undefined) return fail(400, ErrorCode.InvalidJson, 'The request body contains invalid JSON. (it is not UTF-8)')
    body = text
  }
  const headers: Record<string, string> = Object.create(null) as Record<string, string>
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers, body }
  return (own ? await control(emulator, request) : undefined) ?? emulator.answer(request)
}

/**
 * Serves an emulator over HTTP on loopback. `url` ends in `/api/v10`: pass it as the
 * client's `baseUrl`. Node only.
 *
 * @example
 * const server = await startEmulator({ port: 0 })
 * const rest = createClient({ token: 'token', applicationId: '1', baseUrl: server.url })
 * // ...
 * await server.close()
 */
export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  // A misspelt `prot` served on a free port, in silence; the emulator's own options it checks itself.
  assertFields('startEmulator', 'options', options, ['port', 'host', 'emulator', 'control', 'applications', 'now', 'rateLimits', 'signingKey'])
  const http = (await import(NODE_HTTP)) as NodeHttp
  // The emulator's own options only: it refuses a field it does not know, as the server's.
  const { applications, now, rateLimits, signingKey } = options
  const emulator = options.emulator ?? createEmulator({ applications, now, rateLimits, signingKey })
  const host = options.host ?? '127.0.0.1'
  const loopback = isLoopbackHost(host)
  const server = http.createServer(SLOW_CLIENT_TIMEOUTS, (req, res) => {
    // A web page of another site (a forged form, a DNS rebinding name) reaches nothing: no call of the API, no control call.
    const foreign = foreignRequest(req.headers, loopback)
    const answered = foreign === undefined ? answer(emulator, req, options.control !== false) : Promise.resolve(fail(403, ErrorCode.General, `403: Forbidden: ${foreign}`))
    answered
      .catch(() => fail(400, ErrorCode.General, '400: Bad Request'))
      .then((reply) => {
        res.writeHead(reply.status, { ...reply.headers })
        if ('bytes' in reply) res.end(reply.bytes)
        else res.end(reply.body === '' ? undefined : reply.body)
      })
      .catch(() => req.destroy())
  })
  // The gateway: a WebSocket upgrade at /gateway (gateway/upgrade.ts); its sockets are closed with the server.
  const sockets = new Set<NodeSocket>()
  server.on?.('upgrade', (req, socket, head) => {
    upgrade(emulator.gateway, req, socket, head, loopback, sockets).catch(() => socket.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, resolve)
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0)
  const shown = host.includes(':') ? `[${host}]` : host
  let closed: Promise<void> | undefined
  return {
    url: `http://${shown}:${port}/api/v10`,
    port,
    emulator,
    // A second call waits for the first (node:http's own second close rejects with ERR_SERVER_NOT_RUNNING).
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.closeAllConnections?.()
        for (const socket of sockets) socket.destroy()
        server.close((error) => (error === undefined ? resolve() : reject(error)))
      })),
  }
}
