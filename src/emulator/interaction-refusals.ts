/**
 * How the interaction endpoints (interactions.ts) refuse what an application sends
 * (public API v10): an unknown interaction (404, code 10062), an empty message
 * (400, code 50006), any other body the core's rules refuse (400, code 50035, with
 * the issues), autocomplete choices of the wrong type, and an update of a message
 * that is not there.
 */
import { InteractionCallbackType, MessageFlag, validateOption, validateWebhookMessage, type Issue, type MessageBodyKind } from '../internal.js'
import { fail, invalidBody } from './errors.js'
import type { EmulatorReply } from './http.js'
import { InteractionErrorCode } from './interaction-types.js'

/** What `keptLayout` reads of a kept message. */
interface Held {
  readonly flags?: unknown
  readonly [field: string]: unknown
}

const LEGACY = ['content', 'embeds', 'poll'] as const
const holds = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v !== '' : v !== undefined && v !== null)

/**
 * An edit of a kept message (PATCH of a webhook message, or UPDATE_MESSAGE, callback
 * 7), against the message as it is (public API v10, "Message Flags": once a message
 * is sent with IS_COMPONENTS_V2 the flag cannot be removed, and such a message has
 * no content, embeds or poll; a message upgraded to it by an edit must clear them,
 * set to null). 400, code 50035, with an issue at each field (`at` is the body's
 * place in the request: `['data']` in a callback).
 */
export function keptLayout(held: Held | undefined, body: unknown, at: readonly string[]): EmulatorReply | undefined {
  if (held === undefined || body === null || typeof body !== 'object') return undefined
  const V2 = MessageFlag.IsComponentsV2
  const given = (body as Held).flags
  const was = (Number(held.flags) & V2) !== 0
  const issues: Issue[] = []
  const add = (field: string, message: string) => issues.push({ code: 'field.not_allowed', path: [...at, field], message } as Issue)
  if (was) {
    if (typeof given === 'number' && (given & V2) === 0) add('flags', 'flags: a message sent with IS_COMPONENTS_V2 (32768) keeps it')
    // The body passed as an edit; what it breaks as an edit of a layout message is the flag's.
    const asLayout = validateWebhookMessage({ ...body, flags: (typeof given === 'number' ? given : 0) | V2 }, 'edit')
    if (!asLayout.ok) for (const issue of asLayout.issues) issues.push({ ...issue, path: [...at, ...issue.path] })
  } else if (typeof given === 'number' && (given & V2) !== 0)
    for (const field of LEGACY)
      if (holds(held[field]) && !(field in body && !holds((body as Held)[field]))) add(field, `${field}: set it to null to upgrade the message to IS_COMPONENTS_V2 (32768)`)
  return issues.length === 0 ? undefined : invalidBody(issues)
}

/** Callbacks 6 and 7: the component's message must be there (`noSourceMessage`), and an update (7) fit it (`keptLayout`). */
export function updateRefusal(type: number, messageId: string | undefined, held: Held | undefined, data: unknown): EmulatorReply | undefined {
  if (type !== InteractionCallbackType.DeferredUpdateMessage && type !== InteractionCallbackType.UpdateMessage) return undefined
  if (held === undefined) return noSourceMessage(type, messageId)
  return type === InteractionCallbackType.UpdateMessage ? keptLayout(held, data, ['data']) : undefined
}

export const unknownInteraction = (): EmulatorReply => fail(404, InteractionErrorCode.UnknownInteraction, 'Unknown interaction')

/** Callbacks 6 and 7 without the component's message: 404 (code 10008) once it is deleted, 400 when there never was one. */
const noSourceMessage = (type: number, messageId: string | undefined): EmulatorReply =>
  messageId !== undefined
    ? fail(404, InteractionErrorCode.UnknownMessage, 'Unknown Message')
    : invalidBody([
        { code: 'response.type', path: ['type'], message: `type is ${type}, which updates the message of a component; this interaction has none (a modal shown from a command)` },
      ])

/**
 * Issue 25 item 5: the choices an app offers for the focused option must have that
 * option's value type (STRING a string, INTEGER an integer, NUMBER a number: "Option
 * choice"). Checked by the command rules on an option of that type holding them;
 * the paths are the callback body's.
 */
export function choiceTypes(focusedType: number | undefined, choices: unknown): Issue[] {
  if (focusedType === undefined || !Array.isArray(choices)) return []
  const r = validateOption({ type: focusedType, name: 'focused', description: 'the focused option', choices })
  if (r.ok) return []
  return r.issues.filter((x) => x.path[0] === 'choices' && x.path[2] === 'value').map((x) => ({ ...x, path: ['data', ...x.path] }))
}

/** 400: "Cannot send an empty message" (50006) when that is the only problem, else Invalid Form Body. */
export function emptyOr(issues: readonly { code: string }[]): EmulatorReply {
  if (issues.length === 1 && issues[0]?.code === 'response.empty') return fail(400, InteractionErrorCode.CannotSendEmptyMessage, 'Cannot send an empty message')
  return invalidBody(issues as Parameters<typeof invalidBody>[0])
}

export function check(body: unknown, kind: MessageBodyKind): EmulatorReply | undefined {
  const r = validateWebhookMessage(body, kind)
  return r.ok ? undefined : emptyOr(r.issues)
}
