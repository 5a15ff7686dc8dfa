/**
 * The error brand of the type-level rules, alone in its file so that every
 * types/ file can import it without a circle (names.ts and util.ts both need it).
 */

declare const errorBrand: unique symbol

/**
 * A type that reads as a sentence in the compiler's message. It stands where a
 * wrong argument (or a wrong `this`) goes, so misuse reports as
 * `... is not assignable to parameter of type 'SlashkitError<"required options must come first">'`.
 * No value has this type.
 */
export type SlashkitError<Message extends string> = `❌ ${Message}` & { readonly [errorBrand]: Message }
