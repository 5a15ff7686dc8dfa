/**
 * `slashkit dev MODULE`: the module's commands deployed to an in-process emulator,
 * its endpoint served by it, and a page on 127.0.0.1 (only) that shows the
 * commands as the chat client would to a chosen user, place and locale. The page
 * (src/cli/page/) is bundled at build time into dist/dev-page.html; this server
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
 */
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Locales } from '../internal.js'
import type { ActInput } from '../emulator/index.js'
import { baseInput, type InvokeFlags } from './invoke.js'
import { openSession, type Session } from './session.js'
import { refusalsOf, transcriptOf } from './transcript.js'

/** Where the built page is: beside dist/cli.js, or dist/ when run from the sources. */
const PAGE_FILES = [new URL('./dev-page.html', import.meta.url), new URL('../../dist/dev-page.html', import.meta.url)]
/** A request body larger than this is refused (the page sends a few hundred bytes). */
const BODY_MAX = 64 * 1024

async function page(): Promise<string> {
  for (const file of PAGE_FILES) {
    try {
      return await readFile(file, 'utf8')
    } catch {
      // Try the next place.
    }
  }
  throw new Error('the dev page is not built: run npm run build (it writes dist/dev-page.html)')
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
function sendFile(res: ServerResponse, session: Session, id: string): void {
  const file = session.emulator.interactions.file(id)
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

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

async function answer(session: Session, req: IncomingMessage, res: ServerResponse, port: number): Promise<void> {
  // Only this machine, by name too: a page elsewhere that resolves a name to 127.0.0.1 is refused.
  const host = req.headers.host ?? ''
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 403, { error: 'the dev server answers only 127.0.0.1' })
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
  if (route === 'GET /api/transcript') return send(res, 200, transcriptOf(session.emulator, url.searchParams.get('id') ?? ''))
  if (route === 'GET /api/refused') return send(res, 200, refusalsOf(session.emulator, url.searchParams.get('id') ?? ''))
  if (route === 'GET /api/file') return sendFile(res, session, url.searchParams.get('id') ?? '')
  if (/^POST \/api\/(picker|invoke|press|choose|submit)$/u.test(route)) {
    let flags: PageCall
    try {
      flags = flagsOf(await readBody(req))
    } catch (error) {
      return send(res, 400, { error: (error as Error).message })
    }
    const input = baseInput(session, flags)
    if (route === 'POST /api/picker') return send(res, 200, session.emulator.picker(input))
    if (route === 'POST /api/invoke') {
      if (flags.command === undefined) return send(res, 400, { error: 'command is required' })
      return send(res, 200, await session.emulator.invoke({ ...input, command: flags.command, deliver: flags.deliver !== false }))
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
      return send(res, 200, await session.emulator.submit({ ...act, fields: flags.fields, ...(flags.interaction === undefined ? {} : { interaction: flags.interaction }) }))
    if (flags.customId === undefined) return send(res, 400, { error: 'customId is required' })
    const on = { ...act, customId: flags.customId, ...(flags.message === undefined ? {} : { message: flags.message }) }
    return send(res, 200, route === 'POST /api/press' ? await session.emulator.press(on) : await session.emulator.choose({ ...on, values: flags.values }))
  }
  return send(res, 404, { error: `no ${route}` })
}

/** A running dev server. */
export interface DevServer {
  readonly url: string
  readonly session: Session
  close(): Promise<void>
}

/** Starts the dev server for `file` on 127.0.0.1 (port 0: any free port), its emulator signing with `key`. */
export async function startDev(cwd: string, file: string, port: number, key: string, applicationId?: string): Promise<DevServer> {
  const session = await openSession(cwd, file, applicationId, key)
  let bound = port
  const server = createServer((req, res) => {
    answer(session, req, res, bound).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: error instanceof Error ? error.message : String(error) })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  bound = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${bound}/`,
    session,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error === undefined ? resolve() : reject(error)))
      }),
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
export async function devCli(args: readonly string[], flags: { port?: string | undefined; app?: string | undefined }, world: DevWorld, usage: string): Promise<number> {
  const [file, ...more] = args
  const port = flags.port === undefined ? 0 : Number(flags.port)
  if (file === undefined || more.length > 0 || !Number.isInteger(port) || port < 0 || port > 65535) {
    world.stderr(`dev needs one module (and --port from 0 to 65535)\n\n${usage}`)
    return 2
  }
  const dev = await startDev(world.cwd, file, port, world.key, flags.app)
  world.stdout(`slashkit dev: ${dev.url} (application ${dev.session.applicationId}; Ctrl-C stops)`)
  world.stdout(`public key: ${dev.session.publicKey}`)
  await (world.stopped ?? new Promise(() => {}))
  await dev.close()
  return 0
}
