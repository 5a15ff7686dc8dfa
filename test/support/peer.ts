/**
 * The peer of the differential test: @discordjs/builders (v1.15), which checks
 * command definitions with its own schemas as its builder methods are called and in
 * `toJSON()`.
 *
 * `runPeer(json)` turns a command definition into the builder calls a user of that
 * library would write (SlashCommandBuilder, its option, subcommand and group
 * builders, ContextMenuCommandBuilder) and reports every refusal with the JSON path
 * of the field being set:
 *
 * - `validation`: a builder method (or `toJSON`) threw;
 * - `types`: the library has no call for it, or its TypeScript types refuse the
 *   value (a group inside a group, a PRIMARY_ENTRY_POINT command, `nsfw` on a
 *   context menu command, a string where a boolean goes, an unknown field). The
 *   converter makes only the calls the peer's types allow.
 *
 * After a refusal the conversion goes on with a placeholder in place of what was
 * refused (a name, a choice, an option of the same kind), so that later checks,
 * counts included, still see the definition's shape and every refusal is found, not
 * only the first.
 */
import { ContextMenuCommandBuilder, SlashCommandBuilder } from '@discordjs/builders'
import { isObj, type Json, type Path } from './json.js'

/** One refusal of the peer. */
export interface PeerFailure {
  readonly path: Path
  readonly kind: 'validation' | 'types'
  /** During `toJSON()` (the path is then the command's, `[]`), or during a builder call. */
  readonly phase: 'call' | 'toJSON'
  readonly error: string
}

/** What the peer made of a definition. */
export interface PeerRun {
  readonly failures: readonly PeerFailure[]
  /** The peer's payload (through JSON), when nothing was refused. */
  readonly json?: unknown
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the peer's builders are driven by data here */
type Builder = any

const PLACEHOLDER = 'placeholder'

const ADD_OPTION: Record<number, string> = {
  3: 'addStringOption',
  4: 'addIntegerOption',
  5: 'addBooleanOption',
  6: 'addUserOption',
  7: 'addChannelOption',
  8: 'addRoleOption',
  9: 'addMentionableOption',
  10: 'addNumberOption',
  11: 'addAttachmentOption',
}

/** A conversion in progress: the refusals so far. */
class Conversion {
  readonly failures: PeerFailure[] = []

  /** Runs one builder call for the field at `path`; a throw is a `validation` refusal. Returns whether it passed. */
  call(path: Path, run: () => unknown): boolean {
    try {
      run()
      return true
    } catch (error) {
      this.failures.push({ path, kind: 'validation', phase: 'call', error: errorText(error) })
      return false
    }
  }

  /** Records that the peer has no call for the field at `path` (or its types refuse the value). */
  cannot(path: Path, what: string): void {
    this.failures.push({ path, kind: 'types', phase: 'call', error: what })
  }

  // ------------------------------------------------ shared fields

  /** name, description and their localizations; the placeholder goes in when the value is refused. */
  text(b: Builder, key: 'name' | 'description', v: unknown, path: Path): void {
    const set = key === 'name' ? 'setName' : 'setDescription'
    if (typeof v !== 'string') this.cannot([...path, key], `${key} must be a string for ${set}`)
    else if (this.call([...path, key], () => b[set](v))) return
    b[set](PLACEHOLDER)
  }

  localizations(b: Builder, key: 'name' | 'description', v: unknown, path: Path): void {
    const field = `${key}_localizations`
    const Key = key === 'name' ? 'Name' : 'Description'
    if (v === null) {
      this.call([...path, field], () => b[`set${Key}Localizations`](null))
      return
    }
    if (!isObj(v)) return this.cannot([...path, field], `${field} must be an object or null`)
    b[`set${Key}Localizations`]({})
    for (const [locale, text] of Object.entries(v)) {
      if (typeof text !== 'string' && text !== null) this.cannot([...path, field, locale], 'a localization must be a string or null')
      else this.call([...path, field, locale], () => b[`set${Key}Localization`](locale, text))
    }
  }

  // ------------------------------------------------ options

  /** A missing name or description: `toJSON()` would refuse it; the placeholder lets the other checks run. */
  required(b: Builder, json: Json, path: Path, keys: readonly ('name' | 'description')[]): void {
    for (const key of keys)
      if (!(key in json)) {
        this.failures.push({ path: [...path, key], kind: 'validation', phase: 'toJSON', error: `toJSON() requires a ${key}` })
        b[key === 'name' ? 'setName' : 'setDescription'](PLACEHOLDER)
      }
  }

  /** A value option's fields on its builder `o` (type `type`). */
  leaf(o: Builder, type: number, json: Json, path: Path): void {
    const keys = Object.keys(json)
    this.required(o, json, path, ['name', 'description'])
    for (const key of keys) {
      const v = json[key]
      const at = [...path, key]
      switch (key) {
        case 'type':
          break
        case 'name':
        case 'description':
          this.text(o, key, v, path)
          break
        case 'name_localizations':
        case 'description_localizations':
          this.localizations(o, key === 'name_localizations' ? 'name' : 'description', v, path)
          break
        case 'required':
          if (typeof v !== 'boolean') this.cannot(at, 'setRequired takes a boolean')
          else this.call(at, () => o.setRequired(v))
          break
        case 'autocomplete':
          if (![3, 4, 10].includes(type)) this.cannot(at, 'no setAutocomplete on this option type')
          else if (typeof v !== 'boolean') this.cannot(at, 'setAutocomplete takes a boolean')
          else this.call(at, () => o.setAutocomplete(v))
          break
        case 'choices':
          if (![3, 4, 10].includes(type)) this.cannot(at, 'no addChoices on this option type')
          else if (!Array.isArray(v)) this.cannot(at, 'choices must be an array')
          else if (v.length === 0) this.call(at, () => o.addChoices())
          else
            v.forEach((choice: unknown, j) => {
              const placeholder = { name: PLACEHOLDER, value: type === 3 ? PLACEHOLDER : 0 }
              if (!isObj(choice)) {
                this.cannot([...at, j], 'a choice must be an object')
                this.call([...at, j], () => o.addChoices(placeholder))
              } else if (!this.call([...at, j], () => o.addChoices(choice))) this.call([...at, j], () => o.addChoices(placeholder))
            })
          break
        case 'min_value':
        case 'max_value':
          if (type !== 4 && type !== 10) this.cannot(at, `no ${key} setter on this option type`)
          else if (typeof v !== 'number') this.cannot(at, `${key} must be a number`)
          else this.call(at, () => o[key === 'min_value' ? 'setMinValue' : 'setMaxValue'](v))
          break
        case 'min_length':
        case 'max_length':
          if (type !== 3) this.cannot(at, `no ${key} setter on this option type`)
          else if (typeof v !== 'number') this.cannot(at, `${key} must be a number`)
          else this.call(at, () => o[key === 'min_length' ? 'setMinLength' : 'setMaxLength'](v))
          break
        case 'channel_types':
          if (type !== 7) this.cannot(at, 'no addChannelTypes on this option type')
          else if (!Array.isArray(v)) this.cannot(at, 'channel_types must be an array')
          else this.call(at, () => o.addChannelTypes(v))
          break
        default:
          this.cannot(at, `no setter for ${key}`)
      }
    }
  }

  /** A subcommand's or group's fields on its builder `s`; children go through `child`. */
  parent(s: Builder, json: Json, path: Path, child: (option: unknown, path: Path) => void): void {
    this.required(s, json, path, ['name', 'description'])
    for (const key of Object.keys(json)) {
      const v = json[key]
      switch (key) {
        case 'type':
          break
        case 'name':
        case 'description':
          this.text(s, key, v, path)
          break
        case 'name_localizations':
        case 'description_localizations':
          this.localizations(s, key === 'name_localizations' ? 'name' : 'description', v, path)
          break
        case 'options':
          if (!Array.isArray(v)) this.cannot([...path, key], 'options must be an array')
          else
            v.forEach((o: unknown, i) => {
              child(o, [...path, key, i])
            })
          break
        default:
          this.cannot([...path, key], `no setter for ${key} on a subcommand or group`)
      }
    }
  }

  /**
   * Adds one option to `parent`, a builder whose level allows `allowed` kinds
   * ("values": addXOption; "subcommands": addSubcommand; "groups": addSubcommandGroup).
   * What the level refuses is replaced by a placeholder of a kind it allows.
   */
  option(parent: Builder, json: unknown, path: Path, allowed: ReadonlySet<'values' | 'subcommands' | 'groups'>): void {
    const type = isObj(json) ? json.type : undefined
    const kind = type === 1 ? 'subcommands' : type === 2 ? 'groups' : typeof type === 'number' && ADD_OPTION[type] !== undefined ? 'values' : undefined
    if (!isObj(json) || kind === undefined || !allowed.has(kind)) {
      this.cannot(path, kind === undefined ? 'not an option the builders know' : `no way to add ${kind} here`)
      this.placeholder(parent, allowed)
      return
    }
    if (kind === 'values') {
      const t = type as number
      this.call(path, () => parent[ADD_OPTION[t] as string]((o: Builder) => (this.leaf(o, t, json, path), o)))
    } else if (kind === 'subcommands') {
      this.call(path, () => parent.addSubcommand((s: Builder) => (this.parent(s, json, path, (o, p) => this.option(s, o, p, VALUES)), s)))
    } else {
      this.call(path, () => parent.addSubcommandGroup((g: Builder) => (this.parent(g, json, path, (o, p) => this.option(g, o, p, SUBCOMMANDS)), g)))
    }
  }

  placeholder(parent: Builder, allowed: ReadonlySet<string>): void {
    try {
      if (allowed.has('values')) parent.addBooleanOption((o: Builder) => o.setName(PLACEHOLDER).setDescription(PLACEHOLDER))
      else parent.addSubcommand((s: Builder) => s.setName(PLACEHOLDER).setDescription(PLACEHOLDER))
    } catch {
      // Only the peer's own count check throws here; it is reported where the count is exceeded.
    }
  }

  // ------------------------------------------------ command fields

  /** default_member_permissions, dm_permission, default_permission, nsfw, integration_types, contexts. */
  commandField(b: Builder, key: string, v: unknown, menu: boolean): boolean {
    const at = [key]
    switch (key) {
      case 'default_member_permissions':
        if (!(v === null || typeof v === 'string')) this.cannot(at, 'setDefaultMemberPermissions takes a string, number, bigint or null')
        else this.call(at, () => b.setDefaultMemberPermissions(v))
        return true
      case 'dm_permission':
        if (!(v === null || typeof v === 'boolean')) this.cannot(at, 'setDMPermission takes a boolean or null')
        else this.call(at, () => b.setDMPermission(v))
        return true
      case 'default_permission':
        // Typed `boolean`; a null goes through anyway to show what the peer's schema says.
        if (!(v === null || typeof v === 'boolean')) this.cannot(at, 'setDefaultPermission takes a boolean')
        else this.call(at, () => b.setDefaultPermission(v))
        return true
      case 'nsfw':
        if (menu) this.cannot(at, 'ContextMenuCommandBuilder has no setNSFW')
        else if (typeof v !== 'boolean') this.cannot(at, 'setNSFW takes a boolean')
        else this.call(at, () => b.setNSFW(v))
        return true
      case 'integration_types':
      case 'contexts':
        if (!Array.isArray(v)) this.cannot(at, `${key === 'contexts' ? 'setContexts' : 'setIntegrationTypes'} takes a list`)
        else this.call(at, () => (key === 'contexts' ? b.setContexts(v) : b.setIntegrationTypes(v)))
        return true
      default:
        return false
    }
  }
}

const VALUES: ReadonlySet<'values' | 'subcommands' | 'groups'> = new Set(['values'])
const SUBCOMMANDS: ReadonlySet<'values' | 'subcommands' | 'groups'> = new Set(['subcommands'])

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message.split('\n')[0] ?? ''}`
  return String(error)
}

/** A CHAT_INPUT command through SlashCommandBuilder. */
function slashCommand(c: Conversion, json: Json): Builder {
  const b = new SlashCommandBuilder()
  // The builder's types keep value options and subcommands apart: the first one decides.
  let top: ReadonlySet<'values' | 'subcommands' | 'groups'> | undefined
  for (const key of Object.keys(json)) {
    const v = json[key]
    switch (key) {
      case 'type':
        break
      case 'name':
      case 'description':
        c.text(b, key, v, [])
        break
      case 'name_localizations':
      case 'description_localizations':
        c.localizations(b, key === 'name_localizations' ? 'name' : 'description', v, [])
        break
      case 'options':
        if (!Array.isArray(v)) c.cannot([key], 'options must be an array')
        else
          v.forEach((o: unknown, i) => {
            if (top === undefined && isObj(o)) top = o.type === 1 || o.type === 2 ? new Set(['subcommands', 'groups']) : VALUES
            c.option(b, o, [key, i], top ?? VALUES)
          })
        break
      default:
        if (!c.commandField(b, key, v, false)) c.cannot([key], `no setter for ${key} on SlashCommandBuilder`)
    }
  }
  c.required(b, json, [], ['name', 'description'])
  return b
}

/** A USER or MESSAGE command through ContextMenuCommandBuilder. */
function contextMenuCommand(c: Conversion, json: Json, type: 2 | 3): Builder {
  const b = new ContextMenuCommandBuilder().setType(type)
  for (const key of Object.keys(json)) {
    const v = json[key]
    switch (key) {
      case 'type':
        break
      case 'name':
        if (typeof v !== 'string') c.cannot([key], 'setName takes a string')
        else if (c.call([key], () => b.setName(v))) break
        b.setName(PLACEHOLDER)
        break
      case 'name_localizations':
        c.localizations(b, 'name', v, [])
        break
      default:
        if (!c.commandField(b, key, v, true)) c.cannot([key], `no setter for ${key} on ContextMenuCommandBuilder`)
    }
  }
  c.required(b, json, [], ['name'])
  return b
}

/** Runs the peer on one command definition. */
export function runPeer(json: unknown): PeerRun {
  const c = new Conversion()
  if (!isObj(json)) {
    c.cannot([], 'a command is an object')
    return { failures: c.failures }
  }
  const type = json.type === undefined ? 1 : json.type
  let builder: Builder
  if (type === 1) builder = slashCommand(c, json)
  else if (type === 2 || type === 3) builder = contextMenuCommand(c, json, type)
  else {
    c.cannot(['type'], type === 4 ? 'no builder for PRIMARY_ENTRY_POINT commands' : 'not a command type the builders know')
    return { failures: c.failures }
  }
  let out: unknown
  try {
    out = JSON.parse(JSON.stringify(builder.toJSON()))
  } catch (error) {
    c.failures.push({ path: [], kind: 'validation', phase: 'toJSON', error: errorText(error) })
  }
  return c.failures.length === 0 ? { failures: [], json: out } : { failures: c.failures }
}

/**
 * The peer's payload with the defaults it writes and the input left out
 * (`required: false`, `options: []`, `type: 1`), to compare with the input.
 */
export function withoutPeerDefaults(peer: unknown, input: unknown, top = true): unknown {
  // A list of commands: each element is a command (`top`); options arrays are not.
  if (Array.isArray(peer) && Array.isArray(input)) return peer.map((v, i) => withoutPeerDefaults(v, input[i], top))
  if (!isObj(peer) || !isObj(input)) return peer
  const out: Json = {}
  for (const [key, v] of Object.entries(peer)) {
    if (!(key in input)) {
      if (key === 'required' && v === false) continue
      if (key === 'options' && Array.isArray(v) && v.length === 0) continue
      if (key === 'type' && top && v === 1) continue
    }
    out[key] = withoutPeerDefaults(v, input[key], false)
  }
  return out
}
