/**
 * The emulator's request bodies under the bound on work (src/rules/bounds.ts;
 * docs/issues.md "Limits on input"): a 5 MB body of the worst shapes, on every
 * endpoint that takes one, is refused with 400 and a bounded issue list (spec:
 * "Limits": 25 options, 100 overwrites, 25 lobby members, 131 commands in a
 * bulk list), and an edit too.
 */
import { describe, expect, it } from 'vitest'
import { ISSUES_MAX } from '../../src/rules/bounds.js'
import { APP, global, guild, issuesOf, setup } from './helpers.js'

const nulls = (n = 1_000_000): null[] => Array.from({ length: n }, () => null)

describe('5 MB bodies of the worst shapes (src/rules/bounds.ts)', () => {
  it('refuses each with 400 and one issue for the list over its cap', async () => {
    const { call } = setup()
    const c = (await call('POST', global(), { name: 'ping', description: 'Pong' })).body
    const l = (await call('POST', '/lobbies', {})).body
    const cases: [string, string, unknown, [string, (string | number)[]]][] = [
      ['POST', global(), { name: 'big', description: 'd', options: nulls() }, ['options.too_many', ['options']]],
      ['PATCH', global(`/${c.id}`), { options: nulls() }, ['options.too_many', ['options']]],
      ['PUT', global(), nulls(), ['set.too_many', []]],
      ['PUT', guild(), nulls(), ['set.too_many', []]],
      ['PUT', guild(`/${c.id}/permissions`), { permissions: nulls() }, ['permissions.too_many', ['permissions']]],
      ['POST', '/lobbies', { members: nulls() }, ['lobby.members', ['members']]],
      ['PATCH', `/lobbies/${l.id}`, { members: nulls() }, ['lobby.members', ['members']]],
    ]
    for (const [method, path, body, issue] of cases) {
      expect(JSON.stringify(body).length).toBeGreaterThan(5_000_000)
      const r = await call(method, path, body)
      expect(r.status, `${method} ${path}`).toBe(400)
      expect(issuesOf(r), `${method} ${path}`).toEqual([issue])
    }
  })

  it('caps the issues of a body with many bad fields at 100, the last one counting the others', async () => {
    const { call } = setup()
    const body: Record<string, unknown> = { name: 'ping', description: 'Pong' }
    for (let i = 0; i < 200_000; i++) body[`k${i}`] = i
    const r = await call('POST', global(), body)
    expect(r.status).toBe(400)
    const issues = issuesOf(r)
    expect(issues).toHaveLength(ISSUES_MAX)
    expect(issues[99]).toEqual(['issues.truncated', []])
    const m = await call('PUT', `/lobbies/${(await call('POST', '/lobbies', {})).body.id}/members/${APP}`, body)
    expect(issuesOf(m)).toHaveLength(ISSUES_MAX)
  })

  it('refuses an edit whose list is over its cap, and stores a valid one', async () => {
    const { call } = setup()
    const c = (await call('POST', global(), { name: 'ping', description: 'Pong' })).body
    const refused = await call('PATCH', global(`/${c.id}`), { description: 'd', options: nulls(30) })
    expect(issuesOf(refused)).toEqual([['options.too_many', ['options']]])
    const edited = await call('PATCH', global(`/${c.id}`), { description: 'New', options: [{ type: 3, name: 'o', description: 'd' }] })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ id: c.id, name: 'ping', description: 'New', options: [{ type: 3, name: 'o', description: 'd' }] })
    expect((await call('GET', global(`/${c.id}`))).body.options).toEqual([{ type: 3, name: 'o', description: 'd' }])
  })
})
