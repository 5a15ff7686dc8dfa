/**
 * The ```ts expect-error blocks of README.md and docs/*.md, and a place to compile
 * them: shared by test/docs/expect-error.test.ts (the sentences a block quotes) and
 * test/docs/type-errors.test.ts (the first line a block shows).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const root = new URL('../../', import.meta.url).pathname

/** The settings of scripts/check-docs.mjs, in tsconfig form. */
export const DOC_SETTINGS = { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: [], skipLibCheck: true }

/** Every ```ts expect-error block: where it is (`docs/guide.md:130`) and its code. */
export function expectErrorBlocks(): { where: string; code: string }[] {
  const sources = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ]
  const out: { where: string; code: string }[] = []
  for (const source of sources) {
    const text = readFileSync(join(root, source), 'utf8')
    for (const m of text.matchAll(/^```ts expect-error\n([\s\S]*?)^```$/gm)) out.push({ where: `${source}:${text.slice(0, m.index).split('\n').length}`, code: m[1] as string })
  }
  return out
}

/**
 * Writes each block as a module (`block0.ts`, ...) into a directory inside the
 * package, so that `import ... from 'slashkit'` resolves to the built declarations,
 * and gives `use` the directory and the files; the directory is removed after.
 */
export function withBlockFiles<T>(name: string, codes: readonly string[], use: (dir: string, files: string[]) => T): T {
  const dir = join(root, `.docs-${name}-${process.pid}`)
  mkdirSync(dir, { recursive: true })
  try {
    const files = codes.map((code, i) => {
      const file = join(dir, `block${i}.ts`)
      writeFileSync(file, `${code}\nexport {}\n`)
      return file
    })
    return use(dir, files)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
