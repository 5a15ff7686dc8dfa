/**
 * The client's check of a command edit body (src/rest/edit.ts), before anything is
 * sent: the client does not know the command's type, so a body is valid when its
 * fields make a valid command of some type the scope allows ("States and
 * transitions": each given field overwrites that field; "Limits": no
 * PRIMARY_ENTRY_POINT in a guild). Codes and paths are the rules' own
 * (docs/issues.md).
 */
import { describe, expect, it } from 'vitest'
import { checkEdit } from '../../src/rest/edit.js'

const codes = (patch: unknown, scope: 'global' | 'guild' = 'global'): [string, readonly unknown[]][] => (checkEdit(patch, scope).issues ?? []).map((i) => [i.code, i.path])

describe('checkEdit (command edit bodies)', () => {
  it('accepts a body that replaces only some fields, and returns it unchanged', () => {
    const patch = { description: 'New text' }
    const result = checkEdit(patch, 'guild')
    expect(result.ok).toBe(true)
    expect(result.value).toBe(patch)
    expect(checkEdit({}, 'global').ok).toBe(true)
    // A name with capitals and a space is a valid USER or MESSAGE command name.
    expect(checkEdit({ name: 'Show Profile' }, 'guild').ok).toBe(true)
    // DESIGN.md "Rulings": a key whose value is undefined is absent.
    expect(checkEdit({ name: 'ok', description: undefined }, 'global').ok).toBe(true)
  })

  it('refuses `type` (a command keeps its type) and anything but an object', () => {
    expect(codes({ type: 1 })).toEqual([['field.unknown', ['type']]])
    expect(checkEdit(null, 'global').ok).toBe(false)
    expect(checkEdit([], 'global').ok).toBe(false)
    expect(checkEdit('{"name":"x"}', 'guild').ok).toBe(false)
  })

  it('checks an edit with options as a CHAT_INPUT command, and reports it as one', () => {
    expect(codes({ name: 'Bad Name', options: [] })).toEqual([
      ['name.pattern', ['name']],
      ['name.lowercase', ['name']],
    ])
    expect(codes({ options: [{ type: 3, name: 'x' }] })).toEqual([['field.required', ['options', 0, 'description']]])
    expect(checkEdit({ options: [{ type: 3, name: 'x', description: 'y' }] }, 'guild').ok).toBe(true)
  })

  it('a field valid for no type is refused with the fewest issues any type gives', () => {
    expect(codes({ description: 'x'.repeat(101) })).toEqual([['description.length', ['description']]])
    expect(codes({ contexts: [0] }, 'guild')).toEqual([['scope.global_only', ['contexts']]])
    expect(codes({ nsfw: 'yes' })).toEqual([['value.type', ['nsfw']]])
  })

  it('a handler (entry points only) is an edit of an entry point globally, and of nothing in a guild', () => {
    expect(checkEdit({ handler: 2 }, 'global').ok).toBe(true)
    expect(checkEdit({ handler: 2 }, 'guild').ok).toBe(false)
  })

  it('hostile keys are fields like any other, never a crash', () => {
    const patch = JSON.parse('{"__proto__": {"name": "x"}, "description": "ok"}') as unknown
    const result = checkEdit(patch, 'global')
    expect(result.ok).toBe(false)
    expect(result.issues?.[0]?.path).toEqual(['__proto__'])
  })
})
