/**
 * The option types of API v10 as one declarative table: per type its spec name, the
 * fields it may carry, the value an interaction carries for it and the
 * `data.resolved` maps that value is looked up in. The rules, the parse reader (its
 * interpreter and its generated code), `fakeInteraction`, the emulator's client and
 * the type-level interfaces read this table instead of keeping their own copies.
 */
import type { OptionType } from './enums.js'
import type { Attachment, Channel, Member, Role, User } from './interactions.js'

/**
 * What an interaction carries as an option's value (spec: "Option types",
 * "data.options[]"): a string, a whole number, a double, a boolean, a snowflake id
 * into `data.resolved`, or nothing (subcommands and groups carry `options`).
 */
export type OptionValueType = 'string' | 'integer' | 'number' | 'boolean' | 'snowflake' | 'none'

/**
 * A `data.resolved` map an option's id is looked up in. A user found in `users`
 * brings its member from `members` (absent outside a guild).
 */
export type ResolvedMap = 'users' | 'roles' | 'channels' | 'attachments'

/**
 * The fields of a command option that only some types take (spec: "Command
 * option", column "Valid for option types"); every type takes the others.
 */
export type OptionField = 'required' | 'choices' | 'options' | 'channel_types' | 'min_value' | 'max_value' | 'min_length' | 'max_length' | 'autocomplete'

/** One row of the table. */
export interface OptionKind {
  /** The spec's name ("Option types"). */
  readonly name: string
  /** The fields of "Command option" it may carry, beyond those every option takes. */
  readonly fields: readonly OptionField[]
  readonly value: OptionValueType
  /** The maps of `data.resolved` its id is looked up in, in order; absent when the value is inline. */
  readonly resolved?: readonly ResolvedMap[]
}

/**
 * The option types by value (spec: "Command option", "Option types", and
 * "data.resolved" of "Interaction payloads received by the application"; the
 * resolved maps of CHANNEL, ROLE, MENTIONABLE and ATTACHMENT values are public API
 * v10 facts, the spec shows only USER and MESSAGE commands' maps).
 *
 * @example
 * OptionKinds[OptionType.Integer].fields.includes('min_value') // true
 * OptionKinds[9].resolved // ['users', 'roles']
 */
export const OptionKinds = {
  1: { name: 'SUB_COMMAND', fields: ['options'], value: 'none' },
  2: { name: 'SUB_COMMAND_GROUP', fields: ['options'], value: 'none' },
  3: { name: 'STRING', fields: ['required', 'choices', 'min_length', 'max_length', 'autocomplete'], value: 'string' },
  4: { name: 'INTEGER', fields: ['required', 'choices', 'min_value', 'max_value', 'autocomplete'], value: 'integer' },
  5: { name: 'BOOLEAN', fields: ['required'], value: 'boolean' },
  6: { name: 'USER', fields: ['required'], value: 'snowflake', resolved: ['users'] },
  7: { name: 'CHANNEL', fields: ['required', 'channel_types'], value: 'snowflake', resolved: ['channels'] },
  8: { name: 'ROLE', fields: ['required'], value: 'snowflake', resolved: ['roles'] },
  9: { name: 'MENTIONABLE', fields: ['required'], value: 'snowflake', resolved: ['users', 'roles'] },
  10: { name: 'NUMBER', fields: ['required', 'choices', 'min_value', 'max_value', 'autocomplete'], value: 'number' },
  11: { name: 'ATTACHMENT', fields: ['required'], value: 'snowflake', resolved: ['attachments'] },
} as const satisfies { readonly [T in OptionType]: OptionKind }

/**
 * The row of an option type, or `undefined` for a number that is not one.
 *
 * @example
 * optionKind(7)?.name // 'CHANNEL'
 * optionKind(12) // undefined
 */
export function optionKind(type: unknown): OptionKind | undefined {
  return typeof type === 'number' && Object.hasOwn(OptionKinds, type) ? (OptionKinds as Readonly<Record<number, OptionKind>>)[type] : undefined
}

/** A resolved user: the user, and the member when the interaction happened in a guild. */
export interface ResolvedUser {
  readonly user: User
  readonly member: Member | undefined
}

/** A resolved role, as a MENTIONABLE option gives it. */
export interface ResolvedRole {
  readonly role: Role
}

/**
 * The table at the type level, keyed by option type: the same name, fields, value
 * type and resolved maps as `OptionKinds` (test/wire/option-kinds.test.ts holds
 * them together), and `entity`, what the value reads as once resolved: the type
 * `parse` gives before choices or channel types narrow it.
 */
export interface OptionKindTable {
  1: { name: 'SUB_COMMAND'; fields: 'options'; value: 'none'; resolved: never; entity: never }
  2: { name: 'SUB_COMMAND_GROUP'; fields: 'options'; value: 'none'; resolved: never; entity: never }
  3: { name: 'STRING'; fields: 'required' | 'choices' | 'min_length' | 'max_length' | 'autocomplete'; value: 'string'; resolved: never; entity: string }
  4: { name: 'INTEGER'; fields: 'required' | 'choices' | 'min_value' | 'max_value' | 'autocomplete'; value: 'integer'; resolved: never; entity: number }
  5: { name: 'BOOLEAN'; fields: 'required'; value: 'boolean'; resolved: never; entity: boolean }
  6: { name: 'USER'; fields: 'required'; value: 'snowflake'; resolved: 'users'; entity: ResolvedUser }
  7: { name: 'CHANNEL'; fields: 'required' | 'channel_types'; value: 'snowflake'; resolved: 'channels'; entity: Channel }
  8: { name: 'ROLE'; fields: 'required'; value: 'snowflake'; resolved: 'roles'; entity: Role }
  9: { name: 'MENTIONABLE'; fields: 'required'; value: 'snowflake'; resolved: 'users' | 'roles'; entity: ResolvedUser | ResolvedRole }
  10: { name: 'NUMBER'; fields: 'required' | 'choices' | 'min_value' | 'max_value' | 'autocomplete'; value: 'number'; resolved: never; entity: number }
  11: { name: 'ATTACHMENT'; fields: 'required'; value: 'snowflake'; resolved: 'attachments'; entity: Attachment }
}

/**
 * The key an entity found in each resolved map takes where a value can come from
 * several maps (MENTIONABLE: `{ user, member }` or `{ role }`), and the name
 * readers give it.
 *
 * @example
 * ResolvedEntityKey[OptionKinds[9].resolved[1]] // 'role'
 */
export const ResolvedEntityKey = /* @__PURE__ */ Object.freeze({
  users: 'user',
  roles: 'role',
  channels: 'channel',
  attachments: 'attachment',
} as const satisfies { readonly [M in ResolvedMap]: string })
