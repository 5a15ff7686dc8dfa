/**
 * What the dispatch tells when an interaction fails: the notices the user sees
 * (in the interaction's locale when they are localized), whether the user can still
 * be told, the words for a webhook call refused after the token's 15 minutes, and
 * `CustomIdError`, the cause of a component or modal that reaches no handler.
 */
import { INTERACTION_TOKEN_LIFETIME_MS, localizedText, ValidationError, type ComponentMiss, type InteractionErrorCode } from '../internal.js'
import type { DispatchStep } from './errors.js'
import type { Notice } from './handlers.js'

// Error codes of wire/interactions.ts's InteractionErrorCode, named by typed literals (checked against the table, inlined by a bundler).
const UNKNOWN_WEBHOOK: typeof InteractionErrorCode.UnknownWebhook = 10015
const INVALID_WEBHOOK_TOKEN: typeof InteractionErrorCode.InvalidWebhookToken = 50027
const ALREADY_ACKNOWLEDGED: typeof InteractionErrorCode.AlreadyAcknowledged = 40060

export const MISFIT = 'This command does not match the app any more. Try again in a moment.'
export const FAILED = 'Something went wrong while handling this.'
export const UNHANDLED = 'This is not handled any more.'
export const NOT_HANDLED = 'This command is not handled by this app yet.'
export const STALE = 'This was made by an older version of the app and no longer works. Run the command again for a fresh one.'

/**
 * Why a component or modal interaction reaches no handler, as the cause `onError`
 * gets at the step `payload`: `reason` is `readComponent`'s, `route` the route's name
 * when the `custom_id` names one.
 */
export class CustomIdError extends Error {
  override readonly name = 'CustomIdError'
  constructor(
    readonly reason: ComponentMiss,
    readonly customId: string,
    readonly route: string | undefined,
    readonly issues: readonly unknown[] = [],
  ) {
    super(customIdMessage(reason, customId, route))
  }
}

function customIdMessage(reason: ComponentMiss, customId: string, route: string | undefined): string {
  const id = JSON.stringify(customId)
  const named = `route ${JSON.stringify(route)}`
  switch (reason) {
    case 'unknown':
      return `custom_id ${id} was made by no route of this handler (routes: [...]); a component or modal the app sends must be made by one of its routes`
    case 'stale':
      return `custom_id ${id} was made by ${named} before its parameters or its select values changed: a message sent by an older version of the app; its values are not read`
    case 'malformed':
      return `custom_id ${id} names ${named} but does not decode: it was damaged or forged`
    case 'kind':
      return `custom_id ${id} of ${named} came with an interaction its route does not make (a modal submit for a component route or the reverse, or values its component type cannot send)`
    default:
      return `the modal submit of ${named} (custom_id ${id}) holds fields its inputs cannot produce`
  }
}

/** A notice's text for `locale`: its localization there (or at the locale's fallback), else its default. */
export function textOf(notice: Notice, locale: unknown): string {
  if (typeof notice === 'string') return notice
  return localizedText(notice.default, notice.localizations, typeof locale === 'string' ? locale : undefined)
}

/**
 * A webhook call refused after the interaction's token ran out (public API v10: 15
 * minutes; the service answers 401, code 50027, or 404, code 10015): the service's
 * words, then why and what to do instead. Undefined for any other failure.
 */
export function expiredToken(cause: unknown, ageMs: number): string | undefined {
  if (ageMs < INTERACTION_TOKEN_LIFETIME_MS || !(cause instanceof Error)) return undefined
  // A RestError or a discord.js DiscordAPIError: both carry the status and the service's code.
  const { status, code } = cause as { status?: unknown; code?: unknown }
  if (status !== 401 && status !== 404 && code !== INVALID_WEBHOOK_TOKEN && code !== UNKNOWN_WEBHOOK) return undefined
  const minutes = Math.floor(ageMs / 60_000)
  return `${cause.message}; the interaction's token (and its edits and follow-ups) lasts ${INTERACTION_TOKEN_LIFETIME_MS / 60_000} minutes and this one is ${minutes} minutes old: answer within them, or send a later message to the channel with the bot token`
}

/**
 * Whether the service refused a call for its body: 400 (Invalid Form Body, an empty
 * message, AutoMod) or 413 (a file over the limit), where the same call with another
 * body would be taken. Not 40060, the 400 of a callback to an interaction already
 * acknowledged. Both a `RestError` and discord.js's `DiscordAPIError` carry `status`
 * and `code`.
 */
export function bodyRefused(error: unknown): boolean {
  const { status, code } = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; code?: unknown }
  return status === 413 || (status === 400 && code !== ALREADY_ACKNOWLEDGED)
}

/**
 * Whether the user can still be told. After a body refused, before it was sent (a
 * `ValidationError`) or by the service (`bodyRefused`), yes: a refused callback left
 * the interaction unacknowledged, and its notice may answer it; a refused webhook call
 * left the webhook working, and "thinking..." would otherwise stay until the token
 * runs out. Not after a call the service refused otherwise or never answered (a
 * callback after the 3 seconds, 401, 404, 429, 5xx, no answer): the notice would go
 * the same way.
 */
export function noticeable(step: DispatchStep, error: unknown): boolean {
  if (step !== 'callback' && step !== 'follow-up') return true
  return (step === 'follow-up' && error instanceof ValidationError) || bodyRefused(error)
}
