/**
 * Nesting ("Other command rules" 1, "Command option"), against the built
 * declarations: a command holds value options, or subcommands and groups, never
 * both; a group holds subcommands only; a subcommand holds value options only;
 * subcommands and groups are never required; their names are unique in one list.
 *
 * Every `expectError` carries the sentence it must produce, in the comment above
 * it (`// ❌ ...`); scripts/check-types.mjs checks it under TypeScript 5.9, 6.0 and 7.0.
 */
import { expectError, expectType } from 'tsd'
import { option, slash, type Group, type SlashCommand, type StringOption, type Subcommand } from '../dist/index.js'

const key = option.string('key', 'Setting').required()

// ---------------------------------------------------------------- what compiles

expectType<SlashCommand<'config', [], [Subcommand<'show', []>, Subcommand<'set', [typeof key]>], false>>(
  slash('config', 'Settings')
    .subcommand('show', 'Show')
    .subcommand('set', 'Set', (s) => s.options(key)),
)
expectType<SlashCommand<'role', [], [Group<'admin', [Subcommand<'grant', []>, Subcommand<'revoke', [typeof key]>]>, Subcommand<'list', []>], false>>(
  slash('role', 'Roles')
    .group('admin', 'Admin', (g) => g.subcommand('grant', 'Grant').subcommand('revoke', 'Revoke', (s) => s.options(key)))
    .subcommand('list', 'List'),
)
// The same subcommand name in two groups, and a subcommand named like a group elsewhere, are fine.
slash('role', 'Roles')
  .group('admin', 'Admin', (g) => g.subcommand('grant', 'Grant'))
  .group('self', 'Self', (g) => g.subcommand('grant', 'Grant').subcommand('admin', 'Admin'))
// Names known only at run time are left to the run-time rules.
declare const n: number
slash('shard', 'Shards').subcommand(`s${n}`, 'One').subcommand(`s${n}`, 'Another').subcommand('s1', 'A literal one')
// Options across calls inside one subcommand accumulate.
expectType<SlashCommand<'config', [], [Subcommand<'set', [typeof key, StringOption<'value', false, string, 'free'>]>], false>>(
  slash('config', 'Settings').subcommand('set', 'Set', (s) => s.options(key).options(option.string('value', 'Value'))),
)

// ---------------------------------------------------------------- options and subcommands: one or the other

// ❌ this command has subcommands or groups; value options go inside a subcommand
expectError(slash('config', 'Settings').subcommand('show', 'Show').options(key))
// ❌ this command has subcommands or groups; value options go inside a subcommand
expectError(
  slash('config', 'Settings')
    .group('role', 'Roles', (g) => g.subcommand('grant', 'Grant'))
    .options(key),
)
// ❌ this command has value options; a command has either options or subcommands and groups, not both
expectError(slash('config', 'Settings').options(key).subcommand('show', 'Show'))
// ❌ this command has value options; a command has either options or subcommands and groups, not both
expectError(
  slash('config', 'Settings')
    .options(key)
    .group('role', 'Roles', (g) => g.subcommand('grant', 'Grant')),
)

// ---------------------------------------------------------------- depth: command > group > subcommand > options

// ❌ a group cannot contain another group; nesting is command > group > subcommand > options
expectError(slash('a', 'd').group('g', 'd', (g) => g.group('h', 'd', (h) => h.subcommand('t', 'd'))))
// ❌ a group holds only subcommands; put value options in a subcommand
expectError(slash('a', 'd').group('g', 'd', (g) => g.options(key)))
// ❌ a group holds only subcommands; put value options in a subcommand
expectError(slash('a', 'd').group('g', 'd', (g) => g.options()))
// ❌ a subcommand cannot contain a group; nesting is command > group > subcommand > options
expectError(slash('a', 'd').subcommand('s', 'd', (s) => s.group('h', 'd', (h) => h.subcommand('t', 'd'))))
// ❌ a subcommand cannot contain subcommands; nesting is command > group > subcommand > options
expectError(slash('a', 'd').subcommand('s', 'd', (s) => s.subcommand('t', 'd')))
// ❌ a subcommand cannot contain subcommands; nesting is command > group > subcommand > options
expectError(slash('a', 'd').group('g', 'd', (g) => g.subcommand('s', 'd', (s) => s.subcommand('t', 'd'))))

// ---------------------------------------------------------------- required() only on value options

// ❌ required() applies to value options, not to subcommands or groups
expectError(slash('a', 'd').subcommand('s', 'd', (s) => s.required()))
// ❌ required() applies to value options, not to subcommands or groups
expectError(slash('a', 'd').group('g', 'd', (g) => g.subcommand('s', 'd').required()))
// ❌ required() applies to value options, not to subcommands or groups
expectError(slash('a', 'd').group('g', 'd', (g) => g.subcommand('s', 'd', (s) => s.options(key).required())))

// ---------------------------------------------------------------- unique names in one list ("Naming rules" 4)

// ❌ 'show' is already a subcommand or group here; names are unique within one options list
expectError(slash('a', 'd').subcommand('show', 'd').subcommand('show', 'Again'))
// ❌ 'role' is already a subcommand or group here; names are unique within one options list
expectError(
  slash('a', 'd')
    .subcommand('role', 'd')
    .group('role', 'Again', (g) => g.subcommand('grant', 'Grant')),
)
// ❌ 'role' is already a subcommand or group here; names are unique within one options list
expectError(
  slash('a', 'd')
    .group('role', 'd', (g) => g.subcommand('grant', 'Grant'))
    .subcommand('role', 'Again'),
)
// ❌ 'grant' is already a subcommand or group here; names are unique within one options list
expectError(slash('a', 'd').group('role', 'd', (g) => g.subcommand('grant', 'Grant').subcommand('grant', 'Again')))
// A name known only at run time (`string`, a template) is left to the run-time
// rules: it takes no literal name after it, and a literal duplicate is still refused.
declare const dynamicName: string
declare const numbered: `s${number}`
export const dynamicChildren = slash('a', 'd').subcommand(dynamicName, 'd').subcommand(numbered, 'd').subcommand('show', 'd').subcommand('set', 'd')
// ❌ 'show' is already a subcommand or group here; names are unique within one options list
expectError(slash('a', 'd').subcommand(dynamicName, 'd').subcommand('show', 'd').subcommand('show', 'Again'))
// ❌ 'grant' is already a subcommand or group here; names are unique within one options list
expectError(slash('a', 'd').group('g', 'd', (g) => g.subcommand(numbered, 'd').subcommand('grant', 'd').subcommand('grant', 'Again')))
