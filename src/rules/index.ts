export { validateCommand, validateCommands, validateOption, validateChoice, type ValidateOptions } from './validate.js'
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
export { limits } from './limits.js'
export { toCreateBody } from './body.js'
export { CHAT_NAME_PATTERN, codePoints } from './text.js'
export { serializePermissions } from './permissions.js'
export {
  GLOBAL_RATE_LIMIT,
  GLOBAL_RATE_LIMIT_MAX,
  GLOBAL_WINDOW_MS,
  LOBBY_ROUTE_LIMIT,
  LOBBY_MEMBER_ROUTE_LIMIT,
  LOBBY_ROUTE_WINDOW_MS,
  LOBBY_MESSAGE_USER_LIMIT,
  LOBBY_MESSAGE_USER_WINDOW_MS,
  LOBBY_JOIN_USER_LIMIT,
  LOBBY_JOIN_USER_WINDOW_MS,
  COMMAND_CREATE_DAILY_LIMIT,
  COMMAND_CREATE_WINDOW_MS,
  INVALID_REQUEST_LIMIT,
  INVALID_REQUEST_WINDOW_MS,
} from './rate-limits.js'
export { checkUploads, MESSAGE_FILES_MAX, ATTACHMENT_FILENAME_MAX } from './uploads.js'
export { isObject, type Json } from './json.js'
