#!/usr/bin/env node
/**
 * Memory under long traffic: a bot (createHandler, the REST client at the emulator)
 * and the in-process emulator, one process, N signed interactions in a row, each
 * answered with a reply, a follow-up and an edit of the follow-up (the interaction
 * webhook, public API v10). The heap is measured after a full GC at checkpoints; the
 * figure is the heap after the last checkpoint against the one after the first,
 * and what each interaction between them kept (bytes). The emulator keeps its last
 * 10,000 interactions with their messages (docs/emulator.md), so the first
 * checkpoint comes after it is full. No timing is asserted anywhere: this is a
 * measurement.
 *
 *   node --expose-gc bench/soak.mjs          12,000 then 36,000 interactions
 *   --n=N (the first checkpoint, default 12000)  --times=K (the last is N*K, default 3)
 */
import { commands, option, slash } from '../dist/index.js'
import { createEmulator } from '../dist/emulator.js'
import { createHandler } from '../dist/http.js'
import { createClient } from '../dist/rest.js'
import { fakeInteraction, generateTestKeys } from '../dist/testing.js'

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc bench/soak.mjs')
  process.exit(2)
}

export async function soak(n = 12_000, times = 3) {
  const APP = '100000000000000001'
  const emulator = createEmulator({ rateLimits: { global: false, dailyCreates: false } })
  const rest = createClient({ token: 'Bot soak', applicationId: APP, baseUrl: emulator.baseUrl, fetch: emulator.fetch })
  const keys = await generateTestKeys()
  const roll = slash('roll', 'Roll a die').options(option.integer('sides', 'Sides').min(2).max(100).required())
  const app = commands(roll)
  const errors = []
  const handler = createHandler({
    publicKey: keys.publicKey,
    app,
    rest,
    onError: (e) => errors.push(e),
    handlers: {
      roll: async ({ options }, ctx) => {
        await ctx.reply(`Rolling d${options.sides}`)
        const sent = await ctx.followUp('...')
        await ctx.editFollowUp(sent.id, `${1 + (Number(ctx.id.slice(-6)) % options.sides)}`)
      },
    },
  })
  const one = async (k) => {
    const opened = emulator.interactions.open(APP, { type: 2 })
    const body = { ...fakeInteraction(roll, { options: { sides: 2 + (k % 90) } }), id: opened.id, token: opened.token, application_id: APP }
    const res = await handler(await keys.request(body))
    emulator.interactions.respond(opened.id, await res.json())
  }
  const heap = () => {
    globalThis.gc()
    globalThis.gc()
    return process.memoryUsage().heapUsed
  }
  const points = []
  let done = 0
  for (const target of [n, n * times]) {
    // A few at a time, as concurrent requests come.
    while (done < target) {
      const batch = Math.min(20, target - done)
      await Promise.all(Array.from({ length: batch }, (_, i) => one(done + i)))
      done += batch
    }
    // Late work (the follow-ups) settles before the heap is read.
    await new Promise((r) => setTimeout(r, 50))
    points.push({ interactions: done, heap: heap() })
  }
  const [first, last] = points
  if (errors.length > 0) console.error(String(errors[0]), errors[0].cause)
  return { points, ratio: last.heap / first.heap, perInteraction: (last.heap - first.heap) / (last.interactions - first.interactions), errors: errors.length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await soak(arg('n', 12_000), arg('times', 3))
  for (const p of r.points) console.log(`after ${p.interactions} interactions: heap ${(p.heap / 1048576).toFixed(1)} MiB`)
  console.log(`heap ratio last/first ${r.ratio.toFixed(3)}; ${r.perInteraction.toFixed(1)} B kept per interaction between them; ${r.errors} onError calls`)
}
