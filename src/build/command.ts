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
import { localize } from './option.js'
import { appendOp, Builder, materialize, materializeOrThrow, type Op, rootField, rootOp, setOp } from './state.js'
import type { EntryPoint, MessageCommand, SlashCommand, UserCommand } from './types/commands.js'
import type { Localization } from './types/options.js'
import type { CheckChatName, CheckPlainName, SlashkitError } from './types/util.js'

const byName = (table: Readonly<Record<string, number>>, v: unknown): unknown =>
  typeof v === 'string' && Object.hasOwn(table, v) ? table[v] : v

const append = appendOp
const set = setOp

// ---------------------------------------------------------------- subcommands and groups

// The types refuse nesting a group or subcommand in a subcommand, value options in
// a group and `required` on either (types/commands.ts); the methods still exist at
// run time, so that JavaScript callers get the rule's issue from `toJSON` (spec:
// "Other command rules" 1) instead of "is not a function".

class SubcommandImpl extends Builder {
  options(...options: unknown[]): SubcommandImpl {
    return new SubcommandImpl(this, append('options', options))
  }
  subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): SubcommandImpl {
    return new SubcommandImpl(this, append('options', [subcommand(name, description, build)]))
  }
  group(name: string, description: string, build: (g: GroupImpl) => unknown): SubcommandImpl {
    return new SubcommandImpl(this, append('options', [group(name, description, build)]))
  }
  required(): SubcommandImpl {
    return new SubcommandImpl(this, set('required', true))
  }
  localize(locale: Locale, localization: Localization): SubcommandImpl {
    return localize<SubcommandImpl>(this, locale, localization, (parent, op) => new SubcommandImpl(parent, op))
  }
  toJSON(): unknown {
    return materialize(this)
  }
}

class GroupImpl extends Builder {
  subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): GroupImpl {
    return new GroupImpl(this, append('options', [subcommand(name, description, build)]))
  }
  group(name: string, description: string, build: (g: GroupImpl) => unknown): GroupImpl {
    return new GroupImpl(this, append('options', [group(name, description, build)]))
  }
  options(...options: unknown[]): GroupImpl {
    return new GroupImpl(this, append('options', options))
  }
  required(): GroupImpl {
    return new GroupImpl(this, set('required', true))
  }
  localize(locale: Locale, localization: Localization): GroupImpl {
    return localize<GroupImpl>(this, locale, localization, (parent, op) => new GroupImpl(parent, op))
  }
  toJSON(): unknown {
    return materialize(this)
  }
}

function subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): unknown {
  const base = new SubcommandImpl(undefined, rootOp({ type: 1, name, description }))
  return build === undefined ? base : build(base)
}

function group(name: string, description: string, build: (g: GroupImpl) => unknown): unknown {
  return build(new GroupImpl(undefined, rootOp({ type: 2, name, description })))
}

// ---------------------------------------------------------------- commands

/** Settings shared by every command kind, and `toJSON`. */
abstract class CommandImpl extends Builder {
  protected abstract make(op: Op): CommandImpl

  defaultMemberPermissions(...permissions: unknown[]): CommandImpl {
    const value = permissions.length === 1 && permissions[0] === null ? null : serializePermissions(permissions)
    return this.make(set('default_member_permissions', value))
  }
  contexts(...contexts: unknown[]): CommandImpl {
    return this.make(set('contexts', contexts.map((c) => byName(InteractionContextType, c))))
  }
  integrationTypes(...types: unknown[]): CommandImpl {
    return this.make(set('integration_types', types.map((t) => byName(IntegrationType, t))))
  }
  dmPermission(allowed: boolean): CommandImpl {
    // true is the service's default ("Commands are visible by default"): not emitted.
    return this.make(set('dm_permission', allowed === true ? undefined : allowed))
  }
  nsfw(value = true): CommandImpl {
    // false is the service's default: not emitted.
    return this.make(set('nsfw', value === false ? undefined : value))
  }
  localize(locale: Locale, localization: Localization | string): CommandImpl {
    return localize<CommandImpl>(this, locale, localization, (parent, op) => parent.make(op))
  }
  /**
   * On every kind at run time (`fromJSON` results promise it): `toJSON` refuses a
   * handler on anything but an entry point ("Application command" handler).
   */
  handler(handler: unknown): CommandImpl {
    return this.make(set('handler', byName(EntryPointHandler, handler)))
  }
  /** The create body, validated; throws `ValidationError` listing every issue. */
  toJSON(options: { readonly scope?: Scope } = {}): CommandJSON {
    const json = materializeOrThrow(this, 'command')
    // JSON.stringify(command) calls toJSON with a key string: it means no options.
    const scope = typeof options === 'object' && options !== null ? options.scope : undefined
    const result = validateCommand(json, { scope: scope ?? 'global' })
    if (!result.ok) throw new ValidationError(result.issues, `command '${String(rootField(this, 'name'))}'`)
    return json as CommandJSON
  }
}

class SlashImpl extends CommandImpl {
  protected make(op: Op): CommandImpl {
    return new SlashImpl(this, op)
  }
  options(...options: unknown[]): CommandImpl {
    return this.make(append('options', options))
  }
  subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): CommandImpl {
    return this.make(append('options', [subcommand(name, description, build)]))
  }
  group(name: string, description: string, build: (g: GroupImpl) => unknown): CommandImpl {
    return this.make(append('options', [group(name, description, build)]))
  }
}

class ContextMenuImpl extends CommandImpl {
  protected make(op: Op): CommandImpl {
    return new ContextMenuImpl(this, op)
  }
  /** Refused by the types; at run time `toJSON` reports it (only CHAT_INPUT commands take options). */
  options(...options: unknown[]): CommandImpl {
    return this.make(append('options', options))
  }
}

class EntryPointImpl extends CommandImpl {
  protected make(op: Op): CommandImpl {
    return new EntryPointImpl(this, op)
  }
}

const root = rootOp

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
  return new SlashImpl(undefined, root({ type: 1, name, description })) as unknown as SlashCommand<N>
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
  return new ContextMenuImpl(undefined, root({ type: 2, name })) as unknown as UserCommand<N>
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
  return new ContextMenuImpl(undefined, root({ type: 3, name })) as unknown as MessageCommand<N>
}

/**
 * The PRIMARY_ENTRY_POINT command (type 4) that launches the app's Activity.
 * Global only; at most one per application.
 * @example entryPoint('launch', 'Start the game').handler('DiscordLaunchActivity')
 */
export function entryPoint<const N extends string>(name: CheckPlainName<N>, description: string): EntryPoint<N> {
  return new EntryPointImpl(undefined, root({ type: 4, name, description })) as unknown as EntryPoint<N>
}

/** A builder of the right kind around a validated payload (for `fromJSON`). */
export function loadCommand(json: CommandJSON): unknown {
  const op = root(json as unknown as Record<string, unknown>, true)
  switch (json.type) {
    case 2:
    case 3:
      return new ContextMenuImpl(undefined, op)
    case 4:
      return new EntryPointImpl(undefined, op)
    default:
      return new SlashImpl(undefined, op)
  }
}
