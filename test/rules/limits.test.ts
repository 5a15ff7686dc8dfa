/**
 * The package root's `limits` object holds every limit constant of the rules
 * layer ("Limits" and the sections each constant cites), with the same values.
 */
import { describe, expect, it } from 'vitest'
import { limits } from '../../src/index.js'
import * as constants from '../../src/rules/limits.js'

describe('limits', () => {
  it('is every constant of rules/limits.ts, frozen', () => {
    const { limits: _self, ...expected } = constants
    expect({ ...limits }).toEqual(expected)
    expect(Object.isFrozen(limits)).toBe(true)
  })

  it('holds the figures of the spec\'s "Limits" section', () => {
    expect([limits.OPTIONS_MAX, limits.CHOICES_MAX, limits.COMMAND_SIZE_MAX, limits.CHAT_INPUT_COMMANDS_MAX]).toEqual([25, 25, 8000, 100])
  })
})
