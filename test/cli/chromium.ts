/**
 * Debian's chromium for the dev-page tests, driven by playwright-core
 * (scripts/setup/chromium.sh installs it; under CI=true a missing chromium fails,
 * never skips): where it is, and a headless context on a fresh profile that
 * `close` removes.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium as playwright, type BrowserContext, type Page } from 'playwright-core'

function chromiumPath(): string | undefined {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

/** The chromium executable, or undefined (then the page tests are skipped, outside CI). */
export const executablePath = chromiumPath()
if (executablePath === undefined && process.env.CI === 'true') throw new Error('chromium is missing: bash scripts/setup.sh installs it (apt-get install chromium)')

/**
 * A headless chromium on a new profile, its first page at the dev page `url` once
 * the page is ready (`prepare` runs before it loads), and a `close` that stops it
 * and removes the profile.
 */
export async function launch(url: string, prepare?: (page: Page) => void): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'slashkit-chromium-'))
  const context = await playwright.launchPersistentContext(profile, {
    executablePath: executablePath as string,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  const page = context.pages()[0] ?? (await context.newPage())
  prepare?.(page)
  await page.goto(url)
  await page.waitForSelector('body[data-ready="true"]')
  return {
    context,
    page,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
