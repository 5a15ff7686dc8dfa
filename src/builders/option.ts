/**
 * Option and choice builders: `option.<type>(name, description)` and
 * `choice(name, value)`. One private class implements every option type; the
 * exported interfaces (types/options.ts) decide which methods each type offers.
 */
import { ChannelType, type LeafOptionType, type Locale } from '../wire/enums.js'
import { validateChoice, validateOption } from '../rules/validate.js'
import { Builder, Op, validated } from './state.js'
import type {
  AttachmentOption,
  BooleanOption,
  ChannelOption,
  Choice,
  IntegerOption,
  Localization,
  MentionableOption,
  NumberOption,
  RoleOption,
  StringOption,
  UserOption,
} from './types/options.js'
import type { CheckChatName } from './types/names.js'
import type { CheckDescription } from './types/text.js'

class ChoiceImpl extends Builder {
  localize(locale: Locale, name: string): ChoiceImpl {
    return new ChoiceImpl(this, Op.Localize, locale, name, undefined)
  }
  /** The choice object, checked on its own (its value's fit to an option is checked with the option). */
  toJSON(): unknown {
    return validated(this, validateChoice, 'choice')
  }
}

/**
 * A choice of a STRING, INTEGER or NUMBER option. The value keeps its literal type,
 * so the handler's value becomes the union of the choices' values.
 * @example choice('Red', 'red').localize('es-ES', 'Rojo')
 */
export function choice<const V extends string | number>(name: string, value: V): Choice<V> {
  return new ChoiceImpl(undefined, Op.Choice, '', name, value) as unknown as Choice<V>
}

class OptionImpl extends Builder {
  private set(key: string, value: unknown): OptionImpl {
    return new OptionImpl(this, Op.Set, key, value, undefined)
  }
  required(): OptionImpl {
    return this.set('required', true)
  }
  choices(...choices: unknown[]): OptionImpl {
    return new OptionImpl(this, Op.Append, 'choices', choices, undefined)
  }
  autocomplete(): OptionImpl {
    return this.set('autocomplete', true)
  }
  min(value: number): OptionImpl {
    return this.set('min_value', value)
  }
  max(value: number): OptionImpl {
    return this.set('max_value', value)
  }
  minLength(length: number): OptionImpl {
    return this.set('min_length', length)
  }
  maxLength(length: number): OptionImpl {
    return this.set('max_length', length)
  }
  channelTypes(...types: (ChannelType | string)[]): OptionImpl {
    return this.set(
      'channel_types',
      types.map((t) => byName(ChannelType, t)),
    )
  }
  localize(locale: Locale, localization: Localization): OptionImpl {
    const name = nameOf(localization)
    const description = descriptionOf(localization)
    return name === undefined && description === undefined ? this : new OptionImpl(this, Op.Localize, locale, name, description)
  }
  /** The option object, checked on its own (order and names among siblings are checked with the command). */
  toJSON(): unknown {
    return validated(this, validateOption, 'option')
  }
}

/** The value of a name in `table` (`'GuildText'` is 0), or `v` itself: a value, or a wrong name for the rules to report. */
export const byName = (table: Readonly<Record<string, number>>, v: unknown): unknown => (typeof v === 'string' && Object.hasOwn(table, v) ? table[v] : v)

/** The name and the description of `.localize(locale, { name, description })`, or of `.localize(locale, name)`. */
export const nameOf = (localization: Localization | string): unknown => (typeof localization === 'string' ? localization : localization.name)
export const descriptionOf = (localization: Localization | string): unknown => (typeof localization === 'string' ? undefined : localization.description)

const make =
  (type: LeafOptionType) =>
  (name: string, description: string): unknown =>
    new OptionImpl(undefined, Op.Described, type, name, description)

/**
 * Option factories, one per option type (spec: "Option types"). Each returns an
 * immutable option that any number of commands and subcommands may share.
 *
 * @example
 * option.string('reason', 'Why').maxLength(512)
 * option.integer('days', 'Days of messages to delete').min(0).max(7)
 * option.user('target', 'Who').required()
 */
export const option = {
  /** A STRING option (3). */
  string: make(3) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => StringOption<N>,
  /** An INTEGER option (4). */
  integer: make(4) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => IntegerOption<N>,
  /** A BOOLEAN option (5). */
  boolean: make(5) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => BooleanOption<N>,
  /** A USER option (6). */
  user: make(6) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => UserOption<N>,
  /** A CHANNEL option (7). */
  channel: make(7) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => ChannelOption<N>,
  /** A ROLE option (8). */
  role: make(8) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => RoleOption<N>,
  /** A MENTIONABLE option (9): users and roles. */
  mentionable: make(9) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => MentionableOption<N>,
  /** A NUMBER option (10). */
  number: make(10) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => NumberOption<N>,
  /** An ATTACHMENT option (11). */
  attachment: make(11) as <const N extends string, const D extends string>(name: CheckChatName<N>, description: CheckDescription<D>) => AttachmentOption<N>,
} as const
