/**
 * A command as the chat client shows it to a user of one locale: names,
 * descriptions and choice names through their localizations and fallbacks (spec
 * "Other command rules" 6), options in order with what the picker needs (required,
 * choices, autocomplete, bounds, lengths, channel types). The dev page draws this.
 */
import { localizedText, OptionType, type ApplicationCommand, type OptionJSON } from '../../internal.js'
import { isShown } from './options.js'

/** An option as shown. */
export interface ShownOption {
  readonly type: number
  /** The name typed and shown (localized). */
  readonly name: string
  /** The default name, as the interaction carries it. */
  readonly defaultName: string
  readonly description: string
  readonly required: boolean
  readonly autocomplete: boolean
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[]
  readonly minValue?: number
  readonly maxValue?: number
  readonly minLength?: number
  readonly maxLength?: number
  readonly channelTypes?: readonly number[]
  /** Subcommands of a group, options of a subcommand. */
  readonly options?: readonly ShownOption[]
}

/** A command as shown. */
export interface ShownCommand {
  readonly id: string
  readonly name: string
  readonly defaultName: string
  readonly description: string
  readonly guildId?: string
  readonly options: readonly ShownOption[]
}

function shownOption(o: OptionJSON, locale: string): ShownOption {
  const out: Record<string, unknown> = {
    type: o.type,
    name: localizedText(o.name, o.name_localizations, locale),
    defaultName: o.name,
    description: localizedText(o.description, o.description_localizations, locale),
    required: 'required' in o && o.required === true,
    autocomplete: 'autocomplete' in o && o.autocomplete === true,
  }
  if ('choices' in o && o.choices !== undefined) out.choices = o.choices.map((c) => ({ name: localizedText(c.name, c.name_localizations, locale), value: c.value }))
  if ('min_value' in o && o.min_value !== undefined) out.minValue = o.min_value
  if ('max_value' in o && o.max_value !== undefined) out.maxValue = o.max_value
  if ('min_length' in o && o.min_length !== undefined) out.minLength = o.min_length
  if ('max_length' in o && o.max_length !== undefined) out.maxLength = o.max_length
  if ('channel_types' in o && o.channel_types !== undefined) out.channelTypes = o.channel_types
  if ((o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup) && o.options !== undefined)
    out.options = (o.options as OptionJSON[]).filter(isShown).map((x) => shownOption(x, locale))
  return out as unknown as ShownOption
}

/** `command` as a user of `locale` sees it in the picker. */
export function shownCommand(command: ApplicationCommand, locale: string): ShownCommand {
  const out: { -readonly [K in keyof ShownCommand]: ShownCommand[K] } = {
    id: command.id,
    name: localizedText(command.name, command.name_localizations, locale),
    defaultName: command.name,
    description: localizedText(command.description, command.description_localizations, locale),
    // "Other command rules" 1: a group with no subcommands does not show.
    options: (command.options ?? []).filter(isShown).map((o) => shownOption(o, locale)),
  }
  if (command.guild_id !== undefined) out.guildId = command.guild_id
  return out
}
