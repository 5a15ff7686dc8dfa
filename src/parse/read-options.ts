/**
 * One options list of a payload against its compiled level: each option found by
 * name, checked for its type and repeats, its value read (read-value.ts); then the
 * required ones, or in an autocomplete request the focused one.
 */
import { OPTIONS_MAX } from '../rules/limits.js'
import type { CompiledLevel, CompiledOption } from './compile.js'
import { INVALID, readValue, typeName, type Mode } from './read-value.js'
import { isRecord, type Json } from '../rules/json.js'
import { report, type Sink } from './sink.js'

/** The option being typed in an autocomplete request. */
export interface FocusedOption {
  readonly name: string
  /** The option type (3 STRING, 4 INTEGER, 10 NUMBER). */
  readonly type: number
  /** What the user has typed so far; for INTEGER and NUMBER options too, as a string. */
  readonly value: string
}

/**
 * Reads one options list into an object keyed by the definition's option names
 * (every name present; an absent option is `undefined`). In autocomplete mode,
 * `focus` receives the focused option and required options may be absent (spec:
 * "Other command rules" 5).
 */
export function readLeaves(c: Sink, level: CompiledLevel, options: unknown, resolved: Json | undefined, mode: Mode, focus: { value?: FocusedOption } | undefined): Json {
  if (options === undefined) options = []
  // A refused list returns an empty object: the walk drops what it read once an issue is reported.
  if (!Array.isArray(options)) {
    report(c, 'value.type', 'options', { expected: 'an array of options' }, options)
    return {}
  }
  // "Limits": at most 25 options. A longer list is refused whatever it holds, and
  // not read (src/rules/bounds.ts); its length is read once, as a proxy may answer
  // differently each time.
  const n = options.length
  if (n > OPTIONS_MAX) {
    report(c, 'options.too_many', 'options', { count: n, expected: 'options', limit: OPTIONS_MAX })
    return {}
  }
  // A copy of the template: every name an own data property (`__proto__` too), so
  // the assignments below write own properties and never reach a setter.
  const out: Json = { ...level.template }
  c?.path.push('options')
  const defs = level.options
  let seen = 0
  for (let i = 0; i < n; i++) {
    const o: unknown = options[i]
    if (!isRecord(o)) {
      report(c, 'value.type', i, { expected: 'an option object' }, o)
      continue
    }
    const name = o.name
    // Options usually arrive in the order of the definition: try that position first.
    let def = i < defs.length ? defs[i] : undefined
    if (def === undefined || def.name !== name) def = typeof name === 'string' ? level.byName.get(name) : undefined
    c?.path.push(i)
    if (def === undefined) {
      const known = level.names.length === 0 ? 'none are defined here' : `expected one of: ${level.names.join(', ')}`
      report(c, 'interaction.option', 'name', { expected: known }, name)
    } else if (o.type !== def.type) {
      report(c, 'interaction.option', 'type', { expected: `${def.type} (${typeName(def.type)})`, name: def.name }, o.type)
    } else if ((seen & def.bit) !== 0) {
      report(c, 'interaction.duplicate', 'name', { name: def.name })
    } else {
      seen |= def.bit
      if (focus !== undefined && o.focused === true) readFocused(c, def, o.value, focus)
      else {
        const value = readValue(c, def, o.value, resolved, mode)
        if (value !== INVALID) out[def.name] = value
      }
    }
    c?.path.pop()
  }
  if (focus === undefined) {
    if ((seen & level.requiredBits) !== level.requiredBits)
      for (const name of level.required) if (((level.byName.get(name) as CompiledOption).bit & seen) === 0) report(c, 'interaction.required', undefined, { name })
  } else if (focus.value === undefined) {
    report(c, 'interaction.focused', undefined)
  }
  c?.path.pop()
  return out
}

/** The focused option of an autocomplete request (spec: "Other command rules" 5). */
function readFocused(c: Sink, def: CompiledOption, v: unknown, focus: { value?: FocusedOption }): void {
  if (focus.value !== undefined) {
    report(c, 'interaction.focused', 'focused', { name: def.name, other: focus.value.name })
    return
  }
  if (!def.autocomplete) {
    report(c, 'interaction.focused', 'focused', { name: def.name })
    return
  }
  // Partial input: strings as typed; numbers arrive as numbers or as the typed text.
  if (typeof v === 'string' && (def.value === 'string' || def.value === 'integer' || def.value === 'number')) focus.value = { name: def.name, type: def.type, value: v }
  else if (typeof v === 'number' && def.value !== 'string') focus.value = { name: def.name, type: def.type, value: String(v) }
  else report(c, 'value.type', 'value', { expected: 'the text typed so far', name: def.name, on: typeName(def.type) }, v)
}
