/**
 * The rules of the lobby API's request bodies (spec: "Lobby endpoints",
 * "LobbyMember", "Limits"), over plain JSON, for the same callers as the command
 * rules: a JavaScript user, a JSON file, the REST client before it sends.
 * They never throw, whatever the input; every issue is collected.
 */
import type { CreateLobbyJSON, EditLobbyJSON, PutLobbyMemberJSON } from '../wire/lobbies.js'
import { overCap } from './bounds.js'
import { isObject, isSnowflake } from './command.js'
import { IssueCollector, thrownText, type Result } from './issues.js'
import { LOBBY_IDLE_TIMEOUT_MAX, LOBBY_IDLE_TIMEOUT_MIN, LOBBY_MEMBERS_MAX, LOBBY_METADATA_MAX } from './limits.js'
import { codePoints } from './text.js'

/** "LobbyMember" flags: CanLinkLobby = 1 << 0 is the only supported flag. */
const LOBBY_MEMBER_FLAGS = 1

const LOBBY_FIELDS = ['metadata', 'members', 'idle_timeout_seconds']
const MEMBER_FIELDS = ['id', 'metadata', 'flags']
const PUT_MEMBER_FIELDS = ['metadata', 'flags']

/**
 * The body of POST /lobbies or PATCH /lobbies/<lobby_id> (the same fields, all
 * optional): `metadata` a dictionary of strings of at most 1000 characters in all,
 * keys and values counted; `members` at most 25 `LobbyMember`s, each with a
 * snowflake `id`; `idle_timeout_seconds` a whole number from 5 to 604800.
 *
 * @example
 * validateLobby({ members: [{ id: '80351110224678912' }], idle_timeout_seconds: 3600 }) // { ok: true, value }
 */
export function validateLobby(json: unknown): Result<CreateLobbyJSON | EditLobbyJSON> {
  return run(json, (c, body) => {
    unknownKeys(c, body, LOBBY_FIELDS, 'a lobby create or edit body')
    metadata(c, body)
    members(c, body.members)
    idleTimeout(c, body.idle_timeout_seconds)
  })
}

/**
 * The body of PUT /lobbies/<lobby_id>/members/<user_id>: optional `metadata`
 * (at most 1000 characters in all) and `flags` (0 or 1, CanLinkLobby). The user id
 * belongs in the path, not the body.
 *
 * @example
 * validateLobbyMember({ metadata: { team: 'red' }, flags: 1 }) // { ok: true, value }
 */
export function validateLobbyMember(json: unknown): Result<PutLobbyMemberJSON> {
  return run(json, (c, body) => {
    unknownKeys(c, body, PUT_MEMBER_FIELDS, 'a lobby member PUT body (the user id goes in the path)')
    metadata(c, body)
    flags(c, body.flags)
  })
}

function run<T>(json: unknown, check: (c: IssueCollector, body: Record<string, unknown>) => void): Result<T> {
  const c = new IssueCollector([], 'body')
  if (!isObject(json)) c.add('value.type', undefined, 'must be a plain JSON object', json)
  else {
    try {
      check(c, json)
    } catch (error) {
      // Only a hostile value (a throwing getter, a revoked proxy) can get here.
      c.add('input.unreadable', undefined, `could not be read: ${thrownText(error)}`)
    }
  }
  return c.issues.length === 0 ? { ok: true, value: json as T } : { ok: false, issues: c.issues }
}

function unknownKeys(c: IssueCollector, body: Record<string, unknown>, fields: readonly string[], what: string): void {
  for (const key of Object.keys(body)) if (!fields.includes(key)) c.add('field.unknown', key, `is not a field of ${what} (${fields.join(', ')})`)
}

/**
 * "Lobby endpoints", "LobbyMember", "Limits": metadata is a dictionary of string to
 * string, at most 1000 characters in total. The spec does not say what the total
 * counts; keys and values are both counted (see docs/spec-notes.md).
 */
function metadata(c: IssueCollector, owner: Record<string, unknown>): void {
  const dict = owner.metadata
  if (dict === undefined || dict === null) return
  if (!isObject(dict)) {
    c.add('value.type', 'metadata', 'must be a dictionary of string to string', dict)
    return
  }
  c.path.push('metadata')
  let total = 0
  let bad = 0
  for (const key of Object.keys(dict)) {
    const value = dict[key]
    if (typeof value !== 'string') {
      // Reporting stops after 25 bad values: a hostile dictionary may hold millions.
      if (++bad <= 25) c.add('value.type', key, 'must be a string: metadata maps strings to strings', value)
      continue
    }
    total += codePoints(key) + codePoints(value)
    // Past the limit the answer is known; a huge dictionary is not read to the end.
    if (total > LOBBY_METADATA_MAX) break
  }
  if (total > LOBBY_METADATA_MAX)
    c.add('lobby.metadata', undefined, `holds more than ${LOBBY_METADATA_MAX} characters in keys and values; at most ${LOBBY_METADATA_MAX} are allowed`)
  c.path.pop()
}

/** "Lobby endpoints": members, up to 25 `LobbyMember`s; "LobbyMember": `id` required. */
function members(c: IssueCollector, list: unknown): void {
  if (list === undefined) return
  if (!Array.isArray(list)) {
    c.add('value.type', 'members', 'must be an array of lobby members', list)
    return
  }
  // A longer list is refused whatever it holds, and not read (bounds.ts); its
  // length is read once, as a proxy may answer differently each time.
  const n = list.length
  if (overCap(c, 'lobby.members', 'members', n, LOBBY_MEMBERS_MAX, 'members')) return
  c.path.push('members')
  for (let i = 0; i < n; i++) {
    const member: unknown = list[i]
    c.path.push(i)
    if (!isObject(member)) c.add('value.type', undefined, 'must be a lobby member object { id, metadata, flags }', member)
    else {
      unknownKeys(c, member, MEMBER_FIELDS, 'a lobby member')
      if (member.id === undefined) c.add('field.required', 'id', 'is required: the user id of the member')
      else if (!isSnowflake(member.id)) c.add('snowflake.format', 'id', 'must be a snowflake: the user id, a string of digits', member.id)
      metadata(c, member)
      flags(c, member.flags)
    }
    c.path.pop()
  }
  c.path.pop()
}

/** "LobbyMember" flags: an integer; only CanLinkLobby = 1 << 0 is supported. */
function flags(c: IssueCollector, value: unknown): void {
  if (value === undefined) return
  if (typeof value !== 'number') c.add('value.type', 'flags', 'must be an integer bit set', value)
  else if (!Number.isInteger(value)) c.add('number.integer', 'flags', 'must be a whole number', value)
  else if (value !== 0 && value !== LOBBY_MEMBER_FLAGS)
    c.add('enum.value', 'flags', 'must be 0 or 1: CanLinkLobby (1 << 0) is the only supported flag', value)
}

/** "Lobby endpoints", "Limits": idle_timeout_seconds, an integer from 5 to 604800 (7 days). */
function idleTimeout(c: IssueCollector, value: unknown): void {
  if (value === undefined) return
  if (typeof value !== 'number') c.add('value.type', 'idle_timeout_seconds', 'must be an integer number of seconds', value)
  else if (!Number.isInteger(value)) c.add('number.integer', 'idle_timeout_seconds', 'must be a whole number of seconds', value)
  else if (value < LOBBY_IDLE_TIMEOUT_MIN || value > LOBBY_IDLE_TIMEOUT_MAX)
    c.add('lobby.idle_timeout', 'idle_timeout_seconds', `must be from ${LOBBY_IDLE_TIMEOUT_MIN} to ${LOBBY_IDLE_TIMEOUT_MAX} seconds (7 days)`, value)
}
