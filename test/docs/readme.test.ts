/**
 * The README's examples run, and give what the README says (builders issue:
 * "`toJSON` output equals hand-written JSON for the README examples"). Each ```ts
 * block is taken from README.md as it stands, compiled with esbuild and run against
 * the sources, so the README cannot drift from what the code does.
 */
import { existsSync, readFileSync } from 'node:fs'
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

describe('README.md links', () => {
  // The README is the npm package's page, where a relative link leads nowhere (the
  // package ships no docs/): every link to the repository's files is absolute, on
  // the repository of package.json, and names a file that exists.
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { repository: { url: string } }
  const repo = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string)

  it('reads the repository URL and the links (guards this check itself)', () => {
    expect(repo).toBe('https://github.com/slashkit/slashkit')
    expect(links.filter((l) => l.includes('/docs/')).length).toBeGreaterThanOrEqual(10)
  })

  it('has no relative link', () => {
    expect(links.filter((l) => !/^(?:https?:|mailto:|#)/.test(l))).toEqual([])
  })

  it.each(links.filter((l) => l.startsWith(`${repo}/blob/main/`)))('%s names a file of the repository', (link) => {
    const path = link.slice(`${repo}/blob/main/`.length).replace(/#.*$/, '')
    expect(existsSync(new URL(`../../${path}`, import.meta.url)), path).toBe(true)
  })
})
