/**
 * Wire facts have one home (issue 28 item 3 and its proof): slashkit/http, the
 * REST client, the CLI with its dev page, slashkit/testing, the emulator and the
 * core's fakes (src/http/, src/rest/, src/cli/, src/testing/, src/emulator/,
 * src/parse/fake.ts) name interaction types, callback types, command and option
 * types, component types, channel types, message types and message flags by the
 * tables of src/wire/ (`InteractionType`, `InteractionCallbackType`, `CommandType`,
 * `OptionType`, `ChannelType`, `MessageType`, `MessageFlag`, `EPHEMERAL` in
 * src/wire/enums.ts, `ComponentType` in src/wire/components.ts), never as bare
 * numbers in their code. The core's fakes, size-sensitive, may give a table's value a
 * name by a typed literal (`const ROW: typeof ComponentType.ActionRow = 1`): the type
 * checks the number against the table. Comments and strings may name them for the
 * reader; a count compared with 0 or 1, a length and an HTTP status (100 and up) are
 * not such facts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const src = new URL('../../src/', import.meta.url).pathname
const FOLDERS = ['http', 'rest', 'cli', 'testing', 'emulator']
const FILES = ['parse/fake.ts']

/** The code of a source file: comments and the text of string literals blanked out, its lines where they were. */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
}

/** A power of two from 2 up (a message flag's value), as a whole number literal. */
const FLAG = '(?:2|4|8|16|32|64|128|256|512|1024|2048|4096|8192|16384|32768|65536)'

/**
 * Each way a bare wire number is written, with what it would be:
 * - a type field set, declared or compared: `type: 4`, `type?: 1 | 2`, `.type === 2`,
 *   `type !== 9` (not a ternary's `? x.type : 0`);
 * - a `switch` arm: `case 3:`;
 * - flags set or declared: `flags: 64` (`flags: 0` is no flag at all; nor a ternary's
 *   `? x.flags : 64`);
 * - a number from 2 to 99 compared, either side: `=== 3`, `5 !== kind` (interaction
 *   types 1 to 6, callback types 1 to 13, component types; 0 and 1 are counts, and
 *   so is a `.length`);
 * - a flag combined or tested: `& 64`, `|= 4096`, `1 << 6`.
 */
const BARE: readonly RegExp[] = [
  /(?<![.?]\s*)\btype\??\s*:\s*\d/,
  /\btype\s*[!=]==?\s*\d/,
  /\bcase\s+\d+\s*:/,
  /(?<![.?]\s*)\bflags\??\s*:\s*[1-9]/,
  /(?<!\.length\s*[!=]{0,2})[!=]==?\s*(?:[2-9]|[1-9]\d)\b(?!\s*\.\d)/,
  /(?<![\w.])(?:[2-9]|[1-9]\d)\s*[!=]==?/,
  new RegExp(`(?<![&|])[&|](?![&|])=?\\s*${FLAG}\\b`),
  /\b\d+\s*<<\s*\d/,
]

/** The lines of a source text that write a bare wire number, as `file:line: code`. */
function bareLines(file: string, text: string): string[] {
  return codeOf(text)
    .split('\n')
    .flatMap((line, i) => (BARE.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []))
}

describe('src/http, src/rest, src/cli, src/testing, src/emulator and the fakes write no bare interaction, callback, component or flag numbers', () => {
  const files = [
    ...FOLDERS.flatMap((folder) =>
      readdirSync(`${src}${folder}`, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `${folder}/${f}`),
    ),
    ...FILES,
  ]

  it('finds the files it checks', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'http/context.ts',
        'http/dispatch.ts',
        'http/files.ts',
        'rest/interactions.ts',
        'rest/transport.ts',
        'cli/render.ts',
        'cli/page/main.ts',
        'cli/page/message.ts',
        'testing/fakes.ts',
        'emulator/interactions.ts',
        'emulator/invoke/options.ts',
        'parse/fake.ts',
      ]),
    )
  })

  it.each([
    ['an interaction callback type set', 'return { type: 4, data }'],
    ['an interaction type compared', 'if (raw.type === 3) return'],
    ['a bare number compared', 'if (kind === 3) return'],
    ['a bare number compared, written first', 'if (9 !== callback) return'],
    ['a switch arm', 'switch (t) { case 5: break }'],
    ['a message flag set', 'const data = { content, flags: 64 }'],
    ['a message flag tested', 'const ephemeral = (flags & 64) !== 0'],
    ['a message flag added', 'flags |= 4096'],
    ['a message flag shifted', 'const EPHEMERAL_FLAG = 1 << 6'],
    ['a type declared as a union of numbers', 'readonly type?: 1 | 2 | 3 | 4 | 5'],
    ['a message type defaulted', 'return { ...fields, flags: 0, type: 0 }'],
  ])('catches %s', (_, line) => {
    expect(bareLines('planted.ts', `const ok = 1\n${line}\n`)).toEqual([`planted.ts:2: ${line}`])
  })

  it.each([
    ['the named constants', 'return { type: InteractionCallbackType.ChannelMessageWithSource, data: { flags: EPHEMERAL } }'],
    ['a named interaction type', 'if (raw.type === InteractionType.MessageComponent) return'],
    ['a named arm', 'switch (t) { case InteractionType.Ping: break }'],
    ['a named flag tested', 'const ephemeral = ((data.flags ?? 0) & MessageFlag.Ephemeral) !== 0'],
    ['a count', 'if (files.length === 0 || done === 1) return'],
    ['an HTTP status', 'if (status === 429 || status === 204) return'],
    ['a length', 'if (Array.isArray(pair) && pair.length === 2) return pair'],
    ['a ternary that reads a field', "const f = (typeof m.flags === 'number' ? m.flags : 0) | extra"],
    ['no flags', 'return { content, flags: 0 }'],
    ['a typed literal of a table', 'const ROW: typeof ComponentType.ActionRow = 1'],
    ['a union of statuses', 'readonly status: 400 | 401 | 405 | 413'],
    ['logical operators and defaults', 'const n = a || 0; const m = b && 2; const k = c ?? 64'],
    ['numbers in comments and strings', "const s = 'type: 4' // flags: 64, === 3"],
  ])('passes %s', (_, line) => {
    expect(bareLines('planted.ts', line)).toEqual([])
  })

  it.each(files)('%s', (file) => {
    expect(bareLines(file, readFileSync(`${src}${file}`, 'utf8'))).toEqual([])
  })
})
