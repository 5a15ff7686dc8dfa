/**
 * fast-check arbitraries for the parse properties: definitions made through the
 * builders (the option and command descriptions of test/builders/arbitraries.ts,
 * with option, subcommand and group names that include `__proto__`,
 * `constructor` and `prototype`, valid under "Naming rules" 1), and for each one
 * an input for `fakeInteraction` that fits it: a path, a value within the bounds,
 * lengths and choices of every required option and of some optional ones.
 */
import fc from 'fast-check'
import type { FakeUser } from '../../src/internal.js'
import {
  buildCommand,
  chatName,
  commandDesc,
  description,
  optionDesc,
  optionJSON,
  type CommandDesc,
  type GroupDesc,
  type OptionDesc,
  type SubcommandDesc,
} from '../builders/arbitraries.js'
import { codePoints } from '../../src/rules/text.js'

export type Json = Record<string, unknown>

/** Names for options, subcommands and groups: the builders' names, and some that are keys of Object.prototype. */
export const HOSTILE_NAMES = ['__proto__', 'constructor', 'prototype', 'valueof', '__definegetter__'] as const
const optionName = fc.oneof({ weight: 6, arbitrary: chatName }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NAMES) })
const names = (min: number, max: number) => fc.uniqueArray(optionName, { minLength: min, maxLength: max })

const CHANNEL_TYPES = [0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16]

// ---------------------------------------------------------------- which values fit an option

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

/** The values an option may take, as an arbitrary; `undefined` when no value fits (choices outside the bounds). */
export function valueFor(o: Json): fc.Arbitrary<unknown> | undefined {
  const choices = Array.isArray(o.choices) && o.choices.length > 0 ? (o.choices as Json[]).map((c) => c.value) : undefined
  switch (o.type as number) {
    case 3: {
      const lo = num(o.min_length) ?? 0
      const hi = num(o.max_length) ?? 6000
      if (choices !== undefined) {
        const fit = choices.filter((v) => typeof v === 'string' && codePoints(v) >= lo && codePoints(v) <= hi)
        return fit.length === 0 ? undefined : fc.constantFrom(...fit)
      }
      // `lo` characters of one filler (an astral one too, so that lengths count characters, not
      // UTF-16 units), then up to 6 random code points within max_length.
      const unit = fc.oneof(fc.constantFrom('a', 'é', '🎉', 'क', ' '), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }))
      return fc.tuple(fc.constantFrom('x', '🎉', 'ж'), fc.string({ unit, maxLength: Math.min(hi - lo, 6) })).map(([fill, rest]) => fill.repeat(lo) + rest)
    }
    case 4:
    case 10: {
      const lo = num(o.min_value) ?? (o.type === 4 ? -(2 ** 53 - 1) : -(2 ** 53))
      const hi = num(o.max_value) ?? (o.type === 4 ? 2 ** 53 - 1 : 2 ** 53)
      if (choices !== undefined) {
        const fit = choices.filter((v) => typeof v === 'number' && v >= lo && v <= hi)
        return fit.length === 0 ? undefined : fc.constantFrom(...fit)
      }
      // fast-check orders -0 before 0, so bounds 0 and -0 (equal for the spec) go by constants.
      if (o.type === 10) return lo < hi ? fc.oneof(fc.double({ min: lo, max: hi, noNaN: true }), fc.constantFrom(lo, hi)) : fc.constantFrom(lo, hi)
      const [a, b] = [Math.ceil(lo), Math.floor(hi)]
      return a > b ? undefined : fc.oneof(fc.bigInt({ min: BigInt(a), max: BigInt(b) }).map(Number), fc.constantFrom(a, b))
    }
    case 5:
      return fc.boolean()
    case 6:
      return fakeUser
    case 7: {
      const types = Array.isArray(o.channel_types) && o.channel_types.length > 0 ? (o.channel_types as number[]) : CHANNEL_TYPES
      return fc.record({ name: fc.string({ maxLength: 10 }), type: fc.constantFrom(...types) }, { requiredKeys: ['type'] })
    }
    case 8:
      return fc.record({ name: fc.string({ maxLength: 10 }), color: fc.nat(0xffffff) }, { requiredKeys: [] })
    case 9:
      return fc.oneof(fakeUser, fc.record({ role: fc.record({ name: fc.string({ maxLength: 10 }) }) }))
    default:
      return fc.record({ filename: fc.string({ minLength: 1, maxLength: 10 }), size: fc.nat() }, { requiredKeys: [] })
  }
}

const fakeUser: fc.Arbitrary<FakeUser> = fc.record(
  {
    user: fc.record({ username: fc.string({ minLength: 1, maxLength: 10 }), global_name: fc.option(fc.string({ maxLength: 10 }), { nil: null }) }, { requiredKeys: [] }),
    member: fc.record({ nick: fc.option(fc.string({ maxLength: 10 }), { nil: null }), roles: fc.constant([]) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
)

/** An option a generated input can always fill (some value fits its bounds, lengths and choices). */
const fillable = (name: string): fc.Arbitrary<OptionDesc> => optionDesc(name).filter((o) => valueFor(optionJSON(o)) !== undefined)

// ---------------------------------------------------------------- definitions

/** One options array, required options first ("Command option" rule 1). */
const leafOptions = (max: number): fc.Arbitrary<OptionDesc[]> =>
  names(0, max)
    .chain((ns) => fc.tuple(...ns.map(fillable)))
    .map((os) => [...os.filter((o) => o.required), ...os.filter((o) => !o.required)])

const subcommand = (name: string): fc.Arbitrary<SubcommandDesc> =>
  fc.record({
    kind: fc.constant<'subcommand'>('subcommand'),
    name: fc.constant(name),
    description,
    localize: fc.constant([]),
    options: fc.option(
      leafOptions(4).map((os) => [os]),
      { nil: undefined },
    ),
  })

const group = (name: string): fc.Arbitrary<GroupDesc> =>
  fc.record({
    kind: fc.constant<'group'>('group'),
    name: fc.constant(name),
    description,
    localize: fc.constant([]),
    subcommands: names(1, 3).chain((ns) => fc.tuple(...ns.map(subcommand))),
  })

/**
 * A valid definition description: a CHAT_INPUT command with options, or with
 * subcommands and groups; or, from the builders' own arbitrary, a USER, MESSAGE
 * or entry point command.
 */
export const definitionDesc: fc.Arbitrary<CommandDesc> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant<'slash'>('slash'), name: chatName, description, body: leafOptions(8).map((os) => ({ options: [os] })), steps: fc.constant([]) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant<'slash'>('slash'),
      name: chatName,
      description,
      body: names(1, 3)
        .chain((ns) => fc.tuple(...ns.map((n) => fc.oneof(subcommand(n), group(n)))))
        .map((children) => ({ children })),
      steps: fc.constant([]),
    }),
  },
  { weight: 1, arbitrary: commandDesc().filter((d) => d.kind !== 'slash') },
)

// ---------------------------------------------------------------- inputs

/** One invocable path of a CHAT_INPUT command JSON: group and subcommand names, and the options there. */
export interface Path {
  readonly group: string | undefined
  readonly subcommand: string | undefined
  readonly options: readonly Json[]
}

export function pathsOf(json: Json): Path[] {
  const options = (json.options as Json[] | undefined) ?? []
  const first = options[0]
  if (first === undefined || (first.type !== 1 && first.type !== 2)) return [{ group: undefined, subcommand: undefined, options }]
  const out: Path[] = []
  for (const child of options) {
    if (child.type === 1) out.push({ group: undefined, subcommand: child.name as string, options: (child.options as Json[] | undefined) ?? [] })
    else
      for (const sub of (child.options as Json[] | undefined) ?? [])
        out.push({ group: child.name as string, subcommand: sub.name as string, options: (sub.options as Json[] | undefined) ?? [] })
  }
  return out
}

/** A generated case: the definition, its JSON, and an input for `fakeInteraction` with the options it gives. */
export interface Case {
  readonly desc: CommandDesc
  readonly definition: any
  readonly json: Json
  readonly input: Json
  /** The path's options (JSON), to check every one of them in the result. */
  readonly path: Path | undefined
}

/** Options of a path: every required one, some optional ones, each with a value that fits. */
function optionsInput(options: readonly Json[]): fc.Arbitrary<Json> {
  const entries = options.map((o) => {
    const value = valueFor(o) as fc.Arbitrary<unknown>
    return o.required === true
      ? value.map((v) => [o.name as string, v] as const)
      : fc.option(
          value.map((v) => [o.name as string, v] as const),
          { nil: undefined },
        )
  })
  return fc.tuple(...entries).map((pairs) => {
    const out: Json = {}
    // Own data properties, also for '__proto__' (an object literal would set the prototype).
    for (const p of pairs) if (p !== undefined) Object.defineProperty(out, p[0], { value: p[1], enumerable: true, writable: true, configurable: true })
    return out
  })
}

const context = fc.record({ guildId: fc.option(fc.constant(null), { nil: undefined }), locale: fc.constantFrom('en-US', 'es-ES', 'zh-CN') }, { requiredKeys: [] })

/** A definition and an input that fits it. */
export const parseCase: fc.Arbitrary<Case> = definitionDesc
  .map((desc) => {
    const definition = buildCommand(desc)
    return { desc, definition, json: definition.toJSON() as Json }
  })
  .filter(({ json }) => (json.type ?? 1) !== 1 || pathsOf(json).length > 0)
  .chain(({ desc, definition, json }): fc.Arbitrary<Case> => {
    const type = (json.type as number | undefined) ?? 1
    if (type === 1) {
      return fc.constantFrom(...pathsOf(json)).chain((path) =>
        fc.tuple(optionsInput(path.options), context).map(([options, ctx]) => ({
          desc,
          definition,
          json,
          path,
          input: { ...ctx, ...(path.group === undefined ? {} : { group: path.group }), ...(path.subcommand === undefined ? {} : { subcommand: path.subcommand }), options },
        })),
      )
    }
    const target =
      type === 2
        ? fc.option(fakeUser, { nil: undefined })
        : type === 3
          ? fc.option(fc.record({ content: fc.string({ maxLength: 20 }), pinned: fc.boolean() }), { nil: undefined })
          : fc.constant(undefined)
    return fc.tuple(target, context).map(([t, ctx]) => ({ desc, definition, json, path: undefined, input: { ...ctx, ...(t === undefined ? {} : { target: t }) } }))
  })
