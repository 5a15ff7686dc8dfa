/**
 * Response bodies for interactions: a message reply (callback 4), a deferred
 * reply (5), an autocomplete result (8) and LAUNCH_ACTIVITY (12). The spec shows
 * only callback type 12; the others are the public API v10 values.
 */
import type { ChoiceJSON } from '../wire/commands.js'
import type { MessageResponseData } from '../wire/interactions.js'
import { ValidationError } from '../rules/issues.js'
import { checkStandaloneChoices } from '../rules/command.js'
import { Walk } from '../rules/walk.js'
import { definitionOf } from '../builders/from-json.js'
import { materialize } from '../builders/state.js'
import type { Choice } from '../builders/types/options.js'
import type { EntryPoint } from '../builders/types/commands.js'
import type { SlashkitError } from '../builders/types/error.js'
import { MESSAGES } from '../rules/messages.js'
import { assertObject } from '../rules/arguments.js'
import { EPHEMERAL, InteractionCallbackType, InteractionType } from '../wire/enums.js'

export { EPHEMERAL }

/**
 * A message reply (callback type 4, CHANNEL_MESSAGE_WITH_SOURCE).
 * @example reply('Banned.', { ephemeral: true })
 */
export function reply(message: string | MessageResponseData, options: { readonly ephemeral?: boolean | undefined } = {}): { type: 4; data: MessageResponseData } {
  // From JavaScript: a number or null spread to {}, and the reply went out empty.
  if (typeof message !== 'string') assertObject('reply', 'message', message, 'a string or an object of message fields')
  const data: MessageResponseData = typeof message === 'string' ? { content: message } : { ...message }
  if (options?.ephemeral === true) data.flags = (data.flags ?? 0) | EPHEMERAL
  return { type: 4, data }
}

/** A deferred reply (callback type 5): answer later with a follow-up. */
export function deferReply(options: { readonly ephemeral?: boolean | undefined } = {}): { type: 5; data?: { flags: number } } {
  return options?.ephemeral === true ? { type: 5, data: { flags: EPHEMERAL } } : { type: 5 }
}

/**
 * The deferral that answers `interaction` (public API v10): where there is a message
 * to update, a component's and the submit of a modal shown from one (its `message`),
 * DEFERRED_UPDATE_MESSAGE (callback 6: the message is updated later, nothing is
 * shown), so that an update sent after it changes that message as it would have at
 * once; anything else's `deferReply(options)` (callback 5, "thinking...", ephemeral
 * when asked). slashkit/http makes every deferral it sends with this function.
 *
 * @example deferralFor({ type: InteractionType.ApplicationCommand }, { ephemeral: true }) // { type: 5, data: { flags: 64 } }
 */
export function deferralFor(
  interaction: { readonly type: unknown; readonly message?: unknown },
  options: { readonly ephemeral?: boolean | undefined } = {},
): { type: 5; data?: { flags: number } } | { type: 6 } {
  const type = interaction.type
  return type === InteractionType.MessageComponent || (type === InteractionType.ModalSubmit && interaction.message != null)
    ? { type: InteractionCallbackType.DeferredUpdateMessage }
    : deferReply(options)
}

/** The focused option an autocomplete result answers (from `parseAutocomplete`). */
export interface Focus {
  readonly name: string
  readonly type: number
}

type ValueFor<F extends Focus> = F['type'] extends 3 ? string : F['type'] extends 4 | 10 ? number : string | number

/**
 * An autocomplete result (callback type 8) for the focused option: at most 25
 * choices, names 1-100 characters, values of the option's type (strings at most
 * 100 characters, INTEGER whole numbers). Throws `ValidationError` otherwise.
 *
 * @example autocompleteResult(focused, [choice('Spam', 'spam'), choice('Raid', 'raid')])
 */
export function autocompleteResult<F extends Focus>(focused: F, choices: readonly Choice<ValueFor<F>>[]): { type: 8; data: { choices: ChoiceJSON[] } } {
  const c = new Walk(['data'], 'response', MESSAGES)
  const list = choices.map((ch) => materialize(ch) as ChoiceJSON)
  // The rules of "Option choice" for the focused option's type, as in a definition;
  // over 25 is a response's own code.
  checkStandaloneChoices(c, list, focused.type, 'response.choices')
  if (c.issues.length > 0) throw new ValidationError(c.issues, 'autocomplete result')
  return { type: 8, data: { choices: list } }
}

/**
 * LAUNCH_ACTIVITY (callback type 12): the answer of an entry point command whose
 * handler is APP_HANDLER (spec: "Other command rules" 3). Refused, by the types
 * and at run time, for any other definition.
 */
export function launchActivity<D extends EntryPoint<string, 1 | 2>>(
  definition: D &
    (D extends EntryPoint<string, 1>
      ? unknown
      : SlashkitError<'LAUNCH_ACTIVITY answers entry points whose handler is AppHandler (1); with DiscordLaunchActivity the service launches it itself'>),
): { type: 12 } {
  const json = definitionOf(definition) as { type?: number; handler?: number }
  if (json.type !== 4 || json.handler !== 1) throw new TypeError('launchActivity() answers entry point commands whose handler is AppHandler (1)')
  return { type: 12 }
}
