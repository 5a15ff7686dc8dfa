/**
 * The core and `slashkit/http`'s handler in a real browser (DESIGN.md "Layers": the
 * core "runs in Node 20+, Bun, Deno, browsers and edge workers"). fixtures/scenario.ts is
 * bundled from dist/ as a user's bundler would (esbuild, `platform: 'browser'`, no
 * Node polyfills, the browser's or a worker's `conditions`), then run in a chromium
 * page and in a dedicated Web Worker (no DOM, no Node: the closest thing to an edge
 * worker here), each once under a Content Security Policy without 'unsafe-eval'
 * (as Cloudflare Workers and strict sites have it) and once without. Every result
 * must equal Node's, value for value, issue for issue. The requests the handler
 * answers are signed here with WebCrypto Ed25519 and verified there.
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type BuildOptions, type Metafile } from 'esbuild'
import type { ConsoleMessage, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommandType, InteractionCallbackType, MessageFlag } from '../../src/wire/enums.js'
import { BAN_JSON, CONFIG_JSON } from '../builders/design-example.js'
import { executablePath, launch } from '../cli/chromium.js'
import type { RunInput, RunReport } from './fixtures/messages.js'
import type { SignedRequest } from './fixtures/scenario.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const here = fileURLToPath(new URL('./', import.meta.url))
const artifacts = join(root, 'test-artifacts', 'runtime')

/** What a page of the server left: its two reports, its CSP violations, and every console message of the page and its worker. */
interface Visit {
  readonly page: RunReport
  readonly worker: RunReport
  readonly violations: { directive: string; blocked: string }[]
  readonly console: { from: string; type: string; text: string }[]
}

/** The globals a browser or an edge worker lacks: each free use of one in a bundle is renamed to a marker that the checks look for. */
const NODE_GLOBALS = ['process', 'Buffer', 'global', 'require', 'setImmediate', 'clearImmediate', '__dirname', '__filename']
const marker = (name: string) => `__node_global_${name}__`

/**
 * The ceiling of the one-command worker (fixtures/http-only.ts), gzip: 44,390 B when the
 * handler made a whole `createClient(...)` to reach the interaction webhook (every command,
 * permission and lobby endpoint, deploy and diff came along), 39,639 B with the interaction
 * endpoints alone (src/rest/client.ts, `interactionClient`); 45,392 -> 40,598 B on the main
 * of the gateway trial's merge; 40,598 -> 40,863 B when createHandler and verifyRequest
 * named a wrong argument from JavaScript (options, publicKey, handlers, request, key);
 * 40,863 -> 41,930 B when the REST layer under the handler learned to fail at once on a
 * request fetch refuses itself, to hide a URL's user info (+675 B), to queue each
 * interaction token's follow-ups apart and to shut down on a signal (+342 B), and the
 * context gave `context` and `authorizingIntegrationOwners` (+55 B); 41,930 -> 42,055 B
 * when the client kept one listener on its signal and told `onRateLimit` of a 429
 * thrown at once; 42,051 -> 42,582 B when the REST layer under the handler met a hostile server:
 * an answer read as it streams and cut at 32 MiB (+235 B), redirects not followed, quoted
 * secrets masked and quotes bounded (+115 B), a store's garbage answer and an absurd reset
 * refused, token query parameters masked (+120 B), onError's message without the
 * interaction token (+36 B); 42,582 -> 42,609 B when the context's answered and deferred
 * became data (+19 B) and waitUntil was called only when the second argument has one,
 * as Bun and Deno pass their server or connection there (+4 B); 42,632 -> 42,997 B when
 * RestError.body was masked and cut past 32 levels (+118 B) and handlers got a time
 * bound, `handlerTimeout` or the token's 15 minutes, reported and refused after (+247 B);
 * 42,997 -> 43,124 B when a deferral on workerd without ctx was reported (+127 B);
 * 43,117 -> 43,189 B when message bodies took nonce, enforce_nonce and an edit's tts, with
 * their types checked, as discord.js 14 sends them with every reply and edit (+72 B);
 * 43,189 -> 43,316 B when refused requests were told to `onRefused` (+35 B) and a
 * refusal's reason said how far a timestamp is from the clock and what a signature
 * that does not verify may mean (+92 B); 43,316 -> 43,403 B when a body read before the
 * handler (a middleware's) became a 500 told to `onRefused`, and a body that breaks off a
 * 400, where both had rejected the handler's promise (+87 B); 43,403 -> 43,754 B when the
 * REST client counted its answers of 401, 403 and 429 and stopped sending at
 * `invalidRequestLimit`, before the service blocks the address, its numbers read from
 * src/wire/rate-limits.ts (+351 B); 43,754 -> 43,986 B when a deferral without a
 * waitUntil was told on Vercel and AWS Lambda too, each with its fix (+232 B);
 * 43,986 -> 44,006 B when the invalid answers' count took the client's clock once,
 * in its constructor, instead of at each call (+20 B); 44,006 -> 44,020 B when the
 * automatic deferral counted from the request's arrival, not the handler's call (+14 B);
 * 44,020 -> 44,066 B when a deferral on Vercel under nodeListener without the host's
 * waitUntil was told too, its message naming nodeListener's option (+46 B);
 * 44,066 -> 44,278 B when a file over the interaction's attachment_size_limit was
 * refused before it was sent, and a body the service refused (400, 413) after a
 * deferral got the notice in place of "thinking..." (+212 B); 44,278 -> 44,362 B when a
 * callback the service refused for its body left the interaction open to the handler's
 * next answer or the notice (+84 B); 44,362 -> 44,449 B when an update answering the
 * submit of a modal shown from a command, which has no message to update, was refused
 * before it was sent (+87 B); 44,449 -> 44,762 B when an update was checked against the
 * component's message as it is (the core's `layoutEditIssues`, which the emulator's
 * refusal of such edits now shares: a layout message keeps its flag and takes no
 * content, embeds or poll) before it was sent (+313 B, 55 of them `validateWebhookMessage`);
 * 44,762 -> 44,768 B when the session's checks took the interaction itself and the error
 * codes it reads were named by wire's `InteractionErrorCode` (+6 B; the table as an object
 * cost +80 B, so they are typed literals); 44,768 -> 44,870 B when an edit of a layout
 * message after a deferred update (a slow handler's `ctx.update`, `ctx.editReply`) was
 * checked before it was sent, as the update sent in time is (+102 B); 44,870 -> 45,093 B
 * when a `RestError` named the field errors of a refused body (`fieldErrors`, the first
 * three in its message: a 400 Invalid Form Body says nothing else) (+223 B); 45,093 ->
 * 45,113 B when the submit of a modal shown from a component was deferred with 6, as a
 * component is, so that a slow handler's update changes that message (+20 B); 45,113 ->
 * 45,124 B when an update of a modal shown from a command was refused after a deferral
 * as it is in time (+11 B); 45,124 -> 45,109 B when `layoutEditIssues` walked at its own
 * path instead of renaming the paths of `validateWebhookMessage`'s issues (-15 B); 45,109
 * -> 45,180 B when a slow handler that answered nothing was told of as a fast one is,
 * the automatic deferral no longer taken for its answer (+71 B); 45,151 -> 45,445 B when
 * the clients of one rate-limit store counted the address's invalid answers together
 * (`RateLimitStore.invalid`: the memory store's count, the transport asking it after
 * each 401, 403 or 429, the stop it answers) (+294 B); 45,437 -> 45,539 B when an embed
 * as received is taken back, the fields the service adds checked for their types
 * (`proxy_url`, `content_type`, `flags`, `proxy_icon_url`; OpenAPI `MessageEmbedResponse`)
 * (+102 B); 45,539 -> 45,625 B when a layout message's media and FILE components as
 * received are taken back the same way (OpenAPI `UnfurledMediaResponse`,
 * `FileComponentResponse`) (+86 B); 45,619 -> 45,671 B when `createHandler` read its
 * definitions when made, a list of builders in the place of `commands(...)` a
 * `TypeError` there, not a throw out of the first request (+52 B); 45,646 -> 45,730 B
 * when it refused two commands of one name and type in its set, which JavaScript
 * could give it and the second of which shadowed the first (+84 B); 45,733 -> 45,754 B
 * when autocomplete handlers nested as the command handlers do, and an
 * `autocomplete` that is no map became a `TypeError` when the handler is made (+21 B);
 * 45,754 -> 45,814 B when a handler made without `rest` sent its follow-ups to the
 * emulator that called it (the service's address on the emulator's context), not to
 * discord.com (+60 B); 45,826 -> 45,862 B when a bare list where a row goes
 * (`components: [[button]]` from JavaScript) was told that a row's components go in
 * actionRow(...) (+36 B); 45,862 -> 46,312 B when `createHandler` and
 * `createGatewayHandler` refused from JavaScript what they had dropped in silence or
 * let fail in production: an option they do not take (`onerror`), a `deferAfter` at or
 * past the service's 3 seconds, a hook that is no function, a notice or a component
 * handler that nothing reads (+450 B); 46,312 -> 46,322 B when that check and the REST
 * client's (`unknownOptions`) shared one `strayKeys` instead of a loop each (+10 B).
 * Raise it only with the figure in the commit.
 */
const HTTP_ONLY_LIMIT = 46_330

/** A bundle as a user's bundler makes it for the browser: esbuild, no Node polyfills (esbuild adds none), the package's ESM through `exports`. */
async function bundle(entry: string, extra: BuildOptions = {}): Promise<{ code: string; metafile: Metafile }> {
  const result = await build({
    entryPoints: entry === '' ? [] : [entry],
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    define: Object.fromEntries(NODE_GLOBALS.map((name) => [name, marker(name)])),
    ...extra,
  })
  return { code: result.outputFiles?.[0]?.text ?? '', metafile: result.metafile as Metafile }
}

/** What a bundle takes from outside itself, and the Node globals it uses. */
function foreign(b: { code: string; metafile: Metafile }) {
  return {
    imports: Object.values(b.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path)),
    inputs: Object.keys(b.metafile.inputs).filter((path) => !path.startsWith('test/runtime/')),
    globals: NODE_GLOBALS.filter((name) => b.code.includes(marker(name))),
    nodeSpecifiers: [...new Set(b.code.match(/["'`]node:[\w/]+["'`]/g) ?? [])],
  }
}

/** Signs as the service does (public API v10): Ed25519 over `timestamp + body`, hex, with WebCrypto. */
async function signer() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
  const hex = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('hex')
  const publicKey = hex(await crypto.subtle.exportKey('raw', keys.publicKey))
  const sign = async (name: string, body: string, over = body): Promise<SignedRequest> => {
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = hex(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(timestamp + over)))
    return { name, method: 'POST', headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp }, body }
  }
  return { publicKey, sign }
}

/**
 * The webhook endpoint of the test's server (public API v10 "Create Followup Message", "Edit Original
 * Interaction Response"): answers a message with the content it was sent, as the service does.
 */
function webhook(method: string, url: string, res: ServerResponse): void {
  const known = (method === 'POST' && /^\/api\/webhooks\/\d+\/[\w-]+$/.test(url)) || (method === 'PATCH' && url.endsWith('/messages/@original'))
  if (!known) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"404: Not Found","code":0}')
    return
  }
  let body = ''
  res.req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
  res.req.on('end', () => {
    const sent = JSON.parse(body) as { content?: string }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ id: '800000000000000010', channel_id: '600000000000000007', type: 0, content: sent.content ?? '', flags: 0 }))
  })
}

/** The Content Security Policy of the strict pages: no 'unsafe-eval', so `new Function` throws there. */
const STRICT = "default-src 'none'; script-src 'self'; worker-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"

/** Listens to a page's console, its errors and its workers' consoles; `collect` reads what the page left once it is ready. */
function listen() {
  const messages: Visit['console'] = []
  const record = (from: string) => (m: ConsoleMessage) => messages.push({ from, type: m.type(), text: m.text() })
  return {
    on(page: Page): void {
      page.on('console', record('page'))
      page.on('pageerror', (e) => messages.push({ from: 'page', type: 'pageerror', text: String(e) }))
      page.on('worker', (w) => w.on('console', record('worker')))
    },
    async collect(page: Page): Promise<Visit> {
      const left = await page.evaluate(() => {
        const w = globalThis as unknown as { reports: { page: RunReport; worker: RunReport }; violations: Visit['violations'] }
        return { ...w.reports, violations: w.violations }
      })
      return { ...left, console: messages }
    },
  }
}

describe.skipIf(executablePath === undefined)('the core and slashkit/http in chromium: a page and a Web Worker', () => {
  const files = new Map<string, { type: string; body: string }>()
  let node: typeof import('./fixtures/node.js')
  let input: RunInput
  let server: Server
  let browser: Awaited<ReturnType<typeof launch>>
  let scratch: string
  const visits: Record<'open' | 'strict' | 'jitless', Visit> = {} as never
  let bundles: Record<'page' | 'worker', ReturnType<typeof foreign> & { gzip: number }> & { http: ReturnType<typeof foreign> & { gzip: number; lobbies: boolean } }

  beforeAll(async () => {
    const page = await bundle('test/runtime/fixtures/page.ts')
    // A worker bundle with the conditions workers' bundlers set (wrangler: workerd, worker, browser).
    const worker = await bundle('test/runtime/fixtures/worker.ts', { conditions: ['workerd', 'worker', 'browser'] })
    // slashkit/http alone, as a worker that only answers interactions bundles it.
    const http = await bundle('test/runtime/fixtures/http-only.ts', { conditions: ['workerd', 'worker', 'browser'] })
    bundles = {
      page: { ...foreign(page), gzip: gzipSync(page.code).length },
      worker: { ...foreign(worker), gzip: gzipSync(worker.code).length },
      http: { ...foreign(http), gzip: gzipSync(http.code).length, lobbies: http.code.includes('/lobbies') },
    }
    files.set('page.js', { type: 'text/javascript', body: page.code })
    files.set('worker.js', { type: 'text/javascript', body: worker.code })

    // The same scenario in Node, through the package's Node entries.
    scratch = mkdtempSync(join(tmpdir(), 'slashkit-runtime-'))
    const forNode = await build({
      entryPoints: ['test/runtime/fixtures/node.ts'],
      absWorkingDir: root,
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'silent',
    })
    const nodeFile = join(scratch, 'node.mjs')
    writeFileSync(nodeFile, forNode.outputFiles[0]?.text ?? '')
    node = await import(/* @vite-ignore */ pathToFileURL(nodeFile).href)

    server = createServer((req, res) => {
      const [, policy, name = ''] = /^\/(open|strict)\/([\w.]*)(?:\?jitless)?$/.exec(req.url ?? '') ?? []
      const file = policy === undefined ? undefined : files.get(name)
      if (req.url?.startsWith('/api/webhooks/')) {
        webhook(req.method ?? '', req.url, res)
        return
      }
      if (file === undefined) {
        res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end()
        return
      }
      res.writeHead(200, { 'content-type': `${file.type}; charset=utf-8`, 'cache-control': 'no-store', ...(policy === 'strict' ? { 'content-security-policy': STRICT } : {}) })
      res.end(file.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }

    const { publicKey, sign } = await signer()
    const { payloads } = node
    const requests = [
      await sign('ping', JSON.stringify(payloads.ping)),
      await sign('ban', JSON.stringify(payloads.ban)),
      await sign('configSet', JSON.stringify(payloads.configSet)),
      await sign('configShow', JSON.stringify(payloads.configShow)),
      await sign('autocomplete', JSON.stringify(payloads.autocomplete)),
      await sign('misfit', JSON.stringify(payloads.misfit)),
      // Signed over another body: a forgery.
      await sign('forged', JSON.stringify(payloads.ban), JSON.stringify(payloads.ping)),
      // Correctly signed, but not JSON.
      await sign('garbage', '{"type": 1, "id": '),
      { name: 'get', method: 'GET', headers: {}, body: '' } satisfies SignedRequest,
    ]
    input = { publicKey, requests, api: `http://127.0.0.1:${port}/api` }
    files.set('input.json', { type: 'application/json', body: JSON.stringify(input) })
    files.set('', {
      type: 'text/html',
      body: '<!doctype html><html><head><meta charset="utf-8"><title>slashkit runtime</title></head><body><p>slashkit in a page and a worker</p><script type="module" src="./page.js"></script></body></html>',
    })

    const url = (policy: string) => `http://127.0.0.1:${port}/${policy}/`
    const strict = listen()
    browser = await launch(url('strict'), strict.on)
    visits.strict = await strict.collect(browser.page)
    for (const [name, address] of [
      ['open', url('open')],
      ['jitless', `${url('strict')}?jitless`],
    ] as const) {
      const listener = listen()
      const page = await browser.context.newPage()
      listener.on(page)
      await page.goto(address)
      await page.waitForSelector('body[data-ready="true"]')
      visits[name] = await listener.collect(page)
    }
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    server?.closeAllConnections()
    await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)))
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true })
  })

  /** Node's results, through JSON as the browser's come (structured clone, then playwright's serialization). */
  const inNode = async () => JSON.parse(JSON.stringify(await node.run(input.publicKey, input.requests, input.api))) as Record<string, unknown>

  it('bundles the ESM entries for a page and a worker, with nothing from Node (no node: import, no process, Buffer, global or require)', async () => {
    for (const b of [bundles.page, bundles.worker]) {
      expect(b.inputs.sort()).toEqual(['dist/http.js', 'dist/index.js', 'dist/internal.js', 'dist/rest.js'])
      expect(b).toMatchObject({ imports: [], globals: [], nodeSpecifiers: [] })
    }
    expect(bundles.http).toMatchObject({ inputs: ['dist/internal.js', 'dist/index.js', 'dist/rest.js', 'dist/http.js'], imports: [], globals: [], nodeSpecifiers: [] })
    // The checks see what they look for: a module that uses Node's globals and modules is caught.
    const control = foreign(
      await bundle('', {
        entryPoints: [],
        stdin: {
          contents: "import { readFileSync } from 'node:fs'\nexport const x = [process.env.X, Buffer.from('a'), global, typeof require, readFileSync, import('node:' + 'http')]",
          resolveDir: here,
        },
        external: ['node:*'],
      }),
    )
    expect(control).toMatchObject({ imports: ['node:fs', 'node:http'], globals: ['process', 'Buffer', 'global', 'require'], nodeSpecifiers: ['"node:fs"', '"node:http"'] })
    // The worker that answers one command carries the interaction endpoints of the REST client, not the rest of it
    // (no lobby endpoint: spec "Lobby endpoints"), under its ceiling.
    expect(bundles.http.lobbies).toBe(false)
    expect(bundles.http.gzip).toBeLessThanOrEqual(HTTP_ONLY_LIMIT)
    mkdirSync(artifacts, { recursive: true })
    writeFileSync(join(artifacts, 'sizes.json'), `${JSON.stringify({ gzip: { page: bundles.page.gzip, worker: bundles.worker.gzip, httpOnly: bundles.http.gzip } }, null, 2)}\n`)
  })

  it('Node answers the scenario as the spec says (the reference the browser is held to)', async () => {
    const r = await inNode()
    // DESIGN.md's example, emitted by the built package as test/builders/design-example.ts has it by hand ("Create body (global)").
    expect(r.toJSON).toEqual([BAN_JSON, CONFIG_JSON, { type: CommandType.User, name: 'Show profile' }, { type: CommandType.Message, name: 'Report' }])
    // Spec "Naming rules" 1-2 (pattern, lower case), "Command option rules" (required first),
    // "Limits" (description 1..100), "Option choice" (INTEGER choice values), "Other command rules" (unique names per type).
    expect(r.validateCommands).toEqual([
      ['name.pattern', '0.name'],
      ['name.lowercase', '0.name'],
      ['options.order', '0.options.1'],
      ['description.length', '1.description'],
      ['number.integer', '1.options.0.choices.0.value'],
      ['set.duplicate_name', '2.name'],
    ])
    expect(r.prototypeKey).toMatchObject({ ok: false, issues: [{ code: 'field.unknown', path: [0, '__proto__'] }] })
    expect(r.polluted).toBe(null)
    // DESIGN.md "What parse returns": default names, values taken from data.resolved; a misfit refused with issues.
    expect(r.parseBan).toEqual([
      { command: 'ban', options: { target: { user: expect.objectContaining({ id: '300000000000000003', username: 'bob' }) }, days: 3, reason: 'spam' } },
      expect.anything(),
    ])
    expect(r.safeParseMisfit).toEqual([
      ['interaction.resolved', 'data.options.0.value'],
      ['interaction.range', 'data.options.1.value'],
      ['interaction.option', 'data.options.2.name'],
    ])
    // DESIGN.md "Receiving interactions": PONG to PING, 401 to a wrong signature, 400 to a body that is not JSON, 405 to anything but POST,
    // and an ephemeral message (never a 5xx) for a payload that does not fit.
    const answers = Object.fromEntries((r.http as { name: string; status: number; body: unknown }[]).map((a) => [a.name, [a.status, a.body]]))
    expect(answers).toEqual({
      ping: [200, { type: InteractionCallbackType.Pong }],
      ban: [200, { type: InteractionCallbackType.ChannelMessageWithSource, data: { content: 'ana banned bob (es-ES)', flags: MessageFlag.Ephemeral } }],
      configSet: [200, { type: InteractionCallbackType.ChannelMessageWithSource, data: { content: 'lang = es' } }],
      configShow: [200, { type: InteractionCallbackType.DeferredChannelMessageWithSource }],
      autocomplete: [
        200,
        {
          type: InteractionCallbackType.ApplicationCommandAutocompleteResult,
          data: {
            choices: [
              { name: 'spam', value: 'spam' },
              { name: 'spoilers', value: 'spoilers' },
            ],
          },
        },
      ],
      misfit: [200, { type: InteractionCallbackType.ChannelMessageWithSource, data: { content: expect.any(String), flags: MessageFlag.Ephemeral } }],
      forged: [401, expect.stringContaining('signature')],
      garbage: [400, expect.stringContaining('JSON')],
      get: [405, expect.any(String)],
    })
    // The deferred command's later messages, through slashkit/rest on fetch: the follow-up (which takes the place of
    // 'thinking...'), then the returned answer as a message of its own, not an edit over the follow-up (docs/handling.md).
    const hook = '/webhooks/100000000000000001/interaction-token'
    expect(r.webhooks).toEqual([
      { method: 'POST', path: hook, body: { content: 'a follow-up' } },
      { method: 'POST', path: hook, body: { content: 'settings, after a deferral' } },
    ])
    // DESIGN.md "onError ... called once per failure, and the error says which step failed": the misfit only.
    expect(r.failures).toEqual([{ step: 'payload', id: '500000000000000006', cause: expect.arrayContaining([expect.objectContaining({ code: 'interaction.range' })]) }])
  })

  it("gives Node's results in a page and in a Web Worker, with and without 'unsafe-eval', and jitless: same values, same issues, same answers", async () => {
    const expected = await inNode()
    // The runtimes are what they claim: the worker has no DOM, neither has Node's globals; both have WebCrypto and fetch.
    const web = { crypto: true, fetch: true, Request: true, Response: true, process: false, Buffer: false, require: false, global: false }
    expect(visits.strict.page.globals).toEqual({ ...web, document: true, window: true })
    expect(visits.strict.worker.globals).toEqual({ ...web, document: false, window: false })
    for (const [policy, visit] of Object.entries(visits)) {
      for (const [where, report] of [
        ['page', visit.page],
        ['worker', visit.worker],
      ] as const) {
        expect({ policy, where, error: report.error }).toEqual({ policy, where, error: undefined })
        expect(report.results).toEqual(expected)
      }
    }
  })

  it("reads payloads with the interpreter without 'unsafe-eval': one refused probe, no code generated, no error logged, the same results", async () => {
    const { strict, open, jitless } = visits
    // The CSP is in force: the probe's `new Function` was refused once, then never tried again.
    expect(strict.violations).toEqual([{ directive: 'script-src', blocked: 'eval' }])
    expect(strict.page.codegen).toEqual({ attempts: 1, made: 0 })
    expect(strict.worker.codegen).toEqual({ attempts: 1, made: 0 })
    // Where it is allowed, the probe and a reader per command read (ban and config in the set, config alone).
    expect(open.violations).toEqual([])
    expect(open.page.codegen).toEqual({ attempts: 4, made: 4 })
    expect(open.worker.codegen).toEqual({ attempts: 4, made: 4 })
    // configure({ jitless: true }) before the first parse (docs/handling.md): not even the probe, so no violation at all.
    expect(jitless.violations).toEqual([])
    expect(jitless.page.codegen).toEqual({ attempts: 0, made: 0 })
    expect(jitless.worker.codegen).toEqual({ attempts: 0, made: 0 })
    // Nothing logged but the scenario's own lines: the listeners hear the page and the worker.
    for (const visit of [strict, open, jitless]) {
      expect(visit.console.filter((m) => m.type !== 'info')).toEqual([])
      expect(visit.console).toContainEqual({ from: 'page', type: 'info', text: 'page: running the scenario' })
      expect(visit.console).toContainEqual({ from: 'worker', type: 'info', text: 'worker: running the scenario' })
    }
    // And Node's interpreter agrees with Node's generated readers.
    const generated = await inNode()
    node.configure({ jitless: true })
    try {
      expect(await inNode()).toEqual(generated)
    } finally {
      node.configure({ jitless: false })
    }
  })
})
