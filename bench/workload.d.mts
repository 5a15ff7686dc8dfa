/** Types of bench/workload.mjs, for the tests that import it. */
import type { BulkCommandJSON } from '../src/wire/commands.js'

/** The counts of issue 29's workload, which `makeWorkload()` reproduces exactly. */
export declare const WORKLOAD: {
  readonly commands: number
  readonly chatInput: number
  readonly leaf: number
  readonly withSubcommands: number
  readonly withGroups: number
  readonly user: number
  readonly message: number
  readonly options: number
  readonly choices: number
  readonly localized: number
}

/** The locales of the localized commands. */
export declare const WORKLOAD_LOCALES: readonly string[]

/** Issue 29's workload: 130 commands, 1,931 options, 2,146 choices, the same on every call (seeded). */
export declare function makeWorkload(options?: { readonly seed?: number }): BulkCommandJSON[]

/** The workload's counts, as the issue states them, its option types and its size in JSON characters. */
export declare function countWorkload(set: readonly BulkCommandJSON[]): typeof WORKLOAD & { readonly optionTypes: number[]; readonly bytes: number }
