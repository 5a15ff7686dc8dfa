/**
 * Command builders: `slash`, `user`, `message`, `entryPoint`, and the subcommand
 * and group builders `.subcommand(...)` and `.group(...)` hand to their callbacks.
 * Each is a private class behind the interfaces of types/commands.ts.
 */
import { EntryPointHandler, IntegrationType, InteractionContextType, type Locale } from '../wire/enums.js'
import type { CommandJSON } from '../wire/commands.js'
import type { Scope } from '../rules/command.js'
import { ValidationError } from '../rules/issues.js'
import { serializePermissions } from '../rules/permissions.js'
import { validateCommand } from '../rules/validate.js'
import { localizeNode } from './option.js'
import { Builder, materialize, materializeOrThrow, Node, Op, rootName } from './state.js'
import type { EntryPoint, MessageCommand, SlashCommand, UserCommand } from './types/commands.js'
import type { Localization } from './types/options.js'
import type { CheckChatName, CheckPlainName, SlashkitError } from './types/util.js'

const byName = (table: Readonly<Record<string, number>>, v: unknown): unknown =>
  typeof v === 'string' && Object.hasOwn(table, v) ? table[v] : v

/** The node of a call that sets `key` or appends `items` to it, after `builder`'s. */
const set = (builder: Builder, key: string, value: unknown): Node => new Node(builder['~node'], Op.Set, key, value, undefined)
const append = (builder: Builder, key: string, items: readonly unknown[]): Node =>
  new Node(builder['~node'], Op.Append, key, items, undefined)

// ---------------------------------------------------------------- subcommands and groups

// The types refuse nesting a group or subcommand in a subcommand, value options in
// a group and `required` on either (types/commands.ts); the methods still exist at
// run time, so that JavaScript callers get the rule's issue from `toJSON` (spec:
// "Other command rules" 1) instead of "is not a function".

class SubcommandImpl extends Builder {
  options(...options: unknown[]): SubcommandImpl {
    return new SubcommandImpl(append(this, 'options', options))
  }
  subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): SubcommandImpl {
    return new SubcommandImpl(append(this, 'options', [subcommand(name, description, build)]))
  }
  group(name: string, description: string, build: (g: GroupImpl) => unknown): SubcommandImpl {
    return new SubcommandImpl(append(this, 'options', [group(name, description, build)]))
  }
  required(): SubcommandImpl {
    return new SubcommandImpl(set(this, 'required', true))
  }
  localize(locale: Locale, localization: Localization): SubcommandImpl {
    const node = localizeNode(this, locale, localization)
    return node === undefined ? this : new SubcommandImpl(node)
  }
  toJSON(): unknown {
    return materialize(this)
  }
}

class GroupImpl extends Builder {
  subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): GroupImpl {
    return new GroupImpl(append(this, 'options', [subcommand(name, description, build)]))
  }
  group(name: string, description: string, build: (g: GroupImpl) => unknown): GroupImpl {
    return new GroupImpl(append(this, 'options', [group(name, description, build)]))
  }
  options(...options: unknown[]): GroupImpl {
    return new GroupImpl(append(this, 'options', options))
  }
  required(): GroupImpl {
    return new GroupImpl(set(this, 'required', true))
  }
  localize(locale: Locale, localization: Localization): GroupImpl {
    const node = localizeNode(this, locale, localization)
    return node === undefined ? this : new GroupImpl(node)
  }
  toJSON(): unknown {
    return materialize(this)
  }
}

function subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): unknown {
  const base = new SubcommandImpl(new Node(undefined, Op.Described, 1, name, description))
  return build === undefined ? base : build(base)
}

function group(name: string, description: string, build: (g: GroupImpl) => unknown): unknown {
  return build(new GroupImpl(new Node(undefined, Op.Described, 2, name, description)))
}

// ---------------------------------------------------------------- commands

/** Settings shared by every command kind, and `toJSON`. */
abstract class CommandImpl extends Builder {
  protected abstract make(node: Node): CommandImpl

  defaultMemberPermissions(...permissions: unknown[]): CommandImpl {
    const value = permissions.length === 1 && permissions[0] === null ? null : serializePermissions(permissions)
    return this.make(set(this, 'default_member_permissions', value))
  }
  contexts(...contexts: unknown[]): CommandImpl {
    return this.make(set(this, 'contexts', contexts.map((c) => byName(InteractionContextType, c))))
  }
  integrationTypes(...types: unknown[]): CommandImpl {
    return this.make(set(this, 'integration_types', types.map((t) => byName(IntegrationType, t))))
  }
  dmPermission(allowed: boolean): CommandImpl {
    // true is the service's default ("Commands are visible by default"): not emitted.
    return this.make(set(this, 'dm_permission', allowed === true ? undefined : allowed))
  }
  nsfw(value = true): CommandImpl {
    // false is the service's default: not emitted.
    return this.make(set(this, 'nsfw', value === false ? undefined : value))
  }
  localize(locale: Locale, localization: Localization | string): CommandImpl {
    const node = localizeNode(this, locale, localization)
    return node === undefined ? this : this.make(node)
  }
  /**
   * On every kind at run time (`fromJSON` results promise it): `toJSON` refuses a
   * handler on anything but an entry point ("Application command" handler).
   */
  handler(handler: unknown): CommandImpl {
    return this.make(set(this, 'handler', byName(EntryPointHandler, handler)))
  }
  /** The create body, validated; throws `ValidationError` listing every issue. */
  toJSON(options: { readonly scope?: Scope } = {}): CommandJSON {
    const json = materializeOrThrow(this, 'command')
    // JSON.stringify(command) calls toJSON with a key string: it means no options.
    const scope = typeof options === 'object' && options !== null ? options.scope : undefined
    const result = validateCommand(json, { scope: scope ?? 'global' })
    if (!result.ok) throw new ValidationError(result.issues, `command '${String(rootName(this))}'`)
    return json as CommandJSON
  }
}

class SlashImpl extends CommandImpl {
  protected make(node: Node): CommandImpl {
    return new SlashImpl(node)
  }
  options(...options: unknown[]): CommandImpl {
    return this.make(append(this, 'options', options))
  }
  subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): CommandImpl {
    return this.make(append(this, 'options', [subcommand(name, description, build)]))
  }
  group(name: string, description: string, build: (g: GroupImpl) => unknown): CommandImpl {
    return this.make(append(this, 'options', [group(name, description, build)]))
  }
}

class ContextMenuImpl extends CommandImpl {
  protected make(node: Node): CommandImpl {
    return new ContextMenuImpl(node)
  }
  /** Refused by the types; at run time `toJSON` reports it (only CHAT_INPUT commands take options). */
  options(...options: unknown[]): CommandImpl {
    return this.make(append(this, 'options', options))
  }
}

class EntryPointImpl extends CommandImpl {
  protected make(node: Node): CommandImpl {
    return new EntryPointImpl(node)
  }
}

/**
 * A CHAT_INPUT (slash) command. Add value options with `.options(...)`, or
 * subcommands and groups with `.subcommand(...)` and `.group(...)`.
 *
 * @example
 * const ban = slash('ban', 'Ban a member').options(
 *   option.user('target', 'Who to ban').required(),
 *   option.integer('days', 'Days of messages to delete').min(0).max(7),
 * )
 */
export function slash<const N extends string>(name: CheckChatName<N>, description: string): SlashCommand<N> {
  return new SlashImpl(new Node(undefined, Op.Described, 1, name, description)) as unknown as SlashCommand<N>
}

/**
 * A USER context-menu command (type 2): a name (mixed case and spaces allowed),
 * no description, no options.
 * @example user('Show profile')
 */
export function user<const N extends string>(
  name: CheckPlainName<N>,
  ...noDescription: [] | [SlashkitError<'USER commands have no description (spec: Other command rules 2)'>]
): UserCommand<N> {
  void noDescription
  return new ContextMenuImpl(new Node(undefined, Op.Named, 2, name, undefined)) as unknown as UserCommand<N>
}

/**
 * A MESSAGE context-menu command (type 3): a name, no description, no options.
 * @example message('Report message')
 */
export function message<const N extends string>(
  name: CheckPlainName<N>,
  ...noDescription: [] | [SlashkitError<'MESSAGE commands have no description (spec: Other command rules 2)'>]
): MessageCommand<N> {
  void noDescription
  return new ContextMenuImpl(new Node(undefined, Op.Named, 3, name, undefined)) as unknown as MessageCommand<N>
}

/**
 * The PRIMARY_ENTRY_POINT command (type 4) that launches the app's Activity.
 * Global only; at most one per application.
 * @example entryPoint('launch', 'Start the game').handler('DiscordLaunchActivity')
 */
export function entryPoint<const N extends string>(name: CheckPlainName<N>, description: string): EntryPoint<N> {
  return new EntryPointImpl(new Node(undefined, Op.Described, 4, name, description)) as unknown as EntryPoint<N>
}

/** A builder of the right kind around a validated payload (for `fromJSON`). */
export function loadCommand(json: CommandJSON): unknown {
  const node = new Node(undefined, Op.Payload, '', json, undefined)
  switch (json.type) {
    case 2:
    case 3:
      return new ContextMenuImpl(node)
    case 4:
      return new EntryPointImpl(node)
    default:
      return new SlashImpl(node)
  }
}
