/**
 * `commands(...)`: a set of definitions for a bulk overwrite.
 */
import type { BulkCommandJSON } from '../wire/commands.js'
import type { Scope } from '../rules/command.js'
import { ValidationError } from '../rules/issues.js'
import { validateCommands } from '../rules/validate.js'
import { materializeOrThrow } from './state.js'
import type { AnyDefinition, CheckSet, CommandSet } from './types/set.js'

class CommandSetImpl {
  constructor(readonly definitions: readonly unknown[]) {
    Object.freeze(this)
  }
  toJSON(options: { readonly scope?: Scope } = {}): BulkCommandJSON[] {
    // JSON.stringify(set) calls toJSON with a key string: it means no options.
    const scope = typeof options === 'object' && options !== null ? options.scope : undefined
    const json = materializeOrThrow(this.definitions, 'command set') as unknown[]
    const result = validateCommands(json, { scope: scope ?? 'global' })
    if (!result.ok) throw new ValidationError(result.issues, 'command set')
    return json as BulkCommandJSON[]
  }
}

/**
 * A set of command definitions, as one bulk overwrite registers them. The types
 * refuse two commands of one type with the same literal name, and more than one
 * entry point; `toJSON({ scope })` checks every rule at run time.
 *
 * @example
 * export const app = commands(ban, config, user('Show profile'), message('Report'))
 * await rest.bulkOverwrite(app.toJSON())
 */
export function commands<const D extends readonly AnyDefinition[]>(...definitions: CheckSet<D>): CommandSet<D> {
  return new CommandSetImpl(Object.freeze([...definitions])) as unknown as CommandSet<D>
}
