/**
 * The context's `answered` and `deferred` (DESIGN.md "Receiving interactions": the
 * deferral invisible to the author; public API v10: callback 5 defers, the edit of
 * the original answers it). They are data properties the session keeps equal to its
 * state, not getters: a getter in the context's literal gave every context a hidden
 * class of its own, which the scavenges paid for (docs/internals.md, ledger;
 * `node bench/context-gc.mjs`). Every context has the same own keys in the same
 * order, and the values follow each answer, at the emulator.
 */
import { describe, expect, it } from 'vitest'
import { commands, slash } from '../../src/index.js'
import { createHandler, type Context } from '../../src/http/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import { until, world } from './helpers.js'

const later = slash('later', 'Defer, then edit')
const now = slash('now', 'Reply, then follow up')
const app = commands(later, now)

describe("the context's answered and deferred", () => {
  it('are own data properties, in the same place in every context, and follow defer, edit, reply and follow-up', async () => {
    const w = await world()
    const states: [string, boolean, boolean][] = []
    const contexts: Context[] = []
    const note = (step: string, ctx: Context) => states.push([step, ctx.answered, ctx.deferred])
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      rest: w.rest,
      onError: w.onError,
      handlers: {
        later: async (_, ctx) => {
          contexts.push(ctx)
          note('later: before', ctx)
          await ctx.defer()
          note('later: deferred', ctx)
          await ctx.editReply('done')
          note('later: edited', ctx)
        },
        now: async (_, ctx) => {
          contexts.push(ctx)
          note('now: before', ctx)
          await ctx.reply('at once')
          note('now: replied', ctx)
          await ctx.followUp('and more')
          note('now: followed up', ctx)
        },
      },
    })
    const a = await w.deliver(handler, fakeInteraction(later, {}))
    const b = await w.deliver(handler, fakeInteraction(now, {}))
    await until(() => states.length === 6)
    // The two interactions run side by side: each one's steps in its own order.
    expect(states.filter(([step]) => step.startsWith('later'))).toEqual([
      ['later: before', false, false],
      ['later: deferred', true, true],
      ['later: edited', true, false],
    ])
    expect(states.filter(([step]) => step.startsWith('now'))).toEqual([
      ['now: before', false, false],
      ['now: replied', true, false],
      ['now: followed up', true, false],
    ])
    expect(a.record()?.original?.content).toBe('done')
    expect(b.record()?.followUps.map((m) => m.content)).toEqual(['and more'])
    const [first, second] = contexts as [Context, Context]
    for (const key of ['answered', 'deferred'] as const) {
      const d = Object.getOwnPropertyDescriptor(first, key)
      expect(d && 'value' in d && d.get === undefined).toBe(true)
    }
    expect(Object.keys(first)).toEqual(Object.keys(second))
    expect(w.errors).toEqual([])
  })

  it('a handler that writes them (plain JavaScript) changes nothing the session decides', async () => {
    const w = await world()
    const refused: unknown[] = []
    const handler = createHandler({
      publicKey: w.keys.publicKey,
      app,
      rest: w.rest,
      onError: w.onError,
      handlers: {
        now: async (_, ctx) => {
          await ctx.reply('once')
          ;(ctx as { answered: boolean }).answered = false
          await ctx.reply('twice').catch((e: unknown) => refused.push(e))
        },
        later: () => 'x',
      },
    })
    const d = await w.deliver(handler, fakeInteraction(now, {}))
    await until(() => refused.length === 1)
    expect(String(refused[0])).toContain('already answered')
    expect(d.record()?.original?.content).toBe('once')
  })
})
