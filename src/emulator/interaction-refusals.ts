/**
 * How the interaction endpoints (interactions.ts) refuse what an application sends
 * (public API v10): an unknown interaction (404, code 10062), an empty message
 * (400, code 50006), any other body the core's rules refuse (400, code 50035, with
 * the issues), autocomplete choices of the wrong type, and an update of a message
 * that is not there.
 */
import { InteractionCallbackType, layoutEditIssues, validateOption, validateWebhookMessage, type Issue, type MessageBodyKind } from '../internal.js'
import { fail, invalidBody } from './errors.js'
import type { EmulatorReply } from './http.js'
import { InteractionErrorCode } from './interaction-types.js'

/** What `keptLayout` reads of a kept message. */
interface Held {
  readonly flags?: unknown
  readonly [field: string]: unknown
}

/**
 * An edit of a kept message (PATCH of a webhook message, or UPDATE_MESSAGE, callback
 * 7), against the message as it is (the core's `layoutEditIssues`: a message sent
 * with IS_COMPONENTS_V2 keeps it, and holds no content, embeds or poll). 400, code
 * 50035, with an issue at each field (`at` is the body's place in the request:
 * `['data']` in a callback).
 */
export function keptLayout(held: Held | undefined, body: unknown, at: readonly string[]): EmulatorReply | undefined {
  const issues = layoutEditIssues(held, body, at)
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
