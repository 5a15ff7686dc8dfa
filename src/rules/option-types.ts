/**
 * What each option type is called and supports ("Option types"; "Command option",
 * column "Valid for option types"), as wire/option-kinds.ts has it.
 */
import { ChannelType } from '../wire/enums.js'
import type { OptionField } from '../wire/option-kinds.js'

/**
 * Spec names of the option types, by value: the `name` of each row of
 * wire/option-kinds.ts, written out rather than read from `OptionKinds`, so that
 * one command's bundle leaves the table (its parse-side value types and resolved
 * maps) out: 9,790 -> 9,612 B gzip for issue 29's command, with the line below.
 * test/wire/option-kinds.test.ts holds both lists equal to the table.
 */
export const OPTION_TYPE_NAMES: readonly string[] = [
  '',
  'SUB_COMMAND',
  'SUB_COMMAND_GROUP',
  'STRING',
  'INTEGER',
  'BOOLEAN',
  'USER',
  'CHANNEL',
  'ROLE',
  'MENTIONABLE',
  'NUMBER',
  'ATTACHMENT',
]

/**
 * The capability bit each option field of wire/option-kinds.ts needs ("Command
 * option", column "Valid for option types"): the bounds share one bit, as do the
 * lengths. Shared code reads the bits instead of branching on types.
 */
export const FIELD_BITS: Readonly<Record<OptionField, number>> = {
  required: 1,
  choices: 2,
  min_value: 4,
  max_value: 4,
  min_length: 8,
  max_length: 8,
  channel_types: 16,
  autocomplete: 32,
  options: 64,
}

/**
 * The capability bits by name: those of `FIELD_BITS` (test/wire/option-kinds.test.ts
 * derives `OPTION_CAPABILITIES` from these and holds it equal). Written as numbers, not read from `FIELD_BITS`: a bundler keeps
 * a pure call whose arguments read properties, and drops one of literals.
 */
export const OptionCapability = /* @__PURE__ */ Object.freeze({
  Required: 1,
  Choices: 2,
  Bounds: 4,
  Lengths: 8,
  ChannelTypes: 16,
  Autocomplete: 32,
  Children: 64,
})

/**
 * Capabilities by option type value; 0 for an unknown type: the fields
 * wire/option-kinds.ts allows each type, as the bits of `FIELD_BITS` (written out,
 * like the names above): SUB_COMMAND and SUB_COMMAND_GROUP 64 (Children); STRING
 * 43 (Required, Choices, Lengths, Autocomplete); INTEGER and NUMBER 39 (Required,
 * Choices, Bounds, Autocomplete); CHANNEL 17 (Required, ChannelTypes); the others 1.
 */
export const OPTION_CAPABILITIES: readonly number[] = [0, 64, 64, 43, 39, 1, 1, 17, 1, 1, 39, 1]

/** The option types that have a capability, for messages: "INTEGER, NUMBER options". */
export const typesWith = (bit: number): string => `${OPTION_TYPE_NAMES.filter((_, t) => ((OPTION_CAPABILITIES[t] as number) & bit) !== 0).join(', ')} options`

/** Channel type values (public API v10; not shown in the spec): those of wire/enums.ts. */
export const CHANNEL_TYPES: ReadonlySet<unknown> = new Set(Object.values(ChannelType))
