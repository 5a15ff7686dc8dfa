/**
 * `layoutEditIssues`: an edit against the message as it is (public API v10, "Message
 * Flags": IS_COMPONENTS_V2, 32768, "cannot be removed once set", and a message with
 * it holds no content, embeds or poll; one upgraded to it by an edit sets them to
 * null). The core rule the emulator refuses edits by (test/emulator/invoke/
 * layout-edits.test.ts) and `slashkit/http` checks an UPDATE_MESSAGE by
 * (test/http/update-refusals.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { layoutEditIssues } from '../../src/internal.js'

const V2 = 32768
const layoutMessage = { flags: V2, content: '', embeds: [], components: [{ type: 10, content: 'Board' }] }
const classic = { flags: 0, content: 'Hello', embeds: [{ title: 'x' }], components: [] }
const at = (issues: readonly { code: string; path: readonly unknown[] }[]) => issues.map((i) => [i.code, i.path])

describe('layoutEditIssues ("Message Flags": IS_COMPONENTS_V2)', () => {
  it('a layout message keeps its flag: flags without it is refused at flags', () => {
    expect(at(layoutEditIssues(layoutMessage, { flags: 0 }, ['data']))).toEqual([['field.not_allowed', ['data', 'flags']]])
  })

  it('a layout message takes no content, embeds or poll, with or without flags in the edit', () => {
    expect(at(layoutEditIssues(layoutMessage, { content: 'Thanks' }, []))).toEqual([['field.not_allowed', ['content']]])
    expect(at(layoutEditIssues(layoutMessage, { embeds: [{ title: 't' }], flags: V2 }, []))).toEqual([['field.not_allowed', ['embeds']]])
  })

  it('each message names the field where it is in what is sent, as the body checks name theirs (body.data.content in a callback)', () => {
    // Before: "body.content ..." for the callback's data.content, a path the body sent has not.
    expect(layoutEditIssues(layoutMessage, { content: 'Thanks' }, ['data']).map((i) => i.message)).toEqual([
      expect.stringMatching(/^body\.data\.content is not allowed on a message with the IS_COMPONENTS_V2 flag/),
    ])
    expect(layoutEditIssues(layoutMessage, { content: 'Thanks' }, [])[0]?.message).toMatch(/^body\.content is not allowed/)
    expect(layoutEditIssues(layoutMessage, { flags: 0 }, ['data']).map((i) => i.message)).toEqual([
      'body.data.flags must keep IS_COMPONENTS_V2 (32768): a message sent with it keeps it',
    ])
    expect(layoutEditIssues(classic, { flags: V2, components: [] }, [])[0]?.message).toBe('body.content must be set to null to upgrade the message to IS_COMPONENTS_V2 (32768)')
  })

  it('an edit of a layout message with layout components and no flags is fine (it keeps the flag)', () => {
    expect(layoutEditIssues(layoutMessage, { components: [{ type: 10, content: 'Done' }] }, ['data'])).toEqual([])
  })

  it('upgrading a message with content and embeds: each must be set to null (or emptied) in the edit', () => {
    const upgrade = { flags: V2, components: [{ type: 10, content: 'Now a layout' }] }
    expect(at(layoutEditIssues(classic, upgrade, []))).toEqual([
      ['field.not_allowed', ['content']],
      ['field.not_allowed', ['embeds']],
    ])
    expect(layoutEditIssues(classic, { ...upgrade, content: null, embeds: [] }, [])).toEqual([])
  })

  it('a classic message edited without the flag, and anything that is not an object, give no issue', () => {
    expect(layoutEditIssues(classic, { content: 'Edited' }, [])).toEqual([])
    expect([layoutEditIssues(undefined, {}, []), layoutEditIssues(layoutMessage, null, []), layoutEditIssues('x', 'y', [])]).toEqual([[], [], []])
  })
})
