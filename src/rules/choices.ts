/** Choices of an option ("Option choice", "Limits"). */
import type { IssueCode } from './issues.js'
import { isObject, own, INTEGER, NUMBER, STRING } from './json.js'
import { CHOICE_STRING_VALUE_MAX, CHOICES_MAX } from './limits.js'
import { serviceField } from './service-fields.js'
import { codePoints, lengthWithin } from './text.js'
import { checkLocalizations, checkText, sizeOf, Text } from './text-fields.js'
import { checkNumber } from './values.js'
import type { Walk } from './walk.js'

/**
 * "Option choice", "Limits": at most 25 choices, each checked by `checkChoice`.
 * `tooMany` is the code for a list over 25 (an autocomplete response has its own).
 */
export function checkChoices(c: Walk, v: unknown, type: number, tooMany: IssueCode = 'choices.too_many'): number {
  if (!Array.isArray(v)) {
    c.add('value.type', 'choices', { expected: 'an array of choices' }, v)
    return 0
  }
  // A longer list is refused whatever it holds, and not read (bounds.ts). The
  // length is read once: a proxy may answer differently each time.
  const n = v.length
  if (n > CHOICES_MAX) {
    c.add(tooMany, 'choices', { count: n, expected: 'choices', limit: CHOICES_MAX })
    return 0
  }
  c.path.push('choices')
  let size = 0
  for (let i = 0; i < n; i++) {
    c.path.push(i)
    size += checkChoice(c, v[i], type)
    c.path.pop()
  }
  c.path.pop()
  return size
}

/**
 * "Option choice": name 1-100 (and its localizations), value of the option's type
 * (3 STRING, 4 INTEGER, 10 NUMBER); a string value at most 100. Returns the
 * choice's share of the combined size.
 */
export function checkChoice(c: Walk, choice: unknown, type: number): number {
  if (!isObject(choice, c)) {
    c.add('value.type', undefined, { expected: 'a choice object ({ name, value })' }, choice)
    return 0
  }
  let localized = 0
  let name: unknown
  let value: unknown
  for (const key in choice) {
    if (c.exact && !own.call(choice, key)) continue
    const x = choice[key]
    // docs/spec-notes.md: `undefined` is absent, as in JSON.stringify.
    if (x === undefined) continue
    switch (key) {
      case 'name':
        name = x
        checkText(c, key, x, Text.ChoiceName)
        break
      case 'name_localizations':
        localized = checkLocalizations(c, key, x, Text.ChoiceName)
        break
      case 'value':
        value = x
        if (type === STRING) {
          if (typeof x !== 'string') c.add('value.type', key, { expected: 'a string, as the option is STRING' }, x)
          else if (!lengthWithin(x, 0, CHOICE_STRING_VALUE_MAX)) c.add('string.length', key, { limit: CHOICE_STRING_VALUE_MAX, count: codePoints(x) })
        } else if (type === INTEGER || type === NUMBER) {
          checkNumber(c, key, x, type === INTEGER)
        }
        break
      default:
        if (!serviceField(c, key, x, false)) c.add('field.unknown', key, { on: 'a choice (name, name_localizations, value)' })
    }
  }
  if (name === undefined) c.add('field.required', 'name')
  if (value === undefined) c.add('field.required', 'value')
  // A number's share: its string's length for a whole number; else at most 26 (a sign,
  // "0.", 6 zeros and 17 digits), an upper bound that makes no string (docs/internals.md).
  return sizeOf(name, localized) + (typeof value === 'string' ? value.length : typeof value === 'number' ? (value % 1 ? 26 : `${value}`.length) : 0)
}
