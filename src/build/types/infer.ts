/**
 * What a handler receives, derived from a definition (DESIGN.md, "Contract"):
 * computed once here, from the type-only records the builders accumulate.
 */
import type { Attachment, Channel, Member, Message, Role, User } from '../../wire/interactions.js'
import type { ChannelType } from '../../wire/enums.js'
import type { AnyOption, OptionTypes, TypesOf } from './options.js'
import type { Simplify } from './util.js'

/** A resolved user: the user, and the member when the interaction happened in a guild. */
export interface ResolvedUser {
  readonly user: User
  readonly member: Member | undefined
}

/** A resolved role, as a MENTIONABLE option gives it. */
export interface ResolvedRole {
  readonly role: Role
}

/** A channel whose `type` is narrowed by `.channelTypes(...)`. */
export type ChannelOf<T extends ChannelType> = ChannelType extends T ? Channel : Channel & { type: T }

/** The value of one option, by type ("Contract": what `parse` returns). */
export type OptionValue<I extends OptionTypes> = {
  3: I['value']
  4: I['value']
  5: boolean
  6: ResolvedUser
  7: ChannelOf<I['value'] & ChannelType>
  8: Role
  9: ResolvedUser | ResolvedRole
  10: I['value']
  11: Attachment
}[I['type']]

/** The options object of one options list: required as `T`, optional as `T | undefined`. */
export type OptionsObject<O extends readonly AnyOption[]> = Simplify<{
  [X in O[number] as TypesOf<X>['name']]: TypesOf<X>['required'] extends true
    ? OptionValue<TypesOf<X>>
    : OptionValue<TypesOf<X>> | undefined
}>

type ChildResults<Command extends string, Child> = Child extends {
  readonly '~child'?: { readonly kind: 'subcommand'; readonly name: infer S; readonly options: infer O extends readonly AnyOption[] }
}
  ? { command: Command; group: undefined; subcommand: S; options: OptionsObject<O> }
  : Child extends { readonly '~child'?: { readonly kind: 'group'; readonly name: infer G; readonly subcommands: infer Subs extends readonly unknown[] } }
    ? GroupResults<Command, G, Subs[number]>
    : never

type GroupResults<Command extends string, G, Sub> = Sub extends {
  readonly '~child'?: { readonly kind: 'subcommand'; readonly name: infer S; readonly options: infer O extends readonly AnyOption[] }
}
  ? { command: Command; group: G; subcommand: S; options: OptionsObject<O> }
  : never

type Record_<D> = D extends { readonly '~command'?: infer R } ? NonNullable<R> : never

/**
 * What `parse(definition, interaction)` returns for a definition:
 * - CHAT_INPUT: `{ command, group, subcommand, options }`, a union discriminated by
 *   `group` and `subcommand` when the command has subcommands;
 * - USER: `{ command, target: { user, member } }`;
 * - MESSAGE: `{ command, target: message }`;
 * - PRIMARY_ENTRY_POINT: `{ command }`.
 */
export type InferResult<D> = D extends unknown ? ResultOf<Record_<D>> : never

type ResultOf<R> = R extends { readonly type: 1; readonly name: infer N extends string; readonly options: infer O extends readonly AnyOption[]; readonly children: infer C extends readonly unknown[] }
  ? C extends readonly []
    ? { command: N; group: undefined; subcommand: undefined; options: OptionsObject<O> }
    : ChildResults<N, C[number]>
  : R extends { readonly type: 2; readonly name: infer N }
    ? { command: N; target: ResolvedUser }
    : R extends { readonly type: 3; readonly name: infer N }
      ? { command: N; target: Message }
      : R extends { readonly type: 4; readonly name: infer N }
        ? { command: N }
        : never

/** The subcommand paths of a definition, as typed after the command: `'show'`, `'role grant'`. */
export type InferPath<D> = InferResult<D> extends infer R
  ? R extends { group: infer G; subcommand: infer S extends string }
    ? G extends string
      ? `${G} ${S}`
      : S
    : never
  : never

/**
 * The options object a handler receives: for a command with subcommands, the
 * union over its paths, or the one at `Path` (`InferOptions<typeof config, 'role grant'>`).
 */
export type InferOptions<D, Path extends InferPath<D> = InferPath<D>> = InferResult<D> extends infer R
  ? R extends { group: infer G; subcommand: infer S; options: infer O }
    ? [S] extends [undefined]
      ? O
      : (G extends string ? `${G} ${S & string}` : S) extends Path
        ? O
        : never
    : never
  : never
