/**
 * The ```ts expect-error blocks of README.md and docs/*.md show what the types
 * refuse, with the sentence the compiler prints. scripts/check-docs.mjs checks only
 * that such a block fails to compile; this test checks that it fails for the reason
 * it shows: every sentence its comments quote (`SlashkitError<"...">`, or a quoted
 * sentence under `~~~`) is in the compiler's errors for that block. So a doc cannot
 * keep showing a message the types no longer give. Compiled against the built
 * declarations, as check-docs does.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname

interface Block {
  readonly where: string
  readonly code: string
  readonly sentences: readonly string[]
}

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim()

/** The sentences a block's comments quote as the compiler's message. */
function quoted(code: string): string[] {
  const comments = squash(
    code
      .split('\n')
      .map((line) => /^\s*\/\/(.*)$/.exec(line)?.[1] ?? '\n')
      .join(' '),
  )
  const out = [...comments.matchAll(/SlashkitError<"(.+?)">/g)].map((m) => m[1] as string)
  // Under a ~~~ marker: "a whole sentence", or 'the start of one; ...'.
  for (const m of comments.matchAll(/~+ (?:"([^"]+)"|'([^']+?) \.\.\.')/g)) out.push((m[1] ?? m[2]) as string)
  return out.map(squash)
}

function blocks(): Block[] {
  const sources = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ]
  const out: Block[] = []
  for (const source of sources) {
    const text = readFileSync(join(root, source), 'utf8')
    for (const m of text.matchAll(/^```ts expect-error\n([\s\S]*?)^```$/gm)) {
      const line = text.slice(0, m.index).split('\n').length
      const code = m[1] as string
      out.push({ where: `${source}:${line}`, code, sentences: quoted(code) })
    }
  }
  return out
}

describe('quoted: what a block says the compiler prints (guards this check itself)', () => {
  it('reads SlashkitError sentences across comment lines, and quoted sentences under ~~~', () => {
    expect(quoted(`x()\n// ... of type 'SlashkitError<"a b;\n// c d">'.`)).toEqual(['a b; c d'])
    expect(quoted(`x()\n//   ~~~ "there is no command named 'reset'"`)).toEqual(["there is no command named 'reset'"])
    expect(quoted(`x()\n// ~~~~ 'LAUNCH_ACTIVITY answers (1); ...'`)).toEqual(['LAUNCH_ACTIVITY answers (1);'])
    expect(quoted(`x()\n// ~~ property 'grant' is missing`)).toEqual([])
  })
})

describe('```ts expect-error blocks of README.md and docs/', () => {
  it('each fails to compile with the sentences its comments quote', { timeout: 60_000 }, () => {
    const list = blocks()
    // A directory inside the package, so that `import ... from 'slashkit'` resolves to it.
    const dir = join(root, `.docs-expect-error-${process.pid}`)
    mkdirSync(dir, { recursive: true })
    try {
      const files = list.map((b, i) => {
        const file = join(dir, `block${i}.ts`)
        writeFileSync(file, `${b.code}\nexport {}\n`)
        return file
      })
      // The settings of scripts/check-docs.mjs, in tsconfig form.
      const settings = { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: [], skipLibCheck: true }
      const program = ts.createProgram(files, ts.convertCompilerOptionsFromJson(settings, root).options)
      const wrong: string[] = []
      let sentences = 0
      list.forEach((b, i) => {
        const sf = program.getSourceFile(files[i] as string)
        const diags = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]
        const text = squash(diags.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'))
        if (diags.length === 0) wrong.push(`${b.where}: compiles`)
        for (const s of b.sentences) {
          sentences++
          if (!text.includes(s)) wrong.push(`${b.where}: no error says "${s}"; the errors are: ${text}`)
        }
      })
      expect(wrong).toEqual([])
      // 13 blocks when written, 9 of them quoting a sentence.
      expect(list.length).toBeGreaterThanOrEqual(13)
      expect(sentences).toBeGreaterThanOrEqual(9)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
