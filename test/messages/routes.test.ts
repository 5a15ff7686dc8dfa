/**
 * Typed custom_id routes (src/builders/custom-id/): the values survive the trip
 * through the custom_id for every shape and value; a custom_id minted before the
 * route's shape changed is `stale`, never read as the new shape; a damaged or
 * forged one is `malformed`, never a crash; a route or a value that cannot fit the
 * 100 characters of `custom_id` (OpenAPI `ButtonComponentForMessageRequest.custom_id`
 * maxLength 100) is refused with an error that names the parameter.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { param, route, type AnyParam, type Params } from '../../src/index.js'

/** A parameter and a generator of its values. */
const paramArb: fc.Arbitrary<readonly [AnyParam, fc.Arbitrary<unknown>]> = fc.oneof(
  fc.constant([param.boolean(), fc.boolean()] as const),
  fc.constant([param.snowflake(), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String)] as const),
  fc
    .uniqueArray(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean()), { minLength: 1, maxLength: 40 })
    .map((vs) => [param.oneOf(...vs), fc.constantFrom(...vs)] as const),
  fc
    .tuple(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 40 }))
    .map(([min, span]) => [param.integer({ min, max: min + span }), fc.integer({ min, max: min + span })] as const),
  fc.constant([param.integer(), fc.maxSafeNat()] as const),
  fc.integer({ min: 1, max: 30 }).map((max) => [param.string({ max }), fc.string({ maxLength: max, unit: 'binary' }).filter((s) => s.length <= max)] as const),
  fc.constant([param.string(), fc.string({ maxLength: 20 })] as const),
)

/** A route of 0 to 5 parameters and values for it. */
const routeArb = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9_-]{0,7}$/), fc.array(paramArb, { maxLength: 5 }))
  .chain(([name, params]) => fc.tuple(fc.constant(name), fc.constant(params), fc.tuple(...params.map(([, values]) => values)) as fc.Arbitrary<unknown[]>))

const build = (name: string, params: readonly (readonly [AnyParam, unknown])[]) => {
  const shape: Record<string, AnyParam> = {}
  params.forEach(([p], i) => {
    shape[`p${i}`] = p
  })
  return route(name as 'r', shape as Params)
}

describe('a route carries its values through the custom_id', () => {
  it('every shape and value round-trips, in at most 100 characters, or the encoding refuses it naming a parameter', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(routeArb, ([name, params, values]) => {
        let r: ReturnType<typeof build>
        try {
          r = build(name, params)
        } catch (error) {
          // A shape too wide for 100 characters: refused when defined, with the parameter named.
          expect(error).toBeInstanceOf(RangeError)
          expect(String(error)).toMatch(/parameter "p\d"/)
          return
        }
        const given = Object.fromEntries(values.map((v, i) => [`p${i}`, v]))
        let id: string
        try {
          id = r.id(given as never)
        } catch (error) {
          // Only a string without a declared maximum can take it past 100 characters.
          expect(String(error)).toMatch(/parameter "p\d" takes the custom_id to \d+ characters/)
          return
        }
        expect(id.length).toBeLessThanOrEqual(100)
        expect(r.parse(id)).toEqual({ ok: true, values: given })
        expect(id.startsWith(`${name}:`)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('is compact: a snowflake takes 11 characters, a boolean or a small oneOf shares one', () => {
    const one = route('u', { user: param.snowflake() })
    expect(one.id({ user: '18446744073709551615' })).toHaveLength('u:'.length + 3 + 11)
    const many = route('v', { a: param.boolean(), b: param.boolean(), c: param.oneOf('x', 'y', 'z', 'w'), d: param.boolean() })
    expect(many.id({ a: true, b: false, c: 'w', d: true })).toHaveLength('v:'.length + 3 + 1)
    // A snowflake, an answer and a page: 20 characters, where `vote:${poll}:${choice}:${page}` takes up to 31.
    const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no'), page: param.integer({ min: 1, max: 50 }) })
    expect(vote.id({ poll: '1180218955160375406', choice: 'yes', page: 50 })).toHaveLength(20)
  })
})

/**
 * The packing written the plain way, as docs/messages.md ("How a custom_id is
 * packed") and codec.ts describe it: every bounded value appended to one BigInt in
 * its bits (a boolean 1, one of n the bits of n - 1, an integer its offset from
 * the least value, a snowflake 64, a string its length), zeros before them up to
 * whole characters, then 6 bits a character of A-Z a-z 0-9 - _, and the strings
 * after. The encoder's arithmetic (32-bit shifts, a snowflake's halves read in two
 * exact parts) must write exactly this: a custom_id already sent reads the same.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const bitLen = (n: bigint): number => (n <= 0n ? 0 : n.toString(2).length)
function plainPacking(params: readonly AnyParam[], values: readonly unknown[]): string {
  let acc = 0n
  let total = 0
  const strings: string[] = []
  params.forEach((p, i) => {
    const v = values[i]
    const spec = p as { kind: string; min?: number; max?: number; values?: readonly unknown[] }
    let bits: number
    let n: bigint
    if (spec.kind === 'boolean') [bits, n] = [1, v ? 1n : 0n]
    else if (spec.kind === 'snowflake') [bits, n] = [64, BigInt(v as string)]
    else if (spec.kind === 'oneOf') [bits, n] = [bitLen(BigInt((spec.values?.length ?? 1) - 1)), BigInt(spec.values?.indexOf(v) ?? 0)]
    else if (spec.kind === 'integer') {
      const min = BigInt(spec.min ?? 0)
      const max = BigInt(spec.max ?? Number.MAX_SAFE_INTEGER)
      bits = min >= 0n ? bitLen(max) : bitLen(-min > (max < 0n ? -max : max) ? -min : max < 0n ? -max : max) + 1
      n = BigInt(v as number) - min
    } else {
      bits = bitLen(BigInt(spec.max ?? 100))
      n = BigInt((v as string).length)
      strings.push(v as string)
    }
    acc = (acc << BigInt(bits)) | n
    total += bits
  })
  let out = ''
  for (let k = Math.ceil(total / 6) - 1; k >= 0; k--) out += ALPHABET[Number((acc >> BigInt(6 * k)) & 63n)]
  return out + strings.join('')
}

describe('the packing is the plain one, bit for bit', () => {
  it('for every shape and value, as a BigInt writes it', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(routeArb, ([name, params, values]) => {
        let r: ReturnType<typeof build>
        let id: string
        try {
          r = build(name, params)
          id = r.id(Object.fromEntries(values.map((v, i) => [`p${i}`, v])) as never)
        } catch {
          return
        }
        expect(id.slice(`${name}:`.length + 3)).toBe(
          plainPacking(
            params.map(([p]) => p),
            values,
          ),
        )
      }),
      { numRuns: 1000 },
    )
  })

  it("a snowflake's edges: 0, 2^32 - 1, 2^32, 10^9 - 1, 10^9, 2^53 + 1, 2^64 - 1, leading zeros; past 2^64 - 1 refused", () => {
    const r = route('s', { id: param.snowflake(), on: param.boolean() })
    for (const v of ['0', '4294967295', '4294967296', '999999999', '1000000000', '9007199254740993', '18446744073709551615', '00000000000000000042', '1180218955160375406'])
      expect(r.id({ id: v, on: true }).slice(5), v).toBe(plainPacking([param.snowflake(), param.boolean()], [v, true]))
    for (const v of ['18446744073709551616', '99999999999999999999', '', '123456789012345678901', '12a4', ' 12', '-1', '1.5'])
      expect(() => r.id({ id: v, on: true }), v).toThrow(new RangeError(`route "s": parameter "id" must be a snowflake, a string of digits (was ${JSON.stringify(v)})`))
  })
})

describe('a custom_id minted before the shape changed is stale, never misread', () => {
  const v1 = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no') })
  const old = v1.id({ poll: '1180218955160375406', choice: 'no' })

  it.each([
    ['a parameter added', route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no'), page: param.integer({ min: 0, max: 9 }) })],
    ['a oneOf value added', route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no', 'abstain') })],
    ['the oneOf values reordered', route('vote', { poll: param.snowflake(), choice: param.oneOf('no', 'yes') })],
    ['a parameter renamed', route('vote', { poll: param.snowflake(), answer: param.oneOf('yes', 'no') })],
    ['the parameters reordered', route('vote', { choice: param.oneOf('yes', 'no'), poll: param.snowflake() })],
    ['a kind changed', route('vote', { poll: param.string({ max: 20 }), choice: param.oneOf('yes', 'no') })],
  ])('%s', (_, v2) => {
    expect(v2.parse(old)).toEqual({ ok: false, reason: 'stale' })
    expect(v1.parse(old).ok).toBe(true)
  })

  it('a bound changed, even where the packing keeps its width (max 9 to 10: 4 bits either way)', () => {
    const before = route('page', { n: param.integer({ min: 0, max: 9 }) })
    const after = route('page', { n: param.integer({ min: 0, max: 10 }) })
    expect(after.parse(before.id({ n: 3 }))).toEqual({ ok: false, reason: 'stale' })
    expect(route('s', { t: param.string({ max: 5 }) }).parse(route('s', { t: param.string({ max: 6 }) }).id({ t: 'a' }))).toEqual({ ok: false, reason: 'stale' })
  })

  it('a route of another name answers other', () => {
    expect(route('poll', { poll: param.snowflake() }).parse(old)).toEqual({ ok: false, reason: 'other' })
    expect(v1.parse('votes:abc')).toEqual({ ok: false, reason: 'other' })
    expect(v1.parse(42 as unknown as string)).toEqual({ ok: false, reason: 'other' })
  })
})

describe('a damaged or forged custom_id is malformed, never a crash, never a wrong value', () => {
  const r = route('r', { n: param.integer({ min: 0, max: 1000 }), s: param.string({ max: 10 }), f: param.boolean() })
  const good = r.id({ n: 1000, s: 'abc', f: true })

  it('cut short, lengthened, a character changed in the packed part', () => {
    expect(r.parse(good.slice(0, -1))).toEqual({ ok: false, reason: 'malformed' })
    expect(r.parse(`${good}x`)).toEqual({ ok: false, reason: 'malformed' })
    expect(r.parse(`${good.slice(0, 5)}!${good.slice(6)}`)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('a hash no route mints (a character outside the base 64 alphabet, or cut short) is malformed, not stale', () => {
    // 'r:' then 3 characters of hash: another shape's hash is 3 characters of A-Z a-z 0-9 - _.
    expect(r.parse(`r:!${good.slice(3)}`)).toEqual({ ok: false, reason: 'malformed' })
    expect(r.parse('r:!!!')).toEqual({ ok: false, reason: 'malformed' })
    expect(r.parse('r:A')).toEqual({ ok: false, reason: 'malformed' })
    // Longer than the service's 100 characters: no route minted it.
    expect(r.parse(`${good}${'A'.repeat(101 - good.length)}`)).toEqual({ ok: false, reason: 'malformed' })
    expect(r.parse(`r:${good[2] === 'A' ? 'B' : 'A'}${good.slice(3)}`)).toEqual({ ok: false, reason: 'stale' })
  })

  it('a value past its bound in the packed part is malformed (1001 where 1000 is the most)', () => {
    const wide = route('r', { n: param.integer({ min: 0, max: 1023 }), s: param.string({ max: 10 }), f: param.boolean() })
    // Same bits, different hash: forge the hash of `r` onto wide's packing.
    const forged = r.id({ n: 0, s: 'abc', f: true }).slice(0, 5) + wide.id({ n: 1023, s: 'abc', f: true }).slice(5)
    expect(r.parse(forged)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('any string after the prefix: a result, and ok only for the canonical custom_id of the values read', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40, unit: 'binary' }), (tail) => {
        const id = good.slice(0, 5) + tail
        const got = r.parse(id)
        if (got.ok) expect(r.id(got.values)).toBe(id)
        else expect(['malformed', 'stale']).toContain(got.reason)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('what cannot fit is refused, naming the parameter', () => {
  it('a route whose largest custom_id passes 100 characters, when it is defined', () => {
    const wide = {
      a: param.snowflake(),
      b: param.snowflake(),
      c: param.snowflake(),
      d: param.snowflake(),
      e: param.snowflake(),
      f: param.snowflake(),
      g: param.snowflake(),
      h: param.snowflake(),
    }
    expect(() => route('ok', wide)).not.toThrow()
    expect(() => route('too', { ...wide, i: param.snowflake() } as Params)).toThrow(/route "too": parameter "i" takes its largest custom_id past 100 characters/)
    expect(() => route('s', { a: param.string({ max: 90 }) as AnyParam, b: param.snowflake() } as Params)).toThrow(/parameter "b"/)
    // The edge test-d/messages.test-d.ts holds for the types: 83 characters fit beside a snowflake, 84 do not.
    expect(route('s', { text: param.string({ max: 83 }), id: param.snowflake() }).id({ text: 'x'.repeat(83), id: '18446744073709551615' })).toHaveLength(100)
    expect(() => route('s', { text: param.string({ max: 84 }) as AnyParam, id: param.snowflake() } as Params)).toThrow(/parameter "id"/)
  })

  it('a value that does not fit its parameter, when a custom_id is made', () => {
    const r = route('r', { n: param.integer({ min: 1, max: 5 }), c: param.oneOf('a', 'b'), s: param.string({ max: 3 }), id: param.snowflake(), f: param.boolean() })
    const ok = { n: 1, c: 'a', s: 'abc', id: '1', f: false } as const
    // A literal out of its bounds is refused by the types too (test-d/messages.test-d.ts); a JavaScript caller gets the RangeError.
    // @ts-expect-error n is 1 to 5
    expect(() => r.id({ ...ok, n: 6 })).toThrow(/parameter "n" must be a whole number from 1 to 5 \(was 6\)/)
    // @ts-expect-error n is a whole number
    expect(() => r.id({ ...ok, n: 1.5 })).toThrow(/parameter "n"/)
    const n: number = 6
    expect(() => r.id({ ...ok, n })).toThrow(/parameter "n" must be a whole number from 1 to 5 \(was 6\)/)
    expect(() => r.id({ ...ok, c: 'z' as 'a' })).toThrow(/parameter "c" must be one of "a", "b"/)
    // @ts-expect-error s holds at most 3 characters
    expect(() => r.id({ ...ok, s: 'abcd' })).toThrow(/parameter "s" holds 4 characters; at most 3/)
    expect(() => r.id({ ...ok, id: '18446744073709551616' })).toThrow(/parameter "id" must be a snowflake/)
    expect(() => r.id({ ...ok, f: 'no' as unknown as boolean })).toThrow(/parameter "f" must be a boolean/)
  })

  it('values that are no object are refused naming the route and its parameters (from JavaScript: the engine read undefined)', () => {
    const r = route('vote', { poll: param.snowflake(), choice: param.oneOf('yes', 'no') })
    for (const [values, was] of [
      [undefined, 'undefined'],
      [null, 'null'],
      ['yes', 'a string'],
    ] as const) {
      expect(() => r.id(values as never)).toThrow(TypeError)
      expect(() => r.button(values as never, 'Yes')).toThrow(`route "vote": values must be an object of its parameters' values, { poll, choice } (was ${was})`)
    }
    // A route without parameters reads none.
    expect(route('ping').id(undefined as never)).toBe(route('ping').id({}))
  })

  it('a string without a declared maximum, when its value takes the custom_id past 100', () => {
    const note = route('note', { text: param.string() })
    expect(note.id({ text: 'x'.repeat(90) })).toHaveLength(100)
    expect(() => note.id({ text: 'x'.repeat(91) })).toThrow(/route "note": parameter "text" takes the custom_id to 101 characters; at most 100 fit/)
  })

  it('bad definitions: a name with ":", an empty name, a parameter named __proto__, bad bounds', () => {
    expect(() => route('a:b')).toThrow(TypeError)
    expect(() => route('')).toThrow(TypeError)
    expect(() => route('p', JSON.parse('{"__proto__": {"kind": "boolean"}}'))).toThrow(/__proto__/)
    // @ts-expect-error the types refuse a literal max below min (test-d/messages.test-d.ts)
    expect(() => param.integer({ min: 5, max: 1 })).toThrow(RangeError)
    // @ts-expect-error and a literal string max over 100
    expect(() => param.string({ max: 101 })).toThrow(RangeError)
    expect(() => param.oneOf()).toThrow(RangeError)
    expect(() => param.oneOf('a', 'a')).toThrow(RangeError)
  })

  it('a parameter that param.*() did not make is refused, naming it (from JavaScript, JSON or a cast)', () => {
    // Taken before, { a: 'snowflake' } packed its value in 7 bits and wrote a snowflake as a string; null crashed.
    const made = (params: unknown) => () => route('v', params as Params)
    const named = (problem: string) => new RegExp(`^route "v": parameter "a" must be made by param\\.\\*\\(\\): ${problem.replace(/[()^.*$]/g, '\\$&')}$`)
    const cases: [unknown, string][] = [
      ['snowflake', 'was "snowflake"'],
      [42, 'was a number'],
      [null, 'was null'],
      [[param.boolean()], 'was an array'],
      [{}, "its kind is none of param's (was undefined)"],
      [{ kind: 'bogus' }, `its kind is none of param's (was "bogus")`],
      [{ kind: 'integer' }, 'param.integer: min and max must be whole numbers with min <= max, at most 2^53 - 1 apart'],
      [{ kind: 'integer', min: 5, max: 1 }, 'param.integer: min and max must be whole numbers with min <= max, at most 2^53 - 1 apart'],
      [{ kind: 'integer', min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }, 'param.integer: min and max must be whole numbers with min <= max, at most 2^53 - 1 apart'],
      [{ kind: 'string', max: 0 }, 'param.string: max must be a whole number from 1 to 100'],
      [{ kind: 'string', max: '10' }, 'param.string: max must be a whole number from 1 to 100'],
      [{ kind: 'oneOf', values: [] }, 'param.oneOf: values are distinct strings, numbers or booleans'],
      [{ kind: 'oneOf', values: ['a', {}] }, 'param.oneOf: values are distinct strings, numbers or booleans'],
    ]
    for (const [spec, problem] of cases) {
      expect(made({ a: spec })).toThrow(TypeError)
      expect(made({ a: spec })).toThrow(named(problem))
    }
    // What param.*() makes, and the same written as JSON, still define a route.
    for (const spec of [param.snowflake(), param.integer({ min: -5, max: 5 }), param.string({ max: 3 }), param.oneOf('x', 1, true), { kind: 'boolean' }])
      expect(made({ a: spec })).not.toThrow()
  })
})
