/**
 * Requests per second through `createHandler` (verify + parse + route + respond)
 * against a hand-written endpoint in the same process: WebCrypto Ed25519 verify,
 * `JSON.parse` and a `switch`, answering the same JSON (issue: at most 1.2x its
 * time per request). Both sides get the same signed request, rebuilt for each
 * call (a `Request` body is read once). Async: harness.mjs's `compareAsync`.
 *
 * Usage: node bench/http.mjs [--against=DIR]   (after `npm run build`; DIR: another
 * checkout with its dist/ built, timed against this build in the same rounds)
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
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

/**
 * A before/after in one process: the createHandler of another build (`dir`, a
 * checkout with its dist/ built) as the baseline, this build's as the candidate, on
 * the command row's request and the component row's. The hand-written rows swing
 * with the machine's load; two builds timed in the same rounds do not. The quick
 * one, for both rows; `node bench/http-parts.mjs --against=REV` is the robust A/B
 * of the command row (from src/ at REV, processes a side, with a control).
 */
export async function benchHttpAgainst(dir, { rounds = 40, batchMs = 40, warmupMs = 400 } = {}) {
  const other = (await import(pathToFileURL(resolve(dir, 'dist/http.js')).href)).createHandler
  const command = await httpRow({ ...root, ...testing })
  const button = await componentRow({ ...root, ...testing })
  const pairs = [
    ['createHandler request', command.request, (make) => make({ publicKey: command.keys.publicKey, app: command.app, handlers: command.handlers })],
    [
      "createHandler, a route's button",
      button.request,
      (make) => make({ publicKey: button.keys.publicKey, app: button.app, handlers: button.handlers, routes: button.routes, components: button.components }),
    ],
  ]
  const results = []
  for (const [name, request, make] of pairs) {
    const [before, after] = [make(other), make(createHandler)]
    const [a, b] = [await (await before(request())).text(), await (await after(request())).text()]
    if (a !== b) throw new Error(`bench ${name}: the two builds answer differently: ${a} vs ${b}`)
    results.push(
      await compareAsync(`${name}, this build vs ${dir}`, {
        baselineName: `createHandler of ${dir}`,
        baseline: async () => (await before(request())).text(),
        candidateName: 'this build',
        candidate: async () => (await after(request())).text(),
        rounds,
        batchMs,
        warmupMs,
      }),
    )
  }
  return results
}

// `node bench/http.mjs`: this benchmark alone; `--against=DIR`: this build's createHandler against DIR's, in one process.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./harness.mjs')
  const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length)
  if (against !== undefined) printTable(await benchHttpAgainst(against))
  else {
    const result = await benchHttp()
    const component = await benchHttpComponent()
    printTable([result, component])
    console.log(`requests per second: createHandler ${result.perSecond.candidate.toFixed(0)}, hand-written ${result.perSecond.baseline.toFixed(0)}`)
  }
}
