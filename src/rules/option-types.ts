/**
 * What each option type is called and supports ("Option types"; "Command option",
 * column "Valid for option types").
 */
import { ChannelType } from '../wire/enums.js'

/** Spec names of the option types, by value. */
export const OPTION_TYPE_NAMES = [
  '', 'SUB_COMMAND', 'SUB_COMMAND_GROUP', 'STRING', 'INTEGER', 'BOOLEAN', 'USER', 'CHANNEL',
  'ROLE', 'MENTIONABLE', 'NUMBER', 'ATTACHMENT',
] as const

/**
 * What each option type supports ("Command option", column "Valid for option
 * types"). Shared code reads this table instead of branching on types.
 */
export const OptionCapability = {
  Required: 1,
  Choices: 2,
  Bounds: 4,
  Lengths: 8,
  ChannelTypes: 16,
  Autocomplete: 32,
  Children: 64,
} as const

const C = OptionCapability
const LEAF = C.Required

/** Capabilities by option type value; 0 for an unknown type. */
export const OPTION_CAPABILITIES: readonly number[] = [
  0,
  C.Children, // SUB_COMMAND
  C.Children, // SUB_COMMAND_GROUP
  LEAF | C.Choices | C.Lengths | C.Autocomplete, // STRING
  LEAF | C.Choices | C.Bounds | C.Autocomplete, // INTEGER
  LEAF, // BOOLEAN
  LEAF, // USER
  LEAF | C.ChannelTypes, // CHANNEL
  LEAF, // ROLE
  LEAF, // MENTIONABLE
  LEAF | C.Choices | C.Bounds | C.Autocomplete, // NUMBER
  LEAF, // ATTACHMENT
]

/** The option types that have each capability, for messages. */
export const APPLIES_TO: Readonly<Record<number, string>> = {
  [C.Required]: 'value options (not SUB_COMMAND or SUB_COMMAND_GROUP)',
  [C.Choices]: 'STRING, INTEGER and NUMBER options',
  [C.Bounds]: 'INTEGER and NUMBER options',
  [C.Lengths]: 'STRING options',
  [C.ChannelTypes]: 'CHANNEL options',
  [C.Autocomplete]: 'STRING, INTEGER and NUMBER options',
  [C.Children]: 'SUB_COMMAND and SUB_COMMAND_GROUP options',
}

/** Channel type values (public API v10; not shown in the spec): those of wire/enums.ts. */
export const CHANNEL_TYPES: ReadonlySet<unknown> = new Set(Object.values(ChannelType))
