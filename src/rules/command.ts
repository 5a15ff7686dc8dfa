/**
 * The run-time rules of one command definition, over plain JSON. Every check cites
 * the spec section it enforces (docs/rules.md); `docs/issues.md` lists the codes.
 *
 * The walk is a single pass over the value: each object's own keys are visited
 * once, and each key decides its own checks. Nothing is allocated for a valid
 * definition: names are compared through bit filters, not tables.
 */
import { ChannelType, type CommandType, type OptionType } from '../wire/enums.js'
import { LIST_MAX } from './bounds.js'
import type { IssueCode, IssueCollector, PathSegment } from './issues.js'
import {
  CHOICE_NAME_MAX,
  CHOICE_NAME_MIN,
  CHOICE_STRING_VALUE_MAX,
  CHOICES_MAX,
  COMMAND_SIZE_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  INTEGER_MAX,
  MAX_LENGTH_MAX,
  MAX_LENGTH_MIN,
  MIN_LENGTH_MAX,
  MIN_LENGTH_MIN,
  NAME_MAX,
  NAME_MIN,
  NUMBER_MAX,
  OPTIONS_MAX,
} from './limits.js'
import { checkChatName, codePoints, isLocaleKey, lengthWithin, localeSlot, NAME_LENGTH, NAME_LOWERCASE, NAME_PATTERN } from './text.js'
import type { Walk } from './walk.js'
import { appliesTo, capabilitiesByType, optionTypeNames } from './option-kinds.js'

/** Where a definition will be registered: globally, or in one guild. */
export type Scope = 'global' | 'guild'

type Json = Record<string, unknown>

/**
 * A plain object: what JSON.parse or an object literal makes (its prototype is
 * `Object.prototype` of some realm, or null). A Date, a Map, a class instance or an
 * object inheriting fields is not: its own keys are not what the checks would read,
 * nor what JSON.stringify would send.
 */
const OBJECT_PROTOTYPE: unknown = Object.prototype

export const isObject = (v: unknown, walk?: Walk): v is Json => {
  if (typeof v !== 'object' || v === null) return false
  const proto: unknown = Object.getPrototypeOf(v)
  // The common case first: one prototype read for an object of this realm.
  if (proto === OBJECT_PROTOTYPE) return !Array.isArray(v)
  if (Array.isArray(v)) return false
  if (proto === null) return true
  if (Object.getPrototypeOf(proto) !== null) return false
  // Another realm's Object.prototype, which `inheritsKeys` did not look at.
  if (walk !== undefined) walk.exact = true
  return true
}

/*
 * The walks read each object's keys with `for...in`, which allocates nothing and
 * reads each value straight from the object's layout (Object.keys and a keyed
 * read took 15% of validateCommands' time). `for...in` also visits inherited
 * enumerable keys, which a plain object has only when Object.prototype does (an
 * environment that added a property to it). While the walk's `exact` is false,
 * every key it visits is an own key; once it is true, each key is checked.
 * checkCommand sets it for the command it walks; isObject sets it on meeting
 * another realm's plain object.
 */

// eslint-disable-next-line @typescript-eslint/unbound-method
const own = Object.prototype.hasOwnProperty

/** Whether a plain object of this realm inherits enumerable keys. */
function inheritsKeys(): boolean {
  for (const _ in {}) return true
  return false
}

// The type values the checks branch on, by name: the same number means an option
// type in one place and a command type in another ("Command types", "Option types").
// Literals the bundler inlines, typed as wire/enums.ts's values so they cannot drift.
const CHAT_INPUT: typeof CommandType.ChatInput = 1
const ENTRY_POINT: typeof CommandType.PrimaryEntryPoint = 4
const SUB_COMMAND: typeof OptionType.Subcommand = 1
const SUB_COMMAND_GROUP: typeof OptionType.SubcommandGroup = 2
const STRING: typeof OptionType.String = 3
const INTEGER: typeof OptionType.Integer = 4
const NUMBER: typeof OptionType.Number = 10

/** Spec names of the command types, by value. */
export const COMMAND_TYPE_NAMES = ['', 'CHAT_INPUT', 'USER', 'MESSAGE', 'PRIMARY_ENTRY_POINT'] as const

/** Spec names of the option types, by value. */
export const OPTION_TYPE_NAMES: readonly string[] = /* @__PURE__ */ optionTypeNames()

// ---------------------------------------------------------------- option capabilities

/**
 * What each option type supports ("Command option", column "Valid for option
 * types"). Shared code reads this table instead of branching on types.
 */
export const OptionCapability = {
  Required: 1,
  Choices: 2,
  Bounds: 4,
  Lengths: 8,
  ChannelTypes: 16,
  Autocomplete: 32,
  Children: 64,
} as const

const C = OptionCapability

/** Capabilities by option type value; 0 for an unknown type: the fields wire/option-kinds.ts allows each type, as bits. */
export const OPTION_CAPABILITIES: readonly number[] = /* @__PURE__ */ capabilitiesByType({
  required: C.Required,
  choices: C.Choices,
  min_value: C.Bounds,
  max_value: C.Bounds,
  min_length: C.Lengths,
  max_length: C.Lengths,
  channel_types: C.ChannelTypes,
  autocomplete: C.Autocomplete,
  options: C.Children,
})

/** The option types that have each capability, for messages. */
const APPLIES_TO: Readonly<Record<number, string>> = /* @__PURE__ */ appliesTo(OPTION_CAPABILITIES, Object.values(C))

/** Channel type values (public API v10; not shown in the spec): those of wire/enums.ts. */
const CHANNEL_TYPES: ReadonlySet<unknown> = new Set(Object.values(ChannelType))

// ---------------------------------------------------------------- text fields

/** How a localizable text field is checked. */
const enum Text {
  /** "Naming rules" 1: CHAT_INPUT command and option names. */
  ChatName,
  /** "Naming rules" 2: USER, MESSAGE (and entry point) names, 1-32, any case. */
  PlainName,
  /** "Application command" / "Command option": descriptions, 1-100. */
  Description,
  /** "Option choice": choice names, 1-100. */
  ChoiceName,
}

/**
 * Checks a text field. The valid case is decided by a small function the compiler
 * inlines into every caller; the messages are built apart, only for a failure.
 */
function checkText(c: IssueCollector, key: PathSegment, v: unknown, kind: Text): void {
  if (
    typeof v !== 'string' ||
    (kind === Text.ChatName
      ? checkChatName(v) !== 0
      : kind === Text.PlainName
        ? !lengthWithin(v, NAME_MIN, NAME_MAX)
        : !lengthWithin(v, kind === Text.Description ? DESCRIPTION_MIN : CHOICE_NAME_MIN, kind === Text.Description ? DESCRIPTION_MAX : CHOICE_NAME_MAX))
  )
    reportText(c, key, v, kind)
}

/** The issues of a text field `checkText` found wrong. */
function reportText(c: IssueCollector, key: PathSegment, v: unknown, kind: Text): void {
  if (typeof v !== 'string') {
    c.add('value.type', key, 'must be a string', v)
    return
  }
  if (kind === Text.ChatName) {
    const fail = checkChatName(v)
    if (fail & NAME_LENGTH) c.add('name.length', key, `must be 1-32 characters long (was ${codePoints(v)})`)
    if (fail & NAME_PATTERN)
      c.add(
        'name.pattern',
        key,
        "may contain only letters, digits, '-', '_', \"'\" and Devanagari or Thai characters, and no spaces",
        v,
      )
    if (fail & NAME_LOWERCASE) c.add('name.lowercase', key, `must be lower case (${JSON.stringify(v.toLowerCase())})`, v)
  } else if (kind === Text.Description) c.add('description.length', key, `must be 1-100 characters long (was ${codePoints(v)})`)
  else c.add('name.length', key, `must be 1-${kind === Text.PlainName ? NAME_MAX : CHOICE_NAME_MAX} characters long (was ${codePoints(v)})`)
}

/**
 * "Other command rules" 6: dictionaries of locale key to a value that follows the
 * field's rules. Returns the length of the longest value (UTF-16 units), which the
 * combined size counts ("Limits").
 */
function checkLocalizations(c: Walk, key: string, v: unknown, kind: Text): number {
  c.dictMet = false
  if (v === null) return 0
  if (!isObject(v, c)) {
    c.add('value.type', key, 'must be an object of locale keys to strings, or null', v)
    return 0
  }
  c.dictMet = true
  let longest = 0
  c.path.push(key)
  for (const locale in v) {
    if (c.exact && !own.call(v, locale)) continue
    if (!isLocaleKey(locale))
      c.add('locale.unknown', locale, 'is not an API v10 locale key (such as en-US, es-ES, zh-CN)')
    const text = v[locale]
    checkText(c, locale, text, kind)
    if (typeof text === 'string' && text.length > longest) longest = text.length
  }
  c.path.pop()
  return longest
}

/**
 * The size a text field adds to the combined size ("Limits", slash command
 * combined size): the longest of the default and its localizations, in UTF-16
 * units. Units are never fewer than code points, so a sum within the limit is
 * exact enough; an over-limit sum is recounted in code points (`commandSize`).
 */
const sizeOf = (value: unknown, longestLocalized: number): number =>
  typeof value === 'string' && value.length > longestLocalized ? value.length : longestLocalized

// ---------------------------------------------------------------- values

function checkBoolean(c: IssueCollector, key: string, v: unknown, nullable = false): void {
  if (typeof v !== 'boolean' && !(nullable && v === null))
    c.add('value.type', key, nullable ? 'must be a boolean or null' : 'must be a boolean', v)
}

/** "Option types": INTEGER within +-(2^53-1) and whole; NUMBER within +-2^53. */
function checkNumber(c: IssueCollector, key: PathSegment, v: unknown, integer: boolean): boolean {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    c.add('value.type', key, integer ? 'must be an integer' : 'must be a number', v)
    return false
  }
  if (integer) {
    if (!Number.isInteger(v)) {
      c.add('number.integer', key, 'must be a whole number', v)
      return false
    }
    if (v > INTEGER_MAX || v < -INTEGER_MAX) {
      c.add('number.range', key, 'must be an integer from -(2^53-1) to 2^53-1', v)
      return false
    }
  } else if (v > NUMBER_MAX || v < -NUMBER_MAX) {
    c.add('number.range', key, 'must be a number from -2^53 to 2^53', v)
    return false
  }
  return true
}

function checkLength(c: IssueCollector, key: string, v: unknown, min: number, max: number): boolean {
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    c.add('value.type', key, 'must be an integer', v)
    return false
  }
  if (v < min || v > max) {
    c.add('number.range', key, `must be from ${min} to ${max}`, v)
    return false
  }
  return true
}

/**
 * A list of enumeration values. The OpenAPI description (DESIGN.md "Rulings") adds
 * what the spec leaves out: no value twice (`uniqueItems`, for `contexts`,
 * `integration_types` and `channel_types`) and, where `nonEmpty`, at least one
 * value (`minItems: 1`, for `contexts` and `integration_types`).
 */
function checkEnumArray(
  c: IssueCollector,
  key: string,
  v: unknown,
  allowed: ReadonlySet<unknown>,
  what: string,
  nullable: boolean,
  nonEmpty = false,
): void {
  if (nullable && v === null) return
  if (!Array.isArray(v)) {
    c.add('value.type', key, nullable ? `must be an array of ${what}, or null` : `must be an array of ${what}`, v)
    return
  }
  // No cap in the spec, but a bound on work (bounds.ts): a longer list is not read.
  // The length is read once: a proxy may answer differently each time.
  const n = v.length
  if (n > LIST_MAX) return c.add('list.too_long', key, `has ${n} elements; at most ${LIST_MAX} are allowed`)
  if (nonEmpty && n === 0) c.add('array.empty', key, 'must hold at least one value, or be left out')
  c.path.push(key)
  // Every element is read (at most LIST_MAX); the issue cap bounds the reports. Every
  // allowed value is a small integer, so the values seen fit in one bit set.
  let seen = 0
  for (let i = 0; i < n; i++) {
    const x: unknown = v[i]
    if (!allowed.has(x)) c.add('enum.value', i, `must be one of ${[...allowed].join(', ')} (${what})`, x)
    else if ((seen & (1 << (x as number))) !== 0) c.add('array.duplicate', i, 'repeats an earlier value', x)
    else seen |= 1 << (x as number)
  }
  c.path.pop()
}

const CONTEXTS: ReadonlySet<unknown> = new Set([0, 1, 2])
const INTEGRATION_TYPES: ReadonlySet<unknown> = new Set([0, 1])
const SNOWFLAKE = /^\d{1,20}$/
const PERMISSION_BITS = /^\d{1,20}$/

/** A snowflake string: decimal digits of a 64-bit unsigned integer. */
export function isSnowflake(v: unknown): v is string {
  return typeof v === 'string' && SNOWFLAKE.test(v) && (v.length < 20 || BigInt(v) < 2n ** 64n)
}

/** A permission bit set serialized as a string ("Application command" default_member_permissions). */
export function isPermissionString(v: unknown): v is string {
  return typeof v === 'string' && PERMISSION_BITS.test(v) && (v.length < 20 || BigInt(v) < 2n ** 64n)
}

// ---------------------------------------------------------------- choices

/**
 * "Option choice", "Limits": at most 25 choices, each checked by `checkChoice`.
 * `tooMany` is the code for a list over 25 (an autocomplete response has its own).
 */
export function checkChoices(c: Walk, v: unknown, type: number, tooMany: IssueCode = 'choices.too_many'): number {
  if (!Array.isArray(v)) {
    c.add('value.type', 'choices', 'must be an array of choices', v)
    return 0
  }
  // A longer list is refused whatever it holds, and not read (bounds.ts). The
  // length is read once: a proxy may answer differently each time.
  const n = v.length
  if (n > CHOICES_MAX) {
    c.add(tooMany, 'choices', `has ${n} choices; at most 25 are allowed`)
    return 0
  }
  c.path.push('choices')
  let size = 0
  for (let i = 0; i < n; i++) {
    c.path.push(i)
    size += checkChoice(c, v[i], type)
    c.path.pop()
  }
  c.path.pop()
  return size
}

/**
 * "Option choice": name 1-100 (and its localizations), value of the option's type
 * (3 STRING, 4 INTEGER, 10 NUMBER); a string value at most 100. Returns the
 * choice's share of the combined size.
 */
export function checkChoice(c: Walk, choice: unknown, type: number): number {
  if (!isObject(choice, c)) {
    c.add('value.type', undefined, 'must be a choice object ({ name, value })', choice)
    return 0
  }
  let localized = 0
  let name: unknown
  let value: unknown
  for (const key in choice) {
    if (c.exact && !own.call(choice, key)) continue
    const x = choice[key]
    // DESIGN.md "Rulings": `undefined` is absent, as in JSON.stringify.
    if (x === undefined) continue
    switch (key) {
      case 'name':
        name = x
        checkText(c, key, x, Text.ChoiceName)
        break
      case 'name_localizations':
        localized = checkLocalizations(c, key, x, Text.ChoiceName)
        break
      case 'value':
        value = x
        if (type === STRING) {
          if (typeof x !== 'string') c.add('value.type', key, 'must be a string, as the option is STRING', x)
          else if (!lengthWithin(x, 0, CHOICE_STRING_VALUE_MAX))
            c.add('string.length', key, `must be at most 100 characters long (was ${codePoints(x)})`)
        } else if (type === INTEGER || type === NUMBER) {
          checkNumber(c, key, x, type === INTEGER)
        }
        break
      default:
        if (!serviceField(c, key, x, false)) c.add('field.unknown', key, 'is not a field of a choice (name, name_localizations, value)')
    }
  }
  if (name === undefined) c.add('field.required', 'name', 'is required')
  if (value === undefined) c.add('field.required', 'value', 'is required')
  return (
    sizeOf(name, localized) +
    (typeof value === 'string' ? value.length : typeof value === 'number' ? String(value).length : 0)
  )
}

// ---------------------------------------------------------------- options

/** Where an options array sits ("Other command rules" 1). */
const enum Level {
  Command,
  Group,
  Subcommand,
}

/**
 * The optional option fields the OpenAPI marks nullable: `null` there is absent.
 * The dictionaries are nullable too, and `null` is a value of theirs in the spec.
 */
export const OPTION_NULLABLE: ReadonlySet<string> = new Set([
  'required', 'autocomplete', 'choices', 'options', 'channel_types', 'min_value', 'max_value', 'min_length', 'max_length',
])

/**
 * Checks one option; returns its share of the combined size. The fields the checks
 * after the walk compare are kept as the walk meets them: an option is read once,
 * and what is checked is what JSON.stringify sends (own enumerable fields).
 */
function checkOption(c: Walk, o: Json, type: unknown, nested: boolean): number {
  const caps = typeof type === 'number' ? (OPTION_CAPABILITIES[type] ?? 0) : 0
  if (type === undefined) c.add('field.required', 'type', 'is required')
  else if (caps === 0) c.add('option.type', 'type', 'must be an option type from 1 to 11', type)
  let size = 0
  let names = 0
  let descriptions = 0
  let name: unknown
  let description: unknown
  let required: unknown
  let localized = false
  let autocomplete: unknown
  let choices: unknown
  let minValue: unknown
  let maxValue: unknown
  let minLength: unknown
  let maxLength: unknown
  for (const key in o) {
    if (c.exact && !own.call(o, key)) continue
    const v = o[key]
    // DESIGN.md "Rulings": `undefined` is absent, and so is `null` on the fields the
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
        localized = c.dictMet
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
        if (allowed(c, key, type, caps, C.Required)) checkBoolean(c, key, v)
        break
      case 'autocomplete':
        autocomplete = v
        if (allowed(c, key, type, caps, C.Autocomplete)) checkBoolean(c, key, v)
        break
      case 'choices':
        choices = v
        if (allowed(c, key, type, caps, C.Choices)) size += checkChoices(c, v, type as number)
        break
      case 'options':
        // Children of a misplaced subcommand or group are not walked: its place is the error.
        if (allowed(c, key, type, caps, C.Children) && nested && isParent(type))
          size += checkOptions(c, v, type === SUB_COMMAND_GROUP ? Level.Group : Level.Subcommand)
        break
      case 'channel_types':
        if (allowed(c, key, type, caps, C.ChannelTypes)) checkEnumArray(c, key, v, CHANNEL_TYPES, 'channel types', false)
        break
      case 'min_value':
        minValue = v
        if (allowed(c, key, type, caps, C.Bounds)) checkNumber(c, key, v, type === INTEGER)
        break
      case 'max_value':
        maxValue = v
        if (allowed(c, key, type, caps, C.Bounds)) checkNumber(c, key, v, type === INTEGER)
        break
      case 'min_length':
        minLength = v
        if (allowed(c, key, type, caps, C.Lengths)) checkLength(c, key, v, MIN_LENGTH_MIN, MIN_LENGTH_MAX)
        break
      case 'max_length':
        maxLength = v
        if (allowed(c, key, type, caps, C.Lengths)) checkLength(c, key, v, MAX_LENGTH_MIN, MAX_LENGTH_MAX)
        break
      default:
        if (!serviceField(c, key, v, false)) c.add('field.unknown', key, 'is not a field of a command option')
    }
  }
  if (name === undefined) c.add('field.required', 'name', 'is required')
  if (description === undefined) c.add('field.required', 'description', 'is required')
  // "Command option" autocomplete: must not be true when choices are present.
  if (autocomplete === true && Array.isArray(choices) && choices.length > 0)
    c.add('option.autocomplete_with_choices', 'autocomplete', 'cannot be true on an option with choices; use one or the other')
  // Not a spec rule: bounds that no value can satisfy (see docs/issues.md).
  if (typeof minValue === 'number' && typeof maxValue === 'number' && minValue > maxValue)
    c.add('option.bounds_inverted', 'min_value', `must not exceed max_value (${maxValue})`, minValue)
  if (typeof minLength === 'number' && typeof maxLength === 'number' && minLength > maxLength)
    c.add('option.bounds_inverted', 'min_length', `must not exceed max_length (${maxLength})`, minLength)
  // Set last: the walk above may have checked child options.
  c.metName = name
  c.metRequired = required === true
  c.metLocalized = localized
  return size + sizeOf(name, names) + sizeOf(description, descriptions)
}

/**
 * "Command option", column "Valid for option types": whether an option of `type`
 * (with the capabilities `caps`) may carry the field `key`, which needs `need`;
 * reports it when not. An option of an unknown type is reported for its type only.
 */
function allowed(c: IssueCollector, key: string, type: unknown, caps: number, need: number): boolean {
  if (caps === 0 || (caps & need) !== 0) return true
  c.add('field.not_allowed', key, `is not allowed on a ${OPTION_TYPE_NAMES[type as number]} option; it applies to ${APPLIES_TO[need]}`)
  return false
}

const isParent = (type: unknown): boolean => type === SUB_COMMAND || type === SUB_COMMAND_GROUP

/**
 * The rules of one option on its own, for the `toJSON` of an option, subcommand or
 * group builder: its fields and choices, and for a subcommand or group its children.
 * What needs the whole command (order and names among siblings, the combined size,
 * scope) is checked by the command's `toJSON`.
 */
export function checkStandaloneOption(c: Walk, json: unknown): void {
  c.exact = inheritsKeys()
  if (!isObject(json, c)) c.add('value.type', undefined, 'must be an option object', json)
  else checkOption(c, json, json.type, true)
}

/** `checkChoices` on its own, for autocomplete responses. */
export function checkStandaloneChoices(c: Walk, v: unknown, type: number, tooMany?: IssueCode): void {
  c.exact = inheritsKeys()
  checkChoices(c, v, type, tooMany)
}

/** One choice on its own, for a choice builder's `toJSON`: its value may be a string or a number, as no option is known. */
export function checkStandaloneChoice(c: Walk, json: unknown): void {
  c.exact = inheritsKeys()
  const value = isObject(json, c) ? json.value : undefined
  checkChoice(c, json, typeof value === 'string' ? STRING : NUMBER)
}

/**
 * Checks an options array at one level of nesting ("Other command rules" 1,
 * "Command option" rule 1, "Naming rules" 4 and 5, "Limits"). Returns its share of
 * the combined size.
 */
function checkOptions(c: Walk, v: unknown, level: Level): number {
  if (!Array.isArray(v)) {
    c.add('value.type', 'options', 'must be an array of options', v)
    return 0
  }
  // A longer list is refused whatever it holds, and not read (bounds.ts). The
  // length is read once: a proxy may answer differently each time.
  const n = v.length
  if (n > OPTIONS_MAX) {
    c.add('options.too_many', 'options', `has ${n} ${level === Level.Group ? 'subcommands' : 'options'}; at most 25 are allowed`)
    return 0
  }
  c.path.push('options')
  let size = 0
  let firstOptional = -1
  let firstParent: boolean | undefined
  let lastLocalized = -1
  // Bit i: options[i] is an object; and its name_localizations is one (an array
  // over the cap of 25 is not read).
  let objects = 0
  let localized = 0
  // A filter of the default names so far (see `nameBit`), for rule 4.
  let names = 0
  for (let i = 0; i < n; i++) {
    const o: unknown = v[i]
    if (!isObject(o, c)) {
      c.add('value.type', i, 'must be an option object', o)
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
        c.add(
          'options.mixed',
          i,
          parent
            ? 'is a subcommand or group, but options[0] is a value option; a command has either subcommands and groups or value options, not both'
            : 'is a value option, but options[0] is a subcommand or group; a command has either subcommands and groups or value options, not both',
        )
      }
    } else if (level === Level.Group && type !== SUB_COMMAND) {
      placed = false
      c.add(
        'options.nesting',
        i,
        type === SUB_COMMAND_GROUP
          ? 'is a group inside a group; groups hold only subcommands'
          : 'is a value option directly inside a group; groups hold only subcommands',
      )
    } else if (level === Level.Subcommand && isParent(type)) {
      placed = false
      c.add(
        'options.nesting',
        i,
        type === SUB_COMMAND_GROUP
          ? 'is a group inside a subcommand; subcommands hold only value options'
          : 'is a subcommand inside a subcommand; subcommands hold only value options',
      )
    }
    c.path.push(i)
    size += checkOption(c, o, type, placed)
    c.path.pop()
    // "Command option" rule 1: required options come before optional ones.
    if (known && !isParent(type)) {
      if (c.metRequired) {
        if (firstOptional >= 0) {
          const before = v[firstOptional] as Json
          c.add(
            'options.order',
            i,
            `is required but follows optional option ${describeName(before.name)} (options[${firstOptional}]); required options must come first`,
          )
        }
      } else if (firstOptional < 0) firstOptional = i
    }
    // "Naming rules" 4: option names are unique within one array.
    const name = c.metName
    if (typeof name === 'string') {
      const bit = nameBit(name)
      if ((names & bit) !== 0) {
        for (let j = 0; j < i; j++) {
          const p = v[j]
          if (((objects >>> j) & 1) !== 0 && (p as Json).name === name) {
            c.add(
              'options.duplicate_name',
              i,
              `is named ${JSON.stringify(name)} like options[${j}]; option names must be unique within one options array`,
            )
            break
          }
        }
      }
      names |= bit
    }
    objects |= 1 << i
    if (c.metLocalized) {
      lastLocalized = i
      localized |= 1 << i
    }
  }
  // An option alone has no other names to collide with.
  if (lastLocalized >= 0 && n > 1) checkLocalizedNames(c, v as Json[], n, objects, localized, lastLocalized)
  c.path.pop()
  return size
}

const describeName = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : 'without a name')

/** A 32-bit hash of a name: of its length and its first and last UTF-16 units. */
const nameHash = (s: string): number => Math.imul(s.length + 31 * s.charCodeAt(0) + 7 * s.charCodeAt(s.length - 1), 0x9e3779b1)

/**
 * One of 32 bits for a name: a filter of the names of one options array
 * ("Naming rules" 4). A name whose bit is not set in the filter of the names met
 * so far is none of them, so most names skip the exact comparisons, and no table
 * is built. Cheaper than a Map, which took a quarter of the rules' time on the
 * bench's set (measured with `npm run bench`).
 */
const nameBit = (s: string): number => 1 << (nameHash(s) >>> 27)

/**
 * The tables of "Naming rules" 5, slot = the top 9 bits of a hash: `SLOTS` slots
 * of default names, then `SLOTS` of localized names, then the generation. A slot
 * holds the number of the check (the generation) that last set it, so a table is
 * never cleared between options arrays. An array holds up to 25 default names
 * and, in practice, tens of localized ones: a 32-bit filter, as for rule 4, was
 * full for most arrays of the bench's set, and every name went to the exact
 * comparisons. One set is kept between checks; a check that runs while it is in
 * use (a getter calling the rules) takes a fresh one.
 */
const SLOT_SHIFT = 23
const SLOTS = 1 << (32 - SLOT_SHIFT)
let spareTables: Int32Array | undefined

/**
 * "Naming rules" 5: a localized option name differs from the default names of the
 * other options and from the other options' names in the same locale. Applied to
 * the options that are shown together, one options array (see docs/spec-notes.md).
 *
 * The first table holds the array's default names; the second the localized
 * names met so far, mixed with their locale. Only a name a table may hold is
 * compared with the others (the array holds at most 25 options).
 */
function checkLocalizedNames(c: Walk, options: readonly Json[], n: number, objects: number, localized: number, last: number): void {
  const seen = spareTables ?? new Int32Array(2 * SLOTS + 1)
  spareTables = undefined
  // A new generation: what the tables held for another array no longer counts. It
  // wraps around as an int32; a slot left from 2^32 checks ago only costs an exact
  // comparison, as any other false match of a slot does.
  const g = (seen[2 * SLOTS] = ((seen[2 * SLOTS] as number) + 1) | 0)
  for (let j = 0; j < n; j++) {
    const s = ((objects >>> j) & 1) !== 0 ? (options[j] as Json).name : undefined
    if (typeof s === 'string') seen[nameHash(s) >>> SLOT_SHIFT] = g
  }
  for (let i = 0; i <= last; i++) {
    if (((localized >>> i) & 1) === 0) continue
    const o = options[i] as Json
    const dict = o.name_localizations as Json
    for (const locale in dict) {
      if (c.exact && !own.call(dict, locale)) continue
      const s = dict[locale]
      if (typeof s !== 'string' || s === o.name) continue
      const h = nameHash(s)
      // The default name of another option (`s` is not this option's name).
      if (seen[h >>> SLOT_SHIFT] === g) {
        for (let j = 0; j < n; j++) {
          if (((objects >>> j) & 1) !== 0 && (options[j] as Json).name === s) {
            conflict(c, i, locale, `equals the default name of options[${j}]; a localized option name must differ from the other options' names`)
            break
          }
        }
      }
      const pair = SLOTS + (Math.imul(h ^ localeSlot(locale), 0x85ebca6b) >>> SLOT_SHIFT)
      if (seen[pair] === g) {
        for (let j = 0; j < i; j++) {
          if (((localized >>> j) & 1) === 0) continue
          const p = options[j] as Json
          const other = p.name_localizations as Json
          if (other[locale] === s && p.name !== s && own.call(other, locale)) {
            conflict(c, i, locale, `equals the ${locale} name of options[${j}]; localized option names must be unique per locale`)
            break
          }
        }
      }
      seen[pair] = g
    }
  }
  // Not handed back after a throw (a hostile value): the next check takes fresh tables.
  spareTables = seen
}

/** Reports a `localization.conflict` at `[i, 'name_localizations', locale]` (the path is extended only then). */
function conflict(c: IssueCollector, i: number, locale: string, text: string): void {
  c.path.push(i, 'name_localizations')
  c.add('localization.conflict', locale, text)
  c.path.pop()
  c.path.pop()
}

// ---------------------------------------------------------------- commands

const GLOBAL_ONLY: ReadonlySet<string> = new Set(['dm_permission', 'integration_types', 'contexts'])

/**
 * The optional command fields the OpenAPI marks nullable: `null` there is absent
 * (DESIGN.md "Rulings"). `default_member_permissions`, `dm_permission`,
 * `default_permission`, `contexts` and the dictionaries take `null` as a value of
 * their own and are checked as such.
 */
export const NULL_IS_ABSENT: ReadonlySet<string> = new Set(['type', 'description', 'options', 'integration_types', 'handler'])

/** The fields the service adds to a command it returns ("Application command"). */
const SERVICE_IDS: ReadonlySet<string> = new Set(['id', 'application_id', 'guild_id', 'version'])

/**
 * Whether `key` is a field the service adds to a command it returns, in a fetched
 * command (the walk's `fetched`, from `fetched` of `validateCommand`): its
 * localized views at every level ("Command endpoints" rule 5), its ids at the top
 * (`top`), and `description: ""` on USER and MESSAGE (DESIGN.md "Rulings"),
 * checked by `walkCommand`. Checks its value.
 */
function serviceField(c: Walk, key: string, v: unknown, top: boolean): boolean {
  if (!c.fetched) return false
  if (key === 'name_localized' || key === 'description_localized') {
    if (typeof v !== 'string') c.add('value.type', key, 'must be a string', v)
    return true
  }
  if (!top || !SERVICE_IDS.has(key)) return false
  if (!isSnowflake(v)) c.add('snowflake.format', key, 'must be a snowflake (a string of digits)', v)
  return true
}

/**
 * Checks one command definition into `c`. `bulk` allows the `id` field of
 * bulk-overwrite elements ("Bulk guild body") and, in a guild, the fields the bulk
 * guild body lists beyond the guild create body (`dm_permission`,
 * `integration_types`, `contexts`). `asFetched` reads a command as the service
 * returns it.
 */
export function checkCommand(c: Walk, json: unknown, scope: Scope, bulk: boolean): void {
  c.exact = inheritsKeys()
  const fetched = c.fetched
  if (!isObject(json, c)) {
    c.add('value.type', undefined, 'must be a command object', json)
    return
  }
  const raw = json.type
  // "Application command" type: optional, defaults to 1 (absent when null, DESIGN.md "Rulings").
  const type = raw === undefined || raw === null ? CHAT_INPUT : raw === 1 || raw === 2 || raw === 3 || raw === 4 ? raw : 0
  if (type === 0)
    c.add('command.type', 'type', 'must be 1 (CHAT_INPUT), 2 (USER), 3 (MESSAGE) or 4 (PRIMARY_ENTRY_POINT)', raw)
  // "Naming rules" 3, "Limits": no PRIMARY_ENTRY_POINT command in a guild.
  if (type === ENTRY_POINT && scope === 'guild')
    c.add('scope.entry_point', 'type', 'is PRIMARY_ENTRY_POINT, which cannot be a guild command; register it globally')
  const typeName = COMMAND_TYPE_NAMES[type]
  const nameKind = type === CHAT_INPUT ? Text.ChatName : Text.PlainName
  // "Application command" description; "Other command rules" 2: none on USER and MESSAGE.
  const described = type === CHAT_INPUT || type === ENTRY_POINT || type === 0
  let optionsSize = 0
  let names = 0
  let descriptions = 0
  // As met by the walk (what JSON.stringify sends), see checkOption.
  let name: unknown
  let description: unknown
  for (const key in json) {
    if (c.exact && !own.call(json, key)) continue
    const v = json[key]
    // DESIGN.md "Rulings": `undefined` is absent, as in JSON.stringify; so is `null`
    // on an optional field the OpenAPI marks nullable.
    if (v === undefined || (v === null && NULL_IS_ABSENT.has(key))) continue
    // "Create body (guild)" refuses them; "Bulk guild body" lists them (DESIGN.md
    // "Rulings": a guild bulk overwrite accepts them).
    if (scope === 'guild' && !bulk && !fetched && GLOBAL_ONLY.has(key)) {
      c.add('scope.global_only', key, 'is only for global commands and guild bulk overwrites')
      continue
    }
    switch (key) {
      case 'type':
        break
      case 'name':
        name = v
        checkText(c, key, v, nameKind)
        break
      case 'name_localizations':
        names = checkLocalizations(c, key, v, nameKind)
        break
      case 'description':
      case 'description_localizations':
        // "Application command": a fetched USER or MESSAGE command has description "";
        // so does the entry point the service creates ("Other command rules" 3).
        if (fetched && key === 'description' && v === '' && type !== CHAT_INPUT) break
        if (!described) c.add('field.not_allowed', key, `is not allowed on a ${typeName} command; only CHAT_INPUT commands have one`)
        else if (key === 'description') {
          description = v
          checkText(c, key, v, Text.Description)
        } else descriptions = checkLocalizations(c, key, v, Text.Description)
        break
      case 'options':
        if (type !== CHAT_INPUT && type !== 0) c.add('field.not_allowed', key, `is not allowed on a ${typeName} command; only CHAT_INPUT commands take options`)
        else optionsSize = checkOptions(c, v, Level.Command)
        break
      case 'default_member_permissions':
        if (v !== null && !isPermissionString(v))
          c.add('permissions.format', key, 'must be a permission bit set as a string of digits (such as "32"), or null', v)
        break
      case 'dm_permission':
      case 'default_permission':
        checkBoolean(c, key, v, true)
        break
      case 'nsfw':
        checkBoolean(c, key, v)
        break
      case 'integration_types':
        checkEnumArray(c, key, v, INTEGRATION_TYPES, 'integration types: 0 GUILD_INSTALL, 1 USER_INSTALL', false, true)
        break
      case 'contexts':
        checkEnumArray(c, key, v, CONTEXTS, 'interaction context types: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL', true, true)
        break
      case 'handler':
        // "Application command" handler: only for PRIMARY_ENTRY_POINT, one of the handler types.
        if (type !== ENTRY_POINT && type !== 0) c.add('field.not_allowed', key, `is not allowed on a ${typeName} command; only PRIMARY_ENTRY_POINT commands have a handler`)
        else if (v !== 1 && v !== 2) c.add('enum.value', key, 'must be 1 (APP_HANDLER) or 2 (DISCORD_LAUNCH_ACTIVITY)', v)
        break
      case 'id':
        if (bulk) {
          if (!isSnowflake(v)) c.add('snowflake.format', key, 'must be a snowflake (a string of digits)', v)
          break
        }
      // falls through: `id` belongs to bulk-overwrite elements (and fetched commands)
      default:
        if (!serviceField(c, key, v, true)) c.add('field.unknown', key, bulk ? 'is not a field of a command definition' : 'is not a field of a command create body')
    }
  }
  if (name === undefined) c.add('field.required', 'name', 'is required')
  if (type === CHAT_INPUT) {
    if (description === undefined) c.add('field.required', 'description', 'is required for a CHAT_INPUT command')
    // "Limits": slash command combined size.
    const units = optionsSize + sizeOf(name, names) + sizeOf(description, descriptions)
    if (units > COMMAND_SIZE_MAX) {
      const size = commandSize(json)
      if (size > COMMAND_SIZE_MAX)
        c.add(
          'command.size',
          undefined,
          `is ${size} characters in names, descriptions and choice values; at most 8000 are allowed (the longest localization of each field counts)`,
        )
    }
  }
}

/**
 * The combined size of a slash command ("Limits"): the characters of every name,
 * description and choice value across the command, its options, subcommands,
 * groups and choices, counting for each field the longest of its default and its
 * localizations. Malformed parts count as empty, and so does an options or
 * choices array over its cap of 25 (refused anyway, and not read: bounds.ts).
 */
export function commandSize(json: unknown): number {
  if (!isObject(json)) return 0
  return (
    longestCodePoints(json.name, json.name_localizations) +
    longestCodePoints(json.description, json.description_localizations) +
    optionsSize(json.options, 0)
  )
}

function optionsSize(options: unknown, depth: number): number {
  if (!Array.isArray(options) || depth > 2) return 0
  const count = options.length
  if (count > OPTIONS_MAX) return 0
  let n = 0
  for (let i = 0; i < count; i++) {
    const o: unknown = options[i]
    if (!isObject(o)) continue
    n += longestCodePoints(o.name, o.name_localizations) + longestCodePoints(o.description, o.description_localizations)
    n += optionsSize(o.options, depth + 1)
    const choices = o.choices
    const k = Array.isArray(choices) ? choices.length : 0
    for (let j = 0; k <= CHOICES_MAX && j < k; j++) {
      const ch: unknown = (choices as unknown[])[j]
      if (!isObject(ch)) continue
      n += longestCodePoints(ch.name, ch.name_localizations)
      if (typeof ch.value === 'string') n += codePoints(ch.value)
      else if (typeof ch.value === 'number') n += String(ch.value).length
    }
  }
  return n
}

function longestCodePoints(value: unknown, localizations: unknown): number {
  let n = typeof value === 'string' ? codePoints(value) : 0
  if (isObject(localizations)) {
    for (const locale of Object.keys(localizations)) {
      const s = localizations[locale]
      if (typeof s === 'string') n = Math.max(n, codePoints(s))
    }
  }
  return n
}
