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
import { Builder, stateOf, stateOrJSON } from './option.js'
import { deepFreeze, localized, next, type State, thaw } from './state.js'
import type {
  ContextMenuCommand,
  EntryPoint,
  Group,
  MessageCommand,
  SlashCommand,
  Subcommand,
  UserCommand,
} from './types/commands.js'
import type { Localization } from './types/options.js'
import type { CheckChatName, CheckPlainName, SlashkitError } from './types/util.js'

const byName = (table: Readonly<Record<string, number>>, v: unknown): unknown =>
  typeof v === 'string' && Object.hasOwn(table, v) ? table[v] : v

function appendOptions(state: State, options: readonly unknown[]): State {
  const prior = (state.options as readonly unknown[] | undefined) ?? []
  return { options: Object.freeze([...prior, ...options.map(stateOrJSON)]) }
}

function localize(state: State, locale: Locale, localization: Localization | string): State {
  const l = typeof localization === 'string' ? { name: localization } : localization
  return {
    ...localized(state, 'name_localizations', locale, l.name, state.name),
    ...localized(state, 'description_localizations', locale, l.description, state.description),
  }
}

// ---------------------------------------------------------------- subcommands and groups

class SubcommandImpl extends Builder {
  options(...options: unknown[]): SubcommandImpl {
    const s = stateOf(this)
    return new SubcommandImpl(next(s, appendOptions(s, options)))
  }
  localize(locale: Locale, localization: Localization): SubcommandImpl {
    const s = stateOf(this)
    return new SubcommandImpl(next(s, localize(s, locale, localization)))
  }
  toJSON(): unknown {
    return thaw(stateOf(this))
  }
}

class GroupImpl extends Builder {
  subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): GroupImpl {
    const s = stateOf(this)
    return new GroupImpl(next(s, appendOptions(s, [buildSubcommand(name, description, build)])))
  }
  localize(locale: Locale, localization: Localization): GroupImpl {
    const s = stateOf(this)
    return new GroupImpl(next(s, localize(s, locale, localization)))
  }
  toJSON(): unknown {
    return thaw(stateOf(this))
  }
}

function buildSubcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): State {
  const base = new SubcommandImpl(Object.freeze({ type: 1, name, description }))
  return stateOf(build === undefined ? base : build(base))
}

// ---------------------------------------------------------------- commands

/** Settings shared by every command kind, and `toJSON`. */
abstract class CommandImpl extends Builder {
  protected abstract make(state: State): CommandImpl

  protected with(patch: State): CommandImpl {
    return this.make(next(stateOf(this), patch))
  }
  defaultMemberPermissions(...permissions: unknown[]): CommandImpl {
    const value = permissions.length === 1 && permissions[0] === null ? null : serializePermissions(permissions)
    return this.with({ default_member_permissions: value })
  }
  contexts(...contexts: unknown[]): CommandImpl {
    return this.with({ contexts: Object.freeze(contexts.map((c) => byName(InteractionContextType, c))) })
  }
  integrationTypes(...types: unknown[]): CommandImpl {
    return this.with({ integration_types: Object.freeze(types.map((t) => byName(IntegrationType, t))) })
  }
  dmPermission(allowed: boolean): CommandImpl {
    // true is the service's default ("Commands are visible by default"): not emitted.
    return this.with({ dm_permission: allowed === true ? undefined : allowed })
  }
  nsfw(value = true): CommandImpl {
    // false is the service's default: not emitted.
    return this.with({ nsfw: value === false ? undefined : value })
  }
  localize(locale: Locale, localization: Localization | string): CommandImpl {
    const s = stateOf(this)
    return this.with(localize(s, locale, localization))
  }
  /** The create body, validated; throws `ValidationError` listing every issue. */
  toJSON(options: { readonly scope?: Scope } = {}): CommandJSON {
    const json = thaw(stateOf(this))
    const result = validateCommand(json, { scope: options.scope ?? 'global' })
    if (!result.ok) throw new ValidationError(result.issues, `command '${String(stateOf(this).name)}'`)
    return json as unknown as CommandJSON
  }
}

class SlashImpl extends CommandImpl {
  protected make(state: State): CommandImpl {
    return new SlashImpl(state)
  }
  options(...options: unknown[]): CommandImpl {
    return this.with(appendOptions(stateOf(this), options))
  }
  subcommand(name: string, description: string, build?: (s: SubcommandImpl) => unknown): CommandImpl {
    return this.with(appendOptions(stateOf(this), [buildSubcommand(name, description, build)]))
  }
  group(name: string, description: string, build: (g: GroupImpl) => unknown): CommandImpl {
    const base = new GroupImpl(Object.freeze({ type: 2, name, description }))
    return this.with(appendOptions(stateOf(this), [stateOf(build(base))]))
  }
}

class ContextMenuImpl extends CommandImpl {
  protected make(state: State): CommandImpl {
    return new ContextMenuImpl(state)
  }
}

class EntryPointImpl extends CommandImpl {
  protected make(state: State): CommandImpl {
    return new EntryPointImpl(state)
  }
  handler(handler: unknown): CommandImpl {
    return this.with({ handler: byName(EntryPointHandler, handler) })
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
  return new SlashImpl(Object.freeze({ type: 1, name, description })) as unknown as SlashCommand<N>
}

/**
 * A USER context-menu command (type 2): a name (mixed case and spaces allowed),
 * no description, no options.
 * @example user('Show profile')
 */
export function user<const N extends string>(name: CheckPlainName<N>, ...noDescription: [] | [SlashkitError<'USER commands have no description (spec: Other command rules 2)'>]): UserCommand<N> {
  return new ContextMenuImpl(Object.freeze({ type: 2, name })) as unknown as UserCommand<N>
}

/**
 * A MESSAGE context-menu command (type 3): a name, no description, no options.
 * @example message('Report message')
 */
export function message<const N extends string>(name: CheckPlainName<N>, ...noDescription: [] | [SlashkitError<'MESSAGE commands have no description (spec: Other command rules 2)'>]): MessageCommand<N> {
  return new ContextMenuImpl(Object.freeze({ type: 3, name })) as unknown as MessageCommand<N>
}

/**
 * The PRIMARY_ENTRY_POINT command (type 4) that launches the app's Activity.
 * Global only; at most one per application.
 * @example entryPoint('launch', 'Start the game').handler('DiscordLaunchActivity')
 */
export function entryPoint<const N extends string>(name: CheckPlainName<N>, description: string): EntryPoint<N> {
  return new EntryPointImpl(Object.freeze({ type: 4, name, description })) as unknown as EntryPoint<N>
}

/** A builder of the right kind around a validated payload (for `fromJSON`). */
export function loadCommand(json: CommandJSON): unknown {
  const state = deepFreeze(json) as unknown as State
  switch (json.type) {
    case 2:
    case 3:
      return new ContextMenuImpl(state)
    case 4:
      return new EntryPointImpl(state)
    default:
      return new SlashImpl(state)
  }
}

export type { ContextMenuCommand, Group, Subcommand }
