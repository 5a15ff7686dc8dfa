/**
 * A program of one module written in memory beside the repository's package.json,
 * so that it imports 'slashkit' as a consumer does (the package resolves itself
 * through its "exports", to dist/'s declarations), compiled with TypeScript 5.9's
 * API: what test/package/declarations.test.ts, test/package/hidden-docs.test.ts and
 * test/messages/type-limits.test.ts read the consumer's view from.
 */
import { join } from 'node:path'
import ts from 'typescript'

const repo = new URL('../../', import.meta.url).pathname

/** The compiler options of a consumer's project (NodeNext, strict), with `extra` over them. */
export const consumerOptions = (extra: ts.CompilerOptions = {}): ts.CompilerOptions => ({
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  skipLibCheck: true,
  ...extra,
})

/**
 * The program of `source` as the module `name` at the repository's root, and its
 * host (whose `writeFile` an emitting caller replaces before `program.emit()`).
 */
export function probeProgram(name: string, source: string, options: ts.CompilerOptions): { program: ts.Program; host: ts.CompilerHost; file: string } {
  const file = join(repo, name)
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.getSourceFile = (path, version, ...rest) => (path === file ? ts.createSourceFile(path, source, version) : getSourceFile.call(host, path, version, ...rest))
  host.fileExists = (path) => path === file || fileExists.call(host, path)
  host.readFile = (path) => (path === file ? source : readFile.call(host, path))
  return { program: ts.createProgram([file], options, host), host, file }
}

/**
 * Compiles `calls` as a consumer's module, one a line after an import of `names`
 * from 'slashkit', and gives each call's errors (their first lines, as an editor
 * shows them). An error anywhere else (the import, the declarations) throws.
 */
export function callErrors(name: string, names: readonly string[], calls: readonly string[]): string[][] {
  const source = `import { ${names.join(', ')} } from 'slashkit'\n${calls.map((c) => `${c}\n`).join('')}`
  const { program, file } = probeProgram(name, source, consumerOptions({ noEmit: true, types: [] }))
  const byLine: string[][] = calls.map(() => [])
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.file?.fileName !== file || d.start === undefined) throw new Error(`${name}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
    const line = d.file.getLineAndCharacterOfPosition(d.start).line - 1
    byLine[line]?.push(ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0] ?? '')
  }
  return byLine
}
