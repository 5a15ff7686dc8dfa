/**
 * The HTTP entry, the router and the message factories called from plain
 * JavaScript with arguments of the wrong type (the standard: bad input gets a clear
 * error, never a crash; the sibling of core-helpers.test.ts). Each wrong argument
 * is a `TypeError` that names the function and the argument and says what it was,
 * as `localizedView` and `hasPermissions` do (src/rules/arguments.ts): never the
 * engine's own ("Cannot read properties of null", "reading 'toJSON'",
 * "texts.map is not a function").
 */
import { describe, expect, it } from 'vitest'
import {
  checkboxGroup,
  commands,
  container,
  deferReply,
  embed,
  handleComponents,
  label,
  layout,
  matchCustomId,
  mediaGallery,
  messageBody,
  modalRoute,
  param,
  poll,
  premiumButton,
  radioGroup,
  readComponent,
  reply,
  route,
  router,
  section,
  slash,
  stringSelect,
  textDisplay,
  textInput,
  thumbnail,
  user,
  userSelect,
  ValidationError,
} from '../../src/index.js'
import { createGatewayHandler, createHandler, handle, nodeListener, serve, verifyRequest } from '../../src/http/index.js'
import { startEmulator } from '../../src/emulator/index.js'
import { createRedisStore } from '../../src/rest/redis.js'
import { ENGINE, expectNamed, rejected as thrown } from './helpers.js'

// Any 64 hex characters are a well-formed public key (Ed25519, 32 bytes: the transport signs with it).
const KEY = 'ab'.repeat(32)
const app = commands(slash('ping', 'Pong'))
const signed = (): Request => new Request('http://127.0.0.1/interactions', { method: 'POST', body: '{}' })

describe('slashkit/http names a wrong argument (it read null as an object)', () => {
  const notRequest: unknown[] = [null, undefined, 42, 'POST /interactions', {}, { method: 'POST' }, { method: 'POST', headers: {} }]
  it.each(notRequest.map((v) => [JSON.stringify(v) ?? 'undefined', v]))('verifyRequest(%s, key) refuses the request', async (_, value) => {
    await expectNamed(() => verifyRequest(value as never, KEY), /^verifyRequest: request must be a Request/)
  })

  it.each([null, undefined, 42, {}, ['ab']].map((v) => [JSON.stringify(v) ?? 'undefined', v]))('verifyRequest(request, %s) refuses the key', async (_, value) => {
    await expectNamed(() => verifyRequest(signed(), value as never), /^verifyRequest: key must be a public key, 64 hex characters/)
  })

  it('verifyRequest still answers a real Request with a status (no signature: 401)', async () => {
    await expect(verifyRequest(signed(), KEY)).resolves.toMatchObject({ ok: false, status: 401 })
  })

  it.each([
    ['null', null, /^createHandler: options must be an object/],
    ['a number', 42, /^createHandler: options must be an object/],
    ['{}', {}, /^createHandler: options\.publicKey must be a public key/],
    ['{ publicKey: 42 }', { publicKey: 42, app, handlers: {} }, /^createHandler: options\.publicKey must be/],
    ['handlers null', { publicKey: KEY, app, handlers: null }, /^createHandler: handlers must be a map of handlers or a list of handle\(\.\.\.\) results/],
    ['handlers [1]', { publicKey: KEY, app, handlers: [1] }, /^createHandler: handlers\[0\] must be a handle\(\.\.\.\) result/],
  ])('createHandler(%s) is refused when it is made', async (_, options, start) => {
    await expectNamed(() => createHandler(options as never), start)
  })

  it.each([
    ['null', null, /^createGatewayHandler: options must be an object/],
    ['handlers null', { app, handlers: null }, /^createGatewayHandler: handlers must be a map of handlers or a list of handle\(\.\.\.\) results/],
    ['handlers [1]', { app, handlers: [1] }, /^createGatewayHandler: handlers\[0\] must be a handle\(\.\.\.\) result/],
  ])('createGatewayHandler(%s) is refused when it is made', async (_, options, start) => {
    await expectNamed(() => createGatewayHandler(options as never), start)
  })

  // The definitions were not read until the first interaction, which then threw the rules' error out of the
  // handler (no status, no onError): a list of builders instead of commands(...) of them is a JavaScript slip.
  const notApp: [string, unknown, string][] = [
    ['a list of builders', [slash('ping', 'Pong')], 'an array'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a name', 'ping', '"ping"'],
  ]
  it.each(notApp)('createHandler and createGatewayHandler refuse app as %s when they are made', async (_, value, was) => {
    const handlers = { ping: () => 'pong' }
    for (const [fn, make] of [
      ['createHandler', () => createHandler({ publicKey: KEY, app: value, handlers } as never)],
      ['createGatewayHandler', () => createGatewayHandler({ app: value, handlers } as never)],
    ] as const) {
      await expectNamed(make, new RegExp(`^${fn}: options\\.app must be commands\\(\\.\\.\\.\\) of the definitions, or one definition`))
      expect(((await thrown(make)) as Error).message).toContain(`(was ${was})`)
    }
  })

  it('a definition the rules refuse is their ValidationError when the handler is made, with its path', async () => {
    const error = await thrown(() => createHandler({ publicKey: KEY, app: commands(slash('ping', 'Pong'), { name: 'Bad', description: 'x' } as never), handlers: {} } as never))
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues).toEqual([expect.objectContaining({ code: 'name.lowercase', path: ['name'] })])
    expect(await thrown(() => createGatewayHandler({ app: {} as never, handlers: {} } as never))).toBeInstanceOf(ValidationError)
  })

  // "Application command naming": names are unique per type in one scope (spec; validateCommands' set.duplicate_name).
  // commands(...) from JavaScript took two of one name and type, and the handler dispatched to the second alone.
  it('two commands of one name and type in the app are refused when the handler is made, at the second', async () => {
    for (const app of [commands(slash('ping', 'Pong'), slash('ping', 'Again') as never), commands(slash('ping', 'Pong'), { name: 'ping', description: 'x', type: 1 } as never)]) {
      const error = await thrown(() => createHandler({ publicKey: KEY, app, handlers: { ping: () => 'pong' } } as never))
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).issues).toEqual([expect.objectContaining({ code: 'set.duplicate_name', path: [1, 'name'] })])
      expect((error as Error).message).toContain('commands[1].name is "ping", the name of an earlier command of its type')
      expect(await thrown(() => createGatewayHandler({ app, handlers: { ping: () => 'pong' } } as never))).toBeInstanceOf(ValidationError)
    }
    // One name in two types (a CHAT_INPUT and a USER command) is two commands.
    expect(typeof createHandler({ publicKey: KEY, app: commands(slash('ping', 'Pong'), user('ping')), handlers: { ping: () => 'pong' } } as never)).toBe('function')
  })

  // The autocomplete map nests as the handlers do (docs/handling.md); a list in its place was read as handle(...) results.
  it('an autocomplete that is no map is a TypeError when the handler is made', async () => {
    for (const autocomplete of [[1], [], 5, null, 'x']) {
      const made = () => createHandler({ publicKey: KEY, app: commands(slash('ping', 'Pong')), handlers: { ping: () => 'pong' }, autocomplete } as never)
      await expectNamed(made, /^createHandler: options\.autocomplete must be a map of autocomplete handlers/)
      await expectNamed(
        () => createGatewayHandler({ app: commands(slash('ping', 'Pong')), handlers: { ping: () => 'pong' }, autocomplete } as never),
        /^createGatewayHandler: options\.autocomplete/,
      )
    }
    expect(typeof createHandler({ publicKey: KEY, app: commands(slash('ping', 'Pong')), handlers: { ping: () => 'pong' }, autocomplete: undefined })).toBe('function')
  })

  // An option from JavaScript that would be dropped or fail only in production is refused when the handler is made.
  // Public API v10: the first answer within 3 seconds, so a deferAfter at or past them defers for no one; onError is
  // called inside a try, so one that is no function lost every report in silence.
  it('an option it does not take, a deferAfter past the 3 seconds, a hook or a notice or a component handler nothing reads', async () => {
    const route = (await import('../../src/index.js')).route('page', {})
    const base = { publicKey: KEY, app, handlers: { ping: () => 'pong' } }
    const cases: [Record<string, unknown>, string][] = [
      [
        { onerror: () => undefined },
        'options.onerror is not a field of options (its fields: app, handlers, autocomplete, routes, components, onError, rest, deferAfter, handlerTimeout, deferEphemeral, noAutoDefer, messages, now, ',
      ],
      [{ deferAfter: 3000 }, 'options.deferAfter must be false or 0 to 2999 ms (the service waits 3000 ms) (was 3000)'],
      [{ deferAfter: -1 }, 'options.deferAfter must be false or 0 to 2999 ms'],
      [{ deferAfter: '2500' }, 'options.deferAfter must be false or 0 to 2999 ms (the service waits 3000 ms) (was "2500")'],
      [{ onError: 'log' }, 'options.onError must be a function (was "log")'],
      [{ now: 0 }, 'options.now must be a function (was 0)'],
      [{ messages: { stael: 'Run /poll again' } }, 'options.messages.stael is not a field of options.messages (its fields: misfit, error, unhandled, stale)'],
      [{ messages: 'x' }, 'options.messages must be an object of notices by name (was "x")'],
      [{ components: { page: () => 'x' } }, 'options.components.page is not a route of options.routes (its routes: none)'],
      [{ routes: [route], components: { pgae: () => 'x' } }, 'options.components.pgae is not a route of options.routes (its routes: page)'],
    ]
    const refusal = async (run: () => unknown): Promise<string> => {
      const error = await thrown(run)
      expect(error).toBeInstanceOf(TypeError)
      return (error as Error).message
    }
    for (const [extra, message] of cases) {
      expect((await refusal(() => createHandler({ ...base, ...extra } as never))).startsWith(`createHandler: ${message}`), message).toBe(true)
      expect(await refusal(() => createGatewayHandler({ app, handlers: base.handlers, ...extra } as never))).toMatch(/^createGatewayHandler: options\./)
    }
    // Each maker's own options, and the gateway's are not the endpoint's.
    expect(
      typeof createHandler({
        ...base,
        onRefused: () => undefined,
        maxBodyBytes: 1024,
        replayWindowSeconds: false,
        deferAfter: 0,
        routes: [route],
        components: { page: () => 'x' },
      }),
    ).toBe('function')
    expect(typeof createGatewayHandler({ app, handlers: base.handlers, others: 'leave', deferAfter: false })).toBe('function')
    expect(await refusal(() => createGatewayHandler({ app, handlers: base.handlers, publicKey: KEY } as never))).toMatch(
      /^createGatewayHandler: options\.publicKey is not a field of options \(its fields: .*, others\)$/,
    )
  })

  it('one definition alone is still an app', () => {
    expect(typeof createHandler({ publicKey: KEY, app: slash('ping', 'Pong') as never, handlers: { ping: () => 'pong' } } as never)).toBe('function')
  })

  it('serve and nodeListener refuse a handler that is no function (serve(42) listened and answered 500 to every request)', async () => {
    for (const value of [42, null, undefined, { fetch: () => new Response() }]) {
      await expectNamed(() => serve(value as never, { port: 0 }), /^serve: handler must be a fetch handler: createHandler\(\.\.\.\)/)
      await expectNamed(() => nodeListener(value as never), /^nodeListener: handler must be a fetch handler: createHandler\(\.\.\.\)/)
    }
    // A misspelt option listened where it was not asked to: `prot` on 3000, `hots` on loopback only.
    const handler = createHandler({ publicKey: KEY, app, handlers: { ping: () => 'pong' } })
    const error = await thrown(() => serve(handler, { prot: 0 } as never))
    expect(error).toEqual(new TypeError('serve: options.prot is not a field of options (its fields: port, host, keepAliveTimeout)'))
    // The same for the other Node servers' and the store's options: `waitUntill` cut a deferral's answer on Vercel,
    // `prefx` shared the default keys with every application on the Redis server, `prot` served on a free port.
    expect(await thrown(() => nodeListener(handler, { waitUntill: () => undefined } as never))).toEqual(
      new TypeError('nodeListener: options.waitUntill is not a field of options (its fields: waitUntil)'),
    )
    const redis = { script: async () => 'sha', evalsha: async () => null }
    expect(await thrown(() => createRedisStore(redis, { prefx: 'bot-a:' } as never))).toEqual(
      new TypeError('createRedisStore: options.prefx is not a field of options (its fields: prefix)'),
    )
    expect(typeof createRedisStore(redis, { prefix: undefined }).take).toBe('function')
    expect(await thrown(() => startEmulator({ prot: 0 } as never))).toEqual(
      new TypeError('startEmulator: options.prot is not a field of options (its fields: port, host, emulator, control, applications, now, rateLimits, signingKey)'),
    )
  })

  it('handle refuses what is no definition and handlers that are none (both were bound, and failed at the first interaction)', async () => {
    await expectNamed(
      () => handle(null as never, () => 'pong'),
      /^handle: definition must be a command builder: slash\(\.\.\.\), user\(\.\.\.\), message\(\.\.\.\) or fromJSON\(\.\.\.\)/,
    )
    await expectNamed(() => handle({ name: 'ping', description: 'Pong' } as never, () => 'pong'), /^handle: definition must be a command builder/)
    for (const value of [42, null, 'pong', [() => 'pong']])
      await expectNamed(() => handle(slash('ping', 'Pong'), value as never), /^handle: handlers must be a function, or a map of them by subcommand/)
    expect(handle(slash('cfg', 'Config').subcommand('show', 'Show'), { show: () => 'shown' }).definition.toJSON().name).toBe('cfg')
  })

  it('a key string of the wrong length keeps the message that counts its characters', () => {
    expect(() => createHandler({ publicKey: 'abc', app, handlers: {} } as never)).toThrow(/64 hex characters \(got 3 characters\)/)
  })

  it('createHandler still takes a list of handle(...) results', () => {
    expect(typeof createHandler({ publicKey: KEY, app, handlers: [handle(slash('ping', 'Pong'), () => 'pong')] })).toBe('function')
  })
})

describe('router names a handler map that is not one (it threw "reading \'toJSON\'" at the first interaction)', () => {
  it.each([
    ['null', null, /^router: handlers must be a map/],
    ['a number', 42, /^router: handlers must be a map/],
    ['a function', () => 'pong', /^router: handlers must be a map/],
    ['a list of numbers', [1], /^router: handlers\[0\] must be a handle\(\.\.\.\) result/],
    ['a list holding a map', [{ ping: () => 'pong' }], /^router: handlers\[0\] must be a handle\(\.\.\.\) result/],
    ['a list holding null second', [handle(slash('ping', 'Pong'), () => 'pong'), null], /^router: handlers\[1\] must be a handle\(\.\.\.\) result/],
  ])('router(app, %s)', async (_, handlers, start) => {
    await expectNamed(() => router(app, handlers as never), start)
  })

  it('handleComponents, matchCustomId and readComponent name routes that are not a list of routes (they threw "is not iterable")', async () => {
    const vote = route('vote', { choice: param.oneOf('yes', 'no') })
    for (const [fn, call] of [
      ['handleComponents', (routes: unknown) => handleComponents(routes as never, {} as never)],
      ['matchCustomId', (routes: unknown) => matchCustomId(routes as never, 42)],
      ['readComponent', (routes: unknown) => readComponent(routes as never, null)],
    ] as const) {
      await expectNamed(() => call(null), new RegExp(`^${fn}: routes must be a list of route\\(\\.\\.\\.\\) and modalRoute\\(\\.\\.\\.\\) values`))
      await expectNamed(() => call({ vote }), new RegExp(`^${fn}: routes must be a list`))
      await expectNamed(() => call([vote, 'vote']), new RegExp(`^${fn}: routes\\[1\\] must be a route: make it with route\\(\\.\\.\\.\\) or modalRoute`))
    }
    // A route without a handler was read as a component of the wrong kind at each interaction.
    const page = route('page', { n: param.integer({ min: 1, max: 9 }) })
    await expectNamed(
      () => handleComponents([vote, page], { vote: () => 'ok' } as never),
      /^handleComponents: handlers\["page"\] must be a function: the route's handler \(was undefined\)$/,
    )
    await expectNamed(() => handleComponents([vote], null as never), /^handleComponents: handlers must be an object of a handler per route/)
    expect(typeof handleComponents([vote, page], { vote: () => 'ok', page: () => 'ok' })).toBe('function')
    // A list of routes still reads what is not a custom_id as unknown.
    expect(matchCustomId([vote], 42)).toEqual({ ok: false, reason: 'unknown' })
  })

  it('router names a set that is not one: a list of builders', async () => {
    await expectNamed(
      () => router([slash('ping', 'Pong')] as never, { ping: () => 'pong' } as never),
      /^router: set must be commands\(\.\.\.\) of the definitions, or one definition/,
    )
  })
})

describe('the message factories name a wrong argument (they read null as an object or a list)', () => {
  const button = premiumButton('100000000000000001')
  const wrong = [null, 42]
  const cases: [string, (v: unknown) => unknown, RegExp][] = [
    // reply(42) spread the number to {} and answered an empty message: the 42 was gone from the refusal.
    ['reply(message)', (v) => reply(v as never), /^reply: message must be a string or an object of message fields/],
    ['embed(input)', (v) => embed(v as never), /^embed: input must be an object of embed fields/],
    ['messageBody(input)', (v) => messageBody(v as never), /^messageBody: input must be an object of message fields/],
    ['layout(components)', (v) => layout(v as never), /^layout: components must be a list/],
    ['container(components)', (v) => container(v as never), /^container: components must be a list/],
    ['section(texts)', (v) => section(v as never, button), /^section: texts must be a list/],
    ['section(texts, accessory)', (v) => section(['hi'], v as never), /^section: accessory must be a button or a thumbnail/],
    ['mediaGallery(item)', (v) => mediaGallery(v as never), /^mediaGallery: items\[0\] must be a URL or \{ url/],
    ['mediaGallery(url, item)', (v) => mediaGallery('https://cdn.example.com/a.png', v as never), /^mediaGallery: items\[1\] must be a URL/],
    ['poll(question, answers)', (v) => poll('Lunch?', v as never), /^poll: answers must be a list/],
    ['stringSelect(id, options)', (v) => stringSelect('color', v as never), /^stringSelect: options must be a list/],
    ['radioGroup(id, options)', (v) => radioGroup('size', v as never), /^radioGroup: options must be a list/],
    ['checkboxGroup(id, options)', (v) => checkboxGroup('toppings', v as never), /^checkboxGroup: options must be a list/],
    ['modalRoute(..., components)', (v) => modalRoute('why', {}, 'Why?', v as never), /^modalRoute: components must be a list/],
  ]
  it.each(cases)('%s', async (_, call, start) => {
    for (const value of wrong) await expectNamed(() => call(value), start)
  })

  // A route's name and params (custom_id: "name:hash..." by codec.ts) keep the codec's own TypeError, naming the route.
  it.each([
    ['route(null)', () => route(null as never), /^route name null must be a non-empty string/],
    ['route(42)', () => route(42 as never), /^route name 42 must be a non-empty string/],
    ['modalRoute(null, ...)', () => modalRoute(null as never, {} as never, 'Why?', [label('Why?', textInput('text'))]), /^route name null must be/],
    ['route(name, 42)', () => route('vote', 42 as never), /^route "vote": params must be an object of param\.\*\(\) specs.*\(was number\)/],
    ['modalRoute(name, null, ...)', () => modalRoute('why', null as never, 'Why?', [label('Why?', textInput('text'))]), /^route "why": params must be an object.*\(was null\)/],
  ])('%s', async (_, call, start) => {
    const error = await thrown(call)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toMatch(start)
    expect((error as Error).message).not.toMatch(ENGINE)
  })

  it('null options read as none, as undefined ones do (they threw "reading \'placeholder\'")', () => {
    expect(premiumButton('100000000000000001', null as never)).toEqual(premiumButton('100000000000000001'))
    expect(userSelect('invite', null as never)).toEqual(userSelect('invite'))
    expect(textInput('reason', null as never)).toEqual(textInput('reason'))
    expect(reply('hi', null as never)).toEqual(reply('hi'))
    expect(deferReply(null as never)).toEqual(deferReply())
  })

  it('the valid forms still build', () => {
    expect(section(['hi', textDisplay('there')], thumbnail('https://cdn.example.com/a.png')).components).toHaveLength(2)
    expect(mediaGallery('https://cdn.example.com/a.png', { url: 'attachment://b.png', spoiler: true }).items).toEqual([
      { media: { url: 'https://cdn.example.com/a.png' } },
      { media: { url: 'attachment://b.png' }, spoiler: true },
    ])
    expect(route('vote', { choice: param.oneOf('yes', 'no') }).name).toBe('vote')
    expect(messageBody({ content: 'hi' })).toEqual({ content: 'hi' })
  })
})
