export * from './enums.js'
export * from './permission-flags.js'
export type * from './commands.js'
export type * from './interactions.js'
export { INTERACTION_ANSWER_WINDOW_MS, INTERACTION_TOKEN_LIFETIME_MS, InteractionErrorCode } from './interactions.js'
export type * from './lobbies.js'
export type * from './events.js'
export {
  OptionKinds,
  optionKind,
  ResolvedEntityKey,
  type OptionKind,
  type OptionKindTable,
  type OptionField,
  type OptionValueType,
  type ResolvedMap,
} from './option-kinds.js'
export { GLOBAL_RATE_LIMIT, GLOBAL_RATE_LIMIT_MAX, GLOBAL_WINDOW_MS, INVALID_REQUEST_LIMIT, INVALID_REQUEST_WINDOW_MS, LONGEST_WINDOW_MS } from './rate-limits.js'
export { ComponentType, ButtonStyle, TextInputStyle, SeparatorSpacing } from './components.js'
export type * from './components.js'
export type * from './messages.js'
