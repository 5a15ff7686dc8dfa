/**
 * createHandler end to end (public API v10 transport; DESIGN.md "Receiving
 * interactions"): signed requests from a generated key pair into the handler, the
 * answers and follow-ups landing at the emulator.
 */
import { describe, expect, it } from 'vitest'
import { choice, commands, InteractionError, label, message, modal, option, reply, slash, textInput, user } from '../../src/index.js'
import { createHandler, DispatchError, handle } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { delay, until, world } from './helpers.js'

const ping = slash('ping', 'Pong')
const ban = slash('ban', 'Ban a member').options(option.user('target', 'Who').required(), option.string('reason', 'Why').autocomplete())
const config = slash('config', 'Settings')
  .subcommand('show', 'Show')
  .subcommand('set', 'Change', (s) => s.options(option.string('key', 'Key').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang'))))
const app = commands(ping, ban, config, user('Profile'), message('Report'))

describe('createHandler: commands, context, answers', () => {
  it('routes a command to its handler with typed values and the context; a string is a message', async () => {
    const w = await world()
    const seen: unknown[] = []
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      rest: w.rest,
      onError: w.onError,
      handlers: {
        ping: (_, ctx) => `Pong, ${ctx.user.username} (${ctx.locale})`,
        ban: ({ options }, ctx) => {
          seen.push([options.target.user.id, options.reason, ctx.guildId, ctx.memberPermissions, ctx.appPermissions, ctx.member?.user.id])
          return reply(`Banned ${options.target.user.username}`, { ephemeral: true })
        },
        config: { show: () => 'settings', set: ({ options }) => `${options.key} changed` },
        Profile: ({ target }) => target.user.username,
        Report: ({ target }) => `Reported ${target.id}`,
      },
    })
    const p = await w.deliver(handler, { ...fakeInteraction(ping, { locale: 'de', user: { username: 'ana' } }) })
    expect(p.status).toBe(200)
    expect(p.answer).toEqual({ type: 4, data: { content: 'Pong, ana (de)' } })
    const payload = fakeInteraction(ban, {
      options: { target: { user: { id: '300000000000000003', username: 'bob' } }, reason: 'spam' },
      guildId: '200000000000000002',
    }) as unknown as Record<string, unknown>
    payload.app_permissions = '8'
    ;(payload.member as { permissions: string }).permissions = '4'
    const b = await w.deliver(handler, payload)
    expect(b.answer).toEqual({ type: 4, data: { content: 'Banned bob', flags: 64 } })
    expect(seen).toEqual([['300000000000000003', 'spam', '200000000000000002', '4', '8', (payload.member as { user: { id: string } }).user.id]])
    expect((await w.deliver(handler, fakeInteraction(config, { subcommand: 'set', options: { key: 'lang' } }))).answer.data.content).toBe('lang changed')
    expect(b.record()?.original?.content).toBe('Banned bob')
    expect(w.errors).toEqual([])
  })

  it('answers PING with PONG and never calls a handler', async () => {
    const w = await world()
    let called = 0
    const handler = createHandler({ publicKey: w.keys.publicKey, app: commands(ping), handlers: { ping: () => String(++called) } })
    const res = await handler((await w.keys.request({ id: '1', token: 't', application_id: '1', type: 1, version: 1 })) as Request)
    expect([res.status, await res.json()]).toEqual([200, { type: 1 }])
    expect(called).toBe(0)
  })

  it('a payload that does not fit (unknown command, a value outside the choices) gets an ephemeral message and onError, never a 5xx', async () => {
    const w = await world()
    let called = 0
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      onError: w.onError,
      handlers: { ping: () => String(++called), ban: () => 'x', config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x', Report: () => 'x' },
    })
    const unknown = { ...fakeInteraction(ping, {}), data: { id: '1', name: 'gone', type: 1 } }
    const a = await w.deliver(handler, unknown)
    expect(a.status).toBe(200)
    expect(a.answer.type).toBe(4)
    expect(a.answer.data.flags).toBe(64)
    const bad = fakeInteraction(config, { subcommand: 'set', options: { key: 'lang' } }) as unknown as { data: { options: { options: { value: string }[] }[] } }
    bad.data.options[0]!.options[0]!.value = 'nope'
    expect((await w.deliver(handler, bad as never)).answer.data.flags).toBe(64)
    expect(called).toBe(0)
    // One call per failure, at the step 'payload', the parse's issues in the cause.
    expect(w.errors).toHaveLength(2)
    expect(w.errors.every((e) => e instanceof DispatchError && e.step === 'payload' && e.cause instanceof InteractionError)).toBe(true)
    const issues = (w.errors as DispatchError[]).map((e) => (e.cause as InteractionError).issues.map((i) => [i.code, i.path]))
    expect(issues[1]).toEqual([['interaction.choice', ['data', 'options', 0, 'options', 0, 'value']]])
  })

  it('a command with no handler (a JavaScript caller, `as any`) tells the user it is not handled yet, not that it is stale; onError keeps the reason', async () => {
    const w = await world()
    // A JavaScript app: `ban` and `config set` have no handler (the types refuse this; a cast gets past them).
    const handlers = { ping: () => 'pong', config: { show: () => 'x' }, Profile: () => 'x', Report: () => 'x' } as never
    const handler = createHandler({ publicKey: w.keys.publicKey, app, onError: w.onError, handlers })
    const missing = await w.deliver(handler, fakeInteraction(ban, { options: { target: { user: { id: '500000000000000001' } } } } as never))
    expect(missing.status).toBe(200)
    expect(missing.answer).toEqual({ type: 4, data: { content: 'This command is not handled by this app yet.', flags: 64 } })
    const sub = await w.deliver(handler, fakeInteraction(config, { subcommand: 'set', options: { key: 'lang' } }))
    expect(sub.answer.data.content).toBe('This command is not handled by this app yet.')
    // A payload that does not fit the definition (the client's command is older) still reads as stale.
    const gone = await w.deliver(handler, { ...fakeInteraction(ping, {}), data: { id: '1', name: 'gone', type: 1 } })
    expect(gone.answer.data.content).toBe('This command does not match the app any more. Try again in a moment.')
    // The operator's onError: one call each, step 'payload', the precise reason.
    expect((w.errors as DispatchError[]).map((e) => [e.step, e.cause instanceof InteractionError ? 'interaction' : (e.cause as Error).message])).toEqual([
      ['payload', 'no handler for ban'],
      ['payload', 'no handler for config set'],
      ['payload', 'interaction'],
    ])
  })

  it('messages.unhandled replaces the notice of a command with no handler, in the interaction locale; messages.misfit stays for a stale one', async () => {
    const w = await world()
    const messages = { unhandled: { default: 'Not yet', localizations: { fr: 'Pas encore' } }, misfit: 'Old' }
    const handler = createHandler({ publicKey: w.keys.publicKey, app: commands(ping, ban), onError: w.onError, messages, handlers: { ping: () => 'pong' } as never })
    const input = fakeInteraction(ban, { locale: 'fr', options: { target: { user: { id: '500000000000000001' } } } } as never)
    expect((await w.deliver(handler, input)).answer.data.content).toBe('Pas encore')
    expect((await w.deliver(handler, { ...fakeInteraction(ping, {}), data: { id: '1', name: 'gone', type: 1 } })).answer.data.content).toBe('Old')
    expect(w.errors).toHaveLength(2)
  })

  it('a handler that throws (sync or async) gets an ephemeral message and onError; the handler keeps serving', async () => {
    const w = await world()
    let n = 0
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app: commands(ping),
      onError: w.onError,
      messages: { error: 'Oops' },
      handlers: {
        ping: async () => {
          n++
          if (n === 1) throw new Error('sync-ish')
          if (n === 2) return Promise.reject(new Error('async'))
          return 'fine'
        },
      },
    })
    for (let i = 0; i < 2; i++) expect((await w.deliver(handler, fakeInteraction(ping, {}))).answer).toEqual({ type: 4, data: { content: 'Oops', flags: 64 } })
    expect((await w.deliver(handler, fakeInteraction(ping, {}))).answer).toEqual({ type: 4, data: { content: 'fine' } })
    expect(w.errors.map((e) => [(e as DispatchError).step, ((e as DispatchError).cause as Error).message])).toEqual([
      ['handler', 'sync-ish'],
      ['handler', 'async'],
    ])
    expect((w.errors[0] as Error).message).toBe('the handler failed: sync-ish')
  })

  it('an answer the service would refuse (empty, 2001 characters) is an error message instead, and onError', async () => {
    const w = await world()
    const handler = createHandler({ publicKey: w.keys.publicKey, app: commands(ping), onError: w.onError, handlers: { ping: () => 'x'.repeat(2001) } })
    expect((await w.deliver(handler, fakeInteraction(ping, {}))).answer.data.flags).toBe(64)
    // Refused before it was sent (public API v10, OpenAPI `content.maxLength` 2000): the step 'response'.
    expect(w.errors).toHaveLength(1)
    const e = w.errors[0] as DispatchError
    expect(e.step).toBe('response')
    expect((e.cause as { issues: { code: string; path: unknown[] }[] }).issues.map((i) => [i.code, i.path])).toEqual([['string.length', ['data', 'content']]])
  })

  it('the 3-second rule: a slow handler is deferred and its result arrives as the edit of the original at the emulator', async () => {
    const w = await world()
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app: commands(ping),
      rest: w.rest,
      onError: w.onError,
      deferAfter: 30,
      handlers: {
        ping: async () => {
          await delay(120)
          return reply('late answer')
        },
      },
    })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 5 })
    expect(d.record()?.deferred).toBe(true)
    await until(() => d.record()?.deferred === false)
    const rec = d.record()
    expect(rec?.original?.content).toBe('late answer')
    expect(rec?.transcript.map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    expect(w.errors).toEqual([])
  })

  it('defers, then follows up twice from the handler through the context; editReply and deleteReply reach the emulator', async () => {
    const w = await world()
    let done = false
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app: commands(ping),
      rest: w.rest,
      onError: w.onError,
      handlers: {
        ping: async (_, ctx) => {
          await ctx.defer({ ephemeral: true })
          await ctx.editReply('working...')
          const f = await ctx.followUp('one')
          await ctx.followUp('two', { ephemeral: true })
          await ctx.editFollowUp(f.id, 'uno')
          done = true
        },
      },
    })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 5, data: { flags: 64 } })
    await until(() => done)
    const rec = d.record()
    expect(rec?.original).toMatchObject({ content: 'working...', flags: 64 })
    expect(rec?.followUps.map((m) => [m.content, m.flags])).toEqual([
      ['uno', 0],
      ['two', 64],
    ])
    expect(rec?.transcript.map((e) => e.kind)).toEqual(['callback', 'original.edit', 'followup', 'followup', 'followup.edit'])
    expect(w.errors).toEqual([])
  })

  it('autocomplete goes to the autocomplete map with the parseAutocomplete result; none is no suggestions', async () => {
    const w = await world()
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      handlers: { ping: () => 'x', ban: () => 'x', config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x', Report: () => 'x' },
      autocomplete: { ban: ({ focused }) => [choice(`${focused.value}!`, `${focused.value}-1`), { name: 'Other', value: 'other' }] },
    })
    const a = await w.deliver(handler, fakeInteraction(ban, { type: 4, focused: { name: 'reason', value: 'sp' } }), 4)
    expect(a.answer).toEqual({
      type: 8,
      data: {
        choices: [
          { name: 'sp!', value: 'sp-1' },
          { name: 'Other', value: 'other' },
        ],
      },
    })
    expect(a.record()?.choices).toHaveLength(2)
    const none = createHandler({
      publicKey: w.keys.publicKey,
      app,
      handlers: { ping: () => 'x', ban: () => 'x', config: { show: () => 'x', set: () => 'x' }, Profile: () => 'x', Report: () => 'x' },
    })
    expect((await w.deliver(none, fakeInteraction(ban, { type: 4, focused: { name: 'reason', value: 'sp' } }), 4)).answer).toEqual({ type: 8, data: { choices: [] } })
  })

  // DESIGN.md: autocomplete maps command names and subcommand paths; a trial bot nested them as `handlers`
  // nest, and got no suggestions in silence. Nested maps, a group's own function and path keys, most specific first.
  it('autocomplete handlers nested as the command handlers nest: by subcommand, by group, beside path keys', async () => {
    const w = await world()
    const gallery = slash('gallery', 'Gallery')
      .subcommand('post', 'Post', (s) => s.options(option.string('title', 'Title').autocomplete()))
      .subcommand('find', 'Find', (s) => s.options(option.string('q', 'Query').autocomplete()))
      .group('admin', 'Admin', (g) =>
        g
          .subcommand('purge', 'Purge', (s) => s.options(option.string('who', 'Who').autocomplete()))
          .subcommand('ban', 'Ban', (s) => s.options(option.string('who', 'Who').autocomplete())),
      )
    const handlers = { gallery: { post: () => 'x', find: () => 'x', admin: { purge: () => 'x', ban: () => 'x' } } }
    const said = (hit: { subcommand: string; focused: { value: string } }, by: string) => [{ name: `${by} ${hit.subcommand}`, value: hit.focused.value }]
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app: commands(gallery),
      onError: w.onError,
      handlers,
      autocomplete: {
        gallery: { post: (hit) => said(hit, 'nested'), admin: { purge: (hit) => said(hit, 'group nested') } },
        'gallery find': (hit) => said(hit, 'path'),
      },
    })
    const asked = async (subcommand: string, group?: string) =>
      (
        await w.deliver(
          handler,
          fakeInteraction(gallery, { type: 4, subcommand, group, focused: { name: subcommand === 'post' ? 'title' : subcommand === 'find' ? 'q' : 'who', value: 'v' } } as never),
          4,
        )
      ).answer
    expect(await asked('post')).toEqual({ type: 8, data: { choices: [{ name: 'nested post', value: 'v' }] } })
    expect(await asked('find')).toEqual({ type: 8, data: { choices: [{ name: 'path find', value: 'v' }] } })
    expect(await asked('purge', 'admin')).toEqual({ type: 8, data: { choices: [{ name: 'group nested purge', value: 'v' }] } })
    // A subcommand with no handler at any level: no suggestions, as before.
    expect(await asked('ban', 'admin')).toEqual({ type: 8, data: { choices: [] } })
    // A group's own function serves each of its subcommands; a path key is more specific than it.
    const byGroup = createHandler({
      publicKey: w.keys.publicKey,
      app: commands(gallery),
      handlers,
      autocomplete: { gallery: { admin: (hit) => said(hit, 'group') }, 'gallery admin ban': (hit) => said(hit, 'path') },
    })
    const group = async (subcommand: string) =>
      (await w.deliver(byGroup, fakeInteraction(gallery, { type: 4, group: 'admin', subcommand, focused: { name: 'who', value: 'v' } } as never), 4)).answer
    expect(await group('purge')).toEqual({ type: 8, data: { choices: [{ name: 'group purge', value: 'v' }] } })
    expect(await group('ban')).toEqual({ type: 8, data: { choices: [{ name: 'path ban', value: 'v' }] } })
    expect(w.errors).toEqual([])
  })

  it('a handler may return a modal as made (callback 9); a plain modal(...) needs no toJSON', async () => {
    const w = await world()
    const form = modal('feedback', 'Feedback', label('Why?', textInput('why', { style: 'paragraph' })))
    const handler = createHandler({ publicKey: w.keys.publicKey, app: commands(ping), onError: w.onError, handlers: { ping: () => form } })
    const shown = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(shown.answer).toEqual({
      type: 9,
      data: { custom_id: 'feedback', title: 'Feedback', components: [{ type: 18, label: 'Why?', component: { type: 4, custom_id: 'why', style: 2 } }] },
    })
    expect(shown.record()?.modal).toEqual(shown.answer.data)
    expect(w.errors).toEqual([])
  })
})

describe('createHandler: handlers bound with handle(...)', () => {
  it('routes to each bound command with its values and the context, as the map does', async () => {
    const w = await world()
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      rest: w.rest,
      onError: w.onError,
      handlers: [
        handle(ping, (_, ctx) => `Pong, ${ctx.user.username}`),
        handle(ban, ({ options }) => `Banned ${options.target.user.username}`),
        handle(config, { show: () => 'settings', set: ({ options }, ctx) => `${options.key} changed in ${ctx.locale}` }),
        handle(user('Profile'), ({ target }) => target.user.username),
        handle(message('Report'), ({ target }) => `Reported ${target.id}`),
      ],
    })
    expect((await w.deliver(handler, fakeInteraction(ping, { user: { username: 'ana' } }))).answer).toEqual({ type: 4, data: { content: 'Pong, ana' } })
    const set = await w.deliver(handler, fakeInteraction(config, { subcommand: 'set', options: { key: 'lang' }, locale: 'fr' }))
    expect(set.answer).toEqual({ type: 4, data: { content: 'lang changed in fr' } })
    expect(set.record()?.original?.content).toBe('lang changed in fr')
    expect(w.errors).toEqual([])
  })
})
