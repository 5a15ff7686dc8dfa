#!/usr/bin/env node
/**
 * Benchmark: `parse` of a typical invocation (a command with a subcommand, five
 * options, one resolved user) against a hand-written reader of the same payload,
 * in the same process. The reader is what a careful person writes by hand: it
 * checks the interaction and command, reads `data.options[0].options` by name into
 * an object (checking each option's type and value, the bounds of `days` and the
 * length of `reason`), and looks the user up in `data.resolved`.
 *
 * The figure is the ratio of their times per call, measured by the shared harness
 * (bench/harness.mjs) in one process: alternating rounds, the ratio of the
 * medians. Target: parse <= 2.0 x hand. Both read a payload that came through
 * JSON.parse, as a request body does.
 *
 * Usage: node bench/parse.mjs        (after `npm run build`; prints the table and the verdict;
 *                                     exit code 1 when the target is missed)
 *        import { benchParse, PARSE_TARGET } from './parse.mjs'
 *        const result = await benchParse()   (the harness's result: { ratio, spread, ... })
 */
import { pathToFileURL } from 'node:url'
import { compare, printTable, verdict } from './harness.mjs'

/** The definition: `/mod ban target days reason silent weight` (and a second subcommand). */
export function definition({ slash, option }) {
  return slash('mod', 'Moderation')
    .subcommand('ban', 'Ban a member', (s) =>
      s.options(
        option.user('target', 'Who to ban').required(),
        option.integer('days', 'Days of messages to delete').min(0).max(7),
        option.string('reason', 'Why').maxLength(512),
        option.boolean('silent', 'Do not announce it'),
        option.number('weight', 'How serious, 0 to 1').min(0).max(1),
      ),
    )
    .subcommand('kick', 'Kick a member', (s) => s.options(option.user('target', 'Who to kick').required()))
}

const TARGET = '283746523847562345'

/** The payload as a request body brings it (JSON text, parsed per request in real life; once here). */
export const PAYLOAD = JSON.stringify({
  app_permissions: '562949953421311',
  application_id: '123456789012345678',
  channel_id: '987654321098765432',
  data: {
    guild_id: '192837465019283746',
    id: '112233445566778899',
    name: 'mod',
    options: [
      {
        name: 'ban',
        type: 1,
        options: [
          { name: 'target', type: 6, value: TARGET },
          { name: 'days', type: 4, value: 3 },
          { name: 'reason', type: 3, value: 'Posting scam links in #general' },
          { name: 'silent', type: 5, value: true },
          { name: 'weight', type: 10, value: 0.75 },
        ],
      },
    ],
    resolved: {
      members: {
        [TARGET]: {
          avatar: null,
          flags: 0,
          joined_at: '2023-02-11T10:12:01.123000+00:00',
          nick: null,
          pending: false,
          permissions: '1071698660929',
          premium_since: null,
          roles: ['1029384756102938475'],
        },
      },
      users: {
        [TARGET]: { avatar: 'a1b2c3d4e5f6', discriminator: '0', global_name: 'Spammer', id: TARGET, public_flags: 0, username: 'spammer' },
      },
    },
    type: 1,
  },
  entitlements: [],
  guild_id: '192837465019283746',
  guild_locale: 'en-US',
  id: '1122334455667788990',
  locale: 'en-US',
  member: {
    avatar: null,
    deaf: false,
    joined_at: '2021-05-01T12:00:00.000000+00:00',
    mute: false,
    nick: null,
    pending: false,
    permissions: '562949953421311',
    premium_since: null,
    roles: [],
    user: { avatar: null, discriminator: '0', global_name: 'Moderator', id: '102938475610293847', public_flags: 0, username: 'moderator' },
  },
  token: 'aW50ZXJhY3Rpb246MTEyMjMzNDQ1NTY2Nzc4ODk5MDpzZWNyZXQ',
  type: 2,
  version: 1,
})

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The hand-written reader: the same checks a careful handler makes before it
 * trusts a payload, and the same result shape as `parse`.
 */
export function handRead(interaction) {
  if (!isObject(interaction) || interaction.type !== 2) throw new TypeError('not a command invocation')
  const data = interaction.data
  if (!isObject(data) || data.name !== 'mod' || data.type !== 1) throw new TypeError('not /mod')
  const sub = Array.isArray(data.options) && data.options.length === 1 ? data.options[0] : undefined
  if (!isObject(sub) || sub.type !== 1 || sub.name !== 'ban') throw new TypeError('not /mod ban')
  const options = { target: undefined, days: undefined, reason: undefined, silent: undefined, weight: undefined }
  const list = sub.options === undefined ? [] : sub.options
  if (!Array.isArray(list)) throw new TypeError('options is not an array')
  for (const o of list) {
    if (!isObject(o)) throw new TypeError('option is not an object')
    const v = o.value
    switch (o.name) {
      case 'target': {
        if (o.type !== 6 || typeof v !== 'string') throw new TypeError('target')
        const resolved = data.resolved
        const users = isObject(resolved) ? resolved.users : undefined
        const user = isObject(users) && Object.hasOwn(users, v) ? users[v] : undefined
        if (!isObject(user)) throw new TypeError('target is not resolved')
        const members = resolved.members
        const member = isObject(members) && Object.hasOwn(members, v) ? members[v] : undefined
        options.target = { user, member: isObject(member) ? member : undefined }
        break
      }
      case 'days':
        if (o.type !== 4 || !Number.isSafeInteger(v) || v < 0 || v > 7) throw new TypeError('days')
        options.days = v
        break
      case 'reason':
        if (o.type !== 3 || typeof v !== 'string' || v.length > 512) throw new TypeError('reason')
        options.reason = v
        break
      case 'silent':
        if (o.type !== 5 || typeof v !== 'boolean') throw new TypeError('silent')
        options.silent = v
        break
      case 'weight':
        if (o.type !== 10 || typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) throw new TypeError('weight')
        options.weight = v
        break
      default:
        throw new TypeError(`unknown option ${String(o.name)}`)
    }
  }
  if (options.target === undefined) throw new TypeError('target is required')
  return { command: 'mod', group: undefined, subcommand: 'ban', options }
}

/** The goal: parse takes at most this many times the hand-written reader's time. */
export const PARSE_TARGET = 2

/**
 * Runs the benchmark with the shared harness (bench/harness.mjs: warm-up, batches
 * of about `batchMs`, alternating rounds, medians) and returns its result, where
 * `ratio` is parse's time over the hand-written reader's.
 * @param {{ library?: object, rounds?: number, batchMs?: number, warmupMs?: number }} [options]
 *   `library`: the slashkit module (default: the build, ../dist/index.js)
 */
export async function benchParse({ library, ...options } = {}) {
  const lib = library ?? (await import('../dist/index.js'))
  const mod = definition(lib)
  const payload = JSON.parse(PAYLOAD)
  // Both readers must agree before they are timed.
  const a = JSON.stringify(lib.parse(mod, payload))
  const b = JSON.stringify(handRead(payload))
  if (a !== b) throw new Error(`the readers disagree:\n${a}\n${b}`)
  return compare('parse: /mod ban (subcommand, 5 options, 1 resolved user)', {
    baseline: () => handRead(payload),
    candidate: () => lib.parse(mod, payload),
    baselineName: 'hand-written reader',
    candidateName: 'parse',
    rounds: 60,
    batchMs: 5,
    ...options,
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchParse()
  printTable([result])
  const v = verdict(result, { target: PARSE_TARGET })
  console.log(v.message)
  process.exitCode = v.status === 'met' ? 0 : 1
}
