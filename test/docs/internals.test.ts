/**
 * docs/internals.md names files and folders of the repository (the layers, the
 * way of a definition and of an interaction, where each rule lives, the ledger,
 * the tour): every one must exist, so that a split or a rename cannot leave the
 * page pointing at nothing. A path is any word starting with one of the
 * repository's top folders, or a root file the page names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
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

/**
 * The names the page gives beside a file: `(src/http/verify.ts, `verifyRequest`)`,
 * `src/rules/options.ts (`checkOptions`, `checkOption`)`, `Dispatcher.run`. Each
 * pair is [path, name].
 */
export function namesBeside(text: string): [string, string][] {
  const out: [string, string][] = []
  for (const m of text.matchAll(/((?:src|test|bench)\/[\w/.-]*[\w/])(?:,\s*|\s*\(|\s+)((?:`[\w.$]+`(?:,\s*|\s+and\s+|\s+)?)+)/g))
    for (const n of (m[2] as string).matchAll(/`([\w.$]+)`/g)) out.push([m[1] as string, n[1] as string])
  return out
}

/** Whether `name` (or each part of `Class.method`) is declared in the file, or in a file under the folder. */
function declares(path: string, name: string): boolean {
  const full = join(root, path)
  const files = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(d, e.name)) : e.name.endsWith('.ts') ? [join(d, e.name)] : []))
  const text = statSync(full).isDirectory()
    ? files(full)
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n')
    : readFileSync(full, 'utf8')
  return name.split('.').every((part) => {
    const p = part.replace(/\$/g, '\\$')
    return new RegExp(`(?:function\\*?|const|let|class|interface|type|enum)\\s+${p}\\b|^\\s*(?:(?:private|public|static|readonly|async|export)\\s+)*${p}\\s*[(<=:?]`, 'm').test(
      text,
    )
  })
}

/**
 * Names the ledger (issue 29's rows) gives where the code no longer has them:
 * `isId` and `lookup` moved to src/parse/sink.ts, `refuse` to src/parse/read-value.ts.
 * The ledger's owner moves them; the last test fails once they are gone, to drop them here.
 */
const STALE_LEDGER = ['src/parse/read.ts isId', 'src/parse/read.ts lookup', 'src/parse/read.ts refuse']

describe('docs/internals.md names functions where they are', () => {
  const pairs = namesBeside(page).filter(([path]) => existsSync(join(root, path)))
  const stale = pairs.filter(([path, name]) => !declares(path, name)).map(([path, name]) => `${path} ${name}`)

  it('reads the names beside the files (guards this check itself)', () => {
    expect(namesBeside('(src/http/verify.ts, `verifyRequest`) and src/rules/options.ts (`checkOptions`, `checkOption`); src/http/dispatch.ts, `Dispatcher.run`')).toEqual([
      ['src/http/verify.ts', 'verifyRequest'],
      ['src/rules/options.ts', 'checkOptions'],
      ['src/rules/options.ts', 'checkOption'],
      ['src/http/dispatch.ts', 'Dispatcher.run'],
    ])
    expect(pairs.length).toBeGreaterThan(40)
    expect(declares('src/http/dispatch.ts', 'Dispatcher.run')).toBe(true)
    expect(declares('src/rules/command.ts', 'checkOptions')).toBe(false)
  })

  it('every function, class and type named beside a file is declared there', () => {
    expect(
      stale.filter((s) => !STALE_LEDGER.includes(s)),
      'docs/internals.md names these where they are not',
    ).toEqual([])
  })

  it('the known stale ledger names are still stale (drop them from STALE_LEDGER once moved)', () => {
    expect(STALE_LEDGER.filter((s) => !stale.includes(s))).toEqual([])
  })
})
