/**
 * A bot that holds (issue 25; DESIGN.md "Receiving interactions"): the automatic
 * deferral of the 3-second rule is invisible to the author, one failure is one
 * `onError` call naming its step, an interaction without `application_id` (the
 * public docs' own example) is answered, and autocomplete answers of the wrong type
 * are refused. Public API v10: the answer is due within 3 seconds, later messages go
 * through the interaction webhook for 15 minutes; after a deferral the service takes
 * no modal. Every answer lands at the emulator.
 */
import { describe, expect, it } from 'vitest'
import { choice, commands, label, MessageFlag, modal, option, slash, textInput } from '../../src/index.js'
import { createHandler, DispatchError, type AutocompleteHandlers, type CommandHandlers } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { APP, delay, until, world } from './helpers.js'

const ping = slash('ping', 'Pong')
const report = slash('report', 'Report something')
const app = commands(ping, report)
/** Longer than the test's deferAfter (30 ms), as a slow handler of 2.5 s is longer than the default. */
const SLOW = 120

const steps = (errors: unknown[]) => errors.map((e) => (e instanceof DispatchError ? e.step : `not a DispatchError: ${String(e)}`))

type World = Awaited<ReturnType<typeof world>>
type Handlers = CommandHandlers<typeof app>

/** The endpoint of `app` at the emulator's REST client, errors into `w.errors`; a handler left out answers 'x'. */
function endpoint(w: World, handlers: Partial<Handlers>, options: { deferAfter?: number; noAutoDefer?: 'ping' | 'report'; rest?: false } = {}) {
  return createHandler({
    publicKey: w.keys.publicKey,
    app,
    ...(options.rest === false ? {} : { rest: w.rest }),
    onError: w.onError,
    ...(options.deferAfter === undefined ? {} : { deferAfter: options.deferAfter }),
    ...(options.noAutoDefer === undefined ? {} : { noAutoDefer: [options.noAutoDefer] }),
    handlers: { ping: handlers.ping ?? (() => 'x'), report: handlers.report ?? (() => 'x') },
  })
}

/** A flag a handler sets when it has run to its end, thrown or not. */
function finished() {
  const state = { done: false }
  return { state, run: async <T>(work: () => Promise<T>): Promise<T> => work().finally(() => void (state.done = true)) }
}

describe('the automatic deferral is invisible (issue 25 item 1)', () => {
  it('a slow ctx.reply becomes the edit of the original: no error, the user sees the message', async () => {
    const w = await world()
    const f = finished()
    const handler = endpoint(
      w,
      {
        ping: (_, ctx) =>
          f.run(async () => {
            await delay(SLOW)
            expect(ctx.deferred).toBe(true)
            await ctx.reply('Pong, late')
            expect([ctx.answered, ctx.deferred]).toEqual([true, false])
          }),
      },
      { deferAfter: 30 },
    )
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 5 })
    await until(() => f.state.done && d.record()?.deferred === false)
    expect(d.record()?.original?.content).toBe('Pong, late')
    expect(d.record()?.transcript.map((e) => e.kind)).toEqual(['callback', 'original.edit'])
    expect(w.errors).toEqual([])
  })

  it("deferAfter counts from the handler's call: work done before its first await counts too", async () => {
    // The timer starts once the handler has returned its promise (a handler that answers
    // at once needs none): it must then run for what is left of deferAfter, not for all of it.
    const w = await world()
    const f = finished()
    const handler = endpoint(
      w,
      {
        ping: () => {
          const end = Date.now() + 80
          while (Date.now() < end) {
            // 80 ms of the handler's own work before it awaits anything.
          }
          return f.run(async () => (await delay(50), 'Pong'))
        },
      },
      { deferAfter: 100 },
    )
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    // Deferred at 100 ms from the call; counted from the await it would have come at 180, after the answer at 130.
    expect(d.answer).toEqual({ type: 5 })
    await until(() => f.state.done && d.record()?.deferred === false)
    expect(d.record()?.original?.content).toBe('Pong')
    expect(w.errors).toEqual([])
  })

  it('a handler that answers at once is answered, with no deferral', async () => {
    const w = await world()
    const d = await w.deliver(endpoint(w, { ping: () => 'Pong' }, { deferAfter: 0 }), fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 4, data: { content: 'Pong' } })
    expect(w.errors).toEqual([])
  })

  it('an ephemeral reply after a public deferral is seen as asked: "thinking..." goes, an ephemeral follow-up comes', async () => {
    const w = await world()
    const f = finished()
    const handler = endpoint(w, { ping: (_, ctx) => f.run(async () => (await delay(SLOW), ctx.reply('only you', { ephemeral: true }))) }, { deferAfter: 30 })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    await until(() => f.state.done)
    const rec = d.record()
    expect(rec?.transcript.map((e) => e.kind)).toEqual(['callback', 'original.delete', 'followup'])
    expect(rec?.original).toBeUndefined()
    // MessageFlag.Ephemeral (64): the follow-up is ephemeral, as the handler asked.
    expect(rec?.followUps.map((m) => [m.content, m.flags & 64])).toEqual([['only you', 64]])
    expect(w.errors).toEqual([])
  })

  it('a follow-up before any answer takes the place of "thinking...", and the returned answer comes as its own message: the user sees both', async () => {
    // Public API v10: the first follow-up after a deferred message (5) takes the place of its loading message.
    // Before, the returned answer then edited that message and the follow-up was lost.
    const w = await world()
    const f = finished()
    const handler = endpoint(w, { ping: (_, ctx) => f.run(async () => (await ctx.followUp('first, as a follow-up'), 'then the answer')) })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 5 })
    await until(() => f.state.done && d.record()?.followUps.length === 1)
    const rec = d.record()
    expect(rec?.transcript.map((e) => e.kind)).toEqual(['callback', 'followup', 'followup'])
    expect(rec?.original?.content).toBe('first, as a follow-up')
    expect(rec?.followUps.map((m) => m.content)).toEqual(['then the answer'])
    expect(w.errors).toEqual([])
  })

  it('an ephemeral follow-up after the public automatic deferral stays ephemeral: "thinking..." goes first', async () => {
    // The service would give the first follow-up the deferral's flags: shown to everyone.
    const w = await world()
    const f = finished()
    const handler = endpoint(
      w,
      { ping: (_, ctx) => f.run(async () => (await delay(SLOW), await ctx.followUp('only you', { ephemeral: true }), 'for everyone')) },
      { deferAfter: 30 },
    )
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 5 })
    await until(() => f.state.done && d.record()?.followUps.length === 2)
    const rec = d.record()
    expect(rec?.transcript.map((e) => e.kind)).toEqual(['callback', 'original.delete', 'followup', 'followup'])
    expect(rec?.followUps.map((m) => [m.content, (m.flags & MessageFlag.Ephemeral) !== 0])).toEqual([
      ['only you', true],
      ['for everyone', false],
    ])
    expect(w.errors).toEqual([])
  })

  it('an HTTP answer ready after the 3 seconds (noAutoDefer, or deferAfter: false) is one onError at callback that says so; 2.9 s is in time', async () => {
    // Public API v10: the service waits 3 seconds for the HTTP answer; the trial's 3.1 s handler was silent on the bot's side.
    const w = await world()
    const took = { ms: 0 }
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      now: () => w.clock.now,
      rest: w.rest,
      onError: w.onError,
      noAutoDefer: ['ping'],
      deferAfter: false,
      handlers: {
        ping: async () => {
          await delay(5)
          w.clock.now += took.ms
          return 'done'
        },
        report: () => 'x',
      },
    })
    took.ms = 2900
    const inTime = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(inTime.answer).toMatchObject({ type: 4, data: { content: 'done' } })
    expect(w.errors).toEqual([])
    took.ms = 3100
    const late = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(late.status).toBe(200)
    expect(steps(w.errors)).toEqual(['callback'])
    const message = (w.errors[0] as DispatchError).message
    expect(message).toMatch(/^the answer could not be sent: the first answer was ready 31\d\d ms after the request came, past the service's 3 seconds: /)
    expect(message).toContain('The application did not respond')
    expect(message).toContain('noAutoDefer')
    expect(message).not.toContain(late.record()?.token ?? 'no token')
  })

  it('after a deferral, defer() does nothing and a second reply is refused', async () => {
    const w = await world()
    let second: unknown
    const handler = endpoint(w, {
      ping: async (_, ctx) => {
        await ctx.defer()
        await ctx.defer()
        await ctx.reply('one')
        second = await ctx.reply('two').catch((e: unknown) => e)
      },
    })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 5 })
    await until(() => second !== undefined)
    expect((second as Error).message).toMatch(/already answered; use followUp or editReply/)
    expect(d.record()?.original?.content).toBe('one')
    expect(w.errors).toEqual([])
  })

  it('showModal after the automatic deferral: one error at the step response naming the deferral and noAutoDefer; the user is told', async () => {
    const w = await world()
    const f = finished()
    const handler = endpoint(
      w,
      { report: (_, ctx) => f.run(async () => (await delay(SLOW), ctx.showModal(modal('report:1', 'Report', label('Why?', textInput('why')))))) },
      { deferAfter: 30 },
    )
    const d = await w.deliver(handler, fakeInteraction(report, {}))
    expect(d.answer).toEqual({ type: 5 })
    await until(() => f.state.done && w.errors.length === 1 && d.record()?.deferred === false)
    const e = w.errors[0] as DispatchError
    expect(e.step).toBe('response')
    expect(e.message).toMatch(/no modal after a deferral/)
    expect(e.message).toMatch(/deferred automatically \(the 3-second rule\)/)
    expect(e.message).toContain('noAutoDefer: ["report"]')
    // The notice replaces "thinking...".
    expect(d.record()?.original?.content).toBe('Something went wrong while handling this.')
    expect(d.record()?.modal).toBeUndefined()
  })

  it('noAutoDefer: a command opted out is never deferred, and may show a modal late', async () => {
    const w = await world()
    const handler = endpoint(
      w,
      { report: async (_, ctx) => (await delay(SLOW), ctx.showModal(modal('report:1', 'Report', label('Why?', textInput('why'))))) },
      { deferAfter: 30, noAutoDefer: 'report' },
    )
    const d = await w.deliver(handler, fakeInteraction(report, {}))
    expect(d.answer.type).toBe(9)
    expect(d.record()?.modal).toMatchObject({ custom_id: 'report:1' })
    expect(w.errors).toEqual([])
  })

  it('a slow autocomplete answers no suggestions in time (it cannot be deferred) and reports the late ones once', async () => {
    const search = slash('search', 'Search').options(option.string('q', 'Query').autocomplete())
    const w = await world()
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app: commands(search),
      onError: w.onError,
      deferAfter: 30,
      handlers: { search: () => 'x' },
      autocomplete: { search: async () => (await delay(SLOW), [choice('late', 'late')]) },
    })
    const a = await w.deliver(handler, fakeInteraction(search, { type: 4, focused: { name: 'q', value: 'l' } }), 4)
    expect(a.answer).toEqual({ type: 8, data: { choices: [] } })
    await until(() => w.errors.length === 1)
    expect(steps(w.errors)).toEqual(['handler'])
    expect((w.errors[0] as Error).message).toMatch(/autocomplete cannot be deferred/)
  })
})

describe('one failure, one onError call naming its step (issue 25 item 2)', () => {
  it('a follow-up the service refuses (the token expired after 15 minutes, 50027) is reported once, at follow-up, and no notice is tried', async () => {
    const w = await world()
    const f = finished()
    const handler = endpoint(w, {
      ping: (_, ctx) =>
        f.run(async () => {
          await ctx.reply('now')
          // Public API v10: the interaction token authorizes the webhook for 15 minutes.
          w.clock.now += 16 * 60_000
          await ctx.followUp('later')
        }),
    })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 4, data: { content: 'now' } })
    await until(() => f.state.done)
    await delay(20)
    expect(steps(w.errors)).toEqual(['follow-up'])
    expect((w.errors[0] as DispatchError).cause).toMatchObject({ status: 401, code: 50027 })
    expect((w.errors[0] as Error).message).not.toContain(d.record()?.token ?? 'no token')
    expect(d.record()?.followUps).toEqual([])
  })

  it('a follow-up refused before it is sent (2001 characters) is reported once, at follow-up; the notice reaches the user', async () => {
    const w = await world()
    const f = finished()
    // Public API v10 (OpenAPI `content.maxLength`): 2000 characters at most.
    const handler = endpoint(w, { ping: (_, ctx) => f.run(async () => (await ctx.reply('now'), ctx.followUp('x'.repeat(2001)))) })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    await until(() => f.state.done && (d.record()?.followUps.length ?? 0) === 1)
    expect(steps(w.errors)).toEqual(['follow-up'])
    expect(((w.errors[0] as DispatchError).cause as { issues: { code: string; path: unknown[] }[] }).issues.map((i) => [i.code, i.path])).toEqual([['string.length', ['content']]])
    expect(d.record()?.followUps.map((m) => [m.content, m.flags & 64])).toEqual([['Something went wrong while handling this.', 64]])
  })

  it('onError that throws does not change the answer, and is called once', async () => {
    const w = await world()
    let calls = 0
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      onError: () => {
        calls++
        throw new Error('onError broke')
      },
      handlers: {
        ping: () => {
          throw new Error('handler broke')
        },
        report: () => 'x',
      },
    })
    const d = await w.deliver(handler, fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 4, data: { content: 'Something went wrong while handling this.', flags: 64 } })
    expect(calls).toBe(1)
  })

  it('a handler that returns nothing and sends nothing is one error at the step handler', async () => {
    const w = await world()
    const d = await w.deliver(endpoint(w, { ping: () => undefined }), fakeInteraction(ping, {}))
    expect(d.answer.data.flags).toBe(64)
    expect(steps(w.errors)).toEqual(['handler'])
    expect((w.errors[0] as Error).message).toMatch(/returned no answer and sent none/)
  })

  it('so is a slow one: the automatic deferral is not its answer, and the notice replaces "thinking..."', async () => {
    // Before: nothing told, and "thinking..." until the token ran out, where the same handler in time is this error.
    const w = await world()
    const f = finished()
    const d = await w.deliver(endpoint(w, { ping: () => f.run(() => delay(SLOW).then(() => undefined)) }, { deferAfter: 30 }), fakeInteraction(ping, {}))
    expect(d.answer).toEqual({ type: 5 })
    await until(() => f.state.done && d.record()?.deferred === false)
    expect(steps(w.errors)).toEqual(['handler'])
    expect((w.errors[0] as Error).message).toMatch(/returned no answer and sent none \(deferred for it at deferAfter, 30 ms\)/)
    expect(d.record()?.original?.content).toBe('Something went wrong while handling this.')
  })

  it('a slow handler that sent through its context and returned nothing, an edit not awaited among them, is not told', async () => {
    const w = await world()
    const f = finished()
    // Past deferAfter, then `work`.
    const late = (work: () => unknown): Promise<void> =>
      f.run(async () => {
        await delay(SLOW)
        await work()
      })
    const handler = endpoint(w, { ping: (_, ctx) => late(() => void ctx.editReply('Pong, late')), report: (_, ctx) => late(() => ctx.followUp('Reported')) }, { deferAfter: 30 })
    const edited = await w.deliver(handler, fakeInteraction(ping, {}))
    await until(() => f.state.done && edited.record()?.original?.content === 'Pong, late')
    const followed = await w.deliver(handler, fakeInteraction(report, {}))
    await until(() => followed.record()?.transcript.some((e) => e.kind === 'followup') === true)
    await delay(50)
    expect(w.errors).toEqual([])
  })
})

describe('an interaction without application_id (issue 25 item 4)', () => {
  /** The public docs' example of a slash command interaction: `id`, `token`, no `application_id`. */
  const withoutApp = (input: object) => {
    const body = { ...input } as Record<string, unknown>
    delete body.application_id
    return body
  }

  it('is answered; follow-ups take the application id from the REST client', async () => {
    const w = await world()
    const f = finished()
    const handler = endpoint(w, {
      ping: (_, ctx) =>
        f.run(async () => {
          expect(ctx.applicationId).toBeUndefined()
          await ctx.reply('first')
          await ctx.followUp('second')
        }),
    })
    const opened = w.emulator.interactions.open(APP)
    const res = await handler((await w.keys.request(withoutApp({ ...fakeInteraction(ping, {}), id: opened.id, token: opened.token }))) as Request)
    expect(res.status).toBe(200)
    const answer = await res.json()
    expect(answer).toEqual({ type: 4, data: { content: 'first' } })
    w.emulator.interactions.respond(opened.id, answer)
    await until(() => f.state.done)
    expect(w.emulator.interactions.get(opened.id)?.followUps.map((m) => m.content)).toEqual(['second'])
    expect(w.errors).toEqual([])
  })

  it('without a REST client either: answered, and the follow-up fails with a sentence at the step follow-up', async () => {
    const w = await world()
    const f = finished()
    const handler = endpoint(w, { ping: (_, ctx) => f.run(async () => (await ctx.reply('first'), ctx.followUp('second'))) }, { rest: false })
    const res = await handler((await w.keys.request(withoutApp(fakeInteraction(ping, {})))) as Request)
    expect([res.status, await res.json()]).toEqual([200, { type: 4, data: { content: 'first' } }])
    await until(() => f.state.done && w.errors.length > 0)
    await delay(20)
    expect(steps(w.errors)).toEqual(['follow-up'])
    expect((w.errors[0] as Error).message).toMatch(/carries no application_id and no REST client was given/)
  })
})

describe('autocomplete answers of the focused option type (issue 25 item 5)', () => {
  const search = slash('search', 'Search').options(option.string('q', 'Query').autocomplete(), option.integer('n', 'How many').autocomplete())
  const searchApp = commands(search)
  type Answer = NonNullable<AutocompleteHandlers<typeof searchApp>['search']>

  /** Asks for suggestions of `focused` at an endpoint answering with `answer`: the answer, and the codes and paths of what onError got. */
  async function suggest(answer: Answer, focused: 'q' | 'n') {
    const w = await world()
    const handler = createHandler({ publicKey: w.keys.publicKey, app: searchApp, onError: w.onError, handlers: { search: () => 'x' }, autocomplete: { search: answer } })
    const a = await w.deliver(handler, fakeInteraction(search, { type: 4, focused: { name: focused, value: '1' } }), 4)
    const issues = w.errors.map((e) => ((e as DispatchError).cause as { issues?: { code: string; path: unknown[] }[] }).issues?.map((i) => [i.code, i.path]))
    return { answer: a.answer, steps: steps(w.errors), issues }
  }

  it('a number choice for a STRING option is refused at the step response; the user gets no suggestions', async () => {
    // The types refuse this (test-d/http.test-d.ts); a JavaScript caller is checked at run time.
    const r = await suggest(() => [{ name: 'Ten', value: 10 }] as never, 'q')
    expect(r.answer).toEqual({ type: 8, data: { choices: [] } })
    expect(r.steps).toEqual(['response'])
    // "Option choice": a choice's value has its option's type (public API v10: STRING values are strings).
    expect(r.issues).toEqual([[['value.type', ['data', 'choices', 0, 'value']]]])
  })

  it('string choices for an INTEGER option are refused too, plain or as the whole callback body; right ones pass', async () => {
    const body = await suggest(() => ({ type: 8, data: { choices: [{ name: 'Ten', value: '10' }] } }) as never, 'n')
    expect([body.answer, body.steps, body.issues]).toEqual([{ type: 8, data: { choices: [] } }, ['response'], [[['value.type', ['data', 'choices', 0, 'value']]]]])
    const plain = await suggest(() => [choice('Ten', 'ten')] as never, 'n')
    expect([plain.steps, plain.issues]).toEqual([['response'], [[['value.type', ['data', 'choices', 0, 'value']]]]])
    const right = await suggest(({ focused }) => (focused.name === 'q' ? [choice('ok', 'ok')] : [choice('Ten', 10)]), 'n')
    expect([right.answer, right.steps]).toEqual([{ type: 8, data: { choices: [{ name: 'Ten', value: 10 }] } }, []])
  })
})
