/**
 * The floor of the type-check benchmark (bench/typecheck.mjs --floor) rewrites the
 * built declarations so that no type-level check is left. It must find every
 * check alias it names (a renamed one makes it throw), and the declarations it
 * writes must really accept what the checks refuse, or the floor measures
 * nothing. Compiled with TypeScript 5.9 in a child process.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CHECKS, refusalRewrite, rewriteDeclarations, writeUncheckedDeclarations } from '../bench/typecheck.mjs'

const root = new URL('../', import.meta.url).pathname
const dir = `${root}.bench-tmp/typecheck-test/`

/** Errors of `source` compiled against the declarations in `declarations`. */
function errors(source: string, declarations: string): string[] {
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}probe.ts`, source)
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'es2022',
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2022'],
      types: [],
      skipLibCheck: true,
      paths: { slashkit: [`${declarations}index.d.ts`] },
    },
    files: ['probe.ts'],
  }
  writeFileSync(`${dir}tsconfig.json`, JSON.stringify(config))
  const run = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${dir}tsconfig.json`, '--pretty', 'false'], { encoding: 'utf8' })
  return `${run.stdout}${run.stderr}`.split('\n').filter((line) => /error TS\d+/.test(line))
}

/** One misuse per check alias; each is refused by the real declarations. */
const MISUSES = `
import { choice, commands, option, slash, user } from 'slashkit'
slash('Ban', 'Upper case')
user('')
option.string('Reason', 'Upper case')
slash('a', 'd').options(option.string('x', 'x'), option.string('y', 'y').required())
option.integer('n', 'n').choices(choice('Half', 0.5))
slash('a', 'd').subcommand('Show', 'Upper case')
slash('a', 'd').options(option.string('x', 'x')).subcommand('show', 'Show')
slash('a', 'd').subcommand('show', 'Show').options(option.string('x', 'x'))
commands(slash('ping', 'Pong'), slash('ping', 'Again'))
`

describe('bench/typecheck.mjs floor declarations', () => {
  it('rewrites every check alias to pass its argument through', () => {
    const into = `${dir}unchecked/`
    writeUncheckedDeclarations(into)
    // The aliases live in whichever declaration file the build put them (.d.cts chunks: the ESM .d.ts files re-export their twins).
    const text = readdirSync(into)
      .filter((f) => f.endsWith('.d.ts') || f.endsWith('.d.cts'))
      .map((f) => readFileSync(`${into}${f}`, 'utf8'))
      .join('\n')
    // A rewrite may hold regular-expression characters (`.choices(...)`'s `this` keeps its `?:`).
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    for (const [name, through] of Object.entries(CHECKS)) expect(text).toMatch(new RegExp(`\\ntype ${name}<[^\\n]*> = ${literal(through)};\\n`))
  })

  it('accepts what the checks refuse, which the real declarations do not', { timeout: 60_000 }, () => {
    const into = `${dir}unchecked/`
    writeUncheckedDeclarations(into)
    // Every misuse line (3 to 11 of the probe) is refused by the real declarations, and none by the floor's.
    const lines = (list: string[]) => [...new Set(list.map((e) => Number(/probe\.ts\((\d+),/.exec(e)?.[1])))].sort((a, b) => a - b)
    expect(lines(errors(MISUSES, `${root}dist/`))).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(errors(MISUSES, into)).toEqual([])
  })

  it("switches `.options(...)`'s list walk off alone (`--floor-cpu --families=walk`, `--per-item`)", { timeout: 60_000 }, () => {
    const into = `${dir}walk-off/`
    rewriteDeclarations(into, refusalRewrite('walk'))
    // Command option 1 (required first), Naming rules 4 (unique names): accepted with the walk off;
    // a name the walk never reads (Naming rules 1-2) still refused.
    const probe = `
import { option, slash } from 'slashkit'
slash('a', 'd').options(option.string('x', 'x'), option.string('y', 'y').required())
slash('a', 'd').options(option.string('x', 'x'), option.string('x', 'y'))
option.string('Reason', 'Upper case')
`
    expect(errors(probe, `${root}dist/`).map((e) => Number(/probe\.ts\((\d+),/.exec(e)?.[1]))).toEqual([3, 4, 5])
    const off = errors(probe, into)
    expect(off.map((e) => Number(/probe\.ts\((\d+),/.exec(e)?.[1]))).toEqual([5])
    expect(off[0]).toContain("the name 'Reason' has upper-case letters")
  })
})
