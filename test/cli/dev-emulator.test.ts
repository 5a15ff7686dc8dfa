/**
 * `slashkit dev --emulator URL` in chromium (docs/cli.md, `dev`): the page plays at a
 * running `slashkit emulator` for a bot in its own process, as `invoke --emulator`
 * does for scripts. The built emulator and the bot (test/cli/fixtures/own-process-bot.mjs:
 * it deploys there and sends its edits and follow-ups there) each run as a child
 * process on loopback, stopped by their pids. The picker is what that emulator has
 * deployed; the reply, the deferral and its edit with a file, an ephemeral follow-up,
 * a button's update in place and a follow-up that emulator refused (over the public
 * 2000-character limit of a message's content) all arrive on the page.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executablePath, launch } from './chromium.js'
import { devCli, startDev, type DevServer } from '../../src/cli/dev.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const APP = '100000000000000001'
const KEY = '43'.repeat(32)

const started: ChildProcess[] = []

/** Starts `node args` in the repository; resolves with the first match of `ready` in its output. */
function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<RegExpExecArray> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 20 s: ${out}`)), 20_000)
    child.stderr?.on('data', (d: Buffer) => void (out += d.toString()))
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const match = ready.exec(out)
      if (match !== null) {
        clearTimeout(timer)
        resolve(match)
      }
    })
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${out}`)))
  })
}

describe.skipIf(executablePath === undefined)('slashkit dev --emulator: the page at a running emulator, the bot in its own process', () => {
  let dev: DevServer
  let browser: Awaited<ReturnType<typeof launch>>
  let page: Page
  let base: string
  let saved: Record<string, string | undefined> = {}

  beforeAll(async () => {
    const emulator = await start(
      ['dist/cli.js', 'emulator', '--port', '0'],
      { SLASHKIT_EMULATOR_KEY: KEY },
      /listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v10\npublic key: ([0-9a-f]{64})/,
    )
    base = emulator[1] as string
    const bot = await start(
      ['test/cli/fixtures/own-process-bot.mjs'],
      { PUBLIC_KEY: emulator[2] as string, DISCORD_API: `${base}/api/v10`, APPLICATION_ID: APP },
      /bot listening on (\S+)/,
    )
    // The module the page reads: the bot's endpoint and the world (own-process-user.mjs reads them from the environment).
    saved = { BOT_ENDPOINT: process.env.BOT_ENDPOINT, APPLICATION_ID: process.env.APPLICATION_ID }
    process.env.BOT_ENDPOINT = bot[1] as string
    process.env.APPLICATION_ID = APP
    dev = await startDev(root, 'test/cli/fixtures/own-process-user.mjs', 0, 'unused', undefined, base)
    browser = await launch(dev.url)
    page = browser.page
  }, 60_000)

  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
    await browser?.close()
    await dev?.close()
    for (const p of started) if (p.exitCode === null && p.pid !== undefined) process.kill(p.pid, 'SIGTERM')
  })

  const messages = () =>
    page
      .locator('#chat .message')
      .evaluateAll((ms) => ms.map((m) => `${(m as HTMLElement).dataset.kind}: ${m.querySelector('.text')?.textContent}${m.classList.contains('ephemeral') ? ' (ephemeral)' : ''}`))
  const sendLine = async (text: string) => {
    await page.fill('#line', text)
    await expect.poll(() => page.textContent('#problem')).toBe('')
    await page.click('#send')
  }

  it('the picker lists what that emulator has deployed (the bot deployed it, nothing was deployed by dev)', async () => {
    await page.fill('#line', '/')
    await expect
      .poll(() => page.locator('#picker .picker-item').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.name)))
      .toEqual(['ping', 'poll', 'long', 'chart'])
  })

  it('the reply and the follow-up the bot sent to that emulator arrive in order, the ephemeral one marked', async () => {
    await sendLine('/ping')
    await expect.poll(messages, { timeout: 10_000 }).toEqual(['user: /ping', 'reply: pong, alice', 'followup: and a follow-up (ephemeral)'])
  })

  it("a button's press is delivered there and the bot's update changes the message in place", async () => {
    await sendLine('/poll question:Lunch?')
    const poll = page.locator('#chat .message[data-kind="reply"]').filter({ hasText: 'Lunch?' })
    await expect.poll(() => poll.locator('.component.button').allTextContents(), { timeout: 10_000 }).toEqual(['Yes'])
    await poll.locator('.component.button').click()
    await expect.poll(() => page.locator('#chat .message[data-kind="reply"]').last().textContent(), { timeout: 10_000 }).toContain('voted yes (alice)')
    expect(await page.locator('#chat .message[data-kind="reply"]').filter({ hasText: 'Lunch?' }).count()).toBe(0)
  })

  it('a deferral shows "thinking", then the edit with its file, previewed from that emulator', async () => {
    await sendLine('/chart')
    const last = () => page.locator('#chat .message').evaluateAll((ms) => ms.slice(-1).map((m) => `${(m as HTMLElement).dataset.kind}: ${m.querySelector('.text')?.textContent}`))
    await expect.poll(last, { timeout: 10_000 }).toEqual(['reply: Your chart'])
    const chart = page.locator('#chat .message').last()
    expect(await chart.locator('.file-chip').allTextContents()).toEqual(['dot.png70 B · image/png'])
    const preview = chart.locator('img.preview')
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(1)
  })

  it('a follow-up that emulator refused is said in the conversation, with the status and the reason', async () => {
    await sendLine('/long')
    await expect.poll(() => page.locator('#chat .message[data-kind="system"]').last().textContent(), { timeout: 10_000 }).toMatch(/refused the app's followup: 400 \[50035\].*2000/)
  })

  it('the dev server passes on what that emulator refused, and says so when it is gone', async () => {
    const call = (path: string, body: unknown) => fetch(new URL(path, dev.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const unknown = await call('/api/press', { customId: 'nothing-has-this' })
    expect(unknown.status).toBe(200)
    expect(await unknown.json()).toMatchObject({ outcome: 'refused' })
    const gone = await startDev(root, 'test/cli/fixtures/own-process-user.mjs', 0, 'unused', undefined, 'http://127.0.0.1:1')
    try {
      const r = await fetch(new URL('/api/picker', gone.url), { method: 'POST', body: '{}' })
      expect(r.status).toBe(502)
      expect((await r.json()).error).toMatch(/--emulator http:\/\/127\.0\.0\.1:1: \/emulator\/picker could not be reached .*is slashkit emulator running there\?/)
    } finally {
      await gone.close()
    }
    // A second close waits for the first (before: node:http's ERR_SERVER_NOT_RUNNING).
    await expect(gone.close()).resolves.toBeUndefined()
  })

  it('dev --emulator refuses an address that is not one (exit 2), and says where it plays', async () => {
    const err: string[] = []
    const code = await devCli(['test/cli/fixtures/own-process-user.mjs'], { emulator: 'not a url' }, { stdout: () => {}, stderr: (l) => err.push(l), cwd: root, key: KEY }, 'usage')
    expect(code).toBe(2)
    expect(err[0]).toContain('--emulator must be the address of a running slashkit emulator')
    const out: string[] = []
    const stopped = Promise.resolve()
    expect(
      await devCli(['test/cli/fixtures/own-process-user.mjs'], { emulator: base }, { stdout: (l) => out.push(l), stderr: () => {}, cwd: root, key: KEY, stopped }, 'usage'),
    ).toBe(0)
    expect(out[1]).toBe(`playing the user at ${base}, delivering to ${process.env.BOT_ENDPOINT}`)
  })
})
