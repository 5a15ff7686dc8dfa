/**
 * What a handler receives, derived from a definition (README.md):
 * computed once here, from the type-only records the builders accumulate.
 */
import type { Channel, Message } from '../../wire/interactions.js'
import type { ChannelType } from '../../wire/enums.js'
import type { OptionKindTable, ResolvedRole, ResolvedUser } from '../../wire/option-kinds.js'
import type { AnyOption, OptionRecord, OptionTypes } from './options.js'
import type { ContextMenuCommand, EntryPoint, Group, SlashCommand, Subcommand } from './commands.js'

export type { ResolvedRole, ResolvedUser }

/** A channel whose `type` is narrowed by `.channelTypes(...)`. */
export type ChannelOf<T extends ChannelType> = ChannelType extends T ? Channel : Channel & { type: T }

/**
 * The value of one option, by type ("Contract": what `parse` returns): the entity of
 * its row in the option-kind table (wire/option-kinds.ts), or the option's own value
 * type where choices narrow it (STRING, INTEGER, NUMBER) and its channel types where
 * they narrow the channel.
 */
export type OptionValue<I extends OptionTypes> = {
  3: I['value']
  4: I['value']
  5: OptionKindTable[5]['entity']
  6: OptionKindTable[6]['entity']
  7: ChannelOf<I['value'] & ChannelType>
  8: OptionKindTable[8]['entity']
  9: OptionKindTable[9]['entity']
  10: I['value']
  11: OptionKindTable[11]['entity']
}[I['type']]

/** The options object of one options list: required as `T`, optional as `T | undefined`. */
export type OptionsObject<O extends readonly AnyOption[]> = {
  [X in O[number] as OptionRecord<X>['name']]: ValueOf<OptionRecord<X>>
}

/** One option's value in the options object: `undefined` too unless it is required. */
type ValueOf<I extends OptionTypes> = I['required'] extends true ? OptionValue<I> : OptionValue<I> | undefined

// ---------------------------------------------------------------- paths

/**
 * One invocable path of a CHAT_INPUT command: the command, the group and
 * subcommand on the way (or `undefined`), and the option builders found there.
 */
export interface CommandPath<
  Command extends string = string,
  Group extends string | undefined = string | undefined,
  Sub extends string | undefined = string | undefined,
  Options extends readonly AnyOption[] = readonly AnyOption[],
> {
  readonly command: Command
  readonly group: Group
  readonly subcommand: Sub
  readonly list: Options
}

// The walks below match builders against their own interfaces first
// (`M extends SlashCommand<infer N, infer O, infer C, infer _G>`): a type
// reference matched against its own generic interface gives up its type
// arguments directly, with no member of the builder resolved and no structural
// comparison, and their `infer`s carry no `extends` constraint (which would
// compare every option with `AnyOption`). The type-only records (`'~command'`,
// `'~child'`) are read only for anything else (the wide `AnyChild`, `fromJSON`
// definitions, hand-written types).

type SubRecord<S, O> = { readonly '~child'?: { readonly kind: 'subcommand'; readonly name: S; readonly options: O } }
type GroupRecord<G, Subs> = { readonly '~child'?: { readonly kind: 'group'; readonly name: G; readonly subcommands: Subs } }

type ChildPaths<Command extends string, Child> =
  Child extends Subcommand<infer S, infer O>
    ? CommandPath<Command, undefined, S, O>
    : Child extends Group<infer G, infer Subs>
      ? GroupPaths<Command, G, Subs[number]>
      : Child extends SubRecord<infer S extends string, infer O extends readonly AnyOption[]>
        ? CommandPath<Command, undefined, S, O>
        : Child extends GroupRecord<infer G extends string, infer Subs extends readonly unknown[]>
          ? GroupPaths<Command, G, Subs[number]>
          : never

type GroupPaths<Command extends string, G extends string, Sub> =
  Sub extends Subcommand<infer S, infer O>
    ? CommandPath<Command, G, S, O>
    : Sub extends SubRecord<infer S extends string, infer O extends readonly AnyOption[]>
      ? CommandPath<Command, G, S, O>
      : never

/** The type-only record of a command builder. */
type RecordOf<D> = D extends { readonly '~command'?: infer R } ? NonNullable<R> : never

/** Every definition in `D`: itself, or the members of a `commands(...)` set. */
export type Members<D> = D extends { readonly '~set'?: { readonly commands: infer C extends readonly unknown[] } } ? C[number] : D

/** The invocable paths of one CHAT_INPUT command `M` (never for other kinds). */
type CommandPaths<M> =
  M extends SlashCommand<infer N, infer O, infer C, infer _G>
    ? C extends readonly []
      ? CommandPath<N, undefined, undefined, O>
      : ChildPaths<N, C[number]>
    : RecordOf<M> extends {
          readonly type: 1
          readonly name: infer N extends string
          readonly options: infer O extends readonly AnyOption[]
          readonly children: infer C extends readonly unknown[]
        }
      ? C extends readonly []
        ? CommandPath<N, undefined, undefined, O>
        : ChildPaths<N, C[number]>
      : never

/** The invocable paths of the CHAT_INPUT commands in `D` (a definition or a set). */
export type PathsOf<D> = Members<D> extends infer M ? (M extends unknown ? CommandPaths<M> : never) : never

// ---------------------------------------------------------------- results

/** What `parse` returns for a loosely typed definition (`fromJSON`). */
export type LooseResult =
  | { command: string; group: string | undefined; subcommand: string | undefined; options: Record<string, unknown> }
  | { command: string; target: ResolvedUser | Message }
  | { command: string }

// Written out, here and in src/parse/router.ts's `CommandHandlerMap`, not as an
// alias of its own: an editor shows an alias of an object type by its name
// (`PathResult<"ban", undefined, ...>`) where it shows this shape field by field.
type ChatResult<P> = P extends CommandPath<infer N, infer G, infer S, infer O> ? { command: N; group: G; subcommand: S; options: OptionsObject<O> } : never

/** What the handler of a USER (2) or MESSAGE (3) command `N` receives. */
export type TargetResult<T, N> = T extends 2 ? { command: N; target: ResolvedUser } : { command: N; target: Message }

/**
 * What the handler of one definition `M` receives: one match per kind, the
 * CHAT_INPUT builder first (most definitions are), the type-only record last
 * (`fromJSON` definitions and hand-written types).
 */
type ResultOf<M> =
  M extends SlashCommand<infer N, infer O, infer C, infer _G>
    ? ChatResult<C extends readonly [] ? CommandPath<N, undefined, undefined, O> : ChildPaths<N, C[number]>>
    : M extends ContextMenuCommand<infer T, infer N, infer _G>
      ? TargetResult<T, N>
      : M extends EntryPoint<infer N, infer _H>
        ? { command: N }
        : RecordResult<M, RecordOf<M>>

/** `ResultOf` read from a type-only record. */
type RecordResult<M, R> = R extends { readonly loose: true }
  ? LooseResult
  : R extends { readonly type: 1 }
    ? ChatResult<CommandPaths<M>>
    : R extends { readonly type: 2; readonly name: infer N }
      ? { command: N; target: ResolvedUser }
      : R extends { readonly type: 3; readonly name: infer N }
        ? { command: N; target: Message }
        : R extends { readonly type: 4; readonly name: infer N }
          ? { command: N }
          : never

/**
 * What `parse(definition, interaction)` returns for a definition or a set:
 * - CHAT_INPUT: `{ command, group, subcommand, options }`, a union discriminated by
 *   `group` and `subcommand` when the command has subcommands;
 * - USER: `{ command, target: { user, member } }`;
 * - MESSAGE: `{ command, target: message }`;
 * - PRIMARY_ENTRY_POINT: `{ command }`.
 * For a set, the union over its commands, discriminated by `command`.
 */
export type InferResult<D> = Members<D> extends infer M ? (M extends unknown ? ResultOf<M> : never) : never

/**
 * A subcommand's path as typed after the command (`'set'`, `'role grant'`), from its
 * group `G` (`undefined` for none) and its name `S`. The absent group is told by
 * `extends undefined`, never by `extends string`: without `strictNullChecks`,
 * `undefined` is a string to the compiler (test-d/loose/strict-off.ts).
 */
export type PathName<G, S> = G extends undefined ? S : `${G & string} ${S & string}`

/** The subcommand paths of a definition, as typed after the command: `'show'`, `'role grant'`. */
export type InferPath<D> = PathsOf<D> extends infer P ? (P extends CommandPath<string, infer G, infer S> ? (S extends undefined ? never : PathName<G, S>) : never) : never

/**
 * The options object a handler receives: for a command with subcommands, the
 * union over its paths, or the one at `Path` (`InferOptions<typeof config, 'role grant'>`).
 */
export type InferOptions<D, Path extends InferPath<D> = InferPath<D>> =
  PathsOf<D> extends infer P
    ? P extends CommandPath<string, infer G, infer S, infer O>
      ? NoInfer<S> extends undefined
        ? OptionsObject<O>
        : PathName<G, S> extends Path
          ? OptionsObject<O>
          : never
      : never
    : never
