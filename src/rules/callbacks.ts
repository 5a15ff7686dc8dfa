/**
 * The rules of an interaction callback body (POST /interactions/{id}/{token}/callback,
 * or the HTTP answer to the service's request): which callback types exist and
 * answer which interaction, and the `data` each takes. The spec shows only
 * callback 12 ("Other enumerations"); the rest is public API v10, as the
 * operator's OpenAPI states it (`InteractionCallbackTypes`,
 * `CreateMessageInteractionCallbackRequest`, `UpdateMessageInteractionCallbackRequest`,
 * `ModalInteractionCallbackRequestData`). Never throws, whatever the input.
 */
import type { InteractionResponseJSON } from '../wire/interactions.js'
import type { InteractionCallbackType as CallbackType, InteractionType } from '../wire/enums.js'
import type { Result } from './issues.js'
import { checkStandaloneChoices } from './command.js'
import { NUMBER, STRING } from './json.js'
import { CUSTOM_ID_MAX, MODAL_COMPONENTS_MAX, MODAL_TITLE_MAX } from './message-limits.js'
import { fieldNames, isObject, knownKeys, list, MessageWalk, text } from './message-fields.js'
import { guard, resultOf } from './validate.js'
import { checkMessage } from './message-body.js'
import { checkModalComponents } from './components.js'

// Callback types (wire/enums.ts `InteractionCallbackType`), as literals the bundler inlines.
const PONG: typeof CallbackType.Pong = 1
const MESSAGE: typeof CallbackType.ChannelMessageWithSource = 4
const DEFERRED_MESSAGE: typeof CallbackType.DeferredChannelMessageWithSource = 5
const DEFERRED_UPDATE: typeof CallbackType.DeferredUpdateMessage = 6
const UPDATE: typeof CallbackType.UpdateMessage = 7
const AUTOCOMPLETE: typeof CallbackType.ApplicationCommandAutocompleteResult = 8
const MODAL: typeof CallbackType.Modal = 9
const LAUNCH_ACTIVITY: typeof CallbackType.LaunchActivity = 12

/**
 * Which callback types answer which interaction type (public API v10): PING only
 * PONG; a command a message, a deferral, a modal or LAUNCH_ACTIVITY; a component
 * also the two updates of its message; autocomplete only its result; a modal submit
 * no modal. Interaction type 6 (Social Layer SKU purchase eligibility) is not in
 * the table: no command app receives it, so its callbacks are not checked here.
 */
export const CALLBACKS_FOR: Readonly<Partial<Record<InteractionType, readonly CallbackType[]>>> = {
  1: [PONG],
  2: [MESSAGE, DEFERRED_MESSAGE, MODAL, LAUNCH_ACTIVITY],
  3: [MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL],
  4: [AUTOCOMPLETE],
  5: [MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE],
  // SOCIAL_LAYER_SKU_PURCHASE_ELIGIBILITY is answered by callback 13 alone, which
  // slashkit refuses (see CALLBACK_TYPES): nothing a command app sends answers it.
  6: [],
}

/**
 * Public API v10 callback types (OpenAPI `InteractionCallbackTypes`). 10 was
 * PREMIUM_REQUIRED, deprecated and gone from the OpenAPI description; 13
 * (SOCIAL_LAYER_SKU_PURCHASE_ELIGIBILITY) answers interaction type 6, which no
 * command app receives: both are refused.
 */
const CALLBACK_TYPES: readonly number[] = [PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, AUTOCOMPLETE, MODAL, LAUNCH_ACTIVITY]

const MODAL_KEYS = /* @__PURE__ */ fieldNames('custom_id title components')
const CALLBACK_KEYS = /* @__PURE__ */ fieldNames('type data')

/**
 * Checks an interaction callback body (public API v10 `InteractionCallbackTypes`):
 * a known type, the `data` that type takes (a message for 4 and 7, with every
 * limit of `validateWebhookMessage`; a modal for 9, its components and inputs
 * included; choices for 8), and, when `interactionType` is given, a type that
 * answers that kind of interaction (`CALLBACKS_FOR`).
 *
 * @example
 * validateInteractionResponse({ type: 4, data: { content: 'Pong' } }) // { ok: true, value }
 * validateInteractionResponse({ type: 8, data: { choices: [] } }, { interactionType: 2 }).issues // [{ code: 'response.type', ... }]
 */
export function validateInteractionResponse(json: unknown, options: { readonly interactionType?: number } = {}): Result<InteractionResponseJSON> {
  const c = new MessageWalk()
  guard(c, () => {
    if (!isObject(json)) return c.add('value.type', undefined, { expected: 'a JSON object with a callback type' }, json)
    knownKeys(c, json, CALLBACK_KEYS, 'an interaction callback (type, data)')
    const type = json.type
    if (typeof type !== 'number' || !CALLBACK_TYPES.includes(type)) {
      c.add('enum.value', 'type', { expected: `${CALLBACK_TYPES.join(', ')} (interaction callback types)` }, type)
      return
    }
    const allowed = options.interactionType === undefined ? undefined : (CALLBACKS_FOR as Record<number, readonly number[] | undefined>)[options.interactionType]
    if (allowed !== undefined && !allowed.includes(type))
      c.add('response.type', 'type', { detail: String(type), on: String(options.interactionType), expected: allowed.join(', ') })
    const data = json.data ?? undefined
    c.path.push('data')
    switch (type) {
      case MESSAGE:
        if (data === undefined) c.add('field.required', undefined, { on: 'callback type 4 (the message)' })
        else checkMessage(c, data, 'create')
        break
      case DEFERRED_MESSAGE:
        if (data !== undefined) checkMessage(c, data, 'defer')
        break
      case UPDATE:
        if (data !== undefined) checkMessage(c, data, 'edit')
        break
      case AUTOCOMPLETE:
        checkChoices(c, data)
        break
      case MODAL:
        checkModal(c, data)
        break
      default:
        if (data !== undefined) c.add('field.not_allowed', undefined, { on: `callback type ${type}`, expected: 'callback types 4, 5, 7, 8 and 9' })
    }
    c.path.pop()
  })
  return resultOf(c, json)
}

/** The choices of an autocomplete result, by the rules of "Option choice". */
function checkChoices(c: MessageWalk, data: unknown): void {
  if (!isObject(data)) return c.add('value.type', undefined, { expected: 'an object with choices' }, data)
  const choices = data.choices
  if (!Array.isArray(choices)) return c.add('value.type', 'choices', { expected: 'an array of choices' }, choices)
  // The option's type is not known here: a string value is checked as STRING's, a number as NUMBER's.
  checkStandaloneChoices(c, choices, choices.every((ch) => isObject(ch) && typeof ch.value === 'string') ? STRING : NUMBER, 'response.choices')
}

/** A modal (OpenAPI `ModalInteractionCallbackRequestData`): custom_id 1-100, title 1-45, 1 to 40 components. */
function checkModal(c: MessageWalk, data: unknown): void {
  if (!isObject(data)) return c.add('value.type', undefined, { expected: 'a modal: { custom_id, title, components }' }, data)
  knownKeys(c, data, MODAL_KEYS, 'a modal')
  text(c, data, 'custom_id', 1, CUSTOM_ID_MAX, true)
  text(c, data, 'title', 1, MODAL_TITLE_MAX, true)
  const components = list(c, data, 'components', 1, MODAL_COMPONENTS_MAX, 'components', true)
  if (components === undefined) return
  c.scope = 'a modal'
  c.begin(data)
  checkModalComponents(c, components)
}
