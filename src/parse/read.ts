/**
 * Reading an interaction payload against a compiled definition: the one walk that
 * `parse`, `safeParse` and `parseAutocomplete` share. Every mismatch becomes an
 * issue with a path into the payload; nothing is passed on unchecked. The command
 * and its subcommand path are read here; options lists in read-options.ts, values
 * in read-value.ts.
 */
import type { CompiledCommand, CompiledSet } from './compile.js'
import { readLeaves, type FocusedOption } from './read-options.js'
import { typeName, type Mode } from './read-value.js'
import { quote } from '../rules/messages.js'
import { isRecord, type Json } from '../rules/json.js'
import { isId, lookup, need, report, type Sink } from './sink.js'

export { RETRY } from './sink.js'
export type { FocusedOption } from './read-options.js'
export type { Mode } from './read-value.js'

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
 * README.md), or `undefined` after adding issues to `c`. Without a
 * collector, throws `RETRY` at the first issue instead.
 */
export function walk(c: Sink, set: CompiledSet, interaction: unknown, mode: Mode): Walked {
  if (!isRecord(interaction)) {
    report(c, 'value.type', undefined, { expected: 'an interaction object' }, interaction)
    return undefined
  }
  const expected = mode === 'invoke' ? 2 : 4
  if (interaction.type !== expected) {
    report(
      c,
      'interaction.type',
      'type',
      {
        expected: mode === 'invoke' ? '2 (a command invocation); use parseAutocomplete for 4' : '4 (an autocomplete request); use parse for 2',
      },
      interaction.type,
    )
    return undefined
  }
  const data = interaction.data
  if (!isRecord(data)) {
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
  const resolved = isRecord(r) ? r : undefined
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
  const values = readLeaves(c, level, options, isRecord(resolved) ? resolved : undefined, mode, focus)
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
  if (!isRecord(entry)) report(c, 'value.type', 0, { expected: childWhat(group) }, entry)
  else {
    const child = typeof entry.name === 'string' ? children.get(entry.name) : undefined
    c?.path.push(0)
    if (child === undefined) report(c, 'interaction.subcommand', 'name', { kind: 'name', expected: childWhat(group), other: childNames(children) }, entry.name)
    else if (entry.type !== child.kind) report(c, 'interaction.option', 'type', { expected: `${child.kind} (${typeName(child.kind)})`, name: child.name }, entry.type)
    else found = { child, entry }
    c?.path.pop()
  }
  c?.path.pop()
  return c === undefined || c.issues.length === 0 ? found : undefined
}
