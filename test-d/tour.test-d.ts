/**
 * Generated from test/tour/required-order.cases.ts by test/tour/required-order.test.ts
 * (SLASHKIT_WRITE_TOUR=1 npx vitest run test/tour): "Command option" rule 1,
 * required options before optional ones, at the type level, on the same cases as
 * every run-time encoder (docs/internals.md, "A tour"). Do not edit by hand.
 */
import { expectError } from 'tsd'
import { option, slash } from '../dist/index.js'

// case: no options
slash('tour', 'd').toJSON()
// case: one required
slash('tour', 'd').options(option.string('r0', 'd').required()).toJSON()
// case: one optional
slash('tour', 'd').options(option.string('o0', 'd')).toJSON()
// case: required then optional
slash('tour', 'd').options(option.string('r0', 'd').required(), option.user('o1', 'd')).toJSON()
// case: required, required, optional, optional
slash('tour', 'd').options(option.string('r0', 'd').required(), option.user('r1', 'd').required(), option.integer('o2', 'd'), option.boolean('o3', 'd')).toJSON()
// case: optional then required
// ❌ required options must come first
expectError(slash('tour', 'd').options(option.string('o0', 'd'), option.user('r1', 'd').required()))
// case: required, optional, required
// ❌ required options must come first
expectError(slash('tour', 'd').options(option.string('r0', 'd').required(), option.user('o1', 'd'), option.integer('r2', 'd').required()))
// case: optional, required, required
// ❌ required options must come first
expectError(slash('tour', 'd').options(option.string('o0', 'd'), option.user('r1', 'd').required(), option.integer('r2', 'd').required()))
// case: required call then optional call
slash('tour', 'd').options(option.string('r0', 'd').required()).options(option.user('o1', 'd')).toJSON()
// case: optional call then required call
// ❌ required options must come first
expectError(slash('tour', 'd').options(option.string('o0', 'd')).options(option.user('r1', 'd').required()))
// case: optional call, optional call, required call
// ❌ required options must come first
expectError(slash('tour', 'd').options(option.string('o0', 'd')).options(option.user('o1', 'd')).options(option.integer('r2', 'd').required()))
// case: subcommand: required then optional
slash('tour', 'd').subcommand('s', 'd', (s) => s.options(option.string('r0', 'd').required(), option.user('o1', 'd'))).toJSON()
// case: subcommand: optional then required
// ❌ required options must come first
expectError(slash('tour', 'd').subcommand('s', 'd', (s) => s.options(option.string('o0', 'd'), option.user('r1', 'd').required())))
// case: subcommand: optional call then required call
// ❌ required options must come first
expectError(slash('tour', 'd').subcommand('s', 'd', (s) => s.options(option.string('o0', 'd')).options(option.user('r1', 'd').required())))
// case: per list: optional in one subcommand, required in the next
slash('tour', 'd').subcommand('one', 'd', (s) => s.options(option.string('o0', 'd'))).subcommand('two', 'd', (s) => s.options(option.string('r0', 'd').required())).toJSON()
// case: second subcommand breaks it
// ❌ required options must come first
expectError(slash('tour', 'd').subcommand('one', 'd', (s) => s.options(option.string('r0', 'd').required(), option.user('o1', 'd'))).subcommand('two', 'd', (s) => s.options(option.string('o0', 'd'), option.user('r1', 'd').required())))
// case: group: required then optional
slash('tour', 'd').group('g', 'd', (g) => g.subcommand('s', 'd', (s) => s.options(option.string('r0', 'd').required(), option.user('o1', 'd')))).toJSON()
// case: group: optional then required
// ❌ required options must come first
expectError(slash('tour', 'd').group('g', 'd', (g) => g.subcommand('s', 'd', (s) => s.options(option.string('o0', 'd'), option.user('r1', 'd').required()))))
// case: group: per list across its subcommands
slash('tour', 'd').group('g', 'd', (g) => g.subcommand('one', 'd', (s) => s.options(option.string('o0', 'd'))).subcommand('two', 'd', (s) => s.options(option.string('r0', 'd').required(), option.user('o1', 'd')))).toJSON()
// case: subcommand fine, group breaks it
// ❌ required options must come first
expectError(slash('tour', 'd').subcommand('top', 'd', (s) => s.options(option.string('r0', 'd').required(), option.user('o1', 'd'))).group('g', 'd', (g) => g.subcommand('s', 'd', (s) => s.options(option.string('r0', 'd').required()).options(option.user('o1', 'd'), option.integer('r2', 'd').required()))))
