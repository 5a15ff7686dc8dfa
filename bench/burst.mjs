#!/usr/bin/env node
/**
 * A burst: N interactions at once, a third of them slow (3.5 s, past the service's
 * 3 seconds), from the emulator in this process to a bot served in a process of its
 * own (bench/burst-bot.mjs), over real HTTP on loopback. Each is signed and sent as
 * the service does, and counted answered only when its first answer (the reply, or the
 * automatic deferral) came within 3 seconds of its sending. The figure is how many
 * were not: the time a request waits before its handler runs (the accept, the body,
 * the verification behind the others) is spent from those 3 seconds, and the
 * deferral must count it. No timing is asserted anywhere: this is a measurement.
 *
 *   node bench/burst.mjs [--n=200] [--runs=3] [--against=DIR]   (after `npm run build`;
 *   DIR another checkout with its dist/ built: its bot alternates with this one's)
 */
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { commands, option, slash } from '../dist/index.js'
import { startEmulator } from '../dist/emulator.js'
import { createClient } from '../dist/rest.js'

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const APP = '100000000000000001'
const TOKEN = 'burst-token'
const here = fileURLToPath(new URL('.', import.meta.url))

/** One burst against the bot of `dir`: the count of each outcome, and the bot's onError count. */
export async function burst(dir, n) {
  const running = await startEmulator({ port: 0, applications: [{ id: APP, botToken: TOKEN }] })
  try {
    const app = commands(slash('echo', 'Echo').options(option.string('text', 'Text').required()))
    await createClient({ token: `Bot ${TOKEN}`, applicationId: APP, baseUrl: running.url }).deploy(app)
    const bot = fork(`${here}burst-bot.mjs`, [dir, await running.emulator.publicKey(APP), running.url, APP, TOKEN], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
    const endpoint = await new Promise((resolve, reject) => {
      bot.stdout.once('data', (line) => resolve(JSON.parse(String(line)).url))
      bot.once('exit', (code) => reject(new Error(`the bot exited (${code})`)))
    })
    const place = { guild: { id: '400000000000000004' }, channel: { id: '500000000000000005' } }
    const outcomes = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const r = await running.emulator.invoke({
          applicationId: APP,
          endpoint,
          user: { id: '300000000000000003', username: 'burst' },
          place,
          command: `/echo text:${i % 3 === 0 ? 'slow' : 'fast'}${i}`,
        })
        return r.outcome === 'answered' ? 'answered' : r.code
      }),
    )
    const counts = {}
    for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1
    bot.send('done')
    const { errors } = await new Promise((resolve) => bot.once('message', resolve))
    return { counts, errors }
  } finally {
    await running.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(arg('n', 200))
  const runs = Number(arg('runs', 3))
  const against = arg('against', undefined)
  const builds =
    against === undefined
      ? [['this build', fileURLToPath(new URL('..', import.meta.url))]]
      : [
          ['this build', fileURLToPath(new URL('..', import.meta.url))],
          [against, against],
        ]
  console.log(`${n} interactions at once, a third slow (3.5 s), ${runs} runs${against === undefined ? '' : ', the builds alternating'}:`)
  for (let run = 1; run <= runs; run++)
    for (const [name, dir] of builds) {
      const { counts, errors } = await burst(dir, n)
      const late = n - (counts.answered ?? 0)
      console.log(`  run ${run}, ${name}: ${counts.answered ?? 0} answered in time, ${late} not (${JSON.stringify(counts)}), the bot's onError ${errors}`)
    }
}
