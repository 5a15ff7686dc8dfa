/** What the bad-input tables share: the engine's own messages, and the error a call throws. */
import { expect } from 'vitest'

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

/** The error `run` throws or its promise rejects with, or undefined. */
export async function rejected(run: () => unknown): Promise<unknown> {
  try {
    await run()
    return undefined
  } catch (error) {
    return error
  }
}

/** Expects a `TypeError` whose message starts with `start` and says what the value was, never the engine's own. */
export async function expectNamed(run: () => unknown, start: RegExp): Promise<void> {
  const error = await rejected(run)
  expect(error).toBeInstanceOf(TypeError)
  expect((error as Error).message).toMatch(start)
  expect((error as Error).message).toMatch(/\(was [^)]+\)$/)
  expect((error as Error).message).not.toMatch(ENGINE)
}
