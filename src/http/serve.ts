/**
 * `serve`: a handler of `createHandler` on Node's `node:http`. Only this module of
 * slashkit/http names Node; it loads `node:http` when called, so importing
 * `slashkit/http` on Bun, Deno or a worker costs nothing and needs no Node.
 */
import type { NodeHttp } from '../emulator/server.js'
import { argumentError, INTERACTION_TOKEN_LIFETIME_MS } from '../internal.js'
import type { ExecutionContext } from './handler.js'
import type { PlatformRequest, PlatformResponse, ResponseLike } from './web.js'

// The few parts of node:http used here, typed locally: the sources are checked
// without Node's types.
interface NodeRequest {
  readonly method?: string
  readonly url?: string
  readonly headers: Record<string, string | string[] | undefined>
  on(event: 'data', listener: (chunk: Uint8Array) => void): void
  on(event: 'end' | 'error' | 'close', listener: (error?: unknown) => void): void
  pause(): void
  resume(): void
  destroy(): void
}

/**
 * How much of a body refused early is read and dropped before the connection is
 * closed anyway: 16 MiB, or 10 seconds. A client that sends more (or slower) is cut
 * off and may see a reset; one that sends a few MiB over the limit gets its answer.
 */
const DRAIN_BYTES = 16 * 1024 * 1024
const DRAIN_MS = 10_000

/** Reads the rest of a request body and drops it, within the bounds above. */
function drain(req: NodeRequest): void {
  let seen = 0
  const timer = timers.setTimeout(() => req.destroy(), DRAIN_MS)
  const stop = (): void => timers.clearTimeout(timer)
  req.on('data', (chunk) => {
    seen += chunk.byteLength
    if (seen > DRAIN_BYTES) {
      stop()
      req.destroy()
    }
  })
  req.on('end', stop)
  req.on('close', stop)
  req.resume()
}
interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): void
  end(body?: string, callback?: () => void): void
}

type Streams = {
  ReadableStream: new (source: { start(c: { enqueue(b: Uint8Array): void; close(): void; error(e: unknown): void }): void; cancel(): void }) => unknown
  Request: new (url: string, init: Record<string, unknown>) => PlatformRequest
}

/** Node's timers (this file runs on Node alone; the layer's types name no runtime). */
const timers = globalThis as unknown as { setTimeout(cb: () => void, ms: number): unknown; clearTimeout(t: unknown): void }

/**
 * The service sends each request whole at once and gives up on the answer after 3
 * seconds: a client slower than these (a slowloris, holding connections open a
 * byte at a time) gets Node's 408 and a closed connection, checked every second.
 * The handler's own time (a deferral, late edits) is not counted.
 */
const TIMEOUTS = { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 }

// A variable, not a literal: bundlers for workers leave it alone.
const NODE_HTTP = 'node:http'

/** Options of `serve`. */
export interface ServeOptions {
  /** The port; 0 picks a free one. Default 3000. */
  readonly port?: number | undefined
  /** The address to listen on. Default `127.0.0.1`; `0.0.0.0` to take requests from elsewhere. */
  readonly host?: string | undefined
}

/** A running server. */
export interface Server {
  /** `http://host:port`: the app's interactions endpoint URL is this plus any path. */
  readonly url: string
  readonly port: number
  /**
   * Stops listening, closes connections, and waits for late work (edits, follow-ups) to
   * end: at most `timeout` ms, by default the 15 minutes an interaction token lasts (after
   * them no late work can reach the service). Work still pending then is left to itself.
   */
  close(options?: { readonly timeout?: number }): Promise<void>
}

/**
 * Serves a fetch handler (`createHandler(...)`) over HTTP with Node's `node:http`.
 * The body streams into the handler, which stops reading at its size limit; the
 * 413 is sent at once, and the rest of the body is read and dropped (up to 16 MiB
 * or 10 s) before the connection closes, so that the client gets the 413 and not a
 * reset. Late work (edits, follow-ups) is awaited by `close`.
 *
 * @example
 * const server = await serve(handler, { port: 8080, host: '0.0.0.0' })
 */
export async function serve(handler: (request: PlatformRequest, ctx?: ExecutionContext) => Promise<PlatformResponse>, options: ServeOptions = {}): Promise<Server> {
  const http = (await import(NODE_HTTP)) as NodeHttp<NodeRequest, NodeResponse>
  const g = globalThis as unknown as Streams
  const host = options.host ?? '127.0.0.1'
  const pending = new Set<Promise<unknown>>()
  const keep = (p: Promise<unknown>): void => {
    const tracked = p.catch(() => undefined).finally(() => pending.delete(tracked))
    pending.add(tracked)
  }
  const server = http.createServer(TIMEOUTS, (req, res) => {
    let ended = false
    /** Where the body's bytes go: into the handler's stream, or, once it is answered early, nowhere (drained). */
    let into: 'stream' | 'drain' = 'stream'
    const body = new g.ReadableStream({
      start(controller) {
        req.on('data', (chunk) => {
          if (into === 'stream') controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        })
        req.on('end', () => {
          ended = true
          if (into === 'stream') controller.close()
        })
        req.on('error', (e) => {
          if (into === 'stream') controller.error(e)
        })
      },
      cancel() {
        req.pause()
      },
    })
    const headers: [string, string][] = []
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.push([name, Array.isArray(value) ? value.join(', ') : value])
    const method = req.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const request = new g.Request(`http://${host}${req.url ?? '/'}`, { method, headers, ...(hasBody ? { body, duplex: 'half' } : {}) })
    handler(request, { waitUntil: keep })
      .then(async (response) => {
        const r = response as unknown as ResponseLike & { headers: { forEach(cb: (v: string, k: string) => void): void } }
        const out: Record<string, string> = {}
        r.headers.forEach((v, k) => {
          out[k] = v
        })
        const text = await r.text()
        // A body left unread (refused early: a 413, a 401) is read to its end and dropped after the
        // answer: closing with bytes unread would reset the connection, and the client could lose the answer.
        if (hasBody && !ended) {
          into = 'drain'
          drain(req)
        }
        res.writeHead(r.status, out)
        res.end(text)
      })
      .catch(() => {
        res.writeHead(500, { 'content-type': 'text/plain', connection: 'close' })
        res.end('internal error', () => req.destroy())
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 3000, host, resolve)
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 3000)
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: async (o) => {
      const wait = o?.timeout ?? INTERACTION_TOKEN_LIFETIME_MS
      if (typeof wait !== 'number' || !(wait >= 0)) throw argumentError('close', 'timeout', 'a number of ms, 0 or more', wait)
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections?.()
        server.close((error) => (error === undefined ? resolve() : reject(error)))
      })
      // A handler that never settles must not hold a shutdown for ever.
      let timer: unknown
      const limit = new Promise<void>((resolve) => {
        timer = timers.setTimeout(resolve, wait)
      })
      await Promise.race([Promise.all([...pending]), limit])
      timers.clearTimeout(timer)
    },
  }
}
