/**
 * The interactions endpoint's body limit and the bound on work together (issue 19;
 * DESIGN.md "Receiving interactions"; docs/issues.md "Limits on input"): the
 * largest body `createHandler` accepts (MAX_BODY_BYTES, 1 MB), filled with the
 * worst shapes, is answered within a small, fixed heap. test/bounds/endpoint-worst-cases.mjs
 * runs each body through a real handler with real Ed25519 signatures (WebCrypto),
 * in a child process started with --max-old-space-size=64.
 */
import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../src/http/index.js'
import { ISSUES_MAX } from '../../src/rules/bounds.js'
import { bundled, runIn64MB } from './child.js'

const library = bundled(["export * from './src/index.ts'", "export * from './src/http/index.ts'", "export { generateTestKeys } from './src/testing/index.ts'"].join('\n'))

interface Line {
  readonly case: string
  readonly bytes: number
  readonly status: number
  readonly ephemeral?: boolean
  readonly issues: number[]
  readonly heapMB: number
}

describe('the endpoint at its body limit, with the worst shapes, in a 64 MB heap (src/rules/bounds.ts, src/http)', () => {
  it('answers every body: an ephemeral refusal with a bounded issue list, never a 5xx or a crash; 413 past the limit', () => {
    const lines = runIn64MB<Line>('endpoint-worst-cases.mjs', library())
    expect(lines).toHaveLength(9)
    const byCase = new Map(lines.map((l) => [l.case, l]))
    for (const line of lines) {
      if (line.case === 'one byte over the limit') continue
      // The body is the largest the endpoint takes, or nearly (within 3%).
      expect(line.bytes, line.case).toBeLessThanOrEqual(MAX_BODY_BYTES)
      expect(line.bytes, line.case).toBeGreaterThan(MAX_BODY_BYTES * 0.95)
      expect(line.status, line.case).toBe(200)
      for (const n of line.issues) expect(n, line.case).toBeLessThanOrEqual(ISSUES_MAX)
    }
    // Refused payloads: an ephemeral message and one InteractionError each, with a bounded issue list.
    for (const name of [
      'a million... null options, to the limit',
      'option objects, to the limit',
      'subcommand options, to the limit',
      'subcommand entries, to the limit',
      'one string value of the whole size',
      'unknown keys of the whole size',
      'arrays nested to the limit',
    ]) {
      expect(byCase.get(name)?.ephemeral, name).toBe(true)
      expect(byCase.get(name)?.issues, name).toHaveLength(1)
    }
    // A resolved map is looked up, never walked: a valid invocation, answered by its handler.
    expect(byCase.get('a resolved map of the whole size')).toMatchObject({ status: 200, ephemeral: false, issues: [] })
    expect(byCase.get('one byte over the limit')).toMatchObject({ bytes: MAX_BODY_BYTES + 1, status: 413 })
  })
})
