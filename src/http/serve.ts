/**
 * `serve`: a handler of `createHandler` on Node's `node:http`. Only this module of
 * slashkit/http names Node; it loads `node:http` when called, so importing
 * `slashkit/http` on Bun, Deno or a worker costs nothing and needs no Node.
 */
import type { NodeHttp } from '../emulator/server.js'
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
  destroy(): void
}
interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): void
  end(body?: string, callback?: () => void): void
}

type Streams = {
  ReadableStream: new (source: { start(c: { enqueue(b: Uint8Array): void; close(): void; error(e: unknown): void }): void; cancel(): void }) => unknown
  Request: new (url: string, init: Record<string, unknown>) => PlatformRequest
}

// A variable, not a literal: bundlers for workers leave it alone.
const NODE_HTTP = 'node:http'

/** Options of `serve`. */
export interface ServeOptions {
  /** The port; 0 picks a free one. Default 3000. */
  readonly port?: number
  /** The address to listen on. Default `127.0.0.1`; `0.0.0.0` to take requests from elsewhere. */
  readonly host?: string
}

/** A running server. */
export interface Server {
  /** `http://host:port`: the app's interactions endpoint URL is this plus any path. */
  readonly url: string
  readonly port: number
  /** Stops listening, closes connections, and waits for late work (edits, follow-ups) to end. */
  close(): Promise<void>
}

/**
 * Serves a fetch handler (`createHandler(...)`) over HTTP with Node's `node:http`.
 * The body streams into the handler, which stops reading at its size limit (413)
 * and closes the connection. Late work (edits, follow-ups) is awaited by `close`.
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
  const server = http.createServer((req, res) => {
    let ended = false
    const body = new g.ReadableStream({
      start(controller) {
        req.on('data', (chunk) => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)))
        req.on('end', () => {
          ended = true
          controller.close()
        })
        req.on('error', (e) => controller.error(e))
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
        // A body left unread (refused early, such as a 413) is not drained: the connection closes.
        if (hasBody && !ended) out.connection = 'close'
        res.writeHead(r.status, out)
        res.end(text, () => {
          if (hasBody && !ended) req.destroy()
        })
      })
      .catch(() => {
        res.writeHead(500, { 'content-type': 'text/plain' })
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
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections?.()
        server.close((error) => (error === undefined ? resolve() : reject(error)))
      })
      await Promise.all([...pending])
    },
  }
}
