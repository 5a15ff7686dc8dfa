/**
 * `fromJSON`: a definition from a plain payload, and `definitionOf`, the validated
 * JSON of any definition (what the parse layer reads).
 */
import type { CommandJSON } from '../wire/commands.js'
import type { CommandType, EntryPointHandler } from '../wire/enums.js'
import { thrownText, ValidationError } from '../rules/issues.js'
import { validateCommand } from '../rules/validate.js'
import { loadCommand } from './command.js'
import { deepFreeze, materialize, thaw } from './state.js'
import type { ContextInput, HandlerInput, IntegrationInput, Localization, PermissionInput } from './types/commands.js'
import type { Locale } from '../wire/enums.js'

/** Fields the service adds to a command it returns; not part of a definition. */
const RESPONSE_ONLY = ['id', 'application_id', 'guild_id', 'version', 'name_localized', 'description_localized']

/** A definition typed loosely: what `fromJSON` returns. */
export interface LooseCommand {
  /** Type only. Absent at run time. */
  readonly '~command'?: { readonly type: CommandType; readonly name: string; readonly global: boolean; readonly loose: true }
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
 * returns it (its `id`, `application_id`, `guild_id`, `version` and localized views
 * are dropped, and the empty description of USER and MESSAGE commands too).
 * Validated; throws `ValidationError` with every issue. Usable wherever a builder is.
 *
 * @example const legacy = fromJSON(JSON.parse(readFileSync('ban.json', 'utf8')))
 */
export function fromJSON(json: unknown): LooseCommand {
  let body: unknown
  try {
    body = withoutResponseFields(json)
  } catch (error) {
    // Only a hostile value gets here: a throwing getter, a cycle.
    const message = `command could not be read: ${thrownText(error)}`
    throw new ValidationError([{ code: 'input.unreadable', path: [], message }], 'command JSON')
  }
  const result = validateCommand(body)
  if (!result.ok) throw new ValidationError(result.issues, 'command JSON')
  return loadCommand(checkedCopy(body)) as unknown as LooseCommand
}

/**
 * A copy of a body the rules accepted, checked again: nothing is copied before it
 * is checked (a sparse array of length 2^32-1 is refused, never walked; see
 * src/rules/bounds.ts), and a value that changed between the two reads (a getter,
 * a proxy) is refused, never kept unchecked.
 */
function checkedCopy(body: unknown): CommandJSON {
  let copy: unknown
  try {
    copy = thaw(body)
  } catch (error) {
    throw new ValidationError([{ code: 'input.unreadable', path: [], message: `command could not be read: ${thrownText(error)}` }], 'command JSON')
  }
  const again = validateCommand(copy)
  if (!again.ok) {
    const message = `command changed while it was read: ${again.issues.map((i) => i.message).join('; ')}`
    throw new ValidationError([{ code: 'input.unreadable', path: [], message }], 'command JSON')
  }
  return copy as CommandJSON
}

/** A shallow copy of `json` (its own fields; nothing below is read) without the fields only the service's responses carry. */
function withoutResponseFields(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json
  const copy = { ...(json as Record<string, unknown>) }
  for (const key of RESPONSE_ONLY) delete copy[key]
  if ((copy.type === 2 || copy.type === 3) && copy.description === '') delete copy.description
  return copy
}

const validated = new WeakMap<object, CommandJSON>()

/**
 * The validated JSON of a definition (a builder, a `fromJSON` result, or plain
 * JSON), computed once per definition and frozen. Throws `ValidationError`.
 */
export function definitionOf(definition: unknown): CommandJSON {
  if (typeof definition !== 'object' || definition === null) {
    const result = validateCommand(definition)
    throw new ValidationError(result.issues ?? [], 'definition')
  }
  const cached = validated.get(definition)
  if (cached !== undefined) return cached
  const json = materialize(definition)
  const result = validateCommand(json)
  if (!result.ok) throw new ValidationError(result.issues, 'definition')
  const frozen = deepFreeze(json) as CommandJSON
  validated.set(definition, frozen)
  return frozen
}

export type { EntryPointHandler }
