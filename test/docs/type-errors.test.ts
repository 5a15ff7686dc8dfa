/**
 * The type errors README.md and docs/ show are what users see (issue 26, "the error
 * lands where the README says"): a ```ts expect-error block whose comment has a line
 * of `~` alone, under the code, followed by the message, is held to it under
 * TypeScript 5.9, 6.0 and 7.0: the first error of the block starts on that code line
 * at the first `~` (or before it, when it starts under the `//`), its first line is
 * the message below the marker (lines joined with spaces), and with 5.9 the `~`
 * end where the error's span ends. Blocks that quote a sentence another way
 * (`~~~ "..."`, `... 'SlashkitError<...>'`) are test/docs/expect-error.test.ts's.
 * Compiled against the built declarations, as scripts/check-docs.mjs does.
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { DOC_SETTINGS, expectErrorBlocks, root, withBlockFiles } from './blocks.js'

interface Shown {
  readonly where: string
  readonly code: string
  /** 1-based line of the code the marker is under, and the marker's first and last `~` columns (1-based). */
  readonly line: number
  readonly from: number
  readonly to: number
  /** The message shown, lines joined with single spaces. */
  readonly message: string
}

/** The marker of a block (a comment line of `~` alone) and the message on the comment lines after it. */
export function shown(where: string, code: string): Shown | undefined {
  const lines = code.split('\n')
  const at = lines.findIndex((l) => /^\/\/\s*~+\s*$/.test(l))
  if (at < 1) return undefined
  const marker = lines[at] as string
  const message: string[] = []
  for (const l of lines.slice(at + 1)) {
    const m = /^\/\/ (.*)$/.exec(l)
    if (m === null) break
    message.push((m[1] as string).trim())
  }
  return { where, code, line: at, from: marker.indexOf('~') + 1, to: marker.lastIndexOf('~') + 1, message: message.join(' ') }
}

function blocks(): Shown[] {
  return expectErrorBlocks().flatMap((b) => shown(b.where, b.code) ?? [])
}

const COMPILERS = [
  ['5.9', 'node_modules/typescript/bin/tsc'],
  ['6.0', 'node_modules/typescript6/bin/tsc'],
  ['7.0', 'node_modules/typescript7/bin/tsc'],
] as const

/** The first error of each file, as `tsc --pretty false` prints it: line, column and first line. */
function firstErrors(bin: string, project: string): Map<string, { line: number; column: number; text: string }> {
  const run = spawnSync(process.execPath, [join(root, bin), '-p', project, '--pretty', 'false'], { cwd: root, encoding: 'utf8' })
  const out = new Map<string, { line: number; column: number; text: string }>()
  for (const raw of run.stdout.split('\n')) {
    const m = /^(.+?)\((\d+),(\d+)\): error TS\d+: (.*)$/.exec(raw)
    if (m === null) continue
    const file = (m[1] as string).split('/').at(-1) as string
    if (!out.has(file)) out.set(file, { line: Number(m[2]), column: Number(m[3]), text: (m[4] as string).trim() })
  }
  return out
}

describe('shown: the marker and message of a block (guards this check itself)', () => {
  it('reads the ~ columns under the code line, and the message lines after them', () => {
    const s = shown('x', `import {} from 'x'\n\nf('A')\n//~~~\n// Argument of type '"A"' is\n//   not a name.\nconst y = 1`)
    expect(s).toMatchObject({ line: 3, from: 3, to: 5, message: `Argument of type '"A"' is not a name.` })
    expect(shown('x', `f()\n// ~~ "a quoted sentence"`)).toBeUndefined()
  })
})

describe('type errors shown in README.md and docs/', () => {
  it('are the first line each compiler prints, at the place the ~ mark', { timeout: 120_000 }, () => {
    const list = blocks()
    withBlockFiles(
      'type-errors',
      list.map((b) => b.code),
      (dir, files) => {
        writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: DOC_SETTINGS, files: files.map((f) => f.slice(dir.length + 1)) }))
        const wrong: string[] = []
        for (const [version, bin] of COMPILERS) {
          const first = firstErrors(bin, join(dir, 'tsconfig.json'))
          list.forEach((b, i) => {
            const e = first.get(`block${i}.ts`)
            if (e === undefined) wrong.push(`${b.where} (${version}): compiles`)
            else if (e.text !== b.message) wrong.push(`${b.where} (${version}): the first line is\n  ${e.text}\nnot\n  ${b.message}`)
            else if (e.line !== b.line || (b.from > 4 ? e.column !== b.from : e.column > b.from))
              wrong.push(`${b.where} (${version}): the error starts at ${e.line}:${e.column}, the ~ at ${b.line}:${b.from}`)
          })
        }
        // With 5.9's API, the span's end: where the editor's underline stops.
        const program = ts.createProgram(files, ts.convertCompilerOptionsFromJson(DOC_SETTINGS, root).options)
        list.forEach((b, i) => {
          const sf = program.getSourceFile(files[i] as string) as ts.SourceFile
          const [d] = program.getSemanticDiagnostics(sf)
          if (d?.start === undefined || d.length === undefined) return
          const end = sf.getLineAndCharacterOfPosition(d.start + d.length - 1)
          if (end.line + 1 !== b.line || end.character + 1 !== b.to) wrong.push(`${b.where}: the error ends at ${end.line + 1}:${end.character + 1}, the ~ at ${b.line}:${b.to}`)
        })
        expect(wrong).toEqual([])
        // README's example and the guide's eight when written.
        expect(list.length).toBeGreaterThanOrEqual(9)
      },
    )
  })
})
