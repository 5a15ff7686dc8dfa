/** Types of bench/fixture.mjs, for the tests that import it. */
import type { BulkCommandJSON } from '../src/wire/commands.js'

/** The locales the fixture's commands are translated into. */
export declare const LOCALES: readonly string[]

/**
 * The reference benchmark set: 100 CHAT_INPUT, 15 USER and 15 MESSAGE commands,
 * about 400 KB of JSON, the same on every call (seeded).
 */
export declare function makeCommandSet(options?: { readonly seed?: number }): BulkCommandJSON[]
