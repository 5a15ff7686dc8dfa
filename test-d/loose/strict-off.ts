/**
 * The public types in a project with `strict: false` (no `strictNullChecks`), as a
 * JavaScript project moved to TypeScript often has it: scripts/check-types.mjs
 * compiles this file alone with test-d/tsconfig.loose.json under TypeScript 5.9,
 * 6.0 and 7.0 (test/cross-version.test.ts); tsd checks it with `strict` on, where
 * it holds too. Without `strictNullChecks`, `undefined`
 * is a string to the compiler, so every test of a path's absent group or
 * subcommand is `extends undefined`, never `extends string` (a subcommand path read
 * "undefined set" before). What the compiler itself cannot do there (narrow by
 * `!result.ok`, or by a `group` some members lack) is in docs/overview.md.
 */
import { expectAssignable, expectError, expectType } from 'tsd'
import { choice, commands, option, parse, slash, textInput, userSelect, validateCommand, type InferOptions, type InferPath, type Role } from '../../dist/index.js'
import { createHandler } from '../../dist/http.js'

const config = slash('config', 'Bot settings')
  .subcommand('show', 'Show settings')
  .subcommand('set', 'Change a setting', (s) =>
    s.options(option.string('key', 'Setting').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang')), option.string('value', 'Value').required()),
  )
  .group('role', 'Role settings', (g) => g.subcommand('grant', 'Grant', (s) => s.options(option.role('role', 'Role').required())))
const ban = slash('ban', 'Ban a member').options(option.user('target', 'Who').required(), option.integer('days', 'Days').min(0).max(7))
const app = commands(config, ban)

// Paths read as the command's own, not "undefined set".
declare function path(p: InferPath<typeof config>): void
path('show')
path('set')
path('role grant')
// Not a path: TypeScript's own error.
expectError(path('undefined set'))
declare function noPath(p: InferPath<typeof ban>): void
expectError(noPath('undefined'))
expectType<{ key: 'prefix' | 'lang'; value: string }>(null as unknown as InferOptions<typeof config, 'set'>)
expectType<{ role: Role }>(null as unknown as InferOptions<typeof config, 'role grant'>)

// The handler map: one handler per subcommand, under its group.
createHandler({
  publicKey: '0'.repeat(64),
  app,
  handlers: {
    config: {
      show: () => 'settings',
      set: ({ options }) => {
        const key: 'prefix' | 'lang' = options.key
        return `${key} = ${options.value}`
      },
      role: { grant: ({ options }) => `granted ${options.role.name}` },
    },
    ban: ({ options }) => `banned ${options.target.user.username} (${options.days})`,
  },
  autocomplete: { 'config set': () => [], 'config role grant': () => [] },
  noAutoDefer: ['config set', 'config role grant'],
})

// A subcommand narrows by its name; a result by `ok === false`.
declare const body: unknown
const hit = parse(config, body)
if (hit.subcommand === 'set') expectType<'prefix' | 'lang'>(hit.options.key)
const checked = validateCommand({ name: 'Ban', description: 'Ban a member' })
if (checked.ok === false) expectAssignable<string | undefined>(checked.issues[0]?.code)

// The refusals keep their sentences.
// ❌ required option 'target' follows optional option 'reason'; required options must come first
expectError(slash('ban', 'Ban').options(option.string('reason', 'Why'), option.user('target', 'Who').required()))
// ❌ a select's maxValues is a whole number from 1 to 25; this one is 30
expectError(userSelect('u', { maxValues: 30 }))
// ❌ a text input's minLength (500) is above its maxLength (100); the minimum must not exceed the maximum
expectError(textInput('t', { minLength: 500, maxLength: 100 }))
