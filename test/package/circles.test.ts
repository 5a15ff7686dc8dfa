/**
 * No import circle in src/ (issue 28, "Proof"), type-only imports included: a
 * circle of types is still two files that cannot be read, moved or split apart,
 * and Rollup warns "circular dependency between chunks" for it on every build. A
 * type both files need lives in the lower one, the file that does not need the
 * other. The graph is read from the source (test/package/imports.ts).
 */
import { describe, expect, it } from 'vitest'
import { chainText, circles, importGraph, importsOf } from './imports.js'

const src = new URL('../../src/', import.meta.url).pathname

/**
 * Circles that stay until their owner's change lands, each with that owner. The
 * coordinator removes an entry once its circle is gone (the last test fails then).
 * None today: issue 29's split of the message catalogue ended rules/issues.ts <->
 * rules/bounds.ts and rules/issues.ts <-> rules/messages.ts.
 */
const ALLOWED: readonly (readonly string[])[] = []

const allowed = (chain: readonly string[]): boolean => ALLOWED.some((a) => chainText(a) === chainText(chain))

describe('import circles in src/', () => {
  const graph = importGraph(src)
  const found = circles(graph)

  it('reads the whole graph', () => {
    expect(graph.size).toBeGreaterThan(100)
    expect(graph.get('parse/handle.ts')).toContain('parse/router.ts')
    expect(graph.get('index.ts')).toContain('internal.ts')
  })

  it('has none, type-only imports included, beyond the allowed ones', () => {
    const unexpected = found.filter((c) => !allowed(c)).map(chainText)
    expect(unexpected, `import circles in src/ (move the type both files need into the lower one):\n${unexpected.join('\n')}`).toEqual([])
  })

  it('allows only circles that are still there', () => {
    const gone = ALLOWED.filter((a) => !found.some((c) => chainText(c) === chainText(a))).map(chainText)
    expect(gone, `these circles are gone: remove them from ALLOWED in test/package/circles.test.ts:\n${gone.join('\n')}`).toEqual([])
  })
})

describe('the circle finder', () => {
  const g = (edges: Record<string, string[]>): Map<string, string[]> => new Map(Object.entries(edges))

  it('prints each circle as a chain of files, once, from its smallest file', () => {
    const graph = g({ 'c.ts': ['a.ts'], 'a.ts': ['b.ts'], 'b.ts': ['c.ts', 'd.ts'], 'd.ts': [] })
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
    expect(chainText(['a.ts', 'b.ts', 'c.ts'])).toBe('a.ts -> b.ts -> c.ts -> a.ts')
  })

  it('finds two circles through one file, and none in a graph without one', () => {
    const graph = g({ 'issues.ts': ['bounds.ts', 'messages.ts'], 'bounds.ts': ['issues.ts'], 'messages.ts': ['issues.ts'], 'walk.ts': ['issues.ts'] })
    expect(circles(graph)).toEqual([
      ['bounds.ts', 'issues.ts'],
      ['issues.ts', 'messages.ts'],
    ])
    expect(circles(g({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([])
  })

  it('counts type-only imports and re-exports, and a type written import(...)', () => {
    const text = [
      "import type { Bound } from './router.js'",
      "export type { Issue } from '../rules/issues.js'",
      "export * from './all.js'",
      "export * as ns from './ns.js'",
      'import {',
      '  a,',
      '  type B,',
      "} from './multi.js'",
      "import def, { c } from './def.js'",
      "import './side.js'",
      "type T = import('./typed.js').T",
      'const s = \'from "./nope.js"\'',
      "// see './comment.js'",
    ].join('\n')
    expect(importsOf(text)).toEqual(['./router.js', '../rules/issues.js', './all.js', './ns.js', './multi.js', './def.js', './side.js', './typed.js'])
  })
})
