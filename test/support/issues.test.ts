/**
 * The shared issue assertions (test/support/issues.ts) must be able to fail: a
 * wrong code, a wrong path, a missing or extra issue, an ok result where issues
 * are expected, a function that throws nothing or something else.
 */
import { describe, expect, it } from 'vitest'
import { slash, validateCommand, ValidationError } from '../../src/index.js'
import { expectIssue, expectIssues, issue, issuesIn, pairsOf, thrownBy } from './issues.js'

const bad = { name: 'Bad', description: 'd' }

describe('expectIssues (test/support/issues.ts)', () => {
  it('passes on the exact issues, by code and path, from a result, an error, a list or a throwing function', () => {
    const r = validateCommand(bad)
    expectIssues(r, [issue('name.lowercase', 'name')])
    expectIssues(r.issues ?? [], [{ code: 'name.lowercase', path: ['name'] }])
    expectIssues(new ValidationError(r.issues ?? []), [issue('name.lowercase', 'name')])
    expectIssues(() => slash('Bad' as 'bad', 'd').toJSON(), [issue('name.lowercase', 'name')])
    expectIssues(validateCommand({ name: 'ok', description: 'd' }), [])
  })

  it('fails on a wrong code, a wrong path, a missing or an extra issue', () => {
    const r = validateCommand(bad)
    expect(() => expectIssues(r, [issue('name.pattern', 'name')])).toThrow()
    expect(() => expectIssues(r, [issue('name.lowercase', 'options')])).toThrow()
    expect(() => expectIssues(r, [])).toThrow()
    expect(() => expectIssues(r, [issue('name.lowercase', 'name'), issue('name.length', 'name')])).toThrow()
  })

  it('fails on an ok result where issues are expected, and on an ok result that carries issues', () => {
    expect(() => expectIssues(validateCommand({ name: 'ok', description: 'd' }), [issue('name.lowercase', 'name')])).toThrow()
    expect(() => issuesIn({ ok: true, value: 1, issues: [] } as never)).toThrow()
  })

  it('fails on an issue without a message, and on a refused result without issues', () => {
    expect(() => issuesIn([{ code: 'name.length', path: ['name'], message: '' }])).toThrow()
    expect(() => issuesIn({ ok: false, issues: [] })).toThrow()
  })

  it('a function must throw a ValidationError with issues: no throw, or another error, fails', () => {
    expect(() => thrownBy(() => 1)).toThrow('nothing was thrown')
    expect(() => thrownBy(() => JSON.parse('{'))).toThrow()
    expect(thrownBy(() => slash('Bad' as 'bad', 'd').toJSON())).toBeInstanceOf(ValidationError)
  })

  it('expectIssue finds one issue among others; pairsOf reads { code, path } in order', () => {
    const r = validateCommand({ name: 'Bad', description: '' })
    expect(pairsOf(r)).toEqual([issue('name.lowercase', 'name'), issue('description.length', 'description')])
    expectIssue(r, 'description.length', ['description'])
    expect(() => expectIssue(r, 'name.length', ['name'])).toThrow()
  })
})
