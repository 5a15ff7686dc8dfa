/**
 * `interaction_metadata` of a message an interaction made (public API v10; the
 * OpenAPI's `MessageResponse.interaction_metadata`, one of
 * `ApplicationCommandInteractionMetadataResponse`,
 * `MessageComponentInteractionMetadataResponse` and
 * `ModalSubmitInteractionMetadataResponse`): the interaction's id, type and user,
 * the installations that authorized it (`authorizing_integration_owners`,
 * required), the original response's id on a follow-up, a context menu command's
 * target, the message of the component, and a modal submit's
 * `triggering_interaction_metadata` (required: the command's or component's that
 * showed the modal). Only for a payload the emulator delivered (it knows the user);
 * a modal submit whose modal the emulator did not see shown carries none.
 */
import { CommandType, InteractionType } from '../internal.js'
import type { Open } from './interaction-types.js'

type Json = Readonly<Record<string, unknown>>

export function interactionMetadata(i: Open): Record<string, unknown> | undefined {
  const p = i.payload
  if (p === undefined) return undefined
  const submit = p.type === InteractionType.ModalSubmit
  if (submit ? i.triggering === undefined : p.type !== InteractionType.ApplicationCommand && p.type !== InteractionType.MessageComponent) return undefined
  const user = (p.member as Json | undefined)?.user ?? p.user
  const out: Record<string, unknown> = { id: p.id, type: p.type, user, authorizing_integration_owners: { ...((p.authorizing_integration_owners as Json | undefined) ?? {}) } }
  if (i.original !== undefined && i.original !== i.message) out.original_response_message_id = i.original
  if (submit) {
    out.triggering_interaction_metadata = i.triggering
    return out
  }
  if (p.type === InteractionType.MessageComponent) out.interacted_message_id = i.message
  const data = p.data as Json | undefined
  const target = data?.target_id
  if (data?.type === CommandType.Message && typeof target === 'string') out.target_message_id = target
  if (data?.type === CommandType.User && typeof target === 'string') out.target_user = ((data.resolved as Json | undefined)?.users as Json | undefined)?.[target]
  return out
}
