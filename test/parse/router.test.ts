/**
 * `router(set, handlers)`: parse, then call the one handler the interaction is for.
 * The exhaustiveness of handler maps is a compile-time property (test-d/parse.test-d.ts);
 * here: dispatch at every level, what handlers receive, and run-time errors.
 */
import { describe, expect, it, vi } from 'vitest'
import { commands, deferReply, handle, InteractionError, launchActivity, option, reply, router, slash, user } from '../../src/index.js'
import { app, ban, banPayload, chat, config, interaction, launch, M1, messageObject, profile, R1, report, roleObject, search, U1, userObject } from './helpers.js'

const routes = () => {
  const calls: string[] = []
  const route = router(app, {
    ban: ({ options }) => (calls.push('ban'), reply(`Banned ${options.target.user.username} for ${options.days ?? 0} days`)),
    config: {
      show: () => (calls.push('config show'), reply('settings')),
      set: ({ options }) => (calls.push('config set'), reply(`${options.key} = ${options.value}`)),
      role: {
        grant: ({ options }) => (calls.push('config role grant'), reply(`Granted ${options.role.name}`)),
        revoke: ({ options }) => (calls.push('config role revoke'), deferReply({ ephemeral: options.why === undefined })),
      },
    },
    search: ({ options }) => (calls.push('search'), reply(options.query)),
    'Show profile': ({ target }) => (calls.push('Show profile'), reply(target.user.username)),
    'Report message': ({ target }) => (calls.push('Report message'), reply(`Reported ${target.id}`, { ephemeral: true })),
    launch: () => (calls.push('launch'), launchActivity(launch)),
  })
  return { route, calls }
}

describe('dispatch', () => {
  it('calls the leaf command handler with the parsed values and the raw interaction', () => {
    const handler = vi.fn(() => 'done')
    const payload = banPayload()
    const route = router(commands(ban), { ban: handler })
    expect(route(payload)).toBe('done')
    expect(handler).toHaveBeenCalledTimes(1)
    expect(handler).toHaveBeenCalledWith(
      { command: 'ban', group: undefined, subcommand: undefined, options: { target: { user: userObject(U1), member: expect.any(Object) }, days: 3, reason: 'spam bot' } },
      payload,
    )
  })

  it('dispatches subcommands by name ("Other command rules" 1)', () => {
    const { route, calls } = routes()
    expect(route(chat('config', [{ type: 1, name: 'show' }]))).toEqual({ type: 4, data: { content: 'settings' } })
    expect(
      route(
        chat('config', [
          {
            type: 1,
            name: 'set',
            options: [
              { type: 3, name: 'key', value: 'lang' },
              { type: 3, name: 'value', value: 'es' },
            ],
          },
        ]),
      ),
    ).toEqual({
      type: 4,
      data: { content: 'lang = es' },
    })
    expect(calls).toEqual(['config show', 'config set'])
  })

  it('dispatches a subcommand in a group by group, then subcommand', () => {
    const { route, calls } = routes()
    const grant = chat('config', [{ type: 2, name: 'role', options: [{ type: 1, name: 'grant', options: [{ type: 8, name: 'role', value: R1 }] }] }], {
      roles: { [R1]: roleObject(R1, 'mod') },
    })
    expect(route(grant)).toEqual({ type: 4, data: { content: 'Granted mod' } })
    const revoke = chat('config', [{ type: 2, name: 'role', options: [{ type: 1, name: 'revoke', options: [{ type: 8, name: 'role', value: R1 }] }] }], {
      roles: { [R1]: roleObject(R1) },
    })
    expect(route(revoke)).toEqual({ type: 5, data: { flags: 64 } })
    expect(calls).toEqual(['config role grant', 'config role revoke'])
  })

  it('dispatches USER, MESSAGE and entry point commands', () => {
    const { route, calls } = routes()
    expect(route(interaction({ name: 'Show profile', type: 2, target_id: U1, resolved: { users: { [U1]: userObject(U1, 'ann') } } }))).toEqual({
      type: 4,
      data: { content: 'ann' },
    })
    expect(route(interaction({ name: 'Report message', type: 3, target_id: M1, resolved: { messages: { [M1]: messageObject(M1) } } }))).toEqual({
      type: 4,
      data: { content: `Reported ${M1}`, flags: 64 },
    })
    expect(route(interaction({ name: 'launch', type: 4 }))).toEqual({ type: 12 })
    expect(calls).toEqual(['Show profile', 'Report message', 'launch'])
  })

  it('calls exactly one handler per interaction', () => {
    const { route, calls } = routes()
    route(banPayload())
    expect(calls).toEqual(['ban'])
  })

  it('passes a handler return value through untouched, promises included', async () => {
    const route = router(commands(ban), { ban: async () => 42 })
    await expect(route(banPayload())).resolves.toBe(42)
  })

  it('one handler serves commands of different types that share a name ("Naming rules" 3)', () => {
    const both = commands(slash('profile', 'Show a profile').subcommand('card', 'As a card'), user('profile'))
    const route = router(both, { profile: (v) => ('target' in v ? `user ${v.target.user.id}` : `slash ${v.subcommand}`) })
    expect(route(chat('profile', [{ type: 1, name: 'card' }]))).toBe('slash card')
    expect(route(interaction({ name: 'profile', type: 2, target_id: U1, resolved: { users: { [U1]: userObject(U1) } } }))).toBe(`user ${U1}`)
  })
})

describe('errors', () => {
  it('throws InteractionError, calling no handler, when the payload does not fit', () => {
    const { route, calls } = routes()
    const p = banPayload()
    ;(p.data as { options: unknown[] }).options = []
    expect(() => route(p)).toThrow(InteractionError)
    expect(() => route(chat('kick'))).toThrow(InteractionError)
    expect(() => route(null)).toThrow(InteractionError)
    expect(calls).toEqual([])
  })

  it('throws InteractionError for autocomplete requests (type 4): those go to parseAutocomplete', () => {
    const { route } = routes()
    expect(() => route(interaction({ name: 'search', type: 1, options: [{ type: 3, name: 'query', value: 'c', focused: true }] }, 4))).toThrow(InteractionError)
  })

  it('throws TypeError when a JavaScript caller leaves a handler out', () => {
    const route = router(app, {} as never)
    expect(() => route(banPayload())).toThrow(TypeError)
    expect(() => route(banPayload())).toThrow(/no handler for ban/)
    const partial = router(commands(config), { config: { role: {} } } as never)
    expect(() => partial(chat('config', [{ type: 1, name: 'show' }]))).toThrow(/no handler for config show/)
  })

  it('never answers from the handler map prototype ("constructor", "toString", "__proto__" names)', () => {
    const odd = commands(slash('constructor', 'A command named constructor').subcommand('tostring', 'Sub').subcommand('__proto__', 'Proto'), slash('hasownproperty', 'Another'))
    const handlers = Object.create({ hasownproperty: () => 'inherited' }) as Record<string, unknown>
    const sub = Object.defineProperty({ tostring: () => 'tostring' }, '__proto__', { value: () => 'proto', enumerable: true })
    Object.defineProperty(handlers, 'constructor', { value: sub, enumerable: true, writable: true, configurable: true })
    const route = router(odd, handlers as never)
    expect(route(chat('constructor', [{ type: 1, name: 'tostring' }]))).toBe('tostring')
    expect(route(chat('constructor', [{ type: 1, name: '__proto__' }]))).toBe('proto')
    expect(() => route(chat('hasownproperty'))).toThrow(/no handler for hasownproperty/)
    expect(Object.prototype).not.toHaveProperty('tostring')
  })

  it('a handler that throws propagates its error', () => {
    const route = router(commands(ban), {
      ban: () => {
        throw new RangeError('handler failed')
      },
    })
    expect(() => route(banPayload())).toThrow(RangeError)
  })
})

describe('shared options', () => {
  it('dispatches commands that share one option builder', () => {
    const target = option.user('target', 'Who').required()
    const kick = slash('kick', 'Kick').options(target)
    const warn = slash('warn', 'Warn').options(target)
    const route = router(commands(kick, warn), { kick: ({ command }) => command, warn: ({ command }) => command })
    const payload = (name: string) => chat(name, [{ type: 6, name: 'target', value: U1 }], { users: { [U1]: userObject(U1) } })
    expect(route(payload('kick'))).toBe('kick')
    expect(route(payload('warn'))).toBe('warn')
  })
})

describe('handlers bound to their command (handle)', () => {
  const bound = () => {
    const calls: string[] = []
    const list = [
      handle(ban, ({ options }) => (calls.push('ban'), reply(`Banned ${options.target.user.username}`))),
      handle(config, {
        show: () => (calls.push('config show'), reply('settings')),
        set: ({ options }) => (calls.push('config set'), reply(`${options.key} = ${options.value}`)),
        role: { grant: () => (calls.push('config role grant'), reply('granted')), revoke: () => (calls.push('config role revoke'), deferReply()) },
      }),
      handle(search, ({ options }) => (calls.push('search'), reply(options.query))),
      handle(profile, ({ target }) => (calls.push('Show profile'), reply(target.user.username))),
      handle(report, ({ target }) => (calls.push('Report message'), reply(target.id))),
      handle(launch, () => (calls.push('launch'), launchActivity(launch))),
    ] as const
    return { route: router(app, list), calls }
  }

  it('dispatches to the bound command, at every level, as the map does', () => {
    const { route, calls } = bound()
    expect(route(banPayload())).toEqual({ type: 4, data: { content: `Banned ${(userObject(U1) as { username: string }).username}` } })
    expect(route(chat('config', [{ type: 1, name: 'show' }]))).toEqual({ type: 4, data: { content: 'settings' } })
    const grant = chat('config', [{ type: 2, name: 'role', options: [{ type: 1, name: 'grant', options: [{ type: 8, name: 'role', value: R1 }] }] }], {
      roles: { [R1]: roleObject(R1) },
    })
    expect(route(grant)).toEqual({ type: 4, data: { content: 'granted' } })
    expect(calls).toEqual(['ban', 'config show', 'config role grant'])
  })

  it('tells commands of different types that share a name apart ("Naming rules" 3)', () => {
    const chatProfile = slash('profile', 'Show a profile').subcommand('card', 'As a card')
    const userProfile = user('profile')
    const route = router(commands(chatProfile, userProfile), [
      handle(chatProfile, { card: ({ subcommand }) => `chat ${subcommand}` }),
      handle(userProfile, ({ target }) => `user ${target.user.username}`),
    ])
    expect(route(chat('profile', [{ type: 1, name: 'card' }]))).toBe('chat card')
    const onUser = interaction({ id: '100000000000000009', name: 'profile', type: 2, target_id: U1, resolved: { users: { [U1]: userObject(U1, 'ann') } } })
    expect(route(onUser)).toBe('user ann')
  })

  it('a command without a bound handler is a TypeError naming it, not a silent pass', () => {
    const route = router(commands(ban, config), [handle(ban, () => 'ban')] as never)
    expect(() => route(chat('config', [{ type: 1, name: 'show' }]))).toThrow(/no handler for config show/)
  })

  it('handle returns a frozen pair of the definition and its handlers', () => {
    const h = () => 'x'
    const b = handle(ban, h)
    expect(b).toEqual({ definition: ban, handlers: h })
    expect(Object.isFrozen(b)).toBe(true)
  })
})
