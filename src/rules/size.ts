/** The combined size of a slash command ("Limits": 8000 characters). */
import { isObject } from './json.js'
import { CHOICES_MAX, OPTIONS_MAX } from './limits.js'
import { codePoints } from './text.js'

/**
 * The combined size of a slash command ("Limits"): the characters of every name,
 * description and choice value across the command, its options, subcommands,
 * groups and choices, counting for each field the longest of its default and its
 * localizations. Malformed parts count as empty, and so does an options or
 * choices array over its cap of 25 (refused anyway, and not read: bounds.ts).
 */
export function commandSize(json: unknown): number {
  if (!isObject(json)) return 0
  return longestCodePoints(json.name, json.name_localizations) + longestCodePoints(json.description, json.description_localizations) + optionsSize(json.options, 0)
}

function optionsSize(options: unknown, depth: number): number {
  if (!Array.isArray(options) || depth > 2) return 0
  const count = options.length
  if (count > OPTIONS_MAX) return 0
  let n = 0
  for (let i = 0; i < count; i++) {
    const o: unknown = options[i]
    if (!isObject(o)) continue
    n += longestCodePoints(o.name, o.name_localizations) + longestCodePoints(o.description, o.description_localizations)
    n += optionsSize(o.options, depth + 1)
    const choices = o.choices
    const k = Array.isArray(choices) ? choices.length : 0
    for (let j = 0; k <= CHOICES_MAX && j < k; j++) {
      const ch: unknown = (choices as unknown[])[j]
      if (!isObject(ch)) continue
      n += longestCodePoints(ch.name, ch.name_localizations)
      if (typeof ch.value === 'string') n += codePoints(ch.value)
      else if (typeof ch.value === 'number') n += String(ch.value).length
    }
  }
  return n
}

function longestCodePoints(value: unknown, localizations: unknown): number {
  let n = typeof value === 'string' ? codePoints(value) : 0
  if (isObject(localizations)) {
    for (const locale of Object.keys(localizations)) {
      const s = localizations[locale]
      if (typeof s === 'string') n = Math.max(n, codePoints(s))
    }
  }
  return n
}
