/**
 * Requests per second through `createHandler` (verify + parse + route + respond)
 * against a hand-written endpoint in the same process: WebCrypto Ed25519 verify,
 * `JSON.parse` and a `switch`, answering the same JSON (issue: at most 1.2x its
 * time per request). Both sides get the same signed request, rebuilt for each
 * call (a `Request` body is read once). Async: harness.mjs's `compareAsync`.
 */
import { commands, option, slash } from '../dist/index.js'
import { createHandler } from '../dist/http.js'
import { fakeInteraction, generateTestKeys } from '../dist/testing.js'
import { compareAsync } from './harness.mjs'

export const HTTP_TARGET = 1.2

export async function benchHttp({ rounds = 30, batchMs = 40, warmupMs = 400 } = {}) {
  const keys = await generateTestKeys()
  const ban = slash('ban', 'Ban a member').options(option.user('target', 'Who').required(), option.integer('days', 'Days').min(0).max(7))
  const app = commands(ban, slash('ping', 'Pong'))
  const payload = fakeInteraction(ban, { options: { target: { user: { username: 'eve' } }, days: 3 }, guildId: '200000000000000002' })
  const signed = await keys.request(payload)
  const body = JSON.stringify(payload)
  const headers = Object.fromEntries(signed.headers)
  const request = () => new Request('http://localhost/interactions', { method: 'POST', headers, body })

  const handler = createHandler({
    publicKey: keys.publicKey,
    app,
    handlers: { ban: ({ options }) => `Banned ${options.target.user.username} (${options.days ?? 0})`, ping: () => 'pong' },
  })

  // The hand-written endpoint: what a bot author writes without a library.
  const keyBytes = Uint8Array.from(keys.publicKey.match(/../g), (h) => parseInt(h, 16))
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'Ed25519' }, false, ['verify'])
  const encoder = new TextEncoder()
  const baseline = async (req) => {
    const text = await req.text()
    const sig = req.headers.get('x-signature-ed25519')
    const ts = req.headers.get('x-signature-timestamp')
    if (sig === null || ts === null) return new Response('', { status: 401 })
    const ok = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      Uint8Array.from(sig.match(/../g), (h) => parseInt(h, 16)),
      encoder.encode(ts + text),
    )
    if (!ok) return new Response('', { status: 401 })
    const i = JSON.parse(text)
    switch (i.type) {
      case 1:
        return Response.json({ type: 1 })
      case 2:
        switch (i.data.name) {
          case 'ban': {
            const target = i.data.options.find((o) => o.name === 'target').value
            const days = i.data.options.find((o) => o.name === 'days')?.value
            return Response.json({ type: 4, data: { content: `Banned ${i.data.resolved.users[target].username} (${days ?? 0})` } })
          }
          case 'ping':
            return Response.json({ type: 4, data: { content: 'pong' } })
        }
    }
    return new Response('', { status: 400 })
  }

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
