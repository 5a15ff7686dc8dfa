/**
 * Updates the service would refuse (callbacks 6 and 7, public API v10), as the first
 * answer or as the answer to a deferral, checked before they are sent: over HTTP the
 * first answer is the HTTP response, and the service's refusal of it never reaches
 * the bot (the user sees "This interaction failed", and nothing tells `onError`).
 */
import { InteractionCallbackType, InteractionType, layoutEditIssues, ValidationError, type InteractionResponseJSON, type Issue } from '../internal.js'

/**
 * Why the service would refuse `body` as the answer to `interaction`, sent at once or
 * as the answer to a deferral (the session checks both, so that a slow handler meets
 * what a fast one does): a modal shown from a command has no message to update, and
 * an update must fit the component's message as it is (`layoutEditIssues`: a layout
 * message keeps its flag and takes no content, embeds or poll). `undefined` for any
 * other answer.
 */
export function updateMisfit(interaction: { readonly type: number; readonly message?: unknown }, body: InteractionResponseJSON): ValidationError | undefined {
  const type = body.type
  if (type !== InteractionCallbackType.UpdateMessage && type !== InteractionCallbackType.DeferredUpdateMessage) return undefined
  const held = interaction.message
  const issues: Issue[] =
    held === undefined
      ? interaction.type === InteractionType.ModalSubmit
        ? [
            {
              code: 'response.type',
              path: ['type'],
              message: `type is ${type}, which updates the message of a component; this modal was shown from a command and has none: reply instead`,
            },
          ]
        : []
      : type === InteractionCallbackType.UpdateMessage
        ? layoutEditIssues(held, (body as { data?: unknown }).data, ['data'])
        : []
  return issues.length === 0 ? undefined : new ValidationError(issues, 'interaction response')
}

/**
 * Why the service would refuse `data` as `ctx.editReply` of the component's message
 * while that message is still as the interaction holds it (after a deferred update,
 * 6, and before any edit): refused as the update sent at once is (`updateMisfit`,
 * which also checks an update sent as the answer to that deferral).
 */
export function heldEditMisfit(interaction: { readonly message?: unknown }, data: unknown): ValidationError | undefined {
  const issues = layoutEditIssues(interaction.message, data, [])
  return issues.length === 0 ? undefined : new ValidationError(issues, 'message')
}
