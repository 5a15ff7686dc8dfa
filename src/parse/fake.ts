/**
 * `fakeInteraction`: a realistic interaction payload built from a definition and
 * the values a test wants the handler to see, with `data.resolved` filled in. For
 * unit tests of handlers, without the service.
 */
import type { CommandPath, Members, PathsOf } from '../builders/types/infer.js'
import type { AnyOption, TypesOf } from '../builders/types/options.js'
import type { Attachment, Channel, EmbedResponse, Interaction, InteractionBase, InteractionOption, Member, Message, Resolved, Role, User } from '../wire/interactions.js'
import type { EmbedJSON } from '../wire/messages.js'
import type { ChannelType, CommandType, InteractionType, LeafOptionType, MessageType, OptionType } from '../wire/enums.js'
import { argumentError, assertFields, assertObject } from '../rules/arguments.js'
import { FILE_SIZE_DEFAULT } from '../rules/message-limits.js'
import { ResolvedEntityKey } from '../wire/option-kinds.js'
import { compile, keyOf, type CompiledCommand, type CompiledLevel, type CompiledOption } from './compile.js'
import type { Parseable } from './parse.js'

/** A user as a test gives it: any fields; the rest are filled in. */
export interface FakeUser {
  readonly user?: Partial<User>
  /** The member; absent when the fake interaction is outside a guild. */
  readonly member?: Partial<Member>
}

type FakeValue<O> =
  TypesOf<O> extends infer I extends { type: number; value: unknown }
    ? {
        3: I['value']
        4: I['value']
        5: boolean
        6: FakeUser
        7: Partial<Channel> & { type?: I['value'] & ChannelType }
        8: Partial<Role>
        9: FakeUser | { readonly role: Partial<Role> }
        10: I['value']
        11: Partial<Attachment>
      }[I['type'] & LeafOptionType]
    : never

type Required_<O extends readonly AnyOption[]> = O[number] extends infer X
  ? X extends unknown
    ? TypesOf<X>['required'] extends true
      ? TypesOf<X>['name']
      : never
    : never
  : never

type AutocompleteNames<O extends readonly AnyOption[]> = O[number] extends infer X
  ? X extends unknown
    ? TypesOf<X>['mode'] extends 'autocomplete'
      ? TypesOf<X>['name']
      : never
    : never
  : never

/**
 * The options a test gives, by name: required ones required (none in an
 * autocomplete request, "Other command rules" 5); no name the path does not have.
 */
export type FakeOptions<O extends readonly AnyOption[], Partial_ extends boolean = false> = [O[number]] extends [never]
  ? { readonly [name: string]: never }
  : { readonly [X in O[number] as TypesOf<X>['name']]?: FakeValue<X> | undefined } & (Partial_ extends true ? unknown : { readonly [N in Required_<O>]: unknown })

/** Settings of the fake interaction itself. */
export interface FakeContext {
  /** The guild; `null` for an interaction outside any guild (a DM). Default: a fixed guild id. */
  readonly guildId?: string | null | undefined
  readonly channelId?: string | undefined
  readonly locale?: string | undefined
  /** The invoking user. */
  readonly user?: Partial<User> | undefined
  /** Interaction type: 2 (default) or 4 for an autocomplete request. */
  readonly type?: Invocation | Autocomplete
  /** Autocomplete: the option being typed and the text typed so far. */
  readonly focused?: { readonly name: string; readonly value: string }
}

/** One path's input: a command invocation (`Auto` false) or an autocomplete request on one of its autocomplete options. */
type PathInput<P, Auto extends boolean> =
  P extends CommandPath<infer N, infer G, infer S, infer O>
    ? { readonly command?: N; readonly options?: FakeOptions<O, Auto> } & ([S] extends [undefined]
        ? { readonly group?: undefined; readonly subcommand?: undefined }
        : ([G] extends [undefined] ? { readonly group?: undefined } : { readonly group: G }) & { readonly subcommand: S }) &
        (Auto extends true
          ? { readonly type: Autocomplete; readonly focused: { readonly name: AutocompleteNames<O>; readonly value: string } }
          : { readonly type?: Invocation; readonly focused?: undefined } & ([Required_<O>] extends [never] ? unknown : { readonly options: FakeOptions<O> }))
    : never

/** A command invocation (interaction type 2), the default of a fake. */
type Invocation = typeof InteractionType.ApplicationCommand
/** An autocomplete request (interaction type 4). */
type Autocomplete = typeof InteractionType.ApplicationCommandAutocomplete

type RecordOf<D> = D extends { readonly '~command'?: infer R } ? NonNullable<R> : never

type OtherInput<M> =
  RecordOf<M> extends { readonly type: infer T; readonly name: infer N }
    ? T extends typeof CommandType.User
      ? { readonly command?: N; readonly target?: FakeUser; readonly type?: Invocation }
      : T extends typeof CommandType.Message
        ? { readonly command?: N; readonly target?: FakeMessageFields; readonly type?: Invocation }
        : T extends typeof CommandType.PrimaryEntryPoint
          ? { readonly command?: N; readonly type?: Invocation }
          : never
    : never

/**
 * What `fakeInteraction` takes for a definition: per path, the subcommand (and
 * group) and the options, or, for an autocomplete request (`type: 4`), the
 * focused option and what is filled so far; for a set, also `command` to pick
 * the command.
 */
export type FakeInput<D> = (PathInput<PathsOf<D>, false> | PathInput<PathsOf<D>, true> | (Members<D> extends infer M ? (M extends unknown ? OtherInput<M> : never) : never)) &
  FakeSettings &
  (D extends { readonly definitions: readonly unknown[] } ? { readonly command: string } : unknown)

let counter = 0
const nextId = (): string => String(100000000000000000n + BigInt(++counter))

/** A user with every field the service sends, the given ones kept (a fresh id by default). */
export function fakeUser(u: Partial<User> = {}): User {
  const id = u.id ?? nextId()
  return { id, username: `user${id.slice(-4)}`, avatar: null, discriminator: '0', public_flags: 0, global_name: null, ...u }
}

function fakeMember(m: Partial<Member> = {}): Member {
  return { roles: [], joined_at: '2024-01-01T00:00:00.000Z', nick: null, avatar: null, premium_since: null, pending: false, mute: false, deaf: false, permissions: '0', ...m }
}

/** Builds the option entries and `resolved` of one options list. */
function fakeLeaves(level: CompiledLevel, given: Record<string, unknown>, resolved: Resolved, inGuild: boolean, focused: FakeContext['focused']): InteractionOption[] {
  const out: InteractionOption[] = []
  for (const name of level.names) {
    const def = level.byName.get(name)
    if (def === undefined) continue
    if (focused?.name === name) {
      out.push({ type: def.type, name, value: focused.value, focused: true })
      continue
    }
    if (!Object.hasOwn(given, name)) continue
    const v = given[name]
    if (v === undefined) continue
    // Strings, numbers and booleans go as given; ids come from the resolved maps.
    out.push({ type: def.type, name, value: def.value === 'snowflake' ? fakeResolved(def, v, resolved, inGuild) : (v as string | number | boolean) })
  }
  return out
}

/**
 * An id for a USER, CHANNEL, ROLE, MENTIONABLE or ATTACHMENT option, its object put
 * in the `data.resolved` map its row of wire/option-kinds.ts names. Where a value may
 * come from several maps (MENTIONABLE), the test's input says which by its key
 * (`{ role }`); otherwise the first map. A user brings its member in a guild.
 */
function fakeResolved(def: CompiledOption, v: unknown, resolved: Resolved, inGuild: boolean): string {
  const maps = def.resolved
  const keyed = maps.length > 1 && typeof v === 'object' && v !== null ? maps.find((m) => m !== 'users' && ResolvedEntityKey[m] in v) : undefined
  const input: unknown = keyed === undefined ? v : (v as Record<string, unknown>)[ResolvedEntityKey[keyed]]
  switch (keyed ?? maps[0]) {
    case 'users': {
      const given = (input ?? {}) as FakeUser
      const user = fakeUser(given.user)
      ;(resolved.users ??= {})[user.id] = user
      if (inGuild || given.member !== undefined) (resolved.members ??= {})[user.id] = fakeMember(given.member)
      return user.id
    }
    case 'channels': {
      const c = input as Partial<Channel>
      const channel: Channel = { id: c.id ?? nextId(), type: (c.type ?? [...(def.channelTypes ?? [0])][0]) as ChannelType, name: 'general', permissions: '0', ...c }
      ;(resolved.channels ??= {})[channel.id] = channel
      return channel.id
    }
    case 'roles': {
      const role = fakeRole(input as Partial<Role>)
      ;(resolved.roles ??= {})[role.id] = role
      return role.id
    }
    default: {
      const attachment = fakeAttachment(input as Partial<Attachment>)
      ;(resolved.attachments ??= {})[attachment.id] = attachment
      return attachment.id
    }
  }
}

/**
 * An attachment as the service puts it in `data.resolved.attachments` (public API
 * v10 fields), the defaults filled in: a fresh id, a 1 KiB PNG named file.png on
 * the CDN. An ATTACHMENT option's value and a modal's uploaded files.
 */
export function fakeAttachment(a: Partial<Attachment> = {}): Attachment {
  const id = a.id ?? nextId()
  return { id, filename: 'file.png', size: 1024, url: `https://cdn.example/${id}/file.png`, proxy_url: `https://media.example/${id}/file.png`, content_type: 'image/png', ...a }
}

/** A message's fields as a test gives them: its embeds as the app sent them (`embed(...)`) or as the service returns them. */
export type FakeMessageFields = Partial<Omit<Message, 'embeds'>> & { readonly embeds?: readonly (EmbedJSON | EmbedResponse)[] | undefined }

/**
 * An embed as the service returns what an app sent (OpenAPI `MessageEmbedResponse`):
 * `type` 'rich' unless it says another, each field's `inline` (false unless given).
 */
export const receivedEmbed = (e: EmbedJSON | EmbedResponse): EmbedResponse =>
  ({ ...e, type: e.type ?? 'rich', ...(Array.isArray(e.fields) ? { fields: e.fields.map((f) => ({ ...f, inline: f.inline ?? false })) } : {}) }) as EmbedResponse

/**
 * A message as the service sends it (public API v10 fields; the spec lists them for
 * a MESSAGE command's `data.resolved.messages`), the defaults filled in: no content,
 * embeds, components or mentions, not edited, type 0 DEFAULT; embeds given as the app
 * sent them (`embed(...)`) come as the service returns them (`receivedEmbed`). The one
 * message literal of the package: `fakeInteraction`'s MESSAGE targets, the emulator's
 * declared messages and the messages it keeps all start from it.
 *
 * @example
 * fakeMessage({ id: '1', channel_id: '2', author: { id: '3', username: 'lee', avatar: null, discriminator: '0' }, content: 'Hi' }).embeds // []
 */
export function fakeMessage(fields: Pick<Message, 'id' | 'channel_id' | 'author'> & FakeMessageFields): Message {
  // From JavaScript: a message without its id, channel or author is no message the service sends.
  if (
    typeof fields !== 'object' ||
    fields === null ||
    typeof fields.id !== 'string' ||
    typeof fields.channel_id !== 'string' ||
    typeof fields.author !== 'object' ||
    fields.author === null
  )
    throw argumentError('fakeMessage', 'fields', 'an object with id, channel_id and author', fields)
  return {
    content: '',
    timestamp: '2024-01-01T00:00:00.000Z',
    edited_timestamp: null,
    attachments: [],
    components: [],
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    flags: 0,
    type: DEFAULT_MESSAGE,
    ...fields,
    embeds: Array.isArray(fields.embeds) ? fields.embeds.map(receivedEmbed) : [],
  }
}

function fakeRole(r: Partial<Role> = {}): Role {
  return { id: r.id ?? nextId(), name: 'role', color: 0, hoist: false, position: 1, permissions: '0', managed: false, mentionable: true, ...r }
}

/**
 * A realistic interaction payload for `definition` (a definition or a set), with
 * the given subcommand path and option values and `data.resolved` filled in;
 * typed from the definition, so a test can only give what the command takes.
 * `parse(definition, fakeInteraction(definition, input))` returns the values put in.
 * Exported from `slashkit/testing` only (docs/internals.md "Layers"). A builder made by
 * another copy of slashkit (the CommonJS build beside the ESM one) is read through
 * its own `toJSON`, as every definition of another copy is (`definitionOf`).
 *
 * @example
 * const body = fakeInteraction(config, { subcommand: 'set', options: { key: 'lang', value: 'es' } })
 * expect(parse(config, body).options).toEqual({ key: 'lang', value: 'es' })
 */
export function fakeInteraction<const D extends Parseable>(definition: D, input: FakeInput<D>): Interaction {
  assertObject('fakeInteraction', 'input', input, 'an object of the subcommand path and option values ({} for none)')
  const set = compile(definition)
  const i = input as FakeContext & { command?: string; group?: string; subcommand?: string; options?: Record<string, unknown>; target?: unknown }
  const command = pick(set.single, set.byKey, i)
  // An option's value given beside the path (`{ n: 1 }`) would make a payload without it.
  assertFields('fakeInteraction', 'input', i, fakeFields(['command', 'group', 'subcommand', 'options', 'target', 'type', 'focused']), {
    hint: (key) => (isOptionOf(command, key) ? `an option's value goes in options: { options: { ${key}: ... } }` : undefined),
  })
  const guildId = i.guildId === undefined ? '200000000000000001' : i.guildId
  const inGuild = guildId !== null
  const resolved: Resolved = {}
  const data: Interaction['data'] = { id: nextId(), name: command.name, type: command.type as CommandType }
  if (command.type === CHAT_INPUT) {
    let level = command.level
    let wrap = (leaves: InteractionOption[]): InteractionOption[] => leaves
    if (command.children !== undefined) {
      const top = i.group ?? i.subcommand
      const child = top === undefined ? undefined : command.children.get(top)
      if (child === undefined) throw new TypeError(`fakeInteraction: '${String(top)}' is not a subcommand or group of '${command.name}'`)
      if (child.kind === GROUP) {
        const sub = i.subcommand === undefined ? undefined : child.subcommands.get(i.subcommand)
        if (sub === undefined) throw new TypeError(`fakeInteraction: '${String(i.subcommand)}' is not a subcommand of group '${child.name}'`)
        level = sub.level
        wrap = (leaves) => [{ type: GROUP, name: child.name, options: [{ type: SUBCOMMAND, name: sub.name, options: leaves }] }]
      } else {
        level = child.level
        wrap = (leaves) => [{ type: SUBCOMMAND, name: child.name, options: leaves }]
      }
    }
    const given = i.options === undefined ? {} : i.options
    assertObject('fakeInteraction', 'input.options', given, 'an object of option values by name')
    assertFields('fakeInteraction', 'input.options', given, level.names, {
      of: ['/' + command.name, i.group, i.subcommand].filter((p) => p !== undefined).join(' '),
      noun: 'option',
    })
    const leaves = fakeLeaves(level, given, resolved, inGuild, i.focused)
    const options = wrap(leaves)
    if (options.length > 0) data.options = options
  } else if (command.type === USER) {
    const target = (i.target ?? {}) as FakeUser
    const user = fakeUser(target.user)
    resolved.users = { [user.id]: user }
    if (inGuild) resolved.members = { [user.id]: fakeMember(target.member) }
    data.target_id = user.id
  } else if (command.type === MESSAGE) {
    const m = (i.target ?? {}) as FakeMessageFields
    const id = m.id ?? nextId()
    resolved.messages = { [id]: fakeMessage({ id, channel_id: i.channelId ?? '300000000000000001', author: fakeUser(), content: 'Hello', ...m }) }
    data.target_id = id
  }
  if (Object.keys(resolved).length > 0) data.resolved = resolved
  if (inGuild) data.guild_id = guildId
  return { ...fakeBase(i), type: i.type ?? INVOCATION, data }
}

/** Settings every fake interaction takes: where, who, in which locale. */
export type FakeSettings = Omit<FakeContext, 'type' | 'focused'>

/** The keys of `FakeSettings`, which every fake's input takes beside its own (read when a fake is made: a bundle without fakes drops them). */
export const fakeFields = (own: readonly string[]): readonly string[] => [...own, 'guildId', 'channelId', 'locale', 'user']

/** Whether `key` names an option of the command, at any level. */
function isOptionOf(command: CompiledCommand, key: string): boolean {
  if (command.level.byName.has(key)) return true
  for (const child of command.children?.values() ?? []) {
    if (child.kind !== GROUP) {
      if (child.level.byName.has(key)) return true
    } else for (const sub of child.subcommands.values()) if (sub.level.byName.has(key)) return true
  }
  return false
}

/**
 * The fields every fake interaction carries (public API v10; the spec's "Interaction
 * payloads received by the application"): a fresh id and token, the application,
 * the channel, the locale, and the invoking member in a guild (a fixed guild by
 * default; `guildId: null` for a DM) or the user outside one.
 */
export function fakeBase(settings: FakeSettings): InteractionBase & { channel_id: string } {
  const guildId = settings.guildId === undefined ? '200000000000000001' : settings.guildId
  const base: InteractionBase & { channel_id: string } = {
    id: nextId(),
    application_id: '400000000000000001',
    token: `fake-token-${counter}`,
    version: 1,
    channel_id: settings.channelId ?? '300000000000000001',
    locale: settings.locale ?? 'en-US',
    app_permissions: '0',
    // Public API v10: every interaction carries both (discord.js reads them without a default).
    entitlements: [],
    attachment_size_limit: FILE_SIZE_DEFAULT,
  }
  const invoker = fakeUser(settings.user)
  if (guildId !== null) {
    base.guild_id = guildId
    base.guild_locale = 'en-US'
    base.member = { ...fakeMember(), user: invoker, permissions: '0' }
  } else base.user = invoker
  return base
}

function pick(single: CompiledCommand | undefined, byKey: ReadonlyMap<string, CompiledCommand>, i: { command?: string; target?: unknown }): CompiledCommand {
  if (single !== undefined) return single
  // Commands of different types may share a name ("Naming rules" 3): a target picks a USER or MESSAGE command.
  for (const type of i.target === undefined ? [CHAT_INPUT, USER, MESSAGE, ENTRY_POINT] : [USER, MESSAGE, CHAT_INPUT, ENTRY_POINT]) {
    const c = i.command === undefined ? undefined : byKey.get(keyOf(type, i.command))
    if (c !== undefined) return c
  }
  throw new TypeError(`fakeInteraction: the set holds no command '${String(i.command)}'`)
}

// Wire facts (wire/enums.ts), as literals the bundler inlines: a module-level read of a table keeps the whole table.
const INVOCATION: Invocation = 2
const CHAT_INPUT: typeof CommandType.ChatInput = 1
const USER: typeof CommandType.User = 2
const MESSAGE: typeof CommandType.Message = 3
const ENTRY_POINT: typeof CommandType.PrimaryEntryPoint = 4
const SUBCOMMAND: typeof OptionType.Subcommand = 1
const GROUP: typeof OptionType.SubcommandGroup = 2
const DEFAULT_MESSAGE: typeof MessageType.Default = 0
