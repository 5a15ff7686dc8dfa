/**
 * fast-check arbitraries for plain command JSON, written from the spec (docs/rules.md) (only
 * the enumerations come from `src/wire`; nothing from `src/rules`), for any test that
 * needs valid definitions:
 *
 * - `validCommand({ scope })`: one create body that every rule of the spec accepts;
 * - `validCommandSet({ scope })`: a bulk-overwrite list (counts per type, names
 *   unique per type);
 * - the text pieces they are made of (`chatName`, `plainName`, `description`, ...),
 *   and `specSize`, the combined size of "Limits" computed from the spec.
 *
 * Validity is by construction, rule by rule (each step names its spec section):
 * names are unique per options array ("Naming rules" 4) and localized option names
 * are repaired to satisfy "Naming rules" 5 within each options array (the reading
 * slashkit applies, docs/spec-notes.md); required options come first ("Command
 * option" rule 1); a command is trimmed (trailing options and choices dropped) until
 * it fits its size budget ("Limits", 8000 by default) and may be topped up to exactly
 * the budget.
 *
 * Text uses two alphabets (`Charset`): `'full'` is everything the spec allows
 * (apostrophes, letters outside the Basic Multilingual Plane, upper-case letters
 * that have no lower-case variant); `'conservative'` keeps to what every validator
 * we know of accepts (ASCII, BMP lower-case and uncased letters, Devanagari, Thai).
 */
import fc from 'fast-check'
import { ChannelType, Locales, type CommandJSON, type GuildBulkCommandJSON, type BulkCommandJSON, type GuildCommandJSON, type Locale } from '../../src/index.js'
import { isObj, type Json } from './json.js'

/** Where a definition is registered. */
export type Scope = 'global' | 'guild'

/** Which alphabet text is drawn from (see the module comment). */
export type Charset = 'full' | 'conservative'

/**
 * Arbitraries are immutable, and building the large ones costs milliseconds: each
 * is built once per distinct set of arguments and then shared.
 */
function memo<A extends unknown[], R>(build: (...args: A) => R): (...args: A) => R {
  const cache = new Map<string, R>()
  return (...args: A) => {
    const key = JSON.stringify(args)
    let hit = cache.get(key)
    if (hit === undefined) cache.set(key, (hit = build(...args)))
    return hit
  }
}

// ---------------------------------------------------------------- characters

/** Characters (code points) by the part of "Naming rules" 1 they exercise. */
export const NAME_CHARS = {
  /** ASCII lower-case letters, digits, hyphen, underscore. */
  ascii: [...'abcdefghijklmnopqrstuvwxyz0123456789-_'],
  /** The apostrophe, allowed by "Naming rules" 1. */
  apostrophe: ["'"],
  /** Non-ASCII lower-case letters. */
  lower: [...'éñßжωıçøœ'],
  /** Uncased letters (CJK, Arabic, Hebrew, Hangul, modifier letters). */
  uncased: [...'日本كאㄱーʰª'],
  /** Digits and numbers of other scripts. */
  digits: [...'٣५๓²½'],
  /** Devanagari letters, vowel signs and marks. */
  devanagari: [...'कखगिं्'],
  /** Thai letters and marks. */
  thai: [...'กขั่ๆ'],
  /** Letters outside the Basic Multilingual Plane: two UTF-16 units, one character. */
  astral: ['𝑎', '𐐨', '𠀀'],
  /** Upper-case letters with no lower-case variant: "characters with no lowercase variant are allowed". */
  noLowercase: ['ℂ', 'ϒ'],
} as const

/** A weighted pool of characters: `[chars, weight]` pairs flattened by repetition (one `constantFrom` per character is cheap). */
const pool = (...parts: readonly (readonly [readonly string[], number])[]): fc.Arbitrary<string> =>
  fc.constantFrom(...parts.flatMap(([chars, weight]) => Array.from({ length: weight }, () => chars).flat()))

function nameUnit(charset: Charset): fc.Arbitrary<string> {
  const c = NAME_CHARS
  const common = [
    [c.ascii, 6],
    [c.lower, 2],
    [c.uncased, 1],
    [c.digits, 1],
    [c.devanagari, 1],
    [c.thai, 1],
  ] as const
  if (charset === 'conservative') return pool(...common)
  return pool(...common, [c.apostrophe, 8], [c.astral, 2], [c.noLowercase, 2])
}

/** How long generated text tends to be: `'small'` (fast-check's bias to short values) or `'max'` (any length up to the limit). */
export type TextSize = 'small' | 'max'

/**
 * Text of `min` to `max` code points (each unit is one code point): mostly of the
 * given `size`, sometimes exactly `max` (the limit).
 */
const text = (unit: fc.Arbitrary<string>, min: number, max: number, size: TextSize = 'small') =>
  fc.oneof({ weight: 9, arbitrary: fc.string({ unit, minLength: min, maxLength: max, size }) }, { weight: 1, arbitrary: fc.string({ unit, minLength: max, maxLength: max }) })

/**
 * A CHAT_INPUT command or option name ("Naming rules" 1): 1-32 characters, each a
 * hyphen, underscore, apostrophe, letter, digit, Devanagari or Thai character, no
 * letter that has a lower-case variant in upper case.
 */
export const chatName: (charset?: Charset) => fc.Arbitrary<string> = memo((charset: Charset = 'full') => text(nameUnit(charset), 1, 32))

/**
 * A USER, MESSAGE or entry point name ("Naming rules" 2): 1-32 characters, mixed
 * case, spaces. Always has a character other than a space (a blank name is a case
 * of its own, see docs/differences.md).
 */
export const plainName: (charset?: Charset) => fc.Arbitrary<string> = memo((charset: Charset = 'full') => {
  const unit = pool([[...'AbCdeZxy09 -!?.'], 8], [['É', '日', "'", 'क'], 1], ...(charset === 'full' ? [[['🎉', '𝑎'], 1] as const] : []))
  return text(unit, 1, 32).map((s) => (s.trim() === '' ? `${s.slice(1)}A` : s))
})

/** Text of descriptions and choices: any characters, spaces and punctuation included. */
const textUnit = (charset: Charset) => pool([[...'Aaz Z09.,!?-\'"()'], 10], [[...'éЖ日कก'], 2], ...(charset === 'full' ? [[['🎉', '𝑎'], 1] as const] : []))

/** A description ("Application command", "Command option", "Limits"): 1-100 characters. */
export const description: (charset?: Charset, size?: TextSize) => fc.Arbitrary<string> = memo((charset: Charset = 'full', size: TextSize = 'small') =>
  text(textUnit(charset), 1, 100, size),
)

/** A choice name ("Option choice"): 1-100 characters. */
export const choiceName: (charset?: Charset, size?: TextSize) => fc.Arbitrary<string> = memo((charset: Charset = 'full', size: TextSize = 'small') =>
  text(textUnit(charset), 1, 100, size),
)

/** A string choice value ("Option choice"): at most 100 characters, the empty string included. */
export const stringChoiceValue: (charset?: Charset, size?: TextSize) => fc.Arbitrary<string> = memo((charset: Charset = 'full', size: TextSize = 'small') =>
  text(textUnit(charset), 0, 100, size),
)

/** A locale key of API v10 (the spec shows six; the full list is public, see src/wire/enums.ts). */
export const locale: fc.Arbitrary<Locale> = fc.constantFrom(...Locales)

/**
 * A localization dictionary ("Other command rules" 6): absent, null, or 0 to `max`
 * locale keys with values from `value`. Never a null-prototype object.
 */
export const localizations = (value: fc.Arbitrary<string>, max = 3): fc.Arbitrary<Json | null | undefined> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 4,
      arbitrary: fc.uniqueArray(fc.tuple(locale, value), { selector: ([l]) => l, maxLength: max }).map((entries) => Object.fromEntries(entries) as Json),
    },
  )

// ---------------------------------------------------------------- numbers

/** "Option types" INTEGER: -(2^53-1) to 2^53-1. */
export const INTEGER_LIMIT = 2 ** 53 - 1
/** "Option types" NUMBER: -2^53 to 2^53. */
export const NUMBER_LIMIT = 2 ** 53

/** An integer in [lo, hi], biased toward the ends and zero. */
const integerIn = (lo: number, hi: number): fc.Arbitrary<number> =>
  fc.oneof({ weight: 4, arbitrary: fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number) }, { weight: 1, arbitrary: fc.constantFrom(lo, hi, Math.min(Math.max(0, lo), hi)) })

/** A double in [lo, hi], biased toward the ends. */
const doubleIn = (lo: number, hi: number): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)) },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
  )

/** An ordered pair of optional bounds: `[min, max]`, each possibly absent. */
const boundPair = (value: fc.Arbitrary<number>) =>
  fc
    .tuple(fc.option(value, { nil: undefined }), fc.option(value, { nil: undefined }))
    .map(([a, b]) => (a !== undefined && b !== undefined && a > b ? ([b, a] as const) : ([a, b] as const)))

// ---------------------------------------------------------------- helpers

/** `obj` without its `undefined` members: JSON payloads leave optional fields out. */
export function compact(obj: Record<string, unknown>): Json {
  const out: Json = {}
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v
  return out
}

/** Number of code points of `s`. */
export const codePoints = (s: string): number => {
  let n = 0
  for (const _ of s) n++
  return n
}

// ---------------------------------------------------------------- sizes ("Limits")

function longest(value: unknown, localized: unknown): number {
  let n = typeof value === 'string' ? codePoints(value) : 0
  if (isObj(localized)) for (const v of Object.values(localized)) if (typeof v === 'string') n = Math.max(n, codePoints(v))
  return n
}

function choiceSize(c: Json): number {
  const v = c.value
  return longest(c.name, c.name_localizations) + (typeof v === 'string' ? codePoints(v) : typeof v === 'number' ? String(v).length : 0)
}

function optionSize(o: Json): number {
  let n = longest(o.name, o.name_localizations) + longest(o.description, o.description_localizations)
  if (Array.isArray(o.options)) for (const c of o.options as Json[]) n += optionSize(c)
  if (Array.isArray(o.choices)) for (const c of o.choices as Json[]) n += choiceSize(c)
  return n
}

/**
 * The combined size of a slash command as "Limits" defines it: the characters of
 * every name, description and choice value across the command, its options
 * (subcommands and groups included) and choices, counting for each field the longest
 * of its default and its localizations. Characters are code points; a number value
 * counts the characters of its decimal form.
 */
export function specSize(command: Json): number {
  return (
    longest(command.name, command.name_localizations) +
    longest(command.description, command.description_localizations) +
    (Array.isArray(command.options) ? (command.options as Json[]).reduce((n, o) => n + optionSize(o), 0) : 0)
  )
}

/** The slash command combined size limit ("Limits"). */
export const COMMAND_SIZE_LIMIT = 8000

/**
 * Drops trailing choices and options, the largest last element first, until the
 * command is at most `budget` characters. Dropping a trailing element keeps every
 * other rule: required options stay first, names stay unique, "Naming rules" 5 only
 * loses constraints.
 */
export function trimToSize(command: Json, budget: number): Json {
  let size = specSize(command)
  while (size > budget) {
    let best: { array: Json[]; size: number } | undefined
    const visit = (arrayHolder: Json) => {
      for (const key of ['options', 'choices'] as const) {
        const array = arrayHolder[key]
        if (!Array.isArray(array) || array.length === 0) continue
        const last = array[array.length - 1] as Json
        const s = key === 'choices' ? choiceSize(last) : optionSize(last)
        if (best === undefined || s > best.size) best = { array: array as Json[], size: s }
        if (key === 'options') for (const o of array as Json[]) visit(o)
      }
    }
    visit(command)
    if (best === undefined) break
    best.array.pop()
    size -= best.size
  }
  return command
}

/** Every description field of a command with its localizations: the command's and each option's. */
function describedFields(command: Json): Json[] {
  const out: Json[] = []
  if (typeof command.description === 'string') out.push(command)
  const walk = (options: unknown) => {
    if (!Array.isArray(options)) return
    for (const o of options as Json[]) {
      out.push(o)
      walk(o.options)
    }
  }
  walk(command.options)
  return out
}

/**
 * Lengthens default descriptions (to at most 100 characters) until the command's
 * size is exactly `target`, if it can; returns whether it got there. Only the longest
 * of a description and its localizations counts, so a default shorter than a
 * localization first grows to that localization's length for free.
 */
export function topUpToSize(command: Json, target: number): boolean {
  let need = target - specSize(command)
  for (const field of describedFields(command)) {
    if (need <= 0) break
    const current = longest(field.description, field.description_localizations)
    const add = Math.min(need, 100 - current)
    if (add <= 0) continue
    const own = codePoints(field.description as string)
    field.description = (field.description as string) + 'x'.repeat(current + add - own)
    need -= add
  }
  return need === 0
}

// ---------------------------------------------------------------- options

/** How large the generated structure may get; `validCommand` picks one at random. */
export interface Profile {
  /** Value options per options array (of the command, or of a subcommand): [min, max]. */
  readonly leaves: readonly [number, number]
  /** Subcommands and groups at the command level: [min, max]; [0, 0] for a command of value options. */
  readonly children: readonly [number, number]
  /** Subcommands per group: [min, max]. */
  readonly group: readonly [number, number]
  /** Choices per option: max. */
  readonly choices: number
  /** Locales per localization dictionary: max. */
  readonly locales: number
  /** How long descriptions and choice text tend to be. */
  readonly text: TextSize
  /** The value option types to draw; default all ("Option types" 3 to 11). */
  readonly types?: readonly number[]
}

/** The profiles `validCommand` draws from, by name. Sizes reach the spec's 25-item caps. */
export const PROFILES = {
  /** A handful of value options. */
  small: { leaves: [0, 6], children: [0, 0], group: [0, 0], choices: 6, locales: 3, text: 'small' },
  /** 20 to 25 value options (the cap of "Limits"). */
  wide: { leaves: [20, 25], children: [0, 0], group: [0, 0], choices: 2, locales: 1, text: 'small' },
  /** A few options with up to 25 choices each, text of any length. */
  choices: { leaves: [1, 3], children: [0, 0], group: [0, 0], choices: 25, locales: 2, text: 'max' },
  /** Subcommands and groups, a few of each. */
  tree: { leaves: [0, 4], children: [1, 5], group: [0, 4], choices: 3, locales: 2, text: 'small' },
  /** 20 to 25 subcommands and groups (the cap of "Limits"). */
  forest: { leaves: [0, 1], children: [20, 25], group: [0, 2], choices: 1, locales: 1, text: 'small' },
  /** One or two groups of 20 to 25 subcommands. */
  grove: { leaves: [0, 2], children: [1, 2], group: [20, 25], choices: 1, locales: 1, text: 'small' },
  /** Everything long and localized, far over 8000 characters: trimmed down to the size budget. */
  dense: { leaves: [10, 25], children: [0, 0], group: [0, 0], choices: 25, locales: 4, text: 'max', types: [3, 4, 10] },
  /** Almost nothing: for long lists of commands. */
  bare: { leaves: [0, 1], children: [0, 0], group: [0, 0], choices: 1, locales: 1, text: 'small' },
} as const satisfies Record<string, Profile>

export type ProfileName = keyof typeof PROFILES

const CHANNEL_TYPES = Object.values(ChannelType)

interface Ctx {
  readonly charset: Charset
  readonly profile: Profile
}

const optionBase = (ctx: Ctx) =>
  fc.record({
    name: chatName(ctx.charset),
    name_localizations: localizations(chatName(ctx.charset), ctx.profile.locales),
    description: description(ctx.charset, ctx.profile.text),
    description_localizations: localizations(description(ctx.charset, ctx.profile.text), ctx.profile.locales),
  })

/** A choice whose value comes from `value` ("Option choice"). */
const choice = <V extends string | number>(ctx: Ctx, value: fc.Arbitrary<V>) =>
  fc
    .record({
      name: choiceName(ctx.charset, ctx.profile.text),
      name_localizations: localizations(choiceName(ctx.charset, ctx.profile.text), Math.min(ctx.profile.locales, 2)),
      value,
    })
    .map(compact)

/**
 * What a STRING, INTEGER or NUMBER option does about its values ("Command option"):
 * nothing, autocomplete (true, never with choices; or an explicit false), or 0 to
 * `profile.choices` choices (sometimes with autocomplete false).
 */
const valueMode = (ctx: Ctx, value: fc.Arbitrary<string | number>): fc.Arbitrary<Json> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 2, arbitrary: fc.constant({ autocomplete: true }) },
    { weight: 1, arbitrary: fc.constant({ autocomplete: false }) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.array(choice(ctx, value), { maxLength: ctx.profile.choices, size: 'max' }), fc.constantFrom(undefined, undefined, false))
        .map(([choices, autocomplete]) => compact({ choices, autocomplete })),
    },
  )

const clamp = (x: number, lo: number | undefined, hi: number | undefined) => Math.min(Math.max(x, lo ?? x), hi ?? x)

/** Choice values moved inside the option's bounds, when it has any. */
function clampChoices(fields: Json): Json {
  if (Array.isArray(fields.choices))
    for (const c of fields.choices as Json[]) c.value = clamp(c.value as number, fields.min_value as number | undefined, fields.max_value as number | undefined)
  return fields
}

/** The fields a value option of `type` may carry beyond the shared ones ("Command option"). */
function typeFields(ctx: Ctx, type: number): fc.Arbitrary<Json> {
  switch (type) {
    case 3: // STRING: choices of strings up to 100, or autocomplete; min_length 0-6000 <= max_length 1-6000
      return fc
        .tuple(valueMode(ctx, stringChoiceValue(ctx.charset, ctx.profile.text)), boundPair(integerIn(1, 6000)), fc.boolean())
        .map(([mode, [lo, hi], zero]) => compact({ ...mode, min_length: zero && lo !== undefined ? 0 : lo, max_length: hi }))
    case 4: // INTEGER: bounds and choice values within +-(2^53-1), choices within the bounds
      return fc
        .tuple(valueMode(ctx, integerIn(-INTEGER_LIMIT, INTEGER_LIMIT)), boundPair(integerIn(-INTEGER_LIMIT, INTEGER_LIMIT)))
        .map(([mode, [lo, hi]]) => clampChoices(compact({ ...mode, min_value: lo, max_value: hi })))
    case 10: // NUMBER: bounds and choice values within +-2^53, choices within the bounds
      return fc
        .tuple(valueMode(ctx, doubleIn(-NUMBER_LIMIT, NUMBER_LIMIT)), boundPair(doubleIn(-NUMBER_LIMIT, NUMBER_LIMIT)))
        .map(([mode, [lo, hi]]) => clampChoices(compact({ ...mode, min_value: lo, max_value: hi })))
    case 7: // CHANNEL: channel_types
      return fc.option(fc.shuffledSubarray(CHANNEL_TYPES), { nil: undefined }).map((channel_types) => compact({ channel_types }))
    default:
      return fc.constant({})
  }
}

/** The value option types ("Option types" 3 to 11). */
export const LEAF_TYPES = [3, 4, 5, 6, 7, 8, 9, 10, 11] as const

/** A value option of one of `types`, with `required` true, false or absent. */
const leafOption = (ctx: Ctx, types: readonly number[] = LEAF_TYPES): fc.Arbitrary<Json> => {
  const base = optionBase(ctx)
  const required = fc.constantFrom(true, false, undefined)
  return fc.oneof(...types.map((type) => fc.tuple(base, required, typeFields(ctx, type)).map(([b, r, fields]) => compact({ type, ...b, required: r, ...fields }))))
}

/**
 * "Naming rules" 5, applied per options array: drops each localized name that equals
 * another option's default name or another option's name in the same locale. A
 * localized name equal to the option's own default is kept ("Other command rules" 6:
 * it is ignored).
 */
export function repairLocalizedNames(options: Json[]): Json[] {
  const defaults = new Set(options.map((o) => o.name))
  const seen = new Map<string, Set<unknown>>()
  for (const o of options) {
    const dict = o.name_localizations
    if (!isObj(dict)) continue
    for (const [loc, value] of Object.entries(dict)) {
      if (value === o.name) continue
      let used = seen.get(loc)
      if (used === undefined) seen.set(loc, (used = new Set()))
      if (defaults.has(value) || used.has(value)) delete dict[loc]
      else used.add(value)
    }
  }
  return options
}

/** The first option of each name ("Naming rules" 4). */
const uniqueNames = (options: Json[]): Json[] => options.filter((o, i) => options.findIndex((p) => p.name === o.name) === i)

/** Required options first ("Command option" rule 1), otherwise in the given order. */
const requiredFirst = (options: Json[]): Json[] => [...options.filter((o) => o.required === true), ...options.filter((o) => o.required !== true)]

/** An options array of `min` to `max` options from `option` (fewer when names repeat), valid by "Naming rules" 4 and 5. */
const optionArray = (option: fc.Arbitrary<Json>, [min, max]: readonly [number, number], ordered: boolean) =>
  fc.array(option, { minLength: min, maxLength: max, size: 'max' }).map((os) => {
    const unique = uniqueNames(os)
    return repairLocalizedNames(ordered ? requiredFirst(unique) : unique)
  })

/** Absent, or an array (possibly empty): both spell "no options". */
const maybeArray = (array: fc.Arbitrary<Json[]>) => fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 4, arbitrary: array })

/** A SUB_COMMAND ("Other command rules" 1): value options only. */
const subcommand = (ctx: Ctx): fc.Arbitrary<Json> =>
  fc.tuple(optionBase(ctx), maybeArray(optionArray(leafOption(ctx, ctx.profile.types), ctx.profile.leaves, true))).map(([base, options]) => compact({ type: 1, ...base, options }))

/** A SUB_COMMAND_GROUP ("Other command rules" 1): subcommands only. */
const group = (ctx: Ctx): fc.Arbitrary<Json> =>
  fc.tuple(optionBase(ctx), maybeArray(optionArray(subcommand(ctx), ctx.profile.group, false))).map(([base, options]) => compact({ type: 2, ...base, options }))

/** The options of a CHAT_INPUT command: value options, or subcommands and groups. */
function commandOptions(ctx: Ctx): fc.Arbitrary<Json[] | undefined> {
  const { profile } = ctx
  if (profile.children[1] === 0) return maybeArray(optionArray(leafOption(ctx, profile.types), profile.leaves, true))
  const child = profile.group[0] > 0 ? fc.oneof({ weight: 1, arbitrary: subcommand(ctx) }, { weight: 2, arbitrary: group(ctx) }) : fc.oneof(subcommand(ctx), group(ctx))
  return optionArray(child, profile.children, false)
}

// ---------------------------------------------------------------- commands

/** Bit sets up to 2^54 - 1, the OpenAPI's `maximum` for default_member_permissions (docs/spec-notes.md). */
const permissionString = fc.oneof(fc.constantFrom('0', '8', '32', '18014398509481983', '0008'), fc.bigInt({ min: 0n, max: 2n ** 54n - 1n }).map(String))

/**
 * The optional fields every command may carry ("Create body (global)"):
 * default_member_permissions, default_permission, nsfw; and, for the global scope
 * only, dm_permission, integration_types and contexts ("Create body (guild)" leaves
 * them out).
 */
const commandFields = (scope: Scope): fc.Arbitrary<Json> =>
  fc
    .record(
      {
        default_member_permissions: fc.oneof(fc.constant(null), permissionString),
        default_permission: fc.constantFrom(true, false, true, false, null),
        nsfw: fc.boolean(),
        dm_permission: fc.constantFrom(true, false, null),
        // The OpenAPI's minItems 1 and uniqueItems (docs/spec-notes.md): a shuffled subarray has no repeats.
        integration_types: fc.shuffledSubarray([0, 1], { minLength: 1 }),
        contexts: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: fc.shuffledSubarray([0, 1, 2], { minLength: 1 }) }),
      },
      { requiredKeys: [] },
    )
    .map((fields) => {
      if (scope === 'guild') {
        delete fields.dm_permission
        delete fields.integration_types
        delete fields.contexts
      }
      return fields as Json
    })

/** Options of `validCommand`. */
export interface ValidCommandOptions {
  /** Where the command goes; `'guild'` leaves out entry points and the global-only fields. Default `'global'`. */
  readonly scope?: Scope
  /** Command types to draw from (1 CHAT_INPUT, 2 USER, 3 MESSAGE, 4 PRIMARY_ENTRY_POINT). Default: all the scope allows. */
  readonly types?: readonly (1 | 2 | 3 | 4)[]
  /** CHAT_INPUT profiles to draw from. Default: all of `PROFILES`. */
  readonly profiles?: readonly ProfileName[]
  /** Combined size budget of a CHAT_INPUT command; default the spec's 8000. Lower it to leave room for mutations. */
  readonly budget?: number
  /** Alphabet of names and text. Default `'full'`. */
  readonly charset?: Charset
}

/** How often each profile is drawn, and the default draw (`bare` is for long lists only). */
const PROFILE_WEIGHTS: Record<ProfileName, number> = { small: 6, wide: 1, choices: 1, tree: 3, forest: 1, grove: 1, dense: 1, bare: 1 }
const DEFAULT_PROFILES: readonly ProfileName[] = ['small', 'wide', 'choices', 'tree', 'forest', 'grove', 'dense']

/** A CHAT_INPUT command within `budget`; now and then topped up to exactly the budget. */
function chatInput(scope: Scope, profiles: readonly ProfileName[], budget: number, charset: Charset): fc.Arbitrary<Json> {
  const byProfile = profiles.map((name) => {
    const ctx: Ctx = { charset, profile: PROFILES[name] }
    return {
      weight: PROFILE_WEIGHTS[name],
      arbitrary: fc.record({
        type: fc.constantFrom<1 | undefined>(1, 1, undefined),
        name: chatName(charset),
        name_localizations: localizations(chatName(charset), 4),
        description: description(charset, ctx.profile.text),
        description_localizations: localizations(description(charset, ctx.profile.text), ctx.profile.locales),
        options: commandOptions(ctx),
        fields: commandFields(scope),
        exact: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      }),
    }
  })
  // A copy: trimming and topping up edit the command, and fast-check may map the same generated parts again while shrinking.
  return fc.oneof(...byProfile).map(({ fields, exact, ...rest }) => {
    const command = trimToSize(structuredClone(compact({ ...rest, ...fields })), budget)
    if (exact) topUpToSize(command, budget)
    return command
  })
}

/** A USER (2) or MESSAGE (3) command: plain names, no description, no options ("Other command rules" 2). */
const contextMenu = (scope: Scope, type: 2 | 3, charset: Charset): fc.Arbitrary<Json> =>
  fc
    .record({ name: plainName(charset), name_localizations: localizations(plainName(charset), 4), fields: commandFields(scope) })
    .map(({ fields, ...rest }) => compact({ type, ...rest, ...fields }))

/**
 * A PRIMARY_ENTRY_POINT command (global only, "Naming rules" 3): a plain name, an
 * optional description, handler 1 (APP_HANDLER) or 2 (DISCORD_LAUNCH_ACTIVITY) or
 * none ("Entry point handler types").
 */
const entryPoint = (charset: Charset): fc.Arbitrary<Json> =>
  fc
    .record({
      name: plainName(charset),
      name_localizations: localizations(plainName(charset), 3),
      description: fc.option(description(charset), { nil: undefined }),
      description_localizations: localizations(description(charset), 3),
      handler: fc.constantFrom<1 | 2 | undefined>(1, 2, undefined),
      fields: commandFields('global'),
    })
    .map(({ fields, ...rest }) => compact({ type: 4, ...rest, ...fields }))

/**
 * A valid command create body for `scope`: CHAT_INPUT (every option type,
 * subcommands and groups, choices, bounds, lengths, channel types, autocomplete,
 * localizations, up to the 25-item caps and under the size budget), USER and
 * MESSAGE (mixed case, spaces) and, globally, PRIMARY_ENTRY_POINT with a handler.
 */
export function validCommand(opts: ValidCommandOptions & { scope: 'guild' }): fc.Arbitrary<GuildCommandJSON>
export function validCommand(opts?: ValidCommandOptions): fc.Arbitrary<CommandJSON>
export function validCommand(opts: ValidCommandOptions = {}): fc.Arbitrary<CommandJSON | GuildCommandJSON> {
  return buildValidCommand(opts)
}

const buildValidCommand = memo((opts: ValidCommandOptions): fc.Arbitrary<CommandJSON> => {
  const scope = opts.scope ?? 'global'
  const charset = opts.charset ?? 'full'
  const types = (opts.types ?? [1, 2, 3, 4]).filter((t) => t !== 4 || scope === 'global')
  const weights = { 1: 6, 2: 1, 3: 1, 4: 1 }
  const kinds = types.map((t) => ({
    weight: weights[t],
    arbitrary:
      t === 1 ? chatInput(scope, opts.profiles ?? DEFAULT_PROFILES, opts.budget ?? COMMAND_SIZE_LIMIT, charset) : t === 4 ? entryPoint(charset) : contextMenu(scope, t, charset),
  }))
  return fc.oneof(...kinds) as unknown as fc.Arbitrary<CommandJSON>
})

/** The same values typed as loose JSON objects, for tests that take them apart or edit them. */
export const asJson = (arb: fc.Arbitrary<CommandJSON> | fc.Arbitrary<GuildCommandJSON>): fc.Arbitrary<Json> => arb as unknown as fc.Arbitrary<Json>

/** A list arbitrary typed as loose JSON objects. */
export const asJsonList = (arb: fc.Arbitrary<BulkCommandJSON[]> | fc.Arbitrary<GuildBulkCommandJSON[]>): fc.Arbitrary<Json[]> => arb as unknown as fc.Arbitrary<Json[]>

// ---------------------------------------------------------------- sets

/** "Limits": commands per type in one scope (global; a guild allows no PRIMARY_ENTRY_POINT). */
export const PER_TYPE_LIMIT = { 1: 100, 2: 15, 3: 15, 4: 1 } as const

/** The type of a command body, `type` defaulting to 1. */
export const commandType = (c: Json): number => (c.type === undefined ? 1 : (c.type as number))

const snowflake = fc.bigInt({ min: 1n, max: 2n ** 63n }).map(String)

/** Options of `validCommandSet`. */
export interface ValidCommandSetOptions {
  readonly scope?: Scope
  readonly charset?: Charset
}

/**
 * A valid bulk-overwrite list for `scope` ("Endpoints" PUT, "Bulk guild body"):
 * names unique per type, at most 100 CHAT_INPUT, 15 USER, 15 MESSAGE and (globally)
 * 1 PRIMARY_ENTRY_POINT ("Naming rules" 3, "Limits"). Commands of different types
 * often share a name, which "Naming rules" 3 allows; some carry a known `id`.
 * Either a few commands of any shape, or every type filled to its limit.
 */
export function validCommandSet(opts: ValidCommandSetOptions & { scope: 'guild' }): fc.Arbitrary<GuildBulkCommandJSON[]>
export function validCommandSet(opts?: ValidCommandSetOptions): fc.Arbitrary<BulkCommandJSON[]>
export function validCommandSet(opts: ValidCommandSetOptions = {}): fc.Arbitrary<BulkCommandJSON[] | GuildBulkCommandJSON[]> {
  return buildValidCommandSet(opts)
}

const buildValidCommandSet = memo((opts: ValidCommandSetOptions): fc.Arbitrary<BulkCommandJSON[]> => {
  const scope = opts.scope ?? 'global'
  const charset = opts.charset ?? 'full'
  const key = (c: Json) => `${commandType(c)}:${c.name as string}`
  const some = fc
    .uniqueArray(asJson(validCommand({ scope, charset, profiles: ['small', 'tree'] })), { selector: key, maxLength: 8 })
    .map((cs) => cs.filter((c, i) => commandType(c) !== 4 || cs.findIndex((d) => commandType(d) === 4) === i))
  const full = fc
    .tuple(
      fc
        .oneof(fc.constant(100), fc.integer({ min: 1, max: 100 }))
        .chain((n) => fc.uniqueArray(asJson(validCommand({ scope, charset, types: [1], profiles: ['bare'] })), { selector: key, minLength: n, maxLength: n })),
      fc.uniqueArray(asJson(validCommand({ scope, charset, types: [2] })), { selector: key, minLength: 15, maxLength: 15 }),
      fc.uniqueArray(asJson(validCommand({ scope, charset, types: [3] })), { selector: key, minLength: 15, maxLength: 15 }),
      scope === 'global' ? fc.array(asJson(validCommand({ scope, charset, types: [4] })), { minLength: 1, maxLength: 1 }) : fc.constant([]),
    )
    .chain((parts) => fc.shuffledSubarray(parts.flat(), { minLength: parts.flat().length }))
  return fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: some }, { weight: 1, arbitrary: full }),
      fc.boolean(),
      fc.array(fc.option(snowflake, { nil: undefined }), { maxLength: 131, minLength: 131 }),
    )
    .map(([generated, share, ids]) => {
      const commands = generated.map((c) => ({ ...c }))
      // "Naming rules" 3: a USER or MESSAGE command may share a CHAT_INPUT command's name.
      if (share) {
        const chat = commands.filter((c) => commandType(c) === 1).map((c) => c.name as string)
        for (const type of [2, 3]) {
          const taken = new Set(commands.filter((c) => commandType(c) === type).map((c) => c.name))
          let k = 0
          for (const c of commands) {
            const name = chat[k]
            if (commandType(c) !== type || name === undefined || taken.has(name)) continue
            taken.delete(c.name)
            c.name = name
            taken.add(name)
            k++
          }
        }
      }
      return commands.map((c, i) => (ids[i] === undefined ? c : { id: ids[i], ...c }))
    }) as unknown as fc.Arbitrary<BulkCommandJSON[]>
})
