/**
 * Install closure (issue 29, "the install smaller"): what `npm install slashkit`
 * unpacks, as `npm pack` counts it, stays under a ceiling, and the duplicates the
 * build used to ship stay out: the CLI bundled twice (ESM and CJS), the emulator
 * and the REST client bundled again into the CLI, the declarations written twice
 * (`.d.ts` for ESM, `.d.cts` for CJS), the emulator, slashkit/testing and
 * slashkit/redis built twice (one CJS copy, loaded by one-line ES modules), and the
 * whitespace and comments of the JavaScript, the declarations' indentation (a tab a level)
 * (scripts/slim-dist.mjs), and the doc comments of declarations no entry exports
 * (scripts/hidden-docs.mjs). 1,653,055 B unpacked before (56 files), 1,188,453 B
 * after (53); 1,186,896 B after issue 29's fourth round. Runs against dist/
 * (test/support/global-setup.ts builds it).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { INSTALL_LIMIT, packed } from '../../bench/install.mjs'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** Longest line in a shipped JavaScript file: esbuild's soft `lineLimit` of 200 (scripts/slim-dist.mjs) lets a line end a little after it. */
const LINE_MAX = 400

describe('install closure', () => {
  const pack = packed()
  const paths = pack.files.map((f) => f.path)

  it(`unpacks to at most ${INSTALL_LIMIT.toLocaleString('en')} bytes (1,653,055 before issue 29)`, () => {
    expect(INSTALL_LIMIT).toBe(1_200_000)
    expect(pack.unpackedSize).toBe(pack.files.reduce((n, f) => n + f.size, 0))
    expect(pack.unpackedSize).toBeLessThanOrEqual(INSTALL_LIMIT)
  })

  it('ships the CLI once, as the ESM file package.json names, loading the emulator and the client from their entries', () => {
    expect(paths).toContain('dist/cli.js')
    expect(paths.filter((p) => p.startsWith('dist/cli.'))).toEqual(['dist/cli.js'])
    const cli = readFileSync(join(root, 'dist/cli.js'), 'utf8')
    for (const entry of ['./internal.js', './emulator.js', './rest.js']) expect(cli).toMatch(new RegExp(`from\\s*"${entry.replaceAll('.', '\\.')}"`))
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
    // Not minified (editors show them): JSDoc and examples kept, a level indented by a tab.
    const declarations = paths.filter((p) => p.endsWith('.d.cts')).map((p) => readFileSync(join(root, p), 'utf8'))
    expect(declarations.join('').match(/@example/g)?.length ?? 0).toBeGreaterThan(100)
    const firstLevel = declarations.flatMap((text) => text.split('\n').flatMap((line, i, lines) => (/^\S.*\{$/.test(line) ? [lines[i + 1] ?? ''] : [])))
    expect(firstLevel.length).toBeGreaterThan(100)
    for (const line of firstLevel) expect(line).toMatch(/^(?:\t\S|\}|$)/)
  })

  it('ships the dev page the CLI serves, and no source maps', () => {
    expect(paths).toContain('dist/dev-page.html.gz')
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([])
  })

  it('ships the emulator, slashkit/testing and slashkit/redis once: two one-line ES modules load the CJS build, one module for both', () => {
    for (const entry of ['emulator', 'testing', 'redis']) {
      // For Node: the CJS file through require (the ESM loader's translation of CommonJS took 67 ms for the emulator).
      expect(readFileSync(join(root, `dist/${entry}.js`), 'utf8'), entry).toMatch(
        new RegExp(
          `^// [^\\n]*\\nimport \\{ createRequire \\} from 'node:module';\\nexport const \\{ [\\w$, ]+ \\} = createRequire\\(import\\.meta\\.url\\)\\('\\./${entry}\\.cjs'\\);\\n$`,
        ),
      )
      // For bundlers: a static re-export they follow.
      expect(readFileSync(join(root, `dist/${entry}.module.js`), 'utf8'), entry).toMatch(new RegExp(`^// [^\\n]*\\nexport \\{ [\\w$, ]+ \\} from '\\./${entry}\\.cjs';\\n$`))
    }
    // In Node itself (vitest loads modules its own way): the same names, and the very
    // same objects from import, require and the bundlers' file, so one process has one emulator module.
    const program = `
      const { createRequire } = await import('node:module')
      const require = createRequire(process.cwd() + '/')
      const out = {}
      for (const entry of ['emulator', 'testing', 'redis']) {
        const esm = await import('slashkit/' + entry)
        const cjs = require('slashkit/' + entry)
        const module = await import('./dist/' + entry + '.module.js')
        const keys = (m) => Object.keys(m).sort().join()
        out[entry] = { names: keys(esm), same: [cjs, module].every((m) => keys(m) === keys(esm) && Object.keys(m).every((k) => esm[k] === m[k])) }
      }
      process.stdout.write(JSON.stringify(out))`
    type Seen = Record<string, { names: string; same: boolean }>
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: root, encoding: 'utf8' })) as Seen
    expect(out.emulator?.names).toContain('createEmulator,emulatorConfig,formatConfigIssues,startEmulator')
    expect(out.testing?.names).toContain('fakeInteraction')
    expect(out.redis?.names).toContain('createRedisStore')
    for (const entry of ['emulator', 'testing', 'redis']) expect(out[entry]?.same, entry).toBe(true)
  })

  it('a bundler takes the emulator through its module file, with the ESM core (`#internal`), and the bundle runs', async () => {
    // No shipped file requires a variable (a bundler cannot follow one).
    for (const file of paths.filter((p) => /\.c?js$/.test(p))) expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/\brequire\(\s*[A-Za-z_$][\w$]*\s*\)/)
    const contents = `import { createEmulator } from 'slashkit/emulator'
      const emulator = createEmulator()
      const { id, token } = emulator.interactions.open('100000000000000001')
      const res = await emulator.fetch(emulator.baseUrl + '/interactions/' + id + '/' + token + '/callback', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 4, data: { content: 'hi' } }) })
      process.stdout.write(String(res.status))`
    const out = await build({
      stdin: { contents, resolveDir: root, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.keys(out.metafile.inputs)
    expect(inputs).toContain('dist/emulator.module.js')
    expect(inputs).not.toContain('dist/emulator.js')
    // The emulator's CJS build requires the core as `#internal`: a bundler takes the ESM core, the one `slashkit` is,
    // not the CJS areas (test/package/one-core.test.ts). The callback's checks are there (204: taken).
    expect(inputs).toContain('dist/internal.js')
    expect(inputs.filter((p) => p.startsWith('dist/internal') && p.endsWith('.cjs'))).toEqual([])
    expect(execFileSync(process.execPath, ['--input-type=module'], { input: out.outputFiles[0]?.text, encoding: 'utf8' })).toBe('204')
    // The same for a CommonJS program bundled with the root: its areas load on first use (the require of a variable failed there too).
    const cjs = await build({
      stdin: { contents: "const s = require('slashkit'); process.stdout.write(typeof s.parse + ' ' + s.localizeAll.name)", resolveDir: root, loader: 'js' },
      bundle: true,
      format: 'cjs',
      platform: 'node',
      write: false,
      logLevel: 'silent',
    })
    expect(execFileSync(process.execPath, ['-'], { input: cjs.outputFiles[0]?.text, encoding: 'utf8' })).toBe('function localizeAll')
  })

  it('ships the JavaScript minified to short lines, keeping the names a stack trace shows and the annotations bundlers tree-shake by', () => {
    for (const file of paths.filter((p) => /\.c?js$/.test(p))) {
      const text = readFileSync(join(root, file), 'utf8')
      const longest = Math.max(...text.split('\n').map((line) => line.length))
      expect(longest, file).toBeLessThanOrEqual(LINE_MAX)
    }
    // The core as bundlers read it: the calls that build its tables stay marked pure, right before the call.
    const core = readFileSync(join(root, 'dist/internal.js'), 'utf8')
    expect(core.match(/\/\*@__PURE__\*\/(?:new |\(|[\w$.]+\()/g)?.length ?? 0).toBeGreaterThan(30)
    expect(core).not.toMatch(/\/\*@__PURE__\*\/[^\w$(]/)
    // A frame names the function that threw, at a line that can be read.
    const thrower = "try { require('./dist/index.cjs').fromJSON({ name: 'Bad' }) } catch (e) { process.stdout.write(e.stack) }"
    const stack = execFileSync(process.execPath, ['-e', thrower], { cwd: root, encoding: 'utf8' })
    const frame = /at (?:Object\.)?fromJSON \((.+\.cjs):(\d+):\d+\)/.exec(stack)
    expect(frame, stack).not.toBeNull()
    const line = readFileSync(frame?.[1] as string, 'utf8').split('\n')[Number(frame?.[2]) - 1] ?? ''
    expect(line).toContain('fromJSON')
    expect(line.length).toBeLessThanOrEqual(LINE_MAX)
  })
})
