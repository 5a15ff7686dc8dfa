/**
 * Messages benchmark (issue "Messages and components, typed end to end"): a reply
 * with 3 embeds and 5 action rows of 5 buttons, built with slashkit's factories,
 * checked by `validateInteractionResponse` and serialized, against the same
 * message written as an object literal and serialized (what an app that checks
 * nothing does). Target: at most 1.5x. A second row does the same with every
 * button's custom_id made by a typed route (`vote.button(...)`), for scale.
 *
 *   node bench/messages.mjs       (after npm run build)
 */
import { isDeepStrictEqual } from 'node:util'
import { pathToFileURL } from 'node:url'
import { actionRow, button, embed, messageBody, param, route, validateInteractionResponse } from '../dist/index.js'
import { compare } from './harness.mjs'

/** The fixed text of the message: realistic lengths (a description of 300 characters, 4 fields an embed). */
const TEXT = 'A poll is open until noon. Pick one answer below; you can change it until the poll closes. '.repeat(3).slice(0, 300)
const CHOICES = ['pizza', 'sushi', 'salad', 'tacos', 'curry']
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri']

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
function send(rows) {
  const body = messageBody({ content: 'Lunch this week?', embeds: embeds(), components: rows })
  const r = validateInteractionResponse({ type: 4, data: body })
  if (!r.ok) throw new Error('bench: the built message does not validate')
  return JSON.stringify(r.value)
}

/** The message as slashkit's factories make it, checked before it is sent. */
export function built() {
  return send(DAYS.map((day) => actionRow(...CHOICES.map((c) => button(`${day}:${c}`, c, { style: c === 'pizza' ? 'success' : 'secondary' })))))
}

/** The same message as an object literal. */
export function literal() {
  return JSON.stringify({
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
}

const vote = route('vote', { day: param.oneOf(...DAYS), choice: param.oneOf(...CHOICES), poll: param.snowflake() })

/** The same message, each button's custom_id made by a typed route. */
export function routed() {
  return send(
    DAYS.map((day) => actionRow(...CHOICES.map((c) => vote.button({ day, choice: c, poll: '1180218955160375406' }, c, { style: c === 'pizza' ? 'success' : 'secondary' })))),
  )
}

/** The factories must make the literal's message, or the comparison means nothing. */
export function checkSame() {
  if (!isDeepStrictEqual(JSON.parse(built()), JSON.parse(literal()))) throw new Error('bench: the built message differs from the literal')
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printTable } = await import('./harness.mjs')
  printTable(messageBenchmarks({ rounds: 20, batchMs: 20 }).map((b) => b.run()))
}
