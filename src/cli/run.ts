/**
 * The `slashkit` command (docs/internals.md "Layers"): run the emulator on loopback,
 * validate a JSON file of commands, deploy a module's command set. `run` takes its
 * arguments and its world (output, environment, files, fetch) as values, so tests
 * drive it in process; bin.ts hands it the real ones.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { formatIssues, isValidationError, validateCommand, validateCommands, type Result } from '../internal.js'
// The bundler inlines the file; only `version` is read.
import packageJson from '../../package.json' with { type: 'json' }
import { startEmulator } from '../emulator/index.js'
import { ErrorCode } from '../emulator/errors.js'
import { createClient, DeployError, RestError, type DeployChange, type FetchLike } from '../rest/index.js'
import { devCli } from './dev.js'
import { formatConfigIssues, readEmulatorConfig } from './emulator-config.js'
import { invokeCli } from './invoke.js'
import { KEY_ENV, publicKeyOf, signingKey } from './keys.js'
import { importModule, setOf } from './session.js'

/** What the command reads and writes. */
export interface CliWorld {
  readonly stdout: (line: string) => void
  readonly stderr: (line: string) => void
  readonly env: Readonly<Record<string, string | undefined>>
  readonly cwd: string
  /** The client's fetch (the platform's by default). */
  readonly fetch?: FetchLike
  /** Resolves when a long-running command (`emulator`) should stop: SIGINT or SIGTERM in bin.ts. */
  readonly stopped?: Promise<unknown>
}

/** Environment variables the command reads. */
export const ENV = {
  token: 'SLASHKIT_TOKEN',
  applicationId: 'SLASHKIT_APPLICATION_ID',
  baseUrl: 'SLASHKIT_BASE_URL',
} as const

export const USAGE = `Usage:
  slashkit emulator [--port N] [--host ADDRESS] [--key FILE] [--config FILE.json]
      Serve the emulator on loopback (port 0: any free port) until stopped; print its
      base address and the public key it signs interactions with. The private key is
      the one in FILE (made when missing), else in ${KEY_ENV}, else a new one.
      Its own calls (invoke, press, choose, submit) are under /emulator/ on the same port.
      --config: its applications (id, tokens, signing key, interactions endpoint URL,
      installs, privileged intents) and rate limits, as createEmulator takes them
      (docs/cli.md).
  slashkit key [--key FILE]
      Print the public key of the emulator's private key (FILE, made when missing, or
      ${KEY_ENV}): what a bot in its own process verifies interactions with.
  slashkit validate FILE.json... [--scope global|guild] [--fetched]
      Check a command (an object) or a bulk-overwrite list (an array) against every rule,
      for global registration (the default) or a guild. Exit 1 when one has issues.
      --fetched reads the commands as the service returns them (a GET dump): ids,
      version, name_localized and description_localized at every level are accepted.
  slashkit deploy MODULE [--guild ID] [--dry-run] [--quiet] [--app ID] [--base-url URL]
      Register the command set MODULE exports (default export, or 'commands' or 'app'):
      one bulk overwrite, only if something changed. Reads the token from ${ENV.token},
      the application from --app or ${ENV.applicationId}, the base address from
      --base-url or ${ENV.baseUrl} (for instance an emulator's). --quiet leaves out
      the unchanged commands' lines (the last line counts them).

  slashkit invoke MODULE LINE... [--as USER] [--guild ID | --dm] [--channel ID] [--locale L] [--focused OPTION]
                  [--wait MS] [--max-wait MS] [--key FILE] [--emulator URL]
      Deploy MODULE's commands to an in-process emulator and play each LINE in order as
      USER (an id, or a username the module's 'world' declares), printing what the app
      answered and every edit and follow-up (once it is quiet for --wait ms, default
      1000, and no deferral is pending; at most --max-wait ms, default the 15 minutes):
        '/ban target:@lee'            a slash command
        'user "Show profile" @lee'    a USER command on a user
        'message Report 9000...'      a MESSAGE command on a message the world declares
        'press vote:yes'              a button of the newest message holding it
        'choose color red blue'       values in a select menu
        'submit reason:"spam links"'  the modal the app showed, its inputs by custom_id
                                      (named once per value: 'submit liked:a liked:b')
      MODULE exports 'createEndpoint(publicKey, context)', 'handler' or 'endpoint' (a
      loopback URL) besides its commands. Exit 1 when a line is refused or fails.
      With --emulator URL (a running 'slashkit emulator'), the lines are played there
      and nothing is deployed: for a bot in its own process, MODULE exports 'endpoint'.
  slashkit dev MODULE [--port N] [--key FILE] [--emulator URL]
      The same emulator and endpoint, and a page on http://127.0.0.1:PORT/ showing the
      commands as the chat client would to a chosen user, place and locale.
      With --emulator URL the page plays at that running emulator: what it has
      deployed, and the whole conversation of a bot in its own process (MODULE
      exports 'endpoint' and optionally 'world').
  slashkit --version
      Print the version of slashkit.`

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  guild: { type: 'string' },
  scope: { type: 'string' },
  'dry-run': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  fetched: { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  app: { type: 'string' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  as: { type: 'string' },
  channel: { type: 'string' },
  dm: { type: 'boolean' },
  locale: { type: 'string' },
  focused: { type: 'string' },
  wait: { type: 'string' },
  'max-wait': { type: 'string' },
  emulator: { type: 'string' },
  key: { type: 'string' },
  config: { type: 'string' },
} as const

/** Runs the command line `argv` (without `node` and the script); resolves to the exit code. */
export async function run(argv: readonly string[], world: CliWorld): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>>
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    world.stderr(`${argumentError(error)}\n\n${USAGE}`)
    return 2
  }
  const { values, positionals } = parsed
  const [command, ...rest] = positionals
  if (values.version === true) {
    world.stdout(`slashkit ${packageJson.version}`)
    return 0
  }
  if (values.help === true || command === undefined || command === 'help') {
    ;(command === undefined && values.help !== true ? world.stderr : world.stdout)(USAGE)
    return command === undefined && values.help !== true ? 2 : 0
  }
  try {
    switch (command) {
      case 'emulator':
        return await emulator(values, world)
      case 'key':
        world.stdout(await publicKeyOf(await signingKey(world.cwd, world.env, values.key)))
        return 0
      case 'validate':
        return await validate(rest, values.scope, values.fetched === true, world)
      case 'deploy':
        return await deploy(rest, values, world)
      case 'invoke':
        return await invokeCli(rest, values, { ...world, key: await signingKey(world.cwd, world.env, values.key) }, USAGE)
      case 'dev':
        return await devCli(rest, values, { ...world, key: await signingKey(world.cwd, world.env, values.key) }, USAGE)
      default:
        world.stderr(`unknown command '${command}'\n\n${USAGE}`)
        return 2
    }
  } catch (error) {
    if (isValidationError(error)) world.stderr(formatIssues(error.issues))
    else if (error instanceof RestError) world.stderr(`${error.message}${restHint(error)}`)
    else world.stderr(error instanceof Error ? error.message : String(error))
    return 1
  }
}

/** What to check when the service refuses the CLI's own credential or application (public API v10: 401 code 0; 403 Missing Access, 50001). */
function restHint(error: RestError): string {
  if (error.status === 401 && error.code === ErrorCode.General) return `\n${ENV.token} was refused: give the application's bot token (the Bot page of its settings)`
  if (error.status === 403 && error.code === ErrorCode.MissingAccess && error.path.startsWith('/applications/'))
    return `\nis ${ENV.applicationId} (or --app) the id of the application whose token ${ENV.token} holds?`
  return ''
}

type Values = { readonly [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string }

async function emulator(values: Values, world: CliWorld): Promise<number> {
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    world.stderr(`--port must be a whole number from 0 to 65535 (was ${JSON.stringify(values.port)})`)
    return 2
  }
  const config = values.config === undefined ? { options: {} } : await readEmulatorConfig(world.cwd, values.config)
  if ('issues' in config) {
    world.stderr(formatConfigIssues(values.config as string, config.issues))
    return 1
  }
  const key = await signingKey(world.cwd, world.env, values.key)
  const server = await startEmulator({ ...config.options, port, signingKey: key, ...(values.host === undefined ? {} : { host: values.host }) })
  world.stdout(`emulator listening on ${server.url}`)
  world.stdout(`public key: ${await server.emulator.publicKey('0')}`)
  for (const a of config.options.applications ?? [])
    world.stdout(
      `application ${a.id}: public key ${await server.emulator.publicKey(a.id)}${a.interactionsEndpointUrl === undefined ? '' : `, interactions to ${a.interactionsEndpointUrl}`}`,
    )
  await (world.stopped ?? new Promise(() => {}))
  await server.close()
  world.stdout('emulator stopped')
  return 0
}

/**
 * The message of a command line `parseArgs` refused, in the CLI's own words (its
 * own message names Node's `parseArgs` and its options, not the CLI).
 */
function argumentError(error: unknown): string {
  const code = (error as { code?: unknown }).code
  const message = error instanceof Error ? error.message : String(error)
  const option = /'(-[^']*)'/.exec(message)?.[1]?.split(/[ ,]/)[0] ?? message
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}; the options are listed below`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `option ${option} ${/argument missing/.test(message) ? 'needs a value' : 'takes no value'}`
    default:
      return message
  }
}

async function validate(files: readonly string[], scopeArg: string | undefined, fetched: boolean, world: CliWorld): Promise<number> {
  if (files.length === 0 || (scopeArg !== undefined && scopeArg !== 'global' && scopeArg !== 'guild')) {
    world.stderr(`${files.length === 0 ? 'validate needs a file' : `--scope must be global or guild (was ${JSON.stringify(scopeArg)})`}\n\n${USAGE}`)
    return 2
  }
  const scope = scopeArg ?? 'global'
  let failed = false
  for (const file of files) {
    let json: unknown
    try {
      json = JSON.parse(await readFile(resolve(world.cwd, file), 'utf8'))
    } catch (error) {
      world.stderr(`${file}: ${(error as Error).message}`)
      failed = true
      continue
    }
    const result: Result<unknown> = Array.isArray(json) ? validateCommands(json, { scope, fetched }) : validateCommand(json, { scope, fetched })
    if (result.ok)
      world.stdout(
        `${file}: ${Array.isArray(json) ? `${json.length} commands` : '1 command'}${fetched ? ' as fetched' : ''}, valid for ${scope === 'guild' ? 'a guild' : 'global registration'}`,
      )
    else {
      world.stdout(`${file}: ${formatIssues(result.issues)}`)
      failed = true
    }
  }
  return failed ? 1 : 0
}

const TYPE_NAMES = ['', 'CHAT_INPUT', 'USER', 'MESSAGE', 'PRIMARY_ENTRY_POINT']
const MARKS: Readonly<Record<DeployChange['action'], string>> = { create: '+', update: '~', delete: '-', unchanged: '=' }

/** One line per command of a deploy's diff: `+` create, `~` update with its details, `-` delete, `=` unchanged (left out when `quiet`). */
function printChanges(changes: readonly DeployChange[], world: CliWorld, quiet: boolean): void {
  for (const c of changes)
    if (!quiet || c.action !== 'unchanged')
      world.stdout(
        `${MARKS[c.action]} ${c.name} (${TYPE_NAMES[c.type]})${c.action === 'update' ? `: ${(c.details ?? c.fields)?.join('; ')}` : c.action === 'unchanged' ? '' : ` ${c.action}`}`,
      )
}

async function deploy(files: readonly string[], values: Values, world: CliWorld): Promise<number> {
  const [file] = files
  if (file === undefined || files.length > 1) {
    world.stderr(`deploy needs one module\n\n${USAGE}`)
    return 2
  }
  const token = world.env[ENV.token]
  const applicationId = values.app ?? world.env[ENV.applicationId]
  if (token === undefined || token === '' || applicationId === undefined) {
    world.stderr(`deploy needs the token in ${ENV.token} and the application id in --app or ${ENV.applicationId}`)
    return 2
  }
  let module: Record<string, unknown>
  try {
    module = await importModule(world.cwd, file)
  } catch (error) {
    world.stderr((error as Error).message)
    return 1
  }
  const baseUrl = values['base-url'] ?? world.env[ENV.baseUrl]
  const rest = createClient({
    token,
    applicationId,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(world.fetch === undefined ? {} : { fetch: world.fetch }),
  })
  const dryRun = values['dry-run'] === true
  const quiet = values.quiet === true
  let result: Awaited<ReturnType<typeof rest.deploy>>
  try {
    result = await rest.deploy(setOf(module, file), { dryRun, ...(values.guild === undefined ? {} : { guildId: values.guild }) })
  } catch (error) {
    // A deploy that failed after reading says what it was applying, then why it failed.
    if (error instanceof DeployError) printChanges(error.plan.changes, world, quiet)
    if (!isValidationError(error)) throw error
    world.stderr(`${file}: refused before any request, nothing sent; ${formatIssues(error.issues)}`)
    return 1
  }
  printChanges(result.changes, world, quiet)
  for (const k of result.kept)
    world.stdout(
      `! ${k.name} (${TYPE_NAMES[k.type]}): kept: the Activity's entry point, which the set leaves out and a bulk overwrite may not drop; to remove it, delete command ${k.id} on its own (rest.deleteCommand)`,
    )
  // "States and transitions": a delete or a rename drops the command's permission overwrites.
  for (const r of result.renames) world.stdout(`! ${r.from} -> ${r.to} (${TYPE_NAMES[r.type]}): a possible rename; the service deletes ${r.from} and creates ${r.to}`)
  for (const lost of result.permissionsLost)
    world.stdout(`! ${lost.name}: ${lost.permissions.length} permission overwrite${lost.permissions.length === 1 ? '' : 's'} in guild ${lost.guildId} go with the ${lost.because}`)
  const where = values.guild === undefined ? 'global commands' : `commands of guild ${values.guild}`
  const count = result.changes.filter((c) => c.action !== 'unchanged').length
  const tally = (['create', 'update', 'delete'] as const).flatMap((a) => {
    const n = result.changes.filter((c) => c.action === a).length
    return n === 0 ? [] : [`${n} ${a}`]
  })
  const changes = `${count} change${count === 1 ? '' : 's'}`
  // Quiet: the unchanged commands are counted on this line rather than listed.
  const unchanged = result.changes.length - count
  if (quiet && unchanged > 0) tally.push(`${unchanged} unchanged`)
  world.stdout(
    !result.changed
      ? `${where}: up to date${tally.length === 0 ? '' : ` (${tally.join(', ')})`}, nothing sent`
      : dryRun
        ? `${where}: ${changes} (${tally.join(', ')}); dry run, nothing sent`
        : `${where}: ${changes} applied (${tally.join(', ')})`,
  )
  return 0
}
