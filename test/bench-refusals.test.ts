/**
 * The refusal families of bench/typecheck.mjs (`--refusals`, issue "Editor speed":
 * "say which refusal costs what, measured with it switched off"). Each family's
 * rewrite of the built declarations must switch that family off and no other:
 * against the rewritten declarations the family's own misuse compiles, while every
 * other family's misuse is still refused; against the real declarations every
 * misuse is refused. Otherwise the cost measured for a family could be the cost of
 * nothing. Compiled with TypeScript 5.9's API in this process (one program per
 * family, the lib files parsed once).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { REFUSALS, refusalRewrite, rewriteDeclarations } from '../bench/typecheck.mjs'

const root = new URL('../', import.meta.url).pathname
const dir = `${root}.bench-tmp/refusals-test/`

type Family = { rule: string; misuse: string[]; sentence?: string }
const families = REFUSALS as Record<string, Family>

/** One misuse per line, after the import; `owner[i]` is the family of line `i + 2`. */
const owner: string[] = []
const lines: string[] = []
for (const [name, family] of Object.entries(families)) {
  for (const misuse of family.misuse) {
    owner.push(name)
    lines.push(misuse)
  }
}
const PROBE = `import { choice, commands, option, router, slash, user } from 'slashkit'\n${lines.join('\n')}\n`

const sources = new Map<string, ts.SourceFile | undefined>()

/** The diagnostics of the probe against the declarations in `declarations`, as `{ line, text }`. */
function diagnostics(declarations: string): { line: number; text: string }[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
    skipLibCheck: true,
    paths: { slashkit: [`${declarations}index.d.ts`] },
  }
  const host = ts.createCompilerHost(options)
  const probe = `${dir}probe.ts`
  const read = host.getSourceFile.bind(host)
  host.getSourceFile = (file, language) => {
    if (file === probe) return ts.createSourceFile(file, PROBE, language)
    // The lib files are the same for every program; the declarations differ by directory.
    if (!sources.has(file)) sources.set(file, read(file, language))
    return sources.get(file)
  }
  const program = ts.createProgram({ rootNames: [probe], options, host })
  return ts.getPreEmitDiagnostics(program).map((d) => {
    expect(d.file?.fileName, ts.flattenDiagnosticMessageText(d.messageText, '\n')).toBe(probe)
    return { line: d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1, text: ts.flattenDiagnosticMessageText(d.messageText, '\n') }
  })
}

/** The probe lines with an error. */
const refused = (list: { line: number }[]) => [...new Set(list.map((d) => d.line))].sort((a, b) => a - b)
const linesOf = (pick: (family: string) => boolean) => owner.flatMap((f, i) => (pick(f) ? [i + 2] : []))

describe.skipIf(!existsSync(`${root}dist/index.d.ts`))('bench/typecheck.mjs refusal families', () => {
  mkdirSync(dir, { recursive: true })

  it('every misuse of the probe is refused by the real declarations, with its sentence', { timeout: 120_000 }, () => {
    const found = diagnostics(`${root}dist/`)
    expect(refused(found)).toEqual(linesOf(() => true))
    for (const [name, family] of Object.entries(families)) {
      if (family.sentence === undefined) continue
      const at = linesOf((f) => f === name)
      expect(
        found
          .filter((d) => at.includes(d.line))
          .map((d) => d.text)
          .join('\n'),
      ).toContain(family.sentence)
    }
  })

  for (const [name, family] of Object.entries(families)) {
    it(`switching off ${name} (${family.rule}) accepts its misuse and still refuses the others`, { timeout: 120_000 }, () => {
      const into = `${dir}${name}/`
      rewriteDeclarations(into, refusalRewrite(name))
      const found = diagnostics(into)
      const own = linesOf((f) => f === name)
      if (family.sentence === undefined) {
        expect(refused(found)).toEqual(linesOf((f) => f !== name))
      } else {
        // Off, the misplaced methods do not exist: still an error, but no longer the sentence.
        expect(refused(found)).toEqual(linesOf(() => true))
        expect(
          found
            .filter((d) => own.includes(d.line))
            .map((d) => d.text)
            .join('\n'),
        ).not.toContain(family.sentence)
        expect(
          found
            .filter((d) => own.includes(d.line))
            .map((d) => d.text)
            .join('\n'),
        ).toMatch(/does not exist/)
      }
    })
  }

  it('switching every family off accepts every misuse but the missing methods', { timeout: 120_000 }, () => {
    const into = `${dir}all/`
    rewriteDeclarations(into, refusalRewrite('all'))
    expect(refused(diagnostics(into))).toEqual(linesOf((f) => families[f]?.sentence !== undefined))
    expect(readFileSync(`${into}index.d.ts`, 'utf8').length).toBeGreaterThan(0)
  })

  it('a rewrite that finds nothing to rewrite throws rather than measuring the real declarations', () => {
    expect(() => rewriteDeclarations(`${dir}none/`, { aliases: { NoSuchAlias: 'never' } })).toThrow(/no alias NoSuchAlias/)
    expect(() => rewriteDeclarations(`${dir}none/`, { interfaces: ['NoSuchInterface'] })).toThrow(/no interface NoSuchInterface/)
    expect(() => rewriteDeclarations(`${dir}none/`, { replace: [['no such text', '']] })).toThrow(/no "no such text"/)
  })
})
