/**
 * Properties (STYLE.md 13): (a) builder chains generated at random produce
 * payloads that `validateCommand` accepts and that equal the JSON their calls
 * imply; (b) valid JSON goes through `fromJSON(x).toJSON()` unchanged.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { commands, fromJSON, validateCommand, validateCommands } from '../../src/index.js'
import { buildCommand, commandDesc, commandJSON, isGlobalOnly, validCommandJSON, type CommandDesc } from './arbitraries.js'

const RUNS = { numRuns: 150 }

describe('(a) random builder chains', () => {
  it('emit a payload that validateCommand accepts and that equals the JSON the calls imply', () => {
    fc.assert(
      fc.property(commandDesc(), (desc) => {
        const json = buildCommand(desc).toJSON()
        expect(json).toStrictEqual(commandJSON(desc))
        expect(validateCommand(json)).toEqual({ ok: true, value: json })
      }),
      RUNS,
    )
  })

  it('emit the same payload each time, and JSON.stringify agrees with toJSON', () => {
    fc.assert(
      fc.property(commandDesc(), (desc) => {
        const builder = buildCommand(desc)
        const first = builder.toJSON()
        expect(builder.toJSON()).toStrictEqual(first)
        expect(JSON.parse(JSON.stringify(builder))).toEqual(JSON.parse(JSON.stringify(first)))
      }),
      { numRuns: 50 },
    )
  })

  it('for a guild: the same payload, accepted with scope guild', () => {
    fc.assert(
      fc.property(commandDesc({ global: false }), (desc) => {
        expect(isGlobalOnly(desc)).toBe(false)
        const json = buildCommand(desc).toJSON({ scope: 'guild' })
        expect(json).toStrictEqual(commandJSON(desc))
        expect(validateCommand(json, { scope: 'guild' }).ok).toBe(true)
      }),
      { numRuns: 75 },
    )
  })

  it('in a set with names unique per type: commands(...).toJSON() is the list of their payloads', () => {
    const key = (d: CommandDesc) => `${d.kind}:${d.name}`
    const sets = fc
      .uniqueArray(commandDesc(), { selector: key, maxLength: 6 })
      .map((ds) => ds.filter((d, i) => d.kind !== 'entry' || ds.findIndex((e) => e.kind === 'entry') === i))
    fc.assert(
      fc.property(sets, (ds) => {
        const json = (commands as (...d: unknown[]) => { toJSON(): unknown })(...ds.map(buildCommand)).toJSON()
        expect(json).toStrictEqual(ds.map(commandJSON))
        expect(validateCommands(json).ok).toBe(true)
      }),
      { numRuns: 50 },
    )
  })
})

describe('(b) fromJSON round trip', () => {
  it('for valid JSON x, fromJSON(x).toJSON() deep-equals x', () => {
    fc.assert(
      fc.property(validCommandJSON, (x) => {
        expect(validateCommand(x).ok).toBe(true)
        const snapshot = structuredClone(x)
        const out = fromJSON(x).toJSON()
        expect(out).toStrictEqual(snapshot)
        expect(out).not.toBe(x)
        expect(x).toStrictEqual(snapshot)
      }),
      RUNS,
    )
  })

  it('the same with the fields the service adds to a fetched command', () => {
    fc.assert(
      fc.property(validCommandJSON, fc.bigInt({ min: 1n, max: 2n ** 63n }), (x, id) => {
        const fetched = { ...x, id: String(id), application_id: String(id + 1n), version: String(id + 2n), name_localized: 'x' }
        if (x.type === 2 || x.type === 3) Object.assign(fetched, { description: '' })
        expect(fromJSON(fetched).toJSON()).toStrictEqual(x)
        expect(commands(fromJSON(fetched)).toJSON()).toStrictEqual([x])
      }),
      { numRuns: 75 },
    )
  })

  it('a builder payload survives fromJSON unchanged', () => {
    fc.assert(
      fc.property(commandDesc(), (desc) => {
        const json = buildCommand(desc).toJSON()
        expect(fromJSON(json).toJSON()).toStrictEqual(json)
      }),
      { numRuns: 50 },
    )
  })
})
