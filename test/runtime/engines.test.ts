/**
 * "Any fetch runtime" (DESIGN.md "Layers"), proved on the real runtimes: the bot of
 * fixtures/engine-bot.ts, installed as a user installs the package (a project whose
 * node_modules/slashkit holds the packed files, resolved by each runtime through the
 * package's `exports`), is served by Bun (`Bun.serve`), Deno (`Deno.serve`) and workerd
 * (Cloudflare's runtime, bundled with wrangler's conditions and served by `workerd serve`),
 * each on a loopback port, and by Node (`serve`) as the reference. The emulator, in this
 * process, signs and delivers the interactions there as the service does (public API v10:
 * Ed25519 over timestamp + body) and takes the follow-ups: PING, a command with options, a
 * deferral and its follow-up, an answer later than 3 seconds, a button and a modal round
 * trip, a forged signature, garbage, a body over the limit (declared and streamed), a
 * replayed timestamp, a GET. Every result equals Node's, value for value, and the core alone
 * (build, toJSON, validateCommands, parse) gives Node's results inside each runtime.
 * scripts/setup/engines.sh installs the runtimes (test/runtime/engines/package-lock.json);
 * where one is missing the test says so and skips it, except under CI=true.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createPrivateKey, sign } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { startEmulator, type Answered, type RunningEmulator } from 'slashkit/emulator'
import { serve, type Server } from 'slashkit/http'
import { createClient } from 'slashkit/rest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { app as recipeApp } from '../../examples/commands.js'
import { app, bot, core } from './fixtures/engine-bot.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const here = fileURLToPath(new URL('./', import.meta.url))
const bin = join(root, 'node_modules/.engines/node_modules/.bin')
const APP = '100000000000000001'
/** The application of examples/commands.ts's set. */
const RECIPE_APP = '100000000000000002'
/** RFC 8032's first test seed: the emulator signs with it, the test forges and replays with it. */
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
const key = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(SEED, 'hex')]), format: 'der', type: 'pkcs8' })

type Engine = 'bun' | 'deno' | 'workerd'
const ENGINES: readonly Engine[] = ['bun', 'deno', 'workerd']

/** Whether the runtime's binary is installed and runs; a missing one fails under CI=true and is skipped elsewhere. */
function installed(engine: Engine): boolean {
  const ok = spawnSync(join(bin, engine), ['--version'], { encoding: 'utf8', timeout: 20_000 }).status === 0
  if (!ok) {
    const why = `${engine} is not installed: bash scripts/setup.sh installs bun, deno and workerd into node_modules/.engines (npm ci)`
    if (process.env.CI === 'true') throw new Error(why)
    console.warn(`skipped: ${why}`)
  }
  return ok
}

const started: ChildProcess[] = []
const dir = mkdtempSync(join(tmpdir(), 'slashkit-engines-'))
let emulator: RunningEmulator
let reference: Server
let publicKey: string
let env: Record<string, string>

/** Starts a runtime in the project, and resolves with its stdout lines once one says where it listens. */
function start(command: string, args: string[], extra: { fd3?: boolean; port?: number; env?: Record<string, string> } = {}): Promise<{ endpoint: string; lines: string[] }> {
  const child = spawn(command, args, {
    cwd: dir,
    env: { ...process.env, ...env, ...extra.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', ...(extra.fd3 ? (['pipe'] as const) : [])],
  })
  started.push(child)
  const lines: string[] = []
  let errors = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start in 30 s: ${lines.join('\n')}\n${errors}`)), 30_000)
    const ready = (endpoint: string) => {
      clearTimeout(timer)
      resolve({ endpoint, lines })
    }
    child.stderr?.on('data', (d: Buffer) => void (errors += d.toString()))
    child.stdout?.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) {
        if (line === '') continue
        lines.push(line)
        const m = /^listening on (\S+)$/.exec(line)
        if (m !== null) ready(m[1] as string)
      }
    })
    // workerd says where it listens on its control descriptor (`--control-fd`), as JSON lines.
    child.stdio[3]?.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line.includes('"listen"')) ready(`http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}/`)
    })
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}): ${errors}`)))
    // A recipe prints nothing: it is ready when its port answers.
    const poll = async (): Promise<void> => {
      const url = `http://127.0.0.1:${extra.port}/`
      const up = await fetch(url).then(
        () => true,
        () => false,
      )
      if (up) ready(url)
      else if (child.exitCode === null) setTimeout(poll, 100)
    }
    if (extra.port !== undefined) void poll()
  })
}

/** A port free on loopback now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

/** workerd's config: the bundled module on a loopback port, its bindings from the environment. */
const workerConfig = (module: string, bindings: readonly string[]) => `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .bot), (name = "internet", network = (allow = ["public", "private", "local"])) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const bot :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "${module}") ],
  compatibilityDate = "2025-09-01",
  bindings = [ ${bindings.map((b) => `(name = "${b}", fromEnvironment = "${b}")`).join(', ')} ],
);
`

/** A worker bundled as wrangler bundles one (esbuild with the `workerd`, `worker` and `browser` conditions) into `out`; the package's files it took. */
async function bundleWorker(entry: string, out: string): Promise<string[]> {
  const bundled = await build({
    entryPoints: [join(dir, entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    outfile: join(dir, out),
    metafile: true,
    logLevel: 'silent',
  })
  return Object.keys(bundled.metafile.inputs)
    .filter((p) => p.includes('node_modules/slashkit/'))
    .map((p) => p.replace(/^.*node_modules\//, ''))
    .sort()
}

/** A request signed with the emulator's key as the service signs one; `over` is what the signature covers. */
function signed(endpoint: string, body: string | ReadableStream<Uint8Array>, over: string, timestamp = String(Math.floor(Date.now() / 1000))) {
  const signature = sign(null, Buffer.from(timestamp + over), key).toString('hex')
  const headers = { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp }
  return fetch(endpoint, { method: 'POST', headers, body, ...(typeof body === 'string' ? {} : { duplex: 'half' }) } as RequestInit)
}

/** A body sent in chunks, without Content-Length. */
const streamed = (text: string) => {
  const bytes = Buffer.from(text)
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += 65_536) c.enqueue(bytes.subarray(i, i + 65_536))
      c.close()
    },
  })
}

const status = async (r: Promise<Response>) => {
  const res = await r
  return [res.status, res.headers.get('content-type')?.split(';')[0] ?? null, await res.text()]
}

type Entry = { kind: string; type?: number; message?: { content: string; flags?: number } }
const steps = (transcript: readonly Entry[]) => transcript.map((e) => [e.kind, e.type ?? null, e.message?.content ?? null, e.message?.flags ?? 0])

/**
 * The transcript once it holds `entries` (however slow a loaded machine makes the late work),
 * and nothing more came for 300 ms (so an entry too many is seen too).
 */
async function settled(r: Answered, entries: number) {
  await r.until((t) => t.length >= entries, 30_000)
  return steps((await r.wait({ quietMs: 300, maxMs: 30_000 })).transcript as readonly unknown[] as readonly Entry[])
}

/** What one bot at `endpoint` answered and sent, as JSON; `n` keeps each runtime's user apart. */
async function play(endpoint: string, n: number): Promise<Record<string, unknown>> {
  const ping = JSON.stringify({ id: '1', token: 't', application_id: APP, type: 1, version: 1 })
  const big = JSON.stringify({ id: '1', token: 't', type: 1, pad: 'x'.repeat(1024 * 1024) })
  const out: Record<string, unknown> = {
    ping: await status(signed(endpoint, ping, ping)),
    forged: await status(signed(endpoint, ping, `${ping} `)),
    garbage: await status(signed(endpoint, '{"id":', '{"id":')),
    notObject: await status(signed(endpoint, '[1]', '[1]')),
    big: await status(signed(endpoint, big, big)),
    bigStreamed: await status(signed(endpoint, streamed(big), big)),
    pingStreamed: await status(signed(endpoint, streamed(ping), ping)),
    // An hour old, give or take the second the request took: the reason says how far, which is 3600 s here.
    replayed: ((r) => [r[0], r[1], String(r[2]).replace(/^X-Signature-Timestamp is 36\d\d s/, 'X-Signature-Timestamp is 3600 s')])(
      await status(signed(endpoint, ping, ping, String(Math.floor(Date.now() / 1000) - 3600))),
    ),
    get: await status(fetch(endpoint)),
  }
  const user = { id: `60000000000000000${n}`, username: `user${n}` }
  const at = { applicationId: APP, endpoint, user, place: { guild: { id: '200000000000000002' } }, users: [{ id: '610000000000000061', username: 'bob' }], timeoutMs: 10_000 }
  const e = emulator.emulator
  const ban = await e.invoke({ ...at, command: '/ban target:@bob days:3 reason:spam' })
  out.ban = ban.outcome === 'answered' ? ban.callback : ban
  // Deferred by the handler; the follow-up replaces "thinking", the returned answer follows it.
  const later = await e.invoke({ ...at, command: '/later' })
  out.later = later.outcome === 'answered' ? await settled(later, 3) : later
  // Past the service's 3 seconds: deferred at 2.5 s by createHandler, then the edit (the worker's waitUntil keeps it alive).
  const slow = await e.invoke({ ...at, command: '/slow' })
  out.slow = slow.outcome === 'answered' ? await settled(slow, 2) : slow
  const poll = await e.invoke({ ...at, command: '/poll' })
  const message = poll.outcome === 'answered' ? e.interactions.get(poll.interaction.id)?.messageId : undefined
  const pressed = await e.press({ endpoint, user, customId: 'No', message, timeoutMs: 10_000 })
  out.press = pressed.outcome === 'answered' ? pressed.callback : pressed
  const report = await e.invoke({ ...at, command: '/report' })
  out.modal = report.outcome === 'answered' ? report.callback.type : report
  const submitted = report.outcome === 'answered' ? await e.submit({ endpoint, user, interaction: report.interaction.id, fields: { text: 'spam' }, timeoutMs: 10_000 }) : undefined
  out.submit = submitted?.outcome === 'answered' ? submitted.callback : submitted
  return out
}

beforeAll(async () => {
  emulator = await startEmulator({ signingKey: SEED })
  publicKey = await emulator.emulator.publicKey(APP)
  await createClient({ token: 'engine-test', applicationId: APP, baseUrl: emulator.url }).deploy(app)
  await createClient({ token: 'engine-test', applicationId: RECIPE_APP, baseUrl: emulator.url }).deploy(recipeApp)
  env = { PUBLIC_KEY: publicKey, DISCORD_API: emulator.url, APPLICATION_ID: APP }
  reference = await serve(bot(env), { port: 0, host: '127.0.0.1' })
  // The project: the package as `npm install slashkit` lays it out (its `files`), and the bot.
  for (const f of ['package.json', 'README.md', 'dist']) cpSync(join(root, f), join(dir, 'node_modules/slashkit', f), { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'engine-bot', private: true, type: 'module', dependencies: { slashkit: '*' } }))
  for (const f of ['bot', 'bun', 'deno', 'worker']) cpSync(join(here, 'fixtures', `engine-${f}.ts`), join(dir, `engine-${f}.ts`))
  for (const f of ['bot', 'commands', 'bun', 'deno', 'cloudflare-worker']) cpSync(join(root, 'examples', `${f}.ts`), join(dir, 'examples', `${f}.ts`))
}, 60_000)

afterAll(async () => {
  for (const p of started) if (p.exitCode === null && p.pid !== undefined) process.kill(-p.pid, 'SIGKILL')
  await reference?.close()
  await emulator?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the bot on the real runtimes, against the emulator over loopback', () => {
  let node: Record<string, unknown>
  beforeAll(async () => {
    node = await play(`${reference.url}/`, 0)
  }, 60_000)

  it('Node (the reference): every answer as public API v10 has it', () => {
    const text = (status: number, body: string) => [status, 'text/plain', body]
    expect(node).toMatchObject({
      ping: [200, 'application/json', '{"type":1}'],
      forged: text(401, "the signature does not verify: not signed by the service, another application's public key, or a body changed before it was verified"),
      garbage: text(400, 'the body must be a JSON object (an interaction)'),
      notObject: text(400, 'the body must be a JSON object (an interaction)'),
      big: text(413, 'the body is over 1048576 bytes'),
      bigStreamed: text(413, 'the body is over 1048576 bytes'),
      pingStreamed: [200, 'application/json', '{"type":1}'],
      replayed: text(401, "X-Signature-Timestamp is 3600 s behind this machine's clock, outside the replay window (300 s)"),
      get: text(405, 'interactions are POSTed'),
      ban: { type: 4, data: { content: 'user0 banned bob (3 days, spam)', flags: 64 } },
      later: [
        ['callback', 5, '', 128],
        ['followup', null, 'a follow-up', 0],
        ['followup', null, 'the answer, after the deferral', 0],
      ],
      slow: [
        ['callback', 5, '', 128],
        ['original.edit', null, 'late, by the automatic deferral', 0],
      ],
      press: { type: 7, data: { content: 'user0 voted no', components: [] } },
      modal: 9,
      submit: { type: 4, data: { content: '<@600000000000000000> says: spam', flags: 64 } },
    })
  })

  it("Node (the reference): the core's issues by code and path (each rule's own test, under test/rules and test/parse, cites its section)", () => {
    expect(core()).toMatchObject({
      validateCommands: [
        'name.pattern at 0.name',
        'name.lowercase at 0.name',
        'description.length at 1.description',
        'number.integer at 1.options.0.choices.0.value',
        'set.duplicate_name at 2.name',
      ],
      safeParse: ['interaction.range at data.options.0.value', 'interaction.required at data.options'],
      garbage: [['value.type at '], ['value.type at ']],
      hostile: ['field.unknown at 0.__proto__'],
      polluted: null,
      fromJSON: ['name.lowercase at options.0.name'],
      vote: { ok: true, values: { choice: 'no' } },
    })
  })

  it.concurrent.each(ENGINES)('%s: the same answers, follow-ups and edits as Node, and the core gives the same values', { timeout: 90_000 }, async (engine) => {
    if (!installed(engine)) return
    const n = ENGINES.indexOf(engine) + 1
    let endpoint: string
    let lines: string[] = []
    if (engine === 'workerd') {
      expect(await bundleWorker('engine-worker.ts', 'worker.js')).toEqual(['slashkit/dist/http.js', 'slashkit/dist/index.js', 'slashkit/dist/internal.js', 'slashkit/dist/rest.js'])
      // workerd's default outbound service reaches public addresses only: the emulator is on loopback.
      writeFileSync(join(dir, 'worker.capnp'), workerConfig('worker.js', ['PUBLIC_KEY', 'DISCORD_API', 'APPLICATION_ID']))
      ;({ endpoint } = await start(join(bin, 'workerd'), ['serve', 'worker.capnp', '--experimental', '--control-fd=3'], { fd3: true }))
      expect(await (await fetch(`${endpoint}core`)).json()).toEqual(core())
    } else {
      const args = engine === 'bun' ? ['engine-bun.ts'] : ['run', '--allow-env', '--allow-net', '--node-modules-dir=manual', 'engine-deno.ts']
      ;({ endpoint, lines } = await start(join(bin, engine), args))
      // The package's ESM builds, picked through `exports` by the runtime's own resolution.
      expect(JSON.parse(lines.find((l) => l.startsWith('resolved '))?.slice(9) ?? 'null')).toEqual(['slashkit/dist/index.js', 'slashkit/dist/http.js', 'slashkit/dist/rest.js'])
      expect(JSON.parse(lines.find((l) => l.startsWith('core '))?.slice(5) ?? 'null')).toEqual(core())
    }
    const result = await play(endpoint, n)
    // The same as Node's, but for the user each runtime plays as.
    const expected = JSON.parse(JSON.stringify(node).replaceAll('user0', `user${n}`).replaceAll('600000000000000000', `60000000000000000${n}`))
    expect(result).toEqual(expected)
  })
})

describe('the recipes of examples/ on their runtimes, as their headers say to run them', () => {
  it.concurrent.each(ENGINES)('%s: PING, a command through the emulator, a forged signature', { timeout: 90_000 }, async (engine) => {
    if (!installed(engine)) return
    let endpoint: string
    if (engine === 'workerd') {
      const taken = await bundleWorker('examples/cloudflare-worker.ts', 'recipe.js')
      expect(taken.filter((p) => p.endsWith('.cjs') && !p.includes('testing'))).toEqual([])
      writeFileSync(join(dir, 'recipe.capnp'), workerConfig('recipe.js', ['PUBLIC_KEY']))
      ;({ endpoint } = await start(join(bin, 'workerd'), ['serve', 'recipe.capnp', '--experimental', '--control-fd=3'], { fd3: true }))
    } else {
      const port = await freePort()
      const args = engine === 'bun' ? ['examples/bun.ts'] : ['run', '--allow-net', '--allow-env', '--sloppy-imports', '--node-modules-dir=manual', 'examples/deno.ts']
      ;({ endpoint } = await start(join(bin, engine), args, { port, env: { PORT: String(port) } }))
    }
    const ping = JSON.stringify({ id: '1', token: 't', application_id: RECIPE_APP, type: 1, version: 1 })
    expect(await status(signed(endpoint, ping, ping))).toEqual([200, 'application/json', '{"type":1}'])
    expect(await status(signed(endpoint, ping, `${ping} `))).toEqual([
      401,
      'text/plain',
      "the signature does not verify: not signed by the service, another application's public key, or a body changed before it was verified",
    ])
    const user = { id: '620000000000000062', username: 'mod', administrator: true }
    const kicked = await emulator.emulator.invoke({
      applicationId: RECIPE_APP,
      endpoint,
      user,
      place: { guild: { id: '200000000000000002' } },
      users: [{ id: '610000000000000061', username: 'bob' }],
      command: '/kick target:@bob',
      timeoutMs: 10_000,
    })
    expect(kicked.outcome === 'answered' ? kicked.callback : kicked).toEqual({ type: 4, data: { content: 'Kicked bob' } })
  })
})

describe('workerd without ctx', () => {
  it.concurrent('a worker that does not hand ctx on loses its late work: the deferral stays "thinking", and onError says why (docs/runtimes.md)', { timeout: 90_000 }, async () => {
    if (!installed('workerd')) return
    // The worker's onError calls, read back with a GET.
    writeFileSync(
      join(dir, 'engine-noctx.ts'),
      "import { bot, type BotEnv } from './engine-bot.ts'\nlet h: ReturnType<typeof bot> | undefined\nconst seen: string[] = []\nexport default { fetch: (request: Request, env: BotEnv) => request.method === 'GET' ? new Response(JSON.stringify(seen)) : (h ??= bot(env, (e) => void seen.push(`${e.step}: ${e.message}`)))(request) }\n",
    )
    await bundleWorker('engine-noctx.ts', 'noctx.js')
    writeFileSync(join(dir, 'noctx.capnp'), workerConfig('noctx.js', ['PUBLIC_KEY', 'DISCORD_API', 'APPLICATION_ID']))
    const { endpoint } = await start(join(bin, 'workerd'), ['serve', 'noctx.capnp', '--experimental', '--control-fd=3'], { fd3: true })
    const user = { id: '630000000000000063', username: 'noctx' }
    const later = await emulator.emulator.invoke({ applicationId: APP, endpoint, user, place: { guild: { id: '200000000000000002' } }, command: '/later', timeoutMs: 10_000 })
    expect(later.outcome).toBe('answered')
    if (later.outcome !== 'answered') return
    // On Node, Bun, Deno and a worker given ctx, the follow-up comes 200 ms after the deferral (above).
    const { thinking, transcript } = await later.wait({ quietMs: 2_500, maxMs: 2_500 })
    expect([thinking, steps(transcript as readonly unknown[] as readonly Entry[])]).toEqual([true, [['callback', 5, '', 128]]])
    expect(await (await fetch(endpoint)).json()).toEqual([
      'follow-up: a webhook call failed: deferred on Cloudflare Workers without ctx: what follows the response is cancelled; pass ctx, handler(request, ctx)',
    ])
  })
})
