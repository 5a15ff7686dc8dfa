/**
 * The command line a user types in the chat client (`/config set key:lang value:es`)
 * and the same as a structured value. Only the syntax is read here; names are
 * resolved against the command (its localizations for the user's locale) in
 * options.ts, as the client does.
 */

/** One `name:value` pair as typed. */
export interface TypedOption {
  readonly name: string
  /** The text after the colon (a string), or a value given in a structured command. */
  readonly value: string | number | boolean
}

/** A command as typed: the words of its path, then its options, in the order given. */
export interface TypedCommand {
  /** The command name, then the group and subcommand names as typed (localized names for a localized client). */
  readonly path: readonly string[]
  readonly options: readonly TypedOption[]
  /** USER and MESSAGE commands: the id of the targeted user or message. */
  readonly target?: string
}

/**
 * A command as a structured value: the same names a user would type (localized for
 * the invoking locale), and the option values by name.
 *
 * @example
 * const line: StructuredCommand = { command: 'config', subcommand: 'set', options: { key: 'lang', value: 'es' } }
 */
export interface StructuredCommand {
  readonly command: string
  readonly group?: string | undefined
  readonly subcommand?: string | undefined
  readonly options?: Readonly<Record<string, string | number | boolean>> | undefined
  /** USER and MESSAGE commands (named as shown, spaces and all): the id of the declared user or message. */
  readonly target?: string | undefined
}

/** Why a line could not be read. */
export interface LineError {
  readonly code: 'line.syntax'
  readonly message: string
}

const NAME_COLON = /^[^\s:"']+:/u

/**
 * Reads a command line: `/name [group] [subcommand] [option:value ...]`. A value
 * runs to the next ` word:` (an option name and a colon) or to the end; quote it
 * with `"` or `'` to include such text (a backslash escapes the quote inside).
 *
 * @example
 * parseLine('/config set key:lang value:"hello world"')
 * // { path: ['config', 'set'], options: [{ name: 'key', value: 'lang' }, { name: 'value', value: 'hello world' }] }
 */
export function parseLine(line: string): TypedCommand | LineError {
  const text = line.trim()
  if (!text.startsWith('/'))
    // The line is not parsed further (a CLI line, `user "Show profile" @lee`, is the CLI's to read): it is quoted back.
    return syntax(
      `a command line starts with '/' (was ${JSON.stringify(line.slice(0, 40))}); a USER or MESSAGE command is a structured one with its target: command: { command: <its name as shown>, target: <a declared user's or message's id> }`,
    )
  const path: string[] = []
  const options: TypedOption[] = []
  let i = 1
  while (i < text.length) {
    while (i < text.length && /\s/u.test(text[i] as string)) i++
    if (i >= text.length) break
    const rest = text.slice(i)
    const named = NAME_COLON.exec(rest)
    if (named === null) {
      // A word of the path: command, group, subcommand.
      const word = /^\S+/u.exec(rest)?.[0] as string
      if (options.length > 0) return syntax(`'${word}' follows an option; the subcommand comes before the options`)
      if (/["']/u.test(word)) return syntax(`'${word}' is not a command, group or subcommand name`)
      path.push(word)
      i += word.length
      continue
    }
    const name = named[0].slice(0, -1)
    i += named[0].length
    const quote = text[i]
    if (quote === '"' || quote === "'") {
      let value = ''
      let j = i + 1
      let closed = false
      for (; j < text.length; j++) {
        const c = text[j] as string
        if (c === '\\' && j + 1 < text.length) value += text[++j] as string
        else if (c === quote) {
          closed = true
          break
        } else value += c
      }
      if (!closed) return syntax(`the value of '${name}' opens a quote (${quote}) that is never closed`)
      if (j + 1 < text.length && !/\s/u.test(text[j + 1] as string)) return syntax(`the quoted value of '${name}' must be followed by a space`)
      options.push({ name, value })
      i = j + 1
      continue
    }
    // Unquoted: up to the next whitespace followed by `word:`.
    let end = i
    while (end < text.length) {
      if (/\s/u.test(text[end] as string)) {
        let k = end
        while (k < text.length && /\s/u.test(text[k] as string)) k++
        if (k >= text.length || NAME_COLON.test(text.slice(k))) break
        end = k
      } else end++
    }
    options.push({ name, value: text.slice(i, end) })
    i = end
  }
  if (path.length === 0) return syntax('the command line names no command after the /')
  return { path, options }
}

/** The typed form of a structured command. */
export function fromStructured(command: StructuredCommand): TypedCommand | LineError {
  if (typeof command !== 'object' || command === null || typeof command.command !== 'string') return syntax('a structured command needs `command`, the name as the user types it')
  const path = [command.command]
  if (command.group !== undefined) path.push(command.group)
  if (command.subcommand !== undefined) path.push(command.subcommand)
  if (path.some((p) => typeof p !== 'string')) return syntax('group and subcommand are names (strings)')
  const options: TypedOption[] = []
  const given = command.options ?? {}
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return syntax('options is an object of option values by name')
  for (const name of Object.keys(given)) {
    const value = given[name]
    if (value === undefined) continue
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return syntax(`options.${name} must be a string, a number or a boolean (an id for users, roles, channels and attachments)`)
    options.push({ name, value })
  }
  if (command.target !== undefined) {
    if (typeof command.target !== 'string') return syntax('target is the id of a user or a message (a string)')
    if (options.length > 0 || path.length > 1) return syntax('a USER or MESSAGE command takes a target, no subcommand and no options')
    return { path, options, target: command.target }
  }
  return { path, options }
}

const syntax = (message: string): LineError => ({ code: 'line.syntax', message })
