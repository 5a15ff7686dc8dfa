/**
 * Emits the fixture's command set as source code, four ways, so that the same set
 * can be built and type-checked by each contender:
 * - `slashkitSource`: slashkit builders (`slash(...).options(...)...`);
 * - `peerSource`: @discordjs/builders (`new SlashCommandBuilder().setName(...)...`);
 * - `literalSource`: plain object literals (the baseline);
 * - `typedLiteralSource`: the same literals typed with discord-api-types.
 * Every generated module exports `build()`, which makes the whole set anew.
 */

const q = JSON.stringify
const OPTION = { 3: 'string', 4: 'integer', 5: 'boolean', 6: 'user', 7: 'channel', 8: 'role', 9: 'mentionable', 10: 'number', 11: 'attachment' }
const PEER_OPTION = {
  3: 'String',
  4: 'Integer',
  5: 'Boolean',
  6: 'User',
  7: 'Channel',
  8: 'Role',
  9: 'Mentionable',
  10: 'Number',
  11: 'Attachment',
}
const FLAGS = { default_member_permissions: 'defaultMemberPermissions' }

// ---------------------------------------------------------------- slashkit

/** `.localize(locale, { name, description })` for each locale of an element. */
function skLocalize(o, withDescription = true) {
  return Object.keys(o.name_localizations ?? {})
    .map((l) =>
      withDescription && o.description_localizations?.[l] !== undefined
        ? `.localize(${q(l)}, { name: ${q(o.name_localizations[l])}, description: ${q(o.description_localizations[l])} })`
        : `.localize(${q(l)}, ${withDescription ? `{ name: ${q(o.name_localizations[l])} }` : q(o.name_localizations[l])})`,
    )
    .join('')
}

function skOption(o) {
  let s = `option.${OPTION[o.type]}(${q(o.name)}, ${q(o.description)})`
  if (o.required) s += '.required()'
  if (o.choices) s += `.choices(${o.choices.map((c) => `choice(${q(c.name)}, ${q(c.value)})${skLocalize(c, false)}`).join(', ')})`
  if (o.autocomplete) s += '.autocomplete()'
  if (o.min_value !== undefined) s += `.min(${o.min_value})`
  if (o.max_value !== undefined) s += `.max(${o.max_value})`
  if (o.min_length !== undefined) s += `.minLength(${o.min_length})`
  if (o.max_length !== undefined) s += `.maxLength(${o.max_length})`
  if (o.channel_types) s += `.channelTypes(${o.channel_types.join(', ')})`
  return s + skLocalize(o)
}

function skSettings(c) {
  let s = ''
  if (c.default_member_permissions !== undefined) s += `.${FLAGS.default_member_permissions}(${q(c.default_member_permissions)})`
  if (c.contexts) s += `.contexts(${c.contexts.join(', ')})`
  if (c.integration_types) s += `.integrationTypes(${c.integration_types.join(', ')})`
  if (c.nsfw) s += '.nsfw()'
  return s
}

export function slashkitCommand(c) {
  if (c.type === 2 || c.type === 3) return `${c.type === 2 ? 'user' : 'message'}(${q(c.name)})${skSettings(c)}${skLocalize(c, false)}`
  let s = `slash(${q(c.name)}, ${q(c.description)})`
  const options = c.options ?? []
  if (options.length > 0 && (options[0].type === 1 || options[0].type === 2)) {
    for (const child of options) {
      if (child.type === 1) s += `.subcommand(${q(child.name)}, ${q(child.description)}, (s) => s${skChildOptions(child)}${skLocalize(child)})`
      else
        s += `.group(${q(child.name)}, ${q(child.description)}, (g) => g${(child.options ?? [])
          .map((sub) => `.subcommand(${q(sub.name)}, ${q(sub.description)}, (s) => s${skChildOptions(sub)}${skLocalize(sub)})`)
          .join('')}${skLocalize(child)})`
    }
  } else if (options.length > 0) s += `.options(${options.map(skOption).join(', ')})`
  return s + skSettings(c) + skLocalize(c)
}

const skChildOptions = (sub) => ((sub.options ?? []).length > 0 ? `.options(${sub.options.map(skOption).join(', ')})` : '')

/** The set written with slashkit, importing from `from`. */
export function slashkitSource(set, from, { typescript = false } = {}) {
  const body = `commands(\n  ${set.map(slashkitCommand).join(',\n  ')},\n)`
  const header = `import { choice, commands, message, option, slash, user } from ${q(from)}\n`
  return typescript ? `${header}export const app = ${body}\n` : `${header}export const build = () => ${body}\n`
}

// ---------------------------------------------------------------- @discordjs/builders

const peerLocalizations = (o) =>
  (o.name_localizations ? `.setNameLocalizations(${q(o.name_localizations)})` : '') +
  (o.description_localizations ? `.setDescriptionLocalizations(${q(o.description_localizations)})` : '')

function peerOption(o) {
  let s = `(o) => o.setName(${q(o.name)}).setDescription(${q(o.description)})${peerLocalizations(o)}`
  if (o.required) s += '.setRequired(true)'
  if (o.choices) s += `.addChoices(${o.choices.map((c) => q(c)).join(', ')})`
  if (o.autocomplete) s += '.setAutocomplete(true)'
  if (o.min_value !== undefined) s += `.setMinValue(${o.min_value})`
  if (o.max_value !== undefined) s += `.setMaxValue(${o.max_value})`
  if (o.min_length !== undefined) s += `.setMinLength(${o.min_length})`
  if (o.max_length !== undefined) s += `.setMaxLength(${o.max_length})`
  if (o.channel_types) s += `.addChannelTypes(${o.channel_types.join(', ')})`
  return `.add${PEER_OPTION[o.type]}Option(${s})`
}

function peerSettings(c) {
  let s = ''
  if (c.default_member_permissions !== undefined) s += `.setDefaultMemberPermissions(${q(c.default_member_permissions)})`
  if (c.contexts) s += `.setContexts(${c.contexts.join(', ')})`
  if (c.integration_types) s += `.setIntegrationTypes(${c.integration_types.join(', ')})`
  if (c.nsfw) s += '.setNSFW(true)'
  return s
}

function peerCommand(c) {
  if (c.type === 2 || c.type === 3)
    return `new ContextMenuCommandBuilder().setName(${q(c.name)}).setType(${c.type})${c.name_localizations ? `.setNameLocalizations(${q(c.name_localizations)})` : ''}${peerSettings(c)}`
  let s = `new SlashCommandBuilder().setName(${q(c.name)}).setDescription(${q(c.description)})${peerLocalizations(c)}${peerSettings(c)}`
  for (const o of c.options ?? []) {
    if (o.type === 1) s += `.addSubcommand((s) => s.setName(${q(o.name)}).setDescription(${q(o.description)})${peerLocalizations(o)}${(o.options ?? []).map(peerOption).join('')})`
    else if (o.type === 2)
      s += `.addSubcommandGroup((g) => g.setName(${q(o.name)}).setDescription(${q(o.description)})${peerLocalizations(o)}${(o.options ?? [])
        .map(
          (sub) => `.addSubcommand((s) => s.setName(${q(sub.name)}).setDescription(${q(sub.description)})${peerLocalizations(sub)}${(sub.options ?? []).map(peerOption).join('')})`,
        )
        .join('')})`
    else s += peerOption(o)
  }
  return s
}

/** The set written with @discordjs/builders (each command's toJSON validates it). */
export function peerSource(set) {
  return `import { ContextMenuCommandBuilder, SlashCommandBuilder } from '@discordjs/builders'\nexport const build = () => [\n  ${set.map(peerCommand).join(',\n  ')},\n]\n`
}

// ---------------------------------------------------------------- literals

/** The set as plain object literals: building it is allocating it. */
export function literalSource(set) {
  return `export const build = () => ${q(set)}\n`
}

/** The set as object literals typed with discord-api-types (for the type-check benchmark). */
export function typedLiteralSource(set) {
  return `import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10'\nexport const app: RESTPutAPIApplicationCommandsJSONBody = ${JSON.stringify(set, null, 1)}\n`
}
