/**
 * The JSON shapes of application commands (spec: "Application command",
 * "Command option", "Option choice", the create, edit and bulk bodies).
 *
 * These describe what goes over the wire: optional fields are absent, never
 * `undefined`.
 */
import type { ChannelType, CommandType, EntryPointHandler, IntegrationType, InteractionContextType, Locale } from './enums.js'

/** A snowflake id serialized as a string of digits. */
export type Snowflake = string

/** Locale key to localized string (spec: "name_localizations"). */
export type LocalizationMap = { [L in Locale]?: string }

// ---------------------------------------------------------------- choices

/** An option choice (spec: "Option choice"). */
export interface ChoiceJSON<V extends string | number = string | number> {
  name: string
  name_localizations?: LocalizationMap | null
  value: V
}

// ---------------------------------------------------------------- options

interface OptionBaseJSON {
  name: string
  name_localizations?: LocalizationMap | null
  description: string
  description_localizations?: LocalizationMap | null
}

interface LeafOptionBaseJSON extends OptionBaseJSON {
  required?: boolean
}

export interface SubcommandOptionJSON extends OptionBaseJSON {
  type: 1
  options?: LeafOptionJSON[]
}

export interface SubcommandGroupOptionJSON extends OptionBaseJSON {
  type: 2
  options?: SubcommandOptionJSON[]
}

export interface StringOptionJSON extends LeafOptionBaseJSON {
  type: 3
  choices?: ChoiceJSON<string>[]
  min_length?: number
  max_length?: number
  autocomplete?: boolean
}

export interface IntegerOptionJSON extends LeafOptionBaseJSON {
  type: 4
  choices?: ChoiceJSON<number>[]
  min_value?: number
  max_value?: number
  autocomplete?: boolean
}

export interface BooleanOptionJSON extends LeafOptionBaseJSON {
  type: 5
}

export interface UserOptionJSON extends LeafOptionBaseJSON {
  type: 6
}

export interface ChannelOptionJSON extends LeafOptionBaseJSON {
  type: 7
  channel_types?: ChannelType[]
}

export interface RoleOptionJSON extends LeafOptionBaseJSON {
  type: 8
}

export interface MentionableOptionJSON extends LeafOptionBaseJSON {
  type: 9
}

export interface NumberOptionJSON extends LeafOptionBaseJSON {
  type: 10
  choices?: ChoiceJSON<number>[]
  min_value?: number
  max_value?: number
  autocomplete?: boolean
}

export interface AttachmentOptionJSON extends LeafOptionBaseJSON {
  type: 11
}

/** An option that carries a value. */
export type LeafOptionJSON =
  | StringOptionJSON
  | IntegerOptionJSON
  | BooleanOptionJSON
  | UserOptionJSON
  | ChannelOptionJSON
  | RoleOptionJSON
  | MentionableOptionJSON
  | NumberOptionJSON
  | AttachmentOptionJSON

/** Any command option (spec: "Command option"). */
export type OptionJSON = SubcommandOptionJSON | SubcommandGroupOptionJSON | LeafOptionJSON

// ---------------------------------------------------------------- commands

/** Fields every command create body may carry (spec: "Create body (global)"). */
interface CommandBaseJSON {
  name: string
  name_localizations?: LocalizationMap | null
  default_member_permissions?: string | null
  /** Deprecated in favour of `contexts`; global commands only. */
  dm_permission?: boolean | null
  /** To be deprecated in favour of `default_member_permissions`. */
  default_permission?: boolean | null
  nsfw?: boolean
  /** Global commands and guild bulk overwrites; at least one, no duplicates (OpenAPI). */
  integration_types?: IntegrationType[] | null
  /** Global commands and guild bulk overwrites; at least one, no duplicates (OpenAPI). */
  contexts?: InteractionContextType[] | null
}

/** A CHAT_INPUT command body. `type` may be omitted (it defaults to 1). */
export interface ChatInputCommandJSON extends CommandBaseJSON {
  type?: 1
  description: string
  description_localizations?: LocalizationMap | null
  options?: OptionJSON[]
}

/** A USER command body: no description, no options (spec: "Other command rules" 2). */
export interface UserCommandJSON extends CommandBaseJSON {
  type: 2
}

/** A MESSAGE command body: no description, no options (spec: "Other command rules" 2). */
export interface MessageCommandJSON extends CommandBaseJSON {
  type: 3
}

/** A PRIMARY_ENTRY_POINT command body (global only). */
export interface EntryPointCommandJSON extends CommandBaseJSON {
  type: 4
  description?: string
  description_localizations?: LocalizationMap | null
  handler?: EntryPointHandler
}

/** Any command create body (global scope). */
export type CommandJSON = ChatInputCommandJSON | UserCommandJSON | MessageCommandJSON | EntryPointCommandJSON

type GlobalOnlyKeys = 'dm_permission' | 'integration_types' | 'contexts'

/** A command create body for a guild: no global-only fields, no entry points. */
export type GuildCommandJSON = Omit<ChatInputCommandJSON, GlobalOnlyKeys> | Omit<UserCommandJSON, GlobalOnlyKeys> | Omit<MessageCommandJSON, GlobalOnlyKeys>

/** One element of a bulk-overwrite list: a create body with an optional known id. */
export type BulkCommandJSON = CommandJSON & { id?: Snowflake }

/**
 * One element of a guild bulk-overwrite list ("Bulk guild body"): unlike a single
 * guild create, it may carry `dm_permission`, `integration_types` and `contexts`.
 */
export type GuildBulkCommandJSON = (ChatInputCommandJSON | UserCommandJSON | MessageCommandJSON) & { id?: Snowflake }

/** The body of PATCH on a global command: every create field optional. */
export type EditCommandJSON = Partial<Omit<ChatInputCommandJSON, 'type'>> & {
  handler?: EntryPointHandler
}

/** The body of PATCH on a guild command. */
export type GuildEditCommandJSON = Omit<EditCommandJSON, GlobalOnlyKeys | 'handler'>

/** A command as the service returns it (spec: "Application command"). */
export interface ApplicationCommand {
  id: Snowflake
  type: CommandType
  application_id: Snowflake
  guild_id?: Snowflake
  name: string
  name_localizations?: LocalizationMap | null
  /** Present on GET-all responses when localization is active. */
  name_localized?: string
  /** Empty string for USER and MESSAGE commands. */
  description: string
  description_localizations?: LocalizationMap | null
  description_localized?: string
  options?: OptionJSON[]
  default_member_permissions: string | null
  dm_permission?: boolean
  default_permission?: boolean | null
  nsfw?: boolean
  integration_types?: IntegrationType[]
  contexts?: InteractionContextType[] | null
  version: Snowflake
  handler?: EntryPointHandler
}

// ---------------------------------------------------------------- permissions

/** One permission overwrite (spec: "Application command permission"). */
export interface CommandPermissionJSON {
  id: Snowflake
  type: 1 | 2 | 3
  permission: boolean
}

/** The body of PUT .../commands/{command.id}/permissions. */
export interface EditCommandPermissionsJSON {
  permissions: CommandPermissionJSON[]
}

/** Spec: "Guild application command permissions". */
export interface GuildCommandPermissions {
  /** A command id, or the application id for application-wide defaults. */
  id: Snowflake
  application_id: Snowflake
  guild_id: Snowflake
  permissions: CommandPermissionJSON[]
}
