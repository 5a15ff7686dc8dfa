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
import { componentRow, httpRow } from './http-hand.mjs'

export const HTTP_TARGET = 1.2

/**
 * The two endpoints' answers, checked equal (the bench compares the same work),
 * then timed in alternating rounds: `base` the hand-written endpoint, `cand` createHandler.
 */
async function timed(name, baselineName, base, cand, { rounds, batchMs, warmupMs }) {
  const [a, b] = [await base(), await cand()]
  if (a !== b) throw new Error(`bench ${name}: the two endpoints answer differently: ${a} vs ${b}`)
  return compareAsync(name, { baselineName, baseline: base, candidateName: 'createHandler', candidate: cand, rounds, batchMs, warmupMs })
}

export async function benchHttp({ rounds = 30, batchMs = 40, warmupMs = 400 } = {}) {
  const { keys, app, handlers, request, hand: baseline } = await httpRow({ ...root, ...testing })
  const handler = createHandler({ publicKey: keys.publicKey, app, handlers })
  const result = await timed(
    'createHandler request (verify+parse+route+respond) vs hand-written',
    'hand-written verify+parse+switch',
    async () => (await baseline(request())).text(),
    async () => (await handler(request())).text(),
    { rounds, batchMs, warmupMs },
  )
  return {
    ...result,
    perSecond: { baseline: 1e9 / result.baseline.median, candidate: 1e9 / result.candidate.median },
  }
}

/**
 * The same for a component: a route's button pressed, answered with UPDATE_MESSAGE,
 * against the hand-written endpoint reading a plain custom_id (http-hand.mjs
 * `componentRow`): the routed path of createHandler (the custom_id's route found
 * and its values decoded and checked, the route's handler, `ctx.update`). Target:
 * the command row's.
 */
export async function benchHttpComponent({ rounds = 30, batchMs = 40, warmupMs = 400 } = {}) {
  const { keys, app, handlers, routes, components, request, handRequest, hand } = await componentRow({ ...root, ...testing })
  const handler = createHandler({ publicKey: keys.publicKey, app, handlers, routes, components })
  return timed(
    "createHandler, a route's button pressed (verify+route+update) vs hand-written",
    'hand-written verify+parse+split',
    async () => (await hand(handRequest())).text(),
    async () => (await handler(request())).text(),
    { rounds, batchMs, warmupMs },
  )
}

// `node bench/http.mjs`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchHttp()
  const component = await benchHttpComponent()
  const { printTable } = await import('./harness.mjs')
  printTable([result, component])
  console.log(`requests per second: createHandler ${result.perSecond.candidate.toFixed(0)}, hand-written ${result.perSecond.baseline.toFixed(0)}`)
}
