/**
 * `nodeListener`: the fetch handler as a Node request listener, mounted where Node
 * bots already serve HTTP: Express 5, Fastify 5 and Koa 3, real servers on loopback,
 * driven by the emulator as the service drives an endpoint (public API v10,
 * "Receiving and Responding": a POST signed with Ed25519 over
 * `X-Signature-Timestamp` + the body as sent, answered within 3 seconds, then the
 * webhook's edits). The usual fault of a first deployment is a JSON body parser
 * that runs before the endpoint: the bytes the signature covers are gone, and the
 * developer portal says only "could not be verified". That is answered 500 at
 * once and told to `onRefused`, and the process warned once with the parser's
 * name, never left to hang.
 */
import { createServer, type Server as NodeServer } from 'node:http'
import net from 'node:net'
import express from 'express'
import Fastify from 'fastify'
import { bodyParser } from '@koa/bodyparser'
import Router from '@koa/router'
import Koa from 'koa'
import { afterEach, describe, expect, it } from 'vitest'
import type { Emulator } from '../../src/emulator/index.js'
import { BODY_READ_WARNING } from '../../src/http/serve.js'
import type { NodeListener } from '../../src/http/index.js'
import { APP } from './helpers.js'
import { bot, GUILD, TOKEN, USER, warnings } from './listener-bot.js'

const READ_FIRST = 'the body was read before it could be verified: give slashkit the request before anything reads its body'

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of closers.splice(0)) await c()
})

/** Listens on a free loopback port; returns the endpoint URL. */
async function listen(server: NodeServer, path = '/interactions'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(resolve)))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}${path}`
}

/** The developer portal's check of an endpoint URL, as the emulator plays it (PATCH /applications/@me). */
async function portal(emulator: Emulator, url: string) {
  const res = await emulator.fetch(`${emulator.baseUrl}/applications/@me`, {
    method: 'PATCH',
    headers: { authorization: `Bot ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ interactions_endpoint_url: url }),
  })
  const body = (await res.json()) as { errors?: { interactions_endpoint_url: { _errors: { message: string }[] } } }
  return res.status === 200 ? 'verified' : (body.errors?.interactions_endpoint_url._errors[0]?.message ?? String(res.status))
}

/** Invokes `/echo text:<text>` as a user; a slow one is deferred, then edited. Returns the callback and the last content. */
async function echoThrough(emulator: Emulator, url: string, text: string, listener?: NodeListener) {
  const r = await emulator.invoke({ applicationId: APP, endpoint: url, user: USER, place: GUILD, command: `/echo text:${text}` })
  if (r.outcome === 'failed') return { outcome: r.outcome, message: r.message, ms: r.ms }
  if (r.outcome !== 'answered') return { outcome: r.outcome }
  // The late work (the deferral's edit) is the listener's to await on shutdown.
  if (listener !== undefined) await listener.idle({ timeout: 2000 })
  const settled = await r.wait()
  const last = settled.transcript.at(-1)
  return { outcome: r.outcome, type: r.callback.type, content: last !== undefined && 'message' in last ? last.message?.content : undefined, thinking: settled.thinking }
}

/**
 * What each working mount must do: pass the portal's check, answer a command, defer
 * a slow one and edit it (awaited by `idle()`), and leave the rest of the app its
 * JSON parser (`/api/notes` echoes what it parsed).
 */
async function conversation({ emulator, listener, errors, refused }: Awaited<ReturnType<typeof bot>>, url: string) {
  expect(await portal(emulator, url)).toBe('verified')
  expect(await echoThrough(emulator, url, 'hi')).toEqual({ outcome: 'answered', type: 4, content: 'echo hi', thinking: false })
  expect(await echoThrough(emulator, url, 'slow', listener)).toEqual({ outcome: 'answered', type: 5, content: 'echo slow', thinking: false })
  const notes = await fetch(url.replace('/interactions', '/api/notes'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
  expect(await notes.json()).toEqual({ saved: { a: 1 } })
  expect(errors).toEqual([])
  // The portal's check sends a PING with a wrong signature, to see it refused.
  expect(refused.map((r) => r.status)).toEqual([401])
}

/** The endpoint URL of a listening Fastify server. */
function fastifyUrl(fastify: { server: { address(): unknown } }): string {
  const address = fastify.server.address() as { port: number } | null
  return `http://127.0.0.1:${address?.port ?? 0}/interactions`
}

describe('nodeListener on Express 5', () => {
  it('a route mounted before express.json(): verified by the portal, answered, deferred and edited, awaited by idle()', async () => {
    const b = await bot()
    const web = express()
    web.post('/interactions', b.listener)
    web.use(express.json())
    web.post('/api/notes', (req, res) => void res.json({ saved: req.body }))
    const url = await listen(createServer(web))
    await conversation(b, url)
  })

  it('express.json() before the route: 500 told to onRefused, warned once with the parser named, the portal refuses, nothing hangs', async () => {
    const { emulator, listener, refused } = await bot()
    const web = express()
    web.use(express.json())
    web.post('/interactions', listener)
    const url = await listen(createServer(web))
    const { result, seen } = await warnings('SLASHKIT_BODY_ALREADY_READ', async () => ({
      portal: await portal(emulator, url),
      first: await echoThrough(emulator, url, 'hi'),
      second: await echoThrough(emulator, url, 'again'),
    }))
    expect(result.portal).toMatch(/^The specified interactions endpoint url could not be verified\. \(.*500/)
    expect(result.first).toMatchObject({ outcome: 'failed' })
    expect(result.first.message).toContain('500')
    // Answered at once: not the service's 3 seconds of waiting for a stream that will never end.
    expect(result.first.ms).toBeLessThan(1000)
    // The portal's PING (the portal stops there) and the two commands: each the handler's 500.
    expect(refused).toEqual([1, 2, 3].map(() => ({ ok: false, status: 500, reason: READ_FIRST })))
    expect(seen).toEqual([`slashkit: ${BODY_READ_WARNING}`])
    expect(BODY_READ_WARNING).toContain('express.raw({ type: "application/json" })')
  })

  it('express.raw({ type: "application/json" }) on the route, after a global express.json(): the bytes as sent are verified', async () => {
    const { emulator, listener, errors } = await bot()
    const web = express()
    web.use('/api', express.json())
    web.post('/interactions', express.raw({ type: 'application/json' }), listener)
    const url = await listen(createServer(web))
    expect(await portal(emulator, url)).toBe('verified')
    expect(await echoThrough(emulator, url, 'ünïcödé ✓')).toMatchObject({ outcome: 'answered', content: 'echo ünïcödé ✓' })
    // A forged request is still 401: the bytes the parser kept are checked as any others.
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': '00'.repeat(64), 'x-signature-timestamp': String(Math.floor(Date.now() / 1000)) },
      body: '{"type":1}',
    })
    expect(forged.status).toBe(401)
    expect(errors).toEqual([])
  })

  it('a body over the limit through Express is refused 413 as it streams, and the next request is served', async () => {
    const { emulator, listener } = await bot()
    const web = express()
    web.post('/interactions', listener)
    const url = await listen(createServer(web))
    const headers = { 'content-type': 'application/json', 'x-signature-ed25519': '00'.repeat(64), 'x-signature-timestamp': String(Math.floor(Date.now() / 1000)) }
    const big = await fetch(url, { method: 'POST', headers, body: 'x'.repeat(3 * 1024 * 1024) })
    expect(big.status).toBe(413)
    expect(await echoThrough(emulator, url, 'after')).toMatchObject({ outcome: 'answered', content: 'echo after' })
  })
})

describe('nodeListener on Fastify 5', () => {
  it('in a scope whose content parser leaves the body unread: verified, answered, deferred and edited', async () => {
    const b = await bot()
    const { listener } = b
    const fastify = Fastify()
    await fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
      scope.post('/interactions', (request, reply) => {
        reply.hijack()
        listener(request.raw, reply.raw)
      })
    })
    fastify.post('/api/notes', async (request) => ({ saved: request.body }))
    await fastify.listen({ port: 0, host: '127.0.0.1' })
    closers.push(() => fastify.close())
    const url = fastifyUrl(fastify)
    await conversation(b, url)
  })

  it("with Fastify's own JSON parser: 500 told to onRefused, at once", async () => {
    const { emulator, listener, refused } = await bot()
    const fastify = Fastify()
    fastify.post('/interactions', (request, reply) => {
      reply.hijack()
      listener(request.raw, reply.raw)
    })
    await fastify.listen({ port: 0, host: '127.0.0.1' })
    closers.push(() => fastify.close())
    const url = fastifyUrl(fastify)
    const { result, seen } = await warnings('SLASHKIT_BODY_ALREADY_READ', () => echoThrough(emulator, url, 'hi'))
    expect(result).toMatchObject({ outcome: 'failed' })
    expect(result.ms).toBeLessThan(1000)
    expect(refused).toEqual([{ ok: false, status: 500, reason: READ_FIRST }])
    expect(seen).toEqual([`slashkit: ${BODY_READ_WARNING}`])
  })
})

describe('nodeListener on Koa 3', () => {
  /** A Koa app whose router hands the interactions route to the listener (`ctx.respond = false`: Koa writes nothing). */
  function koa(listener: NodeListener, options: { parserFirst?: boolean; rawBody?: boolean } = {}) {
    const web = new Koa()
    if (options.parserFirst === true) web.use(bodyParser())
    const router = new Router()
    router.post('/interactions', (ctx) => {
      ctx.respond = false
      // @koa/bodyparser keeps the text it read as ctx.request.rawBody: handed on as the body, it is verified as sent.
      if (options.rawBody === true) Object.assign(ctx.req, { body: ctx.request.rawBody })
      listener(ctx.req, ctx.res)
    })
    router.post('/api/notes', bodyParser(), (ctx) => {
      ctx.body = { saved: ctx.request.body }
    })
    web.use(router.routes())
    return createServer(web.callback())
  }

  it('a route with ctx.respond = false: verified by the portal, answered, deferred and edited, awaited by idle()', async () => {
    const b = await bot()
    await conversation(b, await listen(koa(b.listener)))
  })

  it('@koa/bodyparser before the route: 500 told to onRefused, at once; its rawBody handed on is verified', async () => {
    const { emulator, listener, refused } = await bot()
    const url = await listen(koa(listener, { parserFirst: true }))
    const { result } = await warnings('SLASHKIT_BODY_ALREADY_READ', () => echoThrough(emulator, url, 'hi'))
    expect(result).toMatchObject({ outcome: 'failed' })
    expect(result.ms).toBeLessThan(1000)
    expect(refused).toEqual([{ ok: false, status: 500, reason: READ_FIRST }])

    const raw = await listen(koa(listener, { parserFirst: true, rawBody: true }))
    expect(await echoThrough(emulator, raw, 'ünïcödé ✓')).toMatchObject({ outcome: 'answered', content: 'echo ünïcödé ✓' })
  })
})

describe('nodeListener on node:http', () => {
  /** Sends raw bytes and returns the status line. */
  const raw = (url: string, bytes: string) =>
    new Promise<string>((resolve) => {
      const { port } = new URL(url)
      const s = net.connect(Number(port), '127.0.0.1', () => s.write(bytes))
      let d = ''
      s.on('data', (c) => {
        d += c
      })
      s.on('close', () => resolve(d.split('\r\n')[0] ?? ''))
      s.on('error', () => resolve('reset'))
    })

  it('a request target or Host the fetch Request cannot hold is a 400, never a crash; the server serves on', async () => {
    const { emulator, listener } = await bot()
    const url = await listen(createServer(listener))
    expect(await raw(url, 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request')
    expect(await raw(url, 'POST /interactions HTTP/1.1\r\nHost: a b\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}')).toBe('HTTP/1.1 400 Bad Request')
    // An absolute-form target is a URL of its own: the handler answers it (a GET: 405).
    expect(await raw(url, 'GET http://elsewhere.example/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 405 Method Not Allowed')
    expect(await echoThrough(emulator, url, 'still')).toMatchObject({ outcome: 'answered', content: 'echo still' })
  })

  it('idle() takes a timeout of 0 or more ms, and refuses anything else', async () => {
    const { listener } = await bot()
    await expect(listener.idle({ timeout: 0 })).resolves.toBeUndefined()
    await expect(listener.idle({ timeout: -1 })).rejects.toThrow(/timeout/)
    await expect(listener.idle({ timeout: Number.NaN })).rejects.toThrow(/timeout/)
  })
})
