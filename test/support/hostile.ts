/**
 * Hostile shapes for the bound-on-work tests (src/rules/bounds.ts): fast-check
 * arbitraries of values an attacker (or a careless caller) hands to a reader of
 * untrusted input, and a way to plant one anywhere in an otherwise plausible
 * command definition or interaction payload.
 *
 * Each shape is made fresh for each run: the proxies keep state, and a reader must
 * never be able to change what the next run sees.
 */
import fc from 'fast-check'
import { plant, type Json, type Path } from './json.js'

/** An array of length `n` with no elements (a hole at every index). */
export function sparse(n = 2 ** 32 - 1): unknown[] {
  const a: unknown[] = []
  a.length = n
  return a
}

/** An array proxy that claims a length of 2^32-1 and holds `fill` at every index. */
export function lyingArray(fill: unknown = null): unknown[] {
  return new Proxy([] as unknown[], {
    get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : typeof k === 'string' && /^\d+$/.test(k) ? fill : Reflect.get(t, k)),
  })
}

/** An array proxy whose length is 1 on the first read and 2^32-1 on every later read. */
export function growingArray(fill: unknown): unknown[] {
  let reads = 0
  return new Proxy([fill] as unknown[], {
    get: (t, k) => (k === 'length' ? (reads++ === 0 ? 1 : 2 ** 32 - 1) : typeof k === 'string' && /^\d+$/.test(k) ? fill : Reflect.get(t, k)),
  })
}

/** An object whose `key` is a getter that throws `thrown`. */
export function throwingGetter(key: string, thrown: unknown = new Error('trap')): Json {
  return Object.defineProperty({}, key, {
    enumerable: true,
    get() {
      throw thrown
    },
  })
}

/** A revoked proxy: every operation on it throws. */
export function revoked(): unknown {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

/** An object whose every trap throws. */
export function trapAll(): unknown {
  const fail = () => {
    throw new Error('trap')
  }
  return new Proxy({}, { get: fail, ownKeys: fail, getOwnPropertyDescriptor: fail, has: fail, getPrototypeOf: fail })
}

/** An object that holds itself at `key`, and an array that holds itself. */
export function cycle(key = 'self'): Json {
  const o: Json = { type: 1, name: 'loop', description: 'd' }
  o[key] = o
  o.options = [o]
  return o
}

/** Arrays nested `depth` deep: `[[[...]]]`. */
export function deep(depth = 100_000): unknown {
  let v: unknown = []
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

/** An object with `n` keys (`k0`, `k1`, ...), each holding `value`. */
export function manyKeys(n = 20_000, value: unknown = null): Json {
  const o: Json = {}
  for (let i = 0; i < n; i++) o[`k${i}`] = value
  return o
}

/**
 * How to make one hostile value. fast-check looks into the values it generates
 * (for a clone method, to print them), which a revoked proxy or a trap would
 * break, and printing a sparse array of length 2^32-1 would exhaust the heap: so
 * the arbitraries generate recipes, named for the report, and each run makes its
 * value fresh.
 */
export interface Recipe {
  readonly name: string
  readonly make: () => unknown
}

const recipe = (name: string, make: () => unknown): Recipe => ({ name, make, toString: () => name }) as Recipe

/** One hostile value, as a recipe. */
export const hostileValue: fc.Arbitrary<Recipe> = fc.oneof(
  fc.constant(recipe('sparse array of length 2^32-1', () => sparse())),
  fc.integer({ min: 26, max: 3000 }).map((n) => recipe(`sparse array of length ${n}`, () => sparse(n))),
  fc.integer({ min: 26, max: 3000 }).map((n) => recipe(`${n} nulls`, () => Array.from({ length: n }, () => null))),
  fc
    .integer({ min: 26, max: 300 })
    .map((n) => recipe(`${n} option objects`, () => Array.from({ length: n }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd', value: 'v' })))),
  fc.constant(recipe('array proxy of length 2^32-1, nulls', () => lyingArray(null))),
  fc.constant(recipe('array proxy of length 2^32-1, options', () => lyingArray({ type: 3, name: 'o', description: 'd', value: 'v' }))),
  fc.constant(recipe('array proxy growing after its first length read', () => growingArray({ type: 3, name: 'o', description: 'd', value: 'v' }))),
  fc.constantFrom('name', 'type', 'options', 'value', 'description', '0').map((k) => recipe(`throwing getter at ${k}`, () => throwingGetter(k))),
  fc.constant(recipe('getter throwing a symbol', () => throwingGetter('name', Symbol('thrown')))),
  fc.constant(recipe('revoked proxy', revoked)),
  fc.constant(recipe('proxy whose traps throw', trapAll)),
  fc.constantFrom('self', 'options', 'choices', 'name_localizations').map((k) => recipe(`cycle through ${k}`, () => cycle(k))),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => recipe(`arrays nested ${n} deep`, () => deep(n))),
  fc.integer({ min: 10_000, max: 1_000_000 }).map((n) => recipe(`string of ${n} characters`, () => 'x'.repeat(n))),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => recipe(`object of ${n} null keys`, () => manyKeys(n))),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => recipe(`object of ${n} string keys`, () => manyKeys(n, 'x'))),
  fc.jsonValue().map((v) => recipe(`JSON ${JSON.stringify(v).slice(0, 60)}`, () => structuredClone(v))),
)

/** A plausible command definition with room for every kind of field a reader walks. */
export const COMMAND: Json = {
  name: 'ban',
  description: 'Ban a member',
  name_localizations: { fr: 'bannir' },
  contexts: [0, 1],
  integration_types: [0],
  options: [
    { type: 1, name: 'user', description: 'A user', options: [{ type: 3, name: 'reason', description: 'Why', choices: [{ name: 'Spam', value: 'spam' }] }] },
    {
      type: 2,
      name: 'group',
      description: 'A group',
      options: [{ type: 1, name: 'sub', description: 'Sub', options: [{ type: 7, name: 'c', description: 'C', channel_types: [0] }] }],
    },
  ],
}

/** Where a hostile value may stand in `COMMAND`: the fields each walk reads. */
export const COMMAND_PATHS: readonly Path[] = [
  [],
  ['name'],
  ['description'],
  ['name_localizations'],
  ['name_localizations', 'fr'],
  ['contexts'],
  ['integration_types'],
  ['options'],
  ['options', 0],
  ['options', 0, 'options'],
  ['options', 0, 'options', 0],
  ['options', 0, 'options', 0, 'choices'],
  ['options', 0, 'options', 0, 'choices', 0],
  ['options', 0, 'options', 0, 'choices', 0, 'value'],
  ['options', 1, 'options', 0, 'options'],
  ['options', 1, 'options', 0, 'options', 0, 'channel_types'],
  ['options', 0, 'description_localizations'],
  ['unknown_field'],
]

/** A command definition with one or two hostile values planted in it, as a recipe. */
export const hostileCommand: fc.Arbitrary<Recipe> = fc.array(fc.tuple(fc.constantFrom(...COMMAND_PATHS), hostileValue), { minLength: 1, maxLength: 2 }).map((plants) =>
  recipe(plants.map(([path, r]) => `${r.name} at ${JSON.stringify(path)}`).join(', '), () =>
    // The deeper first: planting never walks into a hostile value planted before.
    [...plants].sort(([a], [b]) => b.length - a.length).reduce<unknown>((json, [path, r]) => plant(json, path, r.make()), COMMAND),
  ),
)
