/**
 * What the child-process tests of the bound on work share: the library bundled
 * from src/ by esbuild into a temporary directory, and a script run against it in
 * a child process with a 64 MB heap, read back as one JSON object per line.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** Bundles `contents` (a module over src/) before the file's tests; the path of the bundle, once built. */
export function bundled(contents: string): () => string {
  let dir = ''
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slashkit-bounds-'))
    await build({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, format: 'esm', platform: 'neutral', outfile: join(dir, 'slashkit.mjs'), logLevel: 'silent' })
  })
  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true })
  })
  return () => join(dir, 'slashkit.mjs')
}

/** Runs test/bounds/`script` on `library` with --max-old-space-size=64; it must exit 0 and print nothing on stderr. */
export function runIn64MB<T>(script: string, library: string): T[] {
  const child = spawnSync(process.execPath, ['--max-old-space-size=64', join(import.meta.dirname, script), pathToFileURL(library).href], {
    encoding: 'utf8',
    timeout: 120_000,
  })
  expect(child.stderr).toBe('')
  expect(child.status).toBe(0)
  return child.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as T)
}
