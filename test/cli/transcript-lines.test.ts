/**
 * How `slashkit invoke` and `dev` print a message without content: by what it has
 * instead (a deferral's "thinking…", its embeds, components or files), and `""`
 * only for a message of nothing at all. Before, every such message printed `""`,
 * which read as an empty answer above the embed it carried (public API v10: a
 * message needs content, an embed, a component or a file, and may have no content).
 * The texts of components are quoted as content is (JSON string escapes), so that a
 * line break keeps the indentation and a terminal's control sequence in an app's
 * label is shown, not obeyed.
 */
import { describe, expect, it } from 'vitest'
import { describeComponents, describeModal } from '../../src/cli/render.js'
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

describe('describeComponents: the texts of components as message content is shown', () => {
  it('a text display with a line break is quoted on its line, escaped (it broke the indentation of what followed)', () => {
    expect(describeComponents([{ type: 17, components: [{ type: 10, content: '# Ticket 1\nprinter' }] }])).toEqual(['container', '  "# Ticket 1\\nprinter"'])
  })

  it("a terminal's control sequence in a label, an option, a custom_id or a modal's title is shown escaped, never sent to the terminal", () => {
    const row = { type: 1, components: [{ type: 2, style: 1, label: 'Go\u001b[2J', custom_id: 'go\u0007' }] }
    const select = { type: 1, components: [{ type: 3, custom_id: 'pick', options: [{ label: 'A\r', value: 'a' }] }] }
    const printed = describeComponents([row, select]).join('\n')
    expect(printed).toBe('[Go\\u001b[2J · primary · go\\u0007]\n<pick: A\\r=a · pick 1>')
    expect(describeModal({ title: 'Close\u001b]0;owned\u0007', custom_id: 'm', components: [] })).toEqual(['modal "Close\\u001b]0;owned\\u0007" (m)'])
  })
})
