/**
 * `createEmulator`'s options as a JavaScript caller (or a cast) may pass them: every
 * field is checked when the emulator is made, with a path to each thing wrong, by the
 * same checks as the config file of `slashkit emulator --config` (docs/cli.md, "The
 * emulator's config file"). Before, a list that was not one threw the engine's
 * "applications.map is not a function", `null` its "reading 'now'", and an application
 * id that is no snowflake (an application's id is one: public API v10, "Application
 * Object") or a rate limit of the wrong type was taken and failed later, far from it.
 */
import { describe, expect, it } from 'vitest'
import { createEmulator, type EmulatorOptions } from '../../src/emulator/index.js'

const made = (options: unknown) => () => createEmulator(options as EmulatorOptions)

describe('createEmulator refuses options it cannot use, naming each (the standard: bad input gets a clear error with a path)', () => {
  it.each([
    ['applications not a list', { applications: 'x' }, '  - applications: must be a list of applications [config.type]'],
    ['an application that is null', { applications: [null] }, '  - applications[0]: must be an object [config.type]'],
    ['an application without an id', { applications: [{}] }, '  - applications[0].id: is required [config.missing]'],
    ['an id that is a number', { applications: [{ id: 5 }] }, '  - applications[0].id: must be a snowflake (the application id) [config.snowflake]'],
    ['an id listed twice', { applications: [{ id: '1' }, { id: '1' }] }, '  - applications[1].id: application 1 is listed twice [config.duplicate]'],
    ['a bot token that is a number', { applications: [{ id: '1', botToken: 5 }] }, '  - applications[0].botToken: must be a string [config.type]'],
    ['a misspelt field', { applicaitons: [] }, '  - applicaitons: is not a field here (the fields are applications, rateLimits, now, signingKey) [config.unknown]'],
    ['now that is no function', { now: 1_700_000_000_000 }, '  - now: must be a function answering epoch milliseconds [config.type]'],
    ['rate limits that are text', { rateLimits: 'off' }, '  - rateLimits: must be an object [config.type]'],
    ['a signing key that is not one', { signingKey: 'zz' }, '  - signingKey: must be an Ed25519 private key as 64 hex digits [config.type]'],
  ])('%s', (_, options, line) => {
    expect(made(options)).toThrow(TypeError)
    expect(made(options)).toThrow(new RegExp(`^createEmulator: options: \\d+ issues?:\\n`))
    expect(made(options)).toThrow(line)
  })

  it("options that are no object are named as createEmulator's", () => {
    expect(made(null)).toThrow(new TypeError('createEmulator: options must be an object of emulator options (was null)'))
    expect(made(42)).toThrow(new TypeError('createEmulator: options must be an object of emulator options (was 42)'))
  })

  it('tells every issue at once', () => {
    expect(made({ applications: [{ id: 'abc', embedded: 'yes' }], rateLimits: { global: -1 } })).toThrow(
      [
        'createEmulator: options: 3 issues:',
        '  - applications[0].id: must be a snowflake (the application id) [config.snowflake]',
        '  - applications[0].embedded: must be true or false [config.type]',
        '  - rateLimits.global: must be a whole number above 0, or false [config.type]',
      ].join('\n'),
    )
  })

  it('a hostile key is a field like any other: __proto__ is not one', () => {
    expect(made(JSON.parse('{"__proto__": {"now": 5}}'))).toThrow('  - __proto__: is not a field here')
  })

  it('takes what it documents, and nothing by default', () => {
    expect(made(undefined)).not.toThrow()
    expect(made({})).not.toThrow()
    // Each option given as undefined is its default (docs/handling.md: every option may be).
    expect(made({ applications: undefined, rateLimits: { global: undefined }, now: undefined, signingKey: undefined })).not.toThrow()
    const options: EmulatorOptions = {
      applications: [{ id: '100000000000000001', botToken: 'a.b.c', privilegedIntents: ['MessageContent'], installs: { guilds: ['500000000000000001'] } }],
      rateLimits: { global: false, routes: { limit: 5, window: 1000 } },
      now: () => 1_700_000_000_000,
      signingKey: 'ab'.repeat(32),
    }
    expect(createEmulator(options).baseUrl).toMatch(/^http/)
  })
})
