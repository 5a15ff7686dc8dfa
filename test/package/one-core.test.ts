/**
 * One core in a bundle of `slashkit` beside `slashkit/testing` and `slashkit/emulator`
 * (DESIGN.md "Layers": the package ships ESM and CJS; the core runs in browsers and
 * workers). Those two entries are shipped once, as CJS (scripts/slim-dist.mjs), and
 * their CJS requires the core as `#internal` (package.json's `imports`): a bundler
 * (the `module` or `browser` condition) takes the ESM core there, the same module the
 * root's ESM imports, and Node the CJS core. Before, they required `./internal.cjs`, so
 * such a bundle held the core twice, two `ValidationError` classes and all: 87,982 B
 * gzip for a page bundle of the three (esbuild, minified), 74,034 B with one core.
 * Runs against dist/ (built by `npm test` before vitest).
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type BuildOptions } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** The three entries in one bundle, as a user's bundler makes it; `check` runs in the bundle and prints what it finds. */
async function bundleOfThree(options: BuildOptions, check = '') {
  const out = await build({
    stdin: {
      contents: `import { slash, ValidationError } from 'slashkit'
import { fakeInteraction } from 'slashkit/testing'
import { createEmulator } from 'slashkit/emulator'
export const used = [slash, ValidationError, fakeInteraction, createEmulator]
${check}`,
      resolveDir: root,
      loader: 'js',
    },
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['node:*'],
    ...options,
  })
  const code = out.outputFiles?.[0]?.text ?? ''
  const core = Object.keys(out.metafile?.inputs ?? {}).filter((p) => /^dist\/internal/.test(p))
  return { code, core, classes: code.match(/\bValidationError = class\b/g)?.length ?? 0, gzip: gzipSync(code).length }
}

describe('one core in a bundle of slashkit, slashkit/testing and slashkit/emulator', () => {
  it.each([
    ['a page (browser)', { platform: 'browser' }],
    ["a worker (wrangler's conditions)", { platform: 'browser', conditions: ['workerd', 'worker', 'browser'] }],
    ['a Node program (node)', { platform: 'node' }],
  ] satisfies [string, BuildOptions][])('%s: the ESM core once, none of the CJS core', async (_, options) => {
    const b = await bundleOfThree(options)
    expect(b.core).toEqual(['dist/internal.js'])
    expect(b.classes).toBe(1)
  })

  it("is one module at run time: slashkit/testing's fakeInteraction is the core's, the one slashkit/internal's ESM holds", async () => {
    const check = `import { fakeInteraction as ofCore } from 'slashkit/internal'
process.stdout.write(JSON.stringify({ same: fakeInteraction === ofCore, payload: fakeInteraction(slash('ping', 'Pong'), {}).data.name }))`
    const b = await bundleOfThree({ platform: 'node' }, check)
    const ran = JSON.parse(execFileSync(process.execPath, ['--input-type=module'], { input: b.code, encoding: 'utf8' })) as unknown
    expect(ran).toEqual({ same: true, payload: 'ping' })
  })

  it("leaves Node's own loading as it was: require and import of the three work, the CJS core for require", () => {
    const program = `const root = require('slashkit'); const t = require('slashkit/testing'); const e = require('slashkit/emulator')
process.stdout.write([typeof root.slash, typeof t.fakeInteraction, typeof e.createEmulator, Object.keys(require.cache).some((f) => f.endsWith('internal-base.cjs'))].join(' '))`
    expect(execFileSync(process.execPath, ['-e', program], { cwd: root, encoding: 'utf8' })).toBe('function function function true')
    const esm = `const [t, e] = await Promise.all([import('slashkit/testing'), import('slashkit/emulator')]); process.stdout.write(typeof t.fakeInteraction + ' ' + typeof e.createEmulator)`
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', esm], { cwd: root, encoding: 'utf8' })).toBe('function function')
  })
})
