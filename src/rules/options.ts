/**
 * Options arrays and options ("Command option", "Other command rules" 1, "Naming
 * rules" 4, "Limits"): each option's fields by its type's capabilities, where each
 * kind may stand, required before optional, and unique names.
 */
import { checkChoices } from './choices.js'
import type { IssueCollector } from './issues.js'
import { isObject, own, INTEGER, SUB_COMMAND, SUB_COMMAND_GROUP, type Json } from './json.js'
import { MAX_LENGTH_MAX, MAX_LENGTH_MIN, MIN_LENGTH_MAX, MIN_LENGTH_MIN, OPTIONS_MAX } from './limits.js'
import { checkLocalizedNames } from './localized-names.js'
import { CHANNEL_TYPES, FIELD_BITS, OPTION_CAPABILITIES, OPTION_TYPE_NAMES, typesWith } from './option-types.js'
import { serviceField } from './service-fields.js'
import { checkLocalizations, checkText, sizeOf, Text } from './text-fields.js'
import { checkBoolean, checkEnumArray, checkLength, checkNumber } from './values.js'
import type { Walk } from './walk.js'
import type { OptionField } from '../wire/option-kinds.js'

/** Where an options array sits ("Other command rules" 1). */
export const enum Level {
  Command,
  Group,
  Subcommand,
}

/**
 * The optional option fields the OpenAPI marks nullable, where `null` is absent:
 * every type-specific field of wire/option-kinds.ts (test/rules/openapi.test.ts).
 * The dictionaries are nullable too, and `null` is a value of theirs in the spec.
 */
export const OPTION_NULLABLE: ReadonlySet<string> = new Set(Object.keys(FIELD_BITS))

/**
 * Checks one option; returns its share of the combined size. The fields the checks
 * after the walk compare are kept as the walk meets them: an option is read once,
 * and what is checked is what JSON.stringify sends (own enumerable fields).
 */
export function checkOption(c: Walk, o: Json, type: unknown, nested: boolean): number {
  const caps = typeof type === 'number' ? (OPTION_CAPABILITIES[type] ?? 0) : 0
  if (type === undefined) c.add('field.required', 'type')
  else if (caps === 0) c.add('option.type', 'type', { expected: `an option type from 1 to ${OPTION_TYPE_NAMES.length - 1}` }, type)
  let size = 0
  let names = 0
  let descriptions = 0
  let name: unknown
  let description: unknown
  let required: unknown
  let localized: Json | undefined
  let autocomplete: unknown
  let choices: unknown
  let minValue: unknown
  let maxValue: unknown
  let minLength: unknown
  let maxLength: unknown
  for (const key in o) {
    if (c.exact && !own.call(o, key)) continue
    const v = o[key]
    // docs/spec-notes.md: `undefined` is absent, and so is `null` on the fields the
    // OpenAPI marks nullable (every optional field of an option).
    if (v === undefined || (v === null && OPTION_NULLABLE.has(key))) continue
    switch (key) {
      case 'type':
        break
      case 'name':
        name = v
        checkText(c, key, v, Text.ChatName)
        break
      case 'name_localizations':
        names = checkLocalizations(c, key, v, Text.ChatName)
        localized = c.dictMet ? (v as Json) : undefined
        break
      case 'description':
        description = v
        checkText(c, key, v, Text.Description)
        break
      case 'description_localizations':
        descriptions = checkLocalizations(c, key, v, Text.Description)
        break
      case 'required':
        required = v
        if (allowed(c, key, type, caps)) checkBoolean(c, key, v)
        break
      case 'autocomplete':
        autocomplete = v
        if (allowed(c, key, type, caps)) checkBoolean(c, key, v)
        break
      case 'choices':
        choices = v
        if (allowed(c, key, type, caps)) size += checkChoices(c, v, type as number)
        break
      case 'options':
        // Children of a misplaced subcommand or group are not walked: its place is the error.
        if (allowed(c, key, type, caps) && nested && isParent(type)) size += checkOptions(c, v, type === SUB_COMMAND_GROUP ? Level.Group : Level.Subcommand)
        break
      case 'channel_types':
        if (allowed(c, key, type, caps)) checkEnumArray(c, key, v, CHANNEL_TYPES, 'channel types', false)
        break
      case 'min_value':
        minValue = v
        if (allowed(c, key, type, caps)) checkNumber(c, key, v, type === INTEGER)
        break
      case 'max_value':
        maxValue = v
        if (allowed(c, key, type, caps)) checkNumber(c, key, v, type === INTEGER)
        break
      case 'min_length':
        minLength = v
        if (allowed(c, key, type, caps)) checkLength(c, key, v, MIN_LENGTH_MIN, MIN_LENGTH_MAX)
        break
      case 'max_length':
        maxLength = v
        if (allowed(c, key, type, caps)) checkLength(c, key, v, MAX_LENGTH_MIN, MAX_LENGTH_MAX)
        break
      default:
        if (!serviceField(c, key, v, false)) c.add('field.unknown', key, { on: 'a command option' })
    }
  }
  if (name === undefined) c.add('field.required', 'name')
  if (description === undefined) c.add('field.required', 'description')
  // "Command option" autocomplete: must not be true when choices are present.
  if (autocomplete === true && Array.isArray(choices) && choices.length > 0) c.add('option.autocomplete_with_choices', 'autocomplete')
  // Not a spec rule: bounds that no value can satisfy (see docs/issues.md).
  if (typeof minValue === 'number' && typeof maxValue === 'number' && minValue > maxValue)
    c.add('option.bounds_inverted', 'min_value', { other: 'max_value', limit: maxValue }, minValue)
  if (typeof minLength === 'number' && typeof maxLength === 'number' && minLength > maxLength)
    c.add('option.bounds_inverted', 'min_length', { other: 'max_length', limit: maxLength }, minLength)
  // Set last: the walk above may have checked child options.
  c.metName = name
  c.metRequired = required === true
  c.metDict = localized
  return size + sizeOf(name, names) + sizeOf(description, descriptions)
}

/**
 * "Command option", column "Valid for option types": whether an option of `type`
 * (with the capabilities `caps`) may carry the field `key`; reports it when not. An
 * option of an unknown type is reported for its type only.
 */
function allowed(c: IssueCollector, key: OptionField, type: unknown, caps: number): boolean {
  if (caps === 0 || (caps & FIELD_BITS[key]) !== 0) return true
  c.add('field.not_allowed', key, { on: `a ${OPTION_TYPE_NAMES[type as number]} option`, expected: typesWith(FIELD_BITS[key]) })
  return false
}

export const isParent = (type: unknown): boolean => type === SUB_COMMAND || type === SUB_COMMAND_GROUP
/**
 * Checks an options array at one level of nesting ("Other command rules" 1,
 * "Command option" rule 1, "Naming rules" 4 and 5, "Limits"). Returns its share of
 * the combined size.
 */
export function checkOptions(c: Walk, v: unknown, level: Level): number {
  if (!Array.isArray(v)) {
    c.add('value.type', 'options', { expected: 'an array of options' }, v)
    return 0
  }
  // A longer list is refused whatever it holds, and not read (bounds.ts). The
  // length is read once: a proxy may answer differently each time.
  const n = v.length
  if (n > OPTIONS_MAX) {
    c.add('options.too_many', 'options', { count: n, expected: level === Level.Group ? 'subcommands' : 'options', limit: OPTIONS_MAX })
    return 0
  }
  c.path.push('options')
  let size = 0
  let firstOptional = -1
  let firstParent: boolean | undefined
  let lastLocalized = -1
  // Each option's name and name_localizations dictionary as the walk met them
  // (undefined for what is not an object), read from here by the rules among
  // siblings. Why: reading \`name\` again from options of many shapes is a
  // megamorphic load, n^2 / 2 of them for rule 4 (docs/internals.md).
  const names: unknown[] = []
  const dicts: (Json | undefined)[] = []
  for (let i = 0; i < n; i++) {
    const o: unknown = v[i]
    if (!isObject(o, c)) {
      c.add('value.type', i, { expected: 'an option object' }, o)
      names.push(undefined)
      dicts.push(undefined)
      continue
    }
    const type = o.type
    const known = typeof type === 'number' && (OPTION_CAPABILITIES[type] ?? 0) !== 0
    // "Other command rules" 1: where each kind of option may stand.
    let placed = true
    if (!known) {
      // An unknown type is reported by checkOption; it has no place to check.
    } else if (level === Level.Command) {
      const parent = isParent(type)
      if (firstParent === undefined) firstParent = parent
      else if (parent !== firstParent) {
        c.add('options.mixed', i, { kind: parent ? 'a subcommand or group' : 'a value option', other: 'options[0]' })
      }
    } else if (level === Level.Group && type !== SUB_COMMAND) {
      placed = false
      c.add('options.nesting', i, { kind: type === SUB_COMMAND_GROUP ? 'a group' : 'a value option', on: 'group', expected: 'subcommands' })
    } else if (level === Level.Subcommand && isParent(type)) {
      placed = false
      c.add('options.nesting', i, { kind: type === SUB_COMMAND_GROUP ? 'a group' : 'a subcommand', on: 'subcommand', expected: 'value options' })
    }
    c.path.push(i)
    size += checkOption(c, o, type, placed)
    c.path.pop()
    // "Command option" rule 1: required options come before optional ones.
    if (known && !isParent(type)) {
      if (c.metRequired) {
        if (firstOptional >= 0) {
          const before = v[firstOptional] as Json
          c.add('options.order', i, { ...named(before.name), other: `options[${firstOptional}]` })
        }
      } else if (firstOptional < 0) firstOptional = i
    }
    // "Naming rules" 4: option names are unique within one array.
    const name = c.metName
    const j = names.indexOf(name)
    if (j >= 0 && typeof name === 'string') c.add('options.duplicate_name', i, { name, other: `options[${j}]` })
    names.push(name)
    dicts.push(c.metDict)
    if (c.metDict !== undefined) lastLocalized = i
  }
  // An option alone has no other names to collide with.
  if (lastLocalized >= 0 && n > 1) checkLocalizedNames(c, names, dicts, lastLocalized)
  c.path.pop()
  return size
}

/** The `name` param of an issue, when the option has a string name. */
const named = (v: unknown): { name?: string } => (typeof v === 'string' ? { name: v } : {})
