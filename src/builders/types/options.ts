/**
 * The public interfaces of option and choice builders. Each option carries a
 * type-only record (`'~types'`) of what the handler will receive: its name,
 * whether it is required, its value type (narrowed by choices) and its mode
 * (free input, choices, or autocomplete).
 */
import type {
  AttachmentOptionJSON,
  BooleanOptionJSON,
  ChannelOptionJSON,
  ChoiceJSON,
  IntegerOptionJSON,
  MentionableOptionJSON,
  NumberOptionJSON,
  RoleOptionJSON,
  StringOptionJSON,
  UserOptionJSON,
} from '../../wire/commands.js'
import type { ChannelType, LeafOptionType, Locale } from '../../wire/enums.js'
import type { SlashkitError } from './error.js'
import type { DidYouMean } from './suggest.js'
import type { CheckMax, CheckMaxLength, CheckMin, CheckMinLength } from './text.js'

/** How an option takes its value: typed freely, picked from choices, or autocompleted. */
export type OptionMode = 'free' | 'choices' | 'autocomplete'

/** The type-only record every option builder carries. */
export interface OptionTypes<
  Type extends LeafOptionType = LeafOptionType,
  Name extends string = string,
  Required extends boolean = boolean,
  Value = unknown,
  Mode extends OptionMode = OptionMode,
> {
  readonly type: Type
  readonly name: Name
  readonly required: Required
  readonly value: Value
  readonly mode: Mode
}

/** Localized name and description of an option or command (spec: "Other command rules" 6). */
export interface Localization {
  readonly name?: string
  readonly description?: string
}

// ---------------------------------------------------------------- choices

/** A choice of a STRING, INTEGER or NUMBER option, carrying its value's literal type. */
export interface Choice<Value extends string | number = string | number> {
  /**
   * Type only: the choice's value type. Absent at run time. `| undefined` spelt
   * out: with `exactOptionalPropertyTypes` a mismatch here would otherwise be
   * reported with "Consider adding 'undefined'", which is not the fix.
   */
  readonly '~types'?: { readonly value: Value } | undefined
  /** The choice's name in `locale` (spec: "Other command rules" 6). Returns a new choice. */
  localize(locale: Locale, name: string): Choice<Value>
  /**
   * The choice object (spec: "Option choice"), checked on its own (name, localized
   * names, value length); throws `ValidationError`. Its fit to an option is checked with the option.
   */
  toJSON(): ChoiceJSON<Value extends string ? string : number>
}

/** Literal value type of a list of choices. */
export type ChoiceValues<C extends readonly Choice[]> = C[number] extends Choice<infer V> ? V : never

type IsInteger<V extends number> = number extends V ? true : `${V}` extends `${bigint}` ? true : false

/**
 * Each choice checked against the option's value type; wrong ones become sentences.
 * `C` is inferred from the first branch only: the error branch maps `B`, a copy of
 * `C` that inference does not reach (`C extends infer B`). Not `NoInfer<...>`: a
 * rest parameter typed `NoInfer<tuple>` is compared as one tuple, reported at the
 * first argument with the sentence only in the elaboration; a plain tuple type is
 * compared argument by argument, so the error lands on the wrong choice.
 * The checks compare the whole choice (`Choice<'a' | 'b'> extends Choice<string>`),
 * so a choice whose value is a union stays in one piece.
 */
type CheckChoices<C extends readonly Choice[], Kind extends 'string' | 'integer' | 'number'> =
  ChoicesFit<C, Kind> extends true ? C : BadChoice<C[number], Kind> extends never ? C : C extends infer B extends readonly Choice[] ? FlagChoices<B, Kind> : never

/**
 * Whether all the choices fit at once: the union of the choices compared with
 * `Choice<string>` or `Choice<number>` in one step (and, on an INTEGER option,
 * the union of the values read as whole numbers), with no conditional type per
 * choice. Only a doubt (a value of the wrong type, a fraction on an INTEGER
 * option) walks the choices one by one (`BadChoice`) to find the wrong ones.
 */
type ChoicesFit<C extends readonly Choice[], Kind> = Kind extends 'string'
  ? C[number] extends Choice<string>
    ? true
    : false
  : C[number] extends Choice<number>
    ? Kind extends 'integer'
      ? IsInteger<ChoiceValues<C> & number>
      : true
    : false

/**
 * The choices of the union `X` that break the option's value type, without a
 * mapped type: a valid call infers `C` directly instead of through a reverse
 * mapping, and only a refused call builds `FlagChoices`.
 */
type BadChoice<X, Kind> = X extends unknown
  ? Kind extends 'string'
    ? X extends Choice<string>
      ? never
      : X
    : X extends Choice<number>
      ? Kind extends 'integer'
        ? IsInteger<ValueOf<X> & number> extends true
          ? never
          : X
        : never
      : X
  : never

type FlagChoices<C extends readonly Choice[], Kind extends 'string' | 'integer' | 'number'> = {
  // A value of either type: a choice the compiler could not read as one (a plain
  // `{ name, value }`, which `.choices(...)` of other libraries takes, leaves `C`
  // at its constraint), or a value typed `string | number`.
  [K in keyof C]: [string | number] extends [ValueOf<C[K]>]
    ? SlashkitError<`a choice is made with choice(name, value), its value a ${Kind extends 'string' ? 'string' : 'number'} here; a plain { name, value } object is not one`>
    : Kind extends 'string'
      ? C[K] extends Choice<string>
        ? C[K]
        : SlashkitError<`choice value ${Exclude<ValueOf<C[K]>, string>} is a number, but this is a STRING option; use a string value`>
      : C[K] extends Choice<number>
        ? Kind extends 'integer'
          ? IsInteger<ValueOf<C[K]> & number> extends true
            ? C[K]
            : SlashkitError<`choice value ${ValueOf<C[K]> & number} is not a whole number, but this is an INTEGER option`>
          : C[K]
        : SlashkitError<`choice value '${Extract<ValueOf<C[K]>, string>}' is a string, but this is ${Kind extends 'integer' ? 'an INTEGER' : 'a NUMBER'} option; use a number value`>
}

/** The value type of one choice. */
type ValueOf<C> = C extends Choice<infer V> ? V : never

// ---------------------------------------------------------------- option builders

// Every option builder declares its four common members itself ('~types',
// `required`, `localize`, `toJSON`) rather than inheriting them from a generic base
// interface: a generic base is instantiated twice for every new option type (the base
// and its `this`-bound copy) and its members merged again. Inline, issue 29's
// workload (bench/typecheck.mjs --workload) took 261,034 -> 239,954 instantiations
// on TypeScript 5.9. `Self` and the required type are plain type references.

// Misplaced methods, kept so that misuse reads as a sentence (and shows struck
// out in editors). The hint to the right method is given only where there is one.
// Methods without a required argument take the sentence as `this`, so that a call
// with no arguments is refused too.
//
// Each option type extends exactly one of the four interfaces below. They are
// plain (no type parameter, no `this` type), so TypeScript resolves each once
// and a new option type (a new name, `.required()`, `.choices(...)`) inherits
// their members as they are; generic ones were instantiated and merged again for
// every option type, in every chain.

/** STRING options: bounds and channel types are misplaced. */
interface MisplacedOnString {
  /** @deprecated `min` applies to INTEGER and NUMBER options only. */
  min(value: SlashkitError<'min() applies to INTEGER and NUMBER options; on a STRING option use minLength()'>): never
  /** @deprecated `max` applies to INTEGER and NUMBER options only. */
  max(value: SlashkitError<'max() applies to INTEGER and NUMBER options; on a STRING option use maxLength()'>): never
  /** @deprecated `channelTypes` applies to CHANNEL options only. */
  channelTypes(this: SlashkitError<'channelTypes() applies to CHANNEL options only'>, ...types: unknown[]): never
}

/** INTEGER and NUMBER options: lengths and channel types are misplaced. */
interface MisplacedOnNumber {
  /** @deprecated `minLength` applies to STRING options only. */
  minLength(length: SlashkitError<'minLength() applies to STRING options; on a number use min()'>): never
  /** @deprecated `maxLength` applies to STRING options only. */
  maxLength(length: SlashkitError<'maxLength() applies to STRING options; on a number use max()'>): never
  /** @deprecated `channelTypes` applies to CHANNEL options only. */
  channelTypes(this: SlashkitError<'channelTypes() applies to CHANNEL options only'>, ...types: unknown[]): never
}

/** CHANNEL options: bounds, lengths, choices and autocomplete are misplaced. */
interface MisplacedOnChannel {
  /** @deprecated `min` applies to INTEGER and NUMBER options only. */
  min(value: SlashkitError<'min() applies to INTEGER and NUMBER options only'>): never
  /** @deprecated `max` applies to INTEGER and NUMBER options only. */
  max(value: SlashkitError<'max() applies to INTEGER and NUMBER options only'>): never
  /** @deprecated `minLength` applies to STRING options only. */
  minLength(length: SlashkitError<'minLength() applies to STRING options only'>): never
  /** @deprecated `maxLength` applies to STRING options only. */
  maxLength(length: SlashkitError<'maxLength() applies to STRING options only'>): never
  /** @deprecated choices apply to STRING, INTEGER and NUMBER options only. */
  choices(this: SlashkitError<'choices() apply to STRING, INTEGER and NUMBER options only'>, ...choices: unknown[]): never
  /** @deprecated autocomplete applies to STRING, INTEGER and NUMBER options only. */
  autocomplete(this: SlashkitError<'autocomplete() applies to STRING, INTEGER and NUMBER options only'>): never
}

/** BOOLEAN, USER, ROLE, MENTIONABLE and ATTACHMENT options: all of the above, and channel types. */
interface MisplacedOnPlain extends MisplacedOnChannel {
  /** @deprecated `channelTypes` applies to CHANNEL options only. */
  channelTypes(this: SlashkitError<'channelTypes() applies to CHANNEL options only'>, ...types: unknown[]): never
}

// Two shapes below keep a valid definition cheap (issue 29, measured on the workload of
// bench/workload.mjs with TypeScript 5.9's --extendedDiagnostics):
// - the choices' values narrow with an intersection (`ChoiceValues<C> & string`), not
//   `Extract<...>`: `Extract` is a conditional type instantiated once per value, the
//   intersection one operation (15,384 of the definitions' 270,903 instantiations);
// - a bound is checked against the other only when that one is set: `number extends Hi`
//   is decided when the method is looked up (`Hi` is known then), so the first of
//   `.min`/`.max` infers its literal against a bare type parameter (6,448).

/** A STRING option (type 3). `Value` narrows to the choices' literals. */
export interface StringOption<
  Name extends string = string,
  Required extends boolean = false,
  Value extends string = string,
  Mode extends OptionMode = 'free',
  Lo extends number = number,
  Hi extends number = number,
> extends MisplacedOnString {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<3, Name, Required, Value, Mode>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): StringOption<Name, true, Value, Mode, Lo, Hi>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): StringOption<Name, Required, Value, Mode, Lo, Hi>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): StringOptionJSON
  /**
   * The only values a user may pick (spec: "Option choice"); the handler's value
   * becomes their union. At most 25; never with autocomplete.
   * @example option.string('color', 'Color').choices(choice('Red', 'red'), choice('Blue', 'blue'))
   */
  choices<const C extends readonly Choice[]>(
    this: Mode extends 'autocomplete' ? SlashkitError<'an option with autocomplete cannot have choices; use one or the other'> : unknown,
    ...choices: CheckChoices<C, 'string'>
  ): StringOption<Name, Required, Mode extends 'choices' ? Value | (ChoiceValues<C> & string) : ChoiceValues<C> & string, 'choices', Lo, Hi>
  /** Suggestions come from your autocomplete handler (spec: "Other command rules" 5). Never with choices. */
  autocomplete(
    this: Mode extends 'choices' ? SlashkitError<'an option with choices cannot use autocomplete; use one or the other'> : unknown,
  ): StringOption<Name, Required, Value, 'autocomplete', Lo, Hi>
  /** Minimum length of the input, 0 to 6000; at most the maximum length (checked by the types for literals). */
  minLength<const L extends number>(length: number extends Hi ? L : CheckMinLength<L, Hi>): StringOption<Name, Required, Value, Mode, L, Hi>
  /** Maximum length of the input, 1 to 6000; at least the minimum length (checked by the types for literals). */
  maxLength<const L extends number>(length: number extends Lo ? L : CheckMaxLength<L, Lo>): StringOption<Name, Required, Value, Mode, Lo, L>
}

/** An INTEGER option (type 4): whole numbers from -(2^53-1) to 2^53-1. */
export interface IntegerOption<
  Name extends string = string,
  Required extends boolean = false,
  Value extends number = number,
  Mode extends OptionMode = 'free',
  Lo extends number = number,
  Hi extends number = number,
> extends MisplacedOnNumber {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<4, Name, Required, Value, Mode>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): IntegerOption<Name, true, Value, Mode, Lo, Hi>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): IntegerOption<Name, Required, Value, Mode, Lo, Hi>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): IntegerOptionJSON
  /** The only values a user may pick; whole numbers. At most 25; never with autocomplete. */
  choices<const C extends readonly Choice[]>(
    this: Mode extends 'autocomplete' ? SlashkitError<'an option with autocomplete cannot have choices; use one or the other'> : unknown,
    ...choices: CheckChoices<C, 'integer'>
  ): IntegerOption<Name, Required, Mode extends 'choices' ? Value | (ChoiceValues<C> & number) : ChoiceValues<C> & number, 'choices', Lo, Hi>
  /** Suggestions come from your autocomplete handler. Never with choices. */
  autocomplete(
    this: Mode extends 'choices' ? SlashkitError<'an option with choices cannot use autocomplete; use one or the other'> : unknown,
  ): IntegerOption<Name, Required, Value, 'autocomplete', Lo, Hi>
  /** Smallest value allowed; at most the largest (checked by the types for literals). */
  min<const V extends number>(value: number extends Hi ? V : CheckMin<V, Hi>): IntegerOption<Name, Required, Value, Mode, V, Hi>
  /** Largest value allowed; at least the smallest (checked by the types for literals). */
  max<const V extends number>(value: number extends Lo ? V : CheckMax<V, Lo>): IntegerOption<Name, Required, Value, Mode, Lo, V>
}

/** A NUMBER option (type 10): doubles from -2^53 to 2^53. */
export interface NumberOption<
  Name extends string = string,
  Required extends boolean = false,
  Value extends number = number,
  Mode extends OptionMode = 'free',
  Lo extends number = number,
  Hi extends number = number,
> extends MisplacedOnNumber {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<10, Name, Required, Value, Mode>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): NumberOption<Name, true, Value, Mode, Lo, Hi>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): NumberOption<Name, Required, Value, Mode, Lo, Hi>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): NumberOptionJSON
  /** The only values a user may pick. At most 25; never with autocomplete. */
  choices<const C extends readonly Choice[]>(
    this: Mode extends 'autocomplete' ? SlashkitError<'an option with autocomplete cannot have choices; use one or the other'> : unknown,
    ...choices: CheckChoices<C, 'number'>
  ): NumberOption<Name, Required, Mode extends 'choices' ? Value | (ChoiceValues<C> & number) : ChoiceValues<C> & number, 'choices', Lo, Hi>
  /** Suggestions come from your autocomplete handler. Never with choices. */
  autocomplete(
    this: Mode extends 'choices' ? SlashkitError<'an option with choices cannot use autocomplete; use one or the other'> : unknown,
  ): NumberOption<Name, Required, Value, 'autocomplete', Lo, Hi>
  /** Smallest value allowed; at most the largest (checked by the types for literals). */
  min<const V extends number>(value: number extends Hi ? V : CheckMin<V, Hi>): NumberOption<Name, Required, Value, Mode, V, Hi>
  /** Largest value allowed; at least the smallest (checked by the types for literals). */
  max<const V extends number>(value: number extends Lo ? V : CheckMax<V, Lo>): NumberOption<Name, Required, Value, Mode, Lo, V>
}

/** A BOOLEAN option (type 5). */
export interface BooleanOption<Name extends string = string, Required extends boolean = false> extends MisplacedOnPlain {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<5, Name, Required, boolean, 'free'>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): BooleanOption<Name, true>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): BooleanOption<Name, Required>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): BooleanOptionJSON
}

/** A USER option (type 6): the handler gets `{ user, member }`. */
export interface UserOption<Name extends string = string, Required extends boolean = false> extends MisplacedOnPlain {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<6, Name, Required, unknown, 'free'>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): UserOption<Name, true>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): UserOption<Name, Required>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): UserOptionJSON
}

/** A CHANNEL option (type 7). `Types` narrows the channel's `type` in the handler. */
export interface ChannelOption<Name extends string = string, Required extends boolean = false, Types extends ChannelType = ChannelType> extends MisplacedOnChannel {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<7, Name, Required, Types, 'free'>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): ChannelOption<Name, true, Types>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): ChannelOption<Name, Required, Types>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): ChannelOptionJSON
  /**
   * Restricts the channels shown (spec: "Command option" channel_types), by name
   * (`'GuildText'`, the keys of `ChannelType`) or by value (`0`); the handler's
   * channel `type` narrows to them. Directory channels (GuildDirectory, 14) cannot
   * be offered: the spec shows no channel type values, and the public API v10 types
   * (discord-api-types' `ApplicationCommandOptionAllowedChannelType`) leave them out.
   * @example option.channel('where', 'Where to post').channelTypes('GuildText', 'GuildAnnouncement')
   */
  channelTypes<const T extends readonly (string | number)[]>(...types: CheckChannelTypes<T>): ChannelOption<Name, Required, ChannelTypeOf<T[number]>>
}

/** A channel type by name (`'GuildText'`) or by value (`0`). */
export type ChannelTypeInput = ChannelType | keyof typeof ChannelType

/** The channel type values of names and values `T`. */
type ChannelTypeOf<T> = T extends keyof typeof ChannelType ? (typeof ChannelType)[T] : T & ChannelType

/**
 * The arguments of `.channelTypes(...)`: `T` itself when every one is a channel
 * type a CHANNEL option may offer; else each wrong one becomes a sentence. `T` is
 * inferred from the first branch only (`T extends infer B`).
 */
type CheckChannelTypes<T extends readonly unknown[]> =
  T[number] extends Exclude<ChannelTypeInput, 14 | 'GuildDirectory'> ? T : T extends infer B extends readonly unknown[] ? { [K in keyof B]: CheckChannelType<B[K]> } : never

/**
 * One channel type given to `.channelTypes(...)`, or the sentence of what is
 * wrong with it: a directory channel, a number that is no channel type, a name
 * that is none (with the nearest names).
 */
type CheckChannelType<T> = T extends ChannelTypeInput
  ? T extends 14 | 'GuildDirectory'
    ? SlashkitError<'a CHANNEL option cannot offer directory channels (GuildDirectory, 14)'>
    : T
  : SlashkitError<
      T extends string
        ? `'${T}' is not a channel type${DidYouMean<T, keyof typeof ChannelType, "; use a name of ChannelType such as 'GuildText', or its value">}`
        : `${T & number} is not a channel type; use a name of ChannelType such as 'GuildText', or its value`
    >

/** A ROLE option (type 8): the handler gets the role. */
export interface RoleOption<Name extends string = string, Required extends boolean = false> extends MisplacedOnPlain {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<8, Name, Required, unknown, 'free'>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): RoleOption<Name, true>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): RoleOption<Name, Required>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): RoleOptionJSON
}

/** A MENTIONABLE option (type 9): the handler gets `{ user, member }` or `{ role }`. */
export interface MentionableOption<Name extends string = string, Required extends boolean = false> extends MisplacedOnPlain {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<9, Name, Required, unknown, 'free'>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): MentionableOption<Name, true>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): MentionableOption<Name, Required>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): MentionableOptionJSON
}

/** An ATTACHMENT option (type 11): the handler gets the attachment. */
export interface AttachmentOption<Name extends string = string, Required extends boolean = false> extends MisplacedOnPlain {
  /** Type only: what the handler receives. Absent at run time. */
  readonly '~types'?: OptionTypes<11, Name, Required, unknown, 'free'>
  /** Marks the option required: required options come first in a list (spec: "Command option" 1; the types check it). */
  required(): AttachmentOption<Name, true>
  /** The option's name and/or description in `locale`. Values equal to the default are dropped. */
  localize(locale: Locale, localization: Localization): AttachmentOption<Name, Required>
  /** The option object (spec: "Command option"), checked on its own; throws `ValidationError`. */
  toJSON(): AttachmentOptionJSON
}

/** Any option builder that carries a value. */
export interface AnyOption {
  readonly '~types'?: OptionTypes
  toJSON(): unknown
}

/** The type-only record of an option. */
export type TypesOf<O> = O extends { readonly '~types'?: infer I extends OptionTypes } ? I : never

/**
 * The type-only record of an option builder, by indexed access: no conditional
 * type and no constraint check per option, as `TypesOf` costs (which takes any
 * type). On bench/inference.mjs's 130 commands with a handler reading every
 * option, TS 5.9: 177,867 -> 172,721 instantiations with `handle(...)`
 * (docs/internals.md).
 */
export type OptionRecord<O extends AnyOption> = NonNullable<O['~types']>
