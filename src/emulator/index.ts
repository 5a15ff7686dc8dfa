/**
 * `slashkit/emulator`: the service's HTTP interface in memory (`createEmulator`,
 * a `fetch` for the client, no socket) and on loopback (`startEmulator`, Node).
 * docs/emulator.md.
 *
 * @packageDocumentation
 */
export { createEmulator, type Emulator, type EmulatorApplication, type EmulatorOptions, type EmulatorState, type RequestRecord } from './emulator.js'
export { startEmulator, type RunningEmulator, type StartOptions } from './server.js'
export { emulatorConfig, formatConfigIssues, type ConfigIssue } from './options.js'
export { ErrorCode, type ErrorBody } from './errors.js'
export {
  CALLBACK_WINDOW_MS,
  TOKEN_LIFETIME_MS,
  InteractionErrorCode,
  type EmulatorInteractions,
  type InteractionRecord,
  type OpenedInteraction,
  type OpenInteractionOptions,
  type TranscriptAttachment,
  type TranscriptEntry,
  type TranscriptMessage,
} from './interactions.js'
export type { PrivilegedIntent } from './auth.js'
export type { KeptFile } from './interaction-types.js'
export { FILE_SIZE_MAX, REQUEST_SIZE_MAX } from './uploads.js'
export type { RateLimitOptions } from './rate-limits.js'
export type { EmulatorEvent, EmulatorEvents } from './events.js'
export { HEARTBEAT_INTERVAL_MS, type EmulatorGateway, type GatewayConnection, type GatewayLink, type GatewaySessionInfo } from './gateway/session.js'
export type { EmulatorFetch, EmulatorReply, EmulatorRequest, EmulatorResponse, RequestLike, StructuralFetch } from './http.js'
export type {
  ActInput,
  Answered,
  Checked,
  ChooseInput,
  ComponentRefusalCode,
  ComponentResult,
  Delivery,
  InvokeInput,
  InvokeResult,
  InvokeChecked,
  ModalFieldInput,
  ModalResult,
  PickerInput,
  PickerEntry,
  PressInput,
  InvokeAnswered,
  InvokeFailed,
  InvokeRefused,
  InvokeRefusalCode,
  InvokeFailureCode,
  Settled,
  SubmitInput,
} from './invoke/invoke-types.js'
export {
  NEW_GUILD_EVERYONE,
  type InvokeUser,
  type InvokeRole,
  type InvokeChannel,
  type InvokeAttachment,
  type InvokeMessage,
  type InvokePlace,
  type Declared,
} from './invoke/world.js'
export type { StructuredCommand } from './invoke/line.js'
export type { InteractionsEndpoint, EndpointRequest, EndpointResponse } from './invoke/deliver.js'
export type { OptionRefusalCode } from './invoke/options.js'
export type { ShownCommand, ShownOption } from './invoke/shown.js'
export type { TargetRefusalCode } from './invoke/targets.js'
