/**
 * The ```ts expect-error blocks of README.md and docs/*.md show what the types
 * refuse, with the sentence the compiler prints. scripts/check-docs.mjs checks only
 * that such a block fails to compile; this test checks that it fails for the reason
 * it shows: every sentence its comments quote (`SlashkitError<"...">`, or a quoted
 * sentence under `~~~`) is in the compiler's errors for that block. So a doc cannot
 * keep showing a message the types no longer give. Compiled against the built
 * declarations, as check-docs does.
 */
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { DOC_SETTINGS, expectErrorBlocks, root, withBlockFiles } from './blocks.js'

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
  return expectErrorBlocks().map((b) => ({ ...b, sentences: quoted(b.code) }))
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
    withBlockFiles(
      'expect-error',
      list.map((b) => b.code),
      (_, files) => {
        const program = ts.createProgram(files, ts.convertCompilerOptionsFromJson(DOC_SETTINGS, root).options)
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
      },
    )
  })
})
