/**
 * `slashkit/emulator`: the service's HTTP interface in memory (`createEmulator`,
 * a `fetch` for the client, no socket) and on loopback (`startEmulator`, Node).
 * docs/emulator.md.
 *
 * @packageDocumentation
 */
export { createEmulator, type Emulator, type EmulatorApplication, type EmulatorOptions, type EmulatorState, type RequestRecord } from './emulator.js'
export { startEmulator, type RunningEmulator, type StartOptions } from './server.js'
export { ErrorCode, type ErrorBody } from './errors.js'
export {
  CALLBACK_WINDOW_MS,
  TOKEN_LIFETIME_MS,
  InteractionErrorCode,
  type EmulatorInteractions,
  type InteractionRecord,
  type OpenedInteraction,
  type OpenInteractionOptions,
  type TranscriptEntry,
  type TranscriptMessage,
} from './interactions.js'
export type { RateLimitOptions } from './limits.js'
export type { EmulatorReply, EmulatorRequest, EmulatorResponse, RequestLike } from './http.js'
