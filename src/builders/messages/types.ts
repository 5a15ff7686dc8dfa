/**
 * The type-level rules of messages and components, where they are cheap: the
 * counts and the nesting of literal lists (an action row of at most 5 buttons or
 * one select, a section of 1 to 3 texts, a gallery of 1 to 10 items, at most 5
 * action rows and 10 embeds in a message, the top of a modal, a FILE component's
 * `attachment://` URL), the lengths of literal texts and the ranges of literal
 * counts and lengths (`maxValues`, `maxLength`). Each parameter type is the arguments themselves when they
 * fit, and otherwise the arguments with the offending one turned into a sentence
 * (`SlashkitError`), so the compiler points at it. A list whose length is not
 * known (a `string[]` built at run time) is left to the run-time rules.
 */
import type { SlashkitError } from '../types/error.js'
import type { Past100, Past200, Span, Span10, Span100, Span1000 } from '../types/spans.js'
import type { Above, AsciiLength } from '../types/text.js'
import type { ActionRowChildJSON, ActionRowJSON, AnySelectJSON, ContainerChildJSON } from '../../wire/components.js'

/** Lengths 0 to 10, for the counts of literal lists. */
type UpTo<N extends number, Acc extends number[] = [], Out = never> = Acc['length'] extends N ? Out | N : UpTo<N, [...Acc, 0], Out | Acc['length']>
type Upto5 = UpTo<5>
type Upto3 = UpTo<3>
type Upto10 = UpTo<10>

/** Whether a list's length is a literal (a tuple), so the types can count it. */
type Counted<A extends readonly unknown[]> = number extends A['length'] ? false : true

/** `A` with the elements from index `From` on turned into `E`. */
type From<A extends readonly unknown[], At extends number, E> = { [K in keyof A]: K extends `${number}` ? (Index<K> extends Before<At> ? A[K] : E) : A[K] }
type Index<K> = K extends `${infer N extends number}` ? N : never
type Before<N extends number, Acc extends number[] = [], Out = never> = Acc['length'] extends N ? Out : Before<N, [...Acc, 0], Out | Acc['length']>

/**
 * A literal list of 1 to `Max` elements, or the sentence in place of an empty list,
 * or its first `Max` elements and then a rest element whose type is the sentence.
 * A tuple with a rest element spreads into the signature's parameters (the first
 * `Max` fixed, then a rest of sentences), so every compiler (5.9, 6, 7) checks the
 * arguments one by one; `NoInfer` around it would stop that spreading.
 * so the first line of the error is about the first one too many
 * ("Argument of type 'ButtonJSON' is not assignable to parameter of type
 * 'SlashkitError<...>'"); a tuple of the same length instead makes it print the
 * whole argument list before the sentence.
 */
export type CountCheck<A extends readonly unknown[], Max extends number, Fits, TooMany extends string, Empty extends string> =
  Counted<A> extends false ? A : A['length'] extends 0 ? [SlashkitError<Empty>] : A['length'] extends Fits ? A : TooManyAfter<Take<A, Max>, TooMany>

/** The first `N` elements of `A` (tail-recursive; only for a refused list). */
type Take<A extends readonly unknown[], N extends number, Out extends unknown[] = []> = Out['length'] extends N
  ? Out
  : A extends readonly [infer H, ...infer R]
    ? Take<R, N, [...Out, H]>
    : Out

/** `Head` and then any number of the sentence: one error, at the first argument after `Head`. */
type TooManyAfter<Head extends readonly unknown[], Sentence extends string> = readonly [...Head, ...SlashkitError<Sentence>[]]

/** The elements of `A` before its first select menu. */
type BeforeSelect<A extends readonly unknown[], Out extends unknown[] = []> = A extends readonly [infer H, ...infer R]
  ? H extends AnySelectJSON
    ? Out
    : BeforeSelect<R, [...Out, H]>
  : Out

/** Whether a literal list of components holds a select menu. */
type HasSelect<A extends readonly unknown[]> = true extends { [K in keyof A]: A[K] extends AnySelectJSON ? true : false }[number] ? true : false

/**
 * The arguments of `actionRow(...)`: 1 to 5 buttons, or one select menu alone
 * (public API v10: `ActionRowComponentForMessageRequest` holds 1 to 5; docs, "Action Row").
 */
export type RowCheck<A extends readonly ActionRowChildJSON[]> =
  Counted<A> extends false
    ? A
    : HasSelect<A> extends true
      ? A['length'] extends 1
        ? A
        : TooManyAfter<A[0] extends AnySelectJSON ? [A[0]] : BeforeSelect<A>, 'a select menu fills its action row alone; put the other components in another row'>
      : CountCheck<A, 5, Upto5, 'an action row holds at most 5 buttons', 'an action row holds at least one component'>

/** The options of a string select: 1 to 25 (OpenAPI `StringSelectComponentForMessageRequest.options`). */
export type OptionsCheck<A extends readonly unknown[]> = ListCheck<A, 25, UpTo<25>, 'a string select holds at most 25 options', 'a string select holds at least one option'>

/**
 * `CountCheck` for a list written as one array literal (not as the arguments): a
 * tuple of the same length with the elements from `Max` on turned into the
 * sentence, which every compiler elaborates down to the first element too many.
 */
type ListCheck<A extends readonly unknown[], Max extends number, Fits, TooMany extends string, Empty extends string> =
  Counted<A> extends false ? A : A['length'] extends 0 ? [SlashkitError<Empty>] : A['length'] extends Fits ? A : NoInfer<From<A, Max, SlashkitError<TooMany>>>

/** The text displays of a section: 1 to 3 (OpenAPI `SectionComponentForMessageRequest`). */
export type SectionTexts<A extends readonly unknown[]> = ListCheck<A, 3, Upto3, 'a section holds at most 3 text displays', 'a section holds at least one text display'>

/** The items of a media gallery: 1 to 10 (OpenAPI `MediaGalleryComponentForMessageRequest`). */
export type GalleryItems<A extends readonly unknown[]> = CountCheck<A, 10, Upto10, 'a media gallery holds at most 10 items', 'a media gallery holds at least one item'>

/** The components of a message without IS_COMPONENTS_V2: at most 5 action rows (docs, "Action Row"), no layout component. */
export type RowsCheck<A extends readonly unknown[]> = A[number] extends ActionRowJSON
  ? Counted<A> extends false
    ? A
    : A['length'] extends Upto5
      ? A
      : NoInfer<From<A, 5, SlashkitError<'a message holds at most 5 action rows; set the IS_COMPONENTS_V2 flag (layout(...)) for up to 40 components'>>>
  : NoInfer<{
      readonly [K in keyof A]: A[K] extends ActionRowJSON
        ? A[K]
        : SlashkitError<'a layout component goes in a layout message: layout([...]) sets the IS_COMPONENTS_V2 flag it needs'>
    }>

/** A container's children: no container (OpenAPI `ContainerComponentForMessageRequest`). */
export type ContainerChildren<A extends readonly unknown[]> = A[number] extends ContainerChildJSON
  ? A
  : NoInfer<{ readonly [K in keyof A]: A[K] extends ContainerChildJSON ? A[K] : SlashkitError<'a container holds no container; put both in the message, side by side'> }>

/** The embeds of a message: at most 10 (OpenAPI `IncomingWebhookInteractionRequest.embeds`). */
export type EmbedsCheck<A extends readonly unknown[]> =
  Counted<A> extends false ? A : A['length'] extends Upto10 ? A : NoInfer<From<A, 10, SlashkitError<'a message holds at most 10 embeds'>>>

/** A FILE component's URL names a file sent with the message (OpenAPI `UnfurledMediaRequestWithAttachmentReferenceRequired`). */
export type AttachmentUrl<U extends string> = string extends U
  ? U
  : U extends `attachment://${string}`
    ? U
    : SlashkitError<'a file component shows a file sent with the message: its URL is attachment://filename'>

/** A `custom_id` literal of 1 to 100 characters (counted in UTF-16 units by the types; the run time counts characters). */
export type CustomIdCheck<S extends string> = string extends S
  ? S
  : S extends ''
    ? SlashkitError<'a custom_id is 1 to 100 characters long'>
    : LongerThan<S, 100> extends true
      ? SlashkitError<'a custom_id is 1 to 100 characters long'>
      : S

/**
 * A `button`'s `custom_id` literal: as `CustomIdCheck`, and not a URL. The service
 * takes one (any text of 1 to 100 characters), but the button opens nothing: it
 * sends the text back to the app, which is never what a URL there means.
 */
export type ButtonIdCheck<S extends string> = S extends `${'http' | 'https' | 'discord'}://${string}`
  ? SlashkitError<'a button sends its custom_id back to the app and opens no link; linkButton(url, label) makes a button that opens one'>
  : CustomIdCheck<S>

/** Whether literal `S` is longer than `N` characters, one character a step (tail-recursive). */
type LongerThan<S extends string, N extends number, Acc extends 0[] = []> = Acc['length'] extends N
  ? S extends ''
    ? false
    : true
  : S extends `${string}${infer R}`
    ? LongerThan<R, N, [...Acc, 0]>
    : false

// ---------------------------------------------------------------- lengths of literal texts

/**
 * The length limits of the texts a user writes as literals (public API v10,
 * components and message references; OpenAPI `maxLength`, the schema named beside
 * each in `Limits`). A text typed as `string` passes and is checked at run time. A
 * valid literal costs one match against a pattern of the limit's length; only a
 * text over the limit in UTF-16 units takes the slow path (`TextRefusal`), which
 * refuses it when it is over twice the limit (over the limit whatever its
 * characters) or all ASCII (one unit, one character), and otherwise leaves it to
 * the run time, which counts code points. The slow path sits in an alias of its
 * own behind `NoInfer`: a valid call pays 22 instantiations, against 40 with it
 * written inline and the text boxed in an object (TypeScript 5.9, 6 and 7 alike).
 */
export type TextCheck<S extends string, Limit extends TextLimit> = string extends S ? S : S extends Limits[Limit]['over'] ? NoInfer<TextRefusal<S, Limit>> : S

/** The sentence for a literal over its limit in UTF-16 units, or `S` when only the run time can tell. */
type TextRefusal<S extends string, Limit extends TextLimit> = LimitVerdict<S, Limit, S extends Limits[Limit]['twice'] ? 'over' : AsciiCount<S>>

/** The texts `TextCheck` knows, by the name its sentence gives them. */
type TextLimit = keyof Limits

/** Each text's limit, and the patterns of a text over it in UTF-16 units and over twice it. */
interface Limits {
  /** ButtonComponentForMessageRequest.label. */
  'a button label': { max: 80; over: Past80; twice: Past160 }
  /** StringSelectOptionForRequest.label. */
  'a select option label': { max: 100; over: Past100; twice: Past200 }
  /** StringSelectOptionForRequest.value. */
  'a select option value': { max: 100; over: Past100; twice: Past200 }
  /** StringSelectOptionForRequest.description. */
  'a select option description': { max: 100; over: Past100; twice: Past200 }
  /** StringSelectComponentForMessageRequest.placeholder, and every select's. */
  'a select placeholder': { max: 150; over: Past150; twice: Past300 }
  /** ModalInteractionCallbackRequestData.title. */
  'a modal title': { max: 45; over: Past45; twice: Past90 }
  /** LabelComponentForModalRequest.label. */
  'a label': { max: 45; over: Past45; twice: Past90 }
  /** LabelComponentForModalRequest.description. */
  'a label description': { max: 100; over: Past100; twice: Past200 }
  /** TextInputComponentForModalRequest.label. */
  'a text input label': { max: 45; over: Past45; twice: Past90 }
  /** TextInputComponentForModalRequest.placeholder. */
  'a text input placeholder': { max: 100; over: Past100; twice: Past200 }
  /** TextInputComponentForModalRequest.value. */
  'a text input value': { max: 4000; over: Past4000; twice: Past8000 }
  /** TextDisplayComponentForMessageRequest.content. */
  'a text display': { max: 4000; over: Past4000; twice: Past8000 }
  /** ThumbnailComponentForMessageRequest.description. */
  'a thumbnail description': { max: 1024; over: Past1024; twice: Past2048 }
  /** IncomingWebhookInteractionRequest.content. */
  'message content': { max: 2000; over: Past2000; twice: Past4000 }
  /** RichEmbed.title. */
  'an embed title': { max: 256; over: Past256; twice: Past512 }
  /** RichEmbed.description. */
  'an embed description': { max: 4096; over: Past4096; twice: Past8192 }
  /** RichEmbedFooter.text. */
  'an embed footer': { max: 2048; over: Past2048; twice: Past4096 }
  /** RichEmbedAuthor.name. */
  'an embed author name': { max: 256; over: Past256; twice: Past512 }
  /** PollMedia.text. */
  'a poll question': { max: 300; over: Past300; twice: Past600 }
}

/** `S` when its length is unknown to the types (`never`: a character out of ASCII), else the sentence. */
type LimitVerdict<S extends string, Limit extends TextLimit, Length> = [Length] extends [never]
  ? S
  : SlashkitError<`${Limit} has at most ${Limits[Limit]['max']} characters; this one has ${Length extends number ? Length : `over ${Limits[Limit]['max']}`}`>

/**
 * The length of `S` when every character is ASCII, else `never`: ten characters a
 * step (`AsciiLength` checks each ten), so a text of 8000 stays under the
 * compiler's 1000 steps of a tail-recursive type. Only a refused text is counted.
 */
type AsciiCount<S extends string, N extends 0[] = []> = S extends `${infer A}${infer B}${infer C}${infer D}${infer E}${infer F}${infer G}${infer H}${infer I}${infer J}${infer R}`
  ? 10 extends AsciiLength<`${A}${B}${C}${D}${E}${F}${G}${H}${I}${J}`>
    ? AsciiCount<R, [...N, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]>
    : never
  : AsciiLength<S, N>

/** A pattern of at least N + 1 UTF-16 units: N + 1 spans, then any rest (src/builders/types/spans.ts). */
type Past45 = `${Span10}${Span10}${Span10}${Span10}${Span}${Span}${Span}${Span}${Span}${Span}${string}`
type Past80 = `${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span}${string}`
type Past90 = `${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span}${string}`
type Past150 = `${Span100}${Span10}${Span10}${Span10}${Span10}${Span10}${Span}${string}`
type Past160 = `${Span100}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span}${string}`
type Past256 = `${Span100}${Span100}${Span10}${Span10}${Span10}${Span10}${Span10}${Span}${Span}${Span}${Span}${Span}${Span}${Span}${string}`
type Past300 = `${Span100}${Span100}${Span100}${Span}${string}`
type Past512 = `${Span100}${Span100}${Span100}${Span100}${Span100}${Span10}${Span}${Span}${Span}${string}`
type Past600 = `${Span100}${Span100}${Span100}${Span100}${Span100}${Span100}${Span}${string}`
type Past1024 = `${Span1000}${Span10}${Span10}${Span}${Span}${Span}${Span}${Span}${string}`
type Past2000 = `${Span1000}${Span1000}${Span}${string}`
type Past2048 = `${Span1000}${Span1000}${Span10}${Span10}${Span10}${Span10}${Span}${Span}${Span}${Span}${Span}${Span}${Span}${Span}${Span}${string}`
type Past4000 = `${Span1000}${Span1000}${Span1000}${Span1000}${Span}${string}`
type Past4096 =
  `${Span1000}${Span1000}${Span1000}${Span1000}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span}${Span}${Span}${Span}${Span}${Span}${Span}${string}`
type Past8000 = `${Span1000}${Span1000}${Span1000}${Span1000}${Span1000}${Span1000}${Span1000}${Span1000}${Span}${string}`
type Past8192 =
  `${Span1000}${Span1000}${Span1000}${Span1000}${Span1000}${Span1000}${Span1000}${Span1000}${Span100}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span10}${Span}${Span}${Span}${string}`

// ---------------------------------------------------------------- counts and lengths given as literal numbers

/**
 * The numbers a user writes as literals in the option bags of selects and inputs,
 * by the name their sentence gives them: the least and the most (public API v10;
 * OpenAPI `StringSelectComponentForMessageRequest` and the other selects:
 * `min_values` 0 to 25, `max_values` 1 to 25; `FileUploadComponentForModalRequest`
 * and `CheckboxGroupComponentForModalRequest`: 0 to 10 and 1 to 10;
 * `TextInputComponentForModalRequest`: `min_length` 0 to 4000, `max_length` 1 to
 * 4000). src/rules/components.ts checks the same at run time.
 */
interface Bounds {
  "a select's minValues": { min: 0; max: 25; over: Over25 }
  "a select's maxValues": { min: 1; max: 25; over: Over25 }
  "a file upload's minValues": { min: 0; max: 10; over: Over10 }
  "a file upload's maxValues": { min: 1; max: 10; over: Over10 }
  "a checkbox group's minValues": { min: 0; max: 10; over: Over10 }
  "a checkbox group's maxValues": { min: 1; max: 10; over: Over10 }
  "a text input's minLength": { min: 0; max: 4000; over: Over4000 }
  "a text input's maxLength": { min: 1; max: 4000; over: Over4000 }
}

/** The text of a number that is not a whole number of no sign: a sign, a fraction or an exponent. */
type NotWhole = `${string}${'-' | '.' | 'e'}${string}`

/**
 * The texts of the whole numbers above each maximum (the maximum itself excepted
 * by the caller), as patterns: a digit count past the maximum's, or its leading
 * digits past the maximum's (`Span`, `PastN`'s placeholder of one unit). One match
 * of the number's text; the general comparison (`Above`, digit by digit) cost 104
 * instantiations a check on a text input's length, these patterns none to speak of.
 */
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type Over10 = `${Exclude<Digit, '0' | '1'>}${Digit}` | `1${Exclude<Digit, '0'>}` | `${Span}${Span}${Span}${string}`
type Over25 = `${Exclude<Digit, '0' | '1' | '2'>}${Digit}` | `2${'6' | '7' | '8' | '9'}` | `${Span}${Span}${Span}${string}`
type Over4000 = `${'4' | '5' | '6' | '7' | '8' | '9'}${Span}${Span}${Span}${string}` | `${Span}${Span}${Span}${Span}${Span}${string}`

/**
 * A count or a length given as a literal number (`maxValues: 30`), held to its
 * range: `N` itself, or the sentence. A number typed as `number` is the run time's.
 * Not a union of every number in range: the 4000 lengths of a text input as one
 * union cost 52,000 instantiations on a file of 40 text inputs.
 */
export type BoundCheck<N extends number, B extends keyof Bounds> = number extends N
  ? N
  : `${N}` extends NotWhole
    ? BoundRefusal<N, B>
    : N extends 0
      ? Bounds[B]['min'] extends 0
        ? N
        : BoundRefusal<N, B>
      : N extends Bounds[B]['max']
        ? N
        : `${N}` extends Bounds[B]['over']
          ? BoundRefusal<N, B>
          : N

/** The sentence of a count or a length out of its range. */
type BoundRefusal<N extends number, B extends keyof Bounds> = NoInfer<SlashkitError<`${B} is a whole number from ${Bounds[B]['min']} to ${Bounds[B]['max']}; this one is ${N}`>>

/**
 * The lower bound of a pair (`minValues`, `minLength`): in its range, at most the
 * upper one (`Hi`, when that is a literal too) and, for a string select, at most
 * the options it offers (`Count`, when the list is a literal).
 */
export type MinCheck<Lo extends number, Hi extends number, B extends keyof Bounds, HiName extends string, Count extends number = number> =
  BoundCheck<Lo, B> extends Lo
    ? Above<Lo, Hi> extends true
      ? NoInfer<SlashkitError<`${B} (${Lo}) is above its ${HiName} (${Hi}); the minimum must not exceed the maximum`>>
      : Above<Lo, Count> extends true
        ? NoInfer<SlashkitError<`${B} (${Lo}) is above the ${Count} option${Count extends 1 ? '' : 's'} it offers`>>
        : Lo
    : BoundCheck<Lo, B>
