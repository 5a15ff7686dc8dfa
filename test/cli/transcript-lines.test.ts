/**
 * How `slashkit invoke` and `dev` print a message without content: by what it has
 * instead (a deferral's "thinking…", its embeds, components or files), and `""`
 * only for a message of nothing at all. Before, every such message printed `""`,
 * which read as an empty answer above the embed it carried (public API v10: a
 * message needs content, an embed, a component or a file, and may have no content).
 */
import { describe, expect, it } from 'vitest'
import { describeTranscript, type PrintedEntry } from '../../src/cli/transcript.js'
import { MessageFlag } from '../../src/internal.js'

const entry = (content: string, extra: Partial<NonNullable<PrintedEntry['message']>> = {}, type = 4): PrintedEntry => ({
  kind: 'callback',
  at: 1000,
  type,
  message: { id: '1', content, flags: 0, ...extra },
})
const lines = (e: PrintedEntry) => describeTranscript([e], 1000).map((l) => l.trim())

describe('describeTranscript: a message without content', () => {
  it('an embed alone: the callback, then the embed, with no ""', () => {
    expect(lines(entry('', { embeds: [{ title: 'Weekly report' }] }))).toEqual(['+0 ms  callback 4', 'embed "Weekly report"'])
  })

  it('a deferral: "thinking…" alone', () => {
    expect(lines(entry('', { flags: MessageFlag.Loading }, 5))).toEqual(['+0 ms  callback 5 (thinking…)'])
  })

  it('content is quoted as before; a message of nothing at all is ""', () => {
    expect(lines(entry('pong'))).toEqual(['+0 ms  callback 4 "pong"'])
    expect(lines(entry(''))).toEqual(['+0 ms  callback 4 ""'])
  })
})
