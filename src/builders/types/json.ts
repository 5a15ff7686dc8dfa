/**
 * The JSON the builders emit: the wire shapes (wire/commands.ts) narrowed to what
 * a builder can produce. The spec lets a create body carry `null` in
 * `dm_permission`, `default_permission` and `contexts`, and the wire types say so;
 * no builder method emits those nulls, the builder types never let choices and
 * autocomplete meet, and they refuse directory channels in `channel_types`. So a
 * builder's `toJSON` promises these narrower shapes, which also fit the REST body
 * types of other libraries (discord-api-types).
 */
import type {
  ChannelOptionJSON,
  ChatInputCommandJSON,
  EntryPointCommandJSON,
  IntegerOptionJSON,
  LeafOptionJSON,
  MessageCommandJSON,
  NumberOptionJSON,
  StringOptionJSON,
  SubcommandGroupOptionJSON,
  SubcommandOptionJSON,
  UserCommandJSON,
} from '../../wire/commands.js'
import type { ChannelType, IntegrationType, InteractionContextType } from '../../wire/enums.js'

/** The nullable fields of a create body, as the builders emit them: never `null`. */
interface BuiltFields {
  dm_permission?: boolean
  default_permission?: boolean
  contexts?: InteractionContextType[]
  integration_types?: IntegrationType[]
}
type Nullable = keyof BuiltFields

/** An option with choices or with autocomplete, never both (spec: "Command option"). */
type ChoicesOrAutocomplete<O> = (Omit<O, 'choices' | 'autocomplete'> & { autocomplete: true }) | (Omit<O, 'autocomplete'> & { autocomplete?: false })

/** A CHANNEL option as the builders emit it: `.channelTypes(...)` refuses directory channels (14). */
export interface BuiltChannelOptionJSON extends Omit<ChannelOptionJSON, 'channel_types'> {
  channel_types?: Exclude<ChannelType, 14>[]
}

/** A value option as the builders emit it. */
export type BuiltLeafOptionJSON =
  | Exclude<LeafOptionJSON, StringOptionJSON | IntegerOptionJSON | NumberOptionJSON | ChannelOptionJSON>
  | BuiltChannelOptionJSON
  | ChoicesOrAutocomplete<StringOptionJSON>
  | ChoicesOrAutocomplete<IntegerOptionJSON>
  | ChoicesOrAutocomplete<NumberOptionJSON>

/** A subcommand as the builders emit it. */
export interface BuiltSubcommandJSON extends Omit<SubcommandOptionJSON, 'options'> {
  options?: BuiltLeafOptionJSON[]
}

/** A subcommand group as the builders emit it. */
export interface BuiltGroupJSON extends Omit<SubcommandGroupOptionJSON, 'options'> {
  options?: BuiltSubcommandJSON[]
}

/** A CHAT_INPUT create body as `slash(...).toJSON()` emits it. */
export interface BuiltChatInputJSON extends Omit<ChatInputCommandJSON, Nullable | 'options'>, BuiltFields {
  options?: (BuiltSubcommandJSON | BuiltGroupJSON | BuiltLeafOptionJSON)[]
}
/** A USER create body as `user(...).toJSON()` emits it. */
export interface BuiltUserJSON extends Omit<UserCommandJSON, Nullable>, BuiltFields {}
/** A MESSAGE create body as `message(...).toJSON()` emits it. */
export interface BuiltMessageJSON extends Omit<MessageCommandJSON, Nullable>, BuiltFields {}
/** A PRIMARY_ENTRY_POINT create body as `entryPoint(...).toJSON()` emits it. */
export interface BuiltEntryPointJSON extends Omit<EntryPointCommandJSON, Nullable>, BuiltFields {}

/** Fields a guild body does not accept (spec: "Create body (guild)"). */
export type GlobalOnlyKeys = 'dm_permission' | 'integration_types' | 'contexts'

/** Any create body a builder emits for global scope. */
export type BuiltCommandJSON = BuiltChatInputJSON | BuiltUserJSON | BuiltMessageJSON | BuiltEntryPointJSON
/** Any create body a builder emits for a guild: no global-only fields, no entry point. */
export type BuiltGuildCommandJSON = Omit<BuiltChatInputJSON, GlobalOnlyKeys> | Omit<BuiltUserJSON, GlobalOnlyKeys> | Omit<BuiltMessageJSON, GlobalOnlyKeys>
/** An element of a guild bulk overwrite a set emits: no entry point, global-only fields allowed ("Bulk guild body"). */
export type BuiltGuildBulkCommandJSON = BuiltChatInputJSON | BuiltUserJSON | BuiltMessageJSON
