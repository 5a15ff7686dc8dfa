/**
 * The message catalogue (src/rules/messages.ts): every code has a template, no
 * message text carries a limit as a literal, and the issues carry the parameters
 * their message is written from (`expected`, `received`, `limit`, ...), so that a
 * UI can render its own text without parsing the English one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import {
  limits,
  option,
  parse,
  safeParse,
  slash,
  validateCommand,
  validateCommands,
  validateLobby,
  validateOverwrites,
  validateWebhookMessage,
  type Issue,
  type IssueCode,
} from '../../src/index.js'
import { formatPath } from '../../src/rules/issues.js'
import { MESSAGES, quote, RULE_MESSAGES } from '../../src/rules/messages.js'

const root = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** The codes of the `IssueCode` union in src/rules/issues.ts. */
function unionCodes(): string[] {
  const m = /export type IssueCode =([\s\S]*?)\n\n/.exec(read('src/rules/issue-types.ts'))
  if (m === null) throw new Error('IssueCode union not found')
  return [...(m[1] ?? '').replace(/\/\/.*$/gm, '').matchAll(/'([a-z_.]+)'/g)].map((x) => x[1] as string)
}

/** The one issue of `code` in `issues` (the test fails when there is none or several). */
function one(issues: readonly Issue[] | undefined, code: IssueCode): Issue {
  const found = (issues ?? []).filter((i) => i.code === code)
  expect(found, `${code} in ${JSON.stringify(issues)}`).toHaveLength(1)
  return found[0] as Issue
}

/** The message an issue's fields render to, through the catalogue: what a UI could do. */
function rendered(issue: Issue, root = ''): string {
  const text = MESSAGES[issue.code](issue)
  if (issue.code === 'issues.truncated') return text
  return `${formatPath(issue.path, root)} ${text}${issue.received === undefined ? '' : ` (was ${issue.received})`}`
}

const chat = (over: Record<string, unknown> = {}) => ({ name: 'ban', description: 'Ban a member', ...over })
const str = (name: string, over: Record<string, unknown> = {}) => ({ type: 3, name, description: 'd', ...over })

describe('the catalogue (src/rules/messages.ts)', () => {
  it('has a template for every code of IssueCode, and for no other code', () => {
    const codes = unionCodes()
    expect(codes.length).toBeGreaterThan(50)
    expect(Object.keys(MESSAGES).sort()).toEqual([...codes].sort())
    for (const code of codes) expect(typeof MESSAGES[code as IssueCode]).toBe('function')
  })

  it("has, in RULE_MESSAGES, the template of every code the files of one command's bundle emit (their walk reports from it alone); the set rules use MESSAGES", async () => {
    // The files of src/rules a bundle of the builders holds, as esbuild finds them.
    const out = await build({
      stdin: {
        contents: "import { choice, option, slash } from './src/builders/index.ts'\nslash('a', 'b').options(option.string('c', 'd').choices(choice('e', 'f'))).toJSON()",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      logLevel: 'silent',
    })
    const files = Object.keys(out.metafile.inputs).filter((f) => /^src\/rules\/(?!messages\.ts|issue-types\.ts)/.test(f))
    expect(files).toContain('src/rules/options.ts')
    // The message rules stay out of it (their limits, constants only, may come in).
    expect(files.filter((f) => /message-(?!limits)|components|embeds|callbacks|lobbies/.test(f))).toEqual([])
    const codes = new Set(unionCodes())
    const emitted = new Set<string>()
    for (const f of files) for (const m of read(f).matchAll(/'([a-z_]+\.[a-z_]+)'/g)) if (codes.has(m[1] as string)) emitted.add(m[1] as string)
    expect(emitted.size).toBeGreaterThan(25)
    expect([...emitted].filter((c) => !(c in RULE_MESSAGES))).toEqual(['set.too_many', 'set.duplicate_name'])
    expect(read('src/rules/validate.ts')).toContain("new Walk([], 'commands', MESSAGES)")
    expect(RULE_MESSAGES['issues.truncated']({ count: 3 })).toBe('3 more issues left out')
  })

  it('quotes names one way: JSON double quotes, so any name reads back (quote)', () => {
    expect(quote("it's")).toBe(`"it's"`)
    expect(quote('a"b')).toBe(String.raw`"a\"b"`)
    expect(quote(undefined)).toBe('without a name')
  })

  it('writes no limit as a literal: no "at most N", "N-M characters", "from N to M" or "N are allowed" in the text of rules/, parse/, permissions/ or locale/', () => {
    const literal = /(at most \d|\d+-\d+ characters|from -?\d+ to \d|\d+ are allowed|\d+ characters long)/
    const offenders: string[] = []
    for (const dir of ['src/rules', 'src/parse', 'src/permissions', 'src/locale']) {
      for (const f of readdirSync(join(root, dir)).filter((x) => x.endsWith('.ts'))) {
        // String and template literals only: comments may name the limits of the spec.
        const code = read(`${dir}/${f}`).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        for (const m of code.matchAll(/'[^'\n]*'|`[^`]*`/g)) if (literal.test(m[0])) offenders.push(`${dir}/${f}: ${m[0]}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('puts the limit constants in the text: every limit an issue carries is the number its message shows', () => {
    const issues = [
      ...(validateCommand(chat({ name: 'b'.repeat(40), options: Array.from({ length: 26 }, (_, i) => str(`o${i}`)) })).issues ?? []),
      ...(validateCommand(chat({ options: [str('o', { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })] })).issues ?? []),
      ...(validateCommand(chat({ description: 'd'.repeat(101) })).issues ?? []),
      ...(validateCommands(Array.from({ length: 16 }, (_, i) => ({ type: 2, name: `U${i}` }))).issues ?? []),
    ]
    expect(issues.length).toBeGreaterThanOrEqual(5)
    for (const i of issues) {
      expect(i.limit, i.code).toBeTypeOf('number')
      expect(i.message).toContain(String(i.limit))
    }
    expect(one(issues, 'name.length').limit).toBe(limits.NAME_MAX)
    expect(one(issues, 'options.too_many').limit).toBe(limits.OPTIONS_MAX)
    expect(one(issues, 'choices.too_many').limit).toBe(limits.CHOICES_MAX)
    expect(one(issues, 'description.length').limit).toBe(limits.DESCRIPTION_MAX)
    expect(one(issues, 'set.too_many').limit).toBe(limits.USER_COMMANDS_MAX)
  })
})

describe('issues carry the parameters of their message', () => {
  it('value.type: expected and received (the rendering the message shows)', () => {
    const i = one(validateCommand(chat({ nsfw: 'yes' })).issues, 'value.type')
    expect(i).toMatchObject({ path: ['nsfw'], expected: 'a boolean', received: '"yes"' })
  })

  it('name.length and description.length: min, limit and count, in code points ("Naming rules" 1, "Limits")', () => {
    const i = one(validateCommand(chat({ name: 'a'.repeat(33) })).issues, 'name.length')
    expect(i).toMatchObject({ min: limits.NAME_MIN, limit: limits.NAME_MAX, count: 33 })
    const d = one(validateCommand(chat({ description: '🎉'.repeat(101) })).issues, 'description.length')
    expect(d).toMatchObject({ min: limits.DESCRIPTION_MIN, limit: limits.DESCRIPTION_MAX, count: 101 })
  })

  it('name.lowercase: expected is the lower-case name, received the name given', () => {
    expect(one(validateCommand(chat({ name: 'Ban' })).issues, 'name.lowercase')).toMatchObject({ expected: '"ban"', received: '"Ban"' })
  })

  it('options.too_many and choices.too_many: count, what and limit ("Limits")', () => {
    const i = one(validateCommand(chat({ options: Array.from({ length: 26 }, (_, k) => str(`o${k}`)) })).issues, 'options.too_many')
    expect(i).toMatchObject({ path: ['options'], count: 26, expected: 'options', limit: limits.OPTIONS_MAX })
  })

  it('options.order and options.duplicate_name: the name involved and the other option ("Command option" rule 1, "Naming rules" 4)', () => {
    const order = one(validateCommand(chat({ options: [str('reason'), str('target', { required: true })] })).issues, 'options.order')
    expect(order).toMatchObject({ path: ['options', 1], name: 'reason', other: 'options[0]' })
    const dup = one(validateCommand(chat({ options: [str('a'), str('a')] })).issues, 'options.duplicate_name')
    expect(dup).toMatchObject({ path: ['options', 1], name: 'a', other: 'options[0]' })
  })

  it('options.nesting and options.mixed: what the option is, where it stands, what may stand there ("Other command rules" 1)', () => {
    const nesting = one(validateCommand(chat({ options: [{ type: 2, name: 'g', description: 'd', options: [str('loose')] }] })).issues, 'options.nesting')
    expect(nesting).toMatchObject({ kind: 'a value option', on: 'group', expected: 'subcommands' })
    const mixed = one(validateCommand(chat({ options: [str('a'), { type: 1, name: 's', description: 'd' }] })).issues, 'options.mixed')
    expect(mixed).toMatchObject({ kind: 'a subcommand or group', other: 'options[0]' })
  })

  it('field.not_allowed: the kind of place and what the field applies to ("Command option", "Other command rules" 2)', () => {
    const onOption = one(validateCommand(chat({ options: [{ type: 5, name: 'b', description: 'd', min_value: 1 }] })).issues, 'field.not_allowed')
    expect(onOption).toMatchObject({ on: 'a BOOLEAN option', expected: 'INTEGER, NUMBER options' })
    const onCommand = one(validateCommand({ type: 2, name: 'Profile', description: 'd' }).issues, 'field.not_allowed')
    expect(onCommand).toMatchObject({ on: 'a USER command', expected: 'CHAT_INPUT commands' })
  })

  it('number.range, option.bounds_inverted: the bounds ("Option types", "Command option")', () => {
    const range = one(validateCommand(chat({ options: [{ type: 4, name: 'n', description: 'd', max_value: 2 ** 53 }] })).issues, 'number.range')
    expect(range).toMatchObject({ expected: 'an integer', min: limits.INTEGER_MIN, limit: limits.INTEGER_MAX, received: String(2 ** 53) })
    const inverted = one(validateCommand(chat({ options: [{ type: 4, name: 'n', description: 'd', min_value: 7, max_value: 1 }] })).issues, 'option.bounds_inverted')
    expect(inverted).toMatchObject({ other: 'max_value', limit: 1, received: '7' })
  })

  it('command.size: count and limit ("Limits": 8000)', () => {
    const long = 'd'.repeat(100)
    const opts = Array.from({ length: 25 }, (_, k) =>
      str(`o${k}`, { description: long, choices: Array.from({ length: 4 }, (_, j) => ({ name: `${'n'.repeat(90)}${j}`, value: `v${j}` })) }),
    )
    const i = one(validateCommand(chat({ options: opts })).issues, 'command.size')
    expect(i.limit).toBe(limits.COMMAND_SIZE_MAX)
    expect(i.count).toBeGreaterThan(limits.COMMAND_SIZE_MAX)
  })

  it('localization.conflict: the locale and the other option ("Naming rules" 5)', () => {
    const i = one(
      validateCommand(chat({ options: [str('a', { name_localizations: { fr: 'x' } }), str('b', { name_localizations: { fr: 'x' } })] })).issues,
      'localization.conflict',
    )
    expect(i).toMatchObject({ path: ['options', 1, 'name_localizations', 'fr'], locale: 'fr', other: 'options[0]', name: 'x' })
  })

  it('set.too_many and set.duplicate_name: the type, the scope, the limit, the first holder of the name ("Limits", "Naming rules" 3)', () => {
    const r = validateCommands([...Array.from({ length: 16 }, (_, i) => ({ type: 3, name: `M${i}` })), { type: 3, name: 'M0' }], { scope: 'guild' })
    expect(one(r.issues, 'set.too_many')).toMatchObject({ path: [15], expected: 'MESSAGE', on: 'guild', limit: limits.MESSAGE_COMMANDS_MAX })
    expect(one(r.issues, 'set.duplicate_name')).toMatchObject({ path: [16, 'name'], name: 'M0', other: 'commands[0]', expected: 'MESSAGE' })
  })

  it('lobbies: lobby.members and lobby.idle_timeout carry count, min and limit ("Lobby endpoints", "Limits")', () => {
    const r = validateLobby({ members: Array.from({ length: 26 }, (_, i) => ({ id: String(1000 + i) })), idle_timeout_seconds: 4 })
    expect(one(r.issues, 'lobby.members')).toMatchObject({ count: 26, limit: limits.LOBBY_MEMBERS_MAX })
    expect(one(r.issues, 'lobby.idle_timeout')).toMatchObject({ min: limits.LOBBY_IDLE_TIMEOUT_MIN, limit: limits.LOBBY_IDLE_TIMEOUT_MAX, received: '4' })
  })

  it('permissions: permissions.too_many carries count and limit ("Guild application command permissions", "Limits")', () => {
    const list = Array.from({ length: 101 }, (_, i) => ({ id: String(1000 + i), type: 1, permission: true }))
    expect(one(validateOverwrites({ permissions: list }).issues, 'permissions.too_many')).toMatchObject({ count: 101, limit: limits.PERMISSION_OVERWRITES_MAX })
  })

  it('callbacks: string.length carries count and limit (public API v10: content at most 2000 characters)', () => {
    const i = one(validateWebhookMessage({ content: 'x'.repeat(2001) }, 'follow-up').issues, 'string.length')
    expect(i).toMatchObject({ path: ['content'], count: 2001, limit: 2000 })
  })

  it('parse: interaction.required names the option, interaction.range carries the bounds of the definition', () => {
    const ban = slash('ban', 'Ban').options(option.user('target', 'Who').required(), option.integer('days', 'Days').min(0).max(7))
    const base = { type: 2, id: '1', application_id: '2', token: 't', version: 1, data: { id: '3', name: 'ban', type: 1 } }
    const missing = safeParse(ban, { ...base, data: { ...base.data, options: [] } })
    expect(one(missing.issues, 'interaction.required')).toMatchObject({ name: 'target' })
    const resolved = { users: { '5': { id: '5', username: 'u' } } }
    const out = safeParse(ban, {
      ...base,
      data: {
        ...base.data,
        resolved,
        options: [
          { name: 'target', type: 6, value: '5' },
          { name: 'days', type: 4, value: 9 },
        ],
      },
    })
    expect(one(out.issues, 'interaction.range')).toMatchObject({ name: 'days', min: 0, limit: 7, received: '9' })
    expect(() => parse(ban, { ...base, data: { ...base.data, options: [] } })).toThrow(/lacks required option "target"/)
  })

  it('issues.truncated counts the issues left out', () => {
    const r = validateCommand(chat({ options: [str('o', { choices: Array.from({ length: 25 }, () => ({ name: '', value: 1, x: 1, y: 2, z: 3 })) })] }))
    const last = r.issues?.at(-1)
    expect(last?.code).toBe('issues.truncated')
    expect(last?.message).toBe(`${last?.count} more issues left out`)
  })

  it('every message renders back from the issue alone, through the catalogue (no English parsed)', () => {
    const samples: (readonly Issue[])[] = [
      validateCommand(chat({ name: 'Ban user', nsfw: 1, handler: 1, x: 1, options: [str('b', { required: true, min_value: 1 }), { type: 99 }] })).issues ?? [],
      validateCommand(chat({ options: [str('a', { name_localizations: { fr: 'x', zz: 'y' } }), str('x', { name_localizations: { fr: 'x' } })] })).issues ?? [],
      validateCommands([{ type: 4, name: 'Launch', description: 'd', handler: 1 }], { scope: 'guild' }).issues ?? [],
      validateLobby({ metadata: { a: 1 }, flags: 3, override_event_webhooks_url: 'ftp://x' }).issues ?? [],
    ]
    const all = samples.flat()
    expect(new Set(all.map((i) => i.code)).size).toBeGreaterThan(10)
    for (const i of all) expect(rendered(i, i.message.startsWith('body') ? 'body' : i.message.startsWith('commands') ? 'commands' : '')).toBe(i.message)
  })

  it('keeps a hostile value out: received is a short rendering, and a __proto__ key is a path segment, not a prototype', () => {
    const r = validateCommand(JSON.parse(`{"name":"ban","description":"d","__proto__":{"x":1},"nsfw":"${'y'.repeat(10_000)}"}`))
    const unknown = one(r.issues, 'field.unknown')
    expect(unknown.path).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(unknown)).toBe(Object.prototype)
    const type = one(r.issues, 'value.type')
    expect(type.received?.length).toBeLessThanOrEqual(42)
  })
})
