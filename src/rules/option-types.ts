/**
 * What each option type is called and supports ("Option types"; "Command option",
 * column "Valid for option types").
 */
import { ChannelType } from '../wire/enums.js'
import { appliesTo, capabilitiesByType, optionTypeNames } from './option-kinds.js'

/** Spec names of the option types, by value. */
export const OPTION_TYPE_NAMES: readonly string[] = /* @__PURE__ */ optionTypeNames()

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

/** Capabilities by option type value; 0 for an unknown type: the fields wire/option-kinds.ts allows each type, as bits. */
export const OPTION_CAPABILITIES: readonly number[] = /* @__PURE__ */ capabilitiesByType({
  required: C.Required,
  choices: C.Choices,
  min_value: C.Bounds,
  max_value: C.Bounds,
  min_length: C.Lengths,
  max_length: C.Lengths,
  channel_types: C.ChannelTypes,
  autocomplete: C.Autocomplete,
  options: C.Children,
})

/** The option types that have each capability, for messages. */
export const APPLIES_TO: Readonly<Record<number, string>> = /* @__PURE__ */ appliesTo(OPTION_CAPABILITIES, Object.values(C))

/** Channel type values (public API v10; not shown in the spec): those of wire/enums.ts. */
export const CHANNEL_TYPES: ReadonlySet<unknown> = new Set(Object.values(ChannelType))
