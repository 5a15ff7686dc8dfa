/** Types of bench/fixture.mjs, for the tests that import it. */
import type { BulkCommandJSON } from '../src/wire/commands.js'

/** mulberry32: a small, fast, seeded 32-bit PRNG; the function returns floats in [0, 1). */
export declare function mulberry32(seed: number): () => number

/** The locales the fixture's commands are translated into. */
export declare const LOCALES: readonly string[]

/**
 * The reference benchmark set: 100 CHAT_INPUT, 15 USER and 15 MESSAGE commands,
 * about 400 KB of JSON, the same on every call (seeded).
 */
export declare function makeCommandSet(options?: { readonly seed?: number }): BulkCommandJSON[]

/** The counts the wide set is built to: options (subcommands and groups included), choices, localized commands. */
export declare const WIDE_SHAPE: { readonly options: number; readonly choices: number; readonly localized: number }

/**
 * The shape of issue 29's outside measurement: 100 CHAT_INPUT (60 with value
 * options, 30 with subcommands, 10 with groups), 15 USER, 15 MESSAGE; 31 commands
 * localized in 5 locales down to the choices; 1,931 options and 2,146 choices.
 */
export declare function makeWideSet(options?: { readonly seed?: number }): BulkCommandJSON[]
