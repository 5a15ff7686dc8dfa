/**
 * Command builders: `slash`, `user`, `message`, `entryPoint`, and the subcommand
 * and group builders `.subcommand(...)` and `.group(...)` hand to their callbacks.
 * Two private classes behind the interfaces of types/commands.ts: one for the
 * four command kinds, one for subcommands and groups (builders are replayed
 * by one function, which reads each class of builder as its own shape: fewer
 * classes keep those reads fast).
 */
import { EntryPointHandler, IntegrationType, InteractionContextType, type Locale } from '../wire/enums.js'
import type { CommandJSON } from '../wire/commands.js'
import type { Scope } from '../rules/command.js'
import { ValidationError } from '../rules/issues.js'
import { serializePermissions } from '../rules/permissions.js'
import { validateCommand, validateOption } from '../rules/validate.js'
import { byName, descriptionOf, nameOf } from './option.js'
import { Builder, materializeOrThrow, Op, rootName, validated } from './state.js'
import type { EntryPoint, MessageCommand, SlashCommand, UserCommand } from './types/commands.js'
import type { Localization } from './types/options.js'
import type { SlashkitError } from './types/error.js'
import type { CheckChatName, CheckPlainName } from './types/names.js'
import type { CheckDescription } from './types/text.js'

// ---------------------------------------------------------------- subcommands and groups

// The types refuse nesting a group or subcommand in a subcommand, value options in
// a group and `required` on either (types/commands.ts); the methods still exist at
// run time, so that JavaScript callers get the rule's issue from `toJSON` (spec:
// "Other command rules" 1) instead of "is not a function".

/** What holds options, subcommands and groups: commands, subcommands and groups. */
abstract class ParentImpl extends Builder {
  /** The builder of this kind after one more call. */
  protected abstract next(op: Op, key: string, a: unknown, b: unknown): ParentImpl

  options(...options: unknown[]): ParentImpl {
    return this.next(Op.Append, 'options', options, undefined)
  }
  subcommand(name: string, description: string, build?: (s: NestedImpl) => unknown): ParentImpl {
    return this.next(Op.Append, 'options', [subcommand(name, description, build)], undefined)
  }
  group(name: string, description: string, build: (g: NestedImpl) => unknown): ParentImpl {
    return this.next(Op.Append, 'options', [group(name, description, build)], undefined)
  }
  localize(locale: Locale, localization: Localization | string): ParentImpl {
    const name = nameOf(localization)
    const description = descriptionOf(localization)
    return name === undefined && description === undefined ? this : this.next(Op.Localize, locale, name, description)
  }
}

/** A subcommand or a group: both take the same calls. */
class NestedImpl extends ParentImpl {
  protected next(op: Op, key: string, a: unknown, b: unknown): NestedImpl {
    return new NestedImpl(this, op, key, a, b)
  }
  required(): ParentImpl {
    return this.next(Op.Set, 'required', true, undefined)
  }
  /** The subcommand or group, checked on its own with its children (the command's toJSON checks the rest). */
  toJSON(): unknown {
    return validated(this, validateOption, 'option')
  }
}

function subcommand(name: string, description: string, build?: (s: NestedImpl) => unknown): unknown {
  const base = new NestedImpl(undefined, Op.Described, 1, name, description)
  return build === undefined ? base : build(base)
}

function group(name: string, description: string, build: (g: NestedImpl) => unknown): unknown {
  return build(new NestedImpl(undefined, Op.Described, 2, name, description))
}

// ---------------------------------------------------------------- commands

// Every kind has every method at run time; the types offer each kind its own
// (types/commands.ts), and `toJSON` reports the rest as issues: options,
// subcommands and groups on USER, MESSAGE and PRIMARY_ENTRY_POINT commands,
// a handler on anything but an entry point ("Other command rules" 2,
// "Application command").

/** Every command kind: settings, options, and `toJSON`. */
class CommandImpl extends ParentImpl {
  protected next(op: Op, key: string, a: unknown, b: unknown): CommandImpl {
    return new CommandImpl(this, op, key, a, b)
  }
  private set(key: string, value: unknown): ParentImpl {
    return this.next(Op.Set, key, value, undefined)
  }
  defaultMemberPermissions(...permissions: unknown[]): ParentImpl {
    return this.set('default_member_permissions', permissions.length === 1 && permissions[0] === null ? null : serializePermissions(permissions))
  }
  contexts(...contexts: unknown[]): ParentImpl {
    return this.set(
      'contexts',
      contexts.map((c) => byName(InteractionContextType, c)),
    )
  }
  integrationTypes(...types: unknown[]): ParentImpl {
    return this.set(
      'integration_types',
      types.map((t) => byName(IntegrationType, t)),
    )
  }
  dmPermission(allowed: boolean): ParentImpl {
    // true is the service's default ("Commands are visible by default"): not emitted.
    return this.set('dm_permission', allowed === true ? undefined : allowed)
  }
  nsfw(value = true): ParentImpl {
    // false is the service's default: not emitted.
    return this.set('nsfw', value === false ? undefined : value)
  }
  handler(handler: unknown): ParentImpl {
    return this.set('handler', byName(EntryPointHandler, handler))
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
export function slash<const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>): SlashCommand<N> {
  return new CommandImpl(undefined, Op.Described, 1, name, description) as unknown as SlashCommand<N>
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
  return new CommandImpl(undefined, Op.Named, 2, name, undefined) as unknown as UserCommand<N>
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
  return new CommandImpl(undefined, Op.Named, 3, name, undefined) as unknown as MessageCommand<N>
}

/**
 * The PRIMARY_ENTRY_POINT command (type 4) that launches the app's Activity.
 * Global only; at most one per application. The description is optional: the
 * service's own entry point, `Launch`, has none ("Other command rules" 3).
 * @example entryPoint('launch', 'Start the game').handler('DiscordLaunchActivity')
 * @example entryPoint('Launch').handler('DiscordLaunchActivity')
 */
export function entryPoint<const N extends string>(name: CheckPlainName<N>, description?: string): EntryPoint<N> {
  return (description === undefined
    ? new CommandImpl(undefined, Op.Named, 4, name, undefined)
    : new CommandImpl(undefined, Op.Described, 4, name, description)) as unknown as EntryPoint<N>
}

/** A builder around a validated payload (for `fromJSON`). */
export function loadCommand(json: CommandJSON): unknown {
  return new CommandImpl(undefined, Op.Payload, '', json, undefined)
}
