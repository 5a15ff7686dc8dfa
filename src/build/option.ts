/**
 * Option and choice builders: `option.<type>(name, description)` and
 * `choice(name, value)`. One private class implements every option type; the
 * exported interfaces (types/options.ts) decide which methods each type offers.
 */
import type { ChannelType, LeafOptionType, Locale } from '../wire/enums.js'
import { localized, next, type State, thaw } from './state.js'
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
import type { CheckChatName } from './types/util.js'

const STATE = Symbol.for('slashkit.state')

/** The frozen JSON-shaped state of any builder (internal). */
export function stateOf(builder: unknown): State {
  const s = (builder as { [STATE]?: State } | null | undefined)?.[STATE]
  if (s === undefined) throw new TypeError(`expected a slashkit builder, got ${describe(builder)}`)
  return s
}

/** The state of a builder, or a plain JSON value as it is (for JavaScript callers). */
export function stateOrJSON(value: unknown): unknown {
  return (value as { [STATE]?: State } | null | undefined)?.[STATE] ?? value
}

function describe(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v
}

/** Base of every builder: holds the state under a symbol and hands out fresh JSON. */
export abstract class Builder {
  readonly [STATE]: State
  constructor(state: State) {
    this[STATE] = state
  }
}

class ChoiceImpl extends Builder {
  localize(locale: Locale, name: string): ChoiceImpl {
    const s = this[STATE]
    return new ChoiceImpl(next(s, localized(s, 'name_localizations', locale, name, s.name)))
  }
  toJSON(): unknown {
    return thaw(this[STATE])
  }
}

/**
 * A choice of a STRING, INTEGER or NUMBER option. The value keeps its literal type,
 * so the handler's value becomes the union of the choices' values.
 * @example choice('Red', 'red').localize('es-ES', 'Rojo')
 */
export function choice<const V extends string | number>(name: string, value: V): Choice<V> {
  return new ChoiceImpl(Object.freeze({ name, value })) as unknown as Choice<V>
}

class OptionImpl extends Builder {
  private with(patch: State): OptionImpl {
    return new OptionImpl(next(this[STATE], patch))
  }
  required(): OptionImpl {
    return this.with({ required: true })
  }
  choices(...choices: unknown[]): OptionImpl {
    const prior = (this[STATE].choices as readonly unknown[] | undefined) ?? []
    return this.with({ choices: Object.freeze([...prior, ...choices.map(stateOrJSON)]) })
  }
  autocomplete(): OptionImpl {
    return this.with({ autocomplete: true })
  }
  min(value: number): OptionImpl {
    return this.with({ min_value: value })
  }
  max(value: number): OptionImpl {
    return this.with({ max_value: value })
  }
  minLength(length: number): OptionImpl {
    return this.with({ min_length: length })
  }
  maxLength(length: number): OptionImpl {
    return this.with({ max_length: length })
  }
  channelTypes(...types: ChannelType[]): OptionImpl {
    return this.with({ channel_types: Object.freeze(types) })
  }
  localize(locale: Locale, localization: Localization): OptionImpl {
    const s = this[STATE]
    return this.with({
      ...localized(s, 'name_localizations', locale, localization.name, s.name),
      ...localized(s, 'description_localizations', locale, localization.description, s.description),
    })
  }
  toJSON(): unknown {
    return thaw(this[STATE])
  }
}

const make =
  (type: LeafOptionType) =>
  (name: string, description: string): unknown =>
    new OptionImpl(Object.freeze({ type, name, description }))

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
  string: make(3) as <const N extends string>(name: CheckChatName<N>, description: string) => StringOption<N>,
  /** An INTEGER option (4). */
  integer: make(4) as <const N extends string>(name: CheckChatName<N>, description: string) => IntegerOption<N>,
  /** A BOOLEAN option (5). */
  boolean: make(5) as <const N extends string>(name: CheckChatName<N>, description: string) => BooleanOption<N>,
  /** A USER option (6). */
  user: make(6) as <const N extends string>(name: CheckChatName<N>, description: string) => UserOption<N>,
  /** A CHANNEL option (7). */
  channel: make(7) as <const N extends string>(name: CheckChatName<N>, description: string) => ChannelOption<N>,
  /** A ROLE option (8). */
  role: make(8) as <const N extends string>(name: CheckChatName<N>, description: string) => RoleOption<N>,
  /** A MENTIONABLE option (9): users and roles. */
  mentionable: make(9) as <const N extends string>(name: CheckChatName<N>, description: string) => MentionableOption<N>,
  /** A NUMBER option (10). */
  number: make(10) as <const N extends string>(name: CheckChatName<N>, description: string) => NumberOption<N>,
  /** An ATTACHMENT option (11). */
  attachment: make(11) as <const N extends string>(name: CheckChatName<N>, description: string) => AttachmentOption<N>,
} as const
