/**
 * Requests per second through `createHandler` (verify + parse + route + respond)
 * against a hand-written endpoint in the same process: WebCrypto Ed25519 verify,
 * `JSON.parse` and a `switch`, answering the same JSON (issue: at most 1.2x its
 * time per request). Both sides get the same signed request, rebuilt for each
 * call (a `Request` body is read once). Async: harness.mjs's `compareAsync`.
 */
import * as root from '../dist/index.js'
import { createHandler } from '../dist/http.js'
import * as testing from '../dist/testing.js'
import { compareAsync } from './harness.mjs'
import { httpRow } from './http-hand.mjs'

export const HTTP_TARGET = 1.2

export async function benchHttp({ rounds = 30, batchMs = 40, warmupMs = 400 } = {}) {
  const { keys, app, handlers, request, hand: baseline } = await httpRow({ ...root, ...testing })
  const handler = createHandler({ publicKey: keys.publicKey, app, handlers })

  const base = async () => (await baseline(request())).text()
  const cand = async () => (await handler(request())).text()
  // Both answer the same.
  const [a, b] = [await base(), await cand()]
  if (a !== b) throw new Error(`bench http: the two endpoints answer differently: ${a} vs ${b}`)

  const result = await compareAsync('createHandler request (verify+parse+route+respond) vs hand-written', {
    baselineName: 'hand-written verify+parse+switch',
    baseline: base,
    candidateName: 'createHandler',
    candidate: cand,
    rounds,
    batchMs,
    warmupMs,
  })
  return {
    ...result,
    perSecond: { baseline: 1e9 / result.baseline.median, candidate: 1e9 / result.candidate.median },
  }
}

// `node bench/http.mjs`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchHttp()
  const { printTable } = await import('./harness.mjs')
  printTable([result])
  console.log(`requests per second: createHandler ${result.perSecond.candidate.toFixed(0)}, hand-written ${result.perSecond.baseline.toFixed(0)}`)
}
