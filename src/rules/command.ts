/**
 * The entry of the command rules: one command definition over plain JSON, and one
 * option or choice on its own. Every check cites the spec section it enforces
 * (docs/rules.md); `docs/issues.md` lists the codes. The walk is one pass: each
 * object's own keys are visited once, and each key decides its own checks.
 */
import { checkChoice, checkChoices } from './choices.js'
import type { IssueCode } from './issues.js'
import { CHAT_INPUT, ENTRY_POINT, COMMAND_TYPE_NAMES, inheritsKeys, isObject, NUMBER, own, STRING } from './json.js'
import { COMMAND_SIZE_MAX, PERMISSION_BITS_MAX } from './limits.js'
import { checkOption, checkOptions, Level } from './options.js'
import { serviceField } from './service-fields.js'
import { commandSize } from './size.js'
import { checkLocalizations, checkText, sizeOf, Text } from './text-fields.js'
import { checkBoolean, checkEnumArray, CONTEXTS, INTEGRATION_TYPES, isSnowflake } from './values.js'
import type { Walk } from './walk.js'

// Importers of the rules read these from here.
export { COMMAND_TYPE_NAMES, isObject } from './json.js'
export { OPTION_NULLABLE } from './options.js'
export { OPTION_CAPABILITIES, OptionCapability } from './option-types.js'
export { commandSize } from './size.js'
export { isSnowflake } from './values.js'

/** Where a definition will be registered: globally, or in one guild. */
export type Scope = 'global' | 'guild'

const GLOBAL_ONLY: ReadonlySet<string> = new Set(['dm_permission', 'integration_types', 'contexts'])

/**
 * The optional command fields the OpenAPI marks nullable: `null` there is absent
 * (docs/spec-notes.md). `default_member_permissions`, `dm_permission`,
 * `default_permission`, `contexts` and the dictionaries take `null` as a value of
 * their own and are checked as such.
 */
export const NULL_IS_ABSENT: ReadonlySet<string> = new Set(['type', 'description', 'options', 'integration_types', 'handler'])

/**
 * Checks one command definition into `c`. `bulk` allows the `id` field of
 * bulk-overwrite elements ("Bulk guild body") and, in a guild, the fields the bulk
 * guild body lists beyond the guild create body (`dm_permission`,
 * `integration_types`, `contexts`). `asFetched` reads a command as the service
 * returns it.
 */
export function checkCommand(c: Walk, json: unknown, scope: Scope, bulk: boolean): void {
  c.exact = inheritsKeys()
  const fetched = c.fetched
  if (!isObject(json, c)) {
    c.add('value.type', undefined, { expected: 'a command object' }, json)
    return
  }
  const raw = json.type
  // "Application command" type: optional, defaults to 1 (absent when null, docs/spec-notes.md).
  const type = raw === undefined || raw === null ? CHAT_INPUT : raw === 1 || raw === 2 || raw === 3 || raw === 4 ? raw : 0
  if (type === 0)
    c.add(
      'command.type',
      'type',
      {
        expected: COMMAND_TYPE_NAMES.slice(1)
          .map((name, i) => `${i + 1} (${name})`)
          .join(', '),
      },
      raw,
    )
  // "Naming rules" 3, "Limits": no PRIMARY_ENTRY_POINT command in a guild.
  if (type === ENTRY_POINT && scope === 'guild') c.add('scope.entry_point', 'type')
  const typeName = COMMAND_TYPE_NAMES[type]
  const nameKind = type === CHAT_INPUT ? Text.ChatName : Text.PlainName
  // "Application command" description; "Other command rules" 2: none on USER and MESSAGE.
  const described = type === CHAT_INPUT || type === ENTRY_POINT || type === 0
  let optionsSize = 0
  let names = 0
  let descriptions = 0
  // As met by the walk (what JSON.stringify sends), see checkOption.
  let name: unknown
  let description: unknown
  for (const key in json) {
    if (c.exact && !own.call(json, key)) continue
    const v = json[key]
    // docs/spec-notes.md: `undefined` is absent, as in JSON.stringify; so is `null`
    // on an optional field the OpenAPI marks nullable.
    if (v === undefined || (v === null && NULL_IS_ABSENT.has(key))) continue
    // "Create body (guild)" refuses them; "Bulk guild body" lists them (docs/spec-notes.md,
    // "Global-only fields in a guild bulk body": a guild bulk overwrite accepts them).
    if (scope === 'guild' && !bulk && !fetched && GLOBAL_ONLY.has(key)) {
      c.add('scope.global_only', key)
      continue
    }
    switch (key) {
      case 'type':
        break
      case 'name':
        name = v
        checkText(c, key, v, nameKind)
        break
      case 'name_localizations':
        names = checkLocalizations(c, key, v, nameKind)
        break
      case 'description':
      case 'description_localizations':
        // "Application command": a fetched USER or MESSAGE command has description "";
        // so does the entry point the service creates ("Other command rules" 3).
        if (fetched && key === 'description' && v === '' && type !== CHAT_INPUT) break
        if (!described) c.add('field.not_allowed', key, { on: `a ${typeName} command`, expected: 'CHAT_INPUT commands' })
        else if (key === 'description') {
          description = v
          checkText(c, key, v, Text.Description)
        } else descriptions = checkLocalizations(c, key, v, Text.Description)
        break
      case 'options':
        if (type !== CHAT_INPUT && type !== 0) c.add('field.not_allowed', key, { on: `a ${typeName} command`, expected: 'CHAT_INPUT commands' })
        else optionsSize = checkOptions(c, v, Level.Command)
        break
      case 'default_member_permissions':
        if (v !== null) checkPermissions(c, key, v)
        break
      case 'dm_permission':
      case 'default_permission':
        checkBoolean(c, key, v, true)
        break
      case 'nsfw':
        checkBoolean(c, key, v)
        break
      case 'integration_types':
        checkEnumArray(c, key, v, INTEGRATION_TYPES, 'integration types: 0 GUILD_INSTALL, 1 USER_INSTALL', false, true)
        break
      case 'contexts':
        checkEnumArray(c, key, v, CONTEXTS, 'interaction context types: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL', true, true)
        break
      case 'handler':
        // "Application command" handler: only for PRIMARY_ENTRY_POINT, one of the handler types.
        if (type !== ENTRY_POINT && type !== 0) c.add('field.not_allowed', key, { on: `a ${typeName} command`, expected: 'PRIMARY_ENTRY_POINT commands' })
        else if (v !== 1 && v !== 2) c.add('enum.value', key, { expected: '1 (APP_HANDLER), 2 (DISCORD_LAUNCH_ACTIVITY)' }, v)
        break
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: `id` outside a bulk list is handled as an unknown field below
      case 'id':
        if (bulk) {
          // OpenAPI `ApplicationCommandUpdateRequest.id`: a snowflake or null, and null
          // on a nullable optional field is absent (docs/spec-notes.md).
          if (v !== null && !isSnowflake(v)) c.add('snowflake.format', key, {}, v)
          break
        }
      // falls through: `id` belongs to bulk-overwrite elements (and fetched commands)
      default:
        if (!serviceField(c, key, v, true)) c.add('field.unknown', key, { on: bulk ? 'a command definition' : 'a command create body' })
    }
  }
  if (name === undefined) c.add('field.required', 'name')
  if (type === CHAT_INPUT) {
    if (description === undefined) c.add('field.required', 'description', { on: 'a CHAT_INPUT command' })
    // "Limits": slash command combined size.
    const units = optionsSize + sizeOf(name, names) + sizeOf(description, descriptions)
    if (units > COMMAND_SIZE_MAX) {
      const size = commandSize(json)
      if (size > COMMAND_SIZE_MAX) c.add('command.size', undefined, { count: size, limit: COMMAND_SIZE_MAX })
    }
  }
}

/**
 * "Application command" default_member_permissions: a bit set as a string of
 * digits, at most 2^54 - 1: the `maximum` of the OpenAPI's create, update and
 * patch bodies (`PERMISSION_BITS_MAX`). Decided on the digits without BigInt, so
 * that a string of a million digits costs one pass.
 */
function checkPermissions(c: Walk, key: string, v: unknown): void {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? v.replace(/^0+/, '') : undefined
  if (n === undefined) c.add('permissions.format', key, {}, v)
  else if (n.length > 17 || (n.length > 16 && n > PERMISSIONS_MAX)) c.add('permissions.range', key, { expected: PERMISSIONS_MAX, limit: PERMISSION_BITS_MAX }, v)
}

/** 2^54 - 1 (`PERMISSION_BITS_MAX` bits) in its 17 digits: past 2^53 a number is not exact. */
const PERMISSIONS_MAX = '18014398509481983'

/**
 * The rules of one option on its own, for the `toJSON` of an option, subcommand or
 * group builder: its fields and choices, and for a subcommand or group its children.
 * What needs the whole command (order and names among siblings, the combined size,
 * scope) is checked by the command's `toJSON`.
 */
export function checkStandaloneOption(c: Walk, json: unknown): void {
  c.exact = inheritsKeys()
  if (!isObject(json, c)) c.add('value.type', undefined, { expected: 'an option object' }, json)
  else checkOption(c, json, json.type, true)
}

/** `checkChoices` on its own, for autocomplete responses. */
export function checkStandaloneChoices(c: Walk, v: unknown, type: number, tooMany?: IssueCode): void {
  c.exact = inheritsKeys()
  checkChoices(c, v, type, tooMany)
}

/** One choice on its own, for a choice builder's `toJSON`: its value may be a string or a number, as no option is known. */
export function checkStandaloneChoice(c: Walk, json: unknown): void {
  c.exact = inheritsKeys()
  const value = isObject(json, c) ? json.value : undefined
  checkChoice(c, json, typeof value === 'string' ? STRING : NUMBER)
}
