/**
 * Definitions compiled for parsing: lookup tables built once per definition (and
 * per set) from its validated JSON, so that parsing a payload is a few map
 * lookups per option.
 */
import type { CommandJSON, OptionJSON } from '../wire/commands.js'
import { definitionOf } from '../builders/from-json.js'
import { ValidationError } from '../rules/issues.js'
import { optionKind, type OptionValueType, type ResolvedMap } from '../wire/option-kinds.js'

/** One option of a definition, ready for checking a value against it. */
export interface CompiledOption {
  readonly name: string
  /** `1 << position` in its options list (at most 25): marks it seen in a walk. */
  readonly bit: number
  readonly type: number
  /** What its value is, from the option-kind table (wire/option-kinds.ts). */
  readonly value: OptionValueType
  /** The `data.resolved` maps its id is looked up in, in order, from the same table. */
  readonly resolved: readonly ResolvedMap[]
  readonly required: boolean
  readonly autocomplete: boolean
  /** The allowed values when the option has choices. */
  readonly choices: ReadonlySet<unknown> | undefined
  readonly min: number | undefined
  readonly max: number | undefined
  readonly minLength: number | undefined
  readonly maxLength: number | undefined
  /** Whether `minLength` or `maxLength` is set. */
  readonly lengths: boolean
  readonly channelTypes: ReadonlySet<unknown> | undefined
}

/** One options list: its options by name, in order, and the required ones. */
export interface CompiledLevel {
  readonly byName: ReadonlyMap<string, CompiledOption>
  /** The options in order. */
  readonly options: readonly CompiledOption[]
  readonly names: readonly string[]
  readonly required: readonly string[]
  /** The bits of the required options. */
  readonly requiredBits: number
  /**
   * Every option name as an own property set to `undefined` (`__proto__` too, as
   * a data property): a walk copies it with a spread, which defines properties and
   * never calls the `__proto__` setter, then assigns to those own properties.
   */
  readonly template: Readonly<Record<string, undefined>>
}

export interface CompiledSubcommand {
  readonly kind: 1
  readonly name: string
  readonly level: CompiledLevel
}

export interface CompiledGroup {
  readonly kind: 2
  readonly name: string
  readonly subcommands: ReadonlyMap<string, CompiledSubcommand>
}

/** A command, compiled. `children` is set when it has subcommands or groups. */
export interface CompiledCommand {
  readonly type: number
  readonly name: string
  readonly level: CompiledLevel
  readonly children: ReadonlyMap<string, CompiledSubcommand | CompiledGroup> | undefined
  readonly json: CommandJSON
}

/** A definition or a set, compiled: commands by `type:name`, and by name. */
export interface CompiledSet {
  readonly byKey: ReadonlyMap<string, CompiledCommand>
  /** Commands by name: one per type at most (commands of different types may share a name). */
  readonly byName: ReadonlyMap<string, readonly CompiledCommand[]>
  /** The single command, when a definition (not a set) was compiled. */
  readonly single: CompiledCommand | undefined
  /**
   * The generated reader of command invocations (jit.ts): `undefined` until the
   * first `parse` asks for it, `null` when there is none (the interpreter reads).
   */
  jit: ((interaction: unknown) => unknown) | null | undefined
}

function compileLevel(options: readonly OptionJSON[] | undefined): CompiledLevel {
  const byName = new Map<string, CompiledOption>()
  const list: CompiledOption[] = []
  const names: string[] = []
  const required: string[] = []
  let requiredBits = 0
  const template: Record<string, undefined> = {}
  for (const o of options ?? []) {
    const j = o as Partial<Record<string, unknown>> & OptionJSON
    const choices = Array.isArray(j.choices) && j.choices.length > 0 ? new Set(j.choices.map((c: { value: unknown }) => c.value)) : undefined
    const channelTypes = Array.isArray(j.channel_types) && j.channel_types.length > 0 ? new Set(j.channel_types) : undefined
    const bit = 1 << names.length
    const kind = optionKind(o.type)
    const compiled: CompiledOption = {
      name: o.name,
      bit,
      type: o.type,
      value: kind?.value ?? 'none',
      resolved: kind?.resolved ?? [],
      required: j.required === true,
      autocomplete: j.autocomplete === true,
      choices,
      min: j.min_value as number | undefined,
      max: j.max_value as number | undefined,
      minLength: j.min_length as number | undefined,
      maxLength: j.max_length as number | undefined,
      lengths: j.min_length !== undefined || j.max_length !== undefined,
      channelTypes,
    }
    byName.set(o.name, compiled)
    list.push(compiled)
    names.push(o.name)
    Object.defineProperty(template, o.name, { value: undefined, enumerable: true, writable: true, configurable: true })
    if (j.required === true) {
      required.push(o.name)
      requiredBits |= bit
    }
  }
  return { byName, options: list, names, required, requiredBits, template }
}

function compileCommand(json: CommandJSON): CompiledCommand {
  const type = json.type ?? 1
  const options = type === 1 ? (json as { options?: OptionJSON[] }).options : undefined
  const first = options?.[0]
  if (first !== undefined && (first.type === 1 || first.type === 2)) {
    const children = new Map<string, CompiledSubcommand | CompiledGroup>()
    for (const child of options ?? []) {
      if (child.type === 1) children.set(child.name, { kind: 1, name: child.name, level: compileLevel(child.options) })
      else if (child.type === 2) {
        const subcommands = new Map<string, CompiledSubcommand>()
        for (const sub of child.options ?? []) subcommands.set(sub.name, { kind: 1, name: sub.name, level: compileLevel(sub.options) })
        children.set(child.name, { kind: 2, name: child.name, subcommands })
      }
    }
    return { type, name: json.name, level: compileLevel([]), children, json }
  }
  return { type, name: json.name, level: compileLevel(options as OptionJSON[] | undefined), children: undefined, json }
}

const cache = new WeakMap<object, CompiledSet>()

const keyOf = (type: number, name: string): string => `${type}:${name}`

function byNameOf(byKey: ReadonlyMap<string, CompiledCommand>): Map<string, CompiledCommand[]> {
  const out = new Map<string, CompiledCommand[]>()
  for (const c of byKey.values()) {
    const list = out.get(c.name)
    if (list === undefined) out.set(c.name, [c])
    else list.push(c)
  }
  return out
}

/** The definition compiled last and its compiled form: held strongly, but only the last one. */
let last: object | undefined
let lastCompiled: CompiledSet | undefined

/**
 * The compiled form of a definition or a `commands(...)` set, built once and
 * cached. Throws `ValidationError` when a definition breaks a rule.
 */
export function compile(definition: unknown): CompiledSet {
  // Most callers parse against one definition or set over and over (a router holds
  // one set): the last one answers without the WeakMap's hashing. The rest is in
  // lookupOrCompile, so that this stays small enough for the engine to inline.
  return definition === last && lastCompiled !== undefined ? lastCompiled : lookupOrCompile(definition)
}

function lookupOrCompile(definition: unknown): CompiledSet {
  if (typeof definition === 'object' && definition !== null) {
    const hit = cache.get(definition)
    if (hit !== undefined) return remember(definition, hit)
  }
  const members = (definition as { definitions?: unknown } | null)?.definitions
  let compiled: CompiledSet
  if (Array.isArray(members)) {
    const byKey = new Map<string, CompiledCommand>()
    members.forEach((d, i) => {
      const c = compileCommand(definitionOf(d))
      const key = keyOf(c.type, c.name)
      // Two of one name and type (from JavaScript: the types refuse them) cannot be told apart: the second shadowed the first.
      if (byKey.has(key))
        throw new ValidationError(
          [{ code: 'set.duplicate_name', path: [i, 'name'], message: `commands[${i}].name is ${JSON.stringify(c.name)}, the name of an earlier command of its type` }],
          'commands',
        )
      byKey.set(key, c)
    })
    compiled = { byKey, byName: byNameOf(byKey), single: undefined, jit: undefined }
  } else {
    const c = compileCommand(definitionOf(definition))
    const byKey = new Map([[keyOf(c.type, c.name), c]])
    compiled = { byKey, byName: byNameOf(byKey), single: c, jit: undefined }
  }
  if (typeof definition === 'object' && definition !== null) {
    cache.set(definition, compiled)
    remember(definition, compiled)
  }
  return compiled
}

function remember(definition: object, compiled: CompiledSet): CompiledSet {
  last = definition
  lastCompiled = compiled
  return compiled
}

export { keyOf }
