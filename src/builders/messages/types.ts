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

/** A literal list of 1 to `Max` elements, or the sentence at the first one too many (or in place of an empty list). */
export type CountCheck<A extends readonly unknown[], Max extends number, Fits, TooMany extends string, Empty extends string> =
  Counted<A> extends false ? A : A['length'] extends 0 ? [SlashkitError<Empty>] : A['length'] extends Fits ? A : NoInfer<From<A, Max, SlashkitError<TooMany>>>

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
        : NoInfer<{ [K in keyof A]: A[K] extends AnySelectJSON ? SlashkitError<'a select menu fills its action row alone; put the other components in another row'> : A[K] }>
      : CountCheck<A, 5, Upto5, 'an action row holds at most 5 buttons', 'an action row holds at least one component'>

/** The text displays of a section: 1 to 3 (OpenAPI `SectionComponentForMessageRequest`). */
export type SectionTexts<A extends readonly unknown[]> = CountCheck<A, 3, Upto3, 'a section holds at most 3 text displays', 'a section holds at least one text display'>

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
