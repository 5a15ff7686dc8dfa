/**
 * Messages benchmark (issue "Messages and components, typed end to end"): a reply
 * with 3 embeds and 5 action rows of 5 buttons, built with slashkit's factories,
 * checked by `validateInteractionResponse` and serialized, against the same
 * message written as an object literal and serialized (what an app that checks
 * nothing does). Target: at most 1.5x. A second row does the same with every
 * button's custom_id made by a typed route (`vote.button(...)`), for scale.
 *
 *   node bench/messages.mjs                     (after npm run build)
 *   node bench/messages.mjs --phases            each step alone, CPU time
 *   node bench/messages.mjs --against=REV       an A/B of src/ at REV and the working tree
 *   node bench/messages.mjs --against=REV --control
 */
import { isDeepStrictEqual } from 'node:util'
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as dist from '../dist/index.js'
import { compare } from './harness.mjs'

/** The fixed text of the message: realistic lengths (a description of 300 characters, 4 fields an embed). */
const TEXT = 'A poll is open until noon. Pick one answer below; you can change it until the poll closes. '.repeat(3).slice(0, 300)
const CHOICES = ['pizza', 'sushi', 'salad', 'tacos', 'curry']
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri']

/**
 * The row's work on a build of the library (`lib`: the root entry's exports):
 * `built` (the message made by the factories, checked, serialized), `literal`
 * (the same as an object literal, serialized), `routed` (custom_ids from a typed
 * route) and `parts` (each step of `built` alone, for `--phases`).
 *
 * @example
 * const { built, literal } = messageWork(await import('../dist/index.js'))
 */
export function messageWork(lib) {
  const { actionRow, button, embed, messageBody, param, route, validateInteractionResponse } = lib

  /** The 3 embeds, made with `embed`. */
  const embeds = () =>
    [0, 1, 2].map((i) =>
      embed({
        title: `Poll ${i + 1}`,
        description: TEXT,
        color: 0x5865f2,
        footer: 'Closes at noon',
        timestamp: '2025-01-31T12:00:00.000Z',
        fields: [
          ['Votes', String(10 + i), true],
          ['Leading', CHOICES[i], true],
          ['Open', 'yes', true],
          ['Anonymous', 'no', true],
        ],
      }),
    )

  /** A message of these 5 rows of buttons, checked before it is sent, as the service gets it. */
  const send = (rows) => {
    const body = messageBody({ content: 'Lunch this week?', embeds: embeds(), components: rows })
    const r = validateInteractionResponse({ type: 4, data: body })
    if (!r.ok) throw new Error('bench: the built message does not validate')
    return JSON.stringify(r.value)
  }

  const rows = () => DAYS.map((day) => actionRow(...CHOICES.map((c) => button(`${day}:${c}`, c, { style: c === 'pizza' ? 'success' : 'secondary' }))))

  /** The same message as an object literal. */
  const literalObject = () => ({
    type: 4,
    data: {
      content: 'Lunch this week?',
      embeds: [0, 1, 2].map((i) => ({
        title: `Poll ${i + 1}`,
        description: TEXT,
        color: 0x5865f2,
        footer: { text: 'Closes at noon' },
        timestamp: '2025-01-31T12:00:00.000Z',
        fields: [
          { name: 'Votes', value: String(10 + i), inline: true },
          { name: 'Leading', value: CHOICES[i], inline: true },
          { name: 'Open', value: 'yes', inline: true },
          { name: 'Anonymous', value: 'no', inline: true },
        ],
      })),
      components: DAYS.map((day) => ({
        type: 1,
        components: CHOICES.map((c) => ({ type: 2, style: c === 'pizza' ? 3 : 2, custom_id: `${day}:${c}`, label: c })),
      })),
    },
  })

  const vote = route('vote', { day: param.oneOf(...DAYS), choice: param.oneOf(...CHOICES), poll: param.snowflake() })

  // Each step of `built` on values made once, for `--phases`.
  const madeEmbeds = embeds()
  const madeRows = rows()
  const body = messageBody({ content: 'Lunch this week?', embeds: madeEmbeds, components: madeRows })
  const response = { type: 4, data: body }
  const value = validateInteractionResponse(response).value
  const literal = literalObject()
  const check = (data) => () => validateInteractionResponse({ type: 4, data })
  return {
    built: () => send(rows()),
    literal: () => JSON.stringify(literalObject()),
    routed: () =>
      send(
        DAYS.map((day) => actionRow(...CHOICES.map((c) => vote.button({ day, choice: c, poll: '1180218955160375406' }, c, { style: c === 'pizza' ? 'success' : 'secondary' })))),
      ),
    parts: {
      'embeds()': embeds,
      'rows()': rows,
      messageBody: () => messageBody({ content: 'Lunch this week?', embeds: madeEmbeds, components: madeRows }),
      validate: () => validateInteractionResponse(response),
      'validate content': check({ content: 'Lunch this week?' }),
      'validate embeds': check({ embeds: body.embeds }),
      'validate components': check({ components: body.components }),
      stringify: () => JSON.stringify(value),
      'built, not validated': () => JSON.stringify({ type: 4, data: messageBody({ content: 'Lunch this week?', embeds: embeds(), components: rows() }) }),
      'literal, validated': () => {
        const r = validateInteractionResponse(literalObject())
        if (!r.ok) throw new Error('bench: the literal does not validate')
        return JSON.stringify(r.value)
      },
      'literal objects': literalObject,
      'literal stringify': () => JSON.stringify(literal),
    },
  }
}

const work = messageWork(dist)

/** The message as slashkit's factories make it, checked before it is sent. */
export const built = work.built

/** The same message as an object literal. */
export const literal = work.literal

/** The same message, each button's custom_id made by a typed route. */
export const routed = work.routed

/** The factories must make the literal's message, or the comparison means nothing. */
export function checkSame(w = work) {
  if (!isDeepStrictEqual(JSON.parse(w.built()), JSON.parse(w.literal()))) throw new Error('bench: the built message differs from the literal')
}

/** The target of the built row (the issue: at most 1.5x the object literal). */
export const MESSAGES_TARGET = 1.5

/** The rows of this file, for bench/run.mjs. */
export function messageBenchmarks({ rounds, batchMs }) {
  checkSame()
  return [
    {
      target: MESSAGES_TARGET,
      run: () =>
        compare('message, 3 embeds + 5 rows of buttons: build+validate+stringify vs object literal+stringify', {
          baselineName: 'literal',
          baseline: literal,
          candidateName: 'slashkit',
          candidate: built,
          rounds,
          batchMs,
        }),
    },
    {
      // For scale: 25 custom_ids encoded by a route (a snowflake and two oneOf values each).
      run: () =>
        compare('the same, custom_ids from a typed route vs object literal+stringify', {
          baselineName: 'literal',
          baseline: literal,
          candidateName: 'slashkit',
          candidate: routed,
          rounds,
          batchMs,
        }),
    },
  ]
}

/**
 * `--phases`: each step of the row alone, the fastest of `rounds` batches of CPU time.
 * `--against=REV`: src/ of REV (A) and of the working tree (B), each bundled by
 * esbuild and run in processes of its own, alternating (`--procs`, default 6 a
 * side; two copies of the library in one process skew each other by as much as
 * 16%); each process times the row's work and the literal by the fastest of
 * `rounds` batches of CPU time. `--control`: REV on both sides (the noise).
 */
async function cpuViews(rounds) {
  const { fastestBatches } = await import('./builders.mjs')
  const us = (best) => Object.fromEntries(Object.entries(best).map(([k, v]) => [k, Number((v / 1e3).toFixed(2))]))
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const childFile = arg('child')
  if (childFile !== undefined) {
    const w = messageWork(await import(pathToFileURL(childFile).href))
    checkSame(w)
    const best = fastestBatches({ literal: w.literal, built: w.built, validate: w.parts.validate, routed: w.routed }, { rounds })
    process.stdout.write(JSON.stringify({ row: best.built / best.literal, validate: best.validate / best.literal, routed: best.routed / best.literal, built: best.built }))
    return
  }
  const against = arg('against')
  if (against === undefined) {
    const best = fastestBatches({ built: work.built, literal: work.literal, ...work.parts }, { rounds })
    console.log('µs a call, fastest batches of CPU time:', us(best))
    const x = (a) => `${(best[a] / best.literal).toFixed(3)}x`
    // The floor: the row with validation taken out; validation's share: the literal validated.
    console.log(`row by CPU time: ${x('built')}; without validation ${x('built, not validated')}; the literal validated ${x('literal, validated')}`)
    return
  }
  const { bundleSource } = await import('./ab.mjs')
  const root = new URL('..', import.meta.url).pathname
  const tmp = join(root, '.bench-tmp', 'messages-ab')
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(join(tmp, 'base'), { recursive: true })
  execFileSync('tar', ['-x', '-C', join(tmp, 'base')], { input: execFileSync('git', ['archive', against, 'src'], { cwd: root, maxBuffer: 1 << 28 }) })
  const control = process.argv.includes('--control')
  const sides = { A: [], B: [] }
  const files = { A: join(tmp, 'A.mjs'), B: join(tmp, 'B.mjs') }
  await bundleSource(join(tmp, 'base', 'src'), files.A)
  await bundleSource(control ? join(tmp, 'base', 'src') : join(root, 'src'), files.B)
  const procs = Number(arg('procs') ?? '6')
  for (let p = 0; p < procs; p++)
    for (const side of p % 2 === 0 ? ['A', 'B'] : ['B', 'A'])
      sides[side].push(JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, `--child=${files[side]}`, `--rounds=${rounds}`], { encoding: 'utf8' })))
  const med = (values) => values.slice().sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)]
  console.log(`${against} (A) against ${control ? 'itself (control)' : 'the working tree'} (B), ${procs} processes a side, fastest of ${rounds} batches of CPU time in each:`)
  for (const side of ['A', 'B'])
    console.log(
      `${side}: the row ${sides[side].map((r) => r.row.toFixed(3)).join(' ')} (median ${med(sides[side].map((r) => r.row)).toFixed(3)}); validation / the literal ${med(sides[side].map((r) => r.validate)).toFixed(3)}; the routed row ${med(sides[side].map((r) => r.routed)).toFixed(3)}`,
    )
  const ratio = (key) => (med(sides.B.map((r) => r[key])) / med(sides.A.map((r) => r[key]))).toFixed(3)
  console.log(`B/A of the medians: the row ${ratio('row')}, validation ${ratio('validate')}, the routed row ${ratio('routed')}`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? '40')
  if (process.argv.some((a) => a === '--phases' || a.startsWith('--against=') || a.startsWith('--child='))) await cpuViews(rounds)
  else {
    const { printTable } = await import('./harness.mjs')
    printTable(messageBenchmarks({ rounds: 20, batchMs: 20 }).map((b) => b.run()))
  }
}
