export { validateCommand, validateCommands, validateOption, validateChoice, PER_TYPE_MAX, type ValidateOptions } from './validate.js'
export {
  validateLobby,
  validateLobbyMember,
  validateCreateOrJoinLobby,
  validateLobbyChannelLink,
  validateLobbyMembersBulk,
  validateLobbyMessage,
  validateLobbyModerationMetadata,
} from './lobbies.js'
export { commandSize, isSnowflake, OptionCapability, OPTION_CAPABILITIES, type Scope } from './command.js'
export {
  formatIssues,
  formatPath,
  ValidationError,
  isValidationError,
  type Issue,
  type IssueCode,
  type PathSegment,
  type Result,
} from './issues.js'
export { isRecord, type Json } from './json.js'
export { limits } from './limits.js'
export { toCreateBody } from './body.js'
export { chatNamePattern, codePoints, WEB_URL } from './text.js'
export { serializePermissions } from './permissions.js'
export { validateWebhookMessage, type MessageBodyKind } from './message-body.js'
export { layoutEditIssues } from './message-edit.js'
export { validateInteractionResponse, CALLBACKS_FOR } from './callbacks.js'
export { messageLimits, CONTENT_MAX as MESSAGE_CONTENT_MAX, FILE_SIZE_DEFAULT } from './message-limits.js'
