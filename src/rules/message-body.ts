/**
 * The rules of a message an application sends through an interaction: the `data`
 * of callbacks 4 and 7, a follow-up (POST /webhooks/{app}/{token}), an edit of the
 * original response or of a follow-up (PATCH .../messages/{id}). The spec shows
 * none of this ("Events" 2: response formats not shown); every limit is public API
 * v10, the operator's OpenAPI first (`IncomingWebhookInteractionRequest`,
 * `IncomingWebhookRequestPartial`, `IncomingWebhookUpdateForInteractionCallbackRequestPartial`,
 * `MessageAllowedMentionsRequest`, `MessageAttachmentRequest`, `PollCreateRequest`).
 * Embeds: rules/embeds.ts; components: rules/components.ts; limits: rules/message-limits.ts.
 */
import type { WebhookMessageJSON } from '../wire/interactions.js'
import type { MessageFlag } from '../wire/enums.js'
import type { Result } from './issues.js'
import { guard, resultOf } from './validate.js'
import {
  ATTACHMENT_DURATION_MAX,
  ATTACHMENT_TEXT_MAX,
  ATTACHMENT_WAVEFORM_MAX,
  ATTACHMENTS_MAX,
  COMPONENTS_MAX,
  CONTENT_MAX,
  EMBEDS_MAX,
  EMOJI_NAME_MAX,
  MENTIONS_MAX,
  POLL_ANSWERS_MAX,
  POLL_DURATION_MAX,
  POLL_TEXT_MAX,
  APPLIED_TAGS_MAX,
  THREAD_NAME_MAX,
  URL_MAX,
  WEBHOOK_USERNAME_MAX,
  NONCE_MAX,
} from './message-limits.js'
import { bool, eachObject, emoji, fieldNames, integer, isObject, type Json, knownKeys, list, MessageWalk, object, text, url, within } from './message-fields.js'
import { checkEmbeds } from './embeds.js'
import { checkMessageComponents, isLayout } from './components.js'
import { isSnowflake } from './values.js'

// Message flags (wire/enums.ts `MessageFlag`), as literals the bundler inlines.
const SUPPRESS_EMBEDS: typeof MessageFlag.SuppressEmbeds = 4
const EPHEMERAL: typeof MessageFlag.Ephemeral = 64
const SUPPRESS_NOTIFICATIONS: typeof MessageFlag.SuppressNotifications = 4096
const COMPONENTS_V2: typeof MessageFlag.IsComponentsV2 = 32768
/** `flags`: a bit set of at most 31 bits (an int32 of at least 0). */
const FLAGS_MAX = 0x7fffffff

/**
 * Which message body: a new message (callback 4 or a follow-up), an edit (callback
 * 7, PATCH), or the `data` of a deferral (callback 5), which only sets flags.
 */
export type MessageBodyKind = 'create' | 'follow-up' | 'edit'

/**
 * Every kind also takes `nonce`, `enforce_nonce` and `tts` (an edit's `tts` too): fields
 * of the channel message body (OpenAPI `MessageCreateRequest`) that these bodies do not
 * list and the service takes there all the same, since discord.js 14 sends
 * `enforce_nonce` and `tts` with every reply and edit (docs/spec-notes.md, "Unknown fields").
 */
const EDIT = /* @__PURE__ */ fieldNames('content embeds allowed_mentions components attachments flags tts nonce enforce_nonce')
const CREATE = /* @__PURE__ */ fieldNames('content embeds allowed_mentions components attachments flags tts poll nonce enforce_nonce')
/** Execute-webhook fields a follow-up may carry too (OpenAPI `IncomingWebhookRequestPartial`). */
const FOLLOW_UP = /* @__PURE__ */ fieldNames(
  'content embeds allowed_mentions components attachments flags tts poll username avatar_url thread_name applied_tags nonce enforce_nonce',
)
const MENTIONS = /* @__PURE__ */ fieldNames('parse users roles replied_user')
const ATTACHMENT = /* @__PURE__ */ fieldNames('id filename description duration_secs waveform title is_spoiler is_remix')
const POLL = /* @__PURE__ */ fieldNames('question answers duration allow_multiselect layout_type')
const POLL_MEDIA = /* @__PURE__ */ fieldNames('text emoji')
const POLL_ANSWER = /* @__PURE__ */ fieldNames('poll_media')

/**
 * Checks a webhook message body: a follow-up (POST /webhooks/{app}/{token}), an
 * edit (PATCH .../messages/@original or .../messages/{id}), or the `data` of
 * callback 4 or 7. Every public limit: content (2000 characters), embeds (10, 6000
 * characters together, each field's length), components (action rows of 5 buttons
 * or one select, 40 in all, `custom_id` 1-100 and unique, the layout components of
 * IS_COMPONENTS_V2 and their nesting), allowed mentions, attachments (10), a poll,
 * the flags an app may set; a new message must not be empty. Unknown fields are
 * refused (`ephemeral: true` is a common slip for `flags: 64`). Never throws.
 *
 * @example
 * validateWebhookMessage({ content: 'Done', flags: 64 }, 'follow-up') // { ok: true, value }
 * validateWebhookMessage({}, 'follow-up').issues // [{ code: 'response.empty', path: [], ... }]
 */
export function validateWebhookMessage(json: unknown, kind: MessageBodyKind = 'follow-up'): Result<WebhookMessageJSON> {
  const c = new MessageWalk()
  guard(c, () => checkMessage(c, json, kind))
  return resultOf(c, json)
}

/** One message body at the current path. `defer`: the `data` of callback 5. */
export function checkMessage(c: MessageWalk, v: unknown, kind: MessageBodyKind | 'defer'): void {
  if (!isObject(v)) return c.add('value.type', undefined, { expected: 'a JSON object (a message)' }, v)
  c.begin(v)
  knownKeys(c, v, kind === 'follow-up' ? FOLLOW_UP : kind === 'edit' ? EDIT : CREATE, kind === 'edit' ? 'a message edit' : 'a message', (key) =>
    key === 'ephemeral' ? '; an ephemeral message sets flags: 64' : '',
  )
  const flags = checkFlags(c, v, kind)
  const components = list(c, v, 'components', 0, COMPONENTS_MAX, 'components')
  // IS_COMPONENTS_V2: set, or (in an edit, which may keep it from the message) implied by layout components.
  const v2 = (flags & COMPONENTS_V2) !== 0 || (kind === 'edit' && components !== undefined && components.some(isLayout))
  const content = text(c, v, 'content', 0, CONTENT_MAX)
  const embeds = list(c, v, 'embeds', 0, EMBEDS_MAX, 'embeds')
  if (embeds !== undefined) checkEmbeds(c, embeds)
  if (components !== undefined) checkMessageComponents(c, components, v2)
  const attachments = list(c, v, 'attachments', 0, ATTACHMENTS_MAX, 'attachments')
  if (attachments !== undefined) checkAttachments(c, attachments)
  const mentions = object(c, v, 'allowed_mentions', 'allowed mentions: { parse, users, roles, replied_user }')
  if (mentions !== undefined) checkMentions(c, mentions)
  bool(c, v, 'tts')
  bool(c, v, 'enforce_nonce')
  // OpenAPI `MessageCreateRequest.nonce`: an int64 or a string of at most 25 characters.
  const nonce = v.nonce ?? undefined
  if (nonce !== undefined && !(typeof nonce === 'string' ? nonce.length <= NONCE_MAX : Number.isSafeInteger(nonce)))
    c.add('value.type', 'nonce', { expected: `an integer or at most ${NONCE_MAX} characters` }, nonce)
  const poll = v.poll ?? undefined
  if (poll !== undefined) checkPoll(c, poll)
  if (kind === 'follow-up') {
    text(c, v, 'username', 1, WEBHOOK_USERNAME_MAX)
    url(c, v, 'avatar_url', URL_MAX, 'web')
    text(c, v, 'thread_name', 0, THREAD_NAME_MAX)
    list(c, v, 'applied_tags', 0, APPLIED_TAGS_MAX, 'tags')
  }
  if (v2) {
    // Docs ("Using Components V2"): such a message carries its text in text displays.
    const on = 'a message with the IS_COMPONENTS_V2 flag (32768)'
    for (const key of ['content', 'embeds', 'poll'])
      if ((v[key] ?? undefined) !== undefined) c.add('field.not_allowed', key, { on, expected: 'messages without it; put the text in text displays' })
  }
  // Public API v10: "Cannot send an empty message" (code 50006). A deferral and an edit need no content.
  if ((kind === 'create' || kind === 'follow-up') && content < 1 && !filled(v.embeds) && !filled(v.components) && !filled(v.attachments) && poll === undefined)
    c.add('response.empty', undefined)
}

const filled = (v: unknown): boolean => Array.isArray(v) && v.length > 0

/**
 * Public API v10: a message created through an interaction may set only
 * SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS and IS_COMPONENTS_V2; an edit
 * only SUPPRESS_EMBEDS and IS_COMPONENTS_V2 (whether a message is ephemeral is
 * fixed when it is sent). Returns the flags (0 when absent or refused).
 */
function checkFlags(c: MessageWalk, v: Json, kind: MessageBodyKind | 'defer'): number {
  const flags = v.flags ?? undefined
  if (flags === undefined) return 0
  const may = kind === 'edit' ? SUPPRESS_EMBEDS | COMPONENTS_V2 : SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
  if (typeof flags !== 'number') c.add('value.type', 'flags', { expected: 'a whole number (message flags)' }, flags)
  else if (!Number.isInteger(flags)) c.add('number.integer', 'flags', {}, flags)
  else if (flags < 0 || flags > FLAGS_MAX) c.add('number.range', 'flags', { expected: 'message flags', min: 0, limit: FLAGS_MAX }, flags)
  else if ((flags & ~may) !== 0)
    c.add(
      'field.not_allowed',
      'flags',
      {
        on: `${kind === 'edit' ? 'an edit' : 'a message of an application'} (it sets ${flags & ~may})`,
        expected: kind === 'edit' ? 'SUPPRESS_EMBEDS 4, IS_COMPONENTS_V2 32768' : 'SUPPRESS_EMBEDS 4, EPHEMERAL 64, SUPPRESS_NOTIFICATIONS 4096, IS_COMPONENTS_V2 32768',
      },
      flags,
    )
  else return flags
  return 0
}

/** `allowed_mentions` (OpenAPI `MessageAllowedMentionsRequest`; docs: `parse` and the lists of the same kind exclude each other). */
function checkMentions(c: MessageWalk, m: Json): void {
  c.path.push('allowed_mentions')
  knownKeys(c, m, MENTIONS, 'allowed mentions')
  const parse = list(c, m, 'parse', 0, 3, 'mention types')
  const kinds = new Set<unknown>()
  if (parse !== undefined) {
    c.path.push('parse')
    for (let i = 0; i < parse.length; i++) {
      const p = parse[i]
      if (p !== 'users' && p !== 'roles' && p !== 'everyone') c.add('enum.value', i, { expected: '"users", "roles", "everyone"' }, p)
      else if (kinds.has(p)) c.add('array.duplicate', i, {}, p)
      kinds.add(p)
    }
    c.path.pop()
  }
  for (const key of ['users', 'roles'] as const) {
    const ids = list(c, m, key, 0, MENTIONS_MAX, key)
    if (ids === undefined) continue
    if (kinds.has(key) && ids.length > 0) c.add('mentions.conflict', key, { name: key })
    const seen = new Set<unknown>()
    c.path.push(key)
    for (let i = 0; i < ids.length; i++) {
      if (!isSnowflake(ids[i])) c.add('snowflake.format', i, {}, ids[i])
      else if (seen.has(ids[i])) c.add('array.duplicate', i, {}, ids[i])
      seen.add(ids[i])
    }
    c.path.pop()
  }
  bool(c, m, 'replied_user')
  c.path.pop()
}

/**
 * `attachments` (OpenAPI `MessageAttachmentRequest`): each names a file by `id`, a
 * snowflake, or (what clients send for the files of a multipart body) the index
 * of its `files[n]` part.
 */
function checkAttachments(c: MessageWalk, attachments: readonly unknown[]): void {
  eachObject(c, 'attachments', attachments, 'an attachment: { id, filename, description }', (a) => {
    knownKeys(c, a, ATTACHMENT, 'an attachment')
    const id = a.id
    if (id === undefined) c.add('field.required', 'id', { expected: 'a snowflake, or the index of a file of the request' })
    else if (!isSnowflake(id) && !(typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < ATTACHMENTS_MAX))
      c.add('snowflake.format', 'id', { expected: `or the index (0 to ${ATTACHMENTS_MAX - 1}) of a file of the request` }, id)
    text(c, a, 'filename', 1, ATTACHMENT_TEXT_MAX)
    text(c, a, 'description', 0, ATTACHMENT_TEXT_MAX)
    text(c, a, 'title', 0, ATTACHMENT_TEXT_MAX)
    text(c, a, 'waveform', 0, ATTACHMENT_WAVEFORM_MAX)
    const duration = a.duration_secs ?? undefined
    if (duration !== undefined && typeof duration !== 'number') c.add('value.type', 'duration_secs', { expected: 'a number of seconds' }, duration)
    else if (duration !== undefined && !(duration >= 0 && duration <= ATTACHMENT_DURATION_MAX))
      c.add('number.range', 'duration_secs', { min: 0, limit: ATTACHMENT_DURATION_MAX }, duration)
    bool(c, a, 'is_spoiler')
    bool(c, a, 'is_remix')
  })
}

/** A poll (OpenAPI `PollCreateRequest`, `PollMedia`, `PollAnswerCreateRequest`; docs: the question is text only). */
function checkPoll(c: MessageWalk, poll: unknown): void {
  if (!isObject(poll)) return c.add('value.type', 'poll', { expected: 'a poll: { question, answers, duration, allow_multiselect }' }, poll)
  c.path.push('poll')
  knownKeys(c, poll, POLL, 'a poll')
  within(
    c,
    poll,
    'question',
    'the question: { text }',
    POLL_MEDIA,
    "a poll's question",
    (question) => {
      text(c, question, 'text', 1, POLL_TEXT_MAX, true)
      if ((question.emoji ?? undefined) !== undefined) c.add('field.not_allowed', 'emoji', { on: "a poll's question", expected: 'answers' })
    },
    true,
  )
  const answers = list(c, poll, 'answers', 1, POLL_ANSWERS_MAX, 'answers', true)
  if (answers !== undefined) {
    eachObject(c, 'answers', answers, 'an answer: { poll_media: { text, emoji } }', (a) => {
      knownKeys(c, a, POLL_ANSWER, 'a poll answer')
      within(
        c,
        a,
        'poll_media',
        'the answer: { text, emoji }',
        POLL_MEDIA,
        "a poll answer's media",
        (media) => {
          const n = text(c, media, 'text', 1, POLL_TEXT_MAX)
          emoji(c, media, 'emoji', EMOJI_NAME_MAX, false)
          if (n < 0 && (media.emoji ?? undefined) === undefined) c.add('field.required', 'text', { expected: 'the text or the emoji of the answer' })
        },
        true,
      )
    })
  }
  integer(c, poll, 'duration', 1, POLL_DURATION_MAX)
  bool(c, poll, 'allow_multiselect')
  const layout = poll.layout_type ?? undefined
  if (layout !== undefined && layout !== 1) c.add('enum.value', 'layout_type', { expected: '1 (DEFAULT, the only poll layout)' }, layout)
  c.path.pop()
}
