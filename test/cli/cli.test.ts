/**
 * The `slashkit` command (DESIGN.md "Layers" 6): `run` in process against the
 * emulator, and the built executable once.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ENV, run, type CliWorld } from '../../src/cli/run.js'
import { createEmulator } from '../../src/emulator/index.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const APP = '100000000000000001'
const GUILD = '200000000000000002'

function world(extra: Partial<CliWorld> = {}) {
  const out: string[] = []
  const err: string[] = []
  const w: CliWorld = { stdout: (l) => void out.push(l), stderr: (l) => void err.push(l), env: {}, cwd: root, ...extra }
  return { w, out, err }
}

function withEmulator() {
  const emulator = createEmulator()
  const env = { [ENV.token]: 'Bot token', [ENV.applicationId]: APP, [ENV.baseUrl]: emulator.baseUrl }
  return { emulator, ...world({ env, fetch: emulator.fetch }) }
}

describe('slashkit validate', () => {
  it('prints the issues of a broken list with their codes, and exits 1', async () => {
    const { w, out } = world()
    expect(await run(['validate', 'examples/broken-commands.json', '--scope', 'guild'], w)).toBe(1)
    expect(out[0]).toMatch(/^examples\/broken-commands\.json: \d+ issues:/)
    expect(out[0]).toContain('[scope.entry_point]')
  })

  it('accepts a valid command or list, and exits 0', async () => {
    const { w, out } = world()
    expect(await run(['validate', 'test/cli/fixtures/ok-list.json', 'test/cli/fixtures/ok-command.json'], w)).toBe(0)
    expect(out).toEqual([
      'test/cli/fixtures/ok-list.json: 2 commands, valid for global registration',
      'test/cli/fixtures/ok-command.json: 1 command, valid for global registration',
    ])
  })

  it('reports a missing file or bad JSON, and a wrong scope', async () => {
    const { w, err } = world()
    expect(await run(['validate', 'nope.json'], w)).toBe(1)
    expect(err[0]).toMatch(/^nope\.json: ENOENT/)
    expect(await run(['validate', 'README.md'], w)).toBe(1)
    expect(await run(['validate', 'x.json', '--scope', 'everywhere'], w)).toBe(2)
  })
})

describe('slashkit deploy', () => {
  it('deploys the default export, prints the diff, then finds nothing to do', async () => {
    const { w, out, emulator } = withEmulator()
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], w)).toBe(0)
    expect(out).toEqual(['+ ping (CHAT_INPUT) create', '+ Profile (USER) create', 'global commands: 2 changes applied (2 create)'])
    expect(emulator.state.commands(APP).map((c) => c.name)).toEqual(['ping', 'Profile'])
    out.length = 0
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], w)).toBe(0)
    expect(out.at(-1)).toBe('global commands: up to date, nothing sent')
    expect(emulator.requests.map((r) => r.method)).toEqual(['GET', 'PUT', 'GET'])
  })

  it('--guild and --dry-run; a named export `app`; updates name their fields', async () => {
    const { w, out, emulator } = withEmulator()
    await run(['deploy', 'test/cli/fixtures/app.mjs', '--guild', GUILD], w)
    out.length = 0
    expect(await run(['deploy', 'test/cli/fixtures/named.mjs', '--guild', GUILD, '--dry-run'], w)).toBe(0)
    expect(out).toEqual([
      '~ ping (CHAT_INPUT): description changed ("Pong" -> "Pong!")',
      '- Profile (USER) delete',
      `commands of guild ${GUILD}: 2 changes (1 update, 1 delete); dry run, nothing sent`,
    ])
    expect(emulator.state.commands(APP, GUILD)).toHaveLength(2)
  })

  // The public API v10 refuses a global bulk overwrite that drops the entry point (400, code 50240).
  it("keeps the Activity's entry point the module leaves out, and says so and how to delete it", async () => {
    const emulator = createEmulator({ applications: [{ id: APP, botToken: 'token', embedded: true }] })
    const env = { [ENV.token]: 'Bot token', [ENV.applicationId]: APP, [ENV.baseUrl]: emulator.baseUrl }
    const { w, out } = world({ env, fetch: emulator.fetch })
    const launch = emulator.state.commands(APP)[0]!
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], w)).toBe(0)
    expect(out).toEqual([
      '+ ping (CHAT_INPUT) create',
      '+ Profile (USER) create',
      '= Launch (PRIMARY_ENTRY_POINT)',
      `! Launch (PRIMARY_ENTRY_POINT): kept: the Activity's entry point, which the set leaves out and a bulk overwrite may not drop; to remove it, delete command ${launch.id} on its own (rest.deleteCommand)`,
      'global commands: 2 changes applied (2 create)',
    ])
    expect(emulator.state.commands(APP).map((c) => c.name)).toEqual(['ping', 'Profile', 'Launch'])
  })

  // A CI log of a large set: --quiet leaves out the `=` lines and counts them on the last; exit codes as without it.
  it('--quiet prints the changes, the warnings and the totals, not the unchanged commands; exit codes unchanged', async () => {
    const emulator = createEmulator({ applications: [{ id: APP, botToken: 'token', embedded: true }], rateLimits: { dailyCreates: 1 } })
    const env = { [ENV.token]: 'Bot token', [ENV.applicationId]: APP, [ENV.baseUrl]: emulator.baseUrl }
    const { w, out, err } = world({ env, fetch: emulator.fetch })
    const launch = emulator.state.commands(APP)[0]!
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs', '--quiet', '--dry-run'], w)).toBe(0)
    expect(out).toEqual([
      '+ ping (CHAT_INPUT) create',
      '+ Profile (USER) create',
      `! Launch (PRIMARY_ENTRY_POINT): kept: the Activity's entry point, which the set leaves out and a bulk overwrite may not drop; to remove it, delete command ${launch.id} on its own (rest.deleteCommand)`,
      'global commands: 2 changes (2 create, 1 unchanged); dry run, nothing sent',
    ])
    // The service refuses (one create a day here): the plan without its `=` line, the failure, exit 1.
    out.length = 0
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs', '-q'], w)).toBe(1)
    expect(out).toEqual(['+ ping (CHAT_INPUT) create', '+ Profile (USER) create'])
    expect(err[0]).toMatch(/^deploy failed while applying 2 changes: .* \(code 30034\)/)
    // Up to date: one line, with the count of what was compared.
    const fresh = withEmulator()
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], fresh.w)).toBe(0)
    fresh.out.length = 0
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs', '--quiet'], fresh.w)).toBe(0)
    expect(fresh.out).toEqual(['global commands: up to date (2 unchanged), nothing sent'])
    // Without --quiet the same deploy lists each command.
    fresh.out.length = 0
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], fresh.w)).toBe(0)
    expect(fresh.out).toEqual(['= ping (CHAT_INPUT)', '= Profile (USER)', 'global commands: up to date, nothing sent'])
    // A set that breaks rules: exit 1 and its issues, quiet or not.
    expect(await run(['deploy', 'test/cli/fixtures/broken.mjs', '--quiet'], fresh.w)).toBe(1)
    expect(fresh.err[0]).toContain('[name.pattern]')
  })

  // "Naming rules", "Command option" (required first): a CI fails on the rule, with path and code, before any request.
  it('a set that breaks rules exits 1 with each issue, its path and code, and sends nothing; a module that does not import says so', async () => {
    const { w, err, emulator } = withEmulator()
    expect(await run(['deploy', 'test/cli/fixtures/broken.mjs'], w)).toBe(1)
    expect(err[0]).toMatch(/^test\/cli\/fixtures\/broken\.mjs: refused before any request, nothing sent; 3 issues:/)
    expect(err[0]).toContain('commands[1].name may contain only')
    expect(err[0]).toContain('[name.pattern]')
    expect(err[0]).toContain('commands[1].options[1] is required but follows optional option "a"')
    expect(err[0]).toContain('[options.order]')
    expect(emulator.requests).toEqual([])
    expect(await run(['deploy', 'test/cli/fixtures/missing.mjs'], w)).toBe(1)
    expect(err[1]).toMatch(/^test\/cli\/fixtures\/missing\.mjs: cannot import it \(.*\)$/)
  })

  // "Limits": 200 creates a day per scope; the public API answers 429, code 30034, with a wait of hours.
  it('a deploy the service refuses prints its plan on stdout, the failure with the wait in hours on stderr, and exits 1', async () => {
    const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: 1 } })
    const env = { [ENV.token]: 'Bot token', [ENV.applicationId]: APP, [ENV.baseUrl]: emulator.baseUrl }
    const { w, out, err } = world({ env, fetch: emulator.fetch })
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], w)).toBe(1)
    expect(out).toEqual(['+ ping (CHAT_INPUT) create', '+ Profile (USER) create'])
    expect(err[0]).toMatch(
      /^deploy failed while applying 2 changes: PUT \/applications\/\d+\/commands answered 429: .* \(code 30034\) \(retry after [\d.]+ s, about 24\.0 h\); applied: 0 of 2$/,
    )
  })

  it('needs the token and the application id; --app stands for the variable', async () => {
    const emulator = createEmulator()
    const { w, err } = world({ env: { [ENV.baseUrl]: emulator.baseUrl }, fetch: emulator.fetch })
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], w)).toBe(2)
    expect(err[0]).toContain(ENV.token)
    const ok = world({ env: { [ENV.token]: 't', [ENV.baseUrl]: emulator.baseUrl }, fetch: emulator.fetch })
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs', '--app', APP], ok.w)).toBe(0)
  })

  it('says what a module lacks, and prints a refusal of the service', async () => {
    const { w, err } = withEmulator()
    expect(await run(['deploy', 'test/cli/fixtures/none.mjs'], w)).toBe(1)
    expect(err[0]).toContain("exports no command set: export one as default, 'commands' or 'app' (it exports answer)")
    const bad = world({
      env: { [ENV.token]: 't', [ENV.applicationId]: APP },
      fetch: async () => ({ status: 401, headers: { get: () => null }, text: async () => '{"code":0,"message":"401: Unauthorized"}' }),
    })
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs'], bad.w)).toBe(1)
    expect(bad.err[0]).toBe(
      `GET /applications/${APP}/commands?with_localizations=true answered 401: Unauthorized\n${ENV.token} was refused: give the application's bot token (the Bot page of its settings)`,
    )
    // A token the service knows, for another application (its 403, Missing Access): which setting to check.
    const emulator = createEmulator({ applications: [{ id: APP, botToken: 'mine' }] })
    const other = world({ env: { [ENV.token]: 'Bot mine', [ENV.baseUrl]: emulator.baseUrl }, fetch: emulator.fetch })
    expect(await run(['deploy', 'test/cli/fixtures/app.mjs', '--app', '223456789012345678'], other.w)).toBe(1)
    expect(other.err[0]).toBe(
      `GET /applications/223456789012345678/commands?with_localizations=true answered 403: Missing Access (code 50001)\nis ${ENV.applicationId} (or --app) the id of the application whose token ${ENV.token} holds?`,
    )
  })
})

describe('slashkit emulator, usage', () => {
  it('serves the emulator until stopped', async () => {
    let stop!: () => void
    const { w, out } = world({ stopped: new Promise<void>((r) => (stop = r)) })
    const done = run(['emulator', '--port', '0'], w)
    await expect.poll(() => out.length).toBe(2)
    const url = out[0]!.replace('emulator listening on ', '')
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/)
    // The key it signs with, new for this run: what a bot in its own process is told.
    expect(out[1]).toMatch(/^public key: [0-9a-f]{64}$/)
    expect((await fetch(`${url}/applications/${APP}/commands`, { headers: { authorization: 'Bot t' } })).status).toBe(200)
    stop()
    expect(await done).toBe(0)
    expect(out[2]).toBe('emulator stopped')
  })

  it('refuses a bad port, an unknown command or option, and prints the usage on --help', async () => {
    const { w, out, err } = world()
    expect(await run(['emulator', '--port', 'x'], w)).toBe(2)
    expect(await run(['launch'], w)).toBe(2)
    expect(await run(['validate', '--bogus'], w)).toBe(2)
    expect(await run([], w)).toBe(2)
    expect(err.join('\n')).toContain("unknown command 'launch'")
    expect(await run(['--help'], w)).toBe(0)
    expect(out[0]).toMatch(/^Usage:/)
  })
})

describe("slashkit validate --fetched, --version, and the CLI's own messages (issue 14)", () => {
  it('--fetched checks a GET dump: the service\'s fields at every level are accepted (DESIGN.md "Rulings")', async () => {
    const { w, out } = world()
    expect(await run(['validate', 'test/cli/fixtures/fetched.json', '--fetched'], w)).toBe(0)
    expect(out).toEqual(['test/cli/fixtures/fetched.json: 2 commands as fetched, valid for global registration'])
    const plain = world()
    expect(await run(['validate', 'test/cli/fixtures/fetched.json'], plain.w)).toBe(1)
    expect(plain.out[0]).toContain('commands[0].version is not a field of a command definition [field.unknown]')
  })

  it('--version prints the package version', async () => {
    const { w, out } = world()
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    expect(await run(['--version'], w)).toBe(0)
    expect(out).toEqual([`slashkit ${version}`])
  })

  it("an unknown option or a missing value is told in the CLI's words, not parseArgs'", async () => {
    const { w, err } = world()
    expect(await run(['validate', '--bogus', 'x.json'], w)).toBe(2)
    expect(err[0]).toMatch(/^unknown option --bogus; the options are listed below\n\nUsage:/)
    expect(err[0]).not.toContain('positional')
    expect(await run(['validate', 'x.json', '--scope'], w)).toBe(2)
    expect(err[1]).toMatch(/^option --scope needs a value\n/)
  })
})

describe('the built executable (dist/cli.js)', () => {
  it('runs with node: validate exits 1 on issues and prints them', async () => {
    const error = await promisify(execFile)(process.execPath, ['dist/cli.js', 'validate', 'examples/broken-commands.json'], { cwd: root }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 1 })
    expect((error as { stdout: string }).stdout).toContain('[name.lowercase]')
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli.js', '--version'], { cwd: root })
    expect(stdout).toMatch(/^slashkit \d+\.\d+\.\d+/)
  })
})
