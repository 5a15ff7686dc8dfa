/** Types of bench/size.mjs, for the tests that import it. */

/** Minified and gzipped size of a bundle of `contents` (an ES module), from the repository root. */
export declare function gzipped(contents: string): Promise<{ minified: number; gzip: number }>

/** One command with builders and rules: what the size limit is about. */
export declare const OURS: string

/** The ceiling of one command's bundle (gzip bytes). */
export declare const SIZE_LIMIT: number

/** Issue 29's command: 4 options, 2 choices, 5 locales on every name, description and choice. */
export declare const ISSUE_29: string

/** Issue 29's target for ISSUE_29's bundle (gzip bytes). */
export declare const ISSUE_29_TARGET: number

/** The ceiling of ISSUE_29's bundle the tests hold (gzip bytes). */
export declare const ISSUE_29_LIMIT: number

/** A bot that answers with messages: the same command, an embed, a row of route buttons, validateInteractionResponse. */
export declare const MESSAGES: string

/** Sizes of one command's bundle, ours and the peer's, and their ratio; issue 29's command's; the messages bot's; the whole package's. */
export declare function sizes(): Promise<{
  ours: { minified: number; gzip: number }
  peer: { minified: number; gzip: number }
  messages: { minified: number; gzip: number }
  issue29: { minified: number; gzip: number }
  everything: { minified: number; gzip: number }
  ratio: number
}>

/** The builders' public methods, which a bundle keeps whether a command calls them or not. */
export declare const CONTRACT_METHODS: readonly string[]

/** A bundle's gzip bytes split by what the contract asks for (`node bench/size.mjs --contract`). */
export declare function contractParts(contents?: string): Promise<{
  gzip: number
  parts: Record<'methods' | 'text' | 'messages' | 'rules' | 'rest', number>
  alone: Record<'text' | 'messages' | 'rules' | 'rest', number>
  cut: string[]
}>
