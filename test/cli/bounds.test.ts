/**
 * `slashkit validate` on files of the worst shapes (src/rules/bounds.ts; docs/issues.md
 * "Limits on input"): a 5 MB file whose list is longer than the spec could ever
 * allow prints one issue; a file with more than 100 issues prints 100, the last
 * counting the others.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { run, type CliWorld } from '../../src/cli/run.js'

const dir = mkdtempSync(join(tmpdir(), 'slashkit-cli-bounds-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function validate(file: string, json: unknown): Promise<{ code: number; out: string }> {
  writeFileSync(join(dir, file), JSON.stringify(json))
  const out: string[] = []
  const w: CliWorld = { stdout: (l) => void out.push(l), stderr: (l) => void out.push(l), env: {}, cwd: dir }
  return { code: await run(['validate', file], w), out: out.join('\n') }
}

describe('slashkit validate: the bound on work', () => {
  it('prints one issue for a 5 MB list over its cap: options and a bulk list (spec: "Limits")', async () => {
    const nulls = Array.from({ length: 1_000_000 }, () => null)
    const options = await validate('options.json', { name: 'big', description: 'd', options: nulls })
    expect(options).toEqual({ code: 1, out: 'options.json: 1 issue:\n  - options has 1000000 options; at most 25 are allowed [options.too_many]' })
    const list = await validate('list.json', nulls)
    expect(list.code).toBe(1)
    expect(list.out).toMatch(/^list\.json: 1 issue:\n {2}- commands has 1000000 commands .*\[set\.too_many\]$/)
  })

  it('prints at most 100 issues, the last counting the others (issues.truncated)', async () => {
    const wide: Record<string, unknown> = { name: 'big', description: 'd' }
    for (let i = 0; i < 500; i++) wide[`k${i}`] = i
    const r = await validate('wide.json', wide)
    expect(r.code).toBe(1)
    const lines = r.out.split('\n')
    expect(lines[0]).toBe('wide.json: 100 issues:')
    expect(lines).toHaveLength(101)
    expect(lines[100]).toBe('  - 401 more issues left out [issues.truncated]')
  })
})
