/**
 * The README's examples run, and give what the README says (builders issue:
 * "`toJSON` output equals hand-written JSON for the README examples"). Each ```ts
 * block is taken from README.md as it stands, compiled with esbuild and run against
 * the sources, so the README cannot drift from what the code does.
 */
import { readFileSync } from 'node:fs'
import { transformSync } from 'esbuild'
import { describe, expect, it } from 'vitest'
import * as slashkit from '../../src/index.js'
import { BAN_JSON, CONFIG_JSON } from '../builders/design-example.js'

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string)

/** Runs a README block as a CommonJS module whose `slashkit` is the sources; returns its exports. */
function run(code: string): Record<string, unknown> {
  const { code: js } = transformSync(code, { loader: 'ts', format: 'cjs' })
  const module = { exports: {} as Record<string, unknown> }
  const require = (id: string): unknown => {
    if (id === 'slashkit') return slashkit
    throw new Error(`README block imports ${id}`)
  }
  new Function('module', 'exports', 'require', js)(module, module.exports, require)
  return module.exports
}

describe('README.md examples', () => {
  it('has the blocks this test reads: the definitions first, then validateCommand (guards this check itself)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3)
    expect(blocks[0]).toContain('export const app = commands(')
    expect(blocks[1]).toContain('validateCommand(')
  })

  it('the opening example emits the hand-written JSON of test/builders/design-example.ts', () => {
    const { ban, config, app } = run(blocks[0] as string) as Record<string, { toJSON(): unknown }>
    // The README's `config` is the DESIGN.md one without its `role` group.
    const configJSON = { ...CONFIG_JSON, options: CONFIG_JSON.options.slice(0, 2) }
    expect(ban?.toJSON()).toStrictEqual(BAN_JSON)
    expect(config?.toJSON()).toStrictEqual(configJSON)
    expect(app?.toJSON()).toStrictEqual([BAN_JSON, configJSON, { type: 2, name: 'Show profile' }, { type: 3, name: 'Report' }])
  })

  it('validateCommand gives the result the README shows, by code, path and message (DESIGN.md "Contract")', () => {
    const code = (blocks[1] as string).replace(/^validateCommand\(/m, 'export const result = validateCommand(')
    expect(run(code).result).toStrictEqual({
      ok: false,
      issues: [{ code: 'name.lowercase', path: ['name'], message: 'name must be lower case ("ban") (was "Ban")', expected: '"ban"', received: '"Ban"' }],
    })
  })
})
