/**
 * USER and MESSAGE commands (spec "Command types", "Interaction payloads received
 * by the application": `data.target_id`, and `data.resolved` with the members and
 * users, or the messages, keyed by id). They take no options; the user picks a
 * target in the client's context menu. Spec "Other command rules" 2: for a USER
 * command the invoking user must be allowed to send text messages in the channel,
 * otherwise the interaction yields Permission Denied.
 */
import { CommandType, fakeMessage, PermissionFlags, type Resolved } from '../../internal.js'
import type { Refusal } from './options.js'
import { memberBits, wireMember, wireUser, type Index, type InvokeMessage, type InvokeUser } from './world.js'

/** Why a USER or MESSAGE command is refused before it is sent: its target is unknown, or (USER) the user may not send messages in the channel. */
export type TargetRefusalCode = 'target.unresolved' | 'access.send_messages'

/** The target part of a USER or MESSAGE interaction, or why the client refuses it. */
export function buildTarget(
  type: number,
  target: string,
  user: InvokeUser,
  index: Index,
  messages: ReadonlyMap<string, InvokeMessage>,
  inGuild: boolean,
  channelId: string,
): { readonly targetId: string; readonly resolved: Resolved } | Refusal<TargetRefusalCode> {
  if (type === CommandType.User) {
    // "Other command rules" 2 (and "Errors": "Permission Denied").
    const held = memberBits(user, index)
    if (inGuild && (held & (PermissionFlags.SendMessages | PermissionFlags.Administrator)) === 0n)
      return {
        code: 'access.send_messages',
        path: [],
        // An @everyone declared without SendMessages grants none: say where it is declared, so a test that gave a user one flag finds why.
        message: `Permission Denied: a USER command needs permission to send messages in the channel; user ${user.id} holds neither SendMessages nor Administrator here (a member holds what its user, its roles and @everyone, the role whose id is the guild's, declare; an @everyone not declared holds a new guild's defaults)`,
      }
    const u = index.users.get(target)
    if (u === undefined) return { code: 'target.unresolved', path: ['target'], message: `target ${target} is not a declared user` }
    const resolved: Resolved = { users: { [u.id]: wireUser(u) } }
    if (inGuild && u.member !== false) resolved.members = { [u.id]: wireMember(u, index) }
    return { targetId: u.id, resolved }
  }
  const m = messages.get(target)
  if (m === undefined) return { code: 'target.unresolved', path: ['target'], message: `target ${target} is not a declared message` }
  // A JavaScript caller may leave the author out: a sentence, not a TypeError from deep inside.
  if (typeof m.authorId !== 'string') return { code: 'target.unresolved', path: ['target'], message: `the declared message ${target} has no authorId (the id of its author)` }
  const author = index.users.get(m.authorId) ?? { id: m.authorId }
  const message = fakeMessage({ id: m.id, channel_id: m.channelId ?? channelId, author: wireUser(author), content: m.content })
  return { targetId: m.id, resolved: { messages: { [m.id]: message } } }
}
