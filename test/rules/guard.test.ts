/**
 * The guard against hostile input and the result it builds have one home,
 * src/rules/validate.ts (`guard`, `guardAlone`, `resultOf`; issue 28 item 6): every `validate*` and
 * `safeParse*` ends with them, so a getter that throws is the issue
 * `input.unreadable` (docs/issues.md) the same way everywhere, never a crash.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { IssueCollector } from '../../src/rules/issues.js'
import { isObject, isRecord } from '../../src/rules/json.js'
import { guard, guardAlone, resultOf } from '../../src/rules/validate.js'
import { MESSAGES } from '../../src/rules/messages.js'

const trap = (): never => {
  throw new Error('trap')
}

describe('guard and resultOf (src/rules/validate.ts)', () => {
  it('answers the value when the walk finds nothing', () => {
    const c = new IssueCollector([], 'body', MESSAGES)
    const value = { a: 1 }
    guard(c, () => {})
    expect(resultOf(c, value)).toEqual({ ok: true, value })
    expect(guardAlone(c, () => {}, trap)).toBe(c)
  })

  it('keeps the issues found before a throw, and adds input.unreadable where the walk stopped', () => {
    const c = new IssueCollector([], 'body', MESSAGES)
    guard(c, () => {
      c.add('field.required', 'name')
      c.path.push('options', 0)
      trap()
    })
    const r = resultOf(c, {})
    expect(r.ok).toBe(false)
    expect(r.issues?.map((i) => [i.code, i.path])).toEqual([
      ['field.required', ['name']],
      ['input.unreadable', ['options', 0]],
    ])
    expect(r.issues?.[1]?.message).toBe('body.options[0] could not be read: trap')
  })

  it('guardAlone answers input.unreadable only, at the root of a fresh collector', () => {
    const c = new IssueCollector([], 'interaction', MESSAGES)
    const holder = guardAlone(
      c,
      () => {
        c.add('field.required', 'data')
        c.path.push('data')
        trap()
      },
      () => new IssueCollector([], 'interaction', MESSAGES),
    )
    expect(holder).not.toBe(c)
    expect(resultOf(holder, undefined).issues?.map((i) => [i.code, i.path])).toEqual([['input.unreadable', []]])
  })

  it('reads what a hostile thrown value says without throwing itself', () => {
    const c = new IssueCollector([], 'body', MESSAGES)
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    guard(c, () => {
      throw revoked.proxy
    })
    const r = resultOf(c, {})
    expect(r.issues?.map((i) => i.code)).toEqual(['input.unreadable'])
  })
})

describe('isObject and isRecord: one meaning each', () => {
  it('isObject: a plain JSON object only; isRecord: any object but an array', () => {
    for (const v of [{}, JSON.parse('{"__proto__": 1}'), Object.create(null)]) expect([isObject(v), isRecord(v)]).toEqual([true, true])
    for (const v of [new Date(), new Map(), Object.create({ inherited: 1 })]) expect([isObject(v), isRecord(v)]).toEqual([false, true])
    for (const v of [[], null, undefined, 'a', 1, () => {}]) expect([isObject(v), isRecord(v)]).toEqual([false, false])
  })
})

describe('one home', () => {
  const src = new URL('../../src/', import.meta.url).pathname
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))

  it('no other file catches a throw to report input.unreadable itself', () => {
    // A catch block that reports the issue: `catch (...) { ... add('input.unreadable' ...`.
    const copies = files(src)
      .filter((f) => /catch\s*(?:\([^)]*\))?\s*\{[^}]*\.add\(\s*'input\.unreadable'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(src, f))
    expect(copies).toEqual(['rules/validate.ts'])
  })

  it('no other file defines its own JSON object type or object test', () => {
    const copies = files(src)
      .filter((f) =>
        /\btype Json\w* = Record<string, unknown>|const is\w+ = \(v: unknown\)[^=]*=> typeof v === 'object' && v !== null && !Array\.isArray\(v\)/.test(readFileSync(f, 'utf8')),
      )
      .map((f) => relative(src, f))
    expect(copies).toEqual(['rules/json.ts'])
  })
})
