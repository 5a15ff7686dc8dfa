/**
 * A `commands(...)` set longer than 256 definitions (the spec allows 131: "Limits";
 * a longer one is refused at run time) is still checked by the types, and at a
 * cost linear in its length: "Naming rules" 3, names unique per type, holds past
 * the 256th definition too, with the sentence at the position of the second name.
 * src/builders/types/set.ts walks such a set 256 definitions at a time. Compiled
 * with TypeScript 5.9 against the built declarations.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'slashkit-long-set-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A set of `n` commands `c0`..., one a line, with `c<dup>` again at index `at` when asked. */
function setSource(n: number, duplicate?: { readonly at: number; readonly of: number }): string {
  const names = Array.from({ length: n }, (_, i) => (duplicate !== undefined && i === duplicate.at ? `c${duplicate.of}` : `c${i}`))
  return `commands(\n${names.map((name) => `  slash('${name}', 'Command ${name}'),`).join('\n')}\n)`
}

/** Compiles `body` (after one import line) and returns its errors and its instantiation count. */
function compile(name: string, body: string): { readonly errors: { line: number; text: string }[]; readonly instantiations: number } {
  writeFileSync(join(dir, `${name}.ts`), `import { commands, slash } from '${root}dist/index.js'\n${body}\n`)
  writeFileSync(
    join(dir, `${name}.json`),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022'], types: [], strict: true, skipLibCheck: true, noEmit: true },
      files: [`${name}.ts`],
    }),
  )
  const run = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', join(dir, `${name}.json`), '--extendedDiagnostics', '--pretty', 'false'], {
    encoding: 'utf8',
  })
  const errors = run.stdout.split(/\n(?=\S)/).flatMap((block) => {
    const m = /\((\d+),\d+\): error TS\d+: ([\s\S]*)/.exec(block)
    return m === null ? [] : [{ line: Number(m[1]), text: m[2] as string }]
  })
  return { errors, instantiations: Number(/^Instantiations:\s+(\d+)$/m.exec(run.stdout)?.[1]) }
}

describe('a set of more than 256 commands (spec: Naming rules 3, Limits)', () => {
  it('refuses a name seen before, past the 256th definition and before it, at the position of the second', { timeout: 120_000 }, () => {
    // A set this long is refused as the whole argument list (the first line dumps the tuple), with the sentence at the second name's position.
    const late = compile('late', `export const late = ${setSource(300, { at: 280, of: 5 })}`)
    expect(late.errors).toHaveLength(1)
    expect(late.errors[0]?.text).toContain('position 280 in source')
    expect(late.errors[0]?.text).toContain("the set already has a CHAT_INPUT command named 'c5'; names are unique per type (spec: Naming rules 3)")
    const early = compile('early', `export const early = ${setSource(300, { at: 100, of: 3 })}`)
    expect(early.errors).toHaveLength(1)
    expect(early.errors[0]?.text).toContain('position 100 in source')
    expect(early.errors[0]?.text).toContain("the set already has a CHAT_INPUT command named 'c3'")
  })

  it('accepts 300 distinct names, at a cost linear in the length (300 commands: under 2.2 times 150)', { timeout: 120_000 }, () => {
    const half = compile('half', `export const half = ${setSource(150)}`)
    const full = compile('full', `export const full = ${setSource(300)}`)
    expect(half.errors).toEqual([])
    expect(full.errors).toEqual([])
    // Each count includes what any program pays for the declarations; a walk that copies the rest of the set each step (before: 300 took 122,851, 11.9 times 150's 10,298) fails.
    expect(full.instantiations / half.instantiations).toBeLessThan(2.2)
  })
})
