/**
 * The numeric enumerations of API v10, as `as const` objects with a type of the
 * same name for their values. Section names are the spec's (docs/rules.md).
 *
 * Where the spec says "not shown", the value is the public API v10 fact and the
 * constant says so.
 */

type ValueOf<T> = T[keyof T]

/**
 * Message types the emulator and the fakes write (OpenAPI `MessageType`; the spec
 * shows none): a plain message, and the reply to a CHAT_INPUT command or to a
 * context-menu (USER or MESSAGE) command. First in the file: the build joins this
 * file's tables in one `var` statement, and a bundle that drops a table from its
 * middle pays a new `var` (4 B); dropped from its head, nothing.
 */
export const MessageType = {
  Default: 0,
  ChatInputCommand: 20,
  ContextMenuCommand: 23,
} as const
export type MessageType = ValueOf<typeof MessageType>

/** Command types (spec: "Command types"). */
export const CommandType = {
  ChatInput: 1,
  User: 2,
  Message: 3,
  PrimaryEntryPoint: 4,
} as const
export type CommandType = ValueOf<typeof CommandType>

/** Option types (spec: "Option types"). */
export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const
export type OptionType = ValueOf<typeof OptionType>

/** Option types that carry a value (everything but subcommands and groups). */
export type LeafOptionType = Exclude<OptionType, 1 | 2>

/** Entry point handler types (spec: "Entry point handler types"). */
export const EntryPointHandler = {
  AppHandler: 1,
  /** The service launches the Activity itself (spec name DISCORD_LAUNCH_ACTIVITY). */
  DiscordLaunchActivity: 2,
} as const
export type EntryPointHandler = ValueOf<typeof EntryPointHandler>

/** Interaction context types (spec: "Other enumerations"). */
export const InteractionContextType = {
  Guild: 0,
  BotDm: 1,
  PrivateChannel: 2,
} as const
export type InteractionContextType = ValueOf<typeof InteractionContextType>

/** Integration types (spec: "Other enumerations"). */
export const IntegrationType = {
  GuildInstall: 0,
  /** Not shown in the spec; public API v10 value. */
  UserInstall: 1,
} as const
export type IntegrationType = ValueOf<typeof IntegrationType>

/** Command permission types (spec: "Other enumerations"). */
export const CommandPermissionType = {
  Role: 1,
  User: 2,
  Channel: 3,
} as const
export type CommandPermissionType = ValueOf<typeof CommandPermissionType>

/**
 * Channel types. Not shown in the spec ("Channel type numeric values: not shown");
 * these are the public API v10 values.
 */
export const ChannelType = {
  GuildText: 0,
  DM: 1,
  GuildVoice: 2,
  GroupDM: 3,
  GuildCategory: 4,
  GuildAnnouncement: 5,
  AnnouncementThread: 10,
  PublicThread: 11,
  PrivateThread: 12,
  GuildStageVoice: 13,
  GuildDirectory: 14,
  GuildForum: 15,
  GuildMedia: 16,
} as const
export type ChannelType = ValueOf<typeof ChannelType>

/**
 * Interaction types. The spec shows 2 (command invocation) and 4 (autocomplete);
 * the others are the public API v10 values.
 */
export const InteractionType = {
  /** Public API v10 value, not shown in the spec. */
  Ping: 1,
  ApplicationCommand: 2,
  /** Public API v10 value, not shown in the spec. */
  MessageComponent: 3,
  ApplicationCommandAutocomplete: 4,
  /** Public API v10 value, not shown in the spec. */
  ModalSubmit: 5,
  /**
   * OpenAPI `InteractionTypes` 6 (SOCIAL_LAYER_SKU_PURCHASE_ELIGIBILITY), not shown in
   * the spec: the service asks whether a user may buy a Social Layer SKU. No command
   * app receives it, and slashkit handles none (`createHandler` reports it unhandled).
   */
  SocialLayerSkuPurchaseEligibility: 6,
} as const
export type InteractionType = ValueOf<typeof InteractionType>

/**
 * Interaction callback types. The spec shows LAUNCH_ACTIVITY = 12 only; the others
 * are the public API v10 values.
 */
export const InteractionCallbackType = {
  Pong: 1,
  ChannelMessageWithSource: 4,
  DeferredChannelMessageWithSource: 5,
  DeferredUpdateMessage: 6,
  UpdateMessage: 7,
  ApplicationCommandAutocompleteResult: 8,
  Modal: 9,
  /** Shown in the spec ("Other enumerations"). */
  LaunchActivity: 12,
  /** OpenAPI `InteractionCallbackTypes` 13: the answer to interaction type 6 (SOCIAL_LAYER_SKU_PURCHASE_ELIGIBILITY). */
  SocialLayerSkuPurchaseEligibility: 13,
} as const
export type InteractionCallbackType = ValueOf<typeof InteractionCallbackType>

/**
 * Message flags (public API v10, OpenAPI `MessageFlags`; the spec shows none): the
 * ones an application sets, and LOADING, which the service sets on a deferral.
 */
export const MessageFlag = {
  SuppressEmbeds: 1 << 2,
  Ephemeral: 1 << 6,
  /** Set by the service on a deferred response while the app is "thinking"; never sent by an app. */
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const
export type MessageFlag = ValueOf<typeof MessageFlag>

/**
 * `MessageFlag.Ephemeral` alone, as a plain constant: a read of `MessageFlag.Ephemeral`
 * at module level keeps the whole table in a bundle that needs only this flag.
 */
export const EPHEMERAL = 1 << 6

/** Lobby member flags (spec: "LobbyMember"). */
export const LobbyMemberFlags = {
  CanLinkLobby: 1,
} as const
export type LobbyMemberFlags = ValueOf<typeof LobbyMemberFlags>

/**
 * The locale keys of localization dictionaries, the one list every layer reads
 * (the rules, the types, locale negotiation, the emulator). The spec shows only
 * zh-CN, el, en-US, en-GB, es-419 and es-ES ("complete list of locale keys: not
 * shown"); this is the operator's OpenAPI list (`AvailableLocalesEnum`, 34 keys):
 * the 32 of the public docs, then `ar` and `he`.
 */
export const Locales = [
  'id',
  'en-US',
  'en-GB',
  'bg',
  'zh-CN',
  'zh-TW',
  'hr',
  'cs',
  'da',
  'nl',
  'fi',
  'fr',
  'de',
  'el',
  'hi',
  'hu',
  'it',
  'ja',
  'ko',
  'lt',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'ru',
  'es-ES',
  'es-419',
  'sv-SE',
  'th',
  'tr',
  'uk',
  'vi',
  'ar',
  'he',
] as const

/**
 * The one fallback of each locale that has one (spec: "Other command rules" 6:
 * "Fallbacks when the user's locale is absent: en-US to en-GB, en-GB to en-US,
 * es-419 to es-ES; if the fallback is also missing, the default is used").
 */
export const LOCALE_FALLBACKS = /* @__PURE__ */ Object.freeze({
  'en-US': 'en-GB',
  'en-GB': 'en-US',
  'es-419': 'es-ES',
} as const satisfies { readonly [L in Locale]?: Locale })
export type Locale = (typeof Locales)[number]
