/**
 * Install closure (issue 29, "the install smaller"): what `npm install slashkit`
 * unpacks, as `npm pack` counts it, stays under a ceiling, and the duplicates the
 * build used to ship stay out: the CLI bundled twice (ESM and CJS), the emulator
 * and the REST client bundled again into the CLI, the declarations written twice
 * (`.d.ts` for ESM, `.d.cts` for CJS). 1,653,055 B unpacked before (56 files),
 * 1,049,296 B after. Runs against dist/ (test/support/global-setup.ts builds it).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/**
 * The ceiling: 1,049,296 B at issue 29's first change; the messages, components
 * and routes of issue 30 and the types of issue 26 took it to about 1,410,000 B,
 * building with `minifySyntax` (tsup.config.ts) back to 1,380,249 B, and the CJS
 * core in area files loaded on first use (tsup.config.ts, buildCjsCore; each area
 * exports every name of its files) to 1,417,208 B. This is that figure and room
 * for about 20 KB of new code (the core is shipped twice, ESM and CJS, with its
 * declarations). The issue's target is 1.2 MB (not met: see the README's
 * Performance section); raise this with the figure in the commit. Issue 30's
 * second round (component routes in createHandler, files end to end, the dev page
 * drawing embeds and components) and issue 26's description and bound checks:
 * 1,528,857 B.
 */
const INSTALL_LIMIT = 1_545_000

type Packed = { unpackedSize: number; files: { path: string; size: number }[] }
const packed = (): Packed => (JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as Packed[])[0]!

describe('install closure', () => {
  const pack = packed()
  const paths = pack.files.map((f) => f.path)

  it(`unpacks to at most ${INSTALL_LIMIT.toLocaleString('en')} bytes (1,653,055 before issue 29)`, () => {
    expect(pack.unpackedSize).toBe(pack.files.reduce((n, f) => n + f.size, 0))
    expect(pack.unpackedSize).toBeLessThanOrEqual(INSTALL_LIMIT)
  })

  it('ships the CLI once, as the ESM file package.json names, loading the emulator and the client from their entries', () => {
    expect(paths).toContain('dist/cli.js')
    expect(paths.filter((p) => p.startsWith('dist/cli.'))).toEqual(['dist/cli.js'])
    const cli = readFileSync(join(root, 'dist/cli.js'), 'utf8')
    for (const entry of ['./internal.js', './emulator.js', './rest.js']) expect(cli).toContain(`from "${entry}"`)
    // Code of the emulator (its route table) and of the client is not bundled again.
    expect(cli).not.toMatch(/\bfunction createEmulator\b|\bfunction createClient\b/)
  })

  it('ships one set of declarations: each ESM entry re-exports its .d.cts twin, and no .d.ts chunk', () => {
    const dts = paths.filter((p) => p.endsWith('.d.ts'))
    expect(dts.length).toBeGreaterThanOrEqual(7)
    for (const file of dts) {
      const twin = file.replace(/^dist\//, './').replace(/\.d\.ts$/, '.cjs')
      expect(readFileSync(join(root, file), 'utf8'), file).toBe(`export * from '${twin}'\n`)
      expect(paths, file).toContain(file.replace(/\.d\.ts$/, '.d.cts'))
    }
  })

  it('ships the dev page the CLI serves, and no source maps', () => {
    expect(paths).toContain('dist/dev-page.html')
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([])
  })
})
