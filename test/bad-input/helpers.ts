/** What the bad-input tables share: the engine's own messages, and the error a call throws. */

/** The engine's own messages for a value read as what it is not (and an invalid Date's). */
export const ENGINE = /is not iterable|Cannot read prop|is not a function|Cannot convert|is not an object|Cannot use 'in'|Invalid time value/

/** The error `run` throws, or undefined. */
export function thrown(run: () => unknown): unknown {
  try {
    run()
    return undefined
  } catch (error) {
    return error
  }
}
