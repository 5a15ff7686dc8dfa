/**
 * test/support/dist.ts decides when the global setup rebuilds dist/: a missing
 * output or a source newer than the oldest output means stale; otherwise fresh.
 * Checked on a throwaway tree with set modification times.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { distOutputs, distStaleness } from './dist.js'

const trees: string[] = []
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A tree with package.json naming two outputs, one source file, and every file at time `t` (seconds). */
function tree(t = 1_000_000): string {
  const root = mkdtempSync(join(tmpdir(), 'slashkit-dist-'))
  trees.push(root)
  const pkg = { main: './dist/index.cjs', exports: { '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' } } }, bin: { x: './dist/cli.js' } }
  mkdirSync(join(root, 'src'))
  mkdirSync(join(root, 'dist'))
  const files = ['package.json', 'src/index.ts', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.js', 'dist/cli.js', 'dist/dev-page.html.gz']
  for (const file of files) writeFileSync(join(root, file), file === 'package.json' ? JSON.stringify(pkg) : 'x')
  for (const file of [...files, 'src', 'dist']) utimesSync(join(root, file), t, t)
  return root
}

describe('dist/ staleness (test/support/dist.ts)', () => {
  it('lists every dist/ file package.json names, and the dev page', () => {
    expect(distOutputs(tree())).toEqual(['dist/cli.js', 'dist/dev-page.html.gz', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.js'])
  })

  it('the real package names its entries, the CLI and their declarations', () => {
    const outputs = distOutputs(join(import.meta.dirname, '../..'))
    expect(outputs).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/cli.js', 'dist/rest.d.ts']))
  })

  it('is fresh when no input is newer than the oldest output', () => {
    expect(distStaleness(tree())).toBeUndefined()
  })

  it('is stale when an output is missing', () => {
    const root = tree()
    rmSync(join(root, 'dist/index.d.ts'))
    expect(distStaleness(root)).toBe('dist/index.d.ts is missing')
  })

  it('is stale when a source file, however deep, is newer than an output', () => {
    const root = tree()
    mkdirSync(join(root, 'src/deep'))
    writeFileSync(join(root, 'src/deep/new.ts'), 'x')
    utimesSync(join(root, 'src/deep'), 1_000_000, 1_000_000)
    utimesSync(join(root, 'src'), 1_000_000, 1_000_000)
    utimesSync(join(root, 'src/deep/new.ts'), 1_000_100, 1_000_100)
    expect(distStaleness(root)).toBe('src changed after the last build')
  })

  it('is stale when package.json changed after the build', () => {
    const root = tree()
    utimesSync(join(root, 'package.json'), 1_000_100, 1_000_100)
    expect(distStaleness(root)).toBe('package.json changed after the last build')
  })
})
