/**
 * The one catalogue of issue messages, by code. A message is the path, then the
 * template's text, then "(was X)" when the issue has a received value; every
 * number in it comes from the issue's parameters (limits from limits.ts), every
 * quoted name is quoted by `quote` (JSON double quotes).
 */
import type { Catalogue, IssueCode, IssueParams, Template } from './issue-types.js'

/** A name in a message: JSON's double quotes, so any name reads back unambiguously. */
export const quote = (name: unknown): string => (typeof name === 'string' ? JSON.stringify(name) : 'without a name')

/** `has 30 choices; at most 25 are allowed`. */
const tooMany: Template = (p) => `has ${p.count} ${p.expected}; at most ${p.limit} are allowed`
/** `must be 1-32 characters long (was 40)`. */
const length: Template = (p) => `must be ${p.min === undefined ? 'at most ' : `${p.min}-`}${p.limit} characters long (was ${p.count})`
/** `must be a string`. */
const mustBe: Template = (p) => `must be ${p.expected}`
/** `, as option "days" is INTEGER`: why the parse layer expects what it does. */
const as = (p: IssueParams): string => (p.name === undefined ? '' : `, as option ${quote(p.name)} is ${p.on}`)

/**
 * The templates of the codes one command's walk emits (rules/walk.ts): apart, so
 * that a bundle of the builders and the rules of one command holds only these.
 */
export const RULE_MESSAGES = {
  // any value
  'value.type': mustBe,
  'field.required': (p) => `is required${p.on === undefined ? '' : ` for ${p.on}`}`,
  'field.unknown': (p) => `is not a field of ${p.on}`,
  'field.not_allowed': (p) => `is not allowed on ${p.on}; it applies to ${p.expected}`,
  'input.unreadable': (p) => `could not be read: ${p.detail}`,
  'list.too_long': tooMany,
  'issues.truncated': (p) => `${p.count} more issues left out`,
  // commands
  'command.type': mustBe,
  'command.size': (p) => `is ${p.count} characters in names, descriptions and choice values; at most ${p.limit} are allowed (the longest localization of each field counts)`,
  // names and descriptions
  'name.length': length,
  'name.pattern': () => `may contain only letters, digits, "-", "_", "'" and Devanagari or Thai characters, and no spaces`,
  'name.lowercase': (p) => `must be lower case (${p.expected})`,
  'description.length': length,
  // localization
  'locale.unknown': () => 'is not an API v10 locale key (such as en-US, es-ES, zh-CN)',
  'localization.conflict': (p) => `equals the ${p.locale ?? 'default'} name of ${p.other}; the names of options shown together must differ in each locale`,
  // options
  'option.type': mustBe,
  'options.too_many': tooMany,
  'options.nesting': (p) => `is ${p.kind} inside a ${p.on}; ${p.on}s hold only ${p.expected}`,
  'options.mixed': (p) => `is ${p.kind}, but ${p.other} is not; a command has either subcommands and groups or value options, not both`,
  'options.order': (p) => `is required but follows optional option ${quote(p.name)} (${p.other}); required options must come first`,
  'options.duplicate_name': (p) => `is named ${quote(p.name)} like ${p.other}; option names must be unique within one options array`,
  'option.autocomplete_with_choices': () => 'cannot be true on an option with choices; use one or the other',
  'option.bounds_inverted': (p) => `must not exceed ${p.other} (${p.limit})`,
  'choices.too_many': tooMany,
  // values
  'number.integer': () => 'must be a whole number',
  'number.range': (p) => `must be ${p.expected === undefined ? '' : `${p.expected} `}from ${p.min} to ${p.limit}`,
  'string.length': length,
  'enum.value': (p) => `must be one of ${p.expected}`,
  'array.empty': (p) => `must hold at least one ${p.expected}`,
  'array.duplicate': () => 'repeats an earlier value',
  'permissions.format': () => 'must be a permission bit set as a string of digits (such as "32"), or null',
  'permissions.range': (p) => `must be at most ${p.expected} (2^${p.limit} - 1), the largest bit set the API takes`,
  'snowflake.format': () => 'must be a snowflake (a string of digits)',
  // scope
  'scope.global_only': () => 'is only for global commands and guild bulk overwrites',
  'scope.entry_point': () => 'is PRIMARY_ENTRY_POINT, which cannot be a guild command; register it globally',
} satisfies Catalogue

/** The templates of the set rules' and the other layers' codes: parse, callbacks, permissions, lobbies, locale. */
const LAYER_MESSAGES = {
  // the other layers' variants of shared codes: an optional clause the command rules never use
  'field.required': (p) => `${RULE_MESSAGES['field.required'](p)}${p.expected === undefined ? '' : `: ${p.expected}`}`,
  'field.unknown': (p) => `is not ${p.kind ?? 'a field'} of ${p.on}`,
  'field.not_allowed': (p) => `is not allowed on ${p.on}${p.expected === undefined ? '' : `; it applies to ${p.expected}`}`,
  'permissions.format': (p) => (p.expected === undefined ? RULE_MESSAGES['permissions.format']() : `must be ${p.expected}`),
  'snowflake.format': (p) => `${RULE_MESSAGES['snowflake.format']()}${p.expected === undefined ? '' : `, ${p.expected}`}`,
  // sets (validateCommands)
  'set.too_many': (p) =>
    p.on === undefined
      ? tooMany(p)
      : `is ${p.expected} command number ${(p.limit as number) + 1}; a ${p.on} list holds at most ${p.limit} ${p.expected} command${p.limit === 1 ? '' : 's'}`,
  'set.duplicate_name': (p) => `is ${quote(p.name)}, the name of ${p.other}, also ${p.expected}; names are unique per type in one scope`,
  // autocomplete responses: their choices go through the command rules
  'response.choices': tooMany,
  // the parse layer says why: `, as option "days" is INTEGER`
  'value.type': (p) => `${RULE_MESSAGES['value.type'](p)}${as(p)}`,
  'number.integer': (p) => `must be a whole number${as(p)}`,
  'number.range': (p) => `${RULE_MESSAGES['number.range'](p)}${as(p)}`,
  // interactions (parse layer)
  'interaction.command': (p) =>
    p.name === undefined
      ? `must be ${p.expected}`
      : p.kind === undefined
        ? `must be ${p.expected}, the type of command ${quote(p.name)} here`
        : `names command ${quote(p.name)} of type ${p.kind}, which ${p.on} (expected ${p.expected})`,
  'interaction.option': (p) => (p.name === undefined ? `is not an option of this command (${p.expected})` : `must be ${p.expected}, the type of ${quote(p.name)}`),
  'interaction.subcommand': (p) => (p.count === undefined ? `must ${p.kind} ${p.expected} (one of: ${p.other})` : `must hold exactly one entry, ${p.expected} (was ${p.count})`),
  'interaction.required': (p) => `lacks required option ${quote(p.name)}`,
  'interaction.resolved': (p) => `is ${p.detail}, which data.resolved.${p.on} does not hold`,
  'interaction.choice': (p) => `must be one of the choices of option ${quote(p.name)}: ${p.expected}`,
  'interaction.range': (p) =>
    `must be from ${p.min ?? '-infinity'} to ${p.limit ?? 'infinity'}${p.expected === undefined ? '' : ` ${p.expected}`}, as option ${quote(p.name)} is defined`,
  'interaction.type': mustBe,
  'interaction.duplicate': (p) => `repeats option ${quote(p.name)}; each option appears once`,
  'interaction.channel_type': (p) => `is a channel of type ${p.detail}, which option ${quote(p.name)} does not allow (${p.expected})`,
  'interaction.focused': (p) =>
    p.name === undefined
      ? 'has no focused option; an autocomplete request marks the option being typed with focused: true'
      : p.other === undefined
        ? `is set on option ${quote(p.name)}, which does not use autocomplete`
        : `is set on a second option; only ${quote(p.other)} may be focused`,
  // modal submissions (parse layer)
  'modal.missing': (p) => `lacks the input ${quote(p.name)} of the modal, which is required`,
  'modal.value': (p) => `holds a value for input ${quote(p.name)} that the modal cannot produce; it must be ${p.expected}`,
  // permissions and lobbies
  'permissions.too_many': tooMany,
  'lobby.metadata': (p) => `holds more than ${p.limit} ${p.expected}; at most ${p.limit} are allowed`,
  'lobby.members': tooMany,
  'lobby.idle_timeout': (p) => `must be from ${p.min} to ${p.limit} seconds`,
  'lobby.message': tooMany,
  'url.format': (p) => `must be ${p.expected ?? 'an absolute http or https URL'}`,
  // interaction callbacks and webhook messages
  'response.type': (p) => `${p.detail} does not answer an interaction of type ${p.on} (it takes ${p.expected})`,
  'response.empty': () => 'is an empty message: give content, embeds, components, attachments or a poll',
  'response.too_many': tooMany,
  'response.too_few': (p) => `has ${p.count} ${p.expected}; at least ${p.min} ${p.min === 1 ? 'is' : 'are'} needed`,
  // messages, embeds and components
  'embed.total': (p) =>
    `hold ${p.count} characters in titles, descriptions, field names and values, footers and author names; at most ${p.limit} are allowed in all the embeds of a message`,
  'mentions.conflict': (p) => `lists ${p.name} while parse holds ${quote(p.name)}; give one or the other`,
  'component.placement': (p) => `is ${p.kind}, which ${p.on} cannot hold; it takes ${p.expected}`,
  'component.row': (p) => `holds ${p.detail}; an action row holds 1 to 5 buttons, or one select menu alone`,
  'component.duplicate': (p) => `repeats ${p.detail}, the ${p.expected} of ${p.other}; each ${p.expected} is unique within ${p.on}`,
  'component.bounds': (p) => (p.count === undefined ? `must not exceed ${p.other} (${p.limit})` : `holds ${p.count} ${p.expected}, more than ${p.other} (${p.limit}) allows`),
  'component.text_total': (p) => `hold ${p.count} characters in text displays; at most ${p.limit} are allowed in one message`,
  // localization reports (locale layer)
  'localization.missing': (p) => `is not given; ${p.locale} users see ${p.detail}`,
  'localization.fallback': (p) =>
    `is not given, so ${p.locale} users see the ${p.other} text ${p.detail} instead of the default ${p.expected}; include the default under its own locale key (spec: "Other command rules" 6)`,
} satisfies Catalogue

/**
 * Every code's template, the command rules' and the other layers'. The type lists
 * every code of `IssueCode`, so a code without a message does not compile.
 */
export const MESSAGES: { readonly [C in IssueCode]: Template } = /* @__PURE__ */ Object.assign({}, RULE_MESSAGES, LAYER_MESSAGES)
