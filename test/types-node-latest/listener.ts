// nodeListener's parameters against the newest Node declarations, as
// `npm i -D @types/node` installs them today (26.x, where `on` of IncomingMessage
// is generic over an event map, with `(...args: any[]) => void` for any other
// event). The main type tests and check-docs use @types/node 20, this project's
// Node; Express, Fastify and Koa pass their requests on as Node's IncomingMessage,
// and node:http2's servers theirs as Http2ServerRequest.
// Compiled by scripts/check-types.mjs --project test/types-node-latest/tsconfig.json
// under TypeScript 5.9, 6.0 and 7.0 (test/cross-version.test.ts).
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2'
import { createServer, type IncomingMessage, type IncomingMessageEventMap, type ServerResponse } from 'node:http'
import { commands, slash } from 'slashkit'
import { createHandler, nodeListener, type NodeIncoming, type NodeOutgoing } from 'slashkit/http'
import { expectError, expectType } from 'tsd'

const listener = nodeListener(createHandler({ publicKey: '0'.repeat(64), app: commands(slash('ping', 'Check the bot')), handlers: { ping: () => 'pong' } }))

// node:http's own server takes it as its request listener.
createServer(listener)
createServer({ requestTimeout: 10_000 }, listener)

// What Express's `req`/`res` and Fastify's `request.raw`/`reply.raw` are.
declare const req: IncomingMessage
declare const res: ServerResponse
listener(req, res)
const incoming: NodeIncoming = req
const outgoing: NodeOutgoing = res
expectType<NodeIncoming>(incoming)
expectType<NodeOutgoing>(outgoing)
// The two swapped are refused: a response has no request headers.
expectError(listener(res, req))

// These are the newest declarations, not @types/node 20's (which have no event map).
expectType<[]>(null as unknown as IncomingMessageEventMap['aborted'])

// node:http2's servers take it too: their requests and responses (the compatibility API) fit.
declare const req2: Http2ServerRequest
declare const res2: Http2ServerResponse
listener(req2, res2)
http2.createServer(listener)
http2.createSecureServer({ allowHTTP1: true }, listener)
