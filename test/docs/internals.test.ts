/**
 * docs/internals.md names files and folders of the repository (the layers, the
 * way of a definition and of an interaction, where each rule lives, the ledger,
 * the tour): every one must exist, so that a split or a rename cannot leave the
 * page pointing at nothing. A path is any word starting with one of the
 * repository's top folders, or a root file the page names.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const page = readFileSync(join(root, 'docs/internals.md'), 'utf8')

/** The paths a text names: words under the repository's folders, and the root files listed. */
export function pathsIn(text: string): string[] {
  const under = /(?<![\w./-])(?:src|test|test-d|bench|scripts|docs|examples)\/[\w.@-]*(?:\/[\w.@-]+)*\/?/g
  const rootFiles = /(?<![\w./-])(?:tsup\.config\.ts|package\.json|vitest\.config\.ts|tsconfig(?:\.\w+)?\.json|README\.md)(?![\w/-])/g
  const found = [...text.matchAll(under), ...text.matchAll(rootFiles)].map((m) => m[0].replace(/[.]$/, ''))
  return [...new Set(found)].sort()
}

describe('docs/internals.md', () => {
  const paths = pathsIn(page)

  it('names the files of every layer and of the tour', () => {
    for (const p of ['src/wire/', 'src/rules/', 'src/builders/', 'src/parse/', 'src/locale/', 'src/permissions/', 'src/rest/', 'src/emulator/', 'src/http/'])
      expect(paths).toContain(p)
    for (const p of ['src/builders/types/check.ts', 'src/emulator/public-codes.ts', 'src/cli/run.ts', 'test/tour/required-order.test.ts', 'test-d/tour.test-d.ts'])
      expect(paths).toContain(p)
  })

  it.each(paths)('%s exists', (path) => {
    expect(existsSync(join(root, path)), `docs/internals.md names ${path}, which is not in the repository`).toBe(true)
  })

  it('finds paths as the page writes them, and refuses one that is not there', () => {
    const sample = 'See src/rules/ (the options walk, `checkOptions`), src/rules/text.ts and tsup.config.ts; not src/nowhere.ts.'
    expect(pathsIn(sample)).toEqual(['src/nowhere.ts', 'src/rules/', 'src/rules/text.ts', 'tsup.config.ts'])
    expect(existsSync(join(root, 'src/nowhere.ts'))).toBe(false)
  })

  it('keeps no placeholder in place of a figure', () => {
    expect(page).not.toMatch(/LEDGER_ROWS|TODO|TBD/)
  })
})
