/**
 * docs/issues.md cannot drift from the code: every code of the `IssueCode` union
 * (read from src/rules/issue-types.ts) is documented exactly once, in the right section;
 * the rules-layer codes are emitted by src/rules and asserted by these tests; each
 * spec section named exists in the spec; and each example message is the message
 * the code really produces.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateCommand, validateCommands, validateInteractionResponse, validateLobby, validateLobbyMessage, validateWebhookMessage, type IssueCode } from '../../src/index.js'

const root = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** The codes of `export type IssueCode = | 'a' | 'b' ...`, in order. */
function unionCodes(source: string): string[] {
  const m = /export type IssueCode =([\s\S]*?)\n\n/.exec(source)
  if (m === null) throw new Error('IssueCode union not found in src/rules/issue-types.ts')
  const body = (m[1] ?? '').replace(/\/\/.*$/gm, '')
  return [...body.matchAll(/\|\s*'([^']+)'/g)].map((x) => x[1] as string)
}

interface Row {
  readonly code: string
  readonly cells: readonly string[]
}

/** The table rows (`| \`code\` | ... |`) of a markdown section. */
function rows(markdown: string): Row[] {
  const out: Row[] = []
  for (const line of markdown.split('\n')) {
    const m = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line)
    if (m === null) continue
    out.push({ code: m[1] as string, cells: (m[2] as string).split(' | ').map((c) => c.trim()) })
  }
  return out
}

const source = read('src/rules/issue-types.ts')
const docs = read('docs/issues.md')
const RESERVED_HEADING = '## Reserved for later layers'
const [rulesPart = '', reservedPart = ''] = docs.split(RESERVED_HEADING)
const codes = unionCodes(source)
const ruleRows = rows(rulesPart)
const reservedRows = rows(reservedPart)
const isReserved = (code: string) => /^(interaction\.|modal\.|permissions\.too_many$|localization\.missing$|localization\.fallback$)/.test(code)

/** Every string literal of src/rules outside issues.ts, issue-types.ts (the union) and the catalogue (messages.ts, which has every code), to see which codes the rules layer emits. */
const rulesSource = readdirSync(join(root, 'src/rules'))
  .filter((f) => f.endsWith('.ts') && !['issues.ts', 'issue-types.ts', 'messages.ts'].includes(f))
  .map((f) => read(`src/rules/${f}`))
  .join('\n')
/** And the collector's own code (`issues.truncated`), from the class in issues.ts. */
const collectorSource = read('src/rules/issues.ts').split('export class IssueCollector')[1] ?? ''
const emitted = (code: string) => rulesSource.includes(`'${code}'`) || collectorSource.includes(`'${code}'`)

/** The rule test files other than this one, and the message rules' tests and their cases (test/messages), to see which codes are asserted. */
const testSource = [
  ...readdirSync(join(root, 'test/rules'))
    .filter((f) => f.endsWith('.test.ts') && f !== 'codes.test.ts')
    .map((f) => read(`test/rules/${f}`)),
  ...readdirSync(join(root, 'test/messages'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => read(`test/messages/${f}`)),
].join('\n')

describe('docs/issues.md lists every IssueCode', () => {
  it('reads a non-trivial union and two non-empty tables (docs/issues.md; guards this check itself)', () => {
    expect(codes.length).toBeGreaterThan(40)
    expect(new Set(codes).size).toBe(codes.length)
    expect(docs).toContain(RESERVED_HEADING)
    expect(ruleRows.length).toBeGreaterThan(20)
    expect(reservedRows.length).toBeGreaterThan(5)
  })

  it('documents every code of the union exactly once, and no other code (docs/issues.md)', () => {
    const documented = [...ruleRows, ...reservedRows].map((r) => r.code)
    expect([...documented].sort()).toEqual([...codes].sort())
  })

  it('puts the codes of later layers in the reserved section and the others in the rules table (docs/issues.md)', () => {
    expect(reservedRows.map((r) => r.code).filter((c) => !isReserved(c))).toEqual([])
    expect(ruleRows.map((r) => r.code).filter(isReserved)).toEqual([])
  })

  it('matches the layers: every rules-table code is emitted by src/rules, no reserved code is (docs/issues.md)', () => {
    expect(ruleRows.map((r) => r.code).filter((c) => !emitted(c))).toEqual([])
    expect(reservedRows.map((r) => r.code).filter(emitted)).toEqual([])
  })

  it('fills every cell: meaning, spec section and example message (docs/issues.md)', () => {
    for (const row of ruleRows) {
      expect(row.cells, row.code).toHaveLength(3)
      for (const cell of row.cells) expect(cell.length, row.code).toBeGreaterThan(3)
      expect(row.cells[2], row.code).toMatch(/^`.+`$/)
    }
    for (const row of reservedRows) {
      expect(row.cells, row.code).toHaveLength(3)
      for (const cell of row.cells) expect(cell.length, row.code).toBeGreaterThan(3)
    }
  })

  it('cites the spec for each rules code, except the codes that are not spec rules (docs/issues.md)', () => {
    const section = (code: string) => ruleRows.find((r) => r.code === code)?.cells[1]
    const robustness = ['input.unreadable', 'list.too_long', 'issues.truncated']
    expect(section('option.bounds_inverted')).toBe('slashkit rule, not in the spec')
    for (const code of robustness) expect(section(code)).toBe('robustness')
    for (const row of ruleRows) {
      if (row.code === 'option.bounds_inverted' || robustness.includes(row.code)) continue
      expect(row.cells[1], row.code).toMatch(/"[^"]+"/)
    }
  })

  it('asserts every rules-layer code somewhere in test/rules (docs/issues.md)', () => {
    expect(ruleRows.map((r) => r.code).filter((c) => !testSource.includes(`'${c}'`))).toEqual([])
  })
})

describe('the spec sections docs/issues.md names', () => {
  it('are headings of docs/rules.md, the page that sums up each section in the repository (docs/issues.md)', () => {
    const headings = [...read('docs/rules.md').matchAll(/^#{2,4} (.+)$/gm)].map((m) => (m[1] as string).trim())
    // The spec column: the second cell of the rules table, the third of the reserved one.
    const cited = [...ruleRows.map((r) => [r.code, r.cells[1] ?? ''] as const), ...reservedRows.map((r) => [r.code, r.cells[2] ?? ''] as const)]
    const named = cited.flatMap(([code, cell]) => [...cell.matchAll(/"([^"]+)"/g)].map((m) => [code, m[1] as string] as const))
    expect(named.length).toBeGreaterThan(40)
    const missing = named.filter(([, name]) => !headings.some((h) => h === name || h.startsWith(`${name} (`)))
    expect(missing).toEqual([])
  })
})

/** One input per rules-layer code, to check the example message of the docs against the real one. */
const SAMPLES: Partial<Record<IssueCode, () => { readonly issues?: readonly { code: string; message: string }[] | undefined }>> = (() => {
  const o = (type: number, name: string, x: Record<string, unknown> = {}) => ({ type, name, description: 'd', ...x })
  const cmd = (x: Record<string, unknown>) => () => validateCommand({ name: 'ban', description: 'd', ...x })
  const button = (custom_id: string) => ({ type: 2, style: 1, custom_id, label: 'Go' })
  const select = { type: 3, custom_id: 'pick', options: [{ label: 'A', value: 'a' }] }
  return {
    'value.type': cmd({ nsfw: 'yes' }),
    'field.required': () => validateCommand({ name: 'ban' }),
    'field.unknown': cmd({ descripton: 'x' }),
    'field.not_allowed': cmd({ options: [o(5, 'flag', { min_value: 1 })] }),
    'input.unreadable': () =>
      validateCommand(
        Object.defineProperty({ description: 'd' }, 'name', {
          enumerable: true,
          get: () => {
            throw new Error('boom')
          },
        }),
      ),
    'list.too_long': cmd({ contexts: Array.from({ length: 1001 }, () => 0) }),
    // 101 commands whose names are one character too long, and the 101st CHAT_INPUT: 102 issues, 99 listed.
    'issues.truncated': () => validateCommands(Array.from({ length: 101 }, (_, i) => ({ name: `c${i}`.padEnd(33, 'x'), description: 'd' }))),
    'command.type': cmd({ type: 5 }),
    'command.size': cmd({
      description: 'd'.repeat(100),
      // 25 options of 1-2 + 100 + 2 x 200 characters: over 12000.
      options: Array.from({ length: 25 }, (_, i) =>
        o(3, `o${i}`, { description: 'x'.repeat(100), choices: [1, 2].map((j) => ({ name: 'n'.repeat(100), value: 'v'.repeat(99) + String(j) })) }),
      ),
    }),
    'name.length': cmd({ name: 'a'.repeat(33) }),
    'name.pattern': cmd({ name: 'ban user' }),
    'name.lowercase': cmd({ name: 'Ban' }),
    'description.length': cmd({ description: '' }),
    'locale.unknown': cmd({ name_localizations: { en: 'ban' } }),
    'localization.conflict': cmd({ options: [o(6, 'user'), o(6, 'member', { name_localizations: { fr: 'user' } })] }),
    'option.type': cmd({ options: [o(12, 'x')] }),
    'options.too_many': cmd({ options: Array.from({ length: 26 }, (_, i) => o(3, `o${i}`)) }),
    'options.nesting': cmd({ options: [o(2, 'g', { options: [o(2, 'h', { options: [] })] })] }),
    'options.mixed': cmd({ options: [o(3, 'a'), o(1, 's')] }),
    'options.order': cmd({ options: [o(3, 'reason'), o(6, 'target', { required: true })] }),
    'options.duplicate_name': cmd({ options: [o(3, 'a'), o(3, 'a')] }),
    'option.autocomplete_with_choices': cmd({ options: [o(3, 'a', { autocomplete: true, choices: [{ name: 'A', value: 'a' }] })] }),
    'option.bounds_inverted': cmd({ options: [o(4, 'days', { min_value: 7, max_value: 1 })] }),
    'choices.too_many': cmd({ options: [o(4, 'n', { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: i })) })] }),
    'number.integer': cmd({ options: [o(4, 'n', { choices: [{ name: 'A', value: 1.5 }] })] }),
    'number.range': cmd({ options: [o(3, 's', { max_length: 6001 })] }),
    'string.length': cmd({ options: [o(3, 's', { choices: [{ name: 'A', value: 'v'.repeat(101) }] })] }),
    'enum.value': cmd({ contexts: [3] }),
    'array.empty': cmd({ integration_types: [] }),
    'array.duplicate': cmd({ contexts: [0, 0] }),
    'permissions.format': cmd({ default_member_permissions: 8 }),
    'permissions.range': cmd({ default_member_permissions: '18014398509481984' }),
    'snowflake.format': () => validateCommands([{ id: 'abc', name: 'ban', description: 'd' }]),
    'scope.global_only': () => validateCommand({ name: 'ban', description: 'd', contexts: [0] }, { scope: 'guild' }),
    'scope.entry_point': () => validateCommand({ type: 4, name: 'Launch' }, { scope: 'guild' }),
    'set.too_many': () => validateCommands(Array.from({ length: 16 }, (_, i) => ({ type: 2, name: `U${i}` }))),
    'set.duplicate_name': () =>
      validateCommands([
        { name: 'ban', description: 'd' },
        { name: 'ban', description: 'd' },
      ]),
    'lobby.metadata': () => validateLobby({ metadata: { k: 'v'.repeat(1000) } }),
    'lobby.members': () => validateLobby({ members: Array.from({ length: 26 }, (_, i) => ({ id: String(100 + i) })) }),
    'lobby.idle_timeout': () => validateLobby({ idle_timeout_seconds: 4 }),
    'lobby.message': () => validateLobbyMessage({ content: 'a', embeds: Array.from({ length: 11 }, () => ({})) }),
    'url.format': () => validateLobby({ override_event_webhooks_url: 'ftp://x' }),
    // what an application sends (rules/callbacks.ts, rules/message-body.ts, rules/embeds.ts, rules/components.ts)
    'response.type': () => validateInteractionResponse({ type: 4, data: { content: 'x' } }, { interactionType: 1 }),
    'response.empty': () => validateWebhookMessage({}),
    'response.too_many': () => validateWebhookMessage({ content: 'x', embeds: Array.from({ length: 11 }, () => ({})) }),
    'response.too_few': () => validateInteractionResponse({ type: 9, data: { custom_id: 'm', title: 'Modal', components: [] } }),
    'response.choices': () => validateInteractionResponse({ type: 8, data: { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: i })) } }),
    'embed.total': () => validateWebhookMessage({ embeds: [{ description: 'x'.repeat(4096) }, { description: 'x'.repeat(2000) }] }),
    'mentions.conflict': () => validateWebhookMessage({ content: 'x', allowed_mentions: { parse: ['users'], users: ['80351110224678912'] } }),
    'component.placement': () => validateWebhookMessage({ components: [{ type: 10, content: 'Hi' }] }),
    'component.row': () => validateWebhookMessage({ components: [{ type: 1, components: [select, button('b')] }] }),
    'component.duplicate': () => validateWebhookMessage({ components: [{ type: 1, components: [button('vote'), button('vote')] }] }),
    'component.bounds': () => validateWebhookMessage({ components: [{ type: 1, components: [{ ...select, min_values: 2, max_values: 1 }] }] }),
    'component.text_total': () =>
      validateWebhookMessage({
        flags: 32768,
        components: [
          { type: 10, content: 'x'.repeat(2000) },
          { type: 10, content: 'x'.repeat(2001) },
        ],
      }),
  }
})()

describe('the example messages of docs/issues.md', () => {
  it.each(ruleRows.map((r) => [r.code, r.cells[2]?.slice(1, -1) ?? ''] as const))(
    '%s: the documented example is the message the code produces (docs/issues.md)',
    (code, example) => {
      const sample = SAMPLES[code as IssueCode]
      expect(sample, `no sample input for ${code} in codes.test.ts`).toBeDefined()
      const messages = (sample?.().issues ?? []).filter((i) => i.code === code).map((i) => i.message)
      if (code === 'command.size') {
        // The count depends on the input; the sentence around it must not drift.
        expect(messages[0]?.replace(/\d+ characters/, 'N characters')).toBe(example.replace(/\d+ characters/, 'N characters'))
      } else {
        expect(messages).toContain(example)
      }
    },
  )
})
