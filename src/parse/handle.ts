/**
 * `handle(definition, handlers)`: a command's handlers bound to it where it is
 * defined, typed from that command alone (issue "Editor speed"). `router` and
 * `createHandler` take a list of them in place of the map by command name; a
 * handler's types then never depend on inferring the rest of the set.
 */
import type { AnyDefinition } from '../builders/types/set.js'
import type { Bound, CommandHandlerMap } from './router.js'
import { argumentError } from '../rules/arguments.js'

/**
 * Binds a command's handlers to it: one function, or a map by subcommand (and by
 * group, then subcommand), each `(values, context)` and typed from this command
 * only. Pass the results to `router(app, [...])` or `createHandler({ app, handlers:
 * [...] })`. The context is what runs the handler gives (`route(interaction,
 * context)`'s second argument; slashkit/http's `Context`, where its `handle`, this
 * same function, types it): annotate it (`(values, ctx: MyContext) => ...`) to type
 * it here.
 *
 * @example
 * export const config = slash('config', 'Bot settings')
 *   .subcommand('show', 'Show settings')
 *   .subcommand('set', 'Change a setting', (s) => s.options(option.string('key', 'Setting').required()))
 * export const onConfig = handle(config, {
 *   show: () => reply('...'),
 *   set: ({ options }) => reply(`${options.key} changed`),
 * })
 */
export function handle<const D extends AnyDefinition, Context = unknown>(definition: D, handlers: CommandHandlerMap<D, unknown, Context>): Bound<D> {
  // From JavaScript: handle(null, fn) and handle(ban, 42) were bound, and failed at the first interaction.
  if (typeof (definition as { toJSON?: unknown } | null)?.toJSON !== 'function')
    throw argumentError('handle', 'definition', 'a command builder: slash(...), user(...), message(...) or fromJSON(...)', definition)
  if (typeof handlers !== 'function' && (typeof handlers !== 'object' || handlers === null || Array.isArray(handlers)))
    throw argumentError('handle', 'handlers', 'a function, or a map of them by subcommand', handlers)
  return Object.freeze({ definition, handlers })
}
