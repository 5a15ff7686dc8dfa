/**
 * Reading an interaction payload against a compiled definition: the one walk that
 * `parse`, `safeParse` and `parseAutocomplete` share. Every mismatch becomes an
 * issue with a path into the payload; nothing is passed on unchecked.
 */
import { isSnowflake } from '../rules/command.js'
import type { IssueCode, IssueCollector, IssueParams, PathSegment } from '../rules/issues.js'
import { INTEGER_MAX, MAX_LENGTH_MAX, NUMBER_MAX, NUMBER_MIN, OPTIONS_MAX } from '../rules/limits.js'
import { quote } from '../rules/messages.js'
import { lengthWithin } from '../rules/text.js'
import { type CompiledCommand, type CompiledLevel, type CompiledOption, type CompiledSet } from './compile.js'

type Json = Record<string, unknown>

/**
 * Where a walk reports issues. A walk runs twice at most: first with no collector
 * (`undefined`), fast, where the first issue ends it (`RETRY` is thrown); only a
 * payload that does not fit is walked again, with a collector, for every issue and
 * its path. Valid payloads, the usual case, pay for no paths and no messages.
 */
type Sink = IssueCollector | undefined

/** Thrown by the fast walk at its first issue: the caller walks again with a collector. */
export const RETRY: unique symbol = Symbol('retry with a collector')

/** Reports an issue, or ends the fast walk. */
function report(c: Sink, code: IssueCode, key: PathSegment | undefined, params?: IssueParams, ...received: [] | [unknown]): void {
  if (c === undefined) throw RETRY
  c.add(code, key, params, ...received)
}

/** A field that is missing (`field.required`) or not what it must be (`value.type`). */
function need(c: Sink, key: string, v: unknown, expected: string): void {
  if (v === undefined) report(c, 'field.required', key, { expected })
  else report(c, 'value.type', key, { expected }, v)
}

/** The `min` and `limit` params of a range, where the definition sets them. */
const bounds = (min: number | undefined, max: number | undefined): { min?: number; limit?: number } => ({
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { limit: max }),
})

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A snowflake id, as `isSnowflake` says, without its regular expression for the usual lengths (1 to 19 digits). */
export function isId(v: unknown): v is string {
  if (typeof v !== 'string') return false
  const n = v.length
  if (n === 0 || n >= 20) return isSnowflake(v)
  for (let i = 0; i < n; i++) {
    const d = v.charCodeAt(i)
    if (d < 48 || d > 57) return false
  }
  return true
}

/**
 * An object of a `data.resolved` map (`resolved.users`, ...) by id, or `undefined`.
 * Callers name the map (`resolved?.users`): a property read with one key at each
 * place, where `resolved[kind]` was one read seeing every kind (megamorphic).
 */
export function lookup(map: unknown, id: string): Json | undefined {
  if (!isObject(map) || !Object.hasOwn(map, id)) return undefined
  const v = map[id]
  return isObject(v) ? v : undefined
}

const TYPE_NAMES = ['', 'SUB_COMMAND', 'SUB_COMMAND_GROUP', 'STRING', 'INTEGER', 'BOOLEAN', 'USER', 'CHANNEL', 'ROLE', 'MENTIONABLE', 'NUMBER', 'ATTACHMENT']

/** Whether a walk reads a command invocation (type 2) or an autocomplete request (type 4). */
export type Mode = 'invoke' | 'autocomplete'

/** The option being typed in an autocomplete request. */
export interface FocusedOption {
  readonly name: string
  /** The option type (3 STRING, 4 INTEGER, 10 NUMBER). */
  readonly type: number
  /** What the user has typed so far; for INTEGER and NUMBER options too, as a string. */
  readonly value: string
}

const INVALID = Symbol('invalid')

// The checks below keep their messages in `refuse`, out of the hot functions: small
// functions are the ones the engine inlines.

/** Checks a value against its option (spec: "Command option", "Option types", "Option choice"). */
function readValue(c: Sink, def: CompiledOption, v: unknown, resolved: Json | undefined, mode: Mode): unknown {
  switch (def.type) {
    case 3:
      if (typeof v !== 'string') return refuse(c, def, Why.Type, v)
      // lengthWithin counts characters (code points), not UTF-16 units: '🎉🎉' (4 units, 2 characters) is short of a min_length of 3.
      if (def.lengths && !lengthWithin(v, def.minLength ?? 0, def.maxLength ?? MAX_LENGTH_MAX)) return refuse(c, def, Why.Length, v)
      return def.choices === undefined || def.choices.has(v) ? v : refuse(c, def, Why.Choice, v)
    case 4:
    case 10:
      if (typeof v !== 'number' || !Number.isFinite(v)) return refuse(c, def, Why.Type, v)
      if (def.type === 4 ? !Number.isSafeInteger(v) : v < NUMBER_MIN || v > NUMBER_MAX)
        return refuse(c, def, def.type !== 4 ? Why.Number : Number.isInteger(v) ? Why.IntegerRange : Why.Integer, v)
      if ((def.min !== undefined && v < def.min) || (def.max !== undefined && v > def.max)) return refuse(c, def, Why.Range, v)
      return def.choices === undefined || def.choices.has(v) ? v : refuse(c, def, Why.Choice, v)
    case 5:
      return typeof v === 'boolean' ? v : refuse(c, def, Why.Type, v)
    default:
      return readResolved(c, def, v, resolved, mode)
  }
}

/**
 * USER, CHANNEL, ROLE, MENTIONABLE and ATTACHMENT values: ids into `data.resolved`.
 * Autocomplete requests carry no `data.resolved` (public API v10; the spec does not
 * show it), so there an id it does not hold leaves the option absent, as a partial
 * value may be ("Other command rules" 5), instead of refusing the request.
 */
function readResolved(c: Sink, def: CompiledOption, id: unknown, resolved: Json | undefined, mode: Mode): unknown {
  if (!isId(id)) return refuse(c, def, Why.Type, id)
  const strict = mode === 'invoke'
  switch (def.type) {
    case 6: {
      const user = lookup(resolved?.users, id)
      if (user === undefined) return missing(c, 'users', id, strict)
      return { user, member: lookup(resolved?.members, id) }
    }
    case 7: {
      const channel = lookup(resolved?.channels, id)
      if (channel === undefined) return missing(c, 'channels', id, strict)
      if (def.channelTypes !== undefined && !def.channelTypes.has(channel.type)) return refuse(c, def, Why.ChannelType, channel.type)
      return channel
    }
    case 8:
      return lookup(resolved?.roles, id) ?? missing(c, 'roles', id, strict)
    case 9: {
      const user = lookup(resolved?.users, id)
      if (user !== undefined) return { user, member: lookup(resolved?.members, id) }
      const role = lookup(resolved?.roles, id)
      return role !== undefined ? { role } : missing(c, 'users or data.resolved.roles', id, strict)
    }
    default:
      return lookup(resolved?.attachments, id) ?? missing(c, 'attachments', id, strict)
  }
}

/** Why a value does not fit its option. */
const enum Why {
  Type,
  Integer,
  IntegerRange,
  Number,
  Range,
  Length,
  Choice,
  ChannelType,
}

/** Reports why `v`, the value of option `def`, does not fit it. */
function refuse(c: Sink, def: CompiledOption, why: Why, v: unknown): typeof INVALID {
  if (c === undefined) throw RETRY
  const name = def.name
  const type = TYPE_NAMES[def.type] as string
  switch (why) {
    case Why.Type: {
      const expected = def.type === 3 ? 'a string' : def.type === 4 || def.type === 10 ? 'a number' : def.type === 5 ? 'a boolean' : 'a snowflake id'
      c.add('value.type', 'value', { expected, name, on: type }, v)
      break
    }
    case Why.Integer:
      c.add('number.integer', 'value', { name, on: type }, v)
      break
    case Why.IntegerRange:
      c.add('number.range', 'value', { min: -INTEGER_MAX, limit: INTEGER_MAX, name, on: type }, v)
      break
    case Why.Number:
      c.add('number.range', 'value', { min: NUMBER_MIN, limit: NUMBER_MAX, name, on: type }, v)
      break
    case Why.Range:
      c.add('interaction.range', 'value', { ...bounds(def.min, def.max), name }, v)
      break
    case Why.Length:
      c.add('interaction.range', 'value', { min: def.minLength ?? 0, limit: def.maxLength ?? MAX_LENGTH_MAX, expected: 'characters long', name }, v)
      break
    case Why.Choice:
      c.add('interaction.choice', 'value', { name, expected: [...(def.choices ?? [])].map((x) => JSON.stringify(x)).join(', ') }, v)
      break
    case Why.ChannelType:
      c.add('interaction.channel_type', 'value', { detail: String(v), name, expected: [...(def.channelTypes ?? [])].join(', ') })
      break
  }
  return INVALID
}

/** An id that `data.resolved` does not hold: an issue when `strict` (a command invocation). */
function missing(c: Sink, kind: string, id: string, strict: boolean): typeof INVALID {
  if (!strict) return INVALID
  report(c, 'interaction.resolved', 'value', { detail: id, on: kind })
  return INVALID
}

/**
 * Reads one options list into an object keyed by the definition's option names
 * (every name present; an absent option is `undefined`). In autocomplete mode,
 * `focus` receives the focused option and required options may be absent (spec:
 * "Other command rules" 5).
 */
function readLeaves(
  c: Sink,
  level: CompiledLevel,
  options: unknown,
  resolved: Json | undefined,
  mode: Mode,
  focus: { value?: FocusedOption } | undefined,
): Json {
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
    if (!isObject(o)) {
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
      report(c, 'interaction.option', 'type', { expected: `${def.type} (${TYPE_NAMES[def.type]})`, name: def.name }, o.type)
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
      for (const name of level.required)
        if (((level.byName.get(name) as CompiledOption).bit & seen) === 0) report(c, 'interaction.required', undefined, { name })
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
  if (typeof v === 'string' && (def.type === 3 || def.type === 4 || def.type === 10)) focus.value = { name: def.name, type: def.type, value: v }
  else if (typeof v === 'number' && def.type !== 3) focus.value = { name: def.name, type: def.type, value: String(v) }
  else report(c, 'value.type', 'value', { expected: 'the text typed so far', name: def.name, on: TYPE_NAMES[def.type] as string }, v)
}

/** The result of one walk. */
export type Walked = Json | undefined

/** Finds the command `data` names in the compiled set. */
function findCommand(c: Sink, set: CompiledSet, data: Json): CompiledCommand | undefined {
  const { name, type } = data
  if (typeof name !== 'string') {
    need(c, 'name', name, 'the command name')
    return undefined
  }
  if (typeof type !== 'number') {
    need(c, 'type', type, 'the command type (1 to 4)')
    return undefined
  }
  const single = set.single
  if (single !== undefined && single.name === name && single.type === type) return single
  const named = set.byName.get(name)
  if (named !== undefined) for (const k of named) if (k.type === type) return k
  // A known name with another type: the type is what does not fit.
  const types = (named ?? []).map((k) => k.type)
  if (types.length > 0) report(c, 'interaction.command', 'type', { expected: types.join(' or '), name }, type)
  else {
    const known = [...set.byKey.values()].map((k) => `${quote(k.name)} (${k.type})`)
    report(c, 'interaction.command', 'name', {
      name,
      kind: String(type),
      on: single ? 'this definition is not' : 'this set does not hold',
      expected: `${known.slice(0, 10).join(', ')}${known.length > 10 ? ', ...' : ''}`,
    })
  }
  return undefined
}

/**
 * Walks a payload against a compiled set. Returns the typed value (its shape per
 * DESIGN.md "Contract"), or `undefined` after adding issues to `c`. Without a
 * collector, throws `RETRY` at the first issue instead.
 */
export function walk(c: Sink, set: CompiledSet, interaction: unknown, mode: Mode): Walked {
  if (!isObject(interaction)) {
    report(c, 'value.type', undefined, { expected: 'an interaction object' }, interaction)
    return undefined
  }
  const expected = mode === 'invoke' ? 2 : 4
  if (interaction.type !== expected) {
    report(c, 'interaction.type', 'type', {
      expected: mode === 'invoke' ? '2 (a command invocation); use parseAutocomplete for 4' : '4 (an autocomplete request); use parse for 2',
    }, interaction.type)
    return undefined
  }
  const data = interaction.data
  if (!isObject(data)) {
    need(c, 'data', data, 'the interaction data object')
    return undefined
  }
  c?.path.push('data')
  const command = findCommand(c, set, data)
  let out: Walked
  if (command !== undefined) {
    if (command.type === 1) out = readChatInput(c, command, data, mode)
    else if (mode === 'autocomplete') report(c, 'interaction.command', 'type', { expected: '1: only CHAT_INPUT commands autocomplete' }, data.type)
    else if (command.type === 4) out = { command: command.name }
    else out = readTarget(c, command, data)
  }
  if (c === undefined) return out
  c.path.pop()
  return c.issues.length === 0 ? out : undefined
}

/** USER and MESSAGE commands: the target from `data.target_id` and `data.resolved`. */
function readTarget(c: Sink, command: CompiledCommand, data: Json): Walked {
  const id = data.target_id
  if (!isId(id)) {
    need(c, 'target_id', id, 'the snowflake id of the target')
    return undefined
  }
  const r = data.resolved
  const resolved = isObject(r) ? r : undefined
  if (command.type === 2) {
    const user = lookup(resolved?.users, id)
    if (user === undefined) {
      report(c, 'interaction.resolved', 'target_id', { detail: id, on: 'users' })
      return undefined
    }
    return { command: command.name, target: { user, member: lookup(resolved?.members, id) } }
  }
  const message = lookup(resolved?.messages, id)
  if (message === undefined) {
    report(c, 'interaction.resolved', 'target_id', { detail: id, on: 'messages' })
    return undefined
  }
  return { command: command.name, target: message }
}

/** CHAT_INPUT: the subcommand path, then the options at its end. */
function readChatInput(c: Sink, command: CompiledCommand, data: Json, mode: Mode): Walked {
  const focus: { value?: FocusedOption } | undefined = mode === 'autocomplete' ? {} : undefined
  let group: string | undefined
  let subcommand: string | undefined
  let level = command.level
  let options: unknown = data.options
  let depth = 0
  if (command.children !== undefined) {
    const sub = readChild(c, options, command.children, undefined)
    if (sub === undefined) return undefined
    c?.path.push('options', 0)
    depth = 2
    options = sub.entry.options
    if (sub.child.kind === 2) {
      group = sub.child.name
      const inner = readChild(c, options, sub.child.subcommands, group)
      if (inner === undefined) {
        leave(c, depth)
        return undefined
      }
      c?.path.push('options', 0)
      depth = 4
      options = inner.entry.options
      subcommand = inner.child.name
      level = inner.child.level
    } else {
      subcommand = sub.child.name
      level = sub.child.level
    }
  }
  const resolved = data.resolved
  const values = readLeaves(c, level, options, isObject(resolved) ? resolved : undefined, mode, focus)
  leave(c, depth)
  if (focus !== undefined) return { command: command.name, group, subcommand, focused: focus.value, options: values }
  return { command: command.name, group, subcommand, options: values }
}

/** Pops `n` keys off the collector's path. */
function leave(c: Sink, n: number): void {
  if (c !== undefined) for (let i = 0; i < n; i++) c.path.pop()
}

/** What `readChild` looks for, for messages: in a group or at the top. */
const childWhat = (group: string | undefined): string => (group === undefined ? 'a subcommand or group' : `a subcommand of group ${quote(group)}`)
const childNames = (children: ReadonlyMap<string, unknown>): string => [...children.keys()].join(', ')

/** The single subcommand (or group) entry of an options list; `group` names the group it is in, if any. */
function readChild<T extends { readonly kind: 1 | 2; readonly name: string }>(
  c: Sink,
  options: unknown,
  children: ReadonlyMap<string, T>,
  group: string | undefined,
): { child: T; entry: Json } | undefined {
  if (!Array.isArray(options) || options.length === 0) {
    report(c, 'interaction.subcommand', 'options', { kind: 'hold', expected: childWhat(group), other: childNames(children) }, options)
    return undefined
  }
  c?.path.push('options')
  let found: { child: T; entry: Json } | undefined
  if (options.length > 1) report(c, 'interaction.subcommand', undefined, { expected: childWhat(group), count: options.length })
  const entry: unknown = options[0]
  if (!isObject(entry)) report(c, 'value.type', 0, { expected: childWhat(group) }, entry)
  else {
    const child = typeof entry.name === 'string' ? children.get(entry.name) : undefined
    c?.path.push(0)
    if (child === undefined) report(c, 'interaction.subcommand', 'name', { kind: 'name', expected: childWhat(group), other: childNames(children) }, entry.name)
    else if (entry.type !== child.kind)
      report(c, 'interaction.option', 'type', { expected: `${child.kind} (${TYPE_NAMES[child.kind]})`, name: child.name }, entry.type)
    else found = { child, entry }
    c?.path.pop()
  }
  c?.path.pop()
  return c === undefined || c.issues.length === 0 ? found : undefined
}
