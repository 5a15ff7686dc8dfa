/**
 * The vocabulary of issues, as types only: the codes, a path's segments, the
 * parameters a message is written from, a template and a catalogue of them. A leaf:
 * it imports nothing, so issues.ts (the collector), messages.ts (the templates) and
 * bounds.ts (the caps) each depend on it and not on one another in a circle.
 * issues.ts re-exports these names; import them from there.
 */

/** A key or index into a JSON value. */
export type PathSegment = string | number

/** Every code an issue can carry. Stable: new codes may be added, none renamed. */
export type IssueCode =
  // any value
  | 'value.type'
  | 'field.required'
  | 'field.unknown'
  | 'field.not_allowed'
  | 'input.unreadable'
  | 'list.too_long'
  | 'issues.truncated'
  // commands
  | 'command.type'
  | 'command.size'
  // names and descriptions
  | 'name.length'
  | 'name.pattern'
  | 'name.lowercase'
  | 'description.length'
  // localization
  | 'locale.unknown'
  | 'localization.conflict'
  // options
  | 'option.type'
  | 'options.too_many'
  | 'options.nesting'
  | 'options.mixed'
  | 'options.order'
  | 'options.duplicate_name'
  | 'option.autocomplete_with_choices'
  | 'option.bounds_inverted'
  | 'choices.too_many'
  // values
  | 'number.integer'
  | 'number.range'
  | 'string.length'
  | 'enum.value'
  | 'array.empty'
  | 'array.duplicate'
  | 'permissions.format'
  | 'permissions.range'
  | 'snowflake.format'
  // scope and sets
  | 'scope.global_only'
  | 'scope.entry_point'
  | 'set.too_many'
  | 'set.duplicate_name'
  // interactions (parse layer)
  | 'interaction.command'
  | 'interaction.option'
  | 'interaction.subcommand'
  | 'interaction.required'
  | 'interaction.resolved'
  | 'interaction.choice'
  | 'interaction.range'
  | 'interaction.type'
  | 'interaction.duplicate'
  | 'interaction.channel_type'
  | 'interaction.focused'
  // modal submissions (parse/components.ts)
  | 'modal.missing'
  | 'modal.value'
  // permissions and lobbies
  | 'permissions.too_many'
  | 'lobby.metadata'
  | 'lobby.members'
  | 'lobby.idle_timeout'
  | 'lobby.message'
  | 'url.format'
  | 'response.choices'
  // interaction callbacks and webhook messages (rules/callbacks.ts, rules/message-body.ts)
  | 'response.type'
  | 'response.empty'
  | 'response.too_many'
  | 'response.too_few'
  // messages, embeds and components (rules/embeds.ts, rules/components.ts)
  | 'embed.total'
  | 'mentions.conflict'
  | 'component.placement'
  | 'component.row'
  | 'component.duplicate'
  | 'component.bounds'
  | 'component.text_total'
  // localization reports (locale layer): reported, never thrown
  | 'localization.missing'
  | 'localization.fallback'

/** The parameters of an issue, beside its code and path: what a UI needs to render it without the message. */
export interface IssueParams {
  /** What the value must be, or what a field applies to, as a phrase: `a string`, `STRING options`. */
  readonly expected?: string
  /** The bound broken: the most allowed (or the only bound). */
  readonly limit?: number
  /** The least allowed, where the rule is a range. */
  readonly min?: number
  /** What was counted: characters, elements, issues left out. */
  readonly count?: number
  /** The kind of the value met: `a group`, `a value option`. */
  readonly kind?: string
  /** The kind of value or place the rule is about: `a USER command`, `a group`, `option "days"`. */
  readonly on?: string
  /** The path or field of the other value the rule compares with: `options[0]`, `max_value`. */
  readonly other?: string
  /** The name involved (an option's, a command's), when the rule names one. */
  readonly name?: string
  /** The locale involved, for a localized name. */
  readonly locale?: string
  /** Text no parameter carries: what a hostile value threw. */
  readonly detail?: string
}

/** A message template: the text after the path, from the issue's parameters. */
export type Template = (p: IssueParams) => string

/** A catalogue: the template of each code it covers. */
export type Catalogue = { readonly [C in IssueCode]?: Template }
