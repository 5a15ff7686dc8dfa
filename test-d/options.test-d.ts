/**
 * Options lists and option builders ("Command option", "Option choice", "Limits"),
 * against the built declarations: required before optional, unique literal
 * names, at most 25 options, choices or autocomplete (not both), choice values of
 * the option's type, and each method only on the option types that have it.
 *
 * Every `expectError` carries the sentence it must produce, in the comment above
 * it (`// ❌ ...`); scripts/check-types.mjs checks it under TypeScript 5.9, 6.0 and 7.0.
 */
import { expectError, expectType } from 'tsd'
import { ChannelType, choice, option, slash, type ChannelOption, type Choice, type IntegerOption, type NumberOption, type StringOption } from '../dist/index.js'

const optional = option.string('note', 'Optional')
const required = option.string('target', 'Required').required()
declare const dynamic: string

// ---------------------------------------------------------------- required before optional (rule 1)

slash('a', 'd').options(required, optional)
slash('a', 'd').options(required).options(optional)
slash('a', 'd').options(option.user('u', 'd').required(), option.role('r', 'd').required(), optional, option.boolean('b', 'd'))

// ❌ required option 'target' follows optional option 'note'; required options must come first
expectError(slash('a', 'd').options(optional, required))
// ❌ required option 'target' follows optional option 'note'; required options must come first
expectError(slash('a', 'd').options(optional).options(required))
// ❌ required option 'target' follows optional option 'note'; required options must come first
expectError(slash('a', 'd').options(optional).options(option.boolean('b', 'd')).options(required))
// ❌ required option 'target' follows optional option 'note'; required options must come first
expectError(slash('a', 'd').subcommand('s', 'd', (s) => s.options(optional, required)))
// ❌ required option 'target' follows optional option 'note'; required options must come first
expectError(slash('a', 'd').subcommand('s', 'd', (s) => s.options(optional).options(required)))
// ❌ required option 'target' follows optional option 'note'; required options must come first
expectError(slash('a', 'd').group('g', 'd', (g) => g.subcommand('s', 'd', (s) => s.options(optional, required))))

// The rule is per list: a required option in another subcommand's list is fine.
slash('a', 'd')
  .subcommand('one', 'd', (s) => s.options(optional))
  .subcommand('two', 'd', (s) => s.options(required))

// ---------------------------------------------------------------- unique names ("Naming rules" 4)

// ❌ option 'note' is already in this list; option names are unique within one options list
expectError(slash('a', 'd').options(optional, option.integer('note', 'Same name')))
// ❌ option 'target' is already in this list; option names are unique within one options list
expectError(slash('a', 'd').options(required).options(option.user('target', 'Same name')))
// ❌ option 'x' is already in this list; option names are unique within one options list
expectError(slash('a', 'd').subcommand('s', 'd', (s) => s.options(option.string('x', 'd'), option.string('x', 'd'))))

// Names known only at run time (`string`, or a template with a placeholder) are left
// to the run-time rules; the same name in two lists is fine.
slash('a', 'd').options(option.string(dynamic, 'd'), option.string(dynamic, 'd'))
declare const n: number
slash('a', 'd').options(option.string(`o${n}`, 'd'), option.string(`o${n}`, 'd'), option.string('o1', 'd'))
slash('a', 'd')
  .subcommand('one', 'd', (s) => s.options(option.string('x', 'd')))
  .subcommand('two', 'd', (s) => s.options(option.string('x', 'd')))
// Known names after a name known only at run time are still compared with each other.
slash('a', 'd').options(option.string(dynamic, 'd'), option.string('x', 'd'), option.user('y', 'd'))
// ❌ option 'x' is already in this list; option names are unique within one options list
expectError(slash('a', 'd').options(option.string(dynamic, 'd'), option.string('x', 'd'), option.user('x', 'd')))

// A name that is one of two literals is compared as a whole: two such names that
// share no literal are fine, and a known name it may take is refused.
declare const flag: boolean
slash('a', 'd').options(option.string(flag ? 'x' : 'y', 'd'), option.string(flag ? 'z' : 'w', 'd'), option.user('v', 'd'))
// ❌ option 'x' is already in this list; option names are unique within one options list
expectError(slash('a', 'd').options(option.string(flag ? 'x' : 'y', 'd'), option.string('x', 'd')))

// ---------------------------------------------------------------- at most 25 options ("Limits")

const o = (i: number) => option.string(`o${i}`, 'd')
// Names typed `o${number}` are patterns, so only the count is checked here.
slash('a', 'd').options(
  o(0),
  o(1),
  o(2),
  o(3),
  o(4),
  o(5),
  o(6),
  o(7),
  o(8),
  o(9),
  o(10),
  o(11),
  o(12),
  o(13),
  o(14),
  o(15),
  o(16),
  o(17),
  o(18),
  o(19),
  o(20),
  o(21),
  o(22),
  o(23),
  o(24),
)
// ❌ at most 25 options fit in one options list
expectError(
  slash('a', 'd').options(
    o(0),
    o(1),
    o(2),
    o(3),
    o(4),
    o(5),
    o(6),
    o(7),
    o(8),
    o(9),
    o(10),
    o(11),
    o(12),
    o(13),
    o(14),
    o(15),
    o(16),
    o(17),
    o(18),
    o(19),
    o(20),
    o(21),
    o(22),
    o(23),
    o(24),
    o(25),
  ),
)
const twenty = slash('a', 'd').options(o(0), o(1), o(2), o(3), o(4), o(5), o(6), o(7), o(8), o(9), o(10), o(11), o(12), o(13), o(14), o(15), o(16), o(17), o(18), o(19))
twenty.options(o(20), o(21), o(22), o(23), o(24))
// ❌ at most 25 options fit in one options list
expectError(twenty.options(o(20), o(21), o(22), o(23), o(24), o(25)))
// ❌ at most 25 options fit in one options list
expectError(
  slash('a', 'd').subcommand('s', 'd', (s) =>
    s.options(
      o(0),
      o(1),
      o(2),
      o(3),
      o(4),
      o(5),
      o(6),
      o(7),
      o(8),
      o(9),
      o(10),
      o(11),
      o(12),
      o(13),
      o(14),
      o(15),
      o(16),
      o(17),
      o(18),
      o(19),
      o(20),
      o(21),
      o(22),
      o(23),
      o(24),
      o(25),
    ),
  ),
)

// ---------------------------------------------------------------- choices or autocomplete, not both

expectType<StringOption<'c', false, 'a' | 'b', 'choices'>>(option.string('c', 'd').choices(choice('A', 'a'), choice('B', 'b')))
expectType<StringOption<'c', false, string, 'autocomplete'>>(option.string('c', 'd').autocomplete())
expectType<IntegerOption<'c', false, 1 | 2, 'choices'>>(option.integer('c', 'd').choices(choice('One', 1)).choices(choice('Two', 2)))

// ❌ an option with choices cannot use autocomplete; use one or the other
expectError(option.string('c', 'd').choices(choice('A', 'a')).autocomplete())
// ❌ an option with autocomplete cannot have choices; use one or the other
expectError(option.string('c', 'd').autocomplete().choices(choice('A', 'a')))
// ❌ an option with choices cannot use autocomplete; use one or the other
expectError(option.integer('c', 'd').choices(choice('One', 1)).autocomplete())
// ❌ an option with autocomplete cannot have choices; use one or the other
expectError(option.integer('c', 'd').autocomplete().choices(choice('One', 1)))
// ❌ an option with choices cannot use autocomplete; use one or the other
expectError(option.number('c', 'd').choices(choice('Half', 0.5)).required().autocomplete())
// ❌ an option with autocomplete cannot have choices; use one or the other
expectError(option.number('c', 'd').autocomplete().min(0).choices(choice('Half', 0.5)))

// ---------------------------------------------------------------- choice values of the option's type

expectType<NumberOption<'c', false, 0.5 | 2, 'choices'>>(option.number('c', 'd').choices(choice('Half', 0.5), choice('Two', 2)))
expectType<IntegerOption<'c', false, -3 | 9007199254740991, 'choices'>>(option.integer('c', 'd').choices(choice('Low', -3), choice('High', 9007199254740991)))
declare const someNumber: number
declare const someString: string
expectType<IntegerOption<'c', false, number, 'choices'>>(option.integer('c', 'd').choices(choice('Any', someNumber)))
expectType<StringOption<'c', false, string, 'choices'>>(option.string('c', 'd').choices(choice('Any', someString)))
// Choices built from a list: an array of choices whose value is a union.
declare const manyStrings: Choice<'x' | 'y'>[]
expectType<StringOption<'c', false, 'x' | 'y', 'choices'>>(option.string('c', 'd').choices(...manyStrings))
const sizes = [1, 2, 3] as const
expectType<IntegerOption<'c', false, 1 | 2 | 3, 'choices'>>(option.integer('c', 'd').choices(...sizes.map((v) => choice(`${v}`, v))))

// ❌ choice value 1 is a number, but this is a STRING option; use a string value
expectError(option.string('c', 'd').choices(choice('One', 1)))
// ❌ choice value 2 is a number, but this is a STRING option; use a string value
expectError(option.string('c', 'd').choices(choice('A', 'a'), choice('Two', 2)))
// ❌ choice value 'one' is a string, but this is an INTEGER option; use a number value
expectError(option.integer('c', 'd').choices(choice('One', 'one')))
// ❌ choice value 'half' is a string, but this is a NUMBER option; use a number value
expectError(option.number('c', 'd').choices(choice('Half', 'half')))
// ❌ choice value 1.5 is not a whole number, but this is an INTEGER option
expectError(option.integer('c', 'd').choices(choice('One and a half', 1.5)))
// ❌ choice value 0.25 is not a whole number, but this is an INTEGER option
expectError(option.integer('c', 'd').choices(choice('One', 1), choice('Quarter', 0.25)))
declare const mixed: Choice<'x' | 1>[]
// ❌ is a number, but this is a STRING option
expectError(option.string('c', 'd').choices(...mixed))
// A plain { name, value } (what other libraries' choices take, and the JSON of
// "Option choice") is not a choice: the sentence names the factory, not a value
// of the wrong type (it read "choice value '${string}' is a string" before).
// ❌ a choice is made with choice(name, value), its value a number here; a plain { name, value } object is not one
expectError(option.integer('c', 'd').choices({ name: 'One', value: 1 }))
// ❌ a choice is made with choice(name, value), its value a string here; a plain { name, value } object is not one
expectError(option.string('c', 'd').choices(choice('A', 'a'), { name: 'B', value: 'b' }))
// ❌ a choice is made with choice(name, value), its value a number here; a plain { name, value } object is not one
expectError(option.number('c', 'd').choices({ name: 'Half', value: 0.5 }))

// ---------------------------------------------------------------- each method on its option types only

option.integer('n', 'd').min(0).max(7)
option.number('n', 'd').min(-0.5).max(0.5)
option.string('s', 'd').minLength(0).maxLength(6000)
expectType<ChannelOption<'c', false, 0 | 2>>(option.channel('c', 'd').channelTypes(ChannelType.GuildText, ChannelType.GuildVoice))

// ❌ min() applies to INTEGER and NUMBER options; on a STRING option use minLength()
expectError(option.string('s', 'd').min(1))
// ❌ max() applies to INTEGER and NUMBER options; on a STRING option use maxLength()
expectError(option.string('s', 'd').max(1))
// ❌ min() applies to INTEGER and NUMBER options only
expectError(option.boolean('b', 'd').min(1))
// ❌ max() applies to INTEGER and NUMBER options only
expectError(option.channel('c', 'd').max(1))
// ❌ min() applies to INTEGER and NUMBER options only
expectError(option.attachment('a', 'd').min(1))
// ❌ minLength() applies to STRING options; on a number use min()
expectError(option.integer('n', 'd').minLength(1))
// ❌ maxLength() applies to STRING options; on a number use max()
expectError(option.number('n', 'd').maxLength(1))
// ❌ minLength() applies to STRING options only
expectError(option.user('u', 'd').minLength(1))
// ❌ maxLength() applies to STRING options only
expectError(option.mentionable('m', 'd').maxLength(1))
// ❌ channelTypes() applies to CHANNEL options only
expectError(option.string('s', 'd').channelTypes(ChannelType.GuildText))
// ❌ channelTypes() applies to CHANNEL options only
expectError(option.role('r', 'd').channelTypes(ChannelType.GuildText))
// ❌ channelTypes() applies to CHANNEL options only
expectError(option.integer('n', 'd').channelTypes())
// ❌ choices() apply to STRING, INTEGER and NUMBER options only
expectError(option.boolean('b', 'd').choices(choice('Yes', 'yes')))
// ❌ choices() apply to STRING, INTEGER and NUMBER options only
expectError(option.user('u', 'd').choices(choice('Me', 'me')))
// ❌ choices() apply to STRING, INTEGER and NUMBER options only
expectError(option.channel('c', 'd').choices(choice('Here', 1)))
// ❌ choices() apply to STRING, INTEGER and NUMBER options only
expectError(option.role('r', 'd').choices())
// ❌ choices() apply to STRING, INTEGER and NUMBER options only
expectError(option.mentionable('m', 'd').choices(choice('All', 'all')))
// ❌ choices() apply to STRING, INTEGER and NUMBER options only
expectError(option.attachment('a', 'd').choices(choice('File', 'file')))
// ❌ autocomplete() applies to STRING, INTEGER and NUMBER options only
expectError(option.boolean('b', 'd').autocomplete())
// ❌ autocomplete() applies to STRING, INTEGER and NUMBER options only
expectError(option.user('u', 'd').autocomplete())
// ❌ autocomplete() applies to STRING, INTEGER and NUMBER options only
expectError(option.channel('c', 'd').autocomplete())
// ❌ autocomplete() applies to STRING, INTEGER and NUMBER options only
expectError(option.attachment('a', 'd').autocomplete())

// Channel types by name (the keys of ChannelType) or by value, mixed as one likes; the handler's
// channel type narrows to their values.
expectType<ChannelOption<'c', false, 0 | 15>>(option.channel('c', 'd').channelTypes('GuildText', 'GuildForum'))
expectType<ChannelOption<'c', false, 0 | 2 | 15>>(option.channel('c', 'd').channelTypes(0, 'GuildForum', ChannelType.GuildVoice))
expectType<ChannelOption<'c', true, 11 | 12>>(option.channel('c', 'd').required().channelTypes('PublicThread', 'PrivateThread'))

// A channel type that does not exist, by value or by name, with the nearest names for a typo.
// ❌ 6 is not a channel type; use a name of ChannelType such as 'GuildText', or its value
expectError(option.channel('c', 'd').channelTypes(6))
// ❌ 'GuildTxt' is not a channel type; did you mean 'GuildText'?
expectError(option.channel('c', 'd').channelTypes('GuildTxt'))
// ❌ 'guildvoice' is not a channel type; did you mean 'GuildVoice'?
expectError(option.channel('c', 'd').channelTypes('GuildText', 'guildvoice'))
// ❌ 'Text' is not a channel type; use a name of ChannelType such as 'GuildText', or its value
expectError(option.channel('c', 'd').channelTypes('Text'))
// Directory channels cannot be offered (discord-api-types' ApplicationCommandOptionAllowedChannelType).
// ❌ a CHANNEL option cannot offer directory channels (GuildDirectory, 14)
expectError(option.channel('c', 'd').channelTypes(ChannelType.GuildText, ChannelType.GuildDirectory))
// ❌ a CHANNEL option cannot offer directory channels (GuildDirectory, 14)
expectError(option.channel('c', 'd').channelTypes('GuildDirectory'))

// Methods that keep the option's type return it, so chains keep every fact.
expectType<StringOption<'s', true, 'a', 'choices'>>(option.string('s', 'd').minLength(1).choices(choice('A', 'a')).localize('fr', { name: 's-fr' }).required())
