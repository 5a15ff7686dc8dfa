/**
 * The service's state and its stated effects (spec: "States and transitions",
 * "Command endpoints", "Command permission endpoints", "Lobby endpoints"), as plain
 * data with no HTTP in it. Every body reaching here was validated by the rules of
 * the core (`validateCommand`, `validateCommands`, `validateOverwrites`,
 * `validateLobby`, `validateLobbyMember`).
 */
import {
  ChannelType,
  InteractionCallbackType,
  MessageFlag,
  type ApplicationCommand,
  type CommandPermissionJSON,
  type GuildCommandPermissions,
  type Json,
  type Lobby,
  type LobbyMemberJSON,
  type LobbyMessage,
} from '../internal.js'

/** A fresh copy of a JSON value. JSON.parse makes `__proto__` an own data property, never a prototype. */
export const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T))

/**
 * Component ids as the service gives them (public API v10, components reference:
 * "auto-populated sequentially"): each call, in the order the components come, keeps
 * an id the app gave (a positive integer; 0 is none) and numbers the others after
 * the largest so far. One numbering per message or modal submit.
 */
export function componentIds(): (given: unknown) => number {
  let next = 1
  return (given) => {
    const id = typeof given === 'number' && given > 0 ? given : next
    next = Math.max(next, id) + 1
    return id
  }
}

/** Public API v10 snowflake epoch (2015-01-01, not shown in the spec). */
const EPOCH = 1_420_070_400_000n

/** Ids and versions: snowflakes from the clock that always grow ("Versioning" 2: autoincrementing). */
export class Snowflakes {
  private last = 0n
  constructor(private readonly now: () => number) {}
  next(): string {
    const time = BigInt(Math.max(0, Math.floor(this.now()))) - EPOCH
    const made = (time > 0n ? time : 0n) << 22n
    this.last = made > this.last ? made : this.last + 1n
    return this.last.toString()
  }
}

/** `n` random bytes as hex digits (WebCrypto where there is one). */
export function randomHex(n: number): string {
  const bytes = new Uint8Array(n)
  const crypto = (globalThis as { crypto?: { getRandomValues(a: Uint8Array): Uint8Array } }).crypto
  if (crypto !== undefined) crypto.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** An interaction token: unique (its id) and not guessable (128 random bits). */
export const interactionToken = (id: string): string => `emulated.${id}.${randomHex(16)}`

/** A registered command: its create body as given, and what the service adds. */
export interface StoredCommand {
  readonly id: string
  readonly applicationId: string
  readonly guildId: string | undefined
  version: string
  body: Json
}

export const typeOf = (body: Json): number => (body.type === undefined ? 1 : (body.type as number))

/**
 * A command as the service returns it ("Application command"): the body plus `id`,
 * `application_id`, `guild_id`, `version`, and the defaults the table states
 * (type 1, description '' for USER and MESSAGE, nsfw false, default_member_permissions
 * null; for global commands integration_types [GUILD_INSTALL], contexts null and
 * dm_permission true).
 */
export function present(c: StoredCommand): ApplicationCommand {
  const b = copy(c.body)
  const out: Json = { id: c.id, application_id: c.applicationId, version: c.version, default_member_permissions: null, type: typeOf(b), nsfw: false }
  if (c.guildId !== undefined) out.guild_id = c.guildId
  else {
    out.integration_types = [0]
    out.contexts = null
  }
  Object.assign(out, b)
  out.type = typeOf(b)
  if (out.description === undefined) out.description = ''
  // Public API v10 (the spec is silent): dm_permission is a boolean in a response,
  // never null; a global command without one answers true (the default).
  if (c.guildId === undefined && (out.dm_permission === undefined || out.dm_permission === null)) out.dm_permission = true
  else if (out.dm_permission === null) delete out.dm_permission
  return out as unknown as ApplicationCommand
}

/** Whether two bodies differ in anything ("Versioning" 2: the version changes on substantial changes). */
export const sameBody = (a: Json, b: Json): boolean => canonical(a) === canonical(b)

/** JSON with object keys sorted, so that key order does not count as a change. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v
    const sorted: Json = {}
    for (const k of Object.keys(v).sort()) Object.defineProperty(sorted, k, { value: (v as Json)[k], enumerable: true })
    return sorted
  })
}

/** One lobby ("Lobby", "LobbyMember"). */
export interface StoredLobby {
  readonly id: string
  /** Who created it: an application id, or the token in an emulator without applications. */
  readonly owner: string
  readonly applicationId: string
  metadata: Record<string, string> | null
  members: Map<string, LobbyMemberJSON>
  idleTimeout: number | undefined
  /** Clock time of the last change, for the idle shutdown. */
  touched: number
  /** OpenAPI `LobbyResponse.flags`. */
  flags?: number
  /** OpenAPI `override_event_webhooks_url`. */
  webhookUrl?: string | undefined
  /** The channel the lobby is linked to (PATCH .../channel-linking). */
  linkedChannel?: string | undefined
  /** The secret of a lobby made by create-or-join (PUT /lobbies); none for POST /lobbies. */
  secret?: string | undefined
  /** Its messages, oldest first (the last 200 are kept). */
  messages?: LobbyMessage[]
}

/** The lobby object (OpenAPI `LobbyResponse`): id, application_id, metadata, members, flags, linked_channel. */
export function presentLobby(l: StoredLobby): Lobby {
  const out: Json = { id: l.id }
  out.application_id = l.applicationId
  out.metadata = copy(l.metadata)
  out.members = [...l.members.values()].map(presentMember)
  out.flags = l.flags ?? 0
  if (l.linkedChannel !== undefined) out.linked_channel = { id: l.linkedChannel, type: ChannelType.GuildText }
  if (l.webhookUrl !== undefined) out.override_event_webhooks_url = l.webhookUrl
  if (l.idleTimeout !== undefined) out.idle_timeout_seconds = l.idleTimeout
  return out as unknown as Lobby
}

/** A member as returned: its id, metadata (null when none), flags (0 when none) and additional_name when set. */
export function presentMember(m: LobbyMemberJSON): LobbyMemberJSON {
  const out: LobbyMemberJSON = { id: m.id, metadata: copy(m.metadata ?? null), flags: m.flags ?? 0 }
  if (typeof m.additional_name === 'string') out.additional_name = m.additional_name
  return out
}

/** Members keyed by id; a repeated id keeps its last entry. */
export function memberMap(list: readonly LobbyMemberJSON[] | undefined): Map<string, LobbyMemberJSON> {
  const map = new Map<string, LobbyMemberJSON>()
  for (const m of list ?? []) map.set(m.id, copy(m))
  return map
}

/** Permission overwrites of one guild: command id (or application id) to overwrites. */
export type GuildPermissions = Map<string, CommandPermissionJSON[]>

export function presentPermissions(applicationId: string, guildId: string, id: string, permissions: readonly CommandPermissionJSON[]): GuildCommandPermissions {
  return { id, application_id: applicationId, guild_id: guildId, permissions: copy([...permissions]) }
}

/**
 * Public API v10 `InteractionCallbackResponse` (`?with_response=true`): the
 * interaction, with the message a callback 4 or 5 made, and the resource.
 */
export function callbackResponse(opened: { readonly id: string; readonly type: number }, type: number, message: { readonly id: string; readonly flags: number } | undefined): Json {
  const interaction: Json = { id: opened.id, type: opened.type }
  const deferred = type === InteractionCallbackType.DeferredChannelMessageWithSource
  if (message !== undefined && (type === InteractionCallbackType.ChannelMessageWithSource || deferred)) {
    interaction.response_message_id = message.id
    interaction.response_message_loading = deferred
    interaction.response_message_ephemeral = (message.flags & MessageFlag.Ephemeral) !== 0
  }
  const out: Json = { interaction }
  if (message !== undefined) out.resource = { type, message }
  return out
}
