/**
 * Properties of the client and the emulator together, on generated valid
 * definitions (test/support/arbitraries.ts): what the rules accept, the client sends and
 * the emulator registers; and after a deploy, the registered commands compare
 * equal to the set ("Command endpoints" rule 3; the diff ignores what the service
 * adds), so a second deploy writes nothing.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffCommands } from '../../src/rest/index.js'
import { validCommand, validCommandSet } from '../support/arbitraries.js'
import { GUILD, connect } from './helpers.js'

describe('client and emulator agree', () => {
  it('every valid command is created (201) and read back with the same fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean().chain((guild) => fc.tuple(fc.constant(guild), guild ? validCommand({ scope: 'guild' }) : validCommand())),
        async ([inGuild, command]) => {
          const { rest, emulator } = connect()
          const options = inGuild ? { guildId: GUILD } : {}
          const made = await rest.createCommand(command, options)
          expect(emulator.requests.at(-1)!.status).toBe(201)
          expect(await rest.getCommand(made.id, options)).toEqual(made)
          expect(diffCommands([made], [command]).changed).toBe(false)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('after a deploy of any valid set, a second deploy finds nothing to change and sends only its GET', async () => {
    const sets = fc.boolean().chain((guild) => fc.tuple(fc.constant(guild), guild ? validCommandSet({ scope: 'guild' }) : validCommandSet()))
    await fc.assert(
      fc.asyncProperty(sets, async ([inGuild, set]) => {
        const { rest, sent } = connect()
        const options = inGuild ? { guildId: GUILD } : {}
        const first = await rest.deploy(set, options)
        expect(first.changes.filter((c) => c.action === 'create')).toHaveLength(set.length)
        sent.length = 0
        const second = await rest.deploy(set, options)
        expect(second.changes.filter((c) => c.action !== 'unchanged')).toEqual([])
        expect(sent.map((s) => s.method)).toEqual(['GET'])
      }),
      { numRuns: 25 },
    )
  })
})
