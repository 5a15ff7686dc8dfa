/**
 * The rules of what an application sends back to an interaction: the callback body
 * (POST /interactions/{id}/{token}/callback, or the HTTP answer to the service's
 * request) and the messages of the interaction webhook (follow-ups, edits of the
 * original response and of follow-ups).
 *
 * The spec shows none of this beyond callback type 12 ("Other enumerations"; the
 * response formats are "not shown" under "Events" 2). Every limit here is a public
 * API v10 fact, as the operator's OpenAPI description states it
 * (`specs/openapi.json`: `IncomingWebhookInteractionRequest`,
 * `IncomingWebhookUpdateForInteractionCallbackRequestPartial`,
 * `ModalInteractionCallbackRequestData`, `InteractionCallbackTypes`). They never
 * throw, whatever the input; every issue is collected.
 */
import type { InteractionResponseJSON, WebhookMessageJSON } from '../wire/interactions.js'
import { MessageFlag } from '../wire/enums.js'
import { checkStandaloneChoices, isObject } from '../rules/command.js'
import { IssueCollector, thrownText, type Result } from '../rules/issues.js'
import { Walk } from '../rules/walk.js'
import { codePoints } from '../rules/text.js'
import { MESSAGES } from '../rules/messages.js'

/** Public API v10 (OpenAPI `content.maxLength`): message content is at most 2000 characters. */
export const MESSAGE_CONTENT_MAX = 2000
/** Public API v10 (OpenAPI `embeds.maxItems`). */
export const MESSAGE_EMBEDS_MAX = 10
/** Public API v10 (OpenAPI `components.maxItems`, counting every component of the message). */
export const MESSAGE_COMPONENTS_MAX = 40
/** Public API v10 (OpenAPI `attachments.maxItems`). */
export const MESSAGE_ATTACHMENTS_MAX = 10
/** Public API v10 (OpenAPI `ModalInteractionCallbackRequestData`): title 1-45, custom_id 1-100, 1-40 components. */
export const MODAL_TITLE_MAX = 45
export const CUSTOM_ID_MAX = 100
export const MODAL_COMPONENTS_MAX = 40

/**
 * Public API v10: a message created through an interaction may set only
 * SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS and IS_COMPONENTS_V2; an edit
 * only SUPPRESS_EMBEDS and IS_COMPONENTS_V2 (whether a message is ephemeral is fixed
 * when it is sent).
 */
const createFlags = (): number => MessageFlag.SuppressEmbeds | MessageFlag.Ephemeral | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2
const editFlags = (): number => MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2

// Plain literals (no spread, no Set): nothing here survives in a bundle that does not call these checks.
const EDIT_FIELDS = ['content', 'embeds', 'allowed_mentions', 'components', 'attachments', 'flags']
const CREATE_FIELDS = ['content', 'embeds', 'allowed_mentions', 'components', 'attachments', 'flags', 'tts', 'poll']
/** Execute-webhook fields a follow-up may carry too (OpenAPI `execute_webhook`). */
const FOLLOW_UP_FIELDS = ['content', 'embeds', 'allowed_mentions', 'components', 'attachments', 'flags', 'tts', 'poll', 'username', 'avatar_url', 'thread_name', 'applied_tags']

/** Which message body: a new message (callback 4 or a follow-up) or an edit (callback 7, PATCH). */
export type MessageBodyKind = 'create' | 'follow-up' | 'edit'

/**
 * Which callback types answer which interaction type (public API v10): PING only
 * PONG; a command a message, a deferral, a modal or LAUNCH_ACTIVITY; a component
 * also the two updates of its message; autocomplete only its result; a modal submit
 * no modal.
 */
export const CALLBACKS_FOR: Readonly<Record<number, readonly number[]>> = {
  1: [1],
  2: [4, 5, 9, 12],
  3: [4, 5, 6, 7, 9],
  4: [8],
  5: [4, 5, 6, 7],
}

/**
 * Public API v10 callback types (OpenAPI `InteractionCallbackTypes`). 10 was
 * PREMIUM_REQUIRED, deprecated and gone from the OpenAPI description; 13
 * (SOCIAL_LAYER_SKU_PURCHASE_ELIGIBILITY) answers interaction type 6, which no
 * command app receives: both are refused.
 */
const CALLBACK_TYPES = [1, 4, 5, 6, 7, 8, 9, 12]

/**
 * Checks a webhook message body: a follow-up (POST /webhooks/{app}/{token}), an edit
 * (PATCH .../messages/@original or .../messages/{id}), or the `data` of callback 4
 * or 7. Content at most 2000 characters, at most 10 embeds, 40 components and 10
 * attachments, only the flags an app may set, and a new message must not be empty.
 * Unknown fields are refused (`ephemeral: true` is a common slip for `flags: 64`).
 *
 * @example
 * validateWebhookMessage({ content: 'Done', flags: 64 }, 'follow-up') // { ok: true, value }
 * validateWebhookMessage({}, 'follow-up').issues // [{ code: 'response.empty', ... }]
 */
export function validateWebhookMessage(json: unknown, kind: MessageBodyKind = 'follow-up'): Result<WebhookMessageJSON> {
  const c = new IssueCollector([], 'body', MESSAGES)
  guard(c, () => checkMessage(c, json, kind))
  return done(c, json)
}

/**
 * Checks an interaction callback body (public API v10 `InteractionCallbackTypes`):
 * a known type, the `data` that type takes, and, when `interactionType` is given,
 * a type that answers that kind of interaction (`CALLBACKS_FOR`).
 *
 * @example
 * validateInteractionResponse({ type: 4, data: { content: 'Pong' } }) // { ok: true, value }
 * validateInteractionResponse({ type: 8, data: { choices: [] } }, { interactionType: 2 }).issues // [{ code: 'response.type', ... }]
 */
export function validateInteractionResponse(json: unknown, options: { readonly interactionType?: number } = {}): Result<InteractionResponseJSON> {
  // A walk: autocomplete choices are checked by the command rules (rules/walk.ts).
  const c = new Walk([], 'body', MESSAGES)
  guard(c, () => {
    if (!isObject(json)) return c.add('value.type', undefined, { expected: 'a JSON object with a callback type' }, json)
    for (const key of Object.keys(json)) if (key !== 'type' && key !== 'data') c.add('field.unknown', key, { on: 'an interaction callback (type, data)' })
    const type = json.type
    if (typeof type !== 'number' || !CALLBACK_TYPES.includes(type)) {
      c.add('enum.value', 'type', { expected: `${CALLBACK_TYPES.join(', ')} (interaction callback types)` }, type)
      return
    }
    const allowed = options.interactionType === undefined ? undefined : CALLBACKS_FOR[options.interactionType]
    if (allowed !== undefined && !allowed.includes(type))
      c.add('response.type', 'type', { detail: String(type), on: String(options.interactionType), expected: allowed.join(', ') })
    const data = json.data ?? undefined
    c.path.push('data')
    switch (type) {
      case 4:
        if (data === undefined) c.add('field.required', undefined, { on: 'callback type 4 (the message)' })
        else checkMessage(c, data, 'create')
        break
      case 5:
        if (data !== undefined) checkMessage(c, data, 'defer')
        break
      case 7:
        if (data !== undefined) checkMessage(c, data, 'edit')
        break
      case 8:
        checkChoices(c, data)
        break
      case 9:
        checkModal(c, data)
        break
      default:
        if (data !== undefined) c.add('field.not_allowed', undefined, { on: `callback type ${type}`, expected: 'callback types 4, 5, 7, 8 and 9' })
    }
    c.path.pop()
  })
  return done(c, json)
}

function checkMessage(c: IssueCollector, v: unknown, kind: MessageBodyKind | 'defer'): void {
  if (!isObject(v)) return c.add('value.type', undefined, { expected: 'a JSON object (a message)' }, v)
  const fields = kind === 'follow-up' ? FOLLOW_UP_FIELDS : kind === 'edit' ? EDIT_FIELDS : CREATE_FIELDS
  for (const key of Object.keys(v)) {
    if (fields.includes(key)) continue
    const hint = key === 'ephemeral' ? '; an ephemeral message sets flags: 64' : ''
    c.add('field.unknown', key, { on: `a ${kind === 'edit' ? 'message edit' : 'message'}${hint}` })
  }
  const content = v.content ?? undefined
  if (content !== undefined) {
    if (typeof content !== 'string') c.add('value.type', 'content', { expected: 'a string' }, content)
    else if (codePoints(content) > MESSAGE_CONTENT_MAX) c.add('string.length', 'content', { limit: MESSAGE_CONTENT_MAX, count: codePoints(content) })
  }
  const present = (key: string, max: number): boolean => {
    const list = v[key] ?? undefined
    if (list === undefined) return false
    if (!Array.isArray(list)) {
      c.add('value.type', key, { expected: 'an array' }, list)
      return false
    }
    if (list.length > max) c.add('response.too_many', key, { count: list.length, expected: 'items', limit: max })
    return list.length > 0
  }
  const embeds = present('embeds', MESSAGE_EMBEDS_MAX)
  const components = present('components', MESSAGE_COMPONENTS_MAX)
  const attachments = present('attachments', MESSAGE_ATTACHMENTS_MAX)
  const flags = v.flags ?? undefined
  if (flags !== undefined) {
    const may = kind === 'edit' ? editFlags() : createFlags()
    if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0) c.add('value.type', 'flags', { expected: 'a whole number (message flags)' }, flags)
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
  }
  // Public API v10: "Cannot send an empty message" (code 50006). A deferral and an edit need no content.
  if (
    (kind === 'create' || kind === 'follow-up') &&
    (typeof content !== 'string' || content === '') &&
    !embeds &&
    !components &&
    !attachments &&
    (v.poll ?? undefined) === undefined
  )
    c.add('response.empty', undefined)
}

function checkChoices(c: Walk, data: unknown): void {
  if (!isObject(data)) return c.add('value.type', undefined, { expected: 'an object with choices' }, data)
  const choices = data.choices
  if (!Array.isArray(choices)) return c.add('value.type', 'choices', { expected: 'an array of choices' }, choices)
  // The option's type is not known here: a string value is checked as STRING's, a number as NUMBER's.
  const type = choices.every((ch) => isObject(ch) && typeof ch.value === 'string') ? 3 : 10
  checkStandaloneChoices(c, choices, type, 'response.choices')
}

function checkModal(c: IssueCollector, data: unknown): void {
  if (!isObject(data)) return c.add('value.type', undefined, { expected: 'a modal: { custom_id, title, components }' }, data)
  for (const key of Object.keys(data)) if (key !== 'custom_id' && key !== 'title' && key !== 'components') c.add('field.unknown', key, { on: 'a modal' })
  text(c, data.custom_id, 'custom_id', CUSTOM_ID_MAX)
  text(c, data.title, 'title', MODAL_TITLE_MAX)
  const list = data.components
  if (!Array.isArray(list)) c.add('value.type', 'components', { expected: 'an array of components' }, list)
  else if (list.length === 0 || list.length > MODAL_COMPONENTS_MAX)
    c.add('response.too_many', 'components', { count: list.length, expected: 'components (a modal takes at least 1)', limit: MODAL_COMPONENTS_MAX })
}

function text(c: IssueCollector, v: unknown, key: string, max: number): void {
  if (typeof v !== 'string') c.add(v === undefined ? 'field.required' : 'value.type', key, { expected: 'a string' }, v)
  else if (v.length === 0 || codePoints(v) > max) c.add('string.length', key, { min: 1, limit: max, count: codePoints(v) })
}

function guard(c: IssueCollector, check: () => void): void {
  try {
    check()
  } catch (error) {
    // A hostile value (a getter that throws, a proxy) is an issue, not a crash.
    c.add('input.unreadable', undefined, { detail: thrownText(error) })
  }
}

function done<T>(c: IssueCollector, json: unknown): Result<T> {
  return c.issues.length === 0 ? { ok: true, value: json as T } : { ok: false, issues: c.issues }
}
