/**
 * The public types under every supported compiler (TypeScript 5.9, 6.0 and the
 * native 7.0): scripts/check-types.mjs compiles test-d/ and examples/ against the
 * built declarations with each, and every error must fall inside an
 * `expectError(...)`, every `expectError(...)` must report one, and an
 * `expectError` that names its sentence (`// ❌ ...`) must report that sentence in
 * the first line of an error (what an editor shows before the elaboration) and
 * nothing else. The builder type tests name the sentence of every refusal; any
 * test-d file can add its own (`// 7.0 ❌ ...` for one compiler alone).
 */
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const root = new URL('../', import.meta.url).pathname

/** The files that state the message of each `expectError` (every one). */
const WITH_MESSAGES = ['names', 'options', 'nesting', 'commands', 'infer'].map((f) => `test-d/${f}.test-d.ts`)

interface Report {
  ok: boolean
  seconds: number
  files: Record<string, { expectErrors: number; withMessage: number }>
  results: { compiler: string; version: string; seconds: number; errors: number; expectErrors: number; problems: string[] }[]
}

describe('type tests under TypeScript 5.9, 6.0 and 7.0', () => {
  it('hold under every compiler, for the intended reasons', { timeout: 120_000 }, () => {
    const run = spawnSync(process.execPath, [`${root}scripts/check-types.mjs`, '--json'], { cwd: root, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    const report = JSON.parse(run.stdout) as Report
    expect(report.results.map((r) => r.compiler)).toEqual(['5.9', '6.0', '7.0'])
    expect(report.results.map((r) => r.version)).toEqual([expect.stringMatching(/^5\.9\./), expect.stringMatching(/^6\.0\./), expect.stringMatching(/^7\.0\./)])
    for (const r of report.results) expect(r.problems, `TypeScript ${r.version}`).toEqual([])
    expect(report.ok).toBe(true)
    expect(run.status).toBe(0)
    let refusals = 0
    for (const file of WITH_MESSAGES) {
      const f = report.files[file]
      expect(f, file).toBeDefined()
      expect(f?.expectErrors, file).toBeGreaterThan(0)
      expect(f?.withMessage, `${file}: every expectError names its message`).toBe(f?.expectErrors)
      refusals += f?.expectErrors ?? 0
    }
    // 129 when written: the builder refusals of DESIGN.md, each with its sentence.
    expect(refusals).toBeGreaterThanOrEqual(125)
  })

  it('hold with exactOptionalPropertyTypes on (TypeScript 7.0), with no "Consider adding \'undefined\'" in a refusal', { timeout: 120_000 }, () => {
    const run = spawnSync(process.execPath, [`${root}scripts/check-types.mjs`, '--json', '--only', '7.0', '--project', 'test-d/tsconfig.exact.json'], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    const report = JSON.parse(run.stdout) as Report
    expect(report.results.map((r) => r.compiler)).toEqual(['7.0'])
    for (const r of report.results) expect(r.problems, `TypeScript ${r.version}, exactOptionalPropertyTypes`).toEqual([])
    expect(report.results[0]?.expectErrors).toBeGreaterThanOrEqual(200)
    expect(run.status).toBe(0)
  })

  it("nodeListener fits node:http's request and response, and the emulator's fetch is `typeof fetch`, under the newest @types/node (26), under every compiler", {
    timeout: 120_000,
  }, () => {
    const run = spawnSync(process.execPath, [`${root}scripts/check-types.mjs`, '--json', '--project', 'test/types-node-latest/tsconfig.json'], { cwd: root, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    const report = JSON.parse(run.stdout) as Report
    expect(report.results.map((r) => r.compiler)).toEqual(['5.9', '6.0', '7.0'])
    // One error, the expectError's (request and response swapped). Before, its parameters' `on` took a
    // `(...args: never[]) => void`, and node:http's own IncomingMessage was refused: four more under each compiler.
    // And one of fetch.ts (a number for a URL). Before, a factory typed `fetch: typeof fetch` refused the emulator's
    // fetch and connect's context (EmulatorResponse is no Response), and the fetch resolved to no Response.
    for (const r of report.results) expect([r.errors, r.problems], `TypeScript ${r.version}, @types/node 26`).toEqual([2, []])
    expect(report.files['test/types-node-latest/listener.ts']).toEqual({ expectErrors: 1, withMessage: 0 })
    expect(report.files['test/types-node-latest/fetch.ts']).toEqual({ expectErrors: 1, withMessage: 0 })
    expect(run.status).toBe(0)
  })

  it('hold with strict off (no strictNullChecks): paths, handler maps and refusals, under every compiler', { timeout: 120_000 }, () => {
    const run = spawnSync(process.execPath, [`${root}scripts/check-types.mjs`, '--json', '--project', 'test-d/tsconfig.loose.json'], { cwd: root, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    const report = JSON.parse(run.stdout) as Report
    expect(report.results.map((r) => r.compiler)).toEqual(['5.9', '6.0', '7.0'])
    for (const r of report.results) expect(r.problems, `TypeScript ${r.version}, strict off`).toEqual([])
    // test-d/loose/strict-off.ts: two paths that are not ("undefined set"), three refusals with their sentences.
    expect(report.files['test-d/loose/strict-off.ts']).toEqual({ expectErrors: 5, withMessage: 3 })
    expect(run.status).toBe(0)
  })
})
