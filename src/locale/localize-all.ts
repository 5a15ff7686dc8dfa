/**
 * Bulk localization (spec: "Other command rules" 6): `localizeAll` applies one
 * dictionary per locale to a definition or a set, and `localizationReport` lists
 * what each locale lacks, plus the fallback warning of rule 6.
 *
 * Both work on the validated JSON of the definition (`definitionOf`), so they see
 * exactly what `toJSON` emits. `localizeAll` returns a new definition built from
 * the localized JSON (`fromJSON`), typed as the one it was given: the builders need
 * no hook for it.
 */
import type { LocalizationMap } from '../wire/commands.js'
import { Locales, type Locale } from '../wire/enums.js'
import { isObject } from '../rules/command.js'
import { IssueCollector, issueAt, ValidationError, type Issue, type PathSegment } from '../rules/issues.js'
import { validateCommand, validateCommands } from '../rules/validate.js'
import { definitionOf, fromJSON } from '../builders/from-json.js'
import { commands } from '../builders/set.js'
import { localizeInto, thaw } from '../builders/state.js'
import { isLocale, resolveLocale } from './fallback.js'
import type { Dictionaries, LocaleKeys } from './types.js'
import { MESSAGES } from '../rules/messages.js'
import type { Json } from '../rules/json.js'

/** Paths of issues start at the `dictionaries` argument. */
const ROOT = 'dictionaries'

/** A set as `commands(...)` makes it: its definitions are read. */
interface SetLike {
  readonly definitions: readonly unknown[]
}

const isSet = (v: unknown): v is SetLike => typeof v === 'object' && v !== null && Array.isArray((v as Partial<SetLike>).definitions)

/** The JSON of each command of a definition or a set, validated; fresh copies. */
function commandsOf(definitionOrSet: object): Json[] {
  const list = isSet(definitionOrSet) ? definitionOrSet.definitions : [definitionOrSet]
  return list.map((d) => thaw(definitionOf(d)) as unknown as Json)
}

// ---------------------------------------------------------------- applying

/**
 * Sets `locale` of `field`'s dictionary on `node` to `value`, as `.localize(...)`
 * does (one implementation: `localizeInto`): a value equal to the default is left
 * out, except where it stops a fallback ("Other command rules" 6).
 */
function setText(node: Json, field: 'name' | 'description', locale: Locale, value: string): void {
  const key = field === 'name' ? 'name_localizations' : 'description_localizations'
  const dict = node[key]
  localizeInto(node, key, isObject(dict) ? dict : undefined, node[field], locale, value)
}

function text(c: IssueCollector, node: Json, field: 'name' | 'description', locale: Locale, value: unknown): void {
  if (typeof value !== 'string') c.add('value.type', field, { expected: 'a string' }, value)
  else setText(node, field, locale, value)
}

/** Each `[key, value]` of a dictionary section, or an issue when it is not an object. */
function entries(c: IssueCollector, key: PathSegment | undefined, v: unknown): [string, unknown][] {
  if (!isObject(v)) {
    c.add('value.type', key, { expected: 'an object of texts' }, v)
    return []
  }
  return Object.keys(v)
    .filter((k) => v[k] !== undefined)
    .map((k) => [k, v[k]])
}

const typeOf = (json: Json): unknown => json.type ?? 1
const options = (json: Json): Json[] => (Array.isArray(json.options) ? (json.options as Json[]) : [])

/** The keys of a command's texts that its type can take. */
function supports(json: Json, key: string): boolean {
  const type = typeOf(json)
  const children = options(json).some((o) => o.type === 1 || o.type === 2)
  switch (key) {
    case 'name':
      return true
    case 'description':
      return type === 1 || (type === 4 && typeof json.description === 'string')
    case 'options':
      return type === 1 && !children
    case 'subcommands':
    case 'groups':
      return type === 1 && children
    default:
      return false
  }
}

function notSupported(c: IssueCollector, json: Json, key: string): void {
  const type = typeOf(json)
  if (key === 'description') c.add('field.not_allowed', key, { on: type === 4 ? 'an entry point command' : 'a USER or MESSAGE command', expected: 'CHAT_INPUT commands' })
  else if (key === 'options' && type === 1) c.add('field.not_allowed', key, { on: 'a command with subcommands or groups (put option texts under subcommands)' })
  else if ((key === 'subcommands' || key === 'groups') && type === 1) c.add('field.not_allowed', key, { on: 'a command with value options, not subcommands or groups' })
  else
    c.add('field.unknown', key, {
      kind: 'a section',
      on:
        type === 1
          ? 'a CHAT_INPUT command (name, description, options, subcommands, groups)'
          : type === 4
            ? 'an entry point command (name, description)'
            : 'a USER or MESSAGE command (name)',
    })
}

function applyCommand(c: IssueCollector, json: Json, texts: [string, unknown][], locale: Locale): void {
  for (const [key, v] of texts) {
    if (!supports(json, key)) {
      notSupported(c, json, key)
      continue
    }
    switch (key) {
      case 'name':
      case 'description':
        text(c, json, key, locale, v)
        break
      case 'options':
        applyOptions(c, 'options', options(json), v, locale)
        break
      case 'subcommands':
        applyChildren(c, 'subcommands', 1, options(json), v, locale)
        break
      case 'groups':
        applyChildren(c, 'groups', 2, options(json), v, locale)
        break
    }
  }
}

/** `options: { [name]: { name, description, choices } }` over a list of value options. */
function applyOptions(c: IssueCollector, key: string, list: Json[], v: unknown, locale: Locale): void {
  const sections = entries(c, key, v)
  c.path.push(key)
  for (const [name, texts] of sections) {
    const option = list.find((o) => o.name === name && o.type !== 1 && o.type !== 2)
    if (option === undefined) {
      c.add('field.unknown', name, { kind: 'an option', on: `this level (${describe(list.filter((o) => o.type !== 1 && o.type !== 2))})` })
      continue
    }
    const fields = entries(c, name, texts)
    c.path.push(name)
    for (const [field, value] of fields) {
      if (field === 'name' || field === 'description') text(c, option, field, locale, value)
      else if (field === 'choices') applyChoices(c, option, value, locale)
      else c.add('field.unknown', field, { kind: 'a section', on: 'an option (name, description, choices)' })
    }
    c.path.pop()
  }
  c.path.pop()
}

function applyChoices(c: IssueCollector, option: Json, v: unknown, locale: Locale): void {
  const choices = Array.isArray(option.choices) ? (option.choices as Json[]) : []
  if (choices.length === 0) {
    c.add('field.not_allowed', 'choices', { on: 'an option without choices' })
    return
  }
  const sections = entries(c, 'choices', v)
  c.path.push('choices')
  for (const [value, name] of sections) {
    const matching = choices.filter((ch) => String(ch.value) === value)
    if (matching.length === 0) c.add('field.unknown', value, { kind: 'a choice value', on: `this option (${choices.map((ch) => JSON.stringify(ch.value)).join(', ')})` })
    else if (typeof name !== 'string') c.add('value.type', value, { expected: 'a string: the name of the choice' }, name)
    else for (const ch of matching) setText(ch, 'name', locale, name)
  }
  c.path.pop()
}

/** `subcommands` (type 1) or `groups` (type 2), by name. */
function applyChildren(c: IssueCollector, key: string, type: 1 | 2, list: Json[], v: unknown, locale: Locale): void {
  const sections = entries(c, key, v)
  c.path.push(key)
  for (const [name, texts] of sections) {
    const child = list.find((o) => o.type === type && o.name === name)
    if (child === undefined) {
      c.add('field.unknown', name, { kind: type === 1 ? 'a subcommand' : 'a group', on: `this level (${describe(list.filter((o) => o.type === type))})` })
      continue
    }
    const fields = entries(c, name, texts)
    c.path.push(name)
    const allowed = type === 1 ? 'options' : 'subcommands'
    for (const [field, value] of fields) {
      if (field === 'name' || field === 'description') text(c, child, field, locale, value)
      else if (field === allowed) {
        if (type === 1) applyOptions(c, 'options', options(child), value, locale)
        else applyChildren(c, 'subcommands', 1, options(child), value, locale)
      } else c.add('field.unknown', field, { kind: 'a section', on: type === 1 ? 'a subcommand (name, description, options)' : 'a group (name, description, subcommands)' })
    }
    c.path.pop()
  }
  c.path.pop()
}

const describe = (list: readonly Json[]): string => (list.length === 0 ? 'there are none' : `expected ${list.map((o) => JSON.stringify(o.name)).join(', ')}`)

/** Applies one locale's texts to the commands of a set: by command name, to every command of that name. */
function applySet(c: IssueCollector, jsons: Json[], texts: [string, unknown][], locale: Locale): void {
  for (const [name, v] of texts) {
    const matching = jsons.filter((j) => j.name === name)
    if (matching.length === 0) {
      c.add('field.unknown', name, { kind: 'a command', on: `this set (${describe(jsons)})` })
      continue
    }
    const sections = entries(c, name, v)
    c.path.push(name)
    // Names are unique per type only: a section goes to each command of that name
    // that can take it, and is refused when none can.
    for (const json of matching)
      applyCommand(
        c,
        json,
        sections.filter(([k]) => supports(json, k) || matching.length === 1),
        locale,
      )
    if (matching.length > 1) for (const [k] of sections) if (!matching.some((j) => supports(j, k))) notSupported(c, matching[0] as Json, k)
    c.path.pop()
  }
}

/**
 * Localizes a definition, or every command of a `commands(...)` set, from one
 * dictionary per locale: names and descriptions of the command, its options,
 * subcommands and groups, and choice names (keyed by choice value). The keys are
 * typed from the definition, so a misspelled name does not compile. What a
 * dictionary leaves out keeps its earlier localization, or shows the default
 * (`localizationReport` lists it); a value equal to the default is left out, as
 * the service ignores it, except where it stops a fallback (en-US, en-GB, es-419).
 *
 * Returns a new definition (or set) of the same type; the one given is unchanged.
 * Throws `ValidationError` for a key the definition does not have (`field.unknown`,
 * path into `dictionaries`), an unknown locale (`locale.unknown`), or a localized
 * value that breaks a rule (the path is then into the command's JSON).
 *
 * @example
 * const ban2 = localizeAll(ban, {
 *   de: { name: 'bannen', description: 'Ein Mitglied bannen', options: { target: { name: 'ziel' } } },
 *   'es-ES': { name: 'banear' },
 * })
 */
export function localizeAll<D extends object, const K extends PropertyKey = Locale>(
  definitionOrSet: D,
  dictionaries: NoInfer<Dictionaries<D>> & LocaleKeys<K> & { readonly [X in K]?: unknown },
): D {
  const jsons = commandsOf(definitionOrSet)
  const set = isSet(definitionOrSet)
  const c = new IssueCollector([], ROOT, MESSAGES)
  for (const [locale, texts] of entries(c, undefined, dictionaries)) {
    if (!isLocale(locale)) {
      c.add('locale.unknown', locale)
      continue
    }
    const sections = entries(c, locale, texts)
    c.path.push(locale)
    if (set) applySet(c, jsons, sections, locale)
    else applyCommand(c, jsons[0] as Json, sections, locale)
    c.path.pop()
  }
  if (c.issues.length > 0) throw new ValidationError(c.issues, 'localization dictionaries')
  // The localized values meet the rules of their fields ("Naming rules" 1 and 5, lengths).
  const result = set ? validateCommands(jsons) : validateCommand(jsons[0])
  if (!result.ok) throw new ValidationError(result.issues, set ? 'localized command set' : 'localized definition')
  const localized = jsons.map((json) => fromJSON(json))
  return (set ? (commands as unknown as (...d: unknown[]) => unknown)(...localized) : localized[0]) as D
}

// ---------------------------------------------------------------- report

/** One localizable field: where it sits in the dictionaries, its default and its dictionary. */
interface Field {
  readonly path: readonly PathSegment[]
  readonly value: string
  readonly dict: LocalizationMap | null | undefined
}

function fieldsOf(json: Json, prefix: readonly PathSegment[], out: Field[]): void {
  const add = (node: Json, field: 'name' | 'description', at: readonly PathSegment[]) => {
    const value = node[field]
    if (typeof value !== 'string') return
    const dict = node[field === 'name' ? 'name_localizations' : 'description_localizations'] as LocalizationMap | null | undefined
    out.push({ path: [...at, field], value, dict })
  }
  add(json, 'name', prefix)
  const type = typeOf(json)
  if (type === 1 || type === 4) add(json, 'description', prefix)
  for (const o of options(json)) {
    const name = String(o.name)
    if (o.type === 1 || o.type === 2) {
      const at = [...prefix, o.type === 1 ? 'subcommands' : 'groups', name]
      add(o, 'name', at)
      add(o, 'description', at)
      for (const s of options(o)) {
        if (s.type === 1) {
          const sub = [...at, 'subcommands', String(s.name)]
          add(s, 'name', sub)
          add(s, 'description', sub)
          for (const leaf of options(s)) leafFields(leaf, [...sub, 'options', String(leaf.name)], add, out)
        } else leafFields(s, [...at, 'options', String(s.name)], add, out)
      }
    } else leafFields(o, [...prefix, 'options', name], add, out)
  }
}

function leafFields(o: Json, at: readonly PathSegment[], add: (node: Json, field: 'name' | 'description', at: readonly PathSegment[]) => void, out: Field[]): void {
  add(o, 'name', at)
  add(o, 'description', at)
  if (!Array.isArray(o.choices)) return
  for (const ch of o.choices as Json[]) {
    if (typeof ch.name !== 'string') continue
    out.push({ path: [...at, 'choices', String(ch.value), 'name'], value: ch.name, dict: ch.name_localizations as LocalizationMap | null | undefined })
  }
}

/** Options of `localizationReport`. */
export interface ReportOptions {
  /** The locales to check; by default every locale the definition localizes anything into. */
  readonly locales?: readonly Locale[]
  /** The locale the default texts are written in; `'en-US'` unless given. It is never "missing". */
  readonly defaultLocale?: Locale
}

/** What each locale lacks, and the warnings of "Other command rules" 6. */
export interface LocalizationReport {
  /** The locales checked. */
  readonly locales: readonly Locale[]
  /**
   * Locale to the texts it lacks (a user of that locale sees the fallback's or
   * the default), as paths into `localizeAll`'s dictionaries: `['options',
   * 'target', 'name']`, prefixed by the command name for a set. Only locales that
   * lack something are listed.
   */
  readonly missing: { readonly [L in Locale]?: readonly (readonly PathSegment[])[] }
  /** `localization.fallback`: the default locale gets a fallback's text. Advice, not errors. */
  readonly warnings: readonly Issue[]
  /** Everything, as issues (`localization.missing`, then the warnings); print with `formatIssues`. */
  readonly issues: readonly Issue[]
}

/**
 * Lists, for each locale, the names and descriptions (and choice names) a
 * definition or set does not localize, with what its users see instead; and
 * warns where the default locale would show a fallback ("Other command rules" 6:
 * "The default value should be included under its own locale key, otherwise a
 * fallback can appear"). Warnings, never errors: print them with `formatIssues`.
 *
 * @example
 * const report = localizationReport(app, { locales: ['de', 'fr'] })
 * if (report.issues.length > 0) console.warn(formatIssues(report.issues))
 */
export function localizationReport(definitionOrSet: object, options: ReportOptions = {}): LocalizationReport {
  const jsons = commandsOf(definitionOrSet)
  const set = isSet(definitionOrSet)
  const fields: Field[] = []
  for (const json of jsons) fieldsOf(json, set ? [String(json.name)] : [], fields)
  const defaultLocale = options.defaultLocale ?? 'en-US'
  const seen = new Set<string>()
  for (const f of fields) if (f.dict != null) for (const k of Object.keys(f.dict)) seen.add(k)
  const locales = (options.locales ?? Locales.filter((l) => seen.has(l))).filter((l) => l !== defaultLocale)

  const issues: Issue[] = []
  const missing: { [L in Locale]?: (readonly PathSegment[])[] } = {}
  for (const locale of locales) {
    for (const f of fields) {
      if (resolveLocale(locale, f.dict) === locale) continue
      ;(missing[locale] ??= []).push(f.path)
      const path = [locale, ...f.path]
      issues.push(issueAt('localization.missing', path, { locale, detail: shown(locale, f) }, ROOT))
    }
  }
  const warnings: Issue[] = []
  for (const f of fields) {
    const fallback = resolveLocale(defaultLocale, f.dict)
    if (fallback === undefined || fallback === defaultLocale) continue
    // A fallback that shows the default's own text changes nothing for its users.
    if ((f.dict as Json)[fallback] === f.value) continue
    const path = [defaultLocale, ...f.path]
    warnings.push(
      issueAt(
        'localization.fallback',
        path,
        { locale: defaultLocale, other: fallback, detail: JSON.stringify((f.dict as Json)[fallback]), expected: JSON.stringify(f.value) },
        ROOT,
      ),
    )
  }
  return { locales, missing, warnings, issues: [...issues, ...warnings] }
}

function shown(locale: Locale, f: Field): string {
  const key = resolveLocale(locale, f.dict)
  return key === undefined ? `the default ${JSON.stringify(f.value)}` : `the ${key} text ${JSON.stringify((f.dict as Json)[key])}`
}
