/** Types of bench/size.mjs, for the tests that import it. */

/** Minified and gzipped size of a bundle of `contents` (an ES module), from the repository root. */
export declare function gzipped(contents: string): Promise<{ minified: number; gzip: number }>

/** One command with builders and rules: what the size limit is about. */
export declare const OURS: string

/** The limit from the issue: at most 8 KB gzipped. */
export declare const SIZE_LIMIT: number

/** A bot that answers with messages: the same command, an embed, a row of route buttons, validateInteractionResponse. */
export declare const MESSAGES: string

/** Sizes of one command's bundle, ours and the peer's, and their ratio; the messages bot's; the whole package's. */
export declare function sizes(): Promise<{
  ours: { minified: number; gzip: number }
  peer: { minified: number; gzip: number }
  messages: { minified: number; gzip: number }
  everything: { minified: number; gzip: number }
  ratio: number
}>
