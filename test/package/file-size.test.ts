/**
 * Files of one concern (issue 17, "No source file over about 400 lines"): the
 * layers above the core (rest, emulator, cli, http, testing) stay under 400 lines
 * a file, so that a change reads as a change to one part (the emulator's routing,
 * its stores, the client's edit check) and branches merge cleanly.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = new URL('../../src/', import.meta.url).pathname
const MAX_LINES = 400

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))
}

describe(`source files of layers 6 and 7 have at most ${MAX_LINES} lines`, () => {
  const upper = ['rest', 'emulator', 'cli', 'http', 'testing'].flatMap((layer) => files(join(src, layer)))

  it('finds the files it checks', () => {
    expect(upper.length).toBeGreaterThan(30)
  })

  it.each(upper.map((f) => [relative(src, f), f] as const))('%s', (_, file) => {
    expect(readFileSync(file, 'utf8').split('\n').length).toBeLessThanOrEqual(MAX_LINES)
  })
})
