/**
 * One rule, every encoder: "Command option" rule 1 of the spec, required options
 * come before optional ones in one options array (docs/internals.md, "A tour").
 * The cases are data: each a CHAT_INPUT command written as the `.options(...)`
 * calls of its lists, from which both the plain JSON (for the run-time encoders)
 * and the builder source (for the type level, test-d/tour.test-d.ts) are made.
 * A list is the arguments of its `.options(...)` calls, in order: 'r' a required
 * option, 'o' an optional one.
 */

/** One `.options(...)` call: 'r' required, 'o' optional. */
export type Call = readonly ('r' | 'o')[]

/** A command: leaf options, or subcommands and groups (in this order) holding their own lists. */
export type Shape =
  | { readonly options: readonly Call[] }
  | {
      readonly subcommands?: readonly { readonly name: string; readonly options: readonly Call[] }[]
      readonly groups?: readonly { readonly name: string; readonly subcommands: readonly { readonly name: string; readonly options: readonly Call[] }[] }[]
    }

export interface Case {
  /** What the case shows; also its marker in test-d/tour.test-d.ts. */
  readonly name: string
  readonly shape: Shape
}

export const CASES: readonly Case[] = [
  { name: 'no options', shape: { options: [] } },
  { name: 'one required', shape: { options: [['r']] } },
  { name: 'one optional', shape: { options: [['o']] } },
  { name: 'required then optional', shape: { options: [['r', 'o']] } },
  { name: 'required, required, optional, optional', shape: { options: [['r', 'r', 'o', 'o']] } },
  { name: 'optional then required', shape: { options: [['o', 'r']] } },
  { name: 'required, optional, required', shape: { options: [['r', 'o', 'r']] } },
  { name: 'optional, required, required', shape: { options: [['o', 'r', 'r']] } },
  { name: 'required call then optional call', shape: { options: [['r'], ['o']] } },
  { name: 'optional call then required call', shape: { options: [['o'], ['r']] } },
  { name: 'optional call, optional call, required call', shape: { options: [['o'], ['o'], ['r']] } },
  { name: 'subcommand: required then optional', shape: { subcommands: [{ name: 's', options: [['r', 'o']] }] } },
  { name: 'subcommand: optional then required', shape: { subcommands: [{ name: 's', options: [['o', 'r']] }] } },
  { name: 'subcommand: optional call then required call', shape: { subcommands: [{ name: 's', options: [['o'], ['r']] }] } },
  {
    name: 'per list: optional in one subcommand, required in the next',
    shape: {
      subcommands: [
        { name: 'one', options: [['o']] },
        { name: 'two', options: [['r']] },
      ],
    },
  },
  {
    name: 'second subcommand breaks it',
    shape: {
      subcommands: [
        { name: 'one', options: [['r', 'o']] },
        { name: 'two', options: [['o', 'r']] },
      ],
    },
  },
  { name: 'group: required then optional', shape: { groups: [{ name: 'g', subcommands: [{ name: 's', options: [['r', 'o']] }] }] } },
  { name: 'group: optional then required', shape: { groups: [{ name: 'g', subcommands: [{ name: 's', options: [['o', 'r']] }] }] } },
  {
    name: 'group: per list across its subcommands',
    shape: {
      groups: [
        {
          name: 'g',
          subcommands: [
            { name: 'one', options: [['o']] },
            { name: 'two', options: [['r', 'o']] },
          ],
        },
      ],
    },
  },
  {
    name: 'subcommand fine, group breaks it',
    shape: {
      subcommands: [{ name: 'top', options: [['r', 'o']] }],
      groups: [{ name: 'g', subcommands: [{ name: 's', options: [['r'], ['o', 'r']] }] }],
    },
  },
]

/** The option types the cases cycle through, so that the rule is seen on several kinds. */
const KINDS = [
  { method: 'string', type: 3 },
  { method: 'user', type: 6 },
  { method: 'integer', type: 4 },
  { method: 'boolean', type: 5 },
] as const

/** An option of a flattened list: its name (unique in the list), JSON type, builder method and required-ness. */
interface Leaf {
  readonly name: string
  readonly type: number
  readonly method: string
  readonly required: boolean
}

const leaves = (calls: readonly Call[]): Leaf[] =>
  calls.flat().map((mark, i) => {
    const kind = KINDS[i % KINDS.length] as (typeof KINDS)[number]
    return { name: `${mark}${i}`, type: kind.type, method: kind.method, required: mark === 'r' }
  })

const leafJSON = (o: Leaf): Record<string, unknown> => ({
  type: o.type,
  name: o.name,
  description: 'd',
  ...(o.required ? { required: true } : {}),
})

/** The command's JSON, as a JavaScript user or a JSON file would write it. */
export function toJSON(shape: Shape): Record<string, unknown> {
  const command = { type: 1, name: 'tour', description: 'd' }
  if ('options' in shape) return shape.options.length === 0 ? command : { ...command, options: leaves(shape.options).map(leafJSON) }
  const sub = (s: { name: string; options: readonly Call[] }) => ({ type: 1, name: s.name, description: 'd', options: leaves(s.options).map(leafJSON) })
  return {
    ...command,
    options: [...(shape.subcommands ?? []).map(sub), ...(shape.groups ?? []).map((g) => ({ type: 2, name: g.name, description: 'd', options: g.subcommands.map(sub) }))],
  }
}

/**
 * Whether rule 1 holds, and the paths of the required options that follow an
 * optional one (what `options.order` reports), worked out from the shape alone.
 */
export function expected(shape: Shape): { valid: boolean; paths: (string | number)[][] } {
  const paths: (string | number)[][] = []
  const list = (calls: readonly Call[], at: (string | number)[]) => {
    let optional = false
    leaves(calls).forEach((o, i) => {
      if (!o.required) optional = true
      else if (optional) paths.push([...at, 'options', i])
    })
  }
  if ('options' in shape) list(shape.options, [])
  else {
    const subs = shape.subcommands ?? []
    subs.forEach((s, i) => {
      list(s.options, ['options', i])
    })
    ;(shape.groups ?? []).forEach((g, i) => {
      g.subcommands.forEach((s, j) => {
        list(s.options, ['options', subs.length + i, 'options', j])
      })
    })
  }
  return { valid: paths.length === 0, paths }
}

/** The builder expression of a shape (TypeScript source against the package's `slash` and `option`). */
export function toSource(shape: Shape): string {
  const calls = (cs: readonly Call[]) => {
    const all = leaves(cs)
    let at = 0
    return cs
      .map((c) => {
        const args = all.slice(at, (at += c.length)).map((o) => `option.${o.method}('${o.name}', 'd')${o.required ? '.required()' : ''}`)
        return `.options(${args.join(', ')})`
      })
      .join('')
  }
  if ('options' in shape) return `slash('tour', 'd')${calls(shape.options)}`
  let out = `slash('tour', 'd')`
  for (const s of shape.subcommands ?? []) out += `.subcommand('${s.name}', 'd', (s) => s${calls(s.options)})`
  for (const g of shape.groups ?? []) out += `.group('${g.name}', 'd', (g) => g${g.subcommands.map((s) => `.subcommand('${s.name}', 'd', (s) => s${calls(s.options)})`).join('')})`
  return out
}

/** The sentence the types give for the rule (src/builders/types/check.ts, `Order`). */
export const TYPE_SENTENCE = 'required options must come first'

/**
 * test-d/tour.test-d.ts, generated from `CASES`: a valid case compiles, an
 * invalid one is an `expectError` whose error is the rule's sentence
 * (scripts/check-types.mjs checks the `// ❌` line under TypeScript 5.9, 6.0 and 7.0).
 */
export function typeTestSource(): string {
  const lines = [
    '/**',
    ' * Generated from test/tour/required-order.cases.ts by test/tour/required-order.test.ts',
    ' * (SLASHKIT_WRITE_TOUR=1 npx vitest run test/tour): "Command option" rule 1,',
    ' * required options before optional ones, at the type level, on the same cases as',
    ' * every run-time encoder (docs/internals.md, "A tour"). Do not edit by hand.',
    ' */',
    "import { expectError } from 'tsd'",
    "import { option, slash } from '../dist/index.js'",
    '',
  ]
  for (const c of CASES) {
    const source = toSource(c.shape)
    lines.push(`// case: ${c.name}`)
    if (expected(c.shape).valid) lines.push(`${source}.toJSON()`)
    else lines.push(`// ❌ ${TYPE_SENTENCE}`, `expectError(${source})`)
  }
  return `${lines.join('\n')}\n`
}
