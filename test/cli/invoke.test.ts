/**
 * `slashkit invoke MODULE '/cmd args' --as USER` (issue 16): one invocation from
 * the shell through `emulator.invoke`, in process with `run`, and through the
 * built executable once.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { run, type CliWorld } from '../../src/cli/run.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const BOT = 'test/cli/fixtures/bot.mjs'

async function invoke(...args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const w: CliWorld = { stdout: (l) => void out.push(l), stderr: (l) => void err.push(l), env: {}, cwd: root }
  // Each run plays one conversation in a new emulator.
  const code = await run(['invoke', BOT, ...args], w)
  return { code, out, err }
}

describe('slashkit invoke', () => {
  it('invokes as a declared user and prints the answer; exit 0', async () => {
    const r = await invoke('/ping', '--as', 'alice')
    expect(r.code).toBe(0)
    expect(r.out[0]).toBe('> /ping  (as alice, in guild 200000000000000002, en-US)')
    expect(r.out[1]).toMatch(/^answered in \d+ ms \(default_permissions\.unset\)$/)
    expect(r.out.join('\n')).toContain('pong, alice (en-US)')
  })

  it('refuses a command the user lacks the permission for, with the reason; exit 1', async () => {
    const r = await invoke('/ban target:@alice', '--as', 'alice')
    expect(r.code).toBe(1)
    expect(r.out[1]).toMatch(/^refused \[access\.default_permissions\.missing\]: \/ban: denied: the member lacks BanMembers/)
    const mod = await invoke('/ban target:@alice reason:spam', '--as', 'mod')
    expect(mod.code).toBe(0)
    expect(mod.out.join('\n')).toContain('mod banned alice for spam')
  })

  it('takes the locale, a DM, and an autocomplete focus', async () => {
    expect((await invoke('/sondear', '--as', 'alice', '--locale', 'es-ES')).out.join('\n')).toContain('pong, alice (es-ES)')
    const dm = await invoke('/ping', '--as', 'alice', '--dm')
    expect(dm.out[0]).toContain('in a DM with the app')
    expect(dm.code).toBe(0)
    const auto = await invoke('/ban reason:sp', '--as', 'mod', '--focused', 'reason')
    expect(auto.out.slice(2)).toEqual(['  choice: Reason: spam = "spam"', '  choice: Reason: spoilers = "spoilers"'])
  })

  it('prints the deferred state, the edit and each follow-up with arrival times, in order', async () => {
    const r = await invoke('/slow steps:2', '--as', 'alice')
    expect(r.code).toBe(0)
    const lines = r.out.slice(2).map((l) => l.replace(/\+\d+ ms/, '+N ms').trim())
    expect(lines).toEqual(['+N ms  callback 5 (thinking…)', '+N ms  original.edit "thought about it"', '+N ms  followup "follow-up 1"', '+N ms  followup "follow-up 2"'])
    const times = r.out.slice(2).map((l) => Number(/\+(\d+) ms/.exec(l)?.[1]))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times[1]).toBeGreaterThanOrEqual(390)
    const ban = await invoke('/ban target:@alice', '--as', 'mod')
    expect(ban.out.at(-1)).toMatch(/followup "\(logged: mod banned alice\)" \(ephemeral\)$/)
  })

  it('says what is wrong with the arguments', async () => {
    expect((await invoke()).code).toBe(2)
    const nobody = await invoke('/ping', '--as', 'nobody')
    expect(nobody.code).toBe(1)
    expect(nobody.err[0]).toContain('--as nobody: no declared user has that id or username (declared: alice, mod)')
    expect((await invoke('/ping days:', '--as', 'alice')).out[1]).toMatch(/^refused \[option\.unknown\]/)
    // --emulator plays at a running emulator, which delivers over HTTP: the module must give the bot's URL.
    const inProcess = await invoke('/ping', '--emulator', 'http://127.0.0.1:1')
    expect(inProcess.code).toBe(1)
    expect(inProcess.err[0]).toBe(
      "test/cli/fixtures/bot.mjs exports no 'endpoint': with --emulator the bot runs as its own process, and the module exports the URL where it receives interactions",
    )
    expect(await invoke('/ping', '--emulator', 'ftp://127.0.0.1:1')).toMatchObject({ code: 2, err: ['--emulator must be an http or https address (was "ftp://127.0.0.1:1")'] })
  })

  it("a misspelt field of the module's world is named with the module, and nothing is delivered (emulator: field.unknown)", async () => {
    const out: string[] = []
    const err: string[] = []
    const w: CliWorld = { stdout: (l) => void out.push(l), stderr: (l) => void err.push(l), env: {}, cwd: root }
    expect(await run(['invoke', 'test/cli/fixtures/typo-world.mjs', '/ping'], w)).toBe(1)
    expect(err[0]).toMatch(/^test\/cli\/fixtures\/typo-world\.mjs: its world, with the flags, is refused by the emulator: 2 issues:\n/)
    expect(err[0]).toContain(
      '  - user.nik is not a field of user (its fields: id, username, globalName, roles, permissions, administrator, adult, nick, member, installed) [field.unknown]',
    )
    expect(out.join('\n')).not.toContain('answered')
  })

  it('context menus: a USER command on a declared user, a MESSAGE command on a message the world declares (issue 27 item 2)', async () => {
    const profile = await invoke('user "Show profile" @mod', '--as', 'alice', '--wait', '50')
    expect(profile.code).toBe(0)
    expect(profile.out[0]).toBe('> user "Show profile" @mod  (as alice, in guild 200000000000000002, en-US)')
    expect(profile.out.join('\n')).toContain('callback 4 "profile of mod"')
    const quote = await invoke('message Quote 900000000000000009', '--as', 'alice', '--wait', '50')
    expect(quote.out.join('\n')).toContain('callback 4 "> hello world"')
    expect((await invoke('message Quote 900000000000000001', '--as', 'alice')).out[1]).toMatch(
      /^refused \[target\.unresolved\]: target 900000000000000001 is not a declared message$/,
    )
    expect((await invoke('user Nope @mod', '--as', 'alice')).out[1]).toMatch(/^refused \[command\.unknown\]/)
  })

  it('one conversation: a poll, a button pressed, values chosen, the components printed as they are (issue 27 item 1)', async () => {
    const r = await invoke('/poll', 'press vote:yes', 'choose side salad Fries', 'press vote:maybe', '--as', 'alice', '--wait', '150')
    const text = r.out.join('\n')
    // The components of each message: buttons with style, custom_id and state; the select with its options.
    expect(r.out.slice(2, 12).map((l) => l.replace(/\+\d+ ms/, '+N ms').trim())).toEqual([
      '+N ms  callback 4 "Lunch?"',
      // Its embed (issue 30): title, colour and link; then indented what it holds.
      'embed "Lunch poll" #5865f2 → https://example.invalid/lunch',
      'author "Canteen"',
      '"No votes yet"',
      '"Where": "Canteen" (inline)',
      '"When": "12:30" (inline)',
      'thumbnail https://example.invalid/lunch.png',
      'footer "One vote each"',
      '[Yes · primary · vote:yes]  [No · danger · vote:no]  [Maybe · secondary · vote:maybe · disabled]  [Menu → https://example.invalid/menu]',
      '<side: Salad=salad | Fries=fries | Soup=soup · pick 1-2>',
    ])
    expect(text).toContain('> press vote:yes  (as alice)')
    expect(text).toMatch(/callback 7 "Lunch\? alice votes yes"\n.*embed "Lunch poll"(.*\n){2}.*"alice: yes"/)
    // A deferred update (6), then the edit of the message it is on.
    expect(text).toMatch(/callback 6\n.*original\.edit "Lunch\? sides: salad, fries"/)
    expect(r.out.at(-1)).toMatch(/^refused \[component\.disabled\]: 'vote:maybe' is disabled/)
    expect(r.code).toBe(1)
  })

  it("press by a button's label: a typed route's custom_id packs values no script can know beforehand", async () => {
    const r = await invoke('/poll', 'press No', '--as', 'alice', '--wait', '50')
    expect(r.out.join('\n')).toMatch(/> press No {2}\(as alice\)\nanswered in \d+ ms\n.*callback 7 "Lunch\? alice votes no"/)
    expect(r.code).toBe(0)
  })

  it('a modal: shown, then filled and submitted with submit (issue 27 item 1)', async () => {
    const r = await invoke('/feedback', 'submit text:"pretty good" mood:happy', '--as', 'mod', '--wait', '50')
    expect(r.code).toBe(0)
    expect(r.out.slice(2, 15).map((l) => l.replace(/\+\d+ ms/, '+N ms').trim())).toEqual([
      '+N ms  callback 9',
      'modal "Feedback" (feedback)',
      'text "What do you think?" paragraph, required, 0-100 characters',
      'label "Mood"',
      '<mood: Happy=happy | Grumpy=grumpy · pick 1>',
      'label "Rating"',
      '(rating: Good=good | Bad=bad · pick one)',
      'label "Liked"',
      '{liked: Speed=speed | Looks=looks · pick 0-2}',
      'label "Subscribe"',
      '[ ] subscribe',
      'label "Screenshot"',
      '<shot: files · pick 0-1>',
    ])
    expect(r.out.join('\n')).toContain('callback 4 "thanks, mod: pretty good (happy)" (ephemeral)')
    // A radio group, a checkbox group and a checkbox (issue 30's modal inputs), as the client submits them.
    const all = await invoke('/feedback', 'submit text:ok mood:grumpy rating:good liked:looks subscribe:true', '--as', 'mod', '--wait', '50')
    expect(all.out.join('\n')).toContain('callback 4 "thanks, mod: ok (grumpy), rated good, liked looks, subscribed" (ephemeral)')
    // A file upload (component 19): a file the world declares, by filename; the app finds it in data.resolved.attachments.
    const shot = await invoke('/feedback', 'submit text:ok mood:happy shot:screen.png', '--as', 'mod', '--wait', '50')
    expect(shot.out.join('\n')).toContain('callback 4 "thanks, mod: ok (happy), with screen.png" (ephemeral)')
    // Several values for one input (a checkbox group, a select in a modal): its name once per value.
    const many = await invoke('/feedback', 'submit text:ok mood:happy liked:speed liked:looks', '--as', 'mod', '--wait', '50')
    expect(many.out.join('\n')).toContain('callback 4 "thanks, mod: ok (happy), liked speed+looks" (ephemeral)')
    const wrong = await invoke('/feedback', 'submit text:ok mood:happy rating:great', '--as', 'mod', '--wait', '50')
    expect(wrong.out.at(-1)).toBe("refused [select.values]: 'great' is not an option of 'rating' (it has good, bad)")
    const hostile = await invoke('/feedback', 'submit text:ok mood:happy __proto__:x', '--as', 'mod', '--wait', '50')
    expect(hostile.out.at(-1)).toMatch(/^refused \[modal\.field\]: '__proto__' is not an input of modal 'feedback'/)
    const refused = await invoke('/feedback', 'submit mood:happy', '--as', 'mod', '--wait', '50')
    expect(refused.out.at(-1)).toBe("refused [modal.required]: 'text' is required")
  })

  it('waits for a deferral past --wait until it is resolved, or says that --max-wait ran out (issue 27 item 4)', async () => {
    // The edit comes 800 ms after the deferral; the app is quiet meanwhile, four times --wait.
    const slow = await invoke('/slow steps:0 delay:800', '--as', 'alice', '--wait', '200')
    expect(slow.out.slice(2).map((l) => l.replace(/\+\d+ ms/, '+N ms').trim())).toEqual(['+N ms  callback 5 (thinking…)', '+N ms  original.edit "thought about it"'])
    const capped = await invoke('/slow steps:0 delay:3000', '--as', 'alice', '--wait', '100', '--max-wait', '300')
    expect(capped.out.at(-1)).toBe('  (still thinking after 300 ms: --max-wait ran out before the deferral was resolved)')
    expect(capped.code).toBe(0)
  })

  it('prints the files of a message under it: name, size, media type (issue 30, "Files")', async () => {
    const r = await invoke('/chart', '--as', 'alice', '--wait', '100')
    expect(r.code).toBe(0)
    expect(r.out.slice(2).map((l) => l.replace(/\+\d+ ms/, '+N ms').trim())).toEqual([
      '+N ms  callback 5 (thinking…)',
      '+N ms  original.edit "Your chart"',
      'file "chart.png" 531 B image/png',
    ])
  })

  it('prints the layout components of a message, nested as they are, and the files they show (issue 30)', async () => {
    const r = await invoke('/card', 'press card:thanks', '--as', 'alice', '--wait', '100')
    expect(r.code).toBe(0)
    const lines = r.out.map((l) =>
      l
        .replace(/^ *\+\d+ ms/, '+N ms')
        .replace(/in \d+ ms/, 'in N ms')
        .trimEnd(),
    )
    expect(lines.slice(3, 20)).toEqual([
      // A layout message (IS_COMPONENTS_V2) has no content by rule: told as a layout, not as "".
      '+N ms  original.edit (layout)',
      '             container #248046',
      '               "Weekly report"',
      '               section',
      '                 "Messages: 1204"',
      '                 "Members: 57"',
      '                 thumbnail attachment://chart.png "Messages per day"',
      '               separator (large)',
      '               media gallery: attachment://chart.png "The chart", https://example.invalid/team.jpg',
      '               file attachment://notes.txt',
      '               [Thanks · success · card:thanks]',
      '               <card:where: channels of types 0 · pick 1>',
      '               <card:who: users · pick 1-2>',
      '             file "chart.png" 531 B image/png',
      '             file "notes.txt" 8 B text/plain',
      '> press card:thanks  (as alice)',
      'answered in N ms',
    ])
    expect(lines.slice(20)).toEqual(['+N ms  callback 4 "you are welcome, alice" (ephemeral)'])
  })

  it('prints what the emulator refused of the app, in its place in time, without the token (issue 30)', async () => {
    const r = await invoke('/news', '--as', 'alice', '--wait', '150')
    expect(r.code).toBe(0)
    expect(r.out.slice(2).map((l) => l.replace(/^ *\+\d+ ms/, '+N ms').trimEnd())).toEqual([
      '+N ms  callback 4 "Today"',
      '+N ms  refused followup: 400 [50035] Invalid Form Body',
      '               body.embeds has 11 embeds; at most 10 are allowed',
    ])
  })

  it('refuses a line it cannot read, before anything runs', async () => {
    const r = await invoke('/ping', 'wave hello', '--as', 'alice')
    expect(r.code).toBe(2)
    expect(r.err[0]).toMatch(/^"wave hello": a line is '\/command …', 'user NAME TARGET'/)
    expect((await invoke('user "Show profile', '--as', 'alice')).err[0]).toContain('a quote is never closed')
    // A label with a space, unquoted (slashkit trial, issue s8): the line says to quote it, with the line to write.
    const unquoted = await invoke('/poll', 'press Lunch poll', '--as', 'alice')
    expect(unquoted.code).toBe(2)
    expect(unquoted.err[0]?.split('\n')[0]).toBe('press takes one button, and "Lunch poll" is 2 words: quote a label with spaces (press "Lunch poll")')
    expect((await invoke('/poll', 'press', '--as', 'alice')).err[0]?.split('\n')[0]).toBe(
      'press takes one button: its custom_id, its label or its route name (press vote:yes, press Sushi, press vote)',
    )
  })

  // Node imports TypeScript from 22.6 with --experimental-strip-types, and by default from 23.6; this machine's Node 20 does not.
  const stripsTypes = (process.features as { typescript?: unknown }).typescript !== undefined
  it.skipIf(stripsTypes)('a TypeScript module Node cannot import: exit 1, and the two ways that work, from the built executable', async () => {
    const failed = (await promisify(execFile)(process.execPath, ['dist/cli.js', 'invoke', 'test/cli/fixtures/typescript-bot.ts', '/ping'], { cwd: root }).catch(
      (e: unknown) => e,
    )) as { code: number; stderr: string }
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain(`test/cli/fixtures/typescript-bot.ts: Node ${process.versions.node} cannot import TypeScript (Unknown file extension ".ts"`)
    expect(failed.stderr).toContain('build it and pass the JavaScript (npx tsc), or run the command under a TypeScript loader (npm i -D tsx')
  })

  it('runs from the built executable', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli.js', 'invoke', BOT, '/ping', '--as', 'mod'], { cwd: root })
    expect(stdout).toContain('pong, mod (en-US)')
  })
})

describe('slashkit dev', () => {
  it('serves the page and the picker on 127.0.0.1 until stopped', async () => {
    const out: string[] = []
    let stop = (): void => {}
    const stopped = new Promise<void>((resolve) => (stop = resolve))
    const running = run(['dev', BOT], { stdout: (l) => void out.push(l), stderr: (l) => void out.push(l), env: {}, cwd: root, stopped })
    while (out.length === 0) await new Promise((r) => setTimeout(r, 20))
    const url = /^slashkit dev: (http:\/\/127\.0\.0\.1:\d+\/) \(application \d+; Ctrl-C stops\)$/.exec(out[0] ?? '')?.[1]
    expect(url).toBeDefined()
    const page = await fetch(url as string)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toContain('<title>slashkit dev</title>')
    const picker = await fetch(`${url}api/picker`, { method: 'POST', body: JSON.stringify({ as: 'alice' }) })
    expect(((await picker.json()) as { name: string; access: { allowed: boolean } }[]).map((e) => [e.name, e.access.allowed])).toEqual([
      ['ping', true],
      ['ban', false],
      ['slow', true],
      ['poll', true],
      ['feedback', true],
      ['chart', true],
      ['card', true],
      ['news', true],
    ])
    expect((await fetch(`${url}api/picker`, { method: 'POST', body: '{' })).status).toBe(400)
    expect((await fetch(`${url}nope`)).status).toBe(404)
    stop()
    expect(await running).toBe(0)
    await expect(fetch(url as string)).rejects.toThrow()
  })

  it('refuses a bad port', async () => {
    const err: string[] = []
    expect(await run(['dev', BOT, '--port', '70000'], { stdout: () => {}, stderr: (l) => void err.push(l), env: {}, cwd: root })).toBe(2)
    expect(err[0]).toMatch(/^dev needs one module/)
  })
})
