/**
 * What `deploy` compares: the commands registered in a scope against the wanted
 * list, per command, matched by type and name ("Naming rules" 3: a name is unique
 * per type in one scope). Fields the service adds to what it returns (ids,
 * version, localized views) and the defaults it fills in are ignored, so that a
 * definition compares equal to the command it registered.
 */
import { CommandType, IntegrationType, isRecord, type ApplicationCommand, type Json } from '../internal.js'

/** What deploy does, or would do, to one command. */
export type DeployAction = 'create' | 'update' | 'delete' | 'unchanged'

/** One command in a deploy's diff. */
export interface DeployChange {
  readonly action: DeployAction
  readonly type: CommandType
  readonly name: string
  /** The registered command's id (absent for a create). */
  readonly id?: string
  /** For an update: the top-level fields that differ. */
  readonly fields?: readonly string[]
  /** For an update: each difference at its path, in words (`options[0].choices reordered`). */
  readonly details?: readonly string[]
}

/**
 * A command that disappears while one of the same type appears: maybe a rename.
 * The service cannot tell (a bulk overwrite matches by type and name), so it
 * deletes the old command and creates the new one, and the old one's permission
 * overwrites go with it ("States and transitions": deleting or renaming a command
 * deletes its permissions).
 */
export interface PossibleRename {
  readonly type: CommandType
  /** The registered command's name, and its id. */
  readonly from: string
  readonly id: string
  /** The name of the command that appears. */
  readonly to: string
}

/** The diff of a registered list and a wanted one. */
export interface CommandDiff {
  /** One entry per command: the wanted ones in their order, then the deleted ones. */
  readonly changes: readonly DeployChange[]
  /** Whether anything is created, updated or deleted. */
  readonly changed: boolean
  /** Deletes paired with creates of the same type, in order: possible renames. */
  readonly renames: readonly PossibleRename[]
}

/** Added by the service to the commands it returns ("Application command"). */
const SERVICE_FIELDS = ['id', 'application_id', 'guild_id', 'version']
/** Added by the GET-all endpoints at every level ("Command endpoints" rule 5). */
const VIEW_FIELDS = ['name_localized', 'description_localized']

const isEmpty = (v: unknown): boolean => v === null || (isRecord(v) && Object.keys(v).length === 0) || (Array.isArray(v) && v.length === 0)

/**
 * Defaults the service states or fills in, per field: a field holding its default
 * is the same as an absent one ("Application command": type 1, nsfw false,
 * default_permission true, description '' for USER and MESSAGE; nullable fields;
 * "Command option": required false; public API v10: integration_types
 * [GUILD_INSTALL], dm_permission true).
 */
function isDefault(key: string, v: unknown): boolean {
  // docs/spec-notes.md "Absent values": null on a nullable field is absent; on the others it is the default the service returns.
  if (v === null) return true
  switch (key) {
    case 'name_localizations':
    case 'description_localizations':
    case 'options':
    case 'choices':
      return isEmpty(v)
    case 'description':
      return v === ''
    case 'nsfw':
    case 'required':
    case 'autocomplete':
      return v === false
    case 'dm_permission':
    case 'default_permission':
      return v === true || v === null
    case 'integration_types':
      return Array.isArray(v) && v.length === 1 && v[0] === IntegrationType.GuildInstall
    default:
      return false
  }
}

/** A command (or option, or choice) with service fields and defaults removed, keys sorted. */
function normalize(node: unknown, top: boolean): unknown {
  if (Array.isArray(node)) return node.map((x) => normalize(x, false))
  if (!isRecord(node)) return node
  const out: Json = {}
  for (const key of Object.keys(node).sort()) {
    const v = node[key]
    if ((top && SERVICE_FIELDS.includes(key)) || VIEW_FIELDS.includes(key)) continue
    if (v === undefined || isDefault(key, v)) continue
    // Only the service's own nested arrays hold further commands' parts; a
    // dictionary (the localizations) compares without regard to its key order.
    const value = key === 'options' || key === 'choices' ? normalize(v, false) : isRecord(v) ? sortKeys(v) : v
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  }
  if (top && out.type === CommandType.ChatInput) delete out.type
  return out
}

/** A dictionary with its keys in order, so that two with the same entries serialize alike. */
function sortKeys(v: Json): Json {
  const out: Json = {}
  for (const key of Object.keys(v).sort()) Object.defineProperty(out, key, { value: v[key], enumerable: true, writable: true, configurable: true })
  return out
}

/** Pairs each deleted command with the next created one of its type. */
function renamesOf(changes: readonly DeployChange[]): PossibleRename[] {
  const created = changes.filter((c) => c.action === 'create')
  const out: PossibleRename[] = []
  for (const d of changes) {
    if (d.action !== 'delete') continue
    const at = created.findIndex((c) => c.type === d.type)
    if (at < 0) continue
    const [c] = created.splice(at, 1)
    out.push({ type: d.type, from: d.name, id: d.id as string, to: (c as DeployChange).name })
  }
  return out
}

/** A short value for a log line: JSON up to 40 characters, else its kind. */
const shown = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v)
  return text.length <= 40 ? text : Array.isArray(v) ? `a list of ${v.length}` : typeof v === 'string' ? `${v.length} characters` : 'a value'
}
const nameOf = (v: unknown): string | undefined => (isRecord(v) && typeof v.name === 'string' ? v.name : undefined)

/**
 * The differences of two normalized nodes, at their paths: fields added, removed or
 * changed; options and choices matched by name (added, removed, reordered).
 */
function differences(a: unknown, b: unknown, path: string, out: string[]): string[] {
  const at = (key: string): string => (path === '' ? key : `${path}.${key}`)
  if (isRecord(a) && isRecord(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (!Object.hasOwn(b, key)) out.push(`${at(key)} removed`)
      else if (!Object.hasOwn(a, key)) out.push(`${at(key)} added (${shown(b[key])})`)
      else differences(a[key], b[key], at(key), out)
    }
  } else if (Array.isArray(a) && Array.isArray(b) && a.every((x) => nameOf(x) !== undefined) && b.every((x) => nameOf(x) !== undefined)) {
    const before = a.map(nameOf)
    const after = b.map(nameOf)
    for (const [i, n] of before.entries()) if (!after.includes(n)) out.push(`${path}[${i}] removed (${JSON.stringify(n)})`)
    b.forEach((x, i) => {
      const j = before.indexOf(after[i])
      if (j < 0) out.push(`${path}[${i}] added (${JSON.stringify(after[i])})`)
      else differences(a[j], x, `${path}[${i}]`, out)
    })
    const kept = after.filter((n) => before.includes(n))
    if (kept.join('\u0000') !== before.filter((n) => after.includes(n)).join('\u0000')) out.push(`${path} reordered`)
  } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path} changed (${shown(a)} -> ${shown(b)})`)
  return out
}

const keyOf = (c: Json): string => `${c.type === undefined || c.type === null ? 1 : String(c.type)}\u0000${String(c.name)}`

/**
 * Compares the registered commands of one scope with the wanted definitions.
 *
 * @example
 * diffCommands(await rest.listCommands({ withLocalizations: true }), app.toJSON())
 * // { changed: true, changes: [{ action: 'create', type: 1, name: 'ban' }, ...], renames: [] }
 */
export function diffCommands(registered: readonly ApplicationCommand[] | readonly unknown[], wanted: readonly unknown[]): CommandDiff {
  const byKey = new Map<string, Json>()
  for (const r of registered) if (isRecord(r)) byKey.set(keyOf(r), r)
  const changes: DeployChange[] = []
  const seen = new Set<string>()
  for (const w of wanted) {
    if (!isRecord(w)) continue
    const key = keyOf(w)
    seen.add(key)
    const type = (w.type ?? 1) as CommandType
    const name = String(w.name)
    const r = byKey.get(key)
    if (r === undefined) {
      changes.push({ action: 'create', type, name })
      continue
    }
    const a = normalize(r, true) as Json
    const b = normalize(w, true) as Json
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort()
    changes.push(
      fields.length === 0 ? { action: 'unchanged', type, name, id: String(r.id) } : { action: 'update', type, name, id: String(r.id), fields, details: differences(a, b, '', []) },
    )
  }
  for (const [key, r] of byKey) if (!seen.has(key)) changes.push({ action: 'delete', type: (r.type ?? 1) as CommandType, name: String(r.name), id: String(r.id) })
  return { changes, changed: changes.some((c) => c.action !== 'unchanged'), renames: renamesOf(changes) }
}
