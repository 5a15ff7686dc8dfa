/**
 * `fromJSON`: a definition from a plain payload, and `definitionOf`, the validated
 * JSON of any definition (what the parse layer reads).
 */
import type { CommandJSON } from '../wire/commands.js'
import type { CommandType } from '../wire/enums.js'
import { thrownText, ValidationError } from '../rules/issues.js'
import { validateCommand } from '../rules/validate.js'
import { toCreateBody } from '../rules/body.js'
import { loadCommand } from './command.js'
import { Builder, deepFreeze, materialize } from './state.js'
import type { ContextInput, HandlerInput, IntegrationInput, Localization, PermissionInput } from './types/commands.js'
import type { Locale } from '../wire/enums.js'

/** A definition typed loosely: what `fromJSON` returns. */
export interface LooseCommand {
  /** Type only. Absent at run time. */
  readonly '~command'?: { readonly type: CommandType; readonly name: string; readonly global: boolean; readonly loose: true } | undefined
  localize(locale: Locale, localization: Localization | string): LooseCommand
  defaultMemberPermissions(...permissions: [PermissionInput, ...PermissionInput[]] | [null]): LooseCommand
  contexts(...contexts: ContextInput[]): LooseCommand
  integrationTypes(...types: IntegrationInput[]): LooseCommand
  nsfw(value?: boolean): LooseCommand
  handler(handler: HandlerInput): LooseCommand
  toJSON(options?: { readonly scope?: 'global' | 'guild' }): CommandJSON
}

/**
 * A definition from a plain payload: a create body, or a command as the service
 * returns it, at every level (its `id`, `application_id`, `guild_id`, `version`,
 * `name_localized` and `description_localized` are dropped, and the empty
 * description of USER and MESSAGE commands too; docs/spec-notes.md). A key whose
 * value is `undefined` is absent, as is `null` on a field the OpenAPI marks
 * nullable, so discord.js' `toJSON()` output loads as it is. Validated first, then
 * copied; throws `ValidationError` with every issue. Usable wherever a builder is.
 *
 * @example const legacy = fromJSON(JSON.parse(readFileSync('ban.json', 'utf8')))
 * @example const fetched = (await rest.listCommands()).map(fromJSON)
 */
export function fromJSON(json: unknown): LooseCommand {
  const result = validateCommand(json, { fetched: true })
  if (!result.ok) throw new ValidationError(result.issues, 'command JSON')
  let body: unknown
  try {
    body = toCreateBody(json)
  } catch (error) {
    // Only a hostile value gets here: a getter that threw on the second read.
    const message = `command could not be read: ${thrownText(error)}`
    throw new ValidationError([{ code: 'input.unreadable', path: [], message }], 'command JSON')
  }
  // The copy is what the builder keeps: checked again, so that a value that changed
  // between the two reads (a getter, a proxy) is refused, never kept unchecked.
  const copied = validateCommand(body)
  if (!copied.ok) {
    const message = `command changed while it was read: ${copied.issues.map((i) => i.message).join('; ')}`
    throw new ValidationError([{ code: 'input.unreadable', path: [], message }], 'command JSON')
  }
  return loadCommand(body as CommandJSON) as unknown as LooseCommand
}

const validated = new WeakMap<object, CommandJSON>()

/**
 * The validated JSON of a definition (a builder, a `fromJSON` result, or plain
 * JSON), computed once per definition and frozen. Throws `ValidationError`. An
 * object with a `toJSON` method that is not a builder of this copy (a builder of
 * the CommonJS build read by the ESM one, of another version, a discord.js
 * builder) is read through its `toJSON`, as `JSON.stringify` reads it: no brand on
 * the builder class, so the one-command bundle does not grow.
 */
export function definitionOf(definition: unknown): CommandJSON {
  if (typeof definition !== 'object' || definition === null) {
    const result = validateCommand(definition)
    throw new ValidationError(result.issues ?? [], 'definition')
  }
  const cached = validated.get(definition)
  if (cached !== undefined) return cached
  const own = definition instanceof Builder || typeof (definition as { toJSON?: unknown }).toJSON !== 'function'
  const json = materialize(own ? definition : (definition as { toJSON(): unknown }).toJSON())
  const result = validateCommand(json)
  if (!result.ok) throw new ValidationError(result.issues, 'definition')
  const frozen = deepFreeze(json) as CommandJSON
  validated.set(definition, frozen)
  return frozen
}
