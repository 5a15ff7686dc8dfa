/**
 * The invoke benchmark (bench/invoke.mjs, a line of `npm run bench`) measures
 * answered invocations only: it throws when its invocation is refused or fails,
 * so a change that breaks the path it measures cannot pass as a speed-up.
 */
import { describe, expect, it } from 'vitest'
import { benchInvoke, describeInvoke } from '../bench/invoke.mjs'

describe('bench/invoke.mjs', () => {
  it('runs answered invocations against the built package and reports a rate and a ratio', async () => {
    const r = await benchInvoke({ total: 20, round: 10 })
    expect(r.invocations).toBe(20)
    expect(r.perSecond).toBeGreaterThan(0)
    expect(r.ratio).toBeGreaterThan(0)
    expect(describeInvoke(r)).toMatch(/^invoke: 20 invocations through emulator\.invoke into an in-process handler: \d+ per second/)
  })
})
