/**
 * The public interfaces of command builders. Each carries a type-only record
 * (`'~command'`) of what it defines; the handler's types are derived from it once,
 * where they are asked for (`InferResult`, `InferOptions`), never per call.
 */
import type { EntryPointHandler, IntegrationType, InteractionContextType, Locale } from '../../wire/enums.js'
import type { PermissionFlagName } from '../../wire/permission-flags.js'
import type { Scope } from '../../rules/command.js'
import type { CheckOptions } from './check.js'
import type { BuiltChatInputJSON, BuiltEntryPointJSON, BuiltGroupJSON, BuiltMessageJSON, BuiltSubcommandJSON, BuiltUserJSON, GlobalOnlyKeys } from './json.js'
import type { AnyOption, Localization } from './options.js'
import type { CheckDescription } from './text.js'
import type { SlashkitError } from './error.js'
import type { DidYouMean } from './suggest.js'
import type { BadChatShape, Box, ChatNameError, KnownName, Verdict } from './names.js'

/** What `.defaultMemberPermissions(...)` takes: flag names, bit sets, or a string of digits (`'0'`: administrators only). */
export type PermissionInput = PermissionFlagName | bigint | `${bigint}`

/**
 * The arguments of `.defaultMemberPermissions(...)`: `P` itself when it is one
 * `null` or permission inputs; else each wrong argument becomes a sentence, a
 * misspelt flag name with the nearest names (`'BanMember'`: did you mean
 * 'BanMembers'?). `P` is inferred from the first branches only (`P extends infer B`).
 */
type CheckMemberPermissions<P extends readonly unknown[]> = P[number] extends PermissionInput
  ? P
  : P extends readonly [null]
    ? P
    : P extends infer B extends readonly unknown[]
      ? B extends readonly []
        ? [permission: SlashkitError<'give at least one permission flag name, bit set or string of digits, or null to clear'>]
        : { [K in keyof B]: PermissionArgument<B[K]> }
      : never

/** One argument of `.defaultMemberPermissions(...)`, or the sentence of what is wrong with it. */
type PermissionArgument<X> = X extends PermissionInput
  ? X
  : X extends null
    ? SlashkitError<'null clears the permissions alone; pass it as the only argument'>
    : X extends string
      ? string extends X
        ? SlashkitError<'a permission given as a string must be a flag name or a string of digits, known at compile time'>
        : SlashkitError<`'${X}' is not a permission flag name${DidYouMean<X, PermissionFlagName, "; use a key of PermissionFlags such as 'BanMembers', a bigint or a string of digits">}`>
      : SlashkitError<'a permission is a flag name, a bigint or a string of digits'>

/** An interaction context by value or by name (`0` or `'Guild'`). */
export type ContextInput = InteractionContextType | keyof typeof InteractionContextType

/** An integration type by value or by name (`1` or `'UserInstall'`). */
export type IntegrationInput = IntegrationType | keyof typeof IntegrationType

/** An entry point handler by value or by name. */
export type HandlerInput = EntryPointHandler | keyof typeof EntryPointHandler

/** The scope a definition may be emitted for, as an argument type. */
type ScopeArg<S extends Scope, Global extends boolean> = S extends 'guild'
  ? Global extends true
    ? SlashkitError<'this definition sets contexts, integration types or dm permission, which only global commands accept; leave them out for a guild'>
    : S
  : S

/** The localization of a USER or MESSAGE command: a name only. */
export interface NameLocalization {
  readonly name: string
  /** @deprecated USER and MESSAGE commands have no description. */
  readonly description?: SlashkitError<'USER and MESSAGE commands have no description (spec: Other command rules 2)'>
}

/**
 * Settings every command kind shares. `GlobalSelf` is the same builder marked
 * global, `Self` the builder unchanged. Two plain parameters, not one object type:
 * each new builder type then instantiates no object type for its base.
 */
interface CommandSettings<GlobalSelf, Self> {
  /**
   * Who may use the command by default: permission flag names or bit sets
   * (combined), a string of digits, `'0'` for administrators only, or `null` to clear.
   * @example .defaultMemberPermissions('BanMembers', 'KickMembers')
   */
  defaultMemberPermissions<const P extends readonly (string | bigint | null)[]>(...permissions: CheckMemberPermissions<P>): Self
  /** Where the command can be used (global commands only). */
  contexts(...contexts: ContextInput[]): GlobalSelf
  /** Installation contexts where the command is available (global commands only). */
  integrationTypes(...types: IntegrationInput[]): GlobalSelf
  /** @deprecated Use `.contexts(...)`. Whether the command works in DMs with the app (global commands only). */
  dmPermission(allowed: boolean): GlobalSelf
  /** Marks the command age-restricted (spec: "Other command rules" 8). */
  nsfw(value?: boolean): Self
}

// ---------------------------------------------------------------- subcommands and groups

/**
 * A subcommand or group name: a valid CHAT_INPUT name, not taken by the children
 * `C` yet. The fast path is `CheckChatName`'s two tests and one union test
 * against the names there (`AllNames`, one indexed access), literal by literal;
 * the sentences are worked out only on the slow path, behind `NoInfer`.
 */
type ChildName<N extends string, C extends readonly AnyChild[]> = N extends unknown
  ? Lowercase<N> extends N
    ? Box<N> extends BadChatShape
      ? NoInfer<Verdict<N, ChildNameError<N, C>>>
      : N extends AllNames<C>
        ? NoInfer<Verdict<N, ChildNameError<N, C>>>
        : N
    : NoInfer<Verdict<N, ChildNameError<N, C>>>
  : never

/**
 * A new name that matches none of the names there already costs one union test
 * (`AllNames`, one indexed access). Only a match is asked again against the
 * known names (`KnownNames`, a conditional type per child): `string` or
 * `` `s${number}` `` match anything and are left to the run time, and in the
 * union of all names `string` absorbs every known name.
 */
type ChildNameError<N extends string, C extends readonly AnyChild[]> =
  ChatNameError<N> extends never
    ? N extends AllNames<C>
      ? N extends KnownNames<C>
        ? SlashkitError<`'${N}' is already a subcommand or group here; names are unique within one options list`>
        : never
      : never
    : ChatNameError<N>

/** The names of the children `C`, patterns included. */
type AllNames<C extends readonly AnyChild[]> = NonNullable<C[number]['~child']>['name']

/** The known names of the children `C`: patterns left out, child by child. */
type KnownNames<C extends readonly AnyChild[]> = C[number] extends infer X ? (X extends { readonly '~child'?: { readonly name: infer N } } ? KnownName<N> : never) : never

/**
 * The rest of a refused `.subcommand(...)` or `.group(...)` call: typed like the
 * real one, so that the callback's parameter is not an implicit `any` and the
 * refusal is the only error the call reports.
 */
type MisplacedChild<B> = [description?: string, build?: (builder: B) => unknown]

// The builders' generic methods take the builder as `this: This` and read its
// state from `This` (matched with `infer` in every slot), naming no type parameter
// of their interface. Why: type parameters built once, not per builder type (docs/internals.md).

/** The value options of a subcommand `This`. */
type SubcommandOptions<This> = This extends Subcommand<infer _N, infer O> ? O : []
/** Subcommand `This` with options `A` added. */
type SubcommandWith<This, A extends readonly AnyOption[]> = This extends Subcommand<infer N, infer O> ? Subcommand<N, [...O, ...A]> : never
/** The subcommands of group `This`. */
type GroupChildren<This> = This extends Group<infer _N, infer S> ? S : []
/** Group `This` with subcommand `S` added. */
type GroupWith<This, S extends AnySubcommand> = This extends Group<infer N, infer Subs> ? Group<N, [...Subs, S]> : never
/** The value options of command `This`. */
type SlashOptions<This> = This extends SlashCommand<infer _N, infer O, infer _C, infer _G> ? O : []
/**
 * The `name` of `.subcommand` and `.group` on command `This`: a new child name
 * (`ChildName`), or a sentence when the command has value options. One match of
 * `This` serves both checks (a `this: WithoutOptions<This>` of its own matched
 * `This` a second time on every call).
 */
type SlashChildName<N extends string, This> =
  This extends SlashCommand<infer _N, infer O, infer C, infer _G>
    ? O extends readonly []
      ? ChildName<N, C>
      : NoInfer<SlashkitError<'this command has value options; a command has either options or subcommands and groups, not both'>>
    : N
/** `This`, or a sentence when the command has subcommands or groups (the `this` of `.options`). */
type WithoutChildren<This> =
  This extends SlashCommand<infer _N, infer _O, infer C, infer _G>
    ? C extends readonly []
      ? This
      : SlashkitError<'this command has subcommands or groups; value options go inside a subcommand'>
    : This
/** Command `This` with value options `A` added. */
type SlashWithOptions<This, A extends readonly AnyOption[]> = This extends SlashCommand<infer N, infer O, infer C, infer G> ? SlashCommand<N, [...O, ...A], C, G> : never
/** Command `This` with child `X` (a subcommand or a group) added. */
type SlashWithChild<This, X extends AnyChild> = This extends SlashCommand<infer N, infer O, infer C, infer G> ? SlashCommand<N, O, [...C, X], G> : never

/** A subcommand (option type 1) and its value options. */
export interface Subcommand<Name extends string = string, Options extends readonly AnyOption[] = []> {
  /** Type only. Absent at run time. */
  readonly '~child'?: { readonly kind: 'subcommand'; readonly name: Name; readonly options: Options }
  /**
   * Adds value options. Required ones first, names unique, at most 25 (checked by the types and at run time).
   */
  options<This, A extends readonly AnyOption[]>(this: This, ...options: CheckOptions<SubcommandOptions<This>, A>): SubcommandWith<This, A>
  /** The subcommand's name and/or description in `locale`. */
  localize(locale: Locale, localization: Localization): Subcommand<Name, Options>
  /** @deprecated Subcommands hold only value options (spec: "Other command rules" 1). */
  subcommand(name: SlashkitError<'a subcommand cannot contain subcommands; nesting is command > group > subcommand > options'>, ...rest: MisplacedChild<Subcommand>): never
  /** @deprecated Subcommands hold only value options (spec: "Other command rules" 1). */
  group(name: SlashkitError<'a subcommand cannot contain a group; nesting is command > group > subcommand > options'>, ...rest: MisplacedChild<Group>): never
  /** @deprecated Subcommands and groups are never required (spec: "Command option"). */
  required(this: SlashkitError<'required() applies to value options, not to subcommands or groups'>): never
  /** The subcommand with its options, checked on its own (throws `ValidationError`). */
  toJSON(): BuiltSubcommandJSON
}

/** A subcommand group (option type 2) and its subcommands. */
export interface Group<Name extends string = string, Subcommands extends readonly AnySubcommand[] = []> {
  /** Type only. Absent at run time. */
  readonly '~child'?: { readonly kind: 'group'; readonly name: Name; readonly subcommands: Subcommands }
  /** Adds a subcommand to the group; `build` adds its options. At most 25 per group. */
  subcommand<This, const S extends string, const D extends string, O extends readonly AnyOption[] = []>(
    this: This,
    name: ChildName<S, GroupChildren<This>>,
    description: CheckDescription<D>,
    build?: (subcommand: Subcommand<S>) => Subcommand<S, O>,
  ): GroupWith<This, Subcommand<S, O>>
  /** The group's name and/or description in `locale`. */
  localize(locale: Locale, localization: Localization): Group<Name, Subcommands>
  /** @deprecated Groups hold only subcommands (spec: "Other command rules" 1). */
  group(name: SlashkitError<'a group cannot contain another group; nesting is command > group > subcommand > options'>, ...rest: MisplacedChild<Group>): never
  /** @deprecated Groups hold only subcommands (spec: "Other command rules" 1). */
  options(this: SlashkitError<'a group holds only subcommands; put value options in a subcommand'>, ...options: unknown[]): never
  /** @deprecated Subcommands and groups are never required (spec: "Command option"). */
  required(this: SlashkitError<'required() applies to value options, not to subcommands or groups'>): never
  /** The group with its subcommands, checked on its own (throws `ValidationError`). */
  toJSON(): BuiltGroupJSON
}

/** Any subcommand builder. */
export interface AnySubcommand {
  readonly '~child'?: { readonly kind: 'subcommand'; readonly name: string; readonly options: readonly AnyOption[] }
  toJSON(): unknown
}
/** Any group builder. */
export interface AnyGroup {
  readonly '~child'?: { readonly kind: 'group'; readonly name: string; readonly subcommands: readonly AnySubcommand[] }
  toJSON(): unknown
}
/** Any child of a command: a subcommand or a group. */
export type AnyChild = AnySubcommand | AnyGroup

// ---------------------------------------------------------------- commands

// The type-only records (`'~command'`) say `| undefined` outright: with
// `exactOptionalPropertyTypes` on, a definition that does not fit a parameter
// would otherwise be reported with "Consider adding 'undefined'", which is not
// the fix. Their readers take `NonNullable` of what they infer.

/**
 * A CHAT_INPUT (slash) command: value options, or subcommands and groups.
 * `Global` records whether it set fields that only global commands accept.
 */
export interface SlashCommand<Name extends string = string, Options extends readonly AnyOption[] = [], Children extends readonly AnyChild[] = [], Global extends boolean = false>
  extends CommandSettings<SlashCommand<Name, Options, Children, true>, SlashCommand<Name, Options, Children, Global>> {
  /** Type only. Absent at run time. */
  readonly '~command'?:
    | {
        readonly type: 1
        readonly name: Name
        readonly options: Options
        readonly children: Children
        readonly global: Global
      }
    | undefined
  /**
   * Adds value options: required ones first, names unique, at most 25 (checked by
   * the types for literal names and at run time for everything).
   * @example slash('ban', 'Ban a member').options(option.user('target', 'Who').required())
   */
  options<This, A extends readonly AnyOption[]>(this: WithoutChildren<This>, ...options: CheckOptions<SlashOptions<This>, A>): SlashWithOptions<This, A>
  /**
   * Adds a subcommand; `build` adds its options.
   * @example slash('config', 'Settings').subcommand('set', 'Change one', (s) => s.options(...))
   */
  subcommand<This, const S extends string, const D extends string, O extends readonly AnyOption[] = []>(
    this: This,
    name: SlashChildName<S, This>,
    description: CheckDescription<D>,
    build?: (subcommand: Subcommand<S>) => Subcommand<S, O>,
  ): SlashWithChild<This, Subcommand<S, O>>
  /**
   * Adds a group of subcommands; `build` adds them.
   * @example slash('role', 'Roles').group('admin', 'Admin', (g) => g.subcommand('grant', 'Grant'))
   */
  group<This, const G extends string, const D extends string, Subs extends readonly AnySubcommand[]>(
    this: This,
    name: SlashChildName<G, This>,
    description: CheckDescription<D>,
    build: (group: Group<G>) => Group<G, Subs>,
  ): SlashWithChild<This, Group<G, Subs>>
  /** The command's name and/or description in `locale` (spec: "Other command rules" 6). */
  localize(locale: Locale, localization: Localization | string): SlashCommand<Name, Options, Children, Global>
  /** @deprecated Only entry point commands have a handler. */
  handler(handler: SlashkitError<'handler() applies to entry point commands only (entryPoint(...))'>): never
  /**
   * The create body, validated against every rule (throws `ValidationError` with all
   * issues). `{ scope: 'guild' }` checks it for a guild.
   */
  toJSON<const S extends Scope = 'global'>(options?: { readonly scope?: ScopeArg<S, Global> }): S extends 'guild' ? Omit<BuiltChatInputJSON, GlobalOnlyKeys> : BuiltChatInputJSON
}

/** A USER (2) or MESSAGE (3) context-menu command: a name, no description, no options. */
export interface ContextMenuCommand<Type extends 2 | 3 = 2 | 3, Name extends string = string, Global extends boolean = false>
  extends CommandSettings<ContextMenuCommand<Type, Name, true>, ContextMenuCommand<Type, Name, Global>> {
  /** Type only. Absent at run time. */
  readonly '~command'?: { readonly type: Type; readonly name: Name; readonly global: Global } | undefined
  /** The command's name in `locale`. */
  localize(locale: Locale, localization: NameLocalization | string): ContextMenuCommand<Type, Name, Global>
  /** @deprecated USER and MESSAGE commands take no options (spec: "Application command" options). */
  options(this: SlashkitError<'USER and MESSAGE commands take no options; only CHAT_INPUT commands do'>, ...options: unknown[]): never
  /** @deprecated Only entry point commands have a handler. */
  handler(handler: SlashkitError<'handler() applies to entry point commands only (entryPoint(...))'>): never
  /** The create body, validated (throws `ValidationError`). */
  toJSON<const S extends Scope = 'global'>(options?: {
    readonly scope?: ScopeArg<S, Global>
  }): S extends 'guild' ? Omit<ContextMenuJSON<Type>, GlobalOnlyKeys> : ContextMenuJSON<Type>
}

type ContextMenuJSON<Type extends 2 | 3> = Type extends 2 ? BuiltUserJSON : BuiltMessageJSON

/** A USER command (type 2). */
export type UserCommand<Name extends string = string, Global extends boolean = false> = ContextMenuCommand<2, Name, Global>
/** A MESSAGE command (type 3). */
export type MessageCommand<Name extends string = string, Global extends boolean = false> = ContextMenuCommand<3, Name, Global>

/** A PRIMARY_ENTRY_POINT command (type 4): global only. */
export interface EntryPoint<Name extends string = string, Handler extends EntryPointHandler = EntryPointHandler>
  extends CommandSettings<EntryPoint<Name, Handler>, EntryPoint<Name, Handler>> {
  /** Type only. Absent at run time. */
  readonly '~command'?: { readonly type: 4; readonly name: Name; readonly handler: Handler; readonly global: true } | undefined
  /**
   * Who handles the launch: `'AppHandler'` (1, your app answers, e.g. with
   * LAUNCH_ACTIVITY) or `'DiscordLaunchActivity'` (2, the service launches it).
   */
  handler<const H extends HandlerInput>(handler: H): EntryPoint<Name, H extends number ? H : HandlerValue<H>>
  /** The command's name and/or description in `locale`. */
  localize(locale: Locale, localization: Localization): EntryPoint<Name, Handler>
  /** The create body, validated (throws `ValidationError`). Entry points are global only. */
  toJSON(options?: { readonly scope?: 'global' | SlashkitError<'an entry point command is global only; a guild cannot have one (spec: Naming rules 3)'> }): BuiltEntryPointJSON
}

type HandlerValue<H> = H extends 'AppHandler' ? 1 : H extends 'DiscordLaunchActivity' ? 2 : EntryPointHandler

/** Any command definition: a builder or the result of `fromJSON`. */
export type AnyCommand =
  | SlashCommand<string, readonly AnyOption[], readonly AnyChild[], boolean>
  | ContextMenuCommand<2 | 3, string, boolean>
  | EntryPoint<string, EntryPointHandler>

export type { Localization }
