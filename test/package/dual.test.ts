/**
 * The ESM and the CJS build loaded in one process are two copies of each class: an
 * error thrown by one must still be recognised by the other (issue 14).
 * `ValidationError` and `InteractionError` carry a brand under the registered symbol
 * `Symbol.for('slashkit.error')`, read by `Symbol.hasInstance`, `isValidationError`
 * and `isInteractionError`. Runs against dist/
 * (test/support/global-setup.ts builds it when missing or stale).
 */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)

describe('ValidationError and InteractionError across the ESM and CJS builds', () => {
  it('loads two distinct copies of the classes (the situation this guards)', async () => {
    const esm = await import('slashkit')
    const cjs = require('slashkit') as typeof import('slashkit')
    expect(esm.ValidationError).not.toBe(cjs.ValidationError)
    expect(esm.InteractionError).not.toBe(cjs.InteractionError)
  })

  it('a ValidationError of either build is an instance of both, and isValidationError of both says so', async () => {
    const esm = await import('slashkit')
    const cjs = require('slashkit') as typeof import('slashkit')
    const fromCjs = (() => {
      try {
        cjs.fromJSON({ name: 'Bad' })
      } catch (e) {
        return e
      }
    })()
    const fromEsm = (() => {
      try {
        // @ts-expect-error the types refuse it too (test-d/text.test-d.ts); here the run-time rule
        esm.slash('ok', 'd').options(esm.option.string('x', 'y').minLength(7).maxLength(1)).toJSON()
      } catch (e) {
        return e
      }
    })()
    for (const error of [fromCjs, fromEsm]) {
      expect(error).toBeInstanceOf(esm.ValidationError)
      expect(error).toBeInstanceOf(cjs.ValidationError)
      expect(esm.isValidationError(error)).toBe(true)
      expect(cjs.isValidationError(error)).toBe(true)
      expect(error).toBeInstanceOf(Error)
      expect((error as { issues: unknown[] }).issues.length).toBeGreaterThan(0)
      // Not the other class.
      expect(error).not.toBeInstanceOf(esm.InteractionError)
      expect(cjs.isInteractionError(error)).toBe(false)
    }
  })

  it('an InteractionError of the CJS build is an instance of the ESM class, and the reverse', async () => {
    const esm = await import('slashkit')
    const cjs = require('slashkit') as typeof import('slashkit')
    const interaction = { type: 2, data: { id: '1', name: 'other', type: 1 } }
    const thrown = (lib: Pick<typeof cjs, 'parse' | 'slash'>) => {
      try {
        lib.parse(lib.slash('ping', 'Pong'), interaction as never)
      } catch (e) {
        return e
      }
    }
    for (const error of [thrown(cjs), thrown(esm)]) {
      expect(error).toBeInstanceOf(esm.InteractionError)
      expect(error).toBeInstanceOf(cjs.InteractionError)
      expect(esm.isInteractionError(error)).toBe(true)
      expect(cjs.isValidationError(error)).toBe(false)
    }
  })

  it('a look-alike without the brand is not recognised; a subclass keeps the ordinary prototype test', async () => {
    const esm = await import('slashkit')
    const fake = Object.assign(new Error('x'), { name: 'ValidationError', issues: [] })
    expect(fake).not.toBeInstanceOf(esm.ValidationError)
    expect(esm.isValidationError(fake)).toBe(false)
    expect(esm.isValidationError(null)).toBe(false)
    class Mine extends esm.ValidationError {}
    expect(new Mine([{ code: 'value.type', path: [], message: 'm' }])).toBeInstanceOf(Mine)
    expect(new esm.ValidationError([{ code: 'value.type', path: [], message: 'm' }])).not.toBeInstanceOf(Mine)
  })
})
