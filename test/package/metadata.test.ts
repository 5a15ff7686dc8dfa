/**
 * Packaging (issue 14): a LICENSE, `repository` and `homepage` in package.json, the
 * LICENSE in the packed files; and docs, messages and comments that cite only what
 * a reader of the repository can find (the spec's sections through docs/rules.md,
 * never a file outside the repository).
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const pkg = JSON.parse(read('package.json')) as { license: string; repository?: { url?: string }; homepage?: string; files: string[] }

function walk(dir: string, ext: RegExp): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : []))
}

describe('package metadata', () => {
  it('has an MIT LICENSE file matching package.json, a repository and a homepage', () => {
    expect(pkg.license).toBe('MIT')
    expect(read('LICENSE')).toMatch(/^MIT License\n/)
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\/.+\.git$/)
    expect(pkg.homepage).toMatch(/^https:\/\//)
  })

  it('packs the LICENSE with the build', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })
    const files = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path)
    expect(files).toContain('LICENSE')
    expect(files).toContain('package.json')
  })
})

describe('citations a reader of the repository can follow', () => {
  const sources = [...walk('docs', /\.md$/), 'README.md', ...walk('src', /\.ts$/)]

  it('reads the docs and the sources', () => {
    expect(sources.length).toBeGreaterThan(50)
  })

  it.each(sources)('%s names no file outside the repository (the spec is cited by section, see docs/rules.md)', (file) => {
    const text = read(file)
    expect(text).not.toMatch(/\.\.\/shared\b|SPEC\.md/)
  })

  it('docs/rules.md has a heading for every section the issue codes cite, and cites each rules-layer code', () => {
    const rules = read('docs/rules.md')
    for (const heading of ['Naming rules', 'Application command', 'Command option', 'Option choice', 'Bulk guild body', 'Create body (guild)', 'Lobby endpoints', 'Limits'])
      expect(rules).toContain(`\n## ${heading}\n`)
    const union = /export type IssueCode =([\s\S]*?)\n\n/.exec(read('src/rules/issue-types.ts'))?.[1] ?? ''
    const codes = [...union.replace(/\/\/.*$/gm, '').matchAll(/'([^']+)'/g)].map((m) => m[1] as string)
    const ruleCodes = codes.filter((c) => !/^(interaction\.|response\.|localization\.missing$|localization\.fallback$|input\.unreadable$|option\.bounds_inverted$)/.test(c))
    expect(ruleCodes.length).toBeGreaterThan(30)
    expect(ruleCodes.filter((c) => !rules.includes(`\`${c}\``))).toEqual([])
  })
})
