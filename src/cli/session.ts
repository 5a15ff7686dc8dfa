/**
 * What `slashkit invoke` and `slashkit dev` share: a bot module loaded, an
 * in-process emulator with the module's commands deployed to it, and the
 * module's endpoint, which the emulator signs interactions for.
 *
 * A bot module exports:
 * - its command set: the default export, or `commands`, or `app` (as for `deploy`);
 * - its endpoint, one of: `createEndpoint(publicKey, { applicationId, baseUrl, fetch })`,
 *   returning a `(Request) => Response` function that verifies with `publicKey` and
 *   sends follow-ups to `baseUrl` through `fetch`; `handler`, such a function made
 *   beforehand (it cannot know the emulator's key); or `endpoint`, a loopback URL
 *   where the bot already runs;
 * - optionally `world`: the application id, the guild, and the users, roles,
 *   channels, attachments and messages the invocations may name (`--as` picks a
 *   user by id or username). Without roles, the guild's @everyone (the role whose
 *   id is the guild id) holds what a new guild gives it: view channels, send
 *   messages, read history, use application commands.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  createEmulator,
  NEW_GUILD_EVERYONE,
  type Emulator,
  type InteractionsEndpoint,
  type InvokeAttachment,
  type InvokeChannel,
  type InvokeMessage,
  type InvokeRole,
  type InvokeUser,
} from '../emulator/index.js'
import { ChannelType } from '../internal.js'
import { createClient, type CommandListInput } from '../rest/index.js'

/** What a module may declare for the invocations. */
export interface ModuleWorld {
  readonly applicationId?: string
  /** The guild the invocations happen in (unless `--dm`). */
  readonly guild?: { readonly id: string; readonly locale?: string; readonly name?: string }
  readonly users?: readonly InvokeUser[]
  readonly roles?: readonly InvokeRole[]
  readonly channels?: readonly InvokeChannel[]
  readonly attachments?: readonly InvokeAttachment[]
  /** Messages a MESSAGE command may target (`message Report ID`). */
  readonly messages?: readonly InvokeMessage[]
}

export interface Session {
  readonly emulator: Emulator
  readonly applicationId: string
  readonly endpoint: InteractionsEndpoint
  /** The public key of the key the emulator signs with (what a bot in its own process verifies with). */
  readonly publicKey: string
  readonly world: Required<Pick<ModuleWorld, 'users' | 'roles' | 'channels' | 'attachments' | 'messages'>> & {
    readonly guild: { readonly id: string; readonly locale?: string; readonly name?: string }
  }
}

export const DEFAULT_APP = '100000000000000001'
export const DEFAULT_GUILD = '200000000000000002'
const DEFAULT_CHANNEL: InvokeChannel = { id: '300000000000000003', name: 'general', type: ChannelType.GuildText }

/** The command set a module exports: its default export, else `commands`, else `app`. */
export function setOf(module: Record<string, unknown>, file: string): CommandListInput {
  for (const name of ['default', 'commands', 'app']) {
    const value = module[name]
    if (Array.isArray(value) || (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function')) return value as CommandListInput
  }
  throw new Error(`${file} exports no command set: export one as default, 'commands' or 'app' (it exports ${Object.keys(module).join(', ') || 'nothing'})`)
}

/** A TypeScript file's name (what Node before 22.6 imports only under a loader). */
const TYPESCRIPT = /\.[cm]?tsx?$/

/**
 * Imports the module `file` (relative to `cwd`), or throws an Error that names the
 * file and why: a TypeScript file this Node cannot import (before 22.6, or without
 * type stripping) gets the two ways that work.
 */
export async function importModule(cwd: string, file: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(resolve(cwd, file)).href)) as Record<string, unknown>
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    if (TYPESCRIPT.test(file) && (error as { code?: unknown } | null)?.code === 'ERR_UNKNOWN_FILE_EXTENSION')
      throw new Error(
        `${file}: Node ${process.versions.node} cannot import TypeScript (${why}): build it and pass the JavaScript (npx tsc), or run the command under a TypeScript loader (npm i -D tsx, then node --import tsx ./node_modules/slashkit/dist/cli.js ...)`,
      )
    throw new Error(`${file}: cannot import it (${why})`)
  }
}

/** What `createEndpoint` receives besides the public key: where the app sends follow-ups (the emulator). */
export interface EndpointContext {
  readonly applicationId: string
  /** The emulator's base address, ending in /api/v10. */
  readonly baseUrl: string
  /** The emulator's in-process fetch: give it to `createClient({ fetch })`. */
  readonly fetch: Emulator['fetch']
}

async function endpointOf(module: Record<string, unknown>, file: string, publicKey: string, context: EndpointContext): Promise<InteractionsEndpoint> {
  if (typeof module.createEndpoint === 'function')
    return (await (module.createEndpoint as (key: string, context: EndpointContext) => unknown)(publicKey, context)) as InteractionsEndpoint
  if (typeof module.handler === 'function') return module.handler as InteractionsEndpoint
  if (typeof module.endpoint === 'string') return module.endpoint
  throw new Error(`${file} exports no endpoint: export 'createEndpoint(publicKey)', 'handler' (a (Request) => Response function) or 'endpoint' (a loopback URL)`)
}

/** What the invocations need of a session, wherever the emulator runs: the application, the endpoint, the world. */
export type Stage = Pick<Session, 'applicationId' | 'endpoint' | 'world'>

/** The application id and the world a module declares, defaults filled in. */
function worldOf(module: Record<string, unknown>, applicationId: string | undefined): Pick<Session, 'applicationId' | 'world'> {
  const declared = (typeof module.world === 'object' && module.world !== null ? module.world : {}) as ModuleWorld
  const guild = declared.guild ?? { id: DEFAULT_GUILD, name: 'guild' }
  return {
    applicationId: applicationId ?? declared.applicationId ?? DEFAULT_APP,
    world: {
      guild,
      users: declared.users ?? [],
      // @everyone listed (the page's role selects offer it), holding what the emulator gives an undeclared one.
      roles: declared.roles ?? [{ id: guild.id, name: '@everyone', permissions: NEW_GUILD_EVERYONE.toString() }],
      channels: declared.channels ?? [DEFAULT_CHANNEL],
      attachments: declared.attachments ?? [],
      messages: declared.messages ?? [],
    },
  }
}

/** Loads `file`, deploys its commands to a new emulator signing with `signingKey`, and finds its endpoint. */
export async function openSession(cwd: string, file: string, applicationId: string | undefined, signingKey: string): Promise<Session> {
  const module = await importModule(cwd, file)
  const { applicationId: app, world } = worldOf(module, applicationId)
  const emulator = createEmulator({ signingKey })
  const rest = createClient({ token: 'slashkit-dev', applicationId: app, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  await rest.deploy(setOf(module, file))
  const publicKey = await emulator.publicKey(app)
  const endpoint = await endpointOf(module, file, publicKey, { applicationId: app, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  return { emulator, applicationId: app, endpoint, publicKey, world }
}

/**
 * Loads `file` for a running emulator (`invoke --emulator URL`): the bot runs as its
 * own process and deployed its commands there itself, so nothing is deployed; the
 * module gives the bot's `endpoint` (a URL the emulator delivers to) and the world.
 */
export async function openStage(cwd: string, file: string, applicationId: string | undefined): Promise<Stage> {
  const module = await importModule(cwd, file)
  if (typeof module.endpoint !== 'string')
    throw new Error(`${file} exports no 'endpoint': with --emulator the bot runs as its own process, and the module exports the URL where it receives interactions`)
  return { ...worldOf(module, applicationId), endpoint: module.endpoint }
}

/** A declared user by id or username; an undeclared id is a plain user. */
export function userOf(session: Stage, who: string | undefined): InvokeUser {
  const users = session.world.users
  if (who === undefined) return users[0] ?? { id: '400000000000000004', username: 'user' }
  const found = users.find((u) => u.id === who || u.username === who)
  if (found !== undefined) return found
  if (/^\d{1,20}$/u.test(who)) return { id: who }
  throw new Error(`--as ${who}: no declared user has that id or username (declared: ${users.map((u) => u.username ?? u.id).join(', ') || 'none'})`)
}
