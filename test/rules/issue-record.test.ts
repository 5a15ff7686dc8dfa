/**
 * Issue 29 (fourth round): the rules were rewritten for speed with every issue kept.
 * test/rules/issue-record.json holds what `validateCommand` and `validateCommands`
 * gave before the rewrite (code, path and message of each issue, in order) on every
 * input of the rule tests that plain data holds and on 320 seeded mutations of issue
 * 29's workload and of the bench fixture (made by scripts/record-issues.mjs); the
 * rules must give the same today. A change of a message or a rule shows here:
 * remake the record then, and say why in the commit.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { makeCommandSet } from '../../bench/fixture.mjs'
import { applyEdits, decode, type Edit, type RecordedIssue, recordOf } from '../../bench/issue-record.mjs'
import { makeWorkload } from '../../bench/workload.mjs'
import { validateCommand, validateCommands, type ValidateOptions } from '../../src/index.js'

interface Recorded {
  readonly cases: readonly { fn: 'one' | 'set'; input: unknown; options: ValidateOptions; issues: RecordedIssue[] }[]
  readonly mutations: readonly { base: 'workload' | 'fixture'; index: number; edits: Edit[]; one: RecordedIssue[]; set: RecordedIssue[] }[]
}

const record = JSON.parse(readFileSync(new URL('issue-record.json', import.meta.url), 'utf8')) as Recorded

describe('the issues recorded before the rewrite (issue 29)', () => {
  it('holds invalid inputs of every kind the rules report', () => {
    const codes = new Set([...record.cases.flatMap((c) => c.issues), ...record.mutations.flatMap((m) => m.set)].map((i) => i[0]))
    // "Naming rules" 1-5, "Limits" (combined size), "Other command rules" 6, the set rules.
    for (const code of [
      'name.length',
      'name.lowercase',
      'name.pattern',
      'options.duplicate_name',
      'localization.conflict',
      'command.size',
      'locale.unknown',
      'set.duplicate_name',
      'set.too_many',
      'field.required',
      'value.type',
      'field.unknown',
    ])
      expect(codes).toContain(code)
    expect(record.mutations.length).toBe(320)
  })

  it('gives the same issues on the inputs of the rule tests', () => {
    const differ = record.cases.filter((c) => {
      const input = decode(c.input)
      const r = c.fn === 'one' ? validateCommand(input, c.options) : validateCommands(input, c.options)
      return JSON.stringify(recordOf(r)) !== JSON.stringify(c.issues)
    })
    expect(differ.slice(0, 3)).toEqual([])
  })

  it('gives the same issues on the mutations of the workload and the fixture', () => {
    const bases = { workload: makeWorkload(), fixture: makeCommandSet() }
    const differ = record.mutations.filter((m) => {
      const set = applyEdits(bases[m.base], m.index, m.edits)
      return JSON.stringify(recordOf(validateCommand(set[m.index]))) !== JSON.stringify(m.one) || JSON.stringify(recordOf(validateCommands(set))) !== JSON.stringify(m.set)
    })
    expect(differ.slice(0, 3)).toEqual([])
    // 640 walks of a 130-command list: about 3 s on a loaded 2-core machine.
  }, 60_000)
})
