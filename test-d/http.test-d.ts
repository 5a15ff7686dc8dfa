/**
 * Types of slashkit/http against the built declarations: handlers have the shape
 * `router` takes, each `(values, context)`, with the values typed from the
 * definitions and a typed context; a missing or extra handler is an error.
 */
import { expectError, expectType } from 'tsd'
import {
  checkbox,
  choice,
  commands,
  entryPoint,
  handle as bindPlain,
  label,
  modal,
  modalRoute,
  option,
  param,
  radioGroup,
  reply,
  route as customIdRoute,
  router,
  selectOption,
  slash,
  stringSelect,
  textInput,
  user,
  userSelect,
  type EmbedResponse,
  type MessageComponentJSON,
  type Resolved,
  type User,
} from '../dist/index.js'
import { createGatewayHandler, createHandler, DispatchError, handle, type Context, type DispatchStep, type RestLike } from '../dist/http.js'

const ban = slash('ban', 'Ban').options(option.user('target', 'Who').required(), option.string('reason', 'Why').autocomplete())
const config = slash('config', 'Settings')
  .subcommand('show', 'Show')
  .subcommand('set', 'Set', (s) => s.options(option.string('key', 'Key').required().choices(choice('Prefix', 'prefix'), choice('Lang', 'lang'))))
const app = commands(ban, config, user('Profile'))
declare const publicKey: string

createHandler({
  publicKey,
  app,
  handlers: {
    ban: ({ options }, ctx) => {
      expectType<string>(options.target.user.username)
      expectType<string | undefined>(options.reason)
      expectType<User>(ctx.user)
      expectType<string | undefined>(ctx.guildId)
      expectType<string | undefined>(ctx.memberPermissions)
      expectType<0 | 1 | 2 | undefined>(ctx.context)
      expectType<string | undefined>(ctx.authorizingIntegrationOwners['1'])
      return { type: 4, data: { content: 'ok' } }
    },
    config: {
      show: (_, ctx) => ctx.showModal(modal('m', 'Title', label('A', textInput('a')))),
      set: ({ options }) => {
        expectType<'prefix' | 'lang'>(options.key)
        return `${options.key}`
      },
    },
    // A message body as it is is a reply (test/http/returned-bodies.test.ts).
    Profile: ({ target }, ctx: Context) => ({ content: `${target.user.username} ${ctx.id}`, allowed_mentions: { parse: [] } }),
  },
  autocomplete: {
    ban: ({ focused }) => {
      expectType<'reason'>(focused.name)
      return [{ name: focused.value, value: focused.value }]
    },
  },
})

// A missing handler, and an extra one, each a sentence (issue 26 item 1; test/http/refusals.test.ts asserts the first line under each compiler).
// ❌ no handler for command 'Profile'; add one to the handlers
expectError(createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' } } }))
// ❌ there is no command, group or subcommand named 'kick' to handle
expectError(createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x', kick: () => 'x' } }))
// ❌ no handler for 'config set'; add one to the handlers
expectError(createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x' }, Profile: () => 'x' } }))
// A refusal keeps the other handlers typed: no implicit any (the sentence is the only error)...
// ❌ no handler for command 'Profile'; add one to the handlers
expectError(
  createHandler({
    publicKey,
    app,
    handlers: { ban: ({ options }, ctx) => `${options.target.user.username} ${ctx.id}`, config: { show: () => 'x', set: ({ options }) => options.key } },
  }),
)
// The sentence leads the first line (issue 26 item 1, a new author's trial on TypeScript 7.0.2), for each form.
// first line: Property '"❌ no handler for command 'Profile'; add one to the handlers"' is missing
expectError(createHandler({ publicKey, app, handlers: { ban: ({ options }) => options.target.user.id, config: { show: () => 'x', set: () => 'x' } } }))
// first line: Property '"❌ no handler for 'config set'; add one to the handlers"' is missing
expectError(createGatewayHandler({ app, handlers: { ban: () => 'x', config: { show: () => 'x' }, Profile: () => 'x' } }))
// first line: Property '"❌ no handler for commands 'config' and 'Profile'; add them to the handlers"' is missing
expectError(createHandler({ publicKey, app, handlers: { ban: () => 'x' } }))
// An entry point whose handler is DISCORD_LAUNCH_ACTIVITY (2) needs none: the service launches the
// Activity and the app gets no interaction (spec: "Other command rules" 3). One with APP_HANDLER (1),
// or none given, is the app's to answer, and a name another command shares keeps its handler.
const launched = commands(slash('ping', 'Ping'), entryPoint('play', 'Play').handler('DiscordLaunchActivity'))
createHandler({ publicKey, app: launched, handlers: { ping: () => 'pong' } })
router(launched, [bindPlain(slash('ping', 'Ping'), () => reply('pong'))])
createGatewayHandler({ app: launched, handlers: { ping: () => 'pong', play: () => undefined } })
// first line: Property '"❌ no handler for command 'play'; add one to the handlers"' is missing
expectError(createHandler({ publicKey, app: commands(slash('ping', 'Ping'), entryPoint('play', 'Play').handler('AppHandler')), handlers: { ping: () => 'pong' } }))
// first line: Property '"❌ no handler for command 'play'; add one to the handlers"' is missing
expectError(createHandler({ publicKey, app: commands(slash('ping', 'Ping'), entryPoint('play', 'Play')), handlers: { ping: () => 'pong' } }))
// first line: Property '"❌ no handler for command 'play'; add one to the handlers"' is missing
expectError(createHandler({ publicKey, app: commands(slash('play', 'Play'), entryPoint('play', 'Play').handler('DiscordLaunchActivity')), handlers: {} }))
// first line: Property '"❌ there is no command, group or subcommand named 'bna' to handle; did you mean 'ban'?"' is missing
expectError(createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x', bna: () => 'x' } }))
// A misspelt command, subcommand or group key's handler has typed parameters (`any`, from the checked map's index signature): the sentence is its only error, no implicit any (TS7031; test/http/refusals.test.ts asserts there is none).
// ❌ there is no command, group or subcommand named 'bna' to handle; did you mean 'ban'?
// first line: Property '"❌ there is no command, group or subcommand named 'bna' to handle; did you mean 'ban'?"' is missing
expectError(
  createHandler({ publicKey, app, handlers: { bna: ({ options }, ctx) => `${options.target} ${ctx.id}`, config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x' } }),
)
// ❌ there is no command, group or subcommand named 'sett' to handle; did you mean 'set'?
// first line: Property '"❌ there is no command, group or subcommand named 'sett' to handle; did you mean 'set'?"' is missing
expectError(createHandler({ publicKey, app, handlers: { ban: () => 'x', config: { show: () => 'x', sett: ({ options }) => options.key }, Profile: () => 'x' } }))
// ❌ there is no command, group or subcommand named 'confg' to handle; did you mean 'config'?
// first line: Property '"❌ there is no command, group or subcommand named 'confg' to handle; did you mean 'config'?"' is missing
expectError(createGatewayHandler({ app, handlers: { ban: () => 'x', confg: { show: () => 'x', set: ({ options }) => options.key }, Profile: () => 'x' } }))
// ❌ there is no command, group or subcommand named 'Profil' to handle; did you mean 'Profile'?
expectError(router(app, { ban: () => reply('x'), config: { show: () => reply('x'), set: () => reply('x') }, Profil: ({ target }) => reply(target.user.username) }))
// The handlers beside a misspelt key keep their types: a typo in one is still caught.
// error: Property 'targe' does not exist
expectError(createHandler({ publicKey, app, handlers: { ban: ({ options }) => String(options.targe), config: { show: () => 'x', set: () => 'x' }, Profil: () => 'x' } }))
// router's map is its second argument: 5.9 and 6.0 lead with "Argument of type", and name the sentence in the parameter's type.
// 7.0 first line: Property '"❌ no handler for command 'Profile'; add one to the handlers"' is missing
// 5.9,6.0 first line: parameter of type 'Refused<"❌ no handler for command 'Profile'; add one to the handlers"
expectError(router(app, { ban: () => reply('x'), config: { show: () => reply('x'), set: () => reply('x') } }))
// ...and an option name typo beside it is still caught.
// error: Property 'targe' does not exist
expectError(createHandler({ publicKey, app, handlers: { ban: ({ options }) => String(options.targe), config: { show: () => 'x', set: () => 'x' } } }))
// A map that names none of its keys right (a weak type until NotWeak in router.ts): the set of one command
// misspelt, every command misspelt, a subcommand map with no right key. Each was taken with no error.
// ❌ there is no command, group or subcommand named 'bna' to handle; did you mean 'ban'?
// first line: Property '"❌ there is no command, group or subcommand named 'bna' to handle; did you mean 'ban'?"' is missing
expectError(createHandler({ publicKey, app: commands(ban), handlers: { bna: ({ options }, ctx) => `${options.target} ${ctx.id}` } }))
// ❌ there is no command, group or subcommand named 'bna' to handle; did you mean 'ban'?
expectError(router(commands(ban), { bna: () => reply('x') }))
// ❌ there is no command, group or subcommand named 'bn' to handle; did you mean 'ban'?
expectError(createGatewayHandler({ app: commands(ban, user('Profile')), handlers: { bn: () => 'x', Profil: () => 'x' } }))
// ❌ there is no command, group or subcommand named 'st' to handle; did you mean 'set'?
// first line: Property '"❌ there is no command, group or subcommand named 'st' to handle; did you mean 'set'?"' is missing
expectError(createHandler({ publicKey, app: commands(config), handlers: { config: { sho: () => 'x', st: () => 'x' } } }))
// A handler returns what an interaction can be answered with.
expectError(createHandler({ publicKey, app, handlers: { ban: () => 42, config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x' } }))

// The per-command form: handlers bound with handle(...), each typed from its own command, with the context.
const onBan = handle(ban, ({ options }, ctx) => {
  expectType<string>(options.target.user.username)
  expectType<User>(ctx.user)
  return 'banned'
})
const onConfig = handle(config, {
  show: (_, ctx) => ctx.showModal(modal('m', 'Title', label('A', textInput('a')))),
  set: ({ options }) => {
    expectType<'prefix' | 'lang'>(options.key)
    return options.key
  },
})
const onProfile = handle(user('Profile'), ({ target }, ctx) => `${target.user.username} ${ctx.id}`)
createHandler({ publicKey, app, handlers: [onBan, onConfig, onProfile] })
declare const rest: RestLike
createGatewayHandler({ app, rest, handlers: [onBan, onConfig, onProfile] })
// A command of the set without a bound handler, or one the set does not have, is an error.
// ❌ no handler for command 'Profile'; bind one with handle(...)
expectError(createHandler({ publicKey, app, handlers: [onBan, onConfig] }))
// first line: Property '"❌ no handler for command 'Profile'; bind one with handle(...)"' is missing
expectError(createHandler({ publicKey, app, handlers: [onBan, onConfig] }))
// ❌ the set has no command named 'Profile' to handle
expectError(createHandler({ publicKey, app: commands(ban, config), handlers: [onBan, onConfig, onProfile] }))
// The same sentences from createGatewayHandler and router, in both forms.
// ❌ no handler for command 'Profile'; bind one with handle(...)
expectError(createGatewayHandler({ app, rest, handlers: [onBan, onConfig] }))
// ❌ no handler for command 'Profile'; add one to the handlers
expectError(createGatewayHandler({ app, handlers: { ban: ({ options }) => options.target.user.id, config: { show: () => 'x', set: () => 'x' } } }))
// ❌ no handler for command 'Profile'; add one to the handlers
expectError(router(app, { ban: ({ options }) => reply(options.target.user.username), config: { show: () => reply('x'), set: () => reply('x') } }))
// ❌ no handler for commands 'config' and 'Profile'; bind each with handle(...)
expectError(router(app, [bindPlain(ban, ({ options }) => reply(options.target.user.username))]))
// router's handlers take (values, context): the context is route's second argument.
const route = router(commands(ban), { ban: ({ options }, context) => reply(`${options.target.user.id} ${String(context)}`) })
expectType<{ type: 4; data: { content?: string } }>(route({}, { trace: 1 }) as { type: 4; data: { content?: string } })
// A router handler may annotate the context it is given.
router(commands(ban), { ban: (_, context: { trace: number }) => reply(String(context.trace)) })
// The root handle types the context where it is annotated.
bindPlain(ban, (_, context: { trace: number }) => reply(String(context.trace)))
// onError gets one DispatchError per failure, naming the step.
createHandler({
  publicKey,
  app: commands(ban),
  handlers: { ban: () => 'x' },
  onError: (error, interaction) => {
    expectType<DispatchError>(error)
    expectType<DispatchStep>(error.step)
    expectType<unknown>(interaction)
  },
  // Opted out of the automatic deferral, by command name or path.
  noAutoDefer: ['ban'],
})
// error: Type '"kick"' is not assignable
expectError(createHandler({ publicKey, app: commands(ban), handlers: { ban: () => 'x' }, noAutoDefer: ['kick'] }))

// Autocomplete answers with choices of the focused option's type (issue 25 item 5).
const search = slash('search', 'Search').options(option.string('q', 'Query').autocomplete())
const count = slash('count', 'Count').options(option.integer('n', 'How many').autocomplete())
createHandler({
  publicKey,
  app: commands(search, count),
  handlers: { search: () => 'x', count: () => 'x' },
  autocomplete: { search: () => [choice('A', 'a')], count: () => [{ name: 'Ten', value: 10 }] },
})
// error: Type 'number' is not assignable to type 'string'
expectError(createHandler({ publicKey, app: commands(search), handlers: { search: () => 'x' }, autocomplete: { search: () => [{ name: 'Ten', value: 10 }] } }))
// error: Type 'string' is not assignable to type 'number'
expectError(createHandler({ publicKey, app: commands(count), handlers: { count: () => 'x' }, autocomplete: { count: () => [choice('Ten', 'ten')] } }))

// Autocomplete handlers nested as the command handlers nest (a trial bot wrote them so): by subcommand,
// by group and subcommand, or a group's own function; each typed by its results, beside the path keys.
const gallery = slash('gallery', 'Gallery')
  .subcommand('post', 'Post', (s) => s.options(option.string('title', 'Title').autocomplete(), option.integer('n', 'N').autocomplete()))
  .group('admin', 'Admin', (g) => g.subcommand('purge', 'Purge', (s) => s.options(option.string('who', 'Who').autocomplete())))
const galleryHandlers = { post: () => 'x', admin: { purge: () => 'y' } }
createHandler({
  publicKey,
  app: commands(gallery, search),
  handlers: { gallery: galleryHandlers, search: () => 'x' },
  autocomplete: {
    gallery: {
      post: ({ focused }) => {
        expectType<'title' | 'n'>(focused.name)
        return focused.name === 'title' ? [{ name: 'A', value: 'a' }] : [{ name: 'One', value: 1 }]
      },
      admin: {
        purge: ({ focused, subcommand }) => {
          expectType<'purge'>(subcommand)
          return [{ name: focused.value, value: focused.value }]
        },
      },
    },
    search: () => [],
  },
})
createHandler({
  publicKey,
  app: commands(gallery),
  handlers: { gallery: galleryHandlers },
  autocomplete: { gallery: { admin: ({ group }) => (expectType<'admin'>(group), []) }, 'gallery post': () => [] },
})
// error: 'pots' does not exist in type
expectError(createHandler({ publicKey, app: commands(gallery), handlers: { gallery: galleryHandlers }, autocomplete: { gallery: { pots: () => [] } } }))
// error: 'q' does not exist in type
expectError(createHandler({ publicKey, app: commands(search), handlers: { search: () => 'x' }, autocomplete: { search: { q: () => [] } } }))
// error: Type 'number' is not assignable to type 'string'
expectError(
  createHandler({ publicKey, app: commands(gallery), handlers: { gallery: galleryHandlers }, autocomplete: { gallery: { admin: { purge: () => [{ name: 'n', value: 5 }] } } } }),
)

// Bound handlers answer with what an interaction can be answered with, and read only their options.
expectError(handle(ban, () => 42))
expectError(handle(ban, ({ options }) => String(options.missing)))

// Components and modals by their typed custom_id routes (issue 30 round two): one handler per
// route in `components`, exhaustive like the command map; the values typed by the route.
const vote = customIdRoute('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no') })
const page = customIdRoute('page', { n: param.integer({ min: 1, max: 20 }) })
const feedback = modalRoute('feedback', { poll: param.snowflake() }, 'Feedback', [
  label('Why?', textInput('why', { style: 'paragraph' })),
  label('Kind', stringSelect('kind', [selectOption('Spam', 'spam'), selectOption('Abuse', 'abuse')])),
  label(
    'How bad?',
    radioGroup('severity', [
      ['Low', 'low'],
      ['High', 'high'],
    ]),
  ),
  label('Who', userSelect('who')),
  label('Read the rules', checkbox('rules')),
  label(
    'Mood',
    radioGroup(
      'mood',
      [
        ['Glad', 'glad'],
        ['Sad', 'sad'],
      ],
      { required: false },
    ),
  ),
])
const small = commands(slash('poll', 'Poll'))

createHandler({
  publicKey,
  app: small,
  handlers: { poll: () => 'x' },
  routes: [vote, page, feedback],
  noAutoDefer: ['poll', 'feedback'],
  components: {
    vote: (hit, ctx) => {
      expectType<'vote'>(hit.route)
      expectType<string>(hit.params.poll)
      expectType<'yes' | 'no'>(hit.params.choice)
      expectType<string>(hit.customId)
      // The values by the component's type: none for a button, strings for a string select, ids and resolved for an entity select.
      if (hit.componentType === 2) expectType<readonly []>(hit.values)
      else if (hit.componentType === 3) expectType<readonly string[]>(hit.values)
      else expectType<Resolved | undefined>(hit.resolved)
      expectType<3>(ctx.interaction.type)
      // The message that holds the component, as the service returns it (OpenAPI MessageResponse): typed embeds and components.
      expectType<EmbedResponse | undefined>(ctx.interaction.message.embeds[0])
      expectType<MessageComponentJSON[] | undefined>(ctx.interaction.message.components)
      const row = ctx.interaction.message.components?.[0]
      if (row?.type === 1) expectType<number | undefined>(row.components[0]?.id)
      // The embeds as received go back as they are (test/rules/received-fields.test.ts holds the run time to it).
      return ctx.update({ content: hit.params.choice, embeds: ctx.interaction.message.embeds })
    },
    page: ({ params }, ctx) => ctx.showModal(feedback.modal({ poll: String(params.n) })),
    feedback: ({ params, fields }, ctx) => {
      expectType<string>(params.poll)
      expectType<string>(fields.why)
      expectType<('spam' | 'abuse')[]>(fields.kind)
      // Public API v10, "Radio Group": required by default, so a pick; null only from an optional group.
      expectType<'low' | 'high'>(fields.severity)
      expectType<'glad' | 'sad' | null>(fields.mood)
      expectType<string[]>(fields.who)
      expectType<boolean>(fields.rules)
      expectType<5>(ctx.interaction.type)
      return feedback.modal({ poll: params.poll })
    },
  },
})

createGatewayHandler({
  app: small,
  handlers: { poll: () => 'x' },
  routes: [vote],
  components: { vote: ({ params }) => reply(params.choice) },
})

// ❌ no handler for route 'page'; add one to the components
expectError(createHandler({ publicKey, app: small, handlers: { poll: () => 'x' }, routes: [vote, page], components: { vote: ({ params }) => params.choice } }))
// ❌ there is no route named 'gone' to handle; add it to the routes
expectError(createHandler({ publicKey, app: small, handlers: { poll: () => 'x' }, routes: [vote], components: { vote: () => 'x', gone: () => 'x' } }))
// A key that names no route: the nearest route's name, and the routes there are (the sentence is the key the map lacks, so it leads the first line).
// first line: Property '"❌ there is no route named 'pgae' to handle; did you mean 'page'? (the routes are 'vote' and 'page')"' is missing
expectError(createHandler({ publicKey, app: small, handlers: { poll: () => 'x' }, routes: [vote, page], components: { vote: ({ params }) => params.choice, pgae: () => 'x' } }))
// A misspelt route's handler has typed parameters (`any`): the sentence is its only error, no implicit any (TS7031).
// ❌ there is no route named 'pgae' to handle; did you mean 'page'?
// first line: Property '"❌ there is no route named 'pgae' to handle; did you mean 'page'? (the routes are 'vote' and 'page')"' is missing
expectError(
  createHandler({
    publicKey,
    app: small,
    handlers: { poll: () => 'x' },
    routes: [vote, page],
    components: { vote: ({ params }) => params.choice, pgae: ({ params }, ctx) => `${params.n} ${ctx.id}` },
  }),
)
// ❌ there is no route named 'vot' to handle; did you mean 'vote'?
// first line: Property '"❌ there is no route named 'vot' to handle; did you mean 'vote'? (the routes are 'vote')"' is missing
expectError(createGatewayHandler({ app: small, handlers: { poll: () => 'x' }, routes: [vote], components: { vot: ({ params }) => reply(params.choice) } }))
// first line: Property '"❌ no handler for routes 'page' and 'feedback'; add them to the components"' is missing
expectError(createHandler({ publicKey, app: small, handlers: { poll: () => 'x' }, routes: [vote, page, feedback], components: { vote: ({ params }) => params.choice } }))
// ❌ there is no route named 'vote' to handle; add it to the routes (there are none)
expectError(createHandler({ publicKey, app: small, handlers: { poll: () => 'x' }, components: { vote: () => 'x' } }))
// A modal route's parameter of the wrong type: the error is on the property (`n`), under each compiler.
const why = modalRoute('why', { n: param.integer({ min: 0, max: 9 }) }, 'Why?', [label('Tell us', textInput('text'))])
// first line: Type 'string' is not assignable to type 'number'
expectError(createHandler({ publicKey, app: small, handlers: { poll: (_, ctx) => ctx.showModal(why.modal({ n: 'three' })) } }))
// A value the route does not have.
expectError(createHandler({ publicKey, app: small, handlers: { poll: () => 'x' }, routes: [vote], components: { vote: ({ params }) => params.page } }))
// noAutoDefer names a command or a route of the handler.
expectError(createHandler({ publicKey, app: small, handlers: { poll: () => 'x' }, routes: [vote], components: { vote: () => 'x' }, noAutoDefer: ['nothing'] }))

// UPDATE_MESSAGE answers a component (public API v10): ctx.update of a command's context is a sentence;
// a component's (and a modal submit's, and a context typed loosely) takes it, taken out of the context too.
// ❌ ctx.update edits the message that holds a component; a command has none: answer with ctx.reply
// first line: The 'this' context of type 'Context<Interaction>' is not assignable to method's 'this' of type 'SlashkitError<"ctx.update edits
expectError(createHandler({ publicKey, app: small, handlers: { poll: (_, ctx) => ctx.update({ content: 'x' }) } }))
createHandler({
  publicKey,
  app: small,
  handlers: { poll: () => 'x' },
  routes: [vote, why],
  components: {
    vote: (_, ctx) => {
      const { update } = ctx
      return update({ content: 'closed', components: [] })
    },
    why: ({ fields }, ctx) => ctx.update({ content: fields.text }),
  },
})
expectType<(ctx: Context) => Promise<void>>((ctx: Context) => ctx.update('x'))

// A message has no `ephemeral` field (public API v10: the service refuses the body, flag 64 is the
// way): discord.js' `{ content, ephemeral: true }` is a sentence where a handler returns it, in
// ctx.reply and in reply(), not a run-time refusal after the user waited.
// (Returned, the sentence ends TypeScript's chain of the handler's type.)
// error: a message has no ephemeral field: pass it beside, as in ctx.reply(message, { ephemeral: true })
expectError(createHandler({ publicKey, app: small, handlers: { poll: async () => ({ content: 'Added', ephemeral: true }) } }))
// ❌ a message has no ephemeral field
expectError(createHandler({ publicKey, app: small, handlers: { poll: (_, ctx) => ctx.reply({ content: 'x', ephemeral: true }) } }))
// ❌ a message has no ephemeral field
expectError(reply({ content: 'x', ephemeral: true }))
createHandler({ publicKey, app: small, handlers: { poll: (_, ctx) => ctx.reply({ content: 'x' }, { ephemeral: true }) } })
// A row written as a bare array is no component (an action row is `{ type: 1, components }`).
// error: Type 'ButtonJSON[]' is not assignable to type '
expectError(createHandler({ publicKey, app: small, handlers: { poll: () => ({ content: 'x', components: [[vote.button({ poll: '1', choice: 'yes' }, 'Yes')]] }) } }))
// The components of discord.js, of a message received and of slashkit's builders all go.
declare const received: { components: { type: number; id: number; components: unknown[] }[] }
createHandler({
  publicKey,
  app: small,
  handlers: { poll: () => ({ content: 'x', components: [...received.components, { type: 1, components: [vote.button({ poll: '1', choice: 'yes' }, 'Yes')] }] }) },
})
