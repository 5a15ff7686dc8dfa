/**
 * Names ("Naming rules" 1 and 2), against the built declarations. A literal
 * CHAT_INPUT command, subcommand, group or option name is checked by the types:
 * 1 to 32 characters, lower case, no space or (ASCII) punctuation. USER and
 * MESSAGE names may be mixed case with spaces, but not empty or over 32.
 * A name typed as `string` is left to the run-time rules.
 *
 * Every `expectError` carries the sentence it must produce, in the comment above
 * it (`// ❌ ...`); scripts/check-types.mjs checks it under TypeScript 5.9, 6.0 and 7.0.
 */
import { expectError, expectType } from 'tsd'
import { entryPoint, message, option, slash, user, type SlashCommand, type UserCommand } from '../dist/index.js'

declare const dynamic: string

// ---------------------------------------------------------------- CHAT_INPUT: what compiles

expectType<SlashCommand<'ping'>>(slash('ping', 'Pong'))
slash('a', 'One character')
slash('abcdefghijklmnopqrstuvwxyz123456', 'Exactly 32 characters')
slash("don't", 'An apostrophe')
slash('top-10_list', 'Digits, hyphen, underscore')
slash('42', 'Digits only')
slash('café', 'Lower-case letters outside ASCII')
slash('ñandú', 'Lower-case letters outside ASCII')
slash('привет', 'Cyrillic lower case')
slash('日本語', 'Letters without case')
slash('नमस्ते', 'Devanagari')
slash('नमस्तेनमस्तेनमस्तेनमस्तेनमस्तेनम', 'Devanagari, 32 UTF-16 units')
slash('สวัสดี', 'Thai')
slash('𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚𝐚', 'Letters outside the BMP: 16 characters, 32 UTF-16 units')
expectType<SlashCommand<string>>(slash(dynamic, 'A name known only at run time'))
slash(`cmd-${dynamic}`, 'A template name is left to the run time too')
option.string("it's", 'An option name with an apostrophe')
option.integer('größe', 'An option name outside ASCII')
option.user(dynamic, 'A dynamic option name')

// ---------------------------------------------------------------- CHAT_INPUT: what does not

// ❌ the name 'Ban' has upper-case letters; CHAT_INPUT names are lower case: 'ban'
expectError(slash('Ban', 'Upper case'))
// ❌ the name 'banMember' has upper-case letters; CHAT_INPUT names are lower case: 'banmember'
expectError(slash('banMember', 'camelCase'))
// ❌ the name 'École' has upper-case letters; CHAT_INPUT names are lower case: 'école'
expectError(slash('École', 'Upper case outside ASCII'))
// ❌ the name 'Привет' has upper-case letters; CHAT_INPUT names are lower case: 'привет'
expectError(slash('Привет', 'Cyrillic upper case'))
// ❌ the name 'ban member' has a space or punctuation
expectError(slash('ban member', 'A space'))
// ❌ the name 'ban.member' has a space or punctuation
expectError(slash('ban.member', 'A dot'))
// ❌ the name 'ban!' has a space or punctuation
expectError(slash('ban!', 'An exclamation mark'))
// ❌ the name 'a/b' has a space or punctuation
expectError(slash('a/b', 'A slash'))
// ❌ the name 'a<b' has a space or punctuation
expectError(slash('a<b', 'An angle bracket'))
// ❌ the name 'a[0]' has a space or punctuation
expectError(slash('a[0]', 'Square brackets'))
// ❌ the name 'a{b}' has a space or punctuation
expectError(slash('a{b}', 'Braces'))
// ❌ the name 'a|b' has a space or punctuation
expectError(slash('a|b', 'A bar'))
// ❌ the name 'a~b' has a space or punctuation
expectError(slash('a~b', 'A tilde'))
// ❌ the name 'a^b' has a space or punctuation
expectError(slash('a^b', 'A caret'))
// ❌ has a space or punctuation
expectError(slash('a\\b', 'A backslash'))
// ❌ has a space or punctuation
expectError(slash('a\tb', 'A tab'))
// ❌ the name 'abcdefghijklmnopqrstuvwxyz1234567' is longer than 32 characters
expectError(slash('abcdefghijklmnopqrstuvwxyz1234567', '33 characters'))
// ❌ the name 'नमस्तेनमस्तेनमस्तेनमस्तेनमस्तेनमस' is longer than 32 characters
expectError(slash('नमस्तेनमस्तेनमस्तेनमस्तेनमस्तेनमस', 'Devanagari, 33 characters'))
// ❌ a name needs 1 to 32 characters; this one is empty
expectError(slash('', 'Empty'))

// The same checks hold for option, subcommand and group names.
// ❌ the name 'Target' has upper-case letters; CHAT_INPUT names are lower case: 'target'
expectError(option.user('Target', 'Upper case'))
// ❌ the name 'the reason' has a space or punctuation
expectError(option.string('the reason', 'A space'))
// ❌ a name needs 1 to 32 characters; this one is empty
expectError(option.boolean('', 'Empty'))
// ❌ the name 'abcdefghijklmnopqrstuvwxyz1234567' is longer than 32 characters
expectError(option.number('abcdefghijklmnopqrstuvwxyz1234567', '33 characters'))
// ❌ the name 'Show' has upper-case letters; CHAT_INPUT names are lower case: 'show'
expectError(slash('config', 'Settings').subcommand('Show', 'Upper case'))
// ❌ the name 'role admin' has a space or punctuation
expectError(slash('config', 'Settings').group('role admin', 'A space', (g) => g.subcommand('grant', 'Grant')))
// ❌ the name 'Grant' has upper-case letters; CHAT_INPUT names are lower case: 'grant'
expectError(slash('config', 'Settings').group('role', 'Roles', (g) => g.subcommand('Grant', 'Upper case')))

// ---------------------------------------------------------------- USER and MESSAGE ("Naming rules" 2)

expectType<UserCommand<'Show Profile'>>(user('Show Profile'))
message('Report Message')
user('Über uns')
message("Bot's Reply!")
user('abcdefghijklmnopqrstuvwxyz 23456')
user(dynamic)

// ❌ the name 'abcdefghijklmnopqrstuvwxyz 234567' is longer than 32 characters
expectError(user('abcdefghijklmnopqrstuvwxyz 234567'))
// ❌ a name needs 1 to 32 characters; this one is empty
expectError(user(''))
// ❌ the name 'Report this message to the moderators' is longer than 32 characters
expectError(message('Report this message to the moderators'))
// ❌ a name needs 1 to 32 characters; this one is empty
expectError(message(''))

// Entry points have the same length rule.
entryPoint('launch', 'Start the activity')
// ❌ a name needs 1 to 32 characters; this one is empty
expectError(entryPoint('', 'Empty'))
// ❌ is longer than 32 characters
expectError(entryPoint('abcdefghijklmnopqrstuvwxyz1234567', '33 characters'))

// A name that is one of several literals is checked literal by literal.
declare const flag: boolean
option.string(flag ? 'first' : 'second', 'Either name')
slash(flag ? 'one' : 'two', 'Either name')
// ❌ the name 'Second' has upper-case letters; CHAT_INPUT names are lower case: 'second'
expectError(option.string(flag ? 'first' : 'Second', 'Either name'))
// ❌ the name 'two words' has a space or punctuation
expectError(slash(flag ? 'one' : 'two words', 'Either name'))
// ❌ the name 'Report this message to the moderators' is longer than 32 characters
expectError(user(flag ? 'Report' : 'Report this message to the moderators'))
// ❌ the name 'Show' has upper-case letters
expectError(slash('config', 'Settings').subcommand(flag ? 'show' : 'Show', 'Either name'))
