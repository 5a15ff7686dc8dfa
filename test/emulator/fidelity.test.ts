/**
 * Answers as the public API v10 gives them where the spec is silent: `dm_permission`
 * in a command (a boolean, never null; true by default on global commands), and the
 * `_errors` codes of a 400 Invalid Form Body (the public API's where one is known,
 * slashkit's issue code otherwise; docs/emulator.md has the table).
 */
import { describe, expect, it } from 'vitest'
import { PUBLIC_ERROR_CODES } from '../../src/emulator/public-codes.js'
import { global, guild, issuesOf, setup } from './helpers.js'

describe('dm_permission in a response (public API v10: a boolean, true by default on global commands)', () => {
  it('is true on a global command that does not set it or sets it to null, and kept when false', async () => {
    const { call } = setup()
    expect((await call('POST', global(), { name: 'a', description: 'A' })).body.dm_permission).toBe(true)
    expect((await call('POST', global(), { name: 'b', description: 'B', dm_permission: null })).body.dm_permission).toBe(true)
    expect((await call('POST', global(), { name: 'c', description: 'C', dm_permission: false })).body.dm_permission).toBe(false)
    expect((await call('POST', global(), { type: 2, name: 'U' })).body.dm_permission).toBe(true)
    const listed = (await call('GET', global())).body as { dm_permission: unknown }[]
    expect(listed.map((c) => c.dm_permission)).toEqual([true, true, false, true])
    // A bulk overwrite answers the same way.
    const bulk = await call('PUT', global(), [{ name: 'a', description: 'A', dm_permission: null }])
    expect(bulk.body[0].dm_permission).toBe(true)
  })

  it('is never null on a guild command (absent unless given, as the service leaves it out)', async () => {
    const { call } = setup()
    const made = (await call('POST', guild(), { name: 'a', description: 'A' })).body
    expect(made).not.toHaveProperty('dm_permission')
  })
})

/** The `_errors` codes at a path of a 400 body. */
const errorsAt = (body: any, path: (string | number)[]): string[] => {
  let node = body.errors
  for (const seg of path) node = node?.[String(seg)]
  return (node?._errors ?? []).map((e: { code: string }) => e.code)
}

describe("_errors codes of a 400 (public API v10 codes where known, else slashkit's)", () => {
  const cases: [name: string, body: unknown, issue: string, path: (string | number)[], code: string][] = [
    ['a name of 33 characters', { name: 'a'.repeat(33), description: 'd' }, 'name.length', ['name'], 'BASE_TYPE_BAD_LENGTH'],
    ['an empty description', { name: 'a', description: '' }, 'description.length', ['description'], 'BASE_TYPE_BAD_LENGTH'],
    ['a name with a space', { name: 'a b', description: 'd' }, 'name.pattern', ['name'], 'APPLICATION_COMMAND_INVALID_NAME'],
    ['an upper-case name', { name: 'Ab', description: 'd' }, 'name.lowercase', ['name'], 'APPLICATION_COMMAND_INVALID_NAME'],
    [
      '26 options',
      { name: 'a', description: 'd', options: Array.from({ length: 26 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd' })) },
      'options.too_many',
      ['options'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      '26 choices',
      { name: 'a', description: 'd', options: [{ type: 3, name: 'o', description: 'd', choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) }] },
      'choices.too_many',
      ['options', 0, 'choices'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a required option after an optional one',
      {
        name: 'a',
        description: 'd',
        options: [
          { type: 3, name: 'x', description: 'd' },
          { type: 3, name: 'y', description: 'd', required: true },
        ],
      },
      'options.order',
      ['options', 1],
      'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
    ],
    [
      'a subcommand beside a leaf option',
      {
        name: 'a',
        description: 'd',
        options: [
          { type: 1, name: 's', description: 'd' },
          { type: 3, name: 'x', description: 'd' },
        ],
      },
      'options.mixed',
      ['options', 1],
      'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
    ],
    ['no description on CHAT_INPUT', { name: 'a' }, 'field.required', ['description'], 'BASE_TYPE_REQUIRED'],
    ['option type 99', { name: 'a', description: 'd', options: [{ type: 99, name: 'x', description: 'd' }] }, 'option.type', ['options', 0, 'type'], 'BASE_TYPE_CHOICES'],
    ['an unknown field (no public code known)', { name: 'a', description: 'd', colour: 1 }, 'field.unknown', ['colour'], 'field.unknown'],
  ]

  it.each(cases.map(([name, body, issue, path, code]) => [name, issue, path, code, body] as const))(
    '%s: issue %s at %j answers _errors code %s',
    async (_, issue, path, code, body) => {
      const { call } = setup()
      const r = await call('POST', global(), body)
      expect(r.status).toBe(400)
      expect(r.body.code).toBe(50035)
      const at = issuesOf(r).find(([c]) => c === issue)
      expect(at, JSON.stringify(issuesOf(r))).toBeDefined()
      expect(at![1]).toEqual(path)
      expect(errorsAt(r.body, path)).toContain(code)
    },
  )

  it('a bulk list with two commands of one name and type: APPLICATION_COMMANDS_DUPLICATE_NAME', async () => {
    const { call } = setup()
    const r = await call('PUT', global(), [
      { name: 'a', description: 'A' },
      { name: 'a', description: 'B' },
    ])
    const [code, path] = issuesOf(r).find(([c]) => c === 'set.duplicate_name')!
    expect(code).toBe('set.duplicate_name')
    expect(errorsAt(r.body, path)).toContain('APPLICATION_COMMANDS_DUPLICATE_NAME')
  })

  it('a command over 8000 characters: APPLICATION_COMMAND_TOO_LARGE; 101 overwrites: BASE_TYPE_MAX_LENGTH', async () => {
    const { call } = setup()
    const options = Array.from({ length: 25 }, (_, i) => ({
      type: 3,
      name: `o${i}`,
      description: 'd'.repeat(100),
      choices: Array.from({ length: 25 }, (_, j) => ({ name: `c${j}`.padEnd(100, 'x'), value: `v${j}` })),
    }))
    const big = await call('POST', global(), { name: 'a', description: 'd', options })
    expect(issuesOf(big).map(([c]) => c)).toContain('command.size')
    expect(JSON.stringify(big.body.errors)).toContain('APPLICATION_COMMAND_TOO_LARGE')
    const made = (await call('POST', guild(), { name: 'p', description: 'P' })).body
    const permissions = Array.from({ length: 101 }, (_, i) => ({ id: String(3n * 10n ** 17n + BigInt(i)), type: 2, permission: true }))
    const r = await call('PUT', guild(`/${made.id}/permissions`), { permissions })
    expect(issuesOf(r)).toContainEqual(['permissions.too_many', ['permissions']])
    expect(errorsAt(r.body, ['permissions'])).toContain('BASE_TYPE_MAX_LENGTH')
  })

  it("maps only to codes of the public API's form (upper case, underscores)", () => {
    for (const code of Object.values(PUBLIC_ERROR_CODES)) expect(code).toMatch(/^[A-Z]+(?:_[A-Z]+)+$/)
  })
})
