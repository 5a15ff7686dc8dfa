/**
 * Text rules: names, descriptions and lengths in characters (Unicode code points,
 * so a letter outside the Basic Multilingual Plane counts once).
 */
import { Locales } from '../wire/enums.js'
import { NAME_MAX, NAME_MIN } from './limits.js'

/** Number of code points in `s`. */
export function codePoints(s: string): number {
  let n = s.length
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--
        i++
      }
    }
  }
  return n
}

/**
 * Whether `s` has between `min` and `max` code points. Cheap when the UTF-16
 * length decides: code points are at most the units and at least half of them.
 */
export function lengthWithin(s: string, min: number, max: number): boolean {
  const units = s.length
  if (units < min || units > 2 * max) return false
  if (units <= max && units >= 2 * min) return true
  const n = codePoints(s)
  return n >= min && n <= max
}

let chatName: RegExp | undefined

/**
 * "Naming rules" 1: the CHAT_INPUT name pattern, with the Unicode flag.
 * Length is checked apart, in code points.
 *
 * Made on first use, not when the module loads: V8 reads a `\p{...}` literal's
 * Unicode tables when it compiles the script, which took 1 ms of
 * `require('slashkit')` for a pattern that only names outside the common
 * scripts reach (`checkChatName`).
 */
export function chatNamePattern(): RegExp {
  chatName ??= new RegExp("^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]+$", 'u')
  return chatName
}

/** The checks a CHAT_INPUT name can fail, as bits. */
export const NAME_LENGTH = 1
export const NAME_PATTERN = 2
export const NAME_LOWERCASE = 4

/**
 * Checks a CHAT_INPUT command or option name ("Naming rules" 1): 1-32 characters,
 * each a hyphen, underscore, apostrophe, letter, digit, Devanagari or Thai character;
 * a letter with a lower-case variant must be lower case. Returns the failed checks
 * as `NAME_*` bits, 0 when the name is valid.
 *
 * Names in ASCII and in the common scripts below are decided in one pass,
 * without a regular expression.
 */
export function checkChatName(s: string): number {
  const n = s.length
  let upper = false
  // Whether the pass below decided the name (every character was one it knows).
  let known = true
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 95 || c === 39) continue
    // The lower-case letters of Latin-1 and Cyrillic, kana, CJK ideographs and
    // Hangul syllables (all letters, each either lower case or without case),
    // and their upper-case counterparts. Anything else (ASCII punctuation or
    // space, Devanagari, Thai, Greek, symbols, ...) goes to the full pattern.
    if (
      c >= 0x4e00
        ? c <= 0x9fff || (c >= 0xac00 && c <= 0xd7a3) // CJK Unified Ideographs, Hangul syllables
        : (c >= 0xdf && c <= 0xff && c !== 0xf7) || // Latin-1 lower case (not ÷)
          (c >= 0x430 && c <= 0x45f) || // Cyrillic lower case
          (c >= 0x3041 && c <= 0x3096) || // Hiragana
          (c >= 0x30a1 && c <= 0x30fa) || // Katakana
          c === 0x30fc // prolonged sound mark (a letter, Lm)
    )
      continue
    if ((c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0xde && c !== 0xd7) || (c >= 0x400 && c <= 0x42f)) {
      upper = true
      continue
    }
    known = false
    break
  }
  let fail = 0
  if (known) {
    if (n < NAME_MIN || n > NAME_MAX) fail |= NAME_LENGTH
    if (upper) fail |= NAME_LOWERCASE
    return fail
  }
  if (!lengthWithin(s, NAME_MIN, NAME_MAX)) fail |= NAME_LENGTH
  if (!chatNamePattern().test(s)) fail |= NAME_PATTERN
  if (s.toLowerCase() !== s) fail |= NAME_LOWERCASE
  return fail
}

/** A hash of a locale key, of its first two and its last UTF-16 units: "Naming rules" 5 mixes it into a name's. */
export const localeSlot = (s: string): number => (s.charCodeAt(0) + 38 * s.charCodeAt(1) + s.charCodeAt(s.length - 1)) & 127

/** Each locale key at its slot (no two share one: test/locale/fallback.test.ts finds every key). */
const LOCALE_SLOTS: string[] = []
for (const l of Locales) LOCALE_SLOTS[localeSlot(l)] = l

/**
 * Whether `s` is an API v10 locale key ("Other command rules" 6): one hash and one
 * comparison; a `Set` lookup made validateCommands 6% slower (docs/internals.md).
 */
export const isLocaleKey = (s: string): boolean => LOCALE_SLOTS[localeSlot(s)] === s

/** An absolute http or https URL: the scheme, a host, then anything but white space (the form every URL field of API v10 takes). */
export const WEB_URL = /^https?:\/\/[^\s/?#]+\S*$/i
