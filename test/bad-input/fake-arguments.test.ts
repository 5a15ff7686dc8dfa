/**
 * The fakes of slashkit/testing called from plain JavaScript without their object
 * (the standard: bad input gets a clear error, never a crash). Their types require
 * it (`fakeInteraction(definition, input)`: `{}` for a command without options), so
 * each missing or wrong one is a `TypeError` that names the function and the
 * argument and says what it was (src/rules/arguments.ts's `argumentError`), never
 * the engine's "Cannot read properties of undefined".
 */
import { describe, expect, it } from 'vitest'
import { slash } from '../../src/index.js'
import { fakeComponentInteraction, fakeInteraction, fakeMessage, fakeModalSubmit } from '../../src/testing/index.js'
import { ENGINE, thrown } from './helpers.js'

const ping = slash('ping', 'Pong')
const wrong: unknown[] = [undefined, null, 42, 'ping', ['ping']]
const cases: [string, (value: unknown) => unknown, RegExp][] = [
  [
    'fakeInteraction(definition, input)',
    (v) => fakeInteraction(ping, v as never),
    /^fakeInteraction: input must be an object of the subcommand path and option values \(\{\} for none\) \(was /,
  ],
  ['fakeComponentInteraction(input)', (v) => fakeComponentInteraction(v as never), /^fakeComponentInteraction: input must be an object with a customId or a component \(was /],
  ['fakeModalSubmit(input)', (v) => fakeModalSubmit(v as never), /^fakeModalSubmit: input must be an object with a modal or a customId \(was /],
  ['fakeMessage(fields)', (v) => fakeMessage(v as never), /^fakeMessage: fields must be an object with id, channel_id and author \(was /],
]

describe('the fakes name a missing or wrong argument', () => {
  for (const [call, run, start] of cases)
    it.each(wrong.map((v) => [JSON.stringify(v) ?? 'undefined', v]))(`${call} with %s`, (shownValue, value) => {
      const error = thrown(() => run(value))
      expect(error).toBeInstanceOf(TypeError)
      expect((error as Error).message).toMatch(start)
      expect((error as Error).message).toMatch(/\(was [^)]+\)$/)
      expect((error as Error).message).not.toMatch(ENGINE)
      if (value === undefined || value === null) expect((error as Error).message).toMatch(new RegExp(`\\(was ${shownValue}\\)$`))
    })

  it('fakeMessage without its id, channel or author is refused: every message the service sends has them', () => {
    const author = { id: '3', username: 'lee', avatar: null, discriminator: '0' }
    expect(thrown(() => fakeMessage({ channel_id: '1', author } as never))).toMatchObject({
      message: 'fakeMessage: fields must be an object with id, channel_id and author (was an object)',
    })
    expect(thrown(() => fakeMessage({ id: '1', author } as never))).toBeInstanceOf(TypeError)
    expect(thrown(() => fakeMessage({ id: '1', channel_id: '2', author: null } as never))).toBeInstanceOf(TypeError)
  })

  it('the right objects still make their interactions ({} for a command without options)', () => {
    expect(fakeInteraction(ping, {}).data).toMatchObject({ name: 'ping' })
    expect(fakeComponentInteraction({ customId: 'go' }).data.custom_id).toBe('go')
    expect(fakeMessage({ id: '1', channel_id: '2', author: { id: '3', username: 'lee', avatar: null, discriminator: '0' }, content: 'Hi' }).content).toBe('Hi')
  })
})
