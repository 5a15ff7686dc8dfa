/**
 * Size gate (STYLE.md 14): the builders and rules one command needs, bundled from
 * the built package, minified and gzipped, stay under 8 KB (the peer,
 * @discordjs/builders, takes about 57 KB for the same). `npm run bench` reports the
 * figures; this test only guards the ceiling.
 */
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname

async function gzipped(contents: string): Promise<number> {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  })
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length
}

describe('bundle size', () => {
  it('one command with builders and rules is at most 8 KB gzipped', async () => {
    const size = await gzipped(
      "import { slash, option } from './dist/index.js'\nconsole.log(JSON.stringify(slash('ping', 'Pong').options(option.string('x', 'y').required()).toJSON()))",
    )
    expect(size).toBeLessThanOrEqual(8 * 1024)
  })

  it('tree-shakes: validateCommand alone is smaller than the builders', async () => {
    const rules = await gzipped("import { validateCommand } from './dist/index.js'\nconsole.log(validateCommand({}))")
    const builders = await gzipped("import { slash } from './dist/index.js'\nconsole.log(slash('a', 'b').toJSON())")
    expect(rules).toBeLessThan(builders)
  })
})
