/**
 * bench/burst.mjs measures what it says: the bot, in a process of its own on the
 * built package, answers each interaction of a burst within the service's 3 seconds
 * (public API v10), the slow ones by the automatic deferral and a follow-up. A burst
 * of 9 here (3 slow): all answered, nothing told to onError. The figures of larger
 * bursts are the bench's, not asserted.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { burst } from '../bench/burst.mjs'

describe('bench/burst.mjs', () => {
  it('a burst of 9 against this build: every one answered in time, slow ones deferred', async () => {
    const { counts, errors } = await burst(fileURLToPath(new URL('..', import.meta.url)), 9)
    expect(counts).toEqual({ answered: 9 })
    expect(errors).toBe(0)
  }, 30_000)
})
