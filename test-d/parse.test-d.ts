/**
 * Types of the parse layer, against the built declarations: what `parse`,
 * `safeParse` and `parseAutocomplete` return for each kind of definition, the
 * router's exhaustive handler maps, `fakeInteraction`'s input, and the response
 * helpers' refusals.
 */
import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd'
import { fakeInteraction } from '../dist/testing.js'
import {
  autocompleteResult,
  choice,
  commands,
  entryPoint,
  handle,
  launchActivity,
  message,
  option,
  parse,
  parseAutocomplete,
  reply,
  deferReply,
  router,
  safeParse,
  safeParseAutocomplete,
  slash,
  user,
  InteractionError,
  type Attachment,
  type Channel,
  type InferAutocomplete,
  type InferResult,
  type Interaction,
  type Issue,
  type Message,
  type ResolvedRole,
  type ResolvedUser,
  type Result,
  type Role,
} from '../dist/index.js'

declare const body: unknown

// ---------------------------------------------------------------- definitions

const ban = slash('ban', 'Ban a member').options(
  option.user('target', 'Who to ban').required(),
  option.integer('days', 'Days of messages to delete').min(0).max(7),
  option.string('reason', 'Why').maxLength(512).autocomplete(),
)

const every = slash('every', 'Every option type').options(
  option.string('s', 'String').required(),
  option.integer('i', 'Integer').required(),
  option.number('n', 'Number').required(),
  option.boolean('b', 'Boolean').required(),
  option.user('u', 'User').required(),
  option.channel('c', 'Channel').required(),
  option.role('r', 'Role').required(),
  option.mentionable('m', 'Mentionable').required(),
  option.attachment('a', 'Attachment').required(),
  option.string('color', 'Color').choices(choice('Red', 'red'), choice('Blue', 'blue')),
  option.integer('size', 'Size').choices(choice('Small', 1), choice('Large', 3)),
  option.channel('text', 'A text or voice channel').channelTypes(0, 2),
)

const config = slash('config', 'Bot settings')
  .subcommand('show', 'Show settings')
  .subcommand('set', 'Change a setting', (s) =>
    s.options(option.string('key', 'Setting').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang')), option.string('value', 'New value').required()),
  )
  .group('role', 'Role settings', (g) =>
    g
      .subcommand('grant', 'Grant', (s) => s.options(option.role('role', 'Role').required()))
      .subcommand('revoke', 'Revoke', (s) => s.options(option.role('role', 'Role').required(), option.string('why', 'Why'))),
  )

const search = slash('search', 'Search').options(
  option.string('query', 'Text').required().autocomplete(),
  option.integer('limit', 'How many').autocomplete(),
  option.number('score', 'Minimum score').min(0).autocomplete(),
  option.boolean('exact', 'Exact match'),
)

const profile = user('Show profile')
const report = message('Report message')
const launch = entryPoint('launch', 'Start the game').handler('AppHandler')
const discordLaunch = entryPoint('play', 'Play').handler('DiscordLaunchActivity')

const app = commands(ban, config, profile, report, launch)

// ---------------------------------------------------------------- parse: leaf commands

expectType<{
  command: 'ban'
  group: undefined
  subcommand: undefined
  options: { target: ResolvedUser; days: number | undefined; reason: string | undefined }
}>(parse(ban, body))

const all = parse(every, body)
expectType<string>(all.options.s)
expectType<number>(all.options.i)
expectType<number>(all.options.n)
expectType<boolean>(all.options.b)
expectType<ResolvedUser>(all.options.u)
expectType<Channel>(all.options.c)
expectType<Role>(all.options.r)
expectType<ResolvedUser | ResolvedRole>(all.options.m)
expectType<Attachment>(all.options.a)
// Choices narrow the value to their literals; channel types narrow the channel's type.
expectType<'red' | 'blue' | undefined>(all.options.color)
expectType<1 | 3 | undefined>(all.options.size)
expectType<0 | 2 | undefined>(all.options.text?.type)
// A MENTIONABLE value is told apart by its keys.
if ('role' in all.options.m) expectType<Role>(all.options.m.role)
else expectType<ResolvedUser>(all.options.m)
// No option the definition does not have.
expectError(all.options.other)

// ---------------------------------------------------------------- parse: subcommands and groups

type ConfigHit =
  | { command: 'config'; group: undefined; subcommand: 'show'; options: {} }
  | { command: 'config'; group: undefined; subcommand: 'set'; options: { key: 'prefix' | 'lang'; value: string } }
  | { command: 'config'; group: 'role'; subcommand: 'grant'; options: { role: Role } }
  | { command: 'config'; group: 'role'; subcommand: 'revoke'; options: { role: Role; why: string | undefined } }
expectType<ConfigHit>(parse(config, body))
expectType<ConfigHit>(null as unknown as InferResult<typeof config>)

const hit = parse(config, body)
if (hit.subcommand === 'set') expectType<'prefix' | 'lang'>(hit.options.key)
if (hit.group === 'role') expectType<'grant' | 'revoke'>(hit.subcommand)
if (hit.group === undefined) expectType<'show' | 'set'>(hit.subcommand)

// ---------------------------------------------------------------- parse: USER, MESSAGE, entry points

expectType<{ command: 'Show profile'; target: ResolvedUser }>(parse(profile, body))
expectType<{ command: 'Report message'; target: Message }>(parse(report, body))
expectType<{ command: 'launch' }>(parse(launch, body))
expectType<{ command: 'play' }>(parse(discordLaunch, body))

// ---------------------------------------------------------------- parse: sets

const any = parse(app, body)
expectType<'ban' | 'config' | 'Show profile' | 'Report message' | 'launch'>(any.command)
if (any.command === 'ban') expectType<ResolvedUser>(any.options.target)
if (any.command === 'config' && any.subcommand === 'grant') expectType<Role>(any.options.role)
if (any.command === 'Show profile') expectType<ResolvedUser>(any.target)
if (any.command === 'Report message') expectType<Message>(any.target)
if (any.command === 'launch') expectType<{ command: 'launch' }>(any)
expectType<InferResult<typeof app>>(any)

// ---------------------------------------------------------------- safeParse

const safe = safeParse(app, body)
expectType<Result<InferResult<typeof app>>>(safe)
if (safe.ok) expectType<InferResult<typeof app>>(safe.value)
else expectType<readonly Issue[]>(safe.issues)
expectType<readonly Issue[]>(new InteractionError([]).issues)
expectAssignable<Error>(new InteractionError([]))

// ---------------------------------------------------------------- autocomplete

expectType<{
  command: 'ban'
  group: undefined
  subcommand: undefined
  focused: { readonly name: 'reason'; readonly type: 3; readonly value: string }
  options: { target: ResolvedUser | undefined; days: number | undefined; reason: string | undefined }
}>(parseAutocomplete(ban, body))

const typed = parseAutocomplete(search, body)
// The focused option: a union over the autocomplete options; its value is the text typed, for numbers too.
expectType<
  | { readonly name: 'query'; readonly type: 3; readonly value: string }
  | { readonly name: 'limit'; readonly type: 4; readonly value: string }
  | { readonly name: 'score'; readonly type: 10; readonly value: string }
>(typed.focused)
expectType<'query' | 'limit' | 'score'>(typed.focused.name)
// Every other option may be absent, required ones too ("Other command rules" 5).
expectType<{ query: string | undefined; limit: number | undefined; score: number | undefined; exact: boolean | undefined }>(typed.options)
// `exact` and `target` do not autocomplete: they can never be focused.
expectNotAssignable<typeof typed.focused.name>('exact')

// In a set, only paths with autocomplete options: `ban` here (config, USER, MESSAGE and the entry point have none).
const auto = parseAutocomplete(app, body)
expectType<'ban'>(auto.command)
expectType<'reason'>(auto.focused.name)
expectType<Result<InferAutocomplete<typeof app>>>(safeParseAutocomplete(app, body))

// ---------------------------------------------------------------- router

const route = router(app, {
  ban: ({ options }) => reply(`Banned ${options.target.user.username} for ${options.days ?? 0} days`),
  config: {
    show: () => reply('settings'),
    set: ({ options }) => reply(`${options.key} = ${options.value}`),
    role: {
      grant: ({ options }) => reply(`Granted ${options.role.name}`),
      revoke: () => deferReply(),
    },
  },
  'Show profile': ({ target }) => reply(target.user.username),
  'Report message': ({ target }) => reply(`Reported ${target.id}`),
  launch: () => launchActivity(launch),
})
// What the router returns: the union of what its handlers return.
expectType<ReturnType<typeof reply> | ReturnType<typeof deferReply> | { type: 12 }>(route(body))

// Handlers get exactly their path's values.
router(commands(config), {
  config: {
    show: (v) => expectType<{ command: 'config'; group: undefined; subcommand: 'show'; options: {} }>(v),
    set: (v) => expectType<'prefix' | 'lang'>(v.options.key),
    role: { grant: (v) => expectType<Role>(v.options.role), revoke: (v) => expectType<string | undefined>(v.options.why) },
  },
})

// A missing handler is a compile error: at the top level...
expectError(router(app, { ban: () => 1, config: { show: () => 1, set: () => 1, role: { grant: () => 1, revoke: () => 1 } }, 'Show profile': () => 1, launch: () => 1 }))
// ...for a subcommand...
expectError(router(commands(config), { config: { show: () => 1, role: { grant: () => 1, revoke: () => 1 } } }))
// ...and inside a group.
expectError(router(commands(config), { config: { show: () => 1, set: () => 1, role: { grant: () => 1 } } }))
// An extra handler is a compile error too: at the top level...
expectError(router(commands(ban), { ban: () => 1, kick: () => 1 }))
// ...next to subcommands...
expectError(router(commands(config), { config: { show: () => 1, set: () => 1, reset: () => 1, role: { grant: () => 1, revoke: () => 1 } } }))
// ...and inside a group.
expectError(router(commands(config), { config: { show: () => 1, set: () => 1, role: { grant: () => 1, revoke: () => 1, remove: () => 1 } } }))
// A command with subcommands takes a map, not one function; a leaf command takes a function.
expectError(router(commands(config), { config: () => 1 }))
expectError(router(commands(ban), { ban: { target: () => 1 } }))
// A handler's values are typed: no option the path does not have.
expectError(router(commands(ban), { ban: ({ options }) => options.missing }))

// ---------------------------------------------------------------- handle: handlers bound to their own command

// Each handler is typed from its command alone, exactly as under the map.
const onBan = handle(ban, ({ options }) => {
  expectType<ResolvedUser>(options.target)
  expectType<number | undefined>(options.days)
  return reply('banned')
})
const onConfig = handle(config, {
  show: (v) => expectType<{ command: 'config'; group: undefined; subcommand: 'show'; options: {} }>(v),
  set: (v) => expectType<'prefix' | 'lang'>(v.options.key),
  role: { grant: (v) => expectType<Role>(v.options.role), revoke: (v) => expectType<string | undefined>(v.options.why) },
})
router(commands(ban, config), [onBan, onConfig])
// A missing command is a compile error, and so is a bound command the set does not have.
expectError(router(commands(ban, config), [onBan]))
expectError(router(commands(ban), [onBan, onConfig]))
// Inside handle: a missing or extra subcommand, a map for a leaf command, an unknown option.
expectError(handle(config, { show: () => 1, role: { grant: () => 1, revoke: () => 1 } }))
expectError(handle(config, { show: () => 1, set: () => 1, reset: () => 1, role: { grant: () => 1, revoke: () => 1 } }))
expectError(handle(ban, { target: () => 1 }))
expectError(handle(ban, ({ options }) => options.missing))

// Commands of different types may share a name ("Naming rules" 3): one handler takes both, told apart by shape.
const sameName = commands(slash('profile', 'Show a profile').subcommand('card', 'As a card'), user('profile'))
router(sameName, {
  profile: (v) => {
    expectType<{ command: 'profile'; group: undefined; subcommand: 'card'; options: {} } | { command: 'profile'; target: ResolvedUser }>(v)
    return 'target' in v ? reply(v.target.user.username) : reply(v.subcommand)
  },
})
// A map by subcommand would leave the USER command without a handler: refused.
expectError(router(sameName, { profile: { card: () => 1 } }))

// ---------------------------------------------------------------- fakeInteraction

expectType<Interaction>(fakeInteraction(ban, { options: { target: { user: { username: 'ann' } }, days: 3 } }))
fakeInteraction(config, { subcommand: 'set', options: { key: 'lang', value: 'es' } })
fakeInteraction(config, { group: 'role', subcommand: 'grant', options: { role: { name: 'mod' } } })
fakeInteraction(config, { subcommand: 'show' })
fakeInteraction(profile, { target: { user: { username: 'ann' } } })
fakeInteraction(report, { target: { content: 'spam' } })
fakeInteraction(app, { command: 'ban', options: { target: {} } })
fakeInteraction(app, { command: 'Show profile', target: {} })
fakeInteraction(search, { type: 4, focused: { name: 'query', value: 'ca' } })
fakeInteraction(every, { options: { s: 'x', i: 1, n: 1.5, b: true, u: {}, c: { name: 'general' }, r: {}, m: { role: {} }, a: {}, color: 'red', size: 3 } })

// An unknown option is refused.
expectError(fakeInteraction(ban, { options: { target: {}, kick: true } }))
// A required option missing is refused.
expectError(fakeInteraction(ban, { options: { days: 1 } }))
expectError(fakeInteraction(config, { subcommand: 'set', options: { key: 'lang' } }))
expectError(fakeInteraction(config, { subcommand: 'set' }))
// A value of the wrong type, or outside the choices, is refused.
expectError(fakeInteraction(ban, { options: { target: {}, days: '3' } }))
expectError(fakeInteraction(config, { subcommand: 'set', options: { key: 'colour', value: 'x' } }))
// A subcommand or group the command does not have is refused, and so is an option of another path.
expectError(fakeInteraction(config, { subcommand: 'reset' }))
expectError(fakeInteraction(config, { group: 'role', subcommand: 'set', options: { key: 'lang', value: 'x' } }))
expectError(fakeInteraction(config, { subcommand: 'show', options: { key: 'lang' } }))
// An autocomplete request: the focused option is one with autocomplete; required options may be left out.
fakeInteraction(search, { type: 4, focused: { name: 'limit', value: '1' }, options: { exact: true } })
fakeInteraction(app, { command: 'ban', type: 4, focused: { name: 'reason', value: 'sp' } })
expectError(fakeInteraction(search, { type: 4, focused: { name: 'exact', value: 'x' } }))
expectError(fakeInteraction(ban, { type: 4, focused: { name: 'target', value: 'x' } }))
// In a set, the command must be named.
expectError(fakeInteraction(app, { options: { target: {} } }))
expectError(fakeInteraction(app, { command: 'kick' }))

// ---------------------------------------------------------------- responses

expectType<{ type: 12 }>(launchActivity(launch))
// LAUNCH_ACTIVITY answers AppHandler entry points only.
expectError(launchActivity(discordLaunch))
expectError(launchActivity(entryPoint('start', 'Start')))
expectError(launchActivity(ban))
expectError(launchActivity(profile))

const focused = parseAutocomplete(search, body).focused
// A union of focused options takes values of any of their types...
autocompleteResult(focused, [choice('a', 'a'), choice('one', 1)])
// ...a narrowed one only values of its type.
if (focused.name === 'query') {
  autocompleteResult(focused, [choice('Cats', 'cats')])
  expectError(autocompleteResult(focused, [choice('One', 1)]))
}
if (focused.name === 'limit') {
  autocompleteResult(focused, [choice('Ten', 10)])
  expectError(autocompleteResult(focused, [choice('Ten', '10')]))
}
if (focused.name === 'score') expectError(autocompleteResult(focused, [choice('Half', '0.5')]))
expectType<{ type: 8; data: { choices: import('../dist/index.js').ChoiceJSON[] } }>(autocompleteResult({ name: 'x', type: 3 }, []))
expectType<4>(reply('hi').type)
expectType<5>(deferReply().type)
