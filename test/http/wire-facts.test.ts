/**
 * Wire facts have one home (issue 28 item 3): slashkit/http names interaction types,
 * callback types and message flags by the tables of src/wire/enums.ts
 * (`InteractionType`, `InteractionCallbackType`, `MessageFlag`, `EPHEMERAL`), never
 * as bare numbers in its code. Comments and strings may name them for the reader.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const dir = new URL('../../src/http/', import.meta.url).pathname

/** The code of a source file: comments and the text of string literals blanked out. */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
}

/** Interaction and callback types as `type: 4`, `.type === 2`, `case 3:`; message flags as `flags: 64`, `& 64`, `| 64`. */
const BARE = [/\btype\s*:\s*\d/, /\btype\s*[!=]==?\s*\d/, /\bcase\s+\d+\s*:/, /\bflags\s*:\s*\d/, /[&|]=?\s*(?:64|1\s*<<\s*6)\b/]

/**
 * modal.ts builds components (1 action row, 4 text input): component types, which
 * src/wire/enums.ts does not hold yet, not interaction, callback or flag numbers.
 */
const COMPONENT_TYPES = ['modal.ts']

describe('src/http writes no bare interaction, callback or flag numbers', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'))

  it('finds the files it checks', () => {
    expect(files).toEqual(expect.arrayContaining(['context.ts', 'dispatch.ts', 'gateway.ts', 'handler.ts']))
  })

  it('catches a bare number when there is one (the check can fail)', () => {
    const hits = (code: string) => BARE.filter((re) => re.test(codeOf(code))).length
    expect(hits('return { type: 5, data: { flags: 64 } } // type: 4 in a comment is fine')).toBe(2)
    expect(hits('if (raw.type === 3) x |= 64')).toBe(2)
    expect(hits("const s = 'type: 4'; switch (t) { case InteractionType.Ping: }")).toBe(0)
  })

  it.each(files.filter((f) => !COMPONENT_TYPES.includes(f)))('%s', (file) => {
    const code = codeOf(readFileSync(`${dir}${file}`, 'utf8'))
    const lines = code.split('\n')
    const found = lines.flatMap((line, i) => (BARE.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []))
    expect(found).toEqual([])
  })
})
