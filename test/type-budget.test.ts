/**
 * Type-level cost gate (STYLE.md 14): the stress file at the spec's limits
 * (test-d/stress.test-d.ts: 25 subcommands x 25 options x 25 choices) compiles
 * against the built declarations without errors (so without "excessively deep"),
 * and TypeScript 5.9 needs fewer type instantiations for it than the budget
 * below. A change to src/builders/types that makes the builders' types costlier fails
 * here; one that makes them much cheaper fails the floor, so the budget gets
 * measured again rather than left loose.
 *
 * Measured with TypeScript 5.9.3: 235,239 instantiations (318,517 before issue 29's
 * cuts: choices narrowed by intersection, a bound checked only against one set, option
 * builders without a generic base interface (239,668 before that one); the stress file,
 * discord-api-types not involved), with its 25 options and 100 commands whose
 * names are unions of two literals (a walk that split on them would need 2^25
 * and 2^100 steps). Re-measure with
 *   node node_modules/typescript/bin/tsc --extendedDiagnostics -p test-d/tsconfig.stress.json
 */
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const root = new URL('../', import.meta.url).pathname
const MEASURED = 235_239
/** About 20% above the measured count. */
const BUDGET = 282_000
/** Well below it: a count under this means the stress file was not really checked, or the budget is stale. */
const FLOOR = Math.round(MEASURED * 0.6)

describe('type instantiation budget (test-d/stress.test-d.ts)', () => {
  it(`compiles the stress file in under ${BUDGET.toLocaleString('en')} instantiations`, { timeout: 60_000 }, () => {
    const run = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '--extendedDiagnostics', '--pretty', 'false', '-p', `${root}test-d/tsconfig.stress.json`], {
      cwd: root,
      encoding: 'utf8',
    })
    const output = `${run.stdout}${run.stderr}`
    // No error at all: no "excessively deep" (TS2589), no failed expectType.
    expect(output).not.toMatch(/error TS\d+/)
    expect(run.status, output).toBe(0)
    const match = /^Instantiations:\s+(\d+)$/m.exec(output)
    expect(match, output).not.toBeNull()
    const instantiations = Number(match?.[1])
    expect(instantiations, `raise BUDGET only for a reason; measured ${instantiations}`).toBeLessThan(BUDGET)
    expect(instantiations, `far under the measured ${MEASURED}: re-measure and lower the budget`).toBeGreaterThan(FLOOR)
  })
})
