/**
 * Why a typed command found no command, in words that lead to the right call: a
 * line that names a USER or MESSAGE command (those take `{ command, target }`), a
 * target given to a CHAT_INPUT command (that takes a line), a command named in
 * another locale than the user's, or else the commands the user has here.
 */
import { CommandType, localizedText, type ApplicationCommand } from '../../internal.js'

const KIND: Readonly<Record<number, string>> = { [CommandType.User]: 'USER', [CommandType.Message]: 'MESSAGE' }

/** The hint after "/name is not a command ...": `typed` is the path of a line, or the name beside a target. */
export function unknownCommandHint(listed: readonly ApplicationCommand[], typed: { readonly path: readonly string[]; readonly target?: unknown }, locale: string): string {
  const name = typed.path[0] as string
  const shown = (c: ApplicationCommand) => localizedText(c.name, c.name_localizations, locale)
  const menu = (c: ApplicationCommand) => c.type === CommandType.User || c.type === CommandType.Message
  if (typed.target === undefined) {
    const line = typed.path.join(' ')
    const target = listed.find((c) => menu(c) && (shown(c) === line || shown(c).startsWith(`${name} `)))
    if (target !== undefined) return `; '${shown(target)}' is a ${KIND[target.type as number]} command: invoke it with { command: '${shown(target)}', target }`
  } else {
    const slash = listed.find((c) => !menu(c) && shown(c) === name)
    if (slash !== undefined) return `; /${name} is a CHAT_INPUT command: invoke it with a line, '/${name} ...', and no target`
  }
  const kinds = listed.filter((c) => menu(c) === (typed.target !== undefined))
  const elsewhere = kinds.find((c) => c.name === name || Object.values(c.name_localizations ?? {}).includes(name))
  if (elsewhere !== undefined) return `; in ${locale} it is named '${shown(elsewhere)}'`
  const names = kinds.map((c) => (menu(c) ? `'${shown(c)}'` : `/${shown(c)}`))
  return names.length === 0 ? '; the user has none of that kind here' : `; here: ${names.slice(0, 10).join(', ')}${names.length > 10 ? `, +${names.length - 10}` : ''}`
}
