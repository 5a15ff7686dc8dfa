/**
 * The people and places a test declares for `invoke`: users (with their roles and
 * permissions), roles, channels and attachments, turned into the objects an
 * interaction carries (`member`, `user`, `data.resolved`; spec "Interaction payloads
 * received by the application"; the fields the spec does not show follow public
 * API v10).
 */
import {
  isSnowflake,
  PermissionFlags,
  permissions,
  ValidationError,
  type Issue,
  type Attachment,
  type Channel,
  type ChannelType,
  type ContextArg,
  type Member,
  type PermissionArg,
  type Resolved,
  type ResolvedMap,
  type Role,
  type User,
} from '../../internal.js'
import { mediaTypeOf } from '../../rest/media-types.js'
import { utf8Bytes } from '../multipart.js'

/** A user as a test declares it. */
export interface InvokeUser {
  readonly id: string
  readonly username?: string | undefined
  readonly globalName?: string | undefined
  /** Roles held in the guild (ids). */
  readonly roles?: readonly string[] | undefined
  /** Permissions held in the guild besides those of the roles: flag names, bits, or a string of digits. */
  readonly permissions?: readonly PermissionArg[] | string | bigint | undefined
  /** Shorthand for holding Administrator. */
  readonly administrator?: boolean | undefined
  /** Whether the user is 18 or over (spec "Other command rules" 8). Default true. */
  readonly adult?: boolean | undefined
  readonly nick?: string | undefined
  /** Whether the user is a member of the guild the invocation happens in. Default true. */
  readonly member?: boolean | undefined
  /** Whether the user installed the app (USER_INSTALL). Default true (with `applications[].installs.users`, whether it lists the user). */
  readonly installed?: boolean | undefined
}

/** A role as a test declares it. */
export interface InvokeRole {
  readonly id: string
  /** Default `role` and the id's last four digits, as a user's `username` defaults. */
  readonly name?: string | undefined
  /** Permissions the role grants (flag names, bits, or a string of digits). */
  readonly permissions?: readonly PermissionArg[] | string | bigint | undefined
  readonly position?: number | undefined
}

/** A channel as a test declares it. */
export interface InvokeChannel {
  readonly id: string
  /** Public API v10 channel type; default GUILD_TEXT (0) in a guild, DM (1) outside. */
  readonly type?: ChannelType | undefined
  readonly name?: string | undefined
  /** Age-restricted channel (spec "Other command rules" 8). Default false. */
  readonly nsfw?: boolean | undefined
  /** For a thread: its channel. */
  readonly parentId?: string | undefined
}

/** An attachment as a test declares it. */
export interface InvokeAttachment {
  readonly id: string
  readonly filename: string
  readonly size?: number | undefined
  /** Default: the media type of the filename's extension (`mediaTypeOf` of `slashkit/rest`), else `application/octet-stream`. */
  readonly contentType?: string | undefined
  /**
   * The file's bytes (a string is its UTF-8): the emulator's `fetch` of its `url` or
   * `proxy_url` answers them, so a bot that downloads what the user sent runs
   * offline. Its `size` is then their length.
   */
  readonly data?: Uint8Array | string | undefined
}

/** Where the command is used. */
export interface InvokePlace {
  /** The guild; absent for a DM with the app or a private channel. */
  readonly guild?:
    | {
        readonly id: string
        readonly locale?: string | undefined
        /** Whether the app is installed in the guild. Default true (with `applications[].installs.guilds`, whether it lists the guild). */
        readonly installed?: boolean | undefined
      }
    | undefined
  /** The channel; a DM channel by default outside a guild. */
  readonly channel?: InvokeChannel | undefined
  /** GUILD (0), BOT_DM (1) or PRIVATE_CHANNEL (2); default GUILD in a guild, BOT_DM outside. */
  readonly context?: ContextArg | undefined
}

/** A message a MESSAGE command may target, as a test declares it. */
export interface InvokeMessage {
  readonly id: string
  readonly content: string
  /** The author: a declared user's id (a plain user otherwise). */
  readonly authorId: string
  readonly channelId?: string | undefined
}

/** Everything declared: the objects `data.resolved` is filled from. */
export interface Declared {
  readonly users?: readonly InvokeUser[] | undefined
  readonly roles?: readonly InvokeRole[] | undefined
  readonly channels?: readonly InvokeChannel[] | undefined
  readonly attachments?: readonly InvokeAttachment[] | undefined
  /** Messages a MESSAGE command may target. */
  readonly messages?: readonly InvokeMessage[] | undefined
}

/**
 * What a new guild's @everyone holds, in part, and so what an @everyone a test does
 * not declare holds: view channels, send messages, read history, use application
 * commands (public API v10, "Permissions").
 */
export const NEW_GUILD_EVERYONE = PermissionFlags.ViewChannel | PermissionFlags.SendMessages | PermissionFlags.ReadMessageHistory | PermissionFlags.UseApplicationCommands

export const bitsOf = (p: InvokeUser['permissions']): bigint => (p === undefined ? 0n : BigInt(Array.isArray(p) ? permissions(...(p as never[])) : permissions(p as never)))

export function wireUser(u: InvokeUser): User {
  return { id: u.id, username: u.username ?? `user${u.id.slice(-4)}`, global_name: u.globalName ?? null, avatar: null, discriminator: '0', public_flags: 0 }
}

/**
 * The member's permissions in the guild: its own, its roles', @everyone's, and
 * Administrator when said. Every member has @everyone, the role whose id is the guild
 * id (public API v10), whether the user lists it or not.
 */
export function memberBits(u: InvokeUser, index: Pick<Index, 'roles' | 'guildId'>): bigint {
  let bits = bitsOf(u.permissions)
  // An @everyone the test does not declare holds what a new guild's holds (in part: NEW_GUILD_EVERYONE).
  if (index.guildId !== undefined) bits |= index.roles.has(index.guildId) ? bitsOf(index.roles.get(index.guildId)?.permissions) : NEW_GUILD_EVERYONE
  for (const r of u.roles ?? []) bits |= bitsOf(index.roles.get(r)?.permissions)
  if (u.administrator === true) bits |= PermissionFlags.Administrator
  return bits
}

export function wireMember(u: InvokeUser, index: Pick<Index, 'roles' | 'guildId'>): Member & { permissions: string } {
  return {
    // Public API v10: a member's roles do not list @everyone.
    roles: (u.roles ?? []).filter((r) => r !== index.guildId),
    permissions: memberBits(u, index).toString(),
    nick: u.nick ?? null,
    avatar: null,
    joined_at: '2024-01-01T00:00:00.000Z',
    premium_since: null,
    pending: false,
    mute: false,
    deaf: false,
  }
}

/** A declared role's name, or its default. */
const roleName = (r: InvokeRole): string => r.name ?? `role${r.id.slice(-4)}`

export function wireRole(r: InvokeRole): Role {
  return { id: r.id, name: roleName(r), color: 0, hoist: false, position: r.position ?? 1, permissions: bitsOf(r.permissions).toString(), managed: false, mentionable: true }
}

export function wireChannel(c: InvokeChannel, inGuild: boolean, permissionsHere: string): Channel {
  const out: Channel = { id: c.id, type: c.type ?? (inGuild ? 0 : 1), name: c.name ?? null, permissions: permissionsHere }
  if (c.parentId !== undefined) out.parent_id = c.parentId
  return out
}

/** A declared file's bytes. */
export const bytesOf = (data: Uint8Array | string): Uint8Array => (typeof data === 'string' ? utf8Bytes(data) : data)

export function wireAttachment(a: InvokeAttachment): Attachment {
  return {
    id: a.id,
    filename: a.filename,
    size: a.size ?? (a.data === undefined ? 1024 : bytesOf(a.data).length),
    url: `https://cdn.emulator.invalid/attachments/${a.id}/${a.filename}`,
    proxy_url: `https://media.emulator.invalid/attachments/${a.id}/${a.filename}`,
    // What the client sends for a file is its type: here the one its name says.
    content_type: a.contentType ?? mediaTypeOf(a.filename) ?? 'application/octet-stream',
  }
}

/** The declared objects by id (no prototype: an id may be `__proto__`). */
export interface Index {
  /** The guild the invocation is in (its id is @everyone's), when it is in one. */
  readonly guildId: string | undefined
  readonly users: ReadonlyMap<string, InvokeUser>
  readonly roles: ReadonlyMap<string, InvokeRole>
  readonly channels: ReadonlyMap<string, InvokeChannel>
  readonly attachments: ReadonlyMap<string, InvokeAttachment>
}

export function indexOf(declared: Declared, extraUsers: readonly InvokeUser[], extraChannels: readonly InvokeChannel[], guildId: string | undefined): Index {
  return {
    guildId,
    users: new Map([...(declared.users ?? []), ...extraUsers].map((u) => [u.id, u])),
    roles: new Map((declared.roles ?? []).map((r) => [r.id, r])),
    channels: new Map([...(declared.channels ?? []), ...extraChannels].map((c) => [c.id, c])),
    attachments: new Map((declared.attachments ?? []).map((a) => [a.id, a])),
  }
}

/**
 * Throws `ValidationError` when an id the test gave is not a snowflake (the
 * application, the user, the guild, the channel, every declared object): a
 * mistake in the test, said at once rather than as a strange refusal later. With
 * `issues` (fields.ts: fields the input has no place for), those are thrown too.
 */
export function checkIds(input: Declared & { readonly applicationId: unknown; readonly user: unknown; readonly place?: InvokePlace | undefined }, issues: Issue[] = []): void {
  const need = (value: unknown, path: Issue['path']) => {
    if (!isSnowflake(value))
      issues.push({ code: 'snowflake.format', path, message: `${path.join('.')} must be a snowflake (a string of digits) (was ${JSON.stringify(value)?.slice(0, 40)})` })
  }
  need(input.applicationId, ['applicationId'])
  // A user given by its id alone (`user: '4000...'`) is the user's object that is missing, not its id.
  if (typeof input.user !== 'object' || input.user === null)
    issues.push({ code: 'value.type', path: ['user'], message: `user must be the user who acts, { id, username?, ... } (was ${JSON.stringify(input.user)?.slice(0, 40)})` })
  else need((input.user as { id?: unknown }).id, ['user', 'id'])
  if (input.place?.guild !== undefined) need(input.place.guild.id, ['place', 'guild', 'id'])
  if (input.place?.channel !== undefined) need(input.place.channel.id, ['place', 'channel', 'id'])
  for (const key of ['users', 'roles', 'channels', 'attachments', 'messages'] as const) {
    const list = input[key]
    if (list !== undefined && !Array.isArray(list)) issues.push({ code: 'value.type', path: [key], message: `${key} must be an array` })
    else
      for (const [i, x] of (list ?? []).entries()) {
        need((x as { id?: unknown } | null)?.id, [key, i, 'id'])
        const data = (x as { data?: unknown } | null)?.data
        if (key === 'attachments' && data !== undefined && typeof data !== 'string' && !(data instanceof Uint8Array))
          issues.push({ code: 'value.type', path: [key, i, 'data'], message: `${key}[${i}].data must be the file's bytes, a Uint8Array or a string` })
      }
  }
  if (issues.length > 0) throw new ValidationError(issues, 'invoke input')
}

/** One `data.resolved` map's side of the client: how a line names its objects, finding one, and putting it in by id. */
interface DeclaredMap {
  readonly how: string
  find(text: string, index: Index): { readonly id: string; readonly type?: number | undefined } | undefined
  put(id: string, index: Index, resolved: Resolved, inGuild: boolean): void
}

/** Each map's declared objects (a user with its member in a guild): what options and entity selects name. */
const DECLARED: { readonly [M in ResolvedMap]: DeclaredMap } = {
  users: {
    how: '<@id>, an id or @username',
    find: (text, index) => find(index.users, text.replace(/^<@!/u, '<@'), /^<@(\d+)>$/u, '@', (u) => u.username ?? `user${u.id.slice(-4)}`),
    put: (id, index, resolved, inGuild) => {
      const u = index.users.get(id) as InvokeUser
      ;(resolved.users ??= {})[id] = wireUser(u)
      if (inGuild && u.member !== false) (resolved.members ??= {})[id] = wireMember(u, index)
    },
  },
  roles: {
    how: '<@&id>, an id or @name',
    find: (text, index) => find(index.roles, text, /^<@&(\d+)>$/u, '@', roleName),
    put: (id, index, resolved) => void ((resolved.roles ??= {})[id] = wireRole(index.roles.get(id) as InvokeRole)),
  },
  channels: {
    how: '<#id>, an id or #name',
    find: (text, index) => find(index.channels, text, /^<#(\d+)>$/u, '#', (c) => c.name),
    put: (id, index, resolved, inGuild) => void ((resolved.channels ??= {})[id] = wireChannel(index.channels.get(id) as InvokeChannel, inGuild, '0')),
  },
  attachments: {
    how: 'its id or filename',
    find: (text, index) => find(index.attachments, text, /^$/u, '', (x) => x.filename),
    put: (id, index, resolved) => void ((resolved.attachments ??= {})[id] = wireAttachment(index.attachments.get(id) as InvokeAttachment)),
  },
}

/** How a line names the objects of each map (for messages). */
export const HOW_NAMED: { readonly [M in ResolvedMap]: string } = {
  users: DECLARED.users.how,
  roles: DECLARED.roles.how,
  channels: DECLARED.channels.how,
  attachments: DECLARED.attachments.how,
}

/** A declared object of `map` named by `text` (an id, a mention, or a name with its sigil). */
export const findDeclared = (map: ResolvedMap, text: string, index: Index): { readonly id: string; readonly type?: number | undefined } | undefined =>
  DECLARED[map].find(text, index)

/** Puts the declared object `id` of `map` in `resolved` (a user with its member in a guild). */
export const putDeclared = (map: ResolvedMap, id: string, index: Index, resolved: Resolved, inGuild: boolean): void => DECLARED[map].put(id, index, resolved, inGuild)

function find<T extends { readonly id: string }>(table: ReadonlyMap<string, T>, text: string, mention: RegExp, sigil: string, name: (t: T) => string | undefined): T | undefined {
  const id = mention.exec(text)?.[1] ?? text
  const byId = table.get(id)
  if (byId !== undefined) return byId
  if (sigil === '' || text.startsWith(sigil)) {
    const wanted = text.slice(sigil.length)
    for (const t of table.values()) if (name(t) === wanted) return t
  }
  return undefined
}
