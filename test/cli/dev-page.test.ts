/**
 * `slashkit dev`'s page in a real browser: Debian's chromium driven by
 * playwright-core (scripts/setup/chromium.sh installs it; under CI=true a missing
 * chromium fails, never skips). A user without BanMembers does not see /ban (spec
 * "Command permission endpoints" rule 3); one with it types the command, picks an
 * autocomplete suggestion ("Other command rules" 5), sends, and sees the reply and
 * the follow-up. A screenshot of each state goes to test-artifacts/dev-page/.
 */
import { mkdirSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executablePath, launch } from './chromium.js'
import { startDev, type DevServer } from '../../src/cli/dev.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const artifacts = join(root, 'test-artifacts', 'dev-page')

describe.skipIf(executablePath === undefined)('slashkit dev: the page in chromium', () => {
  let dev: DevServer
  let browser: Awaited<ReturnType<typeof launch>>
  let page: Page
  const requested: string[] = []

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true })
    dev = await startDev(root, 'test/cli/fixtures/bot.mjs', 0, '42'.repeat(32))
    browser = await launch(dev.url, (p) => p.on('request', (r) => requested.push(r.url())))
    page = browser.page
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await dev?.close()
  })

  const shot = (name: string) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true })
  const pickerNames = () => page.locator('#picker .picker-item').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.name))

  it('a user without BanMembers does not see /ban in the picker', async () => {
    await page.selectOption('#user', { label: 'alice' })
    await page.fill('#line', '/')
    await expect.poll(pickerNames).toEqual(['ping', 'slow', 'poll', 'feedback', 'chart', 'card', 'news'])
    await shot('1-alice-picker-without-ban')
  })

  it('the picker is localized: an es-ES user sees /sondear', async () => {
    await page.selectOption('#locale', 'es-ES')
    await page.fill('#line', '')
    await page.fill('#line', '/')
    await expect.poll(pickerNames).toEqual(['sondear', 'slow', 'poll', 'feedback', 'chart', 'card', 'news'])
    await page.selectOption('#locale', 'en-US')
  })

  it('a user with it picks /ban, sees its options, gets autocomplete suggestions and the value checks', async () => {
    await page.selectOption('#user', { label: 'mod' })
    await page.fill('#line', '')
    await page.fill('#line', '/')
    await expect.poll(pickerNames).toEqual(['ping', 'ban', 'slow', 'poll', 'feedback', 'chart', 'card', 'news'])
    await shot('2-mod-picker-with-ban')
    await page.click('#picker .picker-item[data-name="ban"]')
    await expect.poll(() => page.inputValue('#line')).toBe('/ban ')
    // The options in order, the required one marked.
    await expect
      .poll(() => page.locator('#options .option').evaluateAll((os) => os.map((o) => `${(o as HTMLElement).dataset.option}${o.classList.contains('required') ? '*' : ''}`)))
      .toEqual(['target*', 'reason'])
    await page.type('#line', 'reason:sp')
    await expect.poll(() => page.locator('#suggestions .suggestion').allTextContents()).toEqual(['Reason: spam', 'Reason: spoilers'])
    // The client's check: target is required, so Send is off.
    await expect.poll(() => page.textContent('#problem')).toContain("'target' is required")
    expect(await page.isDisabled('#send')).toBe(true)
    await shot('3-autocomplete-and-check')
    await page.click('#suggestions .suggestion[data-value="spam"]')
    await expect.poll(() => page.inputValue('#line')).toBe('/ban reason:spam ')
    await page.type('#line', 'target:@alice')
    await expect.poll(() => page.textContent('#problem')).toBe('')
    expect(await page.isDisabled('#send')).toBe(false)
  })

  it('sends: the reply, then the ephemeral follow-up, appear in order', async () => {
    await page.click('#send')
    const messages = () =>
      page
        .locator('#chat .message')
        .evaluateAll((ms) =>
          ms.map((m) => `${(m as HTMLElement).dataset.kind}: ${m.querySelector('.text')?.textContent}${m.classList.contains('ephemeral') ? ' (ephemeral)' : ''}`),
        )
    await expect
      .poll(messages, { timeout: 5000 })
      .toEqual(['user: /ban reason:spam target:@alice', 'reply: mod banned alice for spam', 'followup: (logged: mod banned alice) (ephemeral)'])
    await shot('4-reply-and-follow-up')
  })

  it('a deferred command shows "thinking", then the edit and the follow-up', async () => {
    await page.fill('#line', '/slow steps:1')
    await expect.poll(() => page.textContent('#problem')).toBe('')
    await page.click('#send')
    const last = () => page.locator('#chat .message').evaluateAll((ms) => ms.slice(3).map((m) => `${(m as HTMLElement).dataset.kind}: ${m.querySelector('.text')?.textContent}`))
    // The app defers (callback 5) and edits 400 ms later: first the "thinking" state.
    await expect.poll(last, { timeout: 2000, interval: 20 }).toEqual(['user: /slow steps:1', 'thinking: is thinking…'])
    await shot('5-deferred-thinking')
    await expect.poll(last, { timeout: 5000 }).toEqual(['user: /slow steps:1', 'reply: thought about it', 'followup: follow-up 1'])
    await shot('6-deferred-edit-follow-up')
  })

  it('renders the components of a reply: buttons with style and state, a select with its options (issue 27 item 1)', async () => {
    await page.fill('#line', '/poll')
    await expect.poll(() => page.textContent('#problem')).toBe('')
    await page.click('#send')
    const poll = page.locator('#chat .message[data-kind="reply"]').filter({ hasText: 'Lunch?' }).last()
    await expect.poll(() => poll.locator('.component.button').allTextContents(), { timeout: 5000 }).toEqual(['Yes', 'No', 'Maybe'])
    expect(await poll.locator('.component.button[data-custom-id="vote:maybe"]').isDisabled()).toBe(true)
    expect(await poll.locator('.component.button[data-custom-id="vote:yes"]').getAttribute('class')).toContain('style-1')
    expect(await poll.locator('.component.select select option').allTextContents()).toEqual(['Salad', 'Fries', 'Soup'])
    // A link button is a link, opened in a new tab by the user, never fetched by the page.
    const menu = poll.locator('a.component.link')
    expect([await menu.textContent(), await menu.getAttribute('href'), await menu.getAttribute('target'), await menu.getAttribute('rel')]).toEqual([
      'Menu ↗',
      'https://example.invalid/menu',
      '_blank',
      'noopener noreferrer',
    ])
    // Its embed (issue 30): colour bar, author, linked title, description, inline fields, thumbnail, footer.
    const embed = poll.locator('.embed')
    expect(await embed.count()).toBe(1)
    expect(await embed.evaluate((e) => getComputedStyle(e).borderLeftColor)).toBe('rgb(88, 101, 242)')
    expect(await embed.locator('.embed-author').textContent()).toBe('Canteen')
    expect([await embed.locator('.embed-title a').textContent(), await embed.locator('.embed-title a').getAttribute('href')]).toEqual([
      'Lunch poll',
      'https://example.invalid/lunch',
    ])
    expect(await embed.locator('.embed-description').textContent()).toBe('No votes yet')
    expect(await embed.locator('.embed-field.inline').evaluateAll((fs) => fs.map((f) => [f.children[0]?.textContent, f.children[1]?.textContent]))).toEqual([
      ['Where', 'Canteen'],
      ['When', '12:30'],
    ])
    // A thumbnail on another host is a link, not an image: the page loads nothing from the network.
    expect(await embed.locator('.embed-thumbnail.external a').getAttribute('href')).toBe('https://example.invalid/lunch.png')
    expect(await embed.locator('img').count()).toBe(0)
    expect(await embed.locator('.embed-footer').textContent()).toBe('One vote each')
    await shot('7-components')
  })

  it('a click on a button delivers it; the UPDATE_MESSAGE answer changes the message in place', async () => {
    const poll = page.locator('#chat .message[data-kind="reply"]').filter({ hasText: 'Lunch?' }).last()
    const id = await poll.getAttribute('data-id')
    await poll.locator('.component.button[data-custom-id="vote:yes"]').click()
    const updated = page.locator(`#chat .message[data-id="${id}"] .text`)
    await expect.poll(() => updated.textContent(), { timeout: 5000 }).toBe('Lunch? mod votes yes')
    expect(await page.locator(`#chat .message[data-id="${id}"]`).count()).toBe(1)
    // The embed of the update replaced the old one.
    expect(await page.locator(`#chat .message[data-id="${id}"] .embed .embed-description`).allTextContents()).toEqual(['mod: yes'])
    await shot('8-button-updated-the-message')
  })

  it('values chosen in a select: the deferred update, then the edit of that message', async () => {
    const poll = page.locator('#chat .message[data-kind="reply"]').filter({ hasText: 'Lunch?' }).last()
    const id = await poll.getAttribute('data-id')
    await poll.locator('.component.select select').selectOption(['salad', 'soup'])
    await poll.locator('.component.select .choose').click()
    await expect.poll(() => page.locator(`#chat .message[data-id="${id}"] .text`).textContent(), { timeout: 5000 }).toBe('Lunch? sides: salad, soup')
  })

  it('a modal the app opens is a dialog: filled, submitted, and answered', async () => {
    await page.fill('#line', '/feedback')
    await expect.poll(() => page.textContent('#problem')).toBe('')
    await page.click('#send')
    await page.waitForSelector('#modal[open]', { timeout: 5000 })
    expect(await page.textContent('#modal-title')).toBe('Feedback')
    await shot('9-modal')
    await page.fill('#modal [data-custom-id="text"]', 'lovely page')
    await page.selectOption('#modal select[data-custom-id="mood"]', 'happy')
    // Issue 30's modal inputs: a radio group, a checkbox group and a checkbox, drawn as boxes to tick.
    await page.check('#modal fieldset[data-custom-id="rating"] input[value="good"]')
    await page.check('#modal fieldset[data-custom-id="liked"] input[value="speed"]')
    await page.check('#modal fieldset[data-custom-id="liked"] input[value="looks"]')
    await page.check('#modal input[type="checkbox"][data-custom-id="subscribe"]')
    // A file upload (component 19) offers the files the world declares.
    await page.selectOption('#modal select[data-custom-id="shot"]', { label: 'screen.png' })
    await page.click('#modal-submit')
    const last = () =>
      page
        .locator('#chat .message')
        .evaluateAll((ms) =>
          ms.slice(-1).map((m) => `${(m as HTMLElement).dataset.kind}: ${m.querySelector('.text')?.textContent}${m.classList.contains('ephemeral') ? ' (ephemeral)' : ''}`),
        )
    await expect.poll(last, { timeout: 5000 }).toEqual(['reply: thanks, mod: lovely page (happy), rated good, liked speed+looks, subscribed, with screen.png (ephemeral)'])
    expect(await page.locator('#modal[open]').count()).toBe(0)
    await shot('10-modal-submitted')
  })

  it("a refused submit is said in the conversation: a required input left empty is the client's refusal", async () => {
    await page.fill('#line', '/feedback')
    await expect.poll(() => page.textContent('#problem')).toBe('')
    await page.click('#send')
    await page.waitForSelector('#modal[open]', { timeout: 5000 })
    // The browser's own check holds an empty required field; without it, the emulator's refuses.
    await page.locator('#modal [data-custom-id="text"]').evaluate((e) => e.removeAttribute('required'))
    await page.click('#modal-submit')
    const last = () => page.locator('#chat .message').evaluateAll((ms) => ms.slice(-1).map((m) => m.querySelector('.text')?.textContent))
    await expect.poll(last, { timeout: 5000 }).toEqual(["refused [modal.required]: 'text' is required"])
  })

  it('a message with a file: a chip with its name, size and type, and the image previewed (issue 30, "Files")', async () => {
    await page.fill('#line', '/chart')
    await expect.poll(() => page.textContent('#problem')).toBe('')
    await page.click('#send')
    const chart = page.locator('#chat .message[data-kind="reply"]').filter({ hasText: 'Your chart' }).last()
    await expect.poll(() => chart.locator('.file-chip').allTextContents(), { timeout: 5000 }).toEqual(['chart.png531 B · image/png'])
    const preview = chart.locator('img.preview')
    // Drawn by the browser: the 16x16 PNG the app uploaded, byte for byte, through the dev server.
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth), { timeout: 5000 }).toBe(16)
    await shot('11-file-chip-and-preview')
    const src = new URL((await preview.getAttribute('src')) as string, dev.url)
    const image = await fetch(src)
    expect([image.status, image.headers.get('content-type'), image.headers.get('x-content-type-options')]).toEqual([200, 'image/png', 'nosniff'])
    expect((await image.arrayBuffer()).byteLength).toBe(531)
    expect((await fetch(new URL('/api/file?id=1', dev.url))).status).toBe(404)
  })

  it('the layout components (issue 30): a container with its colour, a section and its thumbnail, a gallery, a file, a separator, a button', async () => {
    await page.fill('#line', '/card')
    await expect.poll(() => page.textContent('#problem')).toBe('')
    await page.click('#send')
    const card = page
      .locator('#chat .message[data-kind="reply"]')
      .filter({ has: page.locator('.component.type-17') })
      .last()
    const container = card.locator('.component.type-17')
    await expect.poll(() => container.count(), { timeout: 5000 }).toBe(1)
    expect(await container.evaluate((e) => getComputedStyle(e).borderLeftColor)).toBe('rgb(36, 128, 70)')
    expect(await container.locator(':scope > .text-display').textContent()).toBe('Weekly report')
    const section = container.locator('.component.type-9')
    expect(await section.locator('.section-texts .text-display').allTextContents()).toEqual(['Messages: 1204', 'Members: 57'])
    // Images of the message's own files are drawn (served by the dev server); another host's only linked.
    const thumb = section.locator('.component.thumbnail img')
    await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth), { timeout: 5000 }).toBe(16)
    expect(await thumb.getAttribute('alt')).toBe('Messages per day')
    const gallery = container.locator('.component.gallery')
    expect(await gallery.locator('img').count()).toBe(1)
    expect(await gallery.locator('.external a').getAttribute('href')).toBe('https://example.invalid/team.jpg')
    expect(await container.locator('.component.file-component .file-chip').allTextContents()).toEqual(['notes.txt8 B · text/plain'])
    expect(await container.locator('hr.component.separator.large').count()).toBe(1)
    // Entity selects: a channel select offers the world's channels of its channel_types (not the voice
    // channel), one value; a user select with max_values 2 takes several, its default_values chosen.
    const where = container.locator('select[data-custom-id="card:where"]')
    expect([await where.locator('option').allTextContents(), await where.evaluate((e) => (e as HTMLSelectElement).multiple)]).toEqual([['#general'], false])
    const who = container.locator('select[data-custom-id="card:who"]')
    expect(await who.evaluate((e) => [(e as HTMLSelectElement).multiple, Array.from((e as HTMLSelectElement).selectedOptions, (o) => o.textContent)])).toEqual([true, ['@alice']])
    await shot('12-layout-components')
    await container.locator('.component.button[data-custom-id="card:thanks"]').click()
    const last = () =>
      page
        .locator('#chat .message')
        .evaluateAll((ms) => ms.slice(-1).map((m) => `${m.querySelector('.text')?.textContent}${m.classList.contains('ephemeral') ? ' (ephemeral)' : ''}`))
    await expect.poll(last, { timeout: 5000 }).toEqual(['you are welcome, mod (ephemeral)'])
  })

  it('a message of the app over a public limit: the emulator refuses it, and the page says so (issue 30)', async () => {
    await page.fill('#line', '/news')
    await expect.poll(() => page.textContent('#problem')).toBe('')
    await page.click('#send')
    const last = () => page.locator('#chat .message').evaluateAll((ms) => ms.slice(-2).map((m) => `${(m as HTMLElement).dataset.kind}: ${m.querySelector('.text')?.textContent}`))
    await expect
      .poll(last, { timeout: 5000 })
      .toEqual(['reply: Today', "system: refused the app's followup: 400 [50035] Invalid Form Body; body.embeds has 11 embeds; at most 10 are allowed"])
  })

  it('the page loaded nothing but the dev server (no network beyond loopback)', () => {
    expect(requested.length).toBeGreaterThan(5)
    expect(requested.filter((u) => !u.startsWith(dev.url))).toEqual([])
  })

  it('answers only requests addressed to 127.0.0.1 (a page elsewhere naming this port gets 403)', async () => {
    const port = new URL(dev.url).port
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/world', headers: { host: `evil.example:${port}` } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })
})
