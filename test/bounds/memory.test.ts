/**
 * The worst inputs in a small, fixed heap (issue 19; docs/issues.md, "Limits on
 * input"): test/bounds/worst-cases.mjs runs each against the library bundled from
 * src/, in a child process started with --max-old-space-size=64, and every one is
 * answered with a bounded issue list. Before the bound on work, the first case
 * alone (a 5 MB body of a million null options) took about 590 MB and the child
 * died of heap exhaustion.
 */
import { describe, expect, it } from 'vitest'
import { ISSUES_MAX } from '../../src/rules/bounds.js'
import { bundled, runIn64MB } from './child.js'

const library = bundled("export * from './src/index.ts'")

interface Line {
  readonly case: string
  readonly ok: boolean
  readonly issues: number
  readonly code?: string
  readonly path?: (string | number)[]
  readonly heapMB: number
}

/** What each case must answer: its first issue, by code and path. */
const EXPECTED: Record<string, [string, (string | number)[]]> = {
  'safeParse: 5 MB body of a million null options': ['options.too_many', ['data', 'options']],
  'safeParse: sparse options of length 2^32-1': ['options.too_many', ['data', 'options']],
  'safeParse: sparse options of a subcommand': ['options.too_many', ['data', 'options', 0, 'options']],
  'safeParseAutocomplete: sparse options': ['options.too_many', ['data', 'options']],
  'validateCommand: sparse options': ['options.too_many', ['options']],
  'validateCommand: sparse choices': ['choices.too_many', ['options', 0, 'choices']],
  'validateCommand: sparse contexts': ['list.too_long', ['contexts']],
  'validateCommand: 200,000 unknown keys': ['field.unknown', ['k0']],
  'validateCommands: sparse list': ['set.too_many', []],
  'validateCommands: a million nulls': ['set.too_many', []],
  'fromJSON: sparse options': ['options.too_many', ['options']],
  'fromJSON: sparse contexts': ['list.too_long', ['contexts']],
  'fromJSON: sparse choices': ['choices.too_many', ['options', 0, 'choices']],
  'validateLobby: sparse members': ['lobby.members', ['members']],
  'validateOverwrites: sparse permissions': ['permissions.too_many', ['permissions']],
}

describe('the worst inputs, in a child process with a 64 MB heap (src/rules/bounds.ts)', () => {
  it('answers every one with a bounded issue list, both parse modes', () => {
    const lines = runIn64MB<Line>('worst-cases.mjs', library())
    const parseCases = Object.keys(EXPECTED).filter((c) => c.startsWith('safeParse'))
    expect(lines.map((l) => l.case)).toEqual([...Object.keys(EXPECTED), ...parseCases.map((c) => `${c} (jitless)`)])
    for (const line of lines) {
      const [code, path] = EXPECTED[line.case.replace(' (jitless)', '')] ?? []
      expect({ case: line.case, ok: line.ok, code: line.code, path: line.path }).toEqual({ case: line.case, ok: false, code, path })
      expect(line.issues, line.case).toBeGreaterThan(0)
      expect(line.issues, line.case).toBeLessThanOrEqual(ISSUES_MAX)
    }
    // Lists over their cap are one issue each; only the 200,000 keys fill the cap.
    expect(lines.filter((l) => l.issues === ISSUES_MAX).map((l) => l.case)).toEqual(['validateCommand: 200,000 unknown keys'])
  })
})
