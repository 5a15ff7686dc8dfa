/**
 * The lines `slashkit invoke` plays, in order, one conversation:
 *
 * - `/name [group] [sub] [option:value ...]`  a slash command (the emulator reads it: src/emulator/invoke/line.ts)
 * - `user "Command name" TARGET`              a USER command on a user (`@name`, `<@id>` or an id)
 * - `message "Command name" TARGET`           a MESSAGE command on a message (its id)
 * - `press CUSTOM_ID`                         a button of the newest message holding it
 * - `choose CUSTOM_ID VALUE...`               values in a select menu
 * - `submit [name:value ...]`                 the open modal, its inputs by `custom_id` (a name once per value)
 *
 * Words may be quoted (`"…"`, `'…'`; a backslash escapes the quote inside); a value
 * of `submit` runs to the next ` name:` as on a command line.
 */
import { parseLine } from '../emulator/invoke/line.js'

/** One line of `slashkit invoke`, read. */
export type Step =
  | { readonly kind: 'command'; readonly line: string }
  | { readonly kind: 'user' | 'message'; readonly name: string; readonly target: string }
  | { readonly kind: 'press'; readonly customId: string }
  | { readonly kind: 'choose'; readonly customId: string; readonly values: readonly string[] }
  | { readonly kind: 'submit'; readonly fields: Readonly<Record<string, string | readonly string[]>> }

/** Why a line could not be read. */
export interface StepError {
  readonly error: string
}

/** The words of a text: runs of non-space, or quoted runs (quotes taken off); `undefined` for an unclosed quote. */
export function words(text: string): string[] | undefined {
  const out: string[] = []
  let i = 0
  while (i < text.length) {
    while (i < text.length && /\s/u.test(text[i] as string)) i++
    if (i >= text.length) break
    const quote = text[i]
    if (quote === '"' || quote === "'") {
      let word = ''
      let j = i + 1
      for (; j < text.length && text[j] !== quote; j++) word += text[j] === '\\' && j + 1 < text.length ? (text[++j] as string) : text[j]
      if (j >= text.length) return undefined
      out.push(word)
      i = j + 1
    } else {
      const word = /^\S+/u.exec(text.slice(i))?.[0] as string
      out.push(word)
      i += word.length
    }
  }
  return out
}

const USAGE = "a line is '/command …', 'user NAME TARGET', 'message NAME TARGET', 'press CUSTOM_ID', 'choose CUSTOM_ID VALUE…' or 'submit name:value …'"

/** Reads one line of `slashkit invoke`. */
export function readStep(line: string): Step | StepError {
  const text = line.trim()
  if (text.startsWith('/')) return { kind: 'command', line: text }
  const verb = /^\S+/u.exec(text)?.[0] ?? ''
  const rest = text.slice(verb.length)
  if (verb === 'submit') {
    if (rest.trim() === '') return { kind: 'submit', fields: {} }
    // The fields are read as a command line's options are.
    const read = parseLine(`/submit ${rest}`)
    if ('code' in read) return { error: `submit: ${read.message}` }
    if (read.path.length > 1) return { error: `submit takes name:value pairs (was ${JSON.stringify(read.path.slice(1).join(' '))})` }
    // An input named more than once takes each value (a checkbox group, a select in a modal: `liked:speed liked:looks`).
    const fields = Object.create(null) as Record<string, string | string[]> // a name like __proto__ stays a field
    for (const o of read.options) {
      const had = Object.hasOwn(fields, o.name) ? fields[o.name] : undefined
      const value = String(o.value)
      fields[o.name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value]
    }
    return { kind: 'submit', fields }
  }
  const parts = words(rest)
  if (parts === undefined) return { error: `${JSON.stringify(line.slice(0, 60))}: a quote is never closed` }
  switch (verb) {
    case 'user':
    case 'message': {
      const [name, target, ...more] = parts
      if (name === undefined || target === undefined || more.length > 0)
        return { error: `${verb} takes the command's name (quoted when it has spaces) and a target: ${verb} "Show profile" ${verb === 'user' ? '@lee' : '900000000000000009'}` }
      return { kind: verb, name, target }
    }
    case 'press':
      if (parts.length !== 1)
        return {
          error:
            parts.length === 0
              ? 'press takes one button: its custom_id, its label or its route name (press vote:yes, press Sushi, press vote)'
              : `press takes one button, and ${JSON.stringify(parts.join(' '))} is ${parts.length} words: quote a label with spaces (press ${JSON.stringify(parts.join(' '))})`,
        }
      return { kind: 'press', customId: parts[0] as string }
    case 'choose':
      if (parts.length < 1)
        return { error: 'choose takes a select menu (its custom_id or its route name), then the values, labels with spaces quoted: choose color red "light blue"' }
      return { kind: 'choose', customId: parts[0] as string, values: parts.slice(1) }
    default:
      return { error: `${JSON.stringify(line.slice(0, 60))}: ${USAGE}` }
  }
}
