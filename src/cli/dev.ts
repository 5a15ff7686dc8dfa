/**
 * `slashkit dev MODULE`: the module's commands deployed to an in-process emulator,
 * its endpoint served by it, and a page on 127.0.0.1 (only) that shows the
 * commands as the chat client would to a chosen user, place and locale. The page
 * (src/cli/page/) is bundled at build time into dist/dev-page.html.gz; this server
 * hands it out and answers its few JSON calls, each through the emulator:
 *
 * - GET  /api/world              the users, channels, guild and locales to pick from
 * - POST /api/picker             `emulator.picker` for { as, channel, dm, locale }
 * - POST /api/invoke             `emulator.invoke` for the same and { command, focused?, deliver? }
 * - POST /api/press              `emulator.press` for { as, message, customId }
 * - POST /api/choose             `emulator.choose` for { as, message, customId, values }
 * - POST /api/submit             `emulator.submit` for { as, interaction, fields }
 * - GET  /api/transcript?id=ID   what the app did with interaction ID so far
 * - GET  /api/file?id=ID         the bytes of an attachment the app uploaded: a PNG,
 *                                JPEG, GIF or WebP shown as itself (the page previews
 *                                it), anything else only as a download, never sniffed
 *
 * With `--emulator URL` the same calls are played at a running `slashkit emulator`
 * over its own calls (`POST /emulator/picker`, `/emulator/invoke`, ..., `GET
 * /emulator/interactions/ID`, `/emulator/files/ID`: remote.ts), for a bot in its own
 * process that deployed there and sends its edits and follow-ups there: the picker
 * is what that emulator has deployed, and the conversation is what arrives there.
 */
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { Locales } from '../internal.js'
import type { ActInput, RequestRecord } from '../emulator/index.js'
import { foreignRequest, SLOW_CLIENT_TIMEOUTS } from '../emulator/guard.js'
import { baseInput, type InvokeFlags } from './invoke.js'
import { ControlError, controlCall, emulatorBase } from './remote.js'
import { openSession, openStage, type Session, type Stage } from './session.js'
import { type PrintedEntry, type PrintedRefusal, refusalsIn, refusalsOf, transcriptOf } from './transcript.js'

/** Where the built page is: beside dist/cli.js, or dist/ when run from the sources. */
const PAGE_FILES = [new URL('./dev-page.html.gz', import.meta.url), new URL('../../dist/dev-page.html.gz', import.meta.url)]
/** A request body larger than this is refused (the page sends a few hundred bytes). */
const BODY_MAX = 64 * 1024

/** The page, unzipped (it ships gzipped: scripts/build-dev-page.mjs). */
async function page(): Promise<string> {
  for (const file of PAGE_FILES) {
    try {
      return gunzipSync(await readFile(file)).toString('utf8')
    } catch {
      // Try the next place.
    }
  }
  throw new Error('the dev page is not built: run npm run build (it writes dist/dev-page.html.gz)')
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
      if (text.length > BODY_MAX) {
        reject(new Error('body too large'))
        req.destroy()
      }
    })
    req.on('end', () => {
      try {
        resolve(text === '' ? {} : (JSON.parse(text) as unknown))
      } catch {
        reject(new Error('the body is not JSON'))
      }
    })
    req.on('error', reject)
  })
}

/** What a page call says: only strings, booleans, lists of strings and records of those are read from the body. */
interface PageCall extends InvokeFlags {
  readonly command?: string | undefined
  readonly deliver?: boolean
  readonly message?: string | undefined
  readonly customId?: string | undefined
  readonly interaction?: string | undefined
  readonly values: readonly string[]
  readonly fields: Readonly<Record<string, string | readonly string[]>>
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

function flagsOf(body: unknown): PageCall {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>
  const str = (k: string) => (Object.hasOwn(b, k) && typeof b[k] === 'string' ? (b[k] as string) : undefined)
  // No prototype: an input may be named __proto__.
  const fields = Object.create(null) as Record<string, string | string[]>
  const given = typeof b.fields === 'object' && b.fields !== null && !Array.isArray(b.fields) ? (b.fields as Record<string, unknown>) : {}
  for (const [k, v] of Object.entries(given)) fields[k] = typeof v === 'string' ? v : strings(v)
  return {
    as: str('as'),
    channel: str('channel'),
    locale: str('locale'),
    focused: str('focused'),
    command: str('command'),
    message: str('message'),
    customId: str('customId'),
    interaction: str('interaction'),
    values: strings(b.values),
    fields,
    dm: b.dm === true,
    deliver: b.deliver !== false,
  }
}

/** Images the page previews: raster types a browser draws without running anything (SVG is not one). */
const PREVIEWED = /^image\/(?:png|jpeg|gif|webp)$/

/** An attachment's bytes, as the page may use them: an image inline, anything else a download; no script runs either way. */
function sendFile(res: ServerResponse, file: KeptFile | undefined): void {
  if (file === undefined) return send(res, 404, { error: 'no such file' })
  const image = PREVIEWED.test(file.contentType ?? '')
  res.writeHead(200, {
    'content-type': image ? (file.contentType as string) : 'application/octet-stream',
    ...(image ? {} : { 'content-disposition': 'attachment' }),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  })
  res.end(file.bytes)
}

/** An attachment the app uploaded: its bytes and the media type it declared. */
interface KeptFile {
  readonly bytes: Uint8Array
  readonly contentType?: string | undefined
}

type Act = 'invoke' | 'press' | 'choose' | 'submit'

/** Where the page's calls are played: the emulator in this process, or one running elsewhere (`--emulator`). */
interface Player {
  picker(input: object): Promise<unknown>
  act(act: Act, input: object): Promise<unknown>
  transcript(id: string): Promise<readonly PrintedEntry[]>
  refused(id: string): Promise<readonly PrintedRefusal[]>
  file(id: string): Promise<KeptFile | undefined>
}

/** The page's calls played at the emulator of this process. */
function here(session: Session): Player {
  const emulator = session.emulator
  return {
    picker: async (input) => emulator.picker(input as never),
    act: (act, input) => (emulator[act] as (input: object) => Promise<unknown>)(input),
    transcript: async (id) => transcriptOf(emulator, id),
    refused: async (id) => refusalsOf(emulator, id),
    file: async (id) => emulator.interactions.file(id),
  }
}

/** A page call to a running emulator waits at most this long (a press or a submit is answered within the 3 s of a callback). */
const CALL_MS = 30_000

/**
 * The page's calls played at a running emulator (`--emulator`): its picker, its acts,
 * the interaction's record for the transcript and the refusals, an attachment's
 * bytes. Those bytes come as a download; the media type the app declared is taken
 * from the messages this server relayed, so only those files are previewed.
 */
function there(base: string): Player {
  const types = new Map<string, string>()
  const record = async (id: string) => {
    try {
      return await controlCall(base, `/emulator/interactions/${encodeURIComponent(id)}`, undefined, CALL_MS)
    } catch (error) {
      // An interaction that emulator does not know (reset, or another emulator's) has no transcript yet.
      if (error instanceof ControlError && error.status === 404) return {}
      throw error
    }
  }
  return {
    picker: async (input) => (await controlCall(base, '/emulator/picker', input, CALL_MS)) as unknown,
    act: async (act, input) => (await controlCall(base, `/emulator/${act}`, input, CALL_MS)) as unknown,
    async transcript(id) {
      const r = await record(id)
      const entries = (Array.isArray(r.transcript) ? r.transcript : []) as PrintedEntry[]
      for (const e of entries) for (const a of e.message?.attachments ?? []) if (typeof a.content_type === 'string') types.set(a.id, a.content_type)
      return entries
    },
    async refused(id) {
      const r = await record(id)
      if (typeof r.token !== 'string' || typeof r.openedAt !== 'number' || !Array.isArray(r.refused)) return []
      return refusalsIn({ token: r.token, openedAt: r.openedAt }, r.refused as RequestRecord[])
    },
    async file(id) {
      const response = await fetch(`${base}/emulator/files/${encodeURIComponent(id)}`, { signal: AbortSignal.timeout(CALL_MS) })
      if (!response.ok) return undefined
      return { bytes: new Uint8Array(await response.arrayBuffer()), contentType: types.get(id) }
    },
  }
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

async function answer(session: Stage, player: Player, req: IncomingMessage, res: ServerResponse, port: number): Promise<void> {
  // Only this machine, by name too: a page elsewhere that resolves a name to 127.0.0.1 is refused.
  const host = req.headers.host ?? ''
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 403, { error: 'the dev server answers only 127.0.0.1' })
  // And only its own page: another site's form or fetch (which the Host check lets by) reaches no call.
  const foreign = foreignRequest(req.headers, true)
  if (foreign !== undefined) return send(res, 403, { error: foreign })
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
  const route = `${req.method ?? 'GET'} ${url.pathname}`
  if (route === 'GET /') return send(res, 200, await page(), 'text/html; charset=utf-8')
  if (route === 'GET /api/world')
    return send(res, 200, {
      applicationId: session.applicationId,
      guild: session.world.guild,
      users: session.world.users,
      roles: session.world.roles,
      channels: session.world.channels,
      attachments: session.world.attachments,
      locales: Locales,
    })
  const id = url.searchParams.get('id') ?? ''
  if (route === 'GET /api/transcript') return send(res, 200, await player.transcript(id))
  if (route === 'GET /api/refused') return send(res, 200, await player.refused(id))
  if (route === 'GET /api/file') return sendFile(res, await player.file(id))
  if (/^POST \/api\/(picker|invoke|press|choose|submit)$/u.test(route)) {
    let flags: PageCall
    try {
      flags = flagsOf(await readBody(req))
    } catch (error) {
      return send(res, 400, { error: (error as Error).message })
    }
    const input = baseInput(session, flags)
    if (route === 'POST /api/picker') return send(res, 200, await player.picker(input))
    if (route === 'POST /api/invoke') {
      if (flags.command === undefined) return send(res, 400, { error: 'command is required' })
      return send(res, 200, await player.act('invoke', { ...input, command: flags.command, deliver: flags.deliver !== false }))
    }
    // A press, a choice or a submit happens where the message or the modal is.
    const act: ActInput = {
      endpoint: input.endpoint,
      applicationId: input.applicationId,
      user: input.user,
      users: input.users ?? [],
      roles: input.roles ?? [],
      channels: input.channels ?? [],
      attachments: input.attachments ?? [],
      ...(flags.locale === undefined ? {} : { locale: flags.locale }),
    }
    if (route === 'POST /api/submit')
      return send(res, 200, await player.act('submit', { ...act, fields: flags.fields, ...(flags.interaction === undefined ? {} : { interaction: flags.interaction }) }))
    if (flags.customId === undefined) return send(res, 400, { error: 'customId is required' })
    const on = { ...act, customId: flags.customId, ...(flags.message === undefined ? {} : { message: flags.message }) }
    return send(res, 200, await player.act(route === 'POST /api/press' ? 'press' : 'choose', route === 'POST /api/press' ? on : { ...on, values: flags.values }))
  }
  return send(res, 404, { error: `no ${route}` })
}

/** A running dev server. */
export interface DevServer {
  readonly url: string
  /** The module's application, endpoint and world (and, without `--emulator`, the emulator of this process). */
  readonly session: Stage & Partial<Pick<Session, 'emulator' | 'publicKey'>>
  close(): Promise<void>
}

/**
 * Starts the dev server for `file` on 127.0.0.1 (port 0: any free port): its own
 * emulator signing with `key`, or, given `emulator` (a running emulator's address),
 * playing there for a bot in its own process.
 */
export async function startDev(cwd: string, file: string, port: number, key: string, applicationId?: string, emulator?: string): Promise<DevServer> {
  let session: DevServer['session']
  let player: Player
  if (emulator === undefined) {
    const opened = await openSession(cwd, file, applicationId, key)
    session = opened
    player = here(opened)
  } else {
    session = await openStage(cwd, file, applicationId)
    player = there(emulator)
  }
  let bound = port
  const server = createServer(SLOW_CLIENT_TIMEOUTS, (req, res) => {
    answer(session, player, req, res, bound).catch((error: unknown) => {
      // The running emulator's refusal (a 400 with its reason) is passed on; unreachable is a 502.
      const status = error instanceof ControlError ? (error.status !== undefined && error.status < 500 ? error.status : 502) : 500
      if (!res.headersSent) send(res, status, { error: error instanceof Error ? error.message : String(error) })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  bound = (server.address() as AddressInfo).port
  let closed: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${bound}/`,
    session,
    // A second call waits for the first (node:http's own second close rejects).
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error === undefined ? resolve() : reject(error)))
      })),
  }
}

export interface DevWorld {
  readonly stdout: (line: string) => void
  readonly stderr: (line: string) => void
  readonly cwd: string
  readonly stopped?: Promise<unknown>
  /** The private key the emulator signs with (keys.ts). */
  readonly key: string
}

/** Runs `slashkit dev` until stopped; resolves to the exit code. */
export async function devCli(
  args: readonly string[],
  flags: { port?: string | undefined; app?: string | undefined; emulator?: string | undefined },
  world: DevWorld,
  usage: string,
): Promise<number> {
  const [file, ...more] = args
  const port = flags.port === undefined ? 0 : Number(flags.port)
  if (file === undefined || more.length > 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
    world.stderr(`dev needs one module (and --port from 0 to 65535)\n\n${usage}`)
    return 2
  }
  const remote = flags.emulator === undefined ? undefined : emulatorBase(flags.emulator)
  if (typeof remote === 'object') {
    world.stderr(remote.error)
    return 2
  }
  const dev = await startDev(world.cwd, file, port, world.key, flags.app, remote)
  world.stdout(`slashkit dev: ${dev.url} (application ${dev.session.applicationId}; Ctrl-C stops)`)
  if (remote === undefined) world.stdout(`public key: ${dev.session.publicKey}`)
  // The bot verifies with that emulator's key and sends its edits and follow-ups there.
  else world.stdout(`playing the user at ${remote}, delivering to ${String(dev.session.endpoint)}`)
  await (world.stopped ?? new Promise(() => {}))
  await dev.close()
  return 0
}
