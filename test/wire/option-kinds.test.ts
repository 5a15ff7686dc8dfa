/**
 * The option-kind table (src/wire/option-kinds.ts) against the spec and against
 * everything that reads it. The run-time table, its type-level mirror
 * (`OptionKindTable`) and the wire enum `OptionType` agree on names, fields, value
 * types and resolved maps; the names are the spec's ("Option types"); the fields
 * are those the rules accept per type, which test/rules/option-fields.test.ts
 * holds to "Command option", column "Valid for option types"; the resolved maps are where
 * `parse` (generated reader and interpreter) finds each value ("data.resolved" of
 * "Interaction payloads received by the application"; channels, roles and
 * attachments maps are public API v10 facts) and where `fakeInteraction` puts it;
 * the rules refuse exactly the fields a row does not list.
 */
import * as v10 from 'discord-api-types/v10'
import { afterEach, describe, expect, it } from 'vitest'
import { configure, fromJSON, OptionType, parse, safeParse, validateCommand, type ResolvedRole, type ResolvedUser } from '../../src/index.js'
import { fakeInteraction } from '../../src/testing/index.js'
import {
  OPTION_CAPABILITIES,
  OptionCapability,
  optionKind,
  OptionKinds,
  type OptionField,
  type OptionKindTable,
  type OptionValueType,
  type ResolvedMap,
} from '../../src/internal.js'
import { OPTION_TYPE_NAMES } from '../../src/rules/option-types.js'
import type { Attachment, Channel, Role } from '../../src/wire/interactions.js'

// ---------------------------------------------------------------- the type-level mirror

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type Row<T extends keyof typeof OptionKinds> = (typeof OptionKinds)[T]
/** The maps a row names; a row without `resolved` names none. */
type MapsOf<R> = R extends { readonly resolved: readonly (infer M)[] } ? M : never

/** For each type: the type-level row equals the run-time row (a `false` here fails the type check of this file). */
type Agrees<T extends keyof OptionKindTable & keyof typeof OptionKinds> = [
  Equal<OptionKindTable[T]['name'], Row<T>['name']>,
  Equal<OptionKindTable[T]['fields'], Row<T>['fields'][number]>,
  Equal<OptionKindTable[T]['value'], Row<T>['value']>,
  Equal<OptionKindTable[T]['resolved'], MapsOf<Row<T>>>,
]
const typeLevel: { readonly [T in OptionType]: Agrees<T> } = {
  1: [true, true, true, true],
  2: [true, true, true, true],
  3: [true, true, true, true],
  4: [true, true, true, true],
  5: [true, true, true, true],
  6: [true, true, true, true],
  7: [true, true, true, true],
  8: [true, true, true, true],
  9: [true, true, true, true],
  10: [true, true, true, true],
  11: [true, true, true, true],
}
const sameKeys: [Equal<keyof OptionKindTable, OptionType>, Equal<keyof typeof OptionKinds, OptionType>] = [true, true]

/** What `parse` gives for each type before narrowing ("Contract"), as the entity of the type-level row. */
const entities: [
  Equal<OptionKindTable[3]['entity'], string>,
  Equal<OptionKindTable[4]['entity'], number>,
  Equal<OptionKindTable[5]['entity'], boolean>,
  Equal<OptionKindTable[6]['entity'], ResolvedUser>,
  Equal<OptionKindTable[7]['entity'], Channel>,
  Equal<OptionKindTable[8]['entity'], Role>,
  Equal<OptionKindTable[9]['entity'], ResolvedUser | ResolvedRole>,
  Equal<OptionKindTable[10]['entity'], number>,
  Equal<OptionKindTable[11]['entity'], Attachment>,
] = [true, true, true, true, true, true, true, true, true]

// ---------------------------------------------------------------- the spec, transcribed

/** SPEC.md "Option types": the names, in the order of their values 1 to 11. */
const SPEC_NAMES = 'SUB_COMMAND SUB_COMMAND_GROUP STRING INTEGER BOOLEAN USER CHANNEL ROLE MENTIONABLE NUMBER ATTACHMENT'.split(' ')

/**
 * What each type's value is: SPEC.md "Option types" (INTEGER "any integer",
 * NUMBER "any double", MENTIONABLE "users and roles", ATTACHMENT "attachment
 * object"), "data.resolved" (users and members maps for users); the maps of
 * channels, roles and attachments are public API v10 (`APIInteractionDataResolved`).
 */
const SPEC_VALUES: Readonly<Record<number, readonly [OptionValueType, readonly ResolvedMap[]]>> = {
  1: ['none', []],
  2: ['none', []],
  3: ['string', []],
  4: ['integer', []],
  5: ['boolean', []],
  6: ['snowflake', ['users']],
  7: ['snowflake', ['channels']],
  8: ['snowflake', ['roles']],
  9: ['snowflake', ['users', 'roles']],
  10: ['number', []],
  11: ['snowflake', ['attachments']],
}

const TYPES = Object.values(OptionType)

describe('the run-time table, the type-level table and the wire enum agree', () => {
  it('the type-level checks above hold (they fail the type check of this file otherwise)', () => {
    expect(Object.keys(typeLevel).map(Number)).toEqual(TYPES)
    expect(
      Object.values(typeLevel)
        .flat()
        .every((x) => x),
    ).toBe(true)
    expect([...sameKeys, ...entities].every((x) => x)).toBe(true)
  })

  it('has one row for each OptionType value, and none for other numbers', () => {
    expect(Object.keys(OptionKinds).map(Number)).toEqual(TYPES)
    for (const t of TYPES) expect(optionKind(t)).toBe(OptionKinds[t])
    for (const t of [0, 12, -1, 1.5, Number.NaN, '3', null, undefined, '__proto__', 'constructor']) expect(optionKind(t)).toBeUndefined()
  })

  it('names each type as SPEC.md "Option types" does, at the value OptionType gives it', () => {
    expect(TYPES.map((t) => OptionKinds[t].name)).toEqual(SPEC_NAMES)
    // The enum's keys are the public API v10 names (discord-api-types), in PascalCase.
    for (const [key, value] of Object.entries(OptionType)) {
      expect(v10.ApplicationCommandOptionType[key as keyof typeof v10.ApplicationCommandOptionType]).toBe(value)
      expect(OptionKinds[value].name.replace(/_/g, '')).toBe(key.toUpperCase())
    }
  })

  it('gives each type its value type and resolved maps', () => {
    for (const t of TYPES) expect([OptionKinds[t].value, optionKind(t)?.resolved ?? []], OptionKinds[t].name).toEqual(SPEC_VALUES[t])
  })
})

describe('the rules read the table', () => {
  it('hold OPTION_TYPE_NAMES and OPTION_CAPABILITIES equal to it (written out in rules/option-types.ts, for the bundle)', () => {
    expect(OPTION_TYPE_NAMES).toEqual(['', ...TYPES.map((t) => OptionKinds[t].name)])
    const C = OptionCapability
    const bit: Record<OptionField, number> = {
      required: C.Required,
      choices: C.Choices,
      options: C.Children,
      channel_types: C.ChannelTypes,
      min_value: C.Bounds,
      max_value: C.Bounds,
      min_length: C.Lengths,
      max_length: C.Lengths,
      autocomplete: C.Autocomplete,
    }
    expect(OPTION_CAPABILITIES).toEqual([0, ...TYPES.map((t) => OptionKinds[t].fields.reduce((caps, f) => caps | bit[f], 0))])
  })

  /** A valid value of each field, for an option that may carry it. */
  const VALUES: Readonly<Record<OptionField, unknown>> = {
    required: false,
    choices: [],
    options: [],
    channel_types: [0],
    min_value: 1,
    max_value: 2,
    min_length: 1,
    max_length: 2,
    autocomplete: false,
  }

  it.each(TYPES.map((t) => [OptionKinds[t].name, t] as const))('%s: refuses exactly the fields its row does not list (field.not_allowed)', (name, t) => {
    for (const field of Object.keys(VALUES) as OptionField[]) {
      const o = { type: t, name: 'x', description: 'd', [field]: VALUES[field] }
      const r = validateCommand({ name: 'cmd', description: 'd', options: [o] })
      const refused = r.ok ? [] : r.issues.filter((i) => i.code === 'field.not_allowed')
      if ((OptionKinds[t].fields as readonly string[]).includes(field)) expect(refused, `${name}.${field}`).toEqual([])
      else {
        expect(
          refused.map((i) => i.path),
          `${name}.${field}`,
        ).toEqual([['options', 0, field]])
        const allowed = TYPES.filter((u) => (OptionKinds[u].fields as readonly string[]).includes(field)).map((u) => OptionKinds[u].name)
        expect(refused[0]?.message).toContain(`on a ${name} option`)
        // The message names every type that takes it, in the table's order.
        expect(refused[0]?.message).toContain(`it applies to ${allowed.join(', ')} options`)
      }
    }
  })
})

describe('parse and fakeInteraction read the resolved maps of the table', () => {
  afterEach(() => configure({ jitless: false }))

  const SNOWFLAKE = TYPES.filter((t) => OptionKinds[t].value === 'snowflake')
  const ID = '123456789012345678'
  const ENTITY: Readonly<Record<ResolvedMap, Record<string, unknown>>> = {
    users: { id: ID, username: 'u', avatar: null, discriminator: '0', public_flags: 0 },
    roles: { id: ID, name: 'r', permissions: '0' },
    channels: { id: ID, type: 0, name: 'c', permissions: '0' },
    attachments: { id: ID, filename: 'f.png', size: 1, url: 'https://x.invalid/f.png', proxy_url: 'https://x.invalid/f.png' },
  }
  const command = (t: number) => fromJSON({ type: 1, name: 'cmd', description: 'd', options: [{ type: t, name: 'x', description: 'd', required: true }] })
  const payload = (t: number, map: ResolvedMap) => ({
    id: '1',
    application_id: '2',
    type: 2,
    token: 't',
    version: 1,
    data: { id: '3', name: 'cmd', type: 1, options: [{ type: t, name: 'x', value: ID }], resolved: { [map]: { [ID]: ENTITY[map] } } },
  })

  it.each(SNOWFLAKE.flatMap((t) => [false, true].map((jitless) => [OptionKinds[t].name, jitless, t] as const)))(
    '%s (jitless: %s): found in its maps, refused from any other',
    (_, jitless, t) => {
      configure({ jitless })
      const def = command(t)
      for (const map of Object.keys(ENTITY) as ResolvedMap[]) {
        const r = safeParse(def, payload(t, map))
        if (((optionKind(t)?.resolved ?? []) as readonly string[]).includes(map)) {
          expect(r.ok, map).toBe(true)
          const value = (parse(def, payload(t, map)) as { options: Record<string, unknown> }).options.x
          // A user brings its member; a value from one of several maps is wrapped under its key.
          const expected = map === 'users' ? { user: ENTITY.users, member: undefined } : (optionKind(t)?.resolved ?? []).length > 1 ? { role: ENTITY[map] } : ENTITY[map]
          expect(value, map).toEqual(expected)
        } else {
          expect(r.ok, map).toBe(false)
          if (!r.ok) {
            expect(
              r.issues.map((i) => [i.code, i.path]),
              map,
            ).toEqual([['interaction.resolved', ['data', 'options', 0, 'value']]])
            expect(r.issues[0]?.message).toBe(
              `interaction.data.options[0].value is ${ID}, which data.resolved.${(optionKind(t)?.resolved ?? []).join(' or data.resolved.')} does not hold`,
            )
          }
        }
      }
    },
  )

  it.each(SNOWFLAKE.map((t) => [OptionKinds[t].name, t] as const))('%s: fakeInteraction fills the first map of its row', (_, t) => {
    const def = command(t)
    const body = fakeInteraction(def as never, { options: { x: {} } } as never)
    const resolved: Record<string, unknown> = { ...body.data?.resolved }
    const first = optionKind(t)?.resolved?.[0] as ResolvedMap
    expect(Object.keys(resolved).filter((k) => k !== 'members')).toEqual([first])
    expect(Object.keys(resolved).includes('members')).toBe(first === 'users')
    expect(safeParse(def, body).ok).toBe(true)
  })
})
