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
