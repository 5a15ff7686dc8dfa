/**
 * Issue 27 item 5: a bot in its own process, tested with the documented recipe
 * (docs/emulator.md, "A bot in its own process") and no hand-written harness: the
 * built `slashkit emulator --key FILE` and the bot (test/cli/fixtures/own-process-bot.mjs,
 * slashkit's own http and rest packages) each started as a process on loopback, the
 * bot told the public key by `slashkit key --key FILE`; the user played over HTTP
 * through the emulator's own calls (`POST /emulator/invoke`, `/emulator/press`).
 * Both processes are stopped by their pids. And the key itself: a given private key
 * gives the public key Node's own crypto derives from it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createPrivateKey, createPublicKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import { param, route } from '../../src/index.js'
import { run, type CliWorld } from '../../src/cli/run.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const APP = '100000000000000001'
const started: ChildProcess[] = []
const dir = mkdtempSync(join(tmpdir(), 'slashkit-own-process-'))

afterAll(() => {
  for (const p of started) if (p.exitCode === null && p.pid !== undefined) process.kill(p.pid, 'SIGTERM')
  rmSync(dir, { recursive: true, force: true })
})

/** Starts `node args` in the repository, and resolves with the first stdout line matching `ready`. */
function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray; lines: string[] }> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  const lines: string[] = []
  let errors = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 20 s: ${lines.join('\n')}\n${errors}`)), 20_000)
    child.stderr?.on('data', (d: Buffer) => void (errors += d.toString()))
    child.stdout?.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) {
        if (line === '') continue
        lines.push(line)
        const match = ready.exec(line)
        if (match !== null) {
          clearTimeout(timer)
          resolve({ child, match, lines })
        }
      }
    })
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${errors}`)))
  })
}

const post = async (url: string, body: unknown) =>
  (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<any>

describe('a bot in its own process (issue 27 item 5)', () => {
  it('the recipe: slashkit emulator --key, the bot told slashkit key, the user played over /emulator/invoke and /emulator/press', { timeout: 60_000 }, async () => {
    const keyFile = join(dir, 'emulator-key')
    // 1. The emulator, with a key in a file (made now, readable by its owner only).
    const emulator = await start(['dist/cli.js', 'emulator', '--port', '0', '--key', keyFile], {}, /^public key: ([0-9a-f]{64})$/)
    const base = /^emulator listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v10$/.exec(emulator.lines[0] ?? '')?.[1] as string
    expect(base).toBeDefined()
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    // 2. The public key the bot is told, from the same file.
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli.js', 'key', '--key', keyFile], { cwd: root })
    expect(stdout.trim()).toBe(emulator.match[1])
    // 3. The bot, its own process: it deploys to the emulator and serves.
    const bot = await start(
      ['test/cli/fixtures/own-process-bot.mjs'],
      { PUBLIC_KEY: stdout.trim(), DISCORD_API: `${base}/api/v10`, APPLICATION_ID: APP },
      /^bot listening on (\S+)$/,
    )
    const endpoint = bot.match[1] as string
    // 4. The user, over HTTP.
    const at = { applicationId: APP, endpoint, user: { id: '600000000000000006', username: 'alice' }, place: { guild: { id: '200000000000000002' } } }
    const ping = await post(`${base}/emulator/invoke`, { ...at, command: '/ping', wait: { quietMs: 200, maxMs: 10_000 } })
    expect(ping).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'pong, alice' } }, ended: 'quiet', thinking: false })
    expect(ping.transcript.map((e: { kind: string; message?: { content: string; flags: number } }) => [e.kind, e.message?.content, e.message?.flags])).toEqual([
      ['callback', 'pong, alice', 0],
      ['followup', 'and a follow-up', 64],
    ])
    const poll = await post(`${base}/emulator/invoke`, { ...at, command: '/poll question:Lunch?' })
    expect(poll).toMatchObject({ outcome: 'answered', callback: { type: 4 } })
    // The bot's route, defined alike here: the same shape makes the same custom_id.
    const yes = route('vote', { choice: param.oneOf('yes', 'no') }).id({ choice: 'yes' })
    const pressed = await post(`${base}/emulator/press`, { endpoint, user: { id: '610000000000000061', username: 'bob' }, customId: yes, wait: { quietMs: 100 } })
    expect(pressed).toMatchObject({ outcome: 'answered', callback: { type: 7 }, interaction: { type: 3, data: { custom_id: yes } } })
    const record = await (await fetch(`${base}/emulator/interactions/${poll.interaction.id}`)).json()
    expect(record.original).toMatchObject({ content: 'voted yes (bob)', components: [] })
    // The key stays: a second `slashkit key` reads the same file.
    expect(readFileSync(keyFile, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/)

    // 5. The same user from the shell: `slashkit invoke --emulator` plays the lines at the running emulator.
    const user = 'test/cli/fixtures/own-process-user.mjs'
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['dist/cli.js', 'invoke', user, ...args], { cwd: root, env: { ...process.env, BOT_ENDPOINT: endpoint, APPLICATION_ID: APP } }).then(
        (r) => ({ code: 0, out: r.stdout.split('\n') }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: `${e.stdout}${e.stderr}`.split('\n') }),
      )
    const shell = await cli('/ping', '/poll question:Tea?', `press ${yes}`, '--as', 'bob', '--emulator', base, '--wait', '200')
    const printed = shell.out.map((l) => l.replace(/\+\d+ ms/u, '+N ms').trim())
    expect(shell.code).toBe(0)
    expect(printed[0]).toBe(`(playing the user at ${base}, delivering to ${endpoint})`)
    // The bot's follow-up lands at that emulator, so it is printed: the whole conversation, not only the first answer.
    expect(printed.filter((l) => l.startsWith('+N ms'))).toEqual([
      '+N ms  callback 4 "pong, bob"',
      '+N ms  followup "and a follow-up" (ephemeral)',
      '+N ms  callback 4 "Tea?"',
      '+N ms  callback 7 "voted yes (bob)"',
    ])
    // Nothing of the test plays the service: the record is the emulator's, where the bot answered.
    expect(printed).toContain(`> press ${yes}  (as bob)`)
    // What that emulator refused of the bot is printed in its place in time, as for a bot in process.
    const long = await cli('/long', '--emulator', base, '--wait', '200')
    expect(long.code).toBe(0)
    const refused = long.out.map((l) => l.replace(/\+\d+ ms/u, '+N ms').trim())
    expect(refused.filter((l) => l !== '').slice(-3)).toEqual([
      '+N ms  callback 4 "sending a long one"',
      '+N ms  refused followup: 400 [50035] Invalid Form Body',
      'body.content must be at most 2000 characters long (was 2001)',
    ])
    expect(long.out.join('\n')).not.toMatch(/webhooks\//u) // the call by name, never its path and token
    // An address that is not one, and an emulator that is not there.
    expect(await cli('/ping', '--emulator', 'not a url')).toMatchObject({ code: 2, out: expect.arrayContaining([expect.stringContaining('--emulator must be the address')]) })
    const gone = await cli('/ping', '--emulator', 'http://127.0.0.1:1')
    expect(gone.code).toBe(1)
    expect(gone.out.join('\n')).toContain('could not be reached')
  })
})

describe("the emulator's key", () => {
  const seed = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'

  it("signingKey: its public key is the one Node's crypto derives from the seed (RFC 8032 test 1), for every application", async () => {
    const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed, 'hex')])
    const x = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({ format: 'jwk' }).x as string
    const expected = Buffer.from(x, 'base64url').toString('hex')
    expect(expected).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a')
    const emulator = createEmulator({ signingKey: seed })
    expect(await emulator.publicKey(APP)).toBe(expected)
    expect(await emulator.publicKey('100000000000000002')).toBe(expected)
    expect(() => createEmulator({ signingKey: 'abc' })).toThrow(TypeError)
  })

  it('slashkit key: from SLASHKIT_EMULATOR_KEY, and refuses a file or a variable that holds no key', async () => {
    const out: string[] = []
    const err: string[] = []
    const w = (env: Record<string, string>): CliWorld => ({ stdout: (l) => void out.push(l), stderr: (l) => void err.push(l), env, cwd: dir })
    expect(await run(['key'], w({ SLASHKIT_EMULATOR_KEY: seed }))).toBe(0)
    expect(out).toEqual(['d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'])
    expect(await run(['key'], w({ SLASHKIT_EMULATOR_KEY: 'nope' }))).toBe(1)
    expect(err.at(-1)).toBe("SLASHKIT_EMULATOR_KEY must hold the emulator's private key as 64 hex digits")
    expect(await run(['key', '--key', 'own-process.test.ts'], { ...w({}), cwd: join(root, 'test/cli') })).toBe(1)
    expect(err.at(-1)).toBe("--key own-process.test.ts: the file must hold the emulator's private key as 64 hex digits")
  })

  it('the emulator server answers its own calls with clear errors', async () => {
    const { startEmulator } = await import('../../src/emulator/index.js')
    const server = await startEmulator({ signingKey: seed })
    try {
      const base = server.url.replace('/api/v10', '')
      expect(await (await fetch(`${base}/emulator/public-key?application=${APP}`)).json()).toEqual({
        publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
      })
      const r = await fetch(`${base}/emulator/invoke`, { method: 'POST', body: '{' })
      expect([r.status, (await r.json()).error]).toEqual([400, 'the body must be JSON: the input of the call'])
      expect(await post(`${base}/emulator/invoke`, { applicationId: APP, user: { id: '6' }, command: '/x', endpoint: 42 })).toMatchObject({
        error: expect.stringContaining('endpoint must be the URL'),
      })
      // No endpoint: the application's interactionsEndpointUrl would serve (test/cli/emulator-config.test.ts); here the command is unknown first.
      expect(await post(`${base}/emulator/invoke`, { applicationId: APP, user: { id: '6' }, command: '/x', endpoint: () => 0 })).toMatchObject({
        outcome: 'refused',
        code: 'command.unknown',
      })
      expect(await post(`${base}/emulator/invoke`, { applicationId: 'x', user: { id: '6' }, command: '/x', endpoint: 'http://127.0.0.1:1/' })).toMatchObject({
        issues: [{ code: 'snowflake.format', path: ['applicationId'] }],
      })
      expect(await post(`${base}/emulator/invoke`, { applicationId: APP, user: { id: '6' }, command: '/x', endpoint: 'https://example.com/' })).toMatchObject({
        outcome: 'refused',
        code: 'command.unknown',
      })
      expect((await fetch(`${base}/emulator/nothing`)).status).toBe(404)
      expect((await fetch(`${base}/emulator/interactions/1`)).status).toBe(404)
    } finally {
      await server.close()
    }
  })
})
