/**
 * fast-check arbitraries for the builder properties: descriptions of valid
 * commands as sequences of builder calls, the builders they make, the JSON they
 * imply (a small model of each method, written from the spec, not from the
 * implementation), and valid command JSON with the fields only plain payloads
 * carry (defaults spelled out, null dictionaries, an omitted type).
 *
 * Validity by construction: names are unique per array and carry no '-', so a
 * localized name `${name}-l${k}` never meets another option's name (spec: "Naming
 * rules" 4 and 5); required options are put first ("Command option" rule 1); the
 * sizes are capped so that a command stays under 8000 characters ("Limits").
 */
import fc from 'fast-check'
import { choice, entryPoint, Locales, message, option, PermissionFlags, slash, user, type Locale } from '../../src/index.js'

type Json = Record<string, unknown>

// ---------------------------------------------------------------- text

const chars = (pool: string) => [...pool]
/** "Naming rules" 1 without '-' (kept for localized names): letters, digits, '_', "'", Devanagari, Thai, uncased and lower-case non-ASCII. */
const CHAT_CHARS = chars("abcdefghxyz0179_'éжωकखชญ日")
/** "Naming rules" 2: any case, spaces. */
const PLAIN_CHARS = chars('AbCdeZ xy09-éÉ🎉')
/** Descriptions and choice text: ASCII, accents, an astral character (two UTF-16 units, one character). */
const TEXT_CHARS = chars('Aaz Z09.,!?-é日क🎉')

const text = (pool: string[], minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...pool), minLength, maxLength })

export const chatName = text(CHAT_CHARS, 1, 20)
export const plainName = text(PLAIN_CHARS, 1, 32)
export const description = text(TEXT_CHARS, 1, 30)
const choiceName = text(TEXT_CHARS, 1, 20)
const stringValue = text(TEXT_CHARS, 0, 20)
const locale = fc.constantFrom<Locale>(...Locales)

// ---------------------------------------------------------------- descriptions

/** A localize call: `.localize(locale, { name?, description? })`; `k` picks the localized name `${name}-l${k}`, -1 the default name. */
export interface LocalizeStep {
  readonly locale: Locale
  readonly name?: number
  readonly description?: string | 'default'
}

const localizeStep = (withDescription: boolean): fc.Arbitrary<LocalizeStep> =>
  fc
    .record(
      {
        locale,
        name: fc.integer({ min: -1, max: 9 }),
        description: fc.oneof({ weight: 4, arbitrary: description }, { weight: 1, arbitrary: fc.constant<'default'>('default') }),
      },
      { requiredKeys: withDescription ? ['locale'] : ['locale', 'name'] },
    )
    .map((s) => (withDescription ? s : { locale: s.locale, name: s.name }))

export interface ChoiceDesc {
  readonly name: string
  readonly value: string | number
  /** Localized names: the text, or 'default' for the default name. */
  readonly localize: readonly { readonly locale: Locale; readonly name: string | 'default' }[]
}

const choiceDesc = (value: fc.Arbitrary<string | number>): fc.Arbitrary<ChoiceDesc> =>
  fc.record({
    name: choiceName,
    value,
    localize: fc.array(fc.record({ locale, name: fc.oneof({ weight: 4, arbitrary: choiceName }, { weight: 1, arbitrary: fc.constant('default') }) }), {
      maxLength: 2,
    }),
  })

export type LeafKind = 'string' | 'integer' | 'number' | 'boolean' | 'user' | 'channel' | 'role' | 'mentionable' | 'attachment'
const LEAF_TYPE: Record<LeafKind, number> = { string: 3, integer: 4, boolean: 5, user: 6, channel: 7, role: 8, mentionable: 9, number: 10, attachment: 11 }

/** One call on an option builder. */
export type OptionStep =
  | { readonly m: 'required' }
  | { readonly m: 'autocomplete' }
  | { readonly m: 'choices'; readonly items: readonly ChoiceDesc[] }
  | { readonly m: 'min' | 'max' | 'minLength' | 'maxLength'; readonly v: number }
  | { readonly m: 'channelTypes'; readonly v: readonly number[] }
  | { readonly m: 'localize'; readonly l: LocalizeStep }

export interface OptionDesc {
  readonly kind: LeafKind
  readonly name: string
  readonly description: string
  readonly required: boolean
  readonly steps: readonly OptionStep[]
}

const CHANNEL_TYPES = [0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16]
const safeInt = fc.maxSafeInteger()
const double = fc.double({ min: -(2 ** 53), max: 2 ** 53, noNaN: true })

/** A pair `[lo, hi]` with lo <= hi, each side optional. */
const bounds = (n: fc.Arbitrary<number>) =>
  fc.tuple(fc.option(n, { nil: undefined }), fc.option(n, { nil: undefined })).map(([a, b]) => (a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]))

/** Choices split over 1 or 2 calls, 1 to 4 in all. */
const choiceCalls = (value: fc.Arbitrary<string | number>): fc.Arbitrary<OptionStep[]> =>
  fc
    .array(choiceDesc(value), { minLength: 1, maxLength: 4 })
    .chain((items) =>
      fc
        .integer({ min: 0, max: items.length })
        .map((cut) => [items.slice(0, cut), items.slice(cut)].filter((part) => part.length > 0).map((part) => ({ m: 'choices' as const, items: part }))),
    )

/** The steps an option of `kind` may take, without required and localize. */
function kindSteps(kind: LeafKind): fc.Arbitrary<OptionStep[]> {
  const mode = (value: fc.Arbitrary<string | number>) => fc.oneof(fc.constant<OptionStep[]>([]), fc.constant<OptionStep[]>([{ m: 'autocomplete' }]), choiceCalls(value))
  const range = (n: fc.Arbitrary<number>, lo: 'min' | 'minLength', hi: 'max' | 'maxLength') =>
    bounds(n).map(([a, b]) => [...(a === undefined ? [] : [{ m: lo, v: a } as OptionStep]), ...(b === undefined ? [] : [{ m: hi, v: b } as OptionStep])])
  switch (kind) {
    case 'string':
      return fc.tuple(mode(stringValue), range(fc.integer({ min: 1, max: 6000 }), 'minLength', 'maxLength'), fc.boolean()).map(([m, r, zero]) => {
        // min_length may be 0 (max_length may not): sometimes lower the minimum to 0.
        const lengths = zero ? r.map((s) => (s.m === 'minLength' ? { ...s, v: 0 } : s)) : r
        return [...m, ...lengths]
      })
    case 'integer':
      return fc.tuple(mode(safeInt), range(safeInt, 'min', 'max')).map(([m, r]) => [...m, ...r])
    case 'number':
      return fc.tuple(mode(double), range(double, 'min', 'max')).map(([m, r]) => [...m, ...r])
    case 'channel':
      return fc.option(fc.subarray(CHANNEL_TYPES), { nil: undefined }).map((v) => (v === undefined ? [] : [{ m: 'channelTypes' as const, v }]))
    default:
      return fc.constant([])
  }
}

/** A valid option: its steps (kind steps, required, localize calls) in a random order. */
export const optionDesc = (name: string): fc.Arbitrary<OptionDesc> =>
  fc
    .constantFrom<LeafKind>('string', 'integer', 'number', 'boolean', 'user', 'channel', 'role', 'mentionable', 'attachment')
    .chain((kind) =>
      fc.record({
        kind: fc.constant(kind),
        name: fc.constant(name),
        description,
        required: fc.boolean(),
        own: kindSteps(kind),
        localize: fc.array(localizeStep(true), { maxLength: 3 }),
      }),
    )
    .chain(({ own, localize, ...rest }) =>
      fc
        .shuffledSubarray([...own, ...(rest.required ? [{ m: 'required' } as const] : []), ...localize.map((l) => ({ m: 'localize' as const, l }))], {
          minLength: own.length + (rest.required ? 1 : 0) + localize.length,
        })
        .map((steps) => ({ ...rest, steps })),
    )

/** Unique names for one options array. */
const names = (min: number, max: number) => fc.uniqueArray(chatName, { minLength: min, maxLength: max })

/** Options for one array, required first ("Command option" rule 1), split over 1 to 3 `.options(...)` calls. */
const optionCalls = (max: number): fc.Arbitrary<OptionDesc[][]> =>
  names(0, max)
    .chain((ns) => fc.tuple(...ns.map(optionDesc)))
    .map((os) => [...os.filter((o) => o.required), ...os.filter((o) => !o.required)])
    .chain((os) =>
      fc.tuple(fc.integer({ min: 0, max: os.length }), fc.integer({ min: 0, max: os.length })).map(([a, b]) => {
        const [x, y] = a <= b ? [a, b] : [b, a]
        return [os.slice(0, x), os.slice(x, y), os.slice(y)].filter((part, i) => part.length > 0 || i === 0)
      }),
    )

export interface SubcommandDesc {
  readonly kind: 'subcommand'
  readonly name: string
  readonly description: string
  readonly localize: readonly LocalizeStep[]
  /** `undefined`: no callback at all. */
  readonly options: readonly OptionDesc[][] | undefined
}

export interface GroupDesc {
  readonly kind: 'group'
  readonly name: string
  readonly description: string
  readonly localize: readonly LocalizeStep[]
  readonly subcommands: readonly SubcommandDesc[]
}

const subcommandDesc = (name: string): fc.Arbitrary<SubcommandDesc> =>
  fc.record({
    kind: fc.constant<'subcommand'>('subcommand'),
    name: fc.constant(name),
    description,
    localize: fc.array(localizeStep(true), { maxLength: 2 }),
    options: fc.option(optionCalls(3), { nil: undefined }),
  })

const groupDesc = (name: string): fc.Arbitrary<GroupDesc> =>
  fc.record({
    kind: fc.constant<'group'>('group'),
    name: fc.constant(name),
    description,
    localize: fc.array(localizeStep(true), { maxLength: 2 }),
    subcommands: names(0, 3).chain((ns) => fc.tuple(...ns.map(subcommandDesc))),
  })

/** A call on a command builder (settings). */
export type CommandStep =
  | { readonly m: 'localize'; readonly l: LocalizeStep }
  | { readonly m: 'defaultMemberPermissions'; readonly v: readonly (string | bigint)[] | null }
  | { readonly m: 'contexts'; readonly v: readonly (number | string)[] }
  | { readonly m: 'integrationTypes'; readonly v: readonly (number | string)[] }
  | { readonly m: 'dmPermission'; readonly v: boolean }
  | { readonly m: 'nsfw'; readonly v: boolean | undefined }
  | { readonly m: 'handler'; readonly v: number | string }

const FLAG_NAMES = Object.keys(PermissionFlags) as (keyof typeof PermissionFlags)[]
const permissionInput = fc.oneof(
  fc.constantFrom(...FLAG_NAMES),
  // At most 2^54 - 1, the OpenAPI's maximum (docs/spec-notes.md).
  fc.bigInt({ min: 0n, max: 2n ** 54n - 1n }),
  fc.bigInt({ min: 0n, max: 2n ** 54n - 1n }).map(String),
  fc.constant('0'),
)
const CONTEXTS = [0, 1, 2, 'Guild', 'BotDm', 'PrivateChannel']
const INTEGRATIONS = [0, 1, 'GuildInstall', 'UserInstall']

const settingStep = (global: boolean, handler: boolean): fc.Arbitrary<CommandStep> =>
  fc.oneof(
    fc.record({ m: fc.constant('defaultMemberPermissions' as const), v: fc.oneof(fc.constant(null), fc.array(permissionInput, { minLength: 1, maxLength: 3 })) }),
    fc.record({ m: fc.constant('nsfw' as const), v: fc.option(fc.boolean(), { nil: undefined }) }),
    ...(global
      ? [
          // At least one value, none twice (the OpenAPI's minItems 1 and uniqueItems): a name and its number are one value.
          fc.record({
            m: fc.constant('contexts' as const),
            v: fc.uniqueArray(fc.constantFrom(...CONTEXTS), { minLength: 1, maxLength: 3, selector: (x) => CONTEXTS.indexOf(x) % 3 }),
          }),
          fc.record({
            m: fc.constant('integrationTypes' as const),
            v: fc.uniqueArray(fc.constantFrom(...INTEGRATIONS), { minLength: 1, maxLength: 2, selector: (x) => INTEGRATIONS.indexOf(x) % 2 }),
          }),
          fc.record({ m: fc.constant('dmPermission' as const), v: fc.boolean() }),
        ]
      : []),
    ...(handler ? [fc.record({ m: fc.constant('handler' as const), v: fc.constantFrom(1, 2, 'AppHandler', 'DiscordLaunchActivity') })] : []),
  )

export type CommandDesc =
  | {
      readonly kind: 'slash'
      readonly name: string
      readonly description: string
      readonly body: { readonly options: readonly OptionDesc[][] } | { readonly children: readonly (SubcommandDesc | GroupDesc)[] }
      readonly steps: readonly CommandStep[]
    }
  | { readonly kind: 'user' | 'message'; readonly name: string; readonly steps: readonly CommandStep[]; readonly names: readonly string[] }
  | { readonly kind: 'entry'; readonly name: string; readonly description: string; readonly steps: readonly CommandStep[]; readonly names: readonly string[] }

const settings = (global: boolean, handler: boolean, localize: fc.Arbitrary<CommandStep>) => fc.array(fc.oneof(settingStep(global, handler), localize), { maxLength: 6 })

/**
 * A valid command description. `global: false` leaves out contexts, integration
 * types, dm permission and entry points, so that it fits a guild.
 */
export const commandDesc = (opts: { global?: boolean } = {}): fc.Arbitrary<CommandDesc> => {
  const global = opts.global ?? true
  const slashDesc = fc.record({
    kind: fc.constant<'slash'>('slash'),
    name: chatName,
    description,
    body: fc.oneof(
      optionCalls(8).map((options) => ({ options })),
      names(1, 3)
        .chain((ns) => fc.tuple(...ns.map((n) => fc.oneof(subcommandDesc(n), groupDesc(n)))))
        .map((children) => ({ children })),
    ),
    steps: settings(
      global,
      false,
      localizeStep(true).map((l) => ({ m: 'localize' as const, l })),
    ),
  })
  // USER and MESSAGE commands localize their name only, with plain names.
  const plainLocalize = fc.record({ m: fc.constant('localize' as const), l: fc.record({ locale, name: fc.integer({ min: -1, max: 2 }) }) })
  const contextMenu = fc.record({
    kind: fc.constantFrom<'user' | 'message'>('user', 'message'),
    name: plainName,
    names: fc.tuple(plainName, plainName, plainName),
    steps: settings(global, false, plainLocalize),
  })
  const entry = fc.record({
    kind: fc.constant<'entry'>('entry'),
    name: plainName,
    description,
    names: fc.tuple(plainName, plainName, plainName),
    steps: fc
      .tuple(
        fc.option(fc.constantFrom(1, 2, 'AppHandler', 'DiscordLaunchActivity'), { nil: undefined }),
        settings(
          true,
          true,
          fc.oneof(
            plainLocalize,
            fc.record({ m: fc.constant('localize' as const), l: fc.record({ locale, description: fc.oneof(description, fc.constant<'default'>('default')) }) }),
          ),
        ),
      )
      .map(([handler, steps]): CommandStep[] => (handler === undefined ? steps : [{ m: 'handler', v: handler }, ...steps])),
  })
  return global
    ? fc.oneof({ weight: 6, arbitrary: slashDesc }, { weight: 2, arbitrary: contextMenu }, { weight: 1, arbitrary: entry })
    : fc.oneof({ weight: 3, arbitrary: slashDesc }, { weight: 1, arbitrary: contextMenu })
}

// ---------------------------------------------------------------- the model: JSON a description implies

/** Localized name `k` of `name`: the default for -1, `${name}-l${k}` otherwise (chat names). */
const chatLocalized = (name: string, k: number): string => (k < 0 ? name : `${name}-l${k}`)

/** The locales that have a fallback (spec "Other command rules" 6: en-US to en-GB, en-GB to en-US, es-419 to es-ES). */
const HAS_FALLBACK: readonly string[] = ['en-US', 'en-GB', 'es-419']

/**
 * Spec "Other command rules" 6: a localized value equal to the default is not emitted
 * (and removes an earlier one), except in a locale with a fallback, where it keeps
 * the fallback from showing.
 */
function localizeInto(json: Json, field: 'name' | 'description', locale: Locale, value: string): void {
  const key = `${field}_localizations`
  const dict = json[key] as Record<string, string> | undefined
  if (value === json[field] && !HAS_FALLBACK.includes(locale)) {
    if (dict !== undefined) {
      delete dict[locale]
      if (Object.keys(dict).length === 0) delete json[key]
    }
  } else json[key] = { ...dict, [locale]: value }
}

function applyLocalize(json: Json, l: LocalizeStep, nameOf: (k: number) => string): void {
  if (l.name !== undefined) localizeInto(json, 'name', l.locale, nameOf(l.name))
  if (l.description !== undefined) localizeInto(json, 'description', l.locale, l.description === 'default' ? (json.description as string) : l.description)
}

export function choiceJSON(c: ChoiceDesc): Json {
  const json: Json = { name: c.name, value: c.value }
  for (const l of c.localize) localizeInto(json, 'name', l.locale, l.name === 'default' ? c.name : l.name)
  return json
}

const FIELD = { min: 'min_value', max: 'max_value', minLength: 'min_length', maxLength: 'max_length', channelTypes: 'channel_types' } as const

export function optionJSON(o: OptionDesc): Json {
  const json: Json = { type: LEAF_TYPE[o.kind], name: o.name, description: o.description }
  for (const s of o.steps) {
    switch (s.m) {
      case 'required':
      case 'autocomplete':
        json[s.m] = true
        break
      case 'choices':
        json.choices = [...((json.choices as Json[] | undefined) ?? []), ...s.items.map(choiceJSON)]
        break
      case 'localize':
        applyLocalize(json, s.l, (k) => chatLocalized(o.name, k))
        break
      default:
        json[FIELD[s.m]] = Array.isArray(s.v) ? [...s.v] : s.v
    }
  }
  return json
}

function subcommandJSON(s: SubcommandDesc): Json {
  const json: Json = { type: 1, name: s.name, description: s.description }
  if (s.options !== undefined) {
    const all = s.options.flat()
    // `.options()` with no argument still makes an (empty) options array.
    if (s.options.length > 0) json.options = all.map(optionJSON)
  }
  for (const l of s.localize) applyLocalize(json, l, (k) => chatLocalized(s.name, k))
  return json
}

function groupJSON(g: GroupDesc): Json {
  const json: Json = { type: 2, name: g.name, description: g.description }
  if (g.subcommands.length > 0) json.options = g.subcommands.map(subcommandJSON)
  for (const l of g.localize) applyLocalize(json, l, (k) => chatLocalized(g.name, k))
  return json
}

const CONTEXT_VALUE: Record<string, number> = { Guild: 0, BotDm: 1, PrivateChannel: 2 }
const INTEGRATION_VALUE: Record<string, number> = { GuildInstall: 0, UserInstall: 1 }
const HANDLER_VALUE: Record<string, number> = { AppHandler: 1, DiscordLaunchActivity: 2 }
const byName = (table: Record<string, number>) => (v: number | string) => (typeof v === 'string' ? (table[v] as number) : v)

function applySetting(json: Json, s: CommandStep, nameOf: (k: number) => string): void {
  switch (s.m) {
    case 'localize':
      applyLocalize(json, s.l, nameOf)
      return
    case 'defaultMemberPermissions': {
      if (s.v === null) json.default_member_permissions = null
      else {
        let bits = 0n
        for (const p of s.v) bits |= typeof p === 'bigint' ? p : /^\d+$/.test(p) ? BigInt(p) : PermissionFlags[p as keyof typeof PermissionFlags]
        json.default_member_permissions = bits.toString()
      }
      return
    }
    case 'contexts':
      json.contexts = s.v.map(byName(CONTEXT_VALUE))
      return
    case 'integrationTypes':
      json.integration_types = s.v.map(byName(INTEGRATION_VALUE))
      return
    case 'dmPermission':
      // true is the service's default: not emitted.
      if (s.v) delete json.dm_permission
      else json.dm_permission = false
      return
    case 'nsfw':
      // false is the service's default: not emitted.
      if (s.v === false) delete json.nsfw
      else json.nsfw = true
      return
    case 'handler':
      json.handler = byName(HANDLER_VALUE)(s.v)
      return
  }
}

/** The JSON a description implies. */
export function commandJSON(d: CommandDesc): Json {
  let json: Json
  let nameOf: (k: number) => string
  switch (d.kind) {
    case 'slash':
      json = { type: 1, name: d.name, description: d.description }
      if ('options' in d.body) {
        if (d.body.options.length > 0) json.options = d.body.options.flat().map(optionJSON)
      } else json.options = d.body.children.map((c) => (c.kind === 'group' ? groupJSON(c) : subcommandJSON(c)))
      nameOf = (k) => chatLocalized(d.name, k)
      break
    case 'user':
    case 'message':
      json = { type: d.kind === 'user' ? 2 : 3, name: d.name }
      nameOf = (k) => (k < 0 ? d.name : (d.names[k] as string))
      break
    case 'entry':
      json = { type: 4, name: d.name, description: d.description }
      nameOf = (k) => (k < 0 ? d.name : (d.names[k] as string))
      break
  }
  for (const s of d.steps) applySetting(json, s, nameOf)
  return json
}

// ---------------------------------------------------------------- the builders a description makes

/* eslint-disable @typescript-eslint/no-explicit-any -- the chains are typed by the type tests; here they are driven by data */

function localizeArg(l: LocalizeStep, nameOf: (k: number) => string, defaultDescription: string | undefined): any {
  const out: { name?: string; description?: string } = {}
  if (l.name !== undefined) out.name = nameOf(l.name)
  if (l.description !== undefined) out.description = l.description === 'default' ? (defaultDescription as string) : l.description
  return out
}

export function buildChoice(c: ChoiceDesc): any {
  let b: any = choice(c.name, c.value)
  for (const l of c.localize) b = b.localize(l.locale, l.name === 'default' ? c.name : l.name)
  return b
}

export function buildOption(o: OptionDesc): any {
  let b: any = (option as any)[o.kind](o.name, o.description)
  for (const s of o.steps) {
    switch (s.m) {
      case 'required':
      case 'autocomplete':
        b = b[s.m]()
        break
      case 'choices':
        b = b.choices(...s.items.map(buildChoice))
        break
      case 'channelTypes':
        b = b.channelTypes(...s.v)
        break
      case 'localize':
        b = b.localize(
          s.l.locale,
          localizeArg(s.l, (k) => chatLocalized(o.name, k), o.description),
        )
        break
      default:
        b = b[s.m](s.v)
    }
  }
  return b
}

function buildSubcommand(s: SubcommandDesc) {
  return (sub: any): any => {
    let b = sub
    for (const call of s.options ?? []) b = b.options(...call.map(buildOption))
    for (const l of s.localize)
      b = b.localize(
        l.locale,
        localizeArg(l, (k) => chatLocalized(s.name, k), s.description),
      )
    return b
  }
}

/** The builder a description makes, through the public API only. */
export function buildCommand(d: CommandDesc): any {
  let b: any
  let nameOf: (k: number) => string
  let defaultDescription: string | undefined
  switch (d.kind) {
    case 'slash':
      b = slash(d.name, d.description)
      if ('options' in d.body) for (const call of d.body.options) b = b.options(...call.map(buildOption))
      else
        for (const c of d.body.children) {
          if (c.kind === 'subcommand')
            b = c.options === undefined && c.localize.length === 0 ? b.subcommand(c.name, c.description) : b.subcommand(c.name, c.description, buildSubcommand(c))
          else
            b = b.group(c.name, c.description, (g: any) => {
              let out = g
              for (const s of c.subcommands)
                out = s.options === undefined && s.localize.length === 0 ? out.subcommand(s.name, s.description) : out.subcommand(s.name, s.description, buildSubcommand(s))
              for (const l of c.localize)
                out = out.localize(
                  l.locale,
                  localizeArg(l, (k) => chatLocalized(c.name, k), c.description),
                )
              return out
            })
        }
      nameOf = (k) => chatLocalized(d.name, k)
      defaultDescription = d.description
      break
    case 'user':
    case 'message':
      b = d.kind === 'user' ? user(d.name) : message(d.name)
      nameOf = (k) => (k < 0 ? d.name : (d.names[k] as string))
      break
    case 'entry':
      b = entryPoint(d.name, d.description)
      nameOf = (k) => (k < 0 ? d.name : (d.names[k] as string))
      defaultDescription = d.description
      break
  }
  for (const s of d.steps) {
    switch (s.m) {
      case 'localize':
        b = b.localize(s.l.locale, localizeArg(s.l, nameOf, defaultDescription))
        break
      case 'defaultMemberPermissions':
        b = s.v === null ? b.defaultMemberPermissions(null) : b.defaultMemberPermissions(...s.v)
        break
      case 'contexts':
      case 'integrationTypes':
        b = b[s.m](...s.v)
        break
      case 'nsfw':
        b = s.v === undefined ? b.nsfw() : b.nsfw(s.v)
        break
      default:
        b = b[s.m](s.v)
    }
  }
  return b
}

/** Whether a description sets anything a guild refuses. */
export const isGlobalOnly = (d: CommandDesc): boolean => d.kind === 'entry' || d.steps.some((s) => s.m === 'contexts' || s.m === 'integrationTypes' || s.m === 'dmPermission')

// ---------------------------------------------------------------- valid JSON, with what only plain payloads carry

/** Which plain-payload spellings to add: each one the service accepts and a builder never writes. */
export interface Decorations {
  readonly omitType: boolean
  readonly requiredFalse: boolean
  readonly autocompleteFalse: boolean
  readonly nullLocalizations: boolean
  readonly defaultEqualLocalization: Locale | undefined
  readonly nsfwFalse: boolean
  readonly dmPermissionTrue: boolean
  readonly nullPermissions: boolean
  readonly nullContexts: boolean
  readonly defaultPermission: boolean | null | undefined
  readonly emptyArrays: boolean
}

const decorations: fc.Arbitrary<Decorations> = fc.record({
  omitType: fc.boolean(),
  requiredFalse: fc.boolean(),
  autocompleteFalse: fc.boolean(),
  nullLocalizations: fc.boolean(),
  defaultEqualLocalization: fc.option(locale, { nil: undefined }),
  nsfwFalse: fc.boolean(),
  dmPermissionTrue: fc.boolean(),
  nullPermissions: fc.boolean(),
  nullContexts: fc.boolean(),
  defaultPermission: fc.option(fc.oneof(fc.boolean(), fc.constant(null)), { nil: undefined }),
  emptyArrays: fc.boolean(),
})

function decorateLocalized(json: Json, d: Decorations, fields: readonly ('name' | 'description')[]): void {
  for (const field of fields) {
    const key = `${field}_localizations`
    if (json[key] === undefined) {
      if (d.nullLocalizations) json[key] = null
    } else if (d.defaultEqualLocalization !== undefined && field === 'name') {
      // Kept as given in plain JSON (the service ignores it); a builder would drop it.
      const dict = json[key] as Record<string, string>
      if (!(d.defaultEqualLocalization in dict)) dict[d.defaultEqualLocalization] = json.name as string
    }
  }
}

function decorateOption(o: Json, d: Decorations): void {
  decorateLocalized(o, d, ['name', 'description'])
  const type = o.type as number
  if (type === 1 || type === 2) {
    if (o.options === undefined && d.emptyArrays) o.options = []
    for (const child of (o.options as Json[] | undefined) ?? []) decorateOption(child, d)
    return
  }
  if (o.required === undefined && d.requiredFalse) o.required = false
  const withChoices = type === 3 || type === 4 || type === 10
  if (withChoices && o.autocomplete === undefined && o.choices === undefined && d.autocompleteFalse) o.autocomplete = false
  if (withChoices && o.choices === undefined && o.autocomplete === undefined && d.emptyArrays) o.choices = []
  for (const c of (o.choices as Json[] | undefined) ?? []) decorateLocalized(c, d, ['name'])
  if (type === 7 && o.channel_types === undefined && d.emptyArrays) o.channel_types = []
}

/** `json` (a global command from `commandJSON`) with the decorations applied, in place. */
export function decorate(json: Json, d: Decorations): Json {
  const type = json.type as number
  if (type === 1 && d.omitType) delete json.type
  decorateLocalized(json, d, type === 2 || type === 3 ? ['name'] : ['name', 'description'])
  if (type === 1) {
    if (json.options === undefined && d.emptyArrays) json.options = []
    for (const o of (json.options as Json[] | undefined) ?? []) decorateOption(o, d)
  }
  if (json.nsfw === undefined && d.nsfwFalse) json.nsfw = false
  if (json.dm_permission === undefined && d.dmPermissionTrue) json.dm_permission = true
  if (json.default_member_permissions === undefined && d.nullPermissions) json.default_member_permissions = null
  if (json.contexts === undefined && d.nullContexts) json.contexts = null
  if (d.defaultPermission !== undefined) json.default_permission = d.defaultPermission
  return json
}

/** Valid command JSON (global create bodies), including spellings only plain payloads use. */
export const validCommandJSON: fc.Arbitrary<Json> = fc.tuple(commandDesc(), decorations).map(([desc, d]) => decorate(commandJSON(desc), d))
