/**
 * The compiled fast path of `parse`: per command, a function generated on its
 * first invocation with `new Function` that reads a valid command invocation exactly as the
 * fast walk of the interpreter (read.ts `walk` without a collector) does, and
 * returns `RETRY` at the first thing it does not like. The interpreter stays the
 * reference: it runs where code generation is refused (edge workers, pages with a
 * CSP without 'unsafe-eval'), when `configure({ jitless: true })` says so, and
 * always for the issues of a payload that does not fit (parse.ts).
 *
 * Why: one store per option with its name fixed and one object literal per result,
 * where the interpreter's keyed store (`out[def.name] = value`) goes megamorphic.
 *
 * Safety: nothing from a definition reaches the code but names, through
 * `JSON.stringify` of a string, and finite numbers; every other value (choice
 * sets, channel-type sets, helpers) is an argument of the generated factory.
 */
import { MAX_LENGTH_MAX, OPTIONS_MAX } from '../rules/limits.js'
import { lengthWithin } from '../rules/text.js'
import type { InteractionType } from '../wire/enums.js'
import { ResolvedEntityKey } from '../wire/option-kinds.js'
import type { CompiledCommand, CompiledLevel, CompiledOption, CompiledSet } from './compile.js'
import { isRecord } from '../rules/json.js'
import { isId, lookup, RETRY } from './sink.js'

/** The interaction type a reader reads; a literal typed by wire/enums.ts (a wrong number is a compile error), so that parse/ keeps no enum table. */
const APPLICATION_COMMAND: typeof InteractionType.ApplicationCommand = 2

/** A generated reader: the value of a command invocation, or `RETRY`. May throw on a hostile payload. */
export type Jit = (interaction: unknown) => unknown

/** Settings of `parse`; see `configure`. */
export interface ParseSettings {
  /**
   * Never generate code (`new Function`) for parsing; read every payload with the
   * interpreter. Off by default, and code generation is tried only where the
   * platform allows it (it falls back on its own where it does not). Turn it on
   * before the first `parse` in a page with a Content Security Policy without
   * 'unsafe-eval': even an attempt that fails files a CSP violation report there.
   */
  readonly jitless?: boolean
}

const settings = { jitless: false }

/**
 * Settings of `parse` for the whole process (or page). `jitless: true` makes
 * `parse` and `safeParse` read payloads with their interpreter only, never
 * generating code; results are the same, only slower. Returns the settings now
 * in force. In a page with a Content Security Policy without 'unsafe-eval', call
 * it before the first `parse`.
 *
 * @example
 * configure({ jitless: true })
 */
export function configure(options: ParseSettings): Required<ParseSettings> {
  if (options.jitless !== undefined) settings.jitless = options.jitless === true
  return { jitless: settings.jitless }
}

/** Whether the platform runs generated code: `undefined` until tried once. */
let generates: boolean | undefined

/** Tries code generation once and remembers the answer (a CSP or an edge worker refuses it). */
function canGenerate(): boolean {
  if (generates === undefined) {
    try {
      generates = new Function('return 1')() === 1
    } catch {
      generates = false
    }
  }
  return generates
}

/** For tests: forget whether code generation works, so that the next parse tries it again. */
export function resetCodegen(): void {
  generates = undefined
}

/** A string as a JavaScript string literal. U+2028 and U+2029 escaped too, though ES2019 allows them. */
function str(s: unknown): string {
  if (typeof s !== 'string') throw new TypeError('not a string')
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** A finite number as a JavaScript literal. */
function num(n: unknown): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new TypeError('not a finite number')
  return Object.is(n, -0) ? '-0' : JSON.stringify(n)
}

/** Collects the source and the values passed to the generated factory (`k0`, `k1`, ...). */
class Source {
  readonly lines: string[] = []
  readonly values: unknown[] = []
  private fns = 0

  /** A name in the generated code for `value`, passed in as an argument. */
  value(value: unknown): string {
    this.values.push(value)
    return `k${this.values.length - 1}`
  }

  fn(): string {
    return `f${this.fns++}`
  }
}

/** The checks of one option's value `v` (the interpreter's readValue, in invoke mode), ending with `out = ...`. */
function readOption(src: Source, def: CompiledOption, out: string): string {
  const l: string[] = []
  switch (def.value) {
    case 'string': {
      l.push(`if (typeof v !== 'string') return RETRY`)
      if (def.lengths) l.push(`if (!lengthWithin(v, ${num(def.minLength ?? 0)}, ${num(def.maxLength ?? MAX_LENGTH_MAX)})) return RETRY`)
      if (def.choices !== undefined) l.push(`if (!${src.value(def.choices)}.has(v)) return RETRY`)
      l.push(`${out} = v`)
      break
    }
    case 'integer':
    case 'number': {
      // NUMBER: finite and within ±2^53 (NaN fails both comparisons); INTEGER: a safe integer.
      if (def.value === 'integer') l.push(`if (!Number.isSafeInteger(v)) return RETRY`)
      else l.push(`if (typeof v !== 'number' || !(v >= -9007199254740992 && v <= 9007199254740992)) return RETRY`)
      if (def.min !== undefined) l.push(`if (v < ${num(def.min)}) return RETRY`)
      if (def.max !== undefined) l.push(`if (v > ${num(def.max)}) return RETRY`)
      if (def.choices !== undefined) l.push(`if (!${src.value(def.choices)}.has(v)) return RETRY`)
      l.push(`${out} = v`)
      break
    }
    case 'boolean':
      l.push(`if (typeof v !== 'boolean') return RETRY`, `${out} = v`)
      break
    case 'snowflake':
      l.push(`if (!isId(v)) return RETRY`, ...readResolved(src, def, out))
      break
    default:
      throw new TypeError('unknown option type')
  }
  return l.join('\n')
}

/**
 * The lookups of an id in the `data.resolved` maps of its row, in order (the
 * interpreter's readResolved): a user with its member; an entity from one of
 * several maps wrapped under its key (`{ role }`); else the entity itself.
 */
function readResolved(src: Source, def: CompiledOption, out: string): string[] {
  const l: string[] = []
  const map = (kind: string): string => `lookup(resolved === undefined ? undefined : resolved.${kind}, v)`
  const maps = def.resolved
  if (maps.length === 0) throw new TypeError('no resolved map')
  maps.forEach((m, i) => {
    const name = ResolvedEntityKey[m]
    const value = m === 'users' ? `{ user, member: ${map('members')} }` : maps.length > 1 ? `{ ${name} }` : name
    l.push(`const ${name} = ${map(m)}`)
    if (i < maps.length - 1) {
      l.push(`if (${name} !== undefined) ${out} = ${value}`, `else {`)
      return
    }
    l.push(`if (${name} === undefined) return RETRY`)
    if (def.channelTypes !== undefined) l.push(`if (!${src.value(def.channelTypes)}.has(${name}.type)) return RETRY`)
    l.push(`${out} = ${value}`)
  })
  for (let i = 1; i < maps.length; i++) l.push(`}`)
  return l
}

/** A key of an object literal: `__proto__` computed, as a plain `"__proto__": v` would set the prototype. */
const key = (name: string): string => (name === '__proto__' ? `[${str(name)}]` : str(name))

/**
 * A function `(data, options)` reading one options list (the interpreter's
 * readLeaves) and returning the whole result for this path.
 */
function leafFunction(src: Source, command: CompiledCommand, group: string | undefined, subcommand: string | undefined, level: CompiledLevel): string {
  const name = src.fn()
  const defs = level.options
  const l: string[] = [`function ${name}(data, options) {`, `const r = data.resolved`, `const resolved = isRecord(r) ? r : undefined`]
  if (defs.length > 0) l.push(`let ${defs.map((_, i) => `v${i}`).join(', ')}`)
  // "Limits": at most 25 options; a longer list is not read (src/rules/bounds.ts).
  l.push(
    `if (options !== undefined) {`,
    `if (!Array.isArray(options)) return RETRY`,
    `const n = options.length`,
    `if (n > ${num(OPTIONS_MAX)}) return RETRY`,
    `for (let i = 0; i < n; i++) {`,
  )
  l.push(`const o = options[i]`, `if (!isRecord(o)) return RETRY`, `switch (o.name) {`)
  defs.forEach((def, i) => {
    // The interpreter's order: the type, then a repeat, then the value (read once).
    l.push(`case ${str(def.name)}: {`, `if (o.type !== ${num(def.type)} || v${i} !== undefined) return RETRY`, `const v = o.value`)
    l.push(readOption(src, def, `v${i}`), `break`, `}`)
  })
  l.push(`default: return RETRY`, `}`, `}`, `}`)
  // A value read is never undefined: an undefined local is an absent option.
  defs.forEach((def, i) => {
    if (def.required) l.push(`if (v${i} === undefined) return RETRY`)
  })
  const options = `{ ${defs.map((def, i) => `${key(def.name)}: v${i}`).join(', ')} }`
  const path = (s: string | undefined): string => (s === undefined ? 'undefined' : str(s))
  l.push(`return { command: ${str(command.name)}, group: ${path(group)}, subcommand: ${path(subcommand)}, options: ${options} }`, `}`)
  src.lines.push(l.join('\n'))
  return name
}

/** The single entry of a subcommand or group list, as `entry` (the interpreter's readChild). */
function childEntry(list: string, entry: string): string {
  return [`if (!Array.isArray(${list}) || ${list}.length !== 1) return RETRY`, `const ${entry} = ${list}[0]`, `if (!isRecord(${entry})) return RETRY`].join('\n')
}

/** A function `(data)` reading one command's data (the interpreter's readChatInput and readTarget). */
function commandFunction(src: Source, command: CompiledCommand): string {
  const N = str(command.name)
  const l: string[] = []
  if (command.type === 1 && command.children === undefined) {
    const leaf = leafFunction(src, command, undefined, undefined, command.level)
    l.push(`return ${leaf}(data, data.options)`)
  } else if (command.type === 1) {
    l.push(`const options = data.options`, childEntry('options', 'entry'), `switch (entry.name) {`)
    for (const child of (command.children as NonNullable<CompiledCommand['children']>).values()) {
      l.push(`case ${str(child.name)}: {`, `if (entry.type !== ${num(child.kind)}) return RETRY`)
      if (child.kind === 1) l.push(`return ${leafFunction(src, command, undefined, child.name, child.level)}(data, entry.options)`)
      else {
        l.push(`const inner = entry.options`, childEntry('inner', 'sub'), `switch (sub.name) {`)
        for (const s of child.subcommands.values())
          l.push(`case ${str(s.name)}:`, `if (sub.type !== 1) return RETRY`, `return ${leafFunction(src, command, child.name, s.name, s.level)}(data, sub.options)`)
        l.push(`}`, `return RETRY`)
      }
      l.push(`}`)
    }
    l.push(`}`, `return RETRY`)
  } else if (command.type === 4) {
    l.push(`return { command: ${N} }`)
  } else if (command.type === 2 || command.type === 3) {
    l.push(`const id = data.target_id`, `if (!isId(id)) return RETRY`, `const r = data.resolved`, `const resolved = isRecord(r) ? r : undefined`)
    if (command.type === 2) {
      l.push(`const user = lookup(resolved === undefined ? undefined : resolved.users, id)`, `if (user === undefined) return RETRY`)
      l.push(`return { command: ${N}, target: { user, member: lookup(resolved === undefined ? undefined : resolved.members, id) } }`)
    } else {
      l.push(`const message = lookup(resolved === undefined ? undefined : resolved.messages, id)`, `if (message === undefined) return RETRY`)
      l.push(`return { command: ${N}, target: message }`)
    }
  } else throw new TypeError('unknown command type')
  const name = src.fn()
  src.lines.push(`function ${name}(data) {\n${l.join('\n')}\n}`)
  return name
}

/** The source of the factory for one command: its helpers and values as arguments, the reader as its result. */
function sourceOf(command: CompiledCommand): Source {
  const src = new Source()
  const f = commandFunction(src, command)
  src.lines.push(
    [
      `return function read(interaction) {`,
      `if (!isRecord(interaction) || interaction.type !== ${APPLICATION_COMMAND}) return RETRY`,
      `const data = interaction.data`,
      `if (!isRecord(data)) return RETRY`,
      `if (data.name !== ${str(command.name)} || data.type !== ${num(command.type)}) return RETRY`,
      `return ${f}(data)`,
      `}`,
    ].join('\n'),
  )
  return src
}

/** The helpers every generated reader receives. */
const HELPERS = { RETRY, isRecord, isId, lookup, lengthWithin }

/**
 * Generates the reader of one compiled command, or returns `undefined` when code
 * generation is refused or fails (the interpreter then reads it).
 */
function generateCommand(command: CompiledCommand): Jit | undefined {
  if (!canGenerate()) return undefined
  try {
    const src = sourceOf(command)
    const values = src.values.map((_, i) => `const k${i} = K[${i}]`).join('\n')
    const factory = new Function(...Object.keys(HELPERS), 'K', `'use strict'\n${values}\n${src.lines.join('\n')}`) as (...args: unknown[]) => Jit
    return factory(...Object.values(HELPERS), src.values)
  } catch {
    return undefined
  }
}

/** Each command's generated reader (`null`: none), made on the command's first invocation. */
const readers = new WeakMap<CompiledCommand, Jit | null>()

function readerOf(command: CompiledCommand): Jit | null {
  let reader = readers.get(command)
  if (reader === undefined) readers.set(command, (reader = generateCommand(command) ?? null))
  return reader
}

/**
 * The reader of a set: finds the command by name and type, then runs its reader.
 * Code is generated per command on its first invocation, so a large set costs
 * nothing up front and only the commands in use are ever compiled.
 */
function setReader(set: CompiledSet): Jit {
  return (interaction) => {
    if (!isRecord(interaction) || interaction.type !== APPLICATION_COMMAND) return RETRY
    const data = interaction.data
    if (!isRecord(data)) return RETRY
    const name = data.name
    const list = typeof name === 'string' ? set.byName.get(name) : undefined
    if (list === undefined) return RETRY
    for (const command of list) {
      if (command.type !== data.type) continue
      const reader = readerOf(command)
      return reader === null ? RETRY : reader(interaction)
    }
    return RETRY
  }
}

/**
 * The reader of a compiled definition or set, or `undefined` when code generation
 * is refused or fails (the interpreter then reads it). For a set, each command's
 * code is generated on its first invocation.
 */
export function generate(set: CompiledSet): Jit | undefined {
  if (!canGenerate()) return undefined
  return set.single !== undefined ? (readerOf(set.single) ?? undefined) : setReader(set)
}

/**
 * The generated reader of `set` for command invocations, made on its first use and
 * kept with it; `null` when jitless or when code generation is refused.
 */
export function jitOf(set: CompiledSet): Jit | null {
  if (settings.jitless) return null
  return set.jit !== undefined ? set.jit : (set.jit = generate(set) ?? null)
}
