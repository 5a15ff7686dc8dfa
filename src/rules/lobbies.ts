/**
 * The rules of the lobby API's request bodies (spec: "Lobby endpoints",
 * "LobbyMember", "Limits"), over plain JSON, for the same callers as the command
 * rules: a JavaScript user, a JSON file, the REST client before it sends.
 * They never throw, whatever the input; every issue is collected.
 */
import type {
  BulkLobbyMemberJSON,
  CreateLobbyJSON,
  CreateLobbyMessageJSON,
  CreateOrJoinLobbyJSON,
  EditLobbyJSON,
  LinkLobbyChannelJSON,
  PutLobbyMemberJSON,
} from '../wire/lobbies.js'
import { LobbyMemberFlags } from '../wire/enums.js'
import { isObject, isSnowflake } from './command.js'
import { IssueCollector, overCap, type Result } from './issues.js'
import { guard, resultOf } from './validate.js'
import {
  LOBBY_ADDITIONAL_NAME_MAX,
  LOBBY_IDLE_TIMEOUT_MAX,
  LOBBY_IDLE_TIMEOUT_MIN,
  LOBBY_MEMBERS_MAX,
  LOBBY_MESSAGE_CONTENT_MAX,
  LOBBY_MESSAGE_NONCE_MAX,
  LOBBY_METADATA_ENTRIES_MAX,
  LOBBY_METADATA_MAX,
  LOBBY_MODERATION_ENTRIES_MAX,
  LOBBY_MODERATION_VALUE_MAX,
  LOBBY_SECRET_MAX,
  LOBBY_WEBHOOK_URL_MAX,
} from './limits.js'
import { codePoints, lengthWithin, WEB_URL } from './text.js'
import { MESSAGES } from './messages.js'

const LOBBY_FIELDS = ['metadata', 'members', 'idle_timeout_seconds', 'flags', 'override_event_webhooks_url']
const MEMBER_FIELDS = ['id', 'metadata', 'flags']
const PUT_MEMBER_FIELDS = ['metadata', 'flags', 'additional_name']
const BULK_MEMBER_FIELDS = ['id', 'metadata', 'flags', 'remove_member', 'additional_name']
const JOIN_FIELDS = ['secret', 'idle_timeout_seconds', 'lobby_metadata', 'member_metadata', 'flags']
/** The OpenAPI's `SDKMessageRequest`: the fields of a message a lobby takes. */
const MESSAGE_FIELDS = [
  'content',
  'embeds',
  'allowed_mentions',
  'sticker_ids',
  'components',
  'flags',
  'attachments',
  'poll',
  'shared_client_theme',
  'message_reference',
  'nonce',
  'enforce_nonce',
  'tts',
]

/**
 * The body of POST /lobbies or PATCH /lobbies/<lobby_id> (the same fields, all
 * optional): `metadata` a dictionary of strings of at most 1000 characters in all,
 * keys and values counted, and at most 25 entries (OpenAPI); `members` at most 25
 * `LobbyMember`s, each with a snowflake `id`; `idle_timeout_seconds` a whole number
 * from 5 to 604800; `flags` (OpenAPI); `override_event_webhooks_url`, an http(s)
 * URL of at most 512 characters (OpenAPI). `undefined`, and `null` on these
 * nullable fields, is absent (docs/spec-notes.md).
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
    flags(c, body.flags)
    webhookUrl(c, body.override_event_webhooks_url)
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
    additionalName(c, body.additional_name)
  })
}

/**
 * The body of PUT /lobbies (create or join, OpenAPI `create_or_join_lobby`): a
 * `secret` of at most 250 characters (required), `lobby_metadata` and
 * `member_metadata` (each as lobby metadata), `idle_timeout_seconds`, `flags`.
 *
 * @example
 * validateCreateOrJoinLobby({ secret: 'match-42', member_metadata: { team: 'red' } }) // { ok: true, value }
 */
export function validateCreateOrJoinLobby(json: unknown): Result<CreateOrJoinLobbyJSON> {
  return run(json, (c, body) => {
    unknownKeys(c, body, JOIN_FIELDS, 'a lobby create-or-join body')
    if (body.secret === undefined) c.add('field.required', 'secret', { expected: 'the secret that names the lobby to create or join' })
    else if (typeof body.secret !== 'string') c.add('value.type', 'secret', { expected: 'a string' }, body.secret)
    else if (!lengthWithin(body.secret, 0, LOBBY_SECRET_MAX)) c.add('string.length', 'secret', { limit: LOBBY_SECRET_MAX, count: codePoints(body.secret) })
    metadata(c, body, 'lobby_metadata')
    metadata(c, body, 'member_metadata')
    idleTimeout(c, body.idle_timeout_seconds)
    flags(c, body.flags)
  })
}

/**
 * The body of PATCH /lobbies/<lobby_id>/channel-linking (OpenAPI
 * `edit_lobby_channel_link`): `channel_id`, a snowflake to link the lobby to that
 * channel, or `null` (or absent) to unlink it.
 *
 * @example
 * validateLobbyChannelLink({ channel_id: '1180000000000000000' }) // { ok: true, value }
 */
export function validateLobbyChannelLink(json: unknown): Result<LinkLobbyChannelJSON> {
  return run(json, (c, body) => {
    unknownKeys(c, body, ['channel_id'], 'a lobby channel-linking body')
    if (body.channel_id !== undefined && body.channel_id !== null && !isSnowflake(body.channel_id))
      c.add('snowflake.format', 'channel_id', { expected: 'or null to unlink' }, body.channel_id)
  })
}

/**
 * The body of POST /lobbies/<lobby_id>/members/bulk (OpenAPI
 * `bulk_update_lobby_members`): 1 to 25 members, each a snowflake `id` with
 * `metadata`, `flags`, `additional_name` (1-80 characters) or `remove_member: true`.
 *
 * @example
 * validateLobbyMembersBulk([{ id: '80351110224678912', metadata: { team: 'red' } }, { id: '80351110224678913', remove_member: true }]) // { ok: true, value }
 */
export function validateLobbyMembersBulk(json: unknown): Result<BulkLobbyMemberJSON[]> {
  const c = new IssueCollector([], 'body', MESSAGES)
  guard(c, () => {
    if (!Array.isArray(json)) {
      c.add('value.type', undefined, { expected: 'an array of lobby members' }, json)
      return
    }
    // The length is read once (a proxy may answer differently each time); a longer list is not read.
    const n = json.length
    if (n === 0) c.add('array.empty', undefined, { expected: 'member' })
    if (overCap(c, 'lobby.members', undefined, n, LOBBY_MEMBERS_MAX, 'members')) return
    memberList(c, json, n, BULK_MEMBER_FIELDS, 'a bulk lobby member update', (member) => {
      if (member.remove_member !== undefined && member.remove_member !== null && typeof member.remove_member !== 'boolean')
        c.add('value.type', 'remove_member', { expected: 'a boolean' }, member.remove_member)
      additionalName(c, member.additional_name)
    })
  })
  return resultOf(c, json)
}

/**
 * The body of POST /lobbies/<lobby_id>/messages (the OpenAPI's `SDKMessageRequest`,
 * as JSON): `content` of at most 4000 characters, `flags`, `tts`, `nonce` and the
 * other message fields, each of its JSON type. A message needs something to show:
 * `content`, `embeds`, `components`, `attachments`, `sticker_ids` or a `poll`.
 *
 * @example
 * validateLobbyMessage({ content: 'gg' }) // { ok: true, value }
 */
export function validateLobbyMessage(json: unknown): Result<CreateLobbyMessageJSON> {
  return run(json, (c, body) => {
    unknownKeys(c, body, MESSAGE_FIELDS, 'a lobby message')
    const content = body.content
    if (content !== undefined && content !== null) {
      if (typeof content !== 'string') c.add('value.type', 'content', { expected: 'a string' }, content)
      else if (!lengthWithin(content, 0, LOBBY_MESSAGE_CONTENT_MAX)) c.add('string.length', 'content', { limit: LOBBY_MESSAGE_CONTENT_MAX, count: codePoints(content) })
    }
    const shown = ['content', 'embeds', 'components', 'attachments', 'sticker_ids', 'poll'].some((k) => {
      const v = body[k]
      return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)
    })
    if (!shown) c.add('field.required', 'content', { on: 'a message without embeds, components, attachments, stickers or poll' })
    // "A list of at most N", per the OpenAPI's maxItems.
    for (const [key, max] of [
      ['embeds', 10],
      ['components', 40],
      ['attachments', 10],
      ['sticker_ids', 3],
    ] as const) {
      const v = body[key]
      if (v === undefined || v === null) continue
      if (!Array.isArray(v)) c.add('value.type', key, { expected: 'an array' }, v)
      else if (v.length > max) c.add('lobby.message', key, { count: v.length, expected: 'elements', limit: max })
    }
    for (const key of ['allowed_mentions', 'poll', 'shared_client_theme', 'message_reference']) {
      const v = body[key]
      if (v !== undefined && v !== null && !isObject(v)) c.add('value.type', key, { expected: 'an object' }, v)
    }
    for (const key of ['tts', 'enforce_nonce']) {
      const v = body[key]
      if (v !== undefined && v !== null && typeof v !== 'boolean') c.add('value.type', key, { expected: 'a boolean' }, v)
    }
    const flags = body.flags
    if (flags !== undefined && flags !== null) {
      if (typeof flags !== 'number') c.add('value.type', 'flags', { expected: 'an integer bit set' }, flags)
      else if (!Number.isInteger(flags)) c.add('number.integer', 'flags', {}, flags)
    }
    const nonce = body.nonce
    if (nonce === undefined || nonce === null) return
    if (typeof nonce === 'string') {
      if (!lengthWithin(nonce, 0, LOBBY_MESSAGE_NONCE_MAX)) c.add('string.length', 'nonce', { limit: LOBBY_MESSAGE_NONCE_MAX, count: codePoints(nonce) })
    } else if (typeof nonce !== 'number') c.add('value.type', 'nonce', { expected: `an integer or a string of at most ${LOBBY_MESSAGE_NONCE_MAX} characters` }, nonce)
    else if (!Number.isInteger(nonce)) c.add('number.integer', 'nonce', {}, nonce)
    else if (!Number.isSafeInteger(nonce)) c.add('number.range', 'nonce', { expected: 'an integer', min: -Number.MAX_SAFE_INTEGER, limit: Number.MAX_SAFE_INTEGER }, nonce)
  })
}

/**
 * The body of PUT /lobbies/<lobby_id>/messages/<message_id>/moderation-metadata
 * (OpenAPI `update_lobby_message_external_moderation_metadata`): a dictionary of at
 * most 5 entries, each value a string of at most 2000 characters.
 *
 * @example
 * validateLobbyModerationMetadata({ verdict: 'ok', score: '0.02' }) // { ok: true, value }
 */
export function validateLobbyModerationMetadata(json: unknown): Result<Record<string, string>> {
  return run(json, (c, body) => {
    const keys = Object.keys(body)
    // A longer dictionary is refused whatever it holds, and not read (bounds.ts).
    if (overCap(c, 'lobby.metadata', undefined, keys.length, LOBBY_MODERATION_ENTRIES_MAX, 'entries')) return
    for (const key of keys) {
      const v = body[key]
      if (typeof v !== 'string') c.add('value.type', key, { expected: 'a string: moderation metadata maps strings to strings' }, v)
      else if (!lengthWithin(v, 0, LOBBY_MODERATION_VALUE_MAX)) c.add('string.length', key, { limit: LOBBY_MODERATION_VALUE_MAX, count: codePoints(v) })
    }
  })
}

/** "LobbyMember" (OpenAPI `additional_name`): a string of 1 to 80 characters, or null. */
function additionalName(c: IssueCollector, value: unknown): void {
  if (value === undefined || value === null) return
  if (typeof value !== 'string') c.add('value.type', 'additional_name', { expected: 'a string' }, value)
  else if (!lengthWithin(value, 1, LOBBY_ADDITIONAL_NAME_MAX)) c.add('string.length', 'additional_name', { min: 1, limit: LOBBY_ADDITIONAL_NAME_MAX, count: codePoints(value) })
}

/** OpenAPI `override_event_webhooks_url`: an absolute http(s) URL of at most 512 characters, or null. */
function webhookUrl(c: IssueCollector, value: unknown): void {
  if (value === undefined || value === null) return
  if (typeof value !== 'string') c.add('value.type', 'override_event_webhooks_url', { expected: 'a string' }, value)
  else if (!lengthWithin(value, 0, LOBBY_WEBHOOK_URL_MAX)) c.add('string.length', 'override_event_webhooks_url', { limit: LOBBY_WEBHOOK_URL_MAX, count: codePoints(value) })
  else if (!WEB_URL.test(value)) c.add('url.format', 'override_event_webhooks_url', {}, value)
}

function run<T>(json: unknown, check: (c: IssueCollector, body: Record<string, unknown>) => void): Result<T> {
  const c = new IssueCollector([], 'body', MESSAGES)
  if (!isObject(json)) c.add('value.type', undefined, { expected: 'a plain JSON object' }, json)
  else guard(c, () => check(c, json))
  return resultOf(c, json)
}

/** Keys a body does not list; a key whose value is `undefined` is absent (docs/spec-notes.md). */
function unknownKeys(c: IssueCollector, body: Record<string, unknown>, fields: readonly string[], what: string): void {
  for (const key of Object.keys(body)) if (!fields.includes(key) && body[key] !== undefined) c.add('field.unknown', key, { on: `${what} (${fields.join(', ')})` })
}

/**
 * "Lobby endpoints", "LobbyMember", "Limits": metadata is a dictionary of string to
 * string, at most 1000 characters in total. The spec does not say what the total
 * counts; keys and values are both counted (see docs/spec-notes.md). The OpenAPI
 * adds: at most 25 entries.
 */
function metadata(c: IssueCollector, owner: Record<string, unknown>, field = 'metadata'): void {
  const dict = owner[field]
  if (dict === undefined || dict === null) return
  if (!isObject(dict)) {
    c.add('value.type', field, { expected: 'a dictionary of string to string' }, dict)
    return
  }
  c.path.push(field)
  let total = 0
  let bad = 0
  let entries = 0
  for (const _key in dict) {
    if (++entries > LOBBY_METADATA_ENTRIES_MAX) {
      c.add('lobby.metadata', undefined, { expected: 'entries', limit: LOBBY_METADATA_ENTRIES_MAX })
      break
    }
  }
  for (const key of Object.keys(dict)) {
    const value = dict[key]
    if (typeof value !== 'string') {
      // Reporting stops after 25 bad values: a hostile dictionary may hold millions.
      if (++bad <= 25) c.add('value.type', key, { expected: 'a string: metadata maps strings to strings' }, value)
      continue
    }
    total += codePoints(key) + codePoints(value)
    // Past the limit the answer is known; a huge dictionary is not read to the end.
    if (total > LOBBY_METADATA_MAX) break
  }
  if (total > LOBBY_METADATA_MAX) c.add('lobby.metadata', undefined, { expected: 'characters in keys and values', limit: LOBBY_METADATA_MAX })
  c.path.pop()
}

/** "Lobby endpoints": members, up to 25 `LobbyMember`s; "LobbyMember": `id` required. */
function members(c: IssueCollector, list: unknown): void {
  if (list === undefined || list === null) return
  if (!Array.isArray(list)) {
    c.add('value.type', 'members', { expected: 'an array of lobby members' }, list)
    return
  }
  // A longer list is refused whatever it holds, and not read (bounds.ts); its
  // length is read once, as a proxy may answer differently each time.
  const n = list.length
  if (overCap(c, 'lobby.members', 'members', n, LOBBY_MEMBERS_MAX, 'members')) return
  c.path.push('members')
  memberList(c, list, n, MEMBER_FIELDS, 'a lobby member', () => {})
  c.path.pop()
}

/** The first `n` (at most 25) members, each with a snowflake `id`, `metadata` and `flags`, and what `more` checks. */
function memberList(c: IssueCollector, list: readonly unknown[], n: number, fields: readonly string[], what: string, more: (member: Record<string, unknown>) => void): void {
  for (let i = 0; i < n; i++) {
    const member: unknown = list[i]
    c.path.push(i)
    if (!isObject(member)) c.add('value.type', undefined, { expected: 'a lobby member object { id, metadata, flags }' }, member)
    else {
      unknownKeys(c, member, fields, what)
      if (member.id === undefined) c.add('field.required', 'id', { expected: 'the user id of the member' })
      else if (!isSnowflake(member.id)) c.add('snowflake.format', 'id', {}, member.id)
      metadata(c, member)
      flags(c, member.flags)
      more(member)
    }
    c.path.pop()
  }
}

/** "LobbyMember" flags: an integer; only CanLinkLobby = 1 << 0 is supported. */
function flags(c: IssueCollector, value: unknown): void {
  if (value === undefined || value === null) return
  if (typeof value !== 'number') c.add('value.type', 'flags', { expected: 'an integer bit set' }, value)
  else if (!Number.isInteger(value)) c.add('number.integer', 'flags', {}, value)
  else if (value !== 0 && value !== LobbyMemberFlags.CanLinkLobby) c.add('enum.value', 'flags', { expected: '0, 1 (CanLinkLobby, 1 << 0, the only supported flag)' }, value)
}

/** "Lobby endpoints", "Limits": idle_timeout_seconds, an integer from 5 to 604800 (7 days). */
function idleTimeout(c: IssueCollector, value: unknown): void {
  if (value === undefined || value === null) return
  if (typeof value !== 'number') c.add('value.type', 'idle_timeout_seconds', { expected: 'an integer number of seconds' }, value)
  else if (!Number.isInteger(value)) c.add('number.integer', 'idle_timeout_seconds', {}, value)
  else if (value < LOBBY_IDLE_TIMEOUT_MIN || value > LOBBY_IDLE_TIMEOUT_MAX)
    c.add('lobby.idle_timeout', 'idle_timeout_seconds', { min: LOBBY_IDLE_TIMEOUT_MIN, limit: LOBBY_IDLE_TIMEOUT_MAX }, value)
}
