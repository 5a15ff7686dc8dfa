/**
 * The type-level rules of messages and components, where they are cheap: the
 * counts and the nesting of literal lists (an action row of at most 5 buttons or
 * one select, a section of 1 to 3 texts, a gallery of 1 to 10 items, at most 5
 * action rows and 10 embeds in a message, the top of a modal, a FILE component's
 * `attachment://` URL). Each parameter type is the arguments themselves when they
 * fit, and otherwise the arguments with the offending one turned into a sentence
 * (`SlashkitError`), so the compiler points at it. A list whose length is not
 * known (a `string[]` built at run time) is left to the run-time rules.
 */
import type { SlashkitError } from '../types/error.js'
import type { AsciiLength, Over100Pattern, Over200Pattern } from '../types/text.js'
import type { ActionRowChildJSON, AnySelectJSON } from '../../wire/components.js'

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

/** The components of a message without IS_COMPONENTS_V2: at most 5 action rows (docs, "Action Row"). */
export type RowsCheck<A extends readonly unknown[]> =
  Counted<A> extends false
    ? A
    : A['length'] extends Upto5
      ? A
      : NoInfer<From<A, 5, SlashkitError<'a message holds at most 5 action rows; set the IS_COMPONENTS_V2 flag (layout(...)) for up to 40 components'>>>

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
 * components reference; OpenAPI `maxLength`): a button's `label` (80), a select
 * option's `label` and `value` (100), a modal's `title` and a label's text (45).
 * A text typed as `string` passes and is checked at run time. A valid literal costs
 * one comparison of a boxed text with a plain shape interface (cached, as the
 * command names of src/builders/types/names.ts); only a text over the limit in UTF-16 units takes the
 * slow path, which refuses it when it is over twice the limit (over the limit
 * whatever its characters) or all ASCII (one unit, one character), and otherwise
 * leaves it to the run time, which counts code points.
 */
export type TextCheck<S extends string, Limit extends TextLimit> = string extends S
  ? S
  : TextBox<S> extends Limits[Limit]['over']
    ? NoInfer<LimitVerdict<S, Limit, TextBox<S> extends Limits[Limit]['twice'] ? 'over' : AsciiLength<S>>>
    : S

/** The texts `TextCheck` knows, by the name its sentence gives them. */
type TextLimit = keyof Limits

interface Limits {
  'a button label': { over: Over80Shape; twice: Over160Shape; max: 80 }
  'a select option label': { over: Over100TextShape; twice: Over200TextShape; max: 100 }
  'a select option value': { over: Over100TextShape; twice: Over200TextShape; max: 100 }
  'a select option description': { over: Over100TextShape; twice: Over200TextShape; max: 100 }
  'a modal title': { over: Over45Shape; twice: Over90Shape; max: 45 }
  'a label': { over: Over45Shape; twice: Over90Shape; max: 45 }
}

/** `S` when its length is unknown to the types (`never`: a character out of ASCII), else the sentence. */
type LimitVerdict<S extends string, Limit extends TextLimit, Length> = [Length] extends [never]
  ? S
  : SlashkitError<`${Limit} has at most ${Limits[Limit]['max']} characters; this one has ${Length extends number ? Length : `over ${Limits[Limit]['max']}`}`>

/** Holds a text in one property, to compare it with a shape interface (a plain interface is never instantiated again). */
interface TextBox<S> {
  readonly text: S
}

interface Over45Shape {
  readonly text: Over45Pattern
}
interface Over90Shape {
  readonly text: Over90Pattern
}
interface Over80Shape {
  readonly text: Over80Pattern
}
interface Over160Shape {
  readonly text: Over160Pattern
}
interface Over100TextShape {
  readonly text: Over100Pattern
}
interface Over200TextShape {
  readonly text: Over200Pattern
}

/** A text of at least 46 UTF-16 units: one template, no recursion (as src/builders/types/names.ts). */
type Over45Pattern =
  `${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string}`

/** A text of at least 91 UTF-16 units: over 45 characters whatever they are. */
type Over90Pattern =
  `${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string}`

/** A text of at least 81 UTF-16 units: one template, no recursion (as src/builders/types/names.ts). */
type Over80Pattern =
  `${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string}`

/** A text of at least 161 UTF-16 units: over 80 characters whatever they are. */
type Over160Pattern =
  `${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string & {}}${string}`
