/**
 * Names, descriptions and their localizations ("Naming rules" 1 and 2, "Application
 * command", "Command option", "Option choice", "Other command rules" 6).
 */
import type { IssueCollector, PathSegment } from './issues.js'
import { isObject, own } from './json.js'
import { CHOICE_NAME_MAX, CHOICE_NAME_MIN, DESCRIPTION_MAX, DESCRIPTION_MIN, NAME_MAX, NAME_MIN } from './limits.js'
import { checkChatName, codePoints, isLocaleKey, lengthWithin, NAME_LENGTH, NAME_LOWERCASE, NAME_PATTERN } from './text.js'
import type { Walk } from './walk.js'

/** How a localizable text field is checked. */
export const enum Text {
  /** "Naming rules" 1: CHAT_INPUT command and option names. */
  ChatName,
  /** "Naming rules" 2: USER, MESSAGE (and entry point) names, 1-32, any case. */
  PlainName,
  /** "Application command" / "Command option": descriptions, 1-100. */
  Description,
  /** "Option choice": choice names, 1-100. */
  ChoiceName,
}

/**
 * Checks a text field. The valid case is decided by a small function the compiler
 * inlines into every caller; the messages are built apart, only for a failure.
 */
export function checkText(c: IssueCollector, key: PathSegment, v: unknown, kind: Text): void {
  if (
    typeof v !== 'string' ||
    (kind === Text.ChatName
      ? checkChatName(v) !== 0
      : kind === Text.PlainName
        ? !lengthWithin(v, NAME_MIN, NAME_MAX)
        : !lengthWithin(v, kind === Text.Description ? DESCRIPTION_MIN : CHOICE_NAME_MIN, kind === Text.Description ? DESCRIPTION_MAX : CHOICE_NAME_MAX))
  )
    reportText(c, key, v, kind)
}

/** The issues of a text field `checkText` found wrong. */
function reportText(c: IssueCollector, key: PathSegment, v: unknown, kind: Text): void {
  if (typeof v !== 'string') {
    c.add('value.type', key, { expected: 'a string' }, v)
    return
  }
  if (kind === Text.ChatName) {
    const fail = checkChatName(v)
    if (fail & NAME_LENGTH) c.add('name.length', key, { min: NAME_MIN, limit: NAME_MAX, count: codePoints(v) })
    if (fail & NAME_PATTERN) c.add('name.pattern', key, {}, v)
    if (fail & NAME_LOWERCASE) c.add('name.lowercase', key, { expected: JSON.stringify(v.toLowerCase()) }, v)
  } else if (kind === Text.Description) c.add('description.length', key, { min: DESCRIPTION_MIN, limit: DESCRIPTION_MAX, count: codePoints(v) })
  else c.add('name.length', key, { min: NAME_MIN, limit: kind === Text.PlainName ? NAME_MAX : CHOICE_NAME_MAX, count: codePoints(v) })
}

/**
 * "Other command rules" 6: dictionaries of locale key to a value that follows the
 * field's rules. Returns the length of the longest value (UTF-16 units), which the
 * combined size counts ("Limits").
 */
export function checkLocalizations(c: Walk, key: string, v: unknown, kind: Text): number {
  c.dictMet = false
  if (v === null) return 0
  if (!isObject(v, c)) {
    c.add('value.type', key, { expected: 'an object of locale keys to strings, or null' }, v)
    return 0
  }
  c.dictMet = true
  let longest = 0
  c.path.push(key)
  for (const locale in v) {
    if (c.exact && !own.call(v, locale)) continue
    const text = v[locale]
    // docs/spec-notes.md: a key whose value is `undefined` is absent, as in JSON.stringify.
    if (text === undefined) continue
    if (!isLocaleKey(locale)) c.add('locale.unknown', locale)
    checkText(c, locale, text, kind)
    if (typeof text === 'string' && text.length > longest) longest = text.length
  }
  c.path.pop()
  return longest
}

/**
 * The size a text field adds to the combined size ("Limits", slash command
 * combined size): the longest of the default and its localizations, in UTF-16
 * units. Units are never fewer than code points, so a sum within the limit is
 * exact enough; an over-limit sum is recounted in code points (`commandSize`).
 */
export const sizeOf = (value: unknown, longestLocalized: number): number => (typeof value === 'string' && value.length > longestLocalized ? value.length : longestLocalized)
