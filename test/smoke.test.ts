import { describe, expect, it } from 'vitest'
import { validateCommand } from '../src/index.js'

describe('validateCommand', () => {
  it('accepts a minimal CHAT_INPUT command (spec: "Create body (global)")', () => {
    expect(validateCommand({ name: 'ping', description: 'Pong' })).toEqual({
      ok: true,
      value: { name: 'ping', description: 'Pong' },
    })
  })
})
