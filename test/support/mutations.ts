/**
 * Mutations: each takes a valid definition (from `test/support/arbitraries.ts`) and breaks
 * exactly one rule of the spec (docs/rules.md), returning the broken definition and the path
 * of the field that now breaks it. The property tests assert that slashkit refuses
 * each one with exactly one issue, of the expected code, at that path; the
 * differential test feeds them to @discordjs/builders.
 *
 * A mutation never edits its input: it works on a copy. When the rule needs a kind
 * of option the definition does not have, the mutation replaces a value option
 * (keeping its name, localizations, description and `required`, so that every
 * other rule still holds) or appends one with a fresh name.
 */
import fc from 'fast-check'
import type { IssueCode } from '../../src/index.js'
import { COMMANDS_LIST_MAX } from '../../src/rules/bounds.js'
import { asJson, asJsonList, codePoints, commandType, COMMAND_SIZE_LIMIT, PER_TYPE_LIMIT, specSize, topUpToSize, validCommand, validCommandSet, type Scope } from './arbitraries.js'
import { at, isObj, type Json, type Path } from './json.js'

// ---------------------------------------------------------------- navigation

/** What an options array may hold ("Other command rules" 1). */
export type Holds = 'values' | 'children' | 'subcommands' | 'either'

/** An options array of a command (present or not) and where it is. */
export interface OptionsArray {
  /** Path of the array itself (it may be absent from the JSON). */
  readonly path: Path
  /** The object that holds it: the command, a subcommand or a group. */
  readonly holder: Json
  readonly holds: Holds
  /** Its elements; empty when the array is absent. */
  readonly items: Json[]
}

/** An option of a command and where it is. */
export interface Located {
  readonly path: Path
  readonly option: Json
  readonly array: OptionsArray
}

const isParent = (o: Json) => o.type === 1 || o.type === 2

/** Every options array of a CHAT_INPUT command: the command's, each group's, each subcommand's. */
export function optionArrays(command: Json): OptionsArray[] {
  const out: OptionsArray[] = []
  const visit = (holder: Json, path: Path, holds: Holds) => {
    const items = Array.isArray(holder.options) ? (holder.options as Json[]) : []
    out.push({ path: [...path, 'options'], holder, holds, items })
    items.forEach((o, i) => {
      if (o.type === 1) visit(o, [...path, 'options', i], 'values')
      if (o.type === 2) visit(o, [...path, 'options', i], 'subcommands')
    })
  }
  const top = Array.isArray(command.options) ? (command.options as Json[]) : []
  visit(command, [], top.length === 0 ? 'either' : top.some(isParent) ? 'children' : 'values')
  return out
}

/** Every option of a command, at any depth. */
export function allOptions(command: Json): Located[] {
  return optionArrays(command).flatMap((array) => array.items.map((option, i) => ({ path: [...array.path, i], option, array })))
}

/** Value options (types 3 to 11) of a command, at any depth. */
export const valueOptions = (command: Json, filter: (o: Json) => boolean = () => true): Located[] => allOptions(command).filter(({ option }) => !isParent(option) && filter(option))

/** Names taken in an options array: default names and localized names (so a fresh name meets neither "Naming rules" 4 nor 5). */
function takenNames(items: readonly Json[]): Set<unknown> {
  const taken = new Set<unknown>()
  for (const o of items) {
    taken.add(o.name)
    if (isObj(o.name_localizations)) for (const v of Object.values(o.name_localizations)) taken.add(v)
  }
  return taken
}

/** A lower-case ASCII name not taken in `items`. */
export function freshName(items: readonly Json[], stem = 'fresh'): string {
  const taken = takenNames(items)
  for (let k = 0; ; k++) if (!taken.has(`${stem}${k}`)) return `${stem}${k}`
}

/** Appends to an options array, creating it if absent; returns the new element's path. */
function append(array: OptionsArray, option: Json): Path {
  if (!Array.isArray(array.holder.options)) array.holder.options = []
  const items = array.holder.options as Json[]
  items.push(option)
  return [...array.path, items.length - 1]
}

const pickFrom = <T>(xs: readonly T[], pick: number): T | undefined => (xs.length === 0 ? undefined : xs[pick % xs.length])

/** The fields of an option that keep every array-level rule when its type changes. */
const keep = (o: Json): Json => {
  const out: Json = {}
  for (const k of ['name', 'name_localizations', 'description', 'description_localizations', 'required']) if (k in o) out[k] = o[k]
  return out
}

/**
 * Puts a value option made by `make` into the command: in place of an existing
 * value option (keeping its name, localizations, description and `required`), or
 * appended (optional, fresh name) to an array that may hold value options and has
 * room. Returns its path.
 */
function placeValueOption(command: Json, pick: number, make: (kept: Json) => Json): Path | undefined {
  const slots: (() => Path)[] = [
    ...valueOptions(command).map(({ option, path, array }) => () => {
      const index = path[path.length - 1] as number
      array.items[index] = make(keep(option))
      return path
    }),
    ...optionArrays(command)
      .filter((a) => (a.holds === 'values' || a.holds === 'either') && a.items.length < 25)
      .map((a) => () => append(a, make({ name: freshName(a.items), description: 'Added' }))),
  ]
  return pickFrom(slots, pick)?.()
}

/** The fields holding CHAT_INPUT names: the command's name, every option's, and their localizations. */
function chatNamePaths(command: Json): Path[] {
  const named: { path: Path; holder: Json }[] = [{ path: [], holder: command }, ...allOptions(command).map(({ path, option }) => ({ path, holder: option }))]
  return named.flatMap(({ path, holder }) => [
    [...path, 'name'],
    ...(isObj(holder.name_localizations) ? Object.keys(holder.name_localizations).map((l) => [...path, 'name_localizations', l]) : []),
  ])
}

/** The fields holding descriptions: the command's (if it has one), every option's, and their localizations. */
function descriptionPaths(command: Json): Path[] {
  const described: { path: Path; holder: Json }[] = [
    ...(typeof command.description === 'string' ? [{ path: [] as Path, holder: command }] : []),
    ...allOptions(command).map(({ path, option }) => ({ path, holder: option })),
  ]
  return described.flatMap(({ path, holder }) => [
    [...path, 'description'],
    ...(isObj(holder.description_localizations) ? Object.keys(holder.description_localizations).map((l) => [...path, 'description_localizations', l]) : []),
  ])
}

function setAt(json: Json, path: Path, value: unknown): void {
  const parent = at(json, path.slice(0, -1)) as Record<string | number, unknown>
  parent[path[path.length - 1] as string | number] = value
}

// ---------------------------------------------------------------- size

/**
 * Pads a CHAT_INPUT command to exactly `target` characters ("Limits", combined
 * size): appends optional STRING options with fresh names and long string choices
 * to an array of value options that has room, then lengthens descriptions for the
 * rest. Returns whether it got there exactly.
 */
export function padToSize(command: Json, target: number): boolean {
  const array = optionArrays(command).find((a) => (a.holds === 'values' || a.holds === 'either') && a.items.length <= 22)
  if (array === undefined) return false
  let rem = target - specSize(command)
  for (let added = 0; rem > 0 && added < 3; added++) {
    const name = freshName(array.holder.options === undefined ? [] : (array.holder.options as Json[]), 'pad')
    const base = codePoints(name) + 1
    if (rem < base + 1) break
    let fill = rem - base
    const choices: Json[] = []
    while (fill > 0 && choices.length < 25) {
      const take = Math.min(fill, 200)
      const a = Math.min(100, take)
      choices.push({ name: 'c'.repeat(a), value: 'v'.repeat(take - a) })
      fill -= take
    }
    append(array, { type: 3, name, description: 'd', choices })
    rem = target - specSize(command)
  }
  if (rem > 0) topUpToSize(command, target)
  return specSize(command) === target
}

// ---------------------------------------------------------------- the table

/** A mutated definition: the value, and the path of the field that breaks the rule. */
export interface Mutated {
  readonly json: Json
  readonly path: Path
}

/** One way to break one rule. */
export interface Mutation {
  /** What it does, for test names. */
  readonly title: string
  /** The spec section of the rule it breaks. */
  readonly section: string
  /** The code slashkit must report. */
  readonly code: IssueCode
  /** The scope to validate in. */
  readonly scope: Scope
  /** Valid definitions it applies to. */
  readonly base: fc.Arbitrary<Json>
  /** Breaks the rule in `json` (a copy, free to edit); `undefined` when it does not apply. `pick` chooses among targets. */
  readonly apply: (json: Json, pick: number) => Path | undefined
}

/** A base with 2000 characters of room, so that additions stay within "Limits" 8000. */
const ROOM = 6000
const anyCommand = asJson(validCommand({ budget: ROOM }))
const chat = asJson(validCommand({ types: [1], budget: ROOM }))
const chatTree = asJson(validCommand({ types: [1], budget: ROOM, profiles: ['tree', 'forest', 'grove'] }))
const contextMenu = asJson(validCommand({ types: [2, 3] }))
const entry = asJson(validCommand({ types: [4] }))
const guild = asJson(validCommand({ scope: 'guild', budget: ROOM }))
const guildContextMenu = asJson(validCommand({ scope: 'guild', types: [2, 3] }))

/** `s` with its first cased letter in upper case, or with 'A' in place of its first character. */
function upperCased(s: string): string {
  const cps = [...s]
  const i = cps.findIndex((c) => {
    const u = c.toUpperCase()
    return u !== c && [...u].length === 1 && u.toLowerCase() !== u
  })
  if (i >= 0) cps[i] = (cps[i] as string).toUpperCase()
  else cps[0] = 'A'
  return cps.join('')
}

/** `s` with a space in the middle (replacing a character when it is 32 long). */
function spaced(s: string): string {
  const cps = [...s]
  const mid = Math.floor(cps.length / 2)
  cps.splice(mid, cps.length >= 32 ? 1 : 0, ' ')
  return cps.join('')
}

const withText = (paths: (json: Json) => Path[], change: (s: string) => string) => (json: Json, pick: number) => {
  const path = pickFrom(paths(json), pick)
  if (path === undefined) return undefined
  setAt(json, path, change(at(json, path) as string))
  return path
}

const userNamePaths = (json: Json): Path[] => [['name'], ...(isObj(json.name_localizations) ? Object.keys(json.name_localizations).map((l) => ['name_localizations', l]) : [])]

/** Options with non-empty choices, of the given types. */
const withChoices = (json: Json, types: readonly number[]) => valueOptions(json, (o) => types.includes(o.type as number) && Array.isArray(o.choices) && o.choices.length > 0)

/** Sets a choice value (an existing choice of such an option, or a new option with one choice). */
const choiceValue =
  (type: 3 | 4 | 10, value: unknown, field: 'value' | 'name' = 'value') =>
  (json: Json, pick: number) => {
    const existing = withChoices(json, [type])
    if (existing.length > 0 && pick % 2 === 0) {
      const { option, path } = existing[pick % existing.length] as Located
      const k = pick % (option.choices as Json[]).length
      ;(option.choices as Json[])[k] = { ...(option.choices as Json[])[k], [field]: value }
      return [...path, 'choices', k, field]
    }
    const fine = type === 3 ? 'a' : 1
    const path = placeValueOption(json, pick, (kept) => ({
      ...kept,
      type,
      choices: [
        { name: 'Fine', value: fine },
        { name: 'Bad', value: fine, [field]: value },
      ],
    }))
    return path && [...path, 'choices', 1, field]
  }

/** Sets `field` on an option of `type` (existing, or placed), removing `drop` so that no other rule is touched. */
const optionField =
  (type: number, field: string, value: unknown, drop: readonly string[] = []) =>
  (json: Json, pick: number) => {
    const existing = valueOptions(json, (o) => o.type === type)
    let path: Path | undefined
    if (existing.length > 0 && pick % 2 === 0) path = (existing[pick % existing.length] as Located).path
    else path = placeValueOption(json, pick, (kept) => ({ ...kept, type }))
    if (path === undefined) return undefined
    const option = at(json, path) as Json
    for (const d of drop) delete option[d]
    option[field] = value
    return [...path, field]
  }

/** Arrays of a kind with at least `room` free places. */
const arraysWithRoom = (json: Json, holds: readonly Holds[], room: number) => optionArrays(json).filter((a) => holds.includes(a.holds) && a.items.length <= 25 - room)

/** Puts `nested` into an array of kind `holds` (a group's or a subcommand's); the nesting rule is broken there. */
const nest = (holds: Holds, nested: Json) => (json: Json, pick: number) => {
  const array = pickFrom(
    optionArrays(json).filter((a) => a.holds === holds && a.path.length > 1 && a.items.length < 25),
    pick,
  )
  return array && append(array, { ...nested, name: freshName(array.items) })
}

const UNKNOWN_LOCALES = ['en', 'pt-PT', 'EN-US', 'es-MX', 'zh', 'english'] as const

/** Every localizable field of a command (name, description, choice names) with the default it localizes. */
function localizable(json: Json): { path: Path; key: string; value: string }[] {
  const out: { path: Path; key: string; value: string }[] = []
  const add = (path: Path, holder: Json) => {
    if (typeof holder.name === 'string') out.push({ path, key: 'name_localizations', value: holder.name })
    if (typeof holder.description === 'string') out.push({ path, key: 'description_localizations', value: holder.description })
  }
  add([], json)
  for (const { path, option } of allOptions(json)) {
    add(path, option)
    if (Array.isArray(option.choices))
      (option.choices as Json[]).forEach((c, k) => {
        add([...path, 'choices', k], c)
      })
  }
  return out
}

/** The mutations of one command. */
export const MUTATIONS: readonly Mutation[] = [
  // ------------------------------------------------ names
  {
    title: 'upper-cases a CHAT_INPUT command or option name (or a localized one)',
    section: 'Naming rules 1',
    code: 'name.lowercase',
    scope: 'global',
    base: chat,
    apply: withText(chatNamePaths, upperCased),
  },
  {
    title: 'puts a space in a CHAT_INPUT command or option name',
    section: 'Naming rules 1',
    code: 'name.pattern',
    scope: 'global',
    base: chat,
    apply: withText(chatNamePaths, spaced),
  },
  {
    title: 'puts a "!" in a CHAT_INPUT command or option name',
    section: 'Naming rules 1',
    code: 'name.pattern',
    scope: 'global',
    base: chat,
    apply: withText(chatNamePaths, (s) => `${[...s].slice(0, 31).join('')}!`),
  },
  {
    title: 'makes a CHAT_INPUT command or option name 33 characters long',
    section: 'Naming rules 1; Limits (name 1-32)',
    code: 'name.length',
    scope: 'global',
    base: chat,
    apply: withText(chatNamePaths, (s) => s + 'a'.repeat(33 - codePoints(s))),
  },
  {
    title: 'makes a CHAT_INPUT command or option name empty',
    section: 'Naming rules 1; Limits (name 1-32)',
    code: 'name.length',
    scope: 'global',
    base: chat,
    apply: withText(chatNamePaths, () => ''),
  },
  {
    title: 'makes a USER or MESSAGE name 33 characters long',
    section: 'Naming rules 2; Application command (name 1-32)',
    code: 'name.length',
    scope: 'global',
    base: contextMenu,
    apply: withText(userNamePaths, (s) => s + 'A'.repeat(33 - codePoints(s))),
  },
  // ------------------------------------------------ descriptions
  {
    title: 'empties a description (of the command, an option, or a localization)',
    section: 'Application command / Command option (description 1-100); Limits',
    code: 'description.length',
    scope: 'global',
    base: chat,
    apply: withText(descriptionPaths, () => ''),
  },
  {
    title: 'makes a description 101 characters long',
    section: 'Application command / Command option (description 1-100); Limits',
    code: 'description.length',
    scope: 'global',
    base: chat,
    apply: withText(descriptionPaths, (s) => [...s].slice(0, 100).join('') + 'x'.repeat(101 - Math.min(100, codePoints(s)))),
  },
  {
    title: 'gives a USER or MESSAGE command a description',
    section: 'Other command rules 2',
    code: 'field.not_allowed',
    scope: 'global',
    base: contextMenu,
    apply: (json) => {
      json.description = 'Not allowed here'
      return ['description']
    },
  },
  {
    title: 'leaves out the description of a CHAT_INPUT command',
    section: 'Application command (description: CHAT_INPUT 1-100); Bulk guild body',
    code: 'field.required',
    scope: 'global',
    base: chat,
    apply: (json) => {
      delete json.description
      delete json.description_localizations
      return ['description']
    },
  },
  // ------------------------------------------------ options arrays
  {
    title: 'adds options to an options array until it holds 26',
    section: 'Limits (25 options / subcommands); Command option (options: up to 25)',
    code: 'options.too_many',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const array = pickFrom(optionArrays(json), pick)
      if (array === undefined) return undefined
      while (((array.holder.options as Json[] | undefined)?.length ?? 0) < 26) {
        const items = (array.holder.options as Json[] | undefined) ?? []
        const name = freshName(items)
        append(array, array.holds === 'values' || array.holds === 'either' ? { type: 5, name, description: 'd' } : { type: 1, name, description: 'd' })
      }
      return array.path
    },
  },
  {
    title: 'appends a required option after an optional one',
    section: 'Command option rule 1',
    code: 'options.order',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const array = pickFrom(arraysWithRoom(json, ['values', 'either'], 2), pick)
      if (array === undefined) return undefined
      append(array, { type: 5, name: freshName(array.items, 'optional'), description: 'd' })
      return append(array, { type: 6, name: freshName(array.holder.options as Json[], 'required'), description: 'd', required: true })
    },
  },
  {
    title: 'gives an option the name of an earlier option in its array',
    section: 'Naming rules 4',
    code: 'options.duplicate_name',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const array = pickFrom(
        optionArrays(json).filter((a) => a.items.length >= 2),
        pick,
      )
      if (array === undefined) return undefined
      const j = 1 + (pick % (array.items.length - 1))
      const i = pick % j
      ;(array.items[j] as Json).name = (array.items[i] as Json).name
      return [...array.path, j]
    },
  },
  {
    title: "gives an option a localized name equal to another option's name",
    section: 'Naming rules 5',
    code: 'localization.conflict',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const array = pickFrom(
        optionArrays(json).filter((a) => a.items.length >= 2),
        pick,
      )
      if (array === undefined) return undefined
      const j = pick % array.items.length
      const i = (j + 1 + (pick % (array.items.length - 1))) % array.items.length
      const target = array.items[j] as Json
      const dict = isObj(target.name_localizations) ? target.name_localizations : (target.name_localizations = {})
      const loc = pickFrom(['fr', 'de', 'ja', 'hi', 'th'], pick) as string
      dict[loc] = (array.items[i] as Json).name
      return [...array.path, j, 'name_localizations', loc]
    },
  },
  {
    title: 'gives two options of one array the same localized name in one locale',
    section: 'Naming rules 5',
    code: 'localization.conflict',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const array = pickFrom(
        optionArrays(json).filter((a) => a.items.length >= 2),
        pick,
      )
      if (array === undefined) return undefined
      const j = 1 + (pick % (array.items.length - 1))
      const i = pick % j
      const name = freshName(array.items, 'shared')
      const loc = pickFrom(['fr', 'de', 'ja', 'hi', 'th'], pick) as string
      for (const k of [i, j]) {
        const o = array.items[k] as Json
        o.name_localizations = { ...(isObj(o.name_localizations) ? o.name_localizations : {}), [loc]: name }
      }
      return [...array.path, j, 'name_localizations', loc]
    },
  },
  // ------------------------------------------------ nesting
  {
    title: 'puts a group inside a group',
    section: 'Other command rules 1',
    code: 'options.nesting',
    scope: 'global',
    base: chatTree,
    apply: nest('subcommands', { type: 2, description: 'Too deep' }),
  },
  {
    title: 'puts a value option directly inside a group',
    section: 'Other command rules 1',
    code: 'options.nesting',
    scope: 'global',
    base: chatTree,
    apply: nest('subcommands', { type: 3, description: 'Misplaced' }),
  },
  {
    title: 'puts a group inside a subcommand',
    section: 'Other command rules 1',
    code: 'options.nesting',
    scope: 'global',
    base: chatTree,
    apply: nest('values', { type: 2, description: 'Too deep' }),
  },
  {
    title: 'puts a subcommand inside a subcommand',
    section: 'Other command rules 1',
    code: 'options.nesting',
    scope: 'global',
    base: chatTree,
    apply: nest('values', { type: 1, description: 'Too deep' }),
  },
  {
    title: 'adds a value option next to subcommands, or a subcommand next to value options',
    section: 'Other command rules 1',
    code: 'options.mixed',
    scope: 'global',
    base: chat,
    apply: (json) => {
      const [top] = optionArrays(json)
      if (top === undefined || top.holds === 'either' || top.items.length >= 25) return undefined
      return append(top, { type: top.holds === 'children' ? 5 : 1, name: freshName(top.items), description: 'Mixed' })
    },
  },
  {
    title: 'sets required on a subcommand or group',
    section: 'Command option (required: all but SUB_COMMAND and SUB_COMMAND_GROUP)',
    code: 'field.not_allowed',
    scope: 'global',
    base: chatTree,
    apply: (json, pick) => {
      const target = pickFrom(
        allOptions(json).filter(({ option }) => isParent(option)),
        pick,
      )
      if (target === undefined) return undefined
      target.option.required = pick % 2 === 0
      return [...target.path, 'required']
    },
  },
  {
    title: 'gives an option the unknown type 12',
    section: 'Option types',
    code: 'option.type',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const path = placeValueOption(json, pick, (kept) => ({ ...kept, type: 12 }))
      return path && [...path, 'type']
    },
  },
  // ------------------------------------------------ option fields and values
  {
    title: 'adds choices to a BOOLEAN option',
    section: 'Command option (choices: STRING, INTEGER, NUMBER)',
    code: 'field.not_allowed',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const path = placeValueOption(json, pick, (kept) => ({ ...kept, type: 5, choices: [{ name: 'Yes', value: 'yes' }] }))
      return path && [...path, 'choices']
    },
  },
  {
    title: 'sets min_value on a STRING option',
    section: 'Command option (min_value: INTEGER, NUMBER)',
    code: 'field.not_allowed',
    scope: 'global',
    base: chat,
    apply: optionField(3, 'min_value', 1),
  },
  {
    title: 'sets min_length on an INTEGER option',
    section: 'Command option (min_length: STRING)',
    code: 'field.not_allowed',
    scope: 'global',
    base: chat,
    apply: optionField(4, 'min_length', 1),
  },
  {
    title: 'sets channel_types on a ROLE option',
    section: 'Command option (channel_types: CHANNEL)',
    code: 'field.not_allowed',
    scope: 'global',
    base: chat,
    apply: optionField(8, 'channel_types', [0]),
  },
  {
    title: 'sets autocomplete on an option with choices',
    section: 'Command option (autocomplete must not be true when choices are present)',
    code: 'option.autocomplete_with_choices',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const existing = withChoices(json, [3, 4, 10])
      if (existing.length > 0 && pick % 2 === 0) {
        const { option, path } = existing[pick % existing.length] as Located
        option.autocomplete = true
        return [...path, 'autocomplete']
      }
      const path = placeValueOption(json, pick, (kept) => ({ ...kept, type: 3, choices: [{ name: 'A', value: 'a' }], autocomplete: true }))
      return path && [...path, 'autocomplete']
    },
  },
  {
    title: 'gives an INTEGER option the choice value 1.5',
    section: 'Option choice (value type follows the option); Option types INTEGER',
    code: 'number.integer',
    scope: 'global',
    base: chat,
    apply: choiceValue(4, 1.5),
  },
  {
    title: 'gives an INTEGER option the choice value 2^53',
    section: 'Option types (INTEGER from -2^53+1 to 2^53-1)',
    code: 'number.range',
    scope: 'global',
    base: chat,
    apply: choiceValue(4, 2 ** 53),
  },
  {
    title: 'gives a NUMBER option the choice value -2^54',
    section: 'Option types (NUMBER from -2^53 to 2^53)',
    code: 'number.range',
    scope: 'global',
    base: chat,
    apply: choiceValue(10, -(2 ** 54)),
  },
  {
    title: 'gives an INTEGER option a string choice value',
    section: 'Option choice (value type follows the option)',
    code: 'value.type',
    scope: 'global',
    base: chat,
    apply: choiceValue(4, '1'),
  },
  {
    title: 'gives a STRING option a choice value of 101 characters',
    section: 'Option choice (a string is at most 100 characters); Limits',
    code: 'string.length',
    scope: 'global',
    base: chat,
    apply: choiceValue(3, 'v'.repeat(101)),
  },
  {
    title: 'gives a choice a name of 101 characters',
    section: 'Option choice (name 1-100); Limits',
    code: 'name.length',
    scope: 'global',
    base: chat,
    apply: choiceValue(3, 'n'.repeat(101), 'name'),
  },
  {
    title: 'gives a STRING option 26 choices',
    section: 'Limits (25 choices per option); Command option (choices max 25)',
    code: 'choices.too_many',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const path = placeValueOption(json, pick, (kept) => ({ ...kept, type: 3, choices: Array.from({ length: 26 }, (_, k) => ({ name: `c${k}`, value: `${k}` })) }))
      return path && [...path, 'choices']
    },
  },
  {
    title: 'sets min_length to 6001',
    section: 'Command option (min_length 0 to 6000); Limits',
    code: 'number.range',
    scope: 'global',
    base: chat,
    apply: optionField(3, 'min_length', 6001, ['max_length']),
  },
  {
    title: 'sets max_length to 0',
    section: 'Command option (max_length 1 to 6000); Limits',
    code: 'number.range',
    scope: 'global',
    base: chat,
    apply: optionField(3, 'max_length', 0, ['min_length']),
  },
  {
    title: 'sets min_length to 2.5',
    section: 'Command option (min_length: integer)',
    code: 'value.type',
    scope: 'global',
    base: chat,
    apply: optionField(3, 'min_length', 2.5, ['max_length']),
  },
  {
    title: 'sets an INTEGER max_value to 2^53',
    section: 'Option types (INTEGER from -2^53+1 to 2^53-1); Command option (max_value: integer for INTEGER)',
    code: 'number.range',
    scope: 'global',
    base: chat,
    apply: optionField(4, 'max_value', 2 ** 53, ['min_value']),
  },
  {
    title: 'sets an INTEGER min_value to 0.5',
    section: 'Command option (min_value: integer for INTEGER options)',
    code: 'number.integer',
    scope: 'global',
    base: chat,
    apply: optionField(4, 'min_value', 0.5, ['max_value']),
  },
  {
    title: 'sets a NUMBER max_value to 2^54',
    section: 'Option types (NUMBER from -2^53 to 2^53)',
    code: 'number.range',
    scope: 'global',
    base: chat,
    apply: optionField(10, 'max_value', 2 ** 54, ['min_value']),
  },
  {
    title: 'sets min_value above max_value',
    section: 'not a spec rule: docs/spec-notes.md "Rules slashkit adds" (option.bounds_inverted)',
    code: 'option.bounds_inverted',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const path = optionField(4, 'max_value', 1)(json, pick)
      if (path === undefined) return undefined
      const option = at(json, path.slice(0, -1)) as Json
      option.min_value = 2
      return [...path.slice(0, -1), 'min_value']
    },
  },
  {
    title: 'adds the unknown channel type 99',
    section: 'Command option (channel_types: channel types; values are API v10 facts, "not shown")',
    code: 'enum.value',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      const path = optionField(7, 'channel_types', [])(json, pick)
      return path && ((at(json, path) as number[]).push(0, 99), [...path, 1])
    },
  },
  // ------------------------------------------------ localization
  {
    title: 'adds an unknown locale key to a localization dictionary',
    section: 'Other command rules 6; Other enumerations (locale keys)',
    code: 'locale.unknown',
    scope: 'global',
    base: anyCommand,
    apply: (json, pick) => {
      const field = pickFrom(localizable(json), pick)
      if (field === undefined) return undefined
      const holder = at(json, field.path) as Json
      const key = pickFrom(UNKNOWN_LOCALES, pick) as string
      // The default itself: valid text for the field, and no conflict under "Naming rules" 5.
      holder[field.key] = { ...(isObj(holder[field.key]) ? (holder[field.key] as Json) : {}), [key]: field.value }
      return [...field.path, field.key, key]
    },
  },
  // ------------------------------------------------ command fields
  {
    title: 'sets default_member_permissions to "abc"',
    section: 'Application command (default_member_permissions: a permission bit set as a string)',
    code: 'permissions.format',
    scope: 'global',
    base: anyCommand,
    apply: (json) => {
      json.default_member_permissions = 'abc'
      return ['default_member_permissions']
    },
  },
  {
    title: 'sets nsfw to "yes"',
    section: 'Application command (nsfw: boolean)',
    code: 'value.type',
    scope: 'global',
    base: anyCommand,
    apply: (json) => {
      json.nsfw = 'yes'
      return ['nsfw']
    },
  },
  {
    title: 'adds the unknown context 3',
    section: 'Other enumerations (interaction context types 0, 1, 2)',
    code: 'enum.value',
    scope: 'global',
    base: anyCommand,
    apply: (json) => {
      const contexts = Array.isArray(json.contexts) ? (json.contexts as number[]) : (json.contexts = [])
      contexts.push(3)
      return ['contexts', contexts.length - 1]
    },
  },
  {
    title: 'adds the unknown integration type 2',
    section: 'Other enumerations (integration types: GUILD_INSTALL 0, USER_INSTALL 1)',
    code: 'enum.value',
    scope: 'global',
    base: anyCommand,
    apply: (json) => {
      const types = Array.isArray(json.integration_types) ? (json.integration_types as number[]) : (json.integration_types = [])
      types.push(2)
      return ['integration_types', types.length - 1]
    },
  },
  {
    title: 'gives a CHAT_INPUT, USER or MESSAGE command a handler',
    section: 'Application command (handler: only for PRIMARY_ENTRY_POINT)',
    code: 'field.not_allowed',
    scope: 'global',
    base: asJson(validCommand({ types: [1, 2, 3], budget: ROOM })),
    apply: (json, pick) => {
      json.handler = 1 + (pick % 2)
      return ['handler']
    },
  },
  {
    title: 'gives an entry point the handler 3',
    section: 'Entry point handler types (1, 2)',
    code: 'enum.value',
    scope: 'global',
    base: entry,
    apply: (json) => {
      json.handler = 3
      return ['handler']
    },
  },
  {
    title: 'gives a USER or MESSAGE command options',
    section: 'Application command (options: CHAT_INPUT only)',
    code: 'field.not_allowed',
    scope: 'global',
    base: contextMenu,
    apply: (json) => {
      json.options = [{ type: 5, name: 'flag', description: 'd' }]
      return ['options']
    },
  },
  {
    title: 'sets the command type to 5',
    section: 'Command types',
    code: 'command.type',
    scope: 'global',
    base: anyCommand,
    apply: (json) => {
      json.type = 5
      return ['type']
    },
  },
  {
    title: 'adds the misspelled field "descripton"',
    section: 'Create body (global) (the fields it lists)',
    code: 'field.unknown',
    scope: 'global',
    base: anyCommand,
    apply: (json) => {
      json.descripton = 'typo'
      return ['descripton']
    },
  },
  // ------------------------------------------------ scope
  ...(['contexts', 'integration_types', 'dm_permission'] as const).map(
    (key): Mutation => ({
      title: `sets ${key} on a guild command`,
      section: 'Create body (guild): dm_permission, integration_types and contexts are not accepted',
      code: 'scope.global_only',
      scope: 'guild',
      base: guild,
      apply: (json) => {
        json[key] = key === 'dm_permission' ? true : [0]
        return [key]
      },
    }),
  ),
  {
    title: 'makes a guild USER or MESSAGE command a PRIMARY_ENTRY_POINT',
    section: 'Naming rules 3 (a PRIMARY_ENTRY_POINT guild command cannot exist); Limits',
    code: 'scope.entry_point',
    scope: 'guild',
    base: guildContextMenu,
    apply: (json) => {
      json.type = 4
      return ['type']
    },
  },
  // ------------------------------------------------ size
  {
    title: 'pads a command to 8001 characters',
    section: 'Limits (slash command combined size, 8000)',
    code: 'command.size',
    scope: 'global',
    base: chat,
    apply: (json) => (padToSize(json, COMMAND_SIZE_LIMIT + 1) ? [] : undefined),
  },
  {
    title: 'at exactly 8000 characters, lengthens the longest localization of a field by one',
    section: 'Limits (combined size: the longest localization of each field counts)',
    code: 'command.size',
    scope: 'global',
    base: chat,
    apply: (json, pick) => {
      if (!padToSize(json, COMMAND_SIZE_LIMIT)) return undefined
      const field = pickFrom(
        localizable(json).filter((f) => f.key === 'description_localizations' && codePoints(f.value) < 100),
        pick,
      )
      if (field === undefined) return undefined
      const holder = at(json, field.path) as Json
      const dict = isObj(holder[field.key]) ? (holder[field.key] as Json) : {}
      const longest = Math.max(codePoints(field.value), ...Object.values(dict).map((v) => codePoints(v as string)))
      if (longest >= 100) return undefined
      holder[field.key] = { ...dict, ko: 'k'.repeat(longest + 1) }
      return []
    },
  },
]

// ---------------------------------------------------------------- sets

/** One way to break one rule of a bulk-overwrite list. */
export interface SetMutation {
  readonly title: string
  readonly section: string
  readonly code: IssueCode
  readonly scope: Scope
  readonly apply: (list: Json[], pick: number) => Path | undefined
}

const countOf = (list: readonly Json[], type: number) => list.filter((c) => commandType(c) === type).length

/** A command of `type` whose name no command of that type in `list` has. */
function freshCommand(list: readonly Json[], type: 1 | 2 | 3 | 4): Json {
  const names = new Set(list.filter((c) => commandType(c) === type).map((c) => c.name))
  let k = 0
  while (names.has(`fresh${k}`)) k++
  return type === 1 ? { type, name: `fresh${k}`, description: 'd' } : { type, name: `fresh${k}` }
}

/**
 * Adds commands of `type` until there is one more than "Limits" allows; the path is
 * the first one over, or the list when it is longer than any list may be (131
 * commands: refused at the list, not read, src/rules/bounds.ts).
 */
const overLimit = (type: 1 | 2 | 3 | 4) => (list: Json[]) => {
  let path: Path | undefined
  while (countOf(list, type) <= PER_TYPE_LIMIT[type]) {
    list.push(freshCommand(list, type))
    if (countOf(list, type) === PER_TYPE_LIMIT[type] + 1) path = [list.length - 1]
  }
  return list.length > COMMANDS_LIST_MAX ? [] : path
}

/** The mutations of a bulk-overwrite list ("Naming rules" 3, "Limits"). */
export const SET_MUTATIONS: readonly SetMutation[] = [
  {
    title: 'adds a copy of a command (same type, same name)',
    section: 'Naming rules 3 (names unique per application, per type, per scope)',
    code: 'set.duplicate_name',
    scope: 'global',
    apply: (list, pick) => {
      const candidates = list.filter((c) => commandType(c) !== 4 && countOf(list, commandType(c)) < PER_TYPE_LIMIT[commandType(c) as 1 | 2 | 3])
      const original = pickFrom(candidates, pick)
      if (original === undefined) return undefined
      const { id: _, ...copy } = structuredClone(original)
      list.push(copy)
      return [list.length - 1, 'name']
    },
  },
  ...([1, 2, 3, 4] as const).map(
    (type): SetMutation => ({
      title: `adds ${['', 'CHAT_INPUT', 'USER', 'MESSAGE', 'PRIMARY_ENTRY_POINT'][type]} commands until there are ${PER_TYPE_LIMIT[type] + 1}`,
      section: 'Limits (per application: 100 CHAT_INPUT, 15 USER, 15 MESSAGE, 1 PRIMARY_ENTRY_POINT)',
      code: 'set.too_many',
      scope: 'global',
      apply: overLimit(type),
    }),
  ),
  {
    title: 'adds a PRIMARY_ENTRY_POINT command to a guild list',
    section: 'Naming rules 3 (a PRIMARY_ENTRY_POINT guild command cannot exist); Limits',
    code: 'scope.entry_point',
    scope: 'guild',
    apply: (list, pick) => {
      const index = pick % (list.length + 1)
      list.splice(index, 0, { type: 4, name: 'Launch', handler: 2 })
      return [index, 'type']
    },
  },
]

// ---------------------------------------------------------------- arbitraries of mutated values

/** A mutated command: which mutation (its title, code and scope), the broken value and the path of the field that breaks the rule. */
export interface MutatedCommand extends Mutated {
  readonly title: string
  readonly code: IssueCode
  readonly scope: Scope
}

/** Definitions broken by `mutation` (bases it does not apply to are skipped). */
export const mutatedBy = (mutation: Mutation): fc.Arbitrary<MutatedCommand> =>
  fc
    .tuple(mutation.base, fc.nat())
    .map(([base, pick]) => {
      const json = structuredClone(base)
      const path = mutation.apply(json, pick)
      const { title, code, scope } = mutation
      return path === undefined ? undefined : { title, code, scope, json, path }
    })
    .filter((m): m is MutatedCommand => m !== undefined)

/** A mutated bulk list: which mutation, the broken list and the path of the element or field that breaks the rule. */
export interface MutatedSet {
  readonly title: string
  readonly code: IssueCode
  readonly scope: Scope
  readonly json: Json[]
  readonly path: Path
}

/** Lists broken by `mutation`. */
export const mutatedSetBy = (mutation: SetMutation): fc.Arbitrary<MutatedSet> =>
  fc
    .tuple(asJsonList(validCommandSet({ scope: mutation.scope })), fc.nat())
    .map(([base, pick]) => {
      const json = structuredClone(base)
      const path = mutation.apply(json, pick)
      const { title, code, scope } = mutation
      return path === undefined ? undefined : { title, code, scope, json, path }
    })
    .filter((m): m is MutatedSet => m !== undefined)
