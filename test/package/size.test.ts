/**
 * Size gate (STYLE.md 14): the builders and rules one command needs, bundled from
 * the built package, minified and gzipped, stay under 9 KB (the peer,
 * @discordjs/builders, takes about 57 KB for the same). The bundle and the limit
 * are bench/size.mjs's, the ones `npm run bench` reports; this test only guards the ceiling.
 */
import { describe, expect, it } from 'vitest'
import { gzipped, OURS, SIZE_LIMIT } from '../../bench/size.mjs'

describe('bundle size', () => {
  it('one command with builders and rules is at most 9 KB gzipped (8 KB until issue 14, 8.5 KB until issue 17, see bench/size.mjs)', async () => {
    expect(SIZE_LIMIT).toBe(9 * 1024)
    expect((await gzipped(OURS)).gzip).toBeLessThanOrEqual(SIZE_LIMIT)
  })

  it('tree-shakes: validateCommand alone is smaller than the builders', async () => {
    const rules = await gzipped("import { validateCommand } from './dist/index.js'\nconsole.log(validateCommand({}))")
    const builders = await gzipped("import { slash } from './dist/index.js'\nconsole.log(slash('a', 'b').toJSON())")
    expect(rules.gzip).toBeLessThan(builders.gzip)
  })
})
