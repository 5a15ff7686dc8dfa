/**
 * Reading an interaction payload against a compiled definition: the one walk that
 * `parse`, `safeParse` and `parseAutocomplete` share. Every mismatch becomes an
 * issue with a path into the payload; nothing is passed on unchecked.
 */
import { isSnowflake } from '../rules/command.js'
import type { IssueCollector } from '../rules/issues.js'
import { lengthWithin } from '../rules/text.js'
import { keyOf, type CompiledCommand, type CompiledLevel, type CompiledOption, type CompiledSet } from './compile.js'

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Sets an own property, also for the key `__proto__` (which a valid option name can be). */
function put(target: Json, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/** An object from `resolved` (`users`, `members`, ...) by id, or `undefined`. */
function lookup(resolved: unknown, kind: string, id: string): Json | undefined {
  if (!isObject(resolved)) return undefined
  const map = resolved[kind]
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

/** Checks a value against its option (spec: "Command option", "Option types", "Option choice"). */
function readValue(c: IssueCollector, def: CompiledOption, v: unknown, resolved: unknown): unknown {
  switch (def.type) {
    case 3: {
      if (typeof v !== 'string') return bad(c, 'value.type', `must be a string, as option '${def.name}' is STRING`, v)
      if ((def.minLength !== undefined || def.maxLength !== undefined) && !lengthWithin(v, def.minLength ?? 0, def.maxLength ?? 6000))
        return bad(c, 'interaction.range', `must be ${def.minLength ?? 0} to ${def.maxLength ?? 6000} characters long, as option '${def.name}' is defined`, v)
      return inChoices(c, def, v)
    }
    case 4:
    case 10: {
      if (typeof v !== 'number' || !Number.isFinite(v)) return bad(c, 'value.type', `must be a number, as option '${def.name}' is ${TYPE_NAMES[def.type]}`, v)
      if (def.type === 4 && !Number.isSafeInteger(v)) return bad(c, 'number.integer', `must be a whole number, as option '${def.name}' is INTEGER`, v)
      if ((def.min !== undefined && v < def.min) || (def.max !== undefined && v > def.max))
        return bad(c, 'interaction.range', `must be from ${def.min ?? '-infinity'} to ${def.max ?? 'infinity'}, as option '${def.name}' is defined`, v)
      return inChoices(c, def, v)
    }
    case 5:
      return typeof v === 'boolean' ? v : bad(c, 'value.type', `must be a boolean, as option '${def.name}' is BOOLEAN`, v)
    default:
      return readResolved(c, def, v, resolved)
  }
}

function inChoices(c: IssueCollector, def: CompiledOption, v: string | number): unknown {
  if (def.choices === undefined || def.choices.has(v)) return v
  return bad(c, 'interaction.choice', `must be one of the choices of option '${def.name}': ${[...def.choices].map((x) => JSON.stringify(x)).join(', ')}`, v)
}

/** USER, CHANNEL, ROLE, MENTIONABLE and ATTACHMENT values: ids into `data.resolved`. */
function readResolved(c: IssueCollector, def: CompiledOption, id: unknown, resolved: unknown): unknown {
  if (!isSnowflake(id)) return bad(c, 'value.type', `must be a snowflake id, as option '${def.name}' is ${TYPE_NAMES[def.type]}`, id)
  switch (def.type) {
    case 6: {
      const user = lookup(resolved, 'users', id)
      if (user === undefined) return missing(c, 'users', id)
      return { user, member: lookup(resolved, 'members', id) }
    }
    case 7: {
      const channel = lookup(resolved, 'channels', id)
      if (channel === undefined) return missing(c, 'channels', id)
      if (def.channelTypes !== undefined && !def.channelTypes.has(channel.type))
        return bad(c, 'interaction.channel_type', `is a channel of type ${String(channel.type)}, which option '${def.name}' does not allow (${[...def.channelTypes].join(', ')})`)
      return channel
    }
    case 8:
      return lookup(resolved, 'roles', id) ?? missing(c, 'roles', id)
    case 9: {
      const user = lookup(resolved, 'users', id)
      if (user !== undefined) return { user, member: lookup(resolved, 'members', id) }
      const role = lookup(resolved, 'roles', id)
      return role !== undefined ? { role } : missing(c, 'users or data.resolved.roles', id)
    }
    default:
      return lookup(resolved, 'attachments', id) ?? missing(c, 'attachments', id)
  }
}

function bad(c: IssueCollector, code: Parameters<IssueCollector['add']>[0], text: string, ...was: [] | [unknown]): typeof INVALID {
  c.add(code, 'value', text, ...was)
  return INVALID
}

function missing(c: IssueCollector, kind: string, id: string): typeof INVALID {
  c.add('interaction.resolved', 'value', `is ${id}, which data.resolved.${kind} does not hold`)
  return INVALID
}

/**
 * Reads one options list into an object keyed by the definition's option names
 * (every name present; an absent option is `undefined`). In autocomplete mode,
 * `focus` receives the focused option and required options may be absent (spec:
 * "Other command rules" 5).
 */
function readLeaves(
  c: IssueCollector,
  level: CompiledLevel,
  options: unknown,
  resolved: unknown,
  mode: Mode,
  focus: { value?: FocusedOption },
): Json {
  const out: Json = {}
  for (const name of level.names) put(out, name, undefined)
  if (options === undefined) options = []
  if (!Array.isArray(options)) {
    c.add('value.type', 'options', 'must be an array of options', options)
    return out
  }
  c.path.push('options')
  const seen = new Set<string>()
  for (let i = 0; i < options.length; i++) {
    const o: unknown = options[i]
    if (!isObject(o)) {
      c.add('value.type', i, 'must be an option object', o)
      continue
    }
    c.path.push(i)
    const name = o.name
    const def = typeof name === 'string' ? level.byName.get(name) : undefined
    if (def === undefined) {
      const known = level.names.length === 0 ? 'none are defined here' : `expected one of: ${level.names.join(', ')}`
      c.add('interaction.option', 'name', `is not an option of this command (${known})`, name)
    } else if (o.type !== def.type) {
      c.add('interaction.option', 'type', `must be ${def.type} (${TYPE_NAMES[def.type]}), the type of option '${def.name}'`, o.type)
    } else if (seen.has(def.name)) {
      c.add('interaction.duplicate', 'name', `repeats option '${def.name}'; each option appears once`)
    } else {
      seen.add(def.name)
      if (mode === 'autocomplete' && o.focused === true) readFocused(c, def, o.value, focus)
      else {
        const value = readValue(c, def, o.value, resolved)
        if (value !== INVALID) put(out, def.name, value)
      }
    }
    c.path.pop()
  }
  if (mode === 'invoke') {
    for (const name of level.required)
      if (!seen.has(name)) c.add('interaction.required', undefined, `lacks required option '${name}'`)
  } else if (focus.value === undefined) {
    c.add('interaction.focused', undefined, 'has no focused option; an autocomplete request marks the option being typed with focused: true')
  }
  c.path.pop()
  return out
}

/** The focused option of an autocomplete request (spec: "Other command rules" 5). */
function readFocused(c: IssueCollector, def: CompiledOption, v: unknown, focus: { value?: FocusedOption }): void {
  if (focus.value !== undefined) {
    c.add('interaction.focused', 'focused', `is set on a second option; only '${focus.value.name}' may be focused`)
    return
  }
  if (!def.autocomplete) {
    c.add('interaction.focused', 'focused', `is set on option '${def.name}', which does not use autocomplete`)
    return
  }
  // Partial input: strings as typed; numbers arrive as numbers or as the typed text.
  if (typeof v === 'string' && (def.type === 3 || def.type === 4 || def.type === 10)) focus.value = { name: def.name, type: def.type, value: v }
  else if (typeof v === 'number' && def.type !== 3) focus.value = { name: def.name, type: def.type, value: String(v) }
  else c.add('value.type', 'value', `must be the text typed so far, as option '${def.name}' is ${TYPE_NAMES[def.type]}`, v)
}

/** The result of one walk. */
export type Walked = Json | undefined

/** Finds the command `data` names in the compiled set. */
function findCommand(c: IssueCollector, set: CompiledSet, data: Json): CompiledCommand | undefined {
  const { name, type } = data
  if (typeof name !== 'string') {
    c.add(name === undefined ? 'field.required' : 'value.type', 'name', 'must be the command name', name)
    return undefined
  }
  if (typeof type !== 'number') {
    c.add(type === undefined ? 'field.required' : 'value.type', 'type', 'must be the command type (1 to 4)', type)
    return undefined
  }
  const command = set.byKey.get(keyOf(type, name))
  if (command === undefined) {
    const known = [...set.byKey.values()].map((k) => `'${k.name}' (${k.type})`)
    c.add(
      'interaction.command',
      'name',
      `names command '${name}' of type ${type}, which ${set.single ? 'this definition is not' : 'this set does not hold'} (expected ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', ...' : ''})`,
    )
  }
  return command
}

/**
 * Walks a payload against a compiled set. Returns the typed value (its shape per
 * DESIGN.md "Contract"), or `undefined` after adding issues to `c`.
 */
export function walk(c: IssueCollector, set: CompiledSet, interaction: unknown, mode: Mode): Walked {
  if (!isObject(interaction)) {
    c.add('value.type', undefined, 'must be an interaction object', interaction)
    return undefined
  }
  const expected = mode === 'invoke' ? 2 : 4
  if (interaction.type !== expected) {
    c.add(
      'interaction.type',
      'type',
      mode === 'invoke'
        ? 'must be 2 (a command invocation); use parseAutocomplete for 4'
        : 'must be 4 (an autocomplete request); use parse for 2',
      interaction.type,
    )
    return undefined
  }
  const data = interaction.data
  if (!isObject(data)) {
    c.add(data === undefined ? 'field.required' : 'value.type', 'data', 'must be the interaction data object', data)
    return undefined
  }
  c.path.push('data')
  const command = findCommand(c, set, data)
  let out: Walked
  if (command !== undefined) {
    if (command.type === 1) out = readChatInput(c, command, data, mode)
    else if (mode === 'autocomplete') c.add('interaction.command', 'type', 'must be 1: only CHAT_INPUT commands autocomplete', data.type)
    else if (command.type === 4) out = { command: command.name }
    else out = readTarget(c, command, data)
  }
  c.path.pop()
  return c.issues.length === 0 ? out : undefined
}

/** USER and MESSAGE commands: the target from `data.target_id` and `data.resolved`. */
function readTarget(c: IssueCollector, command: CompiledCommand, data: Json): Walked {
  const id = data.target_id
  if (!isSnowflake(id)) {
    c.add(id === undefined ? 'field.required' : 'value.type', 'target_id', 'must be the snowflake id of the target', id)
    return undefined
  }
  if (command.type === 2) {
    const user = lookup(data.resolved, 'users', id)
    if (user === undefined) {
      c.add('interaction.resolved', 'target_id', `is ${id}, which data.resolved.users does not hold`)
      return undefined
    }
    return { command: command.name, target: { user, member: lookup(data.resolved, 'members', id) } }
  }
  const message = lookup(data.resolved, 'messages', id)
  if (message === undefined) {
    c.add('interaction.resolved', 'target_id', `is ${id}, which data.resolved.messages does not hold`)
    return undefined
  }
  return { command: command.name, target: message }
}

/** CHAT_INPUT: the subcommand path, then the options at its end. */
function readChatInput(c: IssueCollector, command: CompiledCommand, data: Json, mode: Mode): Walked {
  const focus: { value?: FocusedOption } = {}
  let group: string | undefined
  let subcommand: string | undefined
  let level = command.level
  let options: unknown = data.options
  let depth = 0
  if (command.children !== undefined) {
    const sub = readChild(c, options, command.children, 'a subcommand or group')
    if (sub === undefined) return undefined
    c.path.push('options', 0)
    depth += 2
    options = sub.entry.options
    if (sub.child.kind === 2) {
      group = sub.child.name
      const inner = readChild(c, options, sub.child.subcommands, `a subcommand of group '${group}'`)
      if (inner === undefined) {
        c.path.length -= depth
        return undefined
      }
      c.path.push('options', 0)
      depth += 2
      options = inner.entry.options
      subcommand = inner.child.name
      level = inner.child.level
    } else {
      subcommand = sub.child.name
      level = sub.child.level
    }
  }
  const values = readLeaves(c, level, options, data.resolved, mode, focus)
  c.path.length -= depth
  if (mode === 'autocomplete') return { command: command.name, group, subcommand, focused: focus.value, options: values }
  return { command: command.name, group, subcommand, options: values }
}

/** The single subcommand (or group) entry of an options list. */
function readChild<T extends { readonly kind: 1 | 2; readonly name: string }>(
  c: IssueCollector,
  options: unknown,
  children: ReadonlyMap<string, T>,
  what: string,
): { child: T; entry: Json } | undefined {
  const names = [...children.keys()].join(', ')
  if (!Array.isArray(options) || options.length === 0) {
    c.add('interaction.subcommand', 'options', `must hold ${what} (one of: ${names})`, options)
    return undefined
  }
  c.path.push('options')
  let found: { child: T; entry: Json } | undefined
  if (options.length > 1) c.add('interaction.subcommand', undefined, `must hold exactly one entry, ${what} (was ${options.length})`)
  const entry: unknown = options[0]
  if (!isObject(entry)) c.add('value.type', 0, `must be ${what}`, entry)
  else {
    const child = typeof entry.name === 'string' ? children.get(entry.name) : undefined
    c.path.push(0)
    if (child === undefined) c.add('interaction.subcommand', 'name', `must name ${what} (one of: ${names})`, entry.name)
    else if (entry.type !== child.kind)
      c.add('interaction.option', 'type', `must be ${child.kind} (${TYPE_NAMES[child.kind]}), the type of '${child.name}'`, entry.type)
    else found = { child, entry }
    c.path.pop()
  }
  c.path.pop()
  return c.issues.length === 0 ? found : undefined
}
