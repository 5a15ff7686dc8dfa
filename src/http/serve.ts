/**
 * `serve`: a handler of `createHandler` on Node's `node:http`. Only this module of
 * slashkit/http names Node; it loads `node:http` when called, so importing
 * `slashkit/http` on Bun, Deno or a worker costs nothing and needs no Node.
 */
import type { NodeHttp } from '../emulator/server.js'
import { argumentError, assertFields, INTERACTION_ANSWER_WINDOW_MS, INTERACTION_TOKEN_LIFETIME_MS } from '../internal.js'
import { type ExecutionContext, IN_PROCESS } from './handler.js'
import type { PlatformRequest, PlatformResponse, RequestLike, ResponseLike } from './web.js'

// The few parts of node:http used here, typed locally: the sources are checked
// without Node's types. Node's IncomingMessage (and Express's, Fastify's `raw`)
// and ServerResponse fit these.

/** The part of a Node request (`http.IncomingMessage`, `http2.Http2ServerRequest`, Express's `req`, Fastify's `request.raw`) that `nodeListener` reads. */
export interface NodeIncoming {
  readonly method?: string | undefined
  readonly url?: string | undefined
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>
  /** Where a body parser left what it read: bytes or a string are taken as the body; anything else means the bytes are gone. */
  readonly body?: unknown
  readonly readableEnded?: boolean
  readonly readableDidRead?: boolean
  /** 2 for an HTTP/2 request (`http2`'s compatibility API), whose answers carry no `Connection` header. */
  readonly httpVersionMajor?: number
  /** `unknown[]`, not a narrower tuple: Node's types (@types/node 20 to 26) declare `(...args: any[]) => void` for any event, and a callback's parameters are compared one way only. */
  on(event: string, listener: (...args: unknown[]) => void): unknown
  pause(): unknown
  resume(): unknown
  destroy(): unknown
}

/** The part of a Node response (`http.ServerResponse`, `http2.Http2ServerResponse`, Express's `res`, Fastify's `reply.raw`) that `nodeListener` writes. */
export interface NodeOutgoing {
  readonly headersSent?: boolean
  writeHead(status: number, headers: Record<string, string>): unknown
  /** Always given a body: HTTP/2's `end` (`http2.Http2ServerResponse`) takes no `undefined` for it. */
  end(body: string, callback?: () => void): unknown
}

/**
 * How much of a body refused early is read and dropped before the connection is
 * closed anyway: 16 MiB, or 10 seconds. A client that sends more (or slower) is cut
 * off and may see a reset; one that sends a few MiB over the limit gets its answer.
 */
const DRAIN_BYTES = 16 * 1024 * 1024
const DRAIN_MS = 10_000

/** Reads the rest of a request body and drops it, within the bounds above. */
function drain(req: NodeIncoming): void {
  let seen = 0
  const timer = timers.setTimeout(() => req.destroy(), DRAIN_MS)
  const stop = (): void => timers.clearTimeout(timer)
  req.on('data', (chunk) => {
    seen += (chunk as Uint8Array).byteLength
    if (seen > DRAIN_BYTES) {
      stop()
      req.destroy()
    }
  })
  req.on('end', stop)
  req.on('close', stop)
  req.resume()
}

type Streams = {
  ReadableStream: new (source: { start(c: { enqueue(b: Uint8Array): void; close(): void; error(e: unknown): void }): void; cancel(): void }) => unknown
  Request: new (url: string, init: Record<string, unknown>) => PlatformRequest
}

/** Node's timers and warnings (this file runs on Node alone; the layer's types name no runtime). */
const timers = globalThis as unknown as { setTimeout(cb: () => void, ms: number): unknown; clearTimeout(t: unknown): void }
const node = globalThis as unknown as { process?: { emitWarning?(message: string, options: { code: string }): void } }

/**
 * The service sends each request whole at once and gives up on the answer after 3
 * seconds: a client slower than these (a slowloris, holding connections open a
 * byte at a time) gets Node's 408 and a closed connection, checked every second.
 * The handler's own time (a deferral, late edits) is not counted.
 */
const TIMEOUTS = { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 }

/**
 * How long `serve` keeps an idle connection open by default: 125 seconds. The service
 * posts only to HTTPS and `serve` speaks HTTP, so a TLS proxy is always in front, and
 * it reuses the connections it keeps: 60 s for AWS's load balancers and nginx's
 * upstream `keepalive_timeout`, 90 s for cloudflared, 120 s for Caddy. The server must
 * keep them longer than the proxy (AWS's documentation asks for it): with Node's own
 * 5 s, a request the proxy sends as Node closes the connection is lost, and the
 * interaction fails with a 502.
 */
const KEEP_ALIVE_MS = 125_000

/** `httpVersionMajor` of an HTTP/2 request. */
const HTTP2 = 2

// A variable, not a literal: bundlers for workers leave it alone.
const NODE_HTTP = 'node:http'

/** Options of `serve`. */
export interface ServeOptions {
  /** The port; 0 picks a free one. Default 3000. */
  readonly port?: number | undefined
  /** The address to listen on. Default `127.0.0.1`; `0.0.0.0` to take requests from elsewhere. */
  readonly host?: string | undefined
  /**
   * How long an idle connection is kept open for the next request, in ms. Default
   * 125,000: longer than the proxy in front keeps it (AWS's load balancers and nginx
   * 60 s, cloudflared 90 s, Caddy 120 s), so that the proxy, not the server, closes it.
   * Behind one that keeps connections longer (Google Cloud's load balancer: 600 s;
   * Cloudflare's proxy: 900 s), give more.
   */
  readonly keepAliveTimeout?: number | undefined
}

/** A running server. */
export interface Server {
  /** `http://host:port`: the app's interactions endpoint URL is this plus any path. */
  readonly url: string
  readonly port: number
  /**
   * Stops listening, closes idle connections, answers the requests being handled (a
   * connection still unanswered after the service's 3 seconds, or `timeout` if shorter,
   * is cut), and waits for late work (edits, follow-ups) to end: at most `timeout` ms,
   * by default the 15 minutes an interaction token lasts (after them no late work can
   * reach the service). Work still pending then is left to itself. A second call
   * waits for the first to end.
   */
  close(options?: { readonly timeout?: number }): Promise<void>
}

/** The process's warning, once, when a body parser took the body before the listener (the handler answers 500 and tells `onRefused`). */
export const BODY_READ_WARNING =
  'the request body was read before it could be verified: a body parser (express.json(), @koa/bodyparser, a framework\'s JSON parser) ran before slashkit; mount the listener before it, or hand it the raw bytes as req.body (express.raw({ type: "application/json" }))'

/** `node:http`'s response as `serve` holds it: whether its connection stays open after it, and its end. */
type KeptResponse = NodeOutgoing & { shouldKeepAlive: boolean; once(event: 'close', listener: () => void): unknown }

/** A handler of `createHandler` (or any fetch handler with its context). */
type FetchHandler = (request: PlatformRequest, ctx?: ExecutionContext) => Promise<PlatformResponse>

/** Options of `nodeListener`. */
export interface NodeListenerOptions {
  /**
   * The host's `waitUntil`, where a function is stopped once its response is sent
   * (an Express app on Vercel: `waitUntil` from `@vercel/functions`): the late work (a
   * deferral's edit, follow-ups) is handed to it as well as kept for `idle()`; if it
   * throws, the answer still goes and the work runs in the process. Without it, a
   * deferral on such a host is told to `onError` (step follow-up).
   */
  readonly waitUntil?: ((promise: Promise<unknown>) => void) | undefined
}

/** A Node request listener, with a way to wait for the late work it started. */
export interface NodeListener {
  (req: NodeIncoming, res: NodeOutgoing): void
  /**
   * Resolves once the late work of the requests answered so far (a deferral's
   * edit, follow-ups) has ended, or after `timeout` ms (default: 15 minutes, an
   * interaction token's life). For a graceful shutdown: stop taking requests, then
   * `await listener.idle({ timeout: 10_000 })`.
   */
  idle(options?: { readonly timeout?: number }): Promise<void>
}

/**
 * A fetch handler (`createHandler(...)`) as a Node request listener: for
 * `http.createServer`, an Express route (`app.post('/interactions', listener)`) or
 * Fastify (`reply.hijack()`, then `listener(request.raw, reply.raw)`). The body
 * streams into the handler as it arrives; a body a parser already read is taken
 * when it left the bytes (`express.raw`); when it left parsed JSON, the handler
 * answers 500 and tells `onRefused`, and the process is warned once, since a
 * signature verifies the bytes as sent and nothing else. docs/runtimes.md,
 * "Express, Fastify and Koa".
 *
 * @example
 * const web = express()
 * web.post('/interactions', nodeListener(handler)) // mounted before any JSON body parser
 */
export function nodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): NodeListener {
  if (typeof handler !== 'function') throw argumentError('nodeListener', 'handler', 'a fetch handler: createHandler(...)', handler)
  const g = globalThis as unknown as Streams
  const pending = new Set<Promise<unknown>>()
  // A misspelt `waitUntill` left the host's waitUntil out, and a deferral's answer was cut on Vercel.
  assertFields('nodeListener', 'options', options ?? {}, ['waitUntil'])
  const host = options?.waitUntil
  if (host !== undefined && typeof host !== 'function') throw argumentError('nodeListener', 'waitUntil', "a function (the host's waitUntil)", host)
  const keep = (p: Promise<unknown>): void => {
    const tracked = p.catch(() => undefined).finally(() => pending.delete(tracked))
    pending.add(tracked)
    try {
      host?.(p)
    } catch {
      // A host's waitUntil that throws (called outside its request, say) costs no answer: the work still runs here.
    }
  }
  // Without the host's waitUntil, the one given to the handler holds nothing but the process's count: marked so.
  const context: ExecutionContext = host === undefined ? ({ waitUntil: keep, [IN_PROCESS]: true } as ExecutionContext) : { waitUntil: keep }
  let warned = false
  const listener = (req: NodeIncoming, res: NodeOutgoing): void => {
    const send = (status: number, headers: Record<string, string>, text: string, after?: () => void): void => {
      if (res.headersSent === true) return
      res.writeHead(status, headers)
      res.end(text, after)
    }
    /** An answer after which the connection closes: HTTP/1 says so in a header; HTTP/2 forbids the header and closes only the stream. */
    const closing = (type: string): Record<string, string> => (req.httpVersionMajor === HTTP2 ? { 'content-type': type } : { 'content-type': type, connection: 'close' })
    const method = req.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const given = req.body
    let ended = false
    /** Where the body's bytes go: into the handler's stream, or, once it is answered early, nowhere (drained). */
    let into: 'stream' | 'drain' = 'stream'
    let body: unknown
    let taken = false
    if (given instanceof Uint8Array || typeof given === 'string') {
      // A parser that kept the bytes (express.raw, express.text, a Buffer from Fastify): they are the body as sent.
      body = given
      ended = true
    } else if (req.readableEnded === true || req.readableDidRead === true) {
      // The bytes are gone: the handler gets a body already taken, and refuses it as any other (500, told to
      // onRefused); the process is warned once, with the parser's name.
      if (!warned) {
        warned = true
        node.process?.emitWarning?.(`slashkit: ${BODY_READ_WARNING}`, { code: 'SLASHKIT_BODY_ALREADY_READ' })
      }
      body = ''
      taken = true
      ended = true
    } else if (hasBody) {
      body = new g.ReadableStream({
        start(controller) {
          req.on('data', (data) => {
            const chunk = data as Uint8Array
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
    }
    let request: PlatformRequest
    try {
      const headers: [string, string][] = []
      for (const [name, value] of Object.entries(req.headers)) {
        // HTTP/2's pseudo-headers (:method, :path) are no fetch headers.
        if (value !== undefined && name[0] !== ':') headers.push([name, typeof value === 'string' ? value : value.join(', ')])
      }
      // The request target as sent: a path (on the Host it names), or a whole URL; anything else is a 400.
      const target = req.url ?? '/'
      // HTTP/2 names the host in :authority (RFC 9113, 8.3.1), and Host only when a proxy kept it.
      const host = req.headers.host ?? req.headers[':authority']
      request = new g.Request(target[0] === '/' ? `http://${typeof host === 'string' && host !== '' ? host : 'localhost'}${target}` : target, {
        method,
        headers,
        ...(hasBody && body !== undefined ? { body, duplex: 'half' } : {}),
      })
    } catch {
      send(400, closing('text/plain'), 'bad request', () => req.destroy())
      return
    }
    if (taken) (request as unknown as RequestLike).body?.getReader()
    handler(request, context)
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
        send(r.status, out, text)
      })
      .catch(() => send(500, closing('text/plain'), 'internal error', () => req.destroy()))
  }
  const idle = async (o?: { readonly timeout?: number }): Promise<void> => {
    const wait = o?.timeout ?? INTERACTION_TOKEN_LIFETIME_MS
    if (typeof wait !== 'number' || !(wait >= 0)) throw argumentError('idle', 'timeout', 'a number of ms, 0 or more', wait)
    // A handler that never settles must not hold a shutdown for ever.
    let timer: unknown
    const limit = new Promise<void>((resolve) => {
      timer = timers.setTimeout(resolve, wait)
    })
    await Promise.race([Promise.all([...pending]), limit])
    timers.clearTimeout(timer)
  }
  return Object.assign(listener, { idle })
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
export async function serve(handler: FetchHandler, options: ServeOptions = {}): Promise<Server> {
  // From JavaScript: serve(42) listened, and answered every request with a 500.
  if (typeof handler !== 'function') throw argumentError('serve', 'handler', 'a fetch handler: createHandler(...)', handler)
  // A misspelt `prot` listened on 3000, and `hots` on loopback only, in silence.
  assertFields('serve', 'options', options, ['port', 'host', 'keepAliveTimeout'])
  const keepAlive = options.keepAliveTimeout ?? KEEP_ALIVE_MS
  // Node takes 0 for "never close an idle connection", which leaves a server open to clients that hold them: refused.
  if (typeof keepAlive !== 'number' || !(keepAlive > 0) || keepAlive === Number.POSITIVE_INFINITY) {
    throw argumentError('serve', 'keepAliveTimeout', 'a finite number of ms, more than 0', keepAlive)
  }
  const http = (await import(NODE_HTTP)) as NodeHttp<NodeIncoming, NodeOutgoing>
  const host = options.host ?? '127.0.0.1'
  const listener = nodeListener(handler)
  /** The answers not yet sent: on close, each is told to close its connection after it (HTTP/1.1 `Connection: close`). */
  const answering = new Set<KeptResponse>()
  let closing = false
  let closed: Promise<void> | undefined
  const server = http.createServer(TIMEOUTS, (req, res) => {
    const kept = res as KeptResponse
    if (closing) kept.shouldKeepAlive = false
    answering.add(kept)
    kept.once('close', () => answering.delete(kept))
    listener(req, res)
  })
  server.keepAliveTimeout = keepAlive
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
      // A second call (SIGINT after SIGTERM, a test's teardown after the app's) waits for the first: node:http's own
      // second close rejects (ERR_SERVER_NOT_RUNNING), which a signal handler would throw unhandled.
      closed ??= (async () => {
        // Stop listening and close the idle connections; a request being handled gets its answer first. Past the
        // service's 3 seconds (or the timeout, if shorter) no answer reaches anyone, and what is left is cut.
        let cut: unknown
        closing = true
        for (const res of answering) res.shouldKeepAlive = false
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error === undefined ? resolve() : reject(error)))
          server.closeIdleConnections?.()
          cut = timers.setTimeout(() => server.closeAllConnections?.(), Math.min(wait, INTERACTION_ANSWER_WINDOW_MS))
        }).finally(() => timers.clearTimeout(cut))
        await listener.idle({ timeout: wait })
      })()
      return closed
    },
  }
}
