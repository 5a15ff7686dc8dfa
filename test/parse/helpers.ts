/**
 * Fixtures and helpers shared by the parse tests: the definitions they read
 * payloads against, hand-written payloads (so that the tests do not depend on
 * `fakeInteraction` alone), and assertions of issues by code and path (STYLE.md 12).
 */
import { expect } from 'vitest'
import {
  choice,
  commands,
  entryPoint,
  InteractionError,
  message,
  option,
  parse,
  parseAutocomplete,
  safeParse,
  safeParseAutocomplete,
  slash,
  user,
  type Issue,
  type IssueCode,
  type PathSegment,
} from '../../src/index.js'

export type Json = Record<string, unknown>

// ---------------------------------------------------------------- definitions

/** A leaf command: a required USER option, a bounded INTEGER, a STRING with lengths and autocomplete. */
export const ban = slash('ban', 'Ban a member')
  .options(
    option.user('target', 'Who to ban').required(),
    option.integer('days', 'Days of messages to delete').min(0).max(7),
    option.string('reason', 'Why').minLength(3).maxLength(20).autocomplete(),
  )
  .localize('es-ES', { name: 'banear', description: 'Banear a un miembro' })

/** One option of every value type, with choices, bounds and channel types. */
export const every = slash('every', 'Every option type').options(
  option.string('s', 'String').required(),
  option.integer('i', 'Integer').required(),
  option.number('n', 'Number').required(),
  option.boolean('b', 'Boolean').required(),
  option.user('u', 'User'),
  option.channel('c', 'Channel'),
  option.role('r', 'Role'),
  option.mentionable('m', 'Mentionable'),
  option.attachment('a', 'Attachment'),
  option.string('color', 'Color').choices(choice('Red', 'red'), choice('Blue', 'blue')),
  option.integer('size', 'Size').choices(choice('Small', 1), choice('Large', 3)),
  option.number('ratio', 'Ratio').choices(choice('Half', 0.5), choice('Third', 0.25)),
  option.number('temp', 'Temperature').min(-1.5).max(2.5),
  option.channel('text', 'A text or voice channel').channelTypes(0, 2),
)

/** Subcommands and a group (DESIGN.md's example). */
export const config = slash('config', 'Bot settings')
  .subcommand('show', 'Show settings')
  .subcommand('set', 'Change a setting', (s) =>
    s.options(option.string('key', 'Setting').required().choices(choice('Prefix', 'prefix'), choice('Language', 'lang')), option.string('value', 'New value').required()),
  )
  .group('role', 'Role settings', (g) =>
    g
      .subcommand('grant', 'Grant', (s) => s.options(option.role('role', 'Role').required()))
      .subcommand('revoke', 'Revoke', (s) => s.options(option.role('role', 'Role').required(), option.string('why', 'Why').autocomplete())),
  )
  .localize('es-ES', { name: 'configurar' })

/** Autocomplete on STRING, INTEGER and NUMBER options, and one option without it. */
export const search = slash('search', 'Search').options(
  option.string('query', 'Text').required().autocomplete(),
  option.integer('limit', 'How many').min(1).max(50).autocomplete(),
  option.number('score', 'Minimum score').min(0).autocomplete(),
  option.boolean('exact', 'Exact match'),
  option.user('author', 'By whom'),
)

export const profile = user('Show profile')
export const report = message('Report message')
export const launch = entryPoint('launch', 'Start the game').handler('AppHandler')
export const play = entryPoint('play', 'Play').handler('DiscordLaunchActivity')

/** A set with every command type. */
export const app = commands(ban, config, search, profile, report, launch)

// ---------------------------------------------------------------- payloads

export const GUILD = '200000000000000001'
export const CHANNEL = '300000000000000001'
export const U1 = '500000000000000001'
export const U2 = '500000000000000002'
export const R1 = '600000000000000001'
export const C1 = '700000000000000001'
export const A1 = '800000000000000001'
export const M1 = '900000000000000001'

export const userObject = (id: string, username = `user${id.slice(-2)}`): Json => ({ id, username, avatar: null, discriminator: '0', public_flags: 0 })
export const memberObject = (): Json => ({
  roles: [],
  joined_at: '2024-01-01T00:00:00.000Z',
  nick: null,
  avatar: null,
  premium_since: null,
  pending: false,
  mute: false,
  deaf: false,
  permissions: '0',
})
export const roleObject = (id: string, name = 'mod'): Json => ({ id, name, color: 0, hoist: false, position: 1, permissions: '0', managed: false, mentionable: true })
export const channelObject = (id: string, type = 0): Json => ({ id, type, name: 'general', permissions: '0' })
export const attachmentObject = (id: string): Json => ({
  id,
  filename: 'a.png',
  size: 10,
  url: `https://cdn.example/${id}`,
  proxy_url: `https://media.example/${id}`,
  content_type: 'image/png',
})
export const messageObject = (id: string): Json => ({
  id,
  channel_id: CHANNEL,
  author: userObject(U2),
  content: 'spam',
  timestamp: '2024-01-01T00:00:00.000Z',
  edited_timestamp: null,
  attachments: [],
  embeds: [],
  components: [],
  mentions: [],
  mention_roles: [],
  mention_everyone: false,
  pinned: false,
  tts: false,
  flags: 0,
  type: 0,
})

/** A resolved map holding one object of each kind. */
export const resolvedAll = (): Json => ({
  users: { [U1]: userObject(U1), [U2]: userObject(U2) },
  members: { [U1]: memberObject() },
  roles: { [R1]: roleObject(R1) },
  channels: { [C1]: channelObject(C1, 0) },
  attachments: { [A1]: attachmentObject(A1) },
})

/** An interaction as received (spec: "Interaction payloads received by the application"), around `data`. */
export function interaction(data: Json, type = 2): Json {
  return {
    id: '100000000000000001',
    application_id: '400000000000000001',
    type,
    token: 'token',
    version: 1,
    guild_id: GUILD,
    channel_id: CHANNEL,
    locale: 'es-ES',
    guild_locale: 'en-US',
    app_permissions: '0',
    member: { ...memberObject(), user: userObject('500000000000000099') },
    data: { id: '110000000000000001', ...data },
  }
}

/** A CHAT_INPUT invocation of `name` with `options`. */
export const chat = (name: string, options?: unknown[], resolved?: Json): Json =>
  interaction({ name, type: 1, ...(options === undefined ? {} : { options }), ...(resolved === undefined ? {} : { resolved }) })

/** A valid invocation of `ban`. */
export const banPayload = (): Json =>
  chat(
    'ban',
    [
      { type: 6, name: 'target', value: U1 },
      { type: 4, name: 'days', value: 3 },
      { type: 3, name: 'reason', value: 'spam bot' },
    ],
    { users: { [U1]: userObject(U1) }, members: { [U1]: memberObject() } },
  )

/** A valid invocation of `every` with its four required options (and more, as given). */
export const everyPayload = (extra: unknown[] = [], resolved: Json = resolvedAll()): Json =>
  chat(
    'every',
    [{ type: 3, name: 's', value: 'text' }, { type: 4, name: 'i', value: -4 }, { type: 10, name: 'n', value: 1.25 }, { type: 5, name: 'b', value: false }, ...extra],
    resolved,
  )

// ---------------------------------------------------------------- assertions

export type Pair = [IssueCode, PathSegment[]]

const pairsOf = (issues: readonly Issue[]): Pair[] => issues.map((i) => [i.code, [...i.path]])

function checkIssues(issues: readonly Issue[]): void {
  expect(issues.length).toBeGreaterThan(0)
  for (const i of issues) {
    expect(typeof i.message).toBe('string')
    expect(i.message.length).toBeGreaterThan(0)
  }
}

/**
 * The issues `safeParse` reports for `payload`, as `[code, path]` pairs; also
 * asserts that `parse` throws an `InteractionError` carrying the same issues.
 */
export function refused(definition: unknown, payload: unknown): Pair[] {
  const r = safeParse(definition as never, payload)
  expect(r.ok).toBe(false)
  if (r.ok) return []
  checkIssues(r.issues)
  let thrown: unknown
  try {
    parse(definition as never, payload)
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(InteractionError)
  expect(thrown).toBeInstanceOf(Error)
  expect((thrown as InteractionError).name).toBe('InteractionError')
  expect((thrown as InteractionError).issues).toEqual(r.issues)
  return pairsOf(r.issues)
}

/** `refused` for autocomplete requests (`safeParseAutocomplete` and `parseAutocomplete`). */
export function refusedAutocomplete(definition: unknown, payload: unknown): Pair[] {
  const r = safeParseAutocomplete(definition as never, payload)
  expect(r.ok).toBe(false)
  if (r.ok) return []
  checkIssues(r.issues)
  let thrown: unknown
  try {
    parseAutocomplete(definition as never, payload)
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(InteractionError)
  expect((thrown as InteractionError).issues).toEqual(r.issues)
  return pairsOf(r.issues)
}

/** `parse`'s value, asserting that `safeParse` agrees. */
export function accepted(definition: unknown, payload: unknown): Json {
  const r = safeParse(definition as never, payload)
  if (!r.ok) throw new Error(`expected the payload to be accepted, got:\n${r.issues.map((i) => `${i.code} ${i.message}`).join('\n')}`)
  const value = parse(definition as never, payload) as Json
  expect(value).toEqual(r.value)
  return value
}

/** A deep copy of a JSON payload. */
export const copy = <T>(v: T): T => structuredClone(v)

/** `payload.data.options[i]`, for editing. */
export const opt = (payload: Json, ...path: number[]): Json => {
  let list = (payload.data as Json).options as Json[]
  let o = list[path[0] as number] as Json
  for (const i of path.slice(1)) {
    list = o.options as Json[]
    o = list[i] as Json
  }
  return o
}
