/**
 * An edit of a message already sent, against the message as it is: public API v10,
 * "Message Flags": once a message is sent with IS_COMPONENTS_V2 (32768) the flag
 * cannot be removed, and such a message holds no content, embeds or poll; a message
 * upgraded to it by an edit must clear them (set to null). The service answers 400
 * (code 50035) to an edit that breaks it: a webhook PATCH, and UPDATE_MESSAGE
 * (callback 7), whose message is the component's (the interaction's `message`).
 * The emulator refuses such edits with it, and `slashkit/http` checks an
 * UPDATE_MESSAGE against the interaction's message before it is sent, where over
 * HTTP the service's refusal would never reach the bot.
 */
import type { MessageFlag } from '../wire/enums.js'
import { formatPath, type Issue, type PathSegment } from './issues.js'
import { checkMessage } from './message-body.js'
import { MessageWalk } from './message-fields.js'
import { guard } from './validate.js'

const V2: typeof MessageFlag.IsComponentsV2 = 32768
const LEGACY = ['content', 'embeds', 'poll'] as const

/** Whether a message field holds something: a non-empty list or string, any other value but null. */
const holds = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v !== '' : v !== undefined && v !== null)

/**
 * The issues of `body` as an edit of `held` (the message as it is), each at `at` and
 * its field (`['data']` in a callback): none where `held` or `body` is not an object.
 */
export function layoutEditIssues(held: unknown, body: unknown, at: readonly PathSegment[]): Issue[] {
  if (held === null || typeof held !== 'object' || body === null || typeof body !== 'object') return []
  const was = (Number((held as { flags?: unknown }).flags) & V2) !== 0
  const given = (body as { flags?: unknown }).flags
  // The issues are named where they are in what is sent (`body.data.content` in a callback), as the body's own checks name them.
  const c = new MessageWalk(at)
  const add = (field: string, message: string) => {
    const path = [...at, field]
    c.issues.push({ code: 'field.not_allowed', path, message: `${formatPath(path, 'body')} ${message}` })
  }
  if (was) {
    if (typeof given === 'number' && (given & V2) === 0) add('flags', 'must keep IS_COMPONENTS_V2 (32768): a message sent with it keeps it')
    // The body passed as an edit; what it breaks as an edit of a layout message is the flag's.
    guard(c, () => checkMessage(c, { ...body, flags: (typeof given === 'number' ? given : 0) | V2 }, 'edit'))
  } else if (typeof given === 'number' && (given & V2) !== 0)
    for (const field of LEGACY)
      if (holds((held as Record<string, unknown>)[field]) && !(field in body && !holds((body as Record<string, unknown>)[field])))
        add(field, 'must be set to null to upgrade the message to IS_COMPONENTS_V2 (32768)')
  return c.issues
}
