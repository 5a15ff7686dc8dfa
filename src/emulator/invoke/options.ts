/**
 * What the chat client does between the typed line and the interaction: it
 * resolves the group, subcommand and option names through their localizations for
 * the user's locale, checks each value as the picker does (required, choices,
 * bounds, lengths, channel types; spec "Command option", "Option types", "Option
 * choice", "Other command rules" 5 and 6), and writes `data.options` with the
 * default names ("Data names and command names in the interaction always use the
 * default (unlocalized) names") and `data.resolved` from what the test declared.
 */
import {
  localizedText,
  optionKind,
  OptionType,
  ResolvedEntityKey,
  type ApplicationCommand,
  type ChoiceJSON,
  type InteractionOption,
  type OptionJSON,
  type Resolved,
} from '../../internal.js'
import type { TypedCommand } from './line.js'
import { findDeclared, HOW_NAMED, memberBits, putDeclared, type Index } from './world.js'

/** Why the client refuses a line, as a stable code. */
export type OptionRefusalCode =
  | 'command.subcommand_required'
  | 'command.unknown_subcommand'
  | 'command.extra_words'
  | 'option.unknown'
  | 'option.duplicate'
  | 'option.required'
  | 'option.type'
  | 'option.choice'
  | 'option.range'
  | 'option.length'
  | 'option.channel_type'
  | 'option.unresolved'
  | 'option.focused'

/** A refusal: the code, where (default names), and a sentence. */
export interface Refusal<C extends string = string> {
  readonly code: C
  readonly path: readonly (string | number)[]
  readonly message: string
}

/** The options part of an interaction. */
export interface BuiltOptions {
  readonly options: InteractionOption[]
  readonly resolved: Resolved
  /** The option names on the path (default names), for messages. */
  readonly path: readonly string[]
  /** USER and MESSAGE commands: `data.target_id` (targets.ts). */
  readonly targetId?: string
}

/** A subcommand (1) or a group (2): an option that holds options ("Option types"). */
type Branch = typeof OptionType.Subcommand | typeof OptionType.SubcommandGroup
const isBranch = (o: OptionJSON | undefined): o is Extract<OptionJSON, { type: Branch }> => o?.type === OptionType.Subcommand || o?.type === OptionType.SubcommandGroup

const MAX_INT = Number.MAX_SAFE_INTEGER
/** "Option types": NUMBER is any double from -2^53 to 2^53. */
const MAX_NUMBER = 2 ** 53

/** "Other command rules" 1: a group with no subcommands does not show in the command explorer. */
export const isShown = (o: OptionJSON): boolean => o.type !== OptionType.SubcommandGroup || (o.options ?? []).length > 0

const refuse = (code: OptionRefusalCode, path: readonly (string | number)[], message: string): Refusal<OptionRefusalCode> => ({ code, path, message })

const shown = (o: { name: string; name_localizations?: ApplicationCommand['name_localizations'] }, locale: string): string => localizedText(o.name, o.name_localizations, locale)

/**
 * Resolves the path and options of `typed` (the words after the command name)
 * against `command`, for a user of `locale`. `focused`: the typed name of the
 * option being typed, for an autocomplete request (type 4): then required options
 * may be missing and the focused value is sent as typed ("Other command rules" 5).
 */
export function buildOptions(
  command: ApplicationCommand,
  typed: TypedCommand,
  locale: string,
  index: Index,
  guildId: string | undefined,
  focused: string | undefined,
): BuiltOptions | Refusal<OptionRefusalCode> {
  let level: readonly OptionJSON[] = command.options ?? []
  const words = typed.path.slice(1)
  const path: string[] = []
  const wrap: { type: Branch; name: string }[] = []
  // "Other command rules" 1: a command with subcommands or groups is not invoked as a base command.
  while (level.length > 0 && isBranch(level[0])) {
    const word = words.shift()
    // "Other command rules" 1: a group with no subcommands does not show; it cannot be typed either.
    const offered = level.filter(isShown)
    const names = offered.map((o) => shown(o, locale))
    if (word === undefined)
      return refuse('command.subcommand_required', ['options'], `/${[typed.path[0], ...path].join(' ')} needs one of: ${names.join(', ') || '(none is shown)'}`)
    const at = names.indexOf(word)
    const found = at < 0 ? undefined : offered[at]
    if (found === undefined || !isBranch(found))
      return refuse('command.unknown_subcommand', ['options', word], `'${word}' is not a subcommand of /${[typed.path[0], ...path].join(' ')} (it has ${names.join(', ')})`)
    path.push(found.name)
    wrap.push({ type: found.type, name: found.name })
    level = (found.options ?? []) as readonly OptionJSON[]
  }
  if (words.length > 0)
    return refuse('command.extra_words', ['options'], `'${words.join(' ')}' follows /${[typed.path[0], ...path].join(' ')}, which takes no subcommand; give options as name:value`)

  const resolved: Resolved = {}
  const values = new Map<string, InteractionOption>()
  const inGuild = guildId !== undefined
  let focusedFound = focused === undefined
  for (const t of typed.options) {
    const def = level.find((o) => shown(o, locale) === t.name)
    if (def === undefined || isBranch(def)) {
      const names = level.map((o) => shown(o, locale))
      return refuse(
        'option.unknown',
        ['options', t.name],
        `'${t.name}' is not an option of /${[typed.path[0], ...path].join(' ')}${names.length > 0 ? ` (it has ${names.join(', ')})` : ' (it takes none)'}`,
      )
    }
    const where = ['options', ...path, def.name]
    if (values.has(def.name)) return refuse('option.duplicate', where, `'${t.name}' is given twice`)
    if (t.name === focused) {
      // "Other command rules" 5: partial strings may arrive, invalid numbers may not.
      if (!('autocomplete' in def) || def.autocomplete !== true) return refuse('option.focused', where, `'${t.name}' has no autocomplete`)
      const text = String(t.value)
      if ((def.type === OptionType.Integer || def.type === OptionType.Number) && text.trim() !== '' && !Number.isFinite(Number(text)))
        return refuse('option.type', where, `'${t.name}' must be a number (was ${JSON.stringify(text)})`)
      values.set(def.name, { type: def.type, name: def.name, value: text, focused: true })
      focusedFound = true
      continue
    }
    const value = checkValue(def, t.value, where, t.name, locale, index, resolved, inGuild)
    if (typeof value === 'object') return value
    values.set(def.name, { type: def.type, name: def.name, value })
  }
  if (!focusedFound) {
    const def = level.find((o) => shown(o, locale) === focused)
    if (def === undefined || !('autocomplete' in def) || def.autocomplete !== true)
      return refuse('option.focused', ['options', ...path, focused as string], `'${focused}' is not an autocomplete option of /${[typed.path[0], ...path].join(' ')}`)
    values.set(def.name, { type: def.type, name: def.name, value: '', focused: true })
  }
  if (focused === undefined)
    for (const o of level)
      if ('required' in o && o.required === true && !values.has(o.name)) return refuse('option.required', ['options', ...path, o.name], `'${shown(o, locale)}' is required`)

  let options: InteractionOption[] = [...values.values()]
  for (let i = wrap.length - 1; i >= 0; i--) {
    const w = wrap[i] as { type: Branch; name: string }
    options = [{ type: w.type, name: w.name, options }]
  }
  return { options, resolved, path }
}

function checkValue(
  def: Exclude<OptionJSON, { type: Branch }>,
  raw: string | number | boolean,
  where: readonly (string | number)[],
  typedName: string,
  locale: string,
  index: Index,
  resolved: Resolved,
  inGuild: boolean,
): string | number | boolean | Refusal<OptionRefusalCode> {
  const text = typeof raw === 'string' ? raw.trim() : String(raw)
  const bad = (code: OptionRefusalCode, why: string) => refuse(code, where, `'${typedName}' ${why} (was ${JSON.stringify(typeof raw === 'string' ? raw : raw)})`)
  const kind = optionKind(def.type)
  switch (kind?.value) {
    case 'string':
    case 'integer':
    case 'number': {
      const choices = (def as { choices?: readonly ChoiceJSON[] }).choices
      if (choices !== undefined && choices.length > 0) {
        // "Option choice": when choices are given they are the only values; the user picks one by its shown name.
        const asNumber = typeof raw === 'number' ? raw : text === '' ? Number.NaN : Number(text)
        const choice = choices.find((c) => shown(c, locale) === raw || c.value === raw || (kind?.value !== 'string' && c.value === asNumber))
        if (choice === undefined) return bad('option.choice', `must be one of ${choices.map((c) => shown(c, locale)).join(', ')}`)
        return choice.value
      }
      let value: string | number
      if (kind?.value === 'string') value = typeof raw === 'string' ? raw : String(raw)
      else {
        // The picker takes digits only: no hex, no exponent, no blank.
        const n = typeof raw === 'number' ? raw : /^[+-]?(\d+(\.\d*)?|\.\d+)$/u.test(text) ? Number(text) : Number.NaN
        const integer = kind?.value === 'integer'
        if (integer && !Number.isInteger(n)) return bad('option.type', 'must be a whole number')
        if (!Number.isFinite(n)) return bad('option.type', 'must be a number')
        // "Option types": INTEGER within +-(2^53-1), NUMBER within +-2^53.
        if (Math.abs(n) > (integer ? MAX_INT : MAX_NUMBER)) return bad('option.range', `must be within ±${integer ? '2^53-1' : '2^53'}`)
        value = n
      }
      if (typeof value === 'number') {
        const d = def as { min_value?: number; max_value?: number }
        if (d.min_value !== undefined && value < d.min_value) return bad('option.range', `must be at least ${d.min_value}`)
        if (d.max_value !== undefined && value > d.max_value) return bad('option.range', `must be at most ${d.max_value}`)
        return value
      }
      const d = def as { min_length?: number; max_length?: number }
      // The client counts characters (code points); a required string is never empty.
      const length = [...value].length
      const min = d.min_length ?? (def.required === true ? 1 : 0)
      if (length < min) return bad('option.length', `must be at least ${min} characters long`)
      if (d.max_length !== undefined && length > d.max_length) return bad('option.length', `must be at most ${d.max_length} characters long`)
      // Public API v10: a string option value is at most 6000 characters.
      if (length > 6000) return bad('option.length', 'must be at most 6000 characters long')
      return value
    }
    case 'boolean': {
      if (raw === true || raw === false) return raw
      const t = text.toLowerCase()
      if (t === 'true' || t === 'false') return t === 'true'
      return bad('option.type', 'must be True or False')
    }
    default: {
      // USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT: an id into the maps of the option's row, tried in order.
      const maps = kind?.resolved ?? []
      for (const map of maps) {
        const found = findDeclared(map, text, index)
        if (found === undefined) continue
        const type = found.type ?? (inGuild ? 0 : 1)
        // "Command option": channel_types restricts the channels shown.
        const types = (def as { channel_types?: readonly number[] }).channel_types
        if (kind?.fields.includes('channel_types') === true && types !== undefined && types.length > 0 && !types.includes(type))
          return bad('option.channel_type', `must be a channel of type ${types.join(', ')}, not ${type}`)
        putDeclared(map, found.id, index, resolved, inGuild)
        return found.id
      }
      return bad('option.unresolved', `must be a declared ${maps.map((m) => ResolvedEntityKey[m]).join(' or ')} (${maps[0] === undefined ? '' : HOW_NAMED[maps[0]]})`)
    }
  }
}

/** The member's permissions as a string of digits, for `member.permissions` and channel objects. */
export const heldString = (index: Index, userId: string): string => {
  const u = index.users.get(userId)
  return u === undefined ? '0' : memberBits(u, index).toString()
}
