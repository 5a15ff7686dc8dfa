/** Types of bench/typecheck.mjs, for the tests that import it. */

/** The check aliases of the built declarations and the argument each passes through for the floor. */
export declare const CHECKS: Readonly<Record<string, string>>

/** Copies dist/'s declarations into `into` (a folder path ending in '/') with every check alias passing its argument through. */
export declare function writeUncheckedDeclarations(into: string): void

/** Check and total times of the type-check benchmark, and with `floor` those of the unchecked declarations. */
export declare function typecheck(options?: { rounds?: number; floor?: boolean }): {
  slashkit: { check: number; total: number }
  literal: { check: number; total: number }
  ratio: number
  totalRatio: number
  floor?: {
    unchecked: { check: number; total: number }
    uncheckedRatio: number
    noInfer: { check: number; total: number }
    noInferRatio: number
  }
}

/** The same comparison with TypeScript 7.0's compiler: median check times (seconds) and their ratio. */
export declare function typecheckNative(options?: { rounds?: number }): { slashkit: number; literal: number; ratio: number }

/** The editor-speed workload at each size: median check times and instantiations of each variant, with TS 5.9 and 7.0, and the target ratios. */
export declare function typecheckInference(options?: { sizes?: number[]; rounds?: number }): Array<{
  commands: number
  compiler: string
  'map / hand-written': number
  'handle / hand-written': number
  'definitions / literals': number
  'instantiations handle / hand-written': number
  instantiations: Record<string, number>
  [variant: string]: unknown
}>

/** A rewrite of the built declarations: alias bodies, interfaces emptied, text replaced. */
export interface DeclarationRewrite {
  aliases?: Record<string, string>
  interfaces?: string[]
  replace?: [string, string][]
}

/** Copies dist/'s declarations into `into` (a folder path ending in '/') with `rewrite` applied; throws when a part of it is found nowhere. */
export declare function rewriteDeclarations(into: string, rewrite: DeclarationRewrite): void

/** The refusal families: the rule each stands for, its rewrite, and misuse the rewrite accepts (or, with `sentence`, no longer explains). */
export declare const REFUSALS: Readonly<Record<string, DeclarationRewrite & { rule: string; misuse: string[]; sentence?: string }>>

/** The rewrite that switches one family off, or every family (`'all'`). */
export declare function refusalRewrite(family: string): Required<DeclarationRewrite>

interface Measured {
  check: number
  instantiations: number
}

/** What each refusal family costs on the 130-command workload, definitions alone and with `handle(...)`, per compiler. */
export declare function typecheckRefusals(options?: { count?: number; rounds?: number; compilers?: string[]; families?: string[] }): Array<{
  compiler: string
  commands: number
  literal: Measured
  handwritten: Measured
  rows: Array<{
    family: string
    rule: string
    definitions: Measured
    handle: Measured
    'definitions / literals': number
    'handle / hand-written': number
    'definitions saved': number
    'handle saved': number
    'instantiations saved (definitions)': number
    'instantiations saved (handle)': number
  }>
}>

/** `typecheckRefusals()` as a Markdown table per compiler. */
export declare function refusalTable(result: ReturnType<typeof typecheckRefusals>): string
