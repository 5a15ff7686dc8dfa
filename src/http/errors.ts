/**
 * What `onError` gets: one `DispatchError` per failure, naming the step of the
 * interaction's way that failed, with the error of that step as its `cause`.
 */

/**
 * The steps of an interaction's way that can fail, in order:
 * - `payload`: what arrived is not an interaction the app handles (it does not fit
 *   the definitions, no component or modal handler matches its `custom_id`, a gateway
 *   payload of a shape `createGatewayHandler` does not read);
 * - `handler`: the handler threw, or returned no answer and sent none;
 * - `response`: the answer was refused before it was sent (`validateInteractionResponse`),
 *   or it cannot be sent at this point (a modal after the deferral);
 * - `callback`: sending the first answer failed (the gateway path's callback endpoint:
 *   a late interaction is 10062);
 * - `follow-up`: a webhook call failed (the edit of the original after a deferral, a
 *   follow-up, an edit or a delete, made by the handler or for it);
 * - `notice`: the ephemeral message that tells the user something went wrong could not
 *   be sent, after a failure reported on its own.
 */
export type DispatchStep = 'payload' | 'handler' | 'response' | 'callback' | 'follow-up' | 'notice'

const WHAT: Readonly<Record<DispatchStep, string>> = {
  payload: 'the interaction was not handled',
  handler: 'the handler failed',
  response: 'the answer was refused',
  callback: 'the answer could not be sent',
  'follow-up': 'a webhook call failed',
  notice: 'the user could not be told that something went wrong',
}

/**
 * A failure while handling one interaction: `step` says where, `cause` is the error
 * of that step (an `InteractionError` for a payload that does not fit, what the
 * handler threw, a `ValidationError`, a `RestError`, ...). `onError` gets one per
 * failure. Its message never holds the interaction token.
 *
 * @example
 * createHandler({ publicKey, app, handlers, onError: (error) => {
 *   if (error.step === 'handler') console.error('handler bug', error.cause)
 *   else console.warn(error.message)
 * } })
 */
export class DispatchError extends Error {
  override readonly name = 'DispatchError'
  readonly step: DispatchStep
  override readonly cause: unknown

  constructor(step: DispatchStep, cause: unknown, detail?: string) {
    const reason = detail ?? (cause instanceof Error ? cause.message : String(cause))
    super(`${WHAT[step]}: ${reason}`)
    this.step = step
    this.cause = cause
  }
}
