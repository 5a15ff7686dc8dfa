/**
 * A route's literal bounds, held alike by the types and the run time: each
 * parameter's value at its bounds and one past them, and each bound of
 * `param.integer` and `param.string` at its edge, is compiled (TypeScript 5.9's
 * API, in memory, against dist/'s declarations) and made at run time. Where the
 * types accept, `encode` and the param makers accept; where the types refuse with
 * the sentence, they throw a `RangeError` that names the parameter or the bound.
 * The limits are the codec's (src/builders/custom-id/codec.ts: an integer's default
 * range 0 to 2^53 - 1, a string's `max` 1 to 100), so a limit changed on one side
 * only fails here.
 */
import { describe, expect, it } from 'vitest'
import { callErrors } from '../support/probe.js'
import * as lib from '../../dist/index.js'

interface Case {
  /** The call, as written in the probe and evaluated at run time. */
  readonly expr: string
  /** The refusal's sentence when the types must refuse it; `undefined` when both accept it. */
  readonly sentence?: string
  /** What the run time's `RangeError` says then. */
  readonly thrown?: RegExp
}

const SAFE = Number.MAX_SAFE_INTEGER
const ROUTES = [
  { name: 'page', min: 1, max: 50 },
  { name: 'temp', min: -40, max: -10 },
  { name: 'wide', min: -SAFE, max: 0 },
  { name: 'default', min: 0, max: SAFE },
] as const

/** A route of one integer parameter `n` of `[min, max]` (the last route with the defaults), and one of its makers. */
const integerRoute = (r: (typeof ROUTES)[number]) =>
  r.name === 'default' ? `route('${r.name}', { n: param.integer() })` : `route('${r.name}', { n: param.integer({ min: ${r.min}, max: ${r.max} }) })`

function integerCases(r: (typeof ROUTES)[number]): Case[] {
  const maker = (n: number, i: number) =>
    [`${integerRoute(r)}.id({ n: ${n} })`, `${integerRoute(r)}.button({ n: ${n} }, 'Go')`, `${integerRoute(r)}.userSelect({ n: ${n} })`][i % 3] as string
  const refused = (n: number | string, i: number): Case => ({
    expr: maker(Number(n), i).replace(`n: ${Number(n)} }`, `n: ${n} }`),
    sentence: `route '${r.name}': parameter 'n' is a whole number from ${r.min} to ${r.max}; this one is ${n}`,
    thrown: new RegExp(`parameter "n" must be a whole number from ${r.min} to ${r.max}`),
  })
  return [
    { expr: maker(r.min, 0) },
    { expr: maker(r.max, 1) },
    refused(r.min - 1, 2),
    ...(r.max + 1 > SAFE + 1 ? [] : [refused(r.max + 1, 0)]),
    // A fraction inside the range (one a double can hold: none beside 2^53).
    refused(r.max <= 1000 ? `${r.max - 1}.5` : `${r.min}.5`, 1),
  ]
}

const CASES: Case[] = [
  ...ROUTES.flatMap(integerCases),
  // A string of a declared maximum (ASCII), in a modal route's `modal` and `id`.
  { expr: `modalRoute('note', { tag: param.string({ max: 5 }) }, 'Note', [label('Text', textInput('t'))]).modal({ tag: 'abcde' })` },
  {
    expr: `modalRoute('note', { tag: param.string({ max: 5 }) }, 'Note', [label('Text', textInput('t'))]).modal({ tag: 'abcdef' })`,
    sentence: "route 'note': parameter 'tag' holds at most 5 characters; this one has 6",
    thrown: /parameter "tag" holds 6 characters; at most 5/,
  },
  { expr: `route('s', { tag: param.string({ max: 90 }) }).id({ tag: '${'x'.repeat(90)}' })` },
  // The bounds themselves.
  { expr: `param.integer({ min: 7, max: 7 })` },
  { expr: `param.integer({ min: -${SAFE}, max: 0 })` },
  {
    expr: `param.integer({ min: 8, max: 7 })`,
    sentence: "param.integer's max (7) is below its min (8); the minimum must not exceed the maximum",
    thrown: /param\.integer: min and max must be whole numbers with min <= max/,
  },
  {
    expr: `param.integer({ max: -1 })`,
    sentence: "param.integer's max (-1) is below its min (0)",
    thrown: /param\.integer: min and max/,
  },
  {
    expr: `param.integer({ min: -${SAFE + 1}, max: 0 })`,
    sentence: `param.integer's min is a whole number from -(2^53 - 1) to 2^53 - 1; this one is -${SAFE + 1}`,
    thrown: /param\.integer: min and max/,
  },
  {
    expr: `param.integer({ max: ${SAFE + 1} })`,
    sentence: `param.integer's max is a whole number from -(2^53 - 1) to 2^53 - 1; this one is ${SAFE + 1}`,
    thrown: /param\.integer: min and max/,
  },
  {
    expr: `param.integer({ min: 0.5, max: 3 })`,
    sentence: "param.integer's min is a whole number from -(2^53 - 1) to 2^53 - 1; this one is 0.5",
    thrown: /param\.integer: min and max/,
  },
  { expr: `param.string({ max: 1 })` },
  { expr: `param.string({ max: 100 })` },
  { expr: `param.string({ max: 0 })`, sentence: "param.string's max is a whole number from 1 to 100; this one is 0", thrown: /param\.string: max must be/ },
  { expr: `param.string({ max: 101 })`, sentence: "param.string's max is a whole number from 1 to 100; this one is 101", thrown: /param\.string: max must be/ },
  { expr: `param.string({ max: 1.5 })`, sentence: "param.string's max is a whole number from 1 to 100; this one is 1.5", thrown: /param\.string: max must be/ },
]

const NAMES = ['label', 'modalRoute', 'param', 'route', 'textInput'] as const

/** Compiles the calls, one a line, and gives each line's errors (first lines, as an editor shows them). */
const compile = (cases: readonly Case[]): string[][] =>
  callErrors(
    'route-bounds-probe.ts',
    NAMES,
    cases.map((c) => c.expr),
  )

const run = (expr: string): unknown => new Function(...NAMES, `return ${expr}`)(...NAMES.map((n) => lib[n]))

describe("a route's literal bounds: the types and the run time agree", () => {
  const errors = compile(CASES)

  it.each(CASES.map((c, i) => [c.sentence === undefined ? 'accepts' : 'refuses', c.expr.length > 100 ? `${c.expr.slice(0, 100)}...` : c.expr, i] as const))('%s %s', (_, __, i) => {
    const c = CASES[i] as Case
    if (c.sentence === undefined) {
      expect(errors[i], 'the types').toEqual([])
      expect(() => run(c.expr), 'the run time').not.toThrow()
    } else {
      expect(errors[i], 'the types').toHaveLength(1)
      expect(errors[i]?.[0], 'the first line').toContain(c.sentence)
      expect(() => run(c.expr), 'the run time').toThrow(RangeError)
      expect(() => run(c.expr), 'the run time').toThrow(c.thrown as RegExp)
    }
  })

  it('a value the types cannot see is the run time alone (the check can fail)', () => {
    // Typed as `number` or `string`, or a string of other than ASCII: left to `encode`.
    const open = compile([
      { expr: `route('page', { n: param.integer({ min: 1, max: 50 }) }).id({ n: 51 as number })` },
      { expr: `route('s', { tag: param.string({ max: 2 }) }).id({ tag: 'ééé' })` },
    ])
    expect(open).toEqual([[], []])
    expect(() => run(`route('page', { n: param.integer({ min: 1, max: 50 }) }).id({ n: 51 })`)).toThrow(RangeError)
    expect(() => run(`route('s', { tag: param.string({ max: 2 }) }).id({ tag: 'ééé' })`)).toThrow(/parameter "tag" holds 3 characters; at most 2/)
  })
})
