/**
 * The comments of src/ (JSDoc and line comments, what an editor and a reader of the
 * package see) name only files that are in the repository (issue 28 item 6): a
 * design note kept outside it (`DESIGN.md`, `../shared/...`, an absolute path) is a
 * dead end for anyone who has only the repository or the package. A name is
 * looked up from the repository root, src/, the file's folder and its parent, and
 * docs/ for a `.md` file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const src = join(root, 'src')

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))

/** The comments of a source text, joined (string literals are not comments). */
const commentsOf = (text: string): string => [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/.*$/gm)].map((m) => m[0]).join('\n')

/** File names a comment names: paths with a folder or a file extension of the repository's kinds, and any path outside it. */
export function namedFiles(comment: string): string[] {
  const names = [...comment.matchAll(/(?<![\w@/.'"-])(?:\.\.\/|\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:md|ts|mjs|json)(?![\w/-])/g)].map((m) => m[0])
  const outside = [...comment.matchAll(/(?<![\w.'"])(?:\.\.\/)+[\w-]+(?:\/[\w.-]+)*|(?<![\w.'"])\/(?:work|home|tmp|Users)\/[\w./-]+/g)].map((m) => m[0].replace(/\.+$/, ''))
  return [...new Set([...names, ...outside])]
}

/**
 * Public files outside the repository that comments name with their owner: the
 * operator's OpenAPI description (`discord/discord-api-spec`, DESIGN's first public
 * fact of API v10), whose schema names the rules cite.
 */
const PUBLIC = new Set(['specs/openapi.json'])

/** Whether a name found in `file` is a file of the repository (or a public one of PUBLIC). */
function found(name: string, file: string): boolean {
  if (PUBLIC.has(name)) return true
  if (name.startsWith('/') || name.startsWith('../')) return false
  const places = [root, src, dirname(file), dirname(dirname(file)), ...(name.endsWith('.md') ? [join(root, 'docs')] : [])]
  // `./x.js` in a comment names the `.ts` source, as imports do.
  return places.some((p) => existsSync(join(p, name)) || existsSync(join(p, name.replace(/\.js$/, '.ts'))))
}

describe('comments in src/ name only files in the repository', () => {
  const sources = files(src)

  it('finds names as comments write them, and refuses what is outside', () => {
    const sample = '/** See docs/spec-notes.md, rules/messages.ts and DESIGN.md "Rulings"; ../shared/spec/SPEC.md; /work/x. */'
    expect(namedFiles(sample).sort()).toEqual(['../shared/spec/SPEC.md', '/work/x', 'DESIGN.md', 'docs/spec-notes.md', 'rules/messages.ts'].sort())
    const here = join(src, 'rules', 'validate.ts')
    expect(found('docs/spec-notes.md', here)).toBe(true)
    expect(found('messages.ts', here)).toBe(true)
    expect(found('spec-notes.md', here)).toBe(true)
    expect(found('DESIGN.md', here)).toBe(false)
    expect(found('../shared/spec/SPEC.md', here)).toBe(false)
  })

  it.each(sources.map((f) => [relative(root, f), f] as const))('%s', (_, file) => {
    const missing = namedFiles(commentsOf(readFileSync(file, 'utf8'))).filter((name) => !found(name, file))
    expect(missing, `${relative(root, file)} names files that are not in the repository`).toEqual([])
  })
})
