/**
 * Size gate (STYLE.md 14): the builders and rules one command needs, bundled from
 * the built package, minified and gzipped, stay under 8,866 B (the peer,
 * @discordjs/builders, takes about 57 KB for the same). The bundle and the limit
 * are bench/size.mjs's, the ones `npm run bench` reports; this test only guards the
 * ceilings: that one, and issue 29's localized command's.
 */
import { describe, expect, it } from 'vitest'
import { gzipped, ISSUE_29, ISSUE_29_LIMIT, OURS, SIZE_LIMIT } from '../../bench/size.mjs'

describe('bundle size', () => {
  it('one command with builders and rules is at most 8,866 B gzipped (8 KB until issue 14, 8.5 KB until issue 17, 9 KB until issue 29, 9,180 B until its second round, 9,170 B until its third, 9,110 B until its bundle round, 8,875 B until its fourth, see bench/size.mjs)', async () => {
    expect(SIZE_LIMIT).toBe(8866)
    expect((await gzipped(OURS)).gzip).toBeLessThanOrEqual(SIZE_LIMIT)
  })

  it("issue 29's command (4 options, 2 choices, 5 locales on every name, description and choice) is at most 9,582 B gzipped", async () => {
    expect(ISSUE_29).toContain(".localize('pt-BR', 'Abuso')")
    expect(ISSUE_29_LIMIT).toBe(9582)
    expect((await gzipped(ISSUE_29)).gzip).toBeLessThanOrEqual(ISSUE_29_LIMIT)
  })

  it('tree-shakes: validateCommand alone is smaller than the builders', async () => {
    const rules = await gzipped("import { validateCommand } from './dist/index.js'\nconsole.log(validateCommand({}))")
    const builders = await gzipped("import { slash } from './dist/index.js'\nconsole.log(slash('a', 'b').toJSON())")
    expect(rules.gzip).toBeLessThan(builders.gzip)
  })
})
