/**
 * The rules the types took over from the run time in issue 26 item 4: descriptions
 * ("Application command" and "Command option" description: 1-100 characters), the
 * bounds of an option ("Command option": `min_value` at most `max_value`,
 * `min_length` at most `max_length`); localized names stay with the run time.
 *
 * Every `expectError` carries the sentence its first line must show under
 * TypeScript 5.9, 6.0 and 7.0 (`// ❌ ...`; scripts/check-types.mjs).
 */
import { expectError, expectType } from 'tsd'
import { option, slash, type IntegerOption, type StringOption } from '../dist/index.js'

declare const dynamic: string
declare const bound: number

// ---------------------------------------------------------------- descriptions

// ❌ a description needs 1 to 100 characters; this one is empty
expectError(slash('ban', ''))
// ❌ a description needs 1 to 100 characters; this one is empty
expectError(option.string('reason', ''))
// ❌ a description needs 1 to 100 characters; this one is empty
expectError(slash('config', 'Settings').subcommand('show', ''))
// ❌ a description needs 1 to 100 characters; this one is empty
expectError(slash('role', 'Roles').group('admin', '', (g) => g.subcommand('grant', 'Grant')))
// ❌ a description needs 1 to 100 characters; this one is empty
expectError(slash('role', 'Roles').group('admin', 'Admin', (g) => g.subcommand('grant', '')))

// 101 ASCII characters: counted and refused.
// ❌ a description has at most 100 characters; this one has 101
expectError(slash('ban', 'Ban a member from the server, deleting their recent messages, and log the reason in the moderation lo'))
// ❌ a description has at most 100 characters; this one has 101
expectError(option.integer('days', "Days of messages to delete, from none at all to a whole week of them, counted back from today's date."))
// Over 200 UTF-16 units (TypeScript 5.9, 6.0) or code points (7.0): over 100 characters whatever they are.
// ❌ a description has at most 100 characters; this one has over 200
expectError(
  slash(
    'ban',
    'ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé',
  ),
)

// Exactly 100 characters; 60 emoji (120 UTF-16 units, 60 code points: the rules
// count code points) and a description only known as `string` are left alone.
slash('ban', 'Ban a member from the server, deleting their recent messages, and log the reason in the moderation l')
slash('ban', '😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀')
option.string('reason', dynamic)

// ---------------------------------------------------------------- bounds

// ❌ max(3) is below the minimum 5 set before; the minimum must not exceed the maximum
expectError(option.integer('n', 'N').min(5).max(3))
// ❌ min(10) is above the maximum 9 set before; the minimum must not exceed the maximum
expectError(option.integer('n', 'N').max(9).min(10))
// ❌ min(-1.25) is above the maximum -1.5 set before; the minimum must not exceed the maximum
expectError(option.number('n', 'N').max(-1.5).min(-1.25))
// ❌ max(0.25) is below the minimum 0.5 set before; the minimum must not exceed the maximum
expectError(option.number('n', 'N').min(0.5).max(0.25))
// ❌ max(-1) is below the minimum 1 set before; the minimum must not exceed the maximum
expectError(option.number('n', 'N').min(1).max(-1))
// ❌ maxLength(9) is below the minimum 10 set before; the minimum must not exceed the maximum
expectError(option.string('s', 'S').minLength(10).maxLength(9))
// ❌ minLength(100) is above the maximum 99 set before; the minimum must not exceed the maximum
expectError(option.string('s', 'S').maxLength(99).minLength(100))

// Equal bounds, the right order whatever the digits' count, and bounds only known
// as `number` pass; the option keeps its name, required flag and value.
option.integer('n', 'N').min(7).max(7)
option.integer('n', 'N').min(-10).max(9)
option.number('n', 'N').min(0.25).max(0.5)
option.number('n', 'N').min(-0.5).max(-0.25)
option.string('s', 'S').minLength(9).maxLength(10)
option.integer('n', 'N').min(bound).max(3)
expectType<IntegerOption<'n', true, number, 'free', 0, 7>>(option.integer('n', 'N').min(0).max(7).required())
expectType<StringOption<'s', false, 'a', 'choices', 1, number>>(
  option
    .string('s', 'S')
    .minLength(1)
    .choices({} as import('../dist/index.js').Choice<'a'>),
)

// ---------------------------------------------------------------- localized names

// Localized names are checked at run time only (`toJSON`, `validateCommand`: name.lowercase,
// name.pattern): the type-level test cost 52,000 instantiations on the 130-command
// workload, more than half of the definitions' own (README, "What the types check").
slash('ban', 'Ban').localize('fr', { name: 'Bannir' }).localize('ru', 'забанить').localize('ja', { description: '禁止' })
option.string('reason', 'Why').localize('fr', { name: 'mot de passe' })
