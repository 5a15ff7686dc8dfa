/**
 * slashkit: define, validate, register and handle application commands (API v10).
 *
 * The root entry exports what programs call (DESIGN.md's public API and what
 * README.md and docs/ use), the API v10 shapes and enums of wire/, and the builder
 * types a declaration file must be able to name. Everything else of the core is
 * in the private entry './internal.js', which this one re-exports from, so that
 * the core is one module in the build (tsup.config.ts).
 *
 * @packageDocumentation
 */

// wire/: the API v10 enums and JSON shapes (DESIGN.md "Layers" 1).
export {
  CommandType,
  OptionType,
  EntryPointHandler,
  InteractionContextType,
  IntegrationType,
  CommandPermissionType,
  ChannelType,
  InteractionType,
  InteractionCallbackType,
  MessageFlag,
  LobbyMemberFlags,
  Locales,
  LOCALE_FALLBACKS,
  PermissionFlags,
} from './internal.js'
export type { Locale, LeafOptionType, PermissionFlagName } from './internal.js'
export type * from './wire/commands.js'
export type * from './wire/interactions.js'
export type * from './wire/lobbies.js'
export type * from './wire/events.js'

// rules/: run-time validation (DESIGN.md "Contract", "What the run time must refuse").
export {
  validateCommand,
  validateCommands,
  validateOption,
  validateChoice,
  validateLobby,
  validateLobbyMember,
  validateCreateOrJoinLobby,
  validateLobbyChannelLink,
  validateLobbyMembersBulk,
  validateLobbyMessage,
  validateLobbyModerationMetadata,
  formatIssues,
  ValidationError,
  isValidationError,
  limits,
  toCreateBody,
  type Scope,
  type ValidateOptions,
  type Issue,
  type PathSegment,
  type IssueCode,
  type Result,
} from './internal.js'

// builders/: the builders and their types.
export { option, choice, slash, user, message, entryPoint, commands, fromJSON } from './internal.js'
export type {
  SlashkitError,
  HandlerInput,
  Subcommand,
  Group,
  SlashCommand,
  ContextMenuCommand,
  UserCommand,
  MessageCommand,
  EntryPoint,
  AnyCommand,
  ResolvedUser,
  ResolvedRole,
  Members,
  LooseResult,
  InferResult,
  InferPath,
  InferOptions,
  OptionsObject,
  BuiltChannelOptionJSON,
  BuiltLeafOptionJSON,
  BuiltSubcommandJSON,
  BuiltGroupJSON,
  BuiltChatInputJSON,
  BuiltUserJSON,
  BuiltMessageJSON,
  BuiltEntryPointJSON,
  BuiltCommandJSON,
  BuiltGuildCommandJSON,
  BuiltGuildBulkCommandJSON,
  Localization,
  Choice,
  StringOption,
  IntegerOption,
  NumberOption,
  BooleanOption,
  UserOption,
  ChannelOption,
  RoleOption,
  MentionableOption,
  AttachmentOption,
  AnyOption,
  CommandSet,
  LooseCommand,
} from './internal.js'

// parse/: interactions to typed values, routing, responses.
export {
  parse,
  safeParse,
  parseAutocomplete,
  safeParseAutocomplete,
  InteractionError,
  isInteractionError,
  router,
  handle,
  reply,
  deferReply,
  autocompleteResult,
  launchActivity,
  configure,
  validateInteractionResponse,
  validateWebhookMessage,
  type InferAutocomplete,
  type Handlers,
  type Bound,
} from './internal.js'

// locale/ and permissions/.
export {
  resolveLocale,
  localizedText,
  negotiateLocale,
  parseAcceptLanguage,
  matchLocale,
  localizedView,
  localizeAll,
  localizationReport,
  permissions,
  permissionNames,
  hasPermissions,
  ADMINISTRATORS_ONLY,
  everyoneId,
  allChannelsId,
  overwrites,
  validateOverwrites,
  canUse,
  parsePermissionsUpdate,
  safeParsePermissionsUpdate,
  type Texts,
  type Dictionaries,
  type LanguageRange,
  type LocalizationReport,
  type Overwrites,
  type CanUseResult,
  type CanUseReason,
} from './internal.js'
