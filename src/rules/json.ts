/**
 * What every walk of the command rules shares: the plain-object test, the own-key
 * test and the type values the checks branch on.
 */
import type { CommandType, OptionType } from '../wire/enums.js'
import type { Walk } from './walk.js'

export type Json = Record<string, unknown>

/**
 * A plain object: what JSON.parse or an object literal makes (its prototype is
 * `Object.prototype` of some realm, or null). A Date, a Map, a class instance or an
 * object inheriting fields is not: its own keys are not what the checks would read,
 * nor what JSON.stringify would send.
 */
const OBJECT_PROTOTYPE: unknown = Object.prototype

export const isObject = (v: unknown, walk?: Walk): v is Json => {
  if (typeof v !== 'object' || v === null) return false
  const proto: unknown = Object.getPrototypeOf(v)
  // The common case first: one prototype read for an object of this realm.
  if (proto === OBJECT_PROTOTYPE) return !Array.isArray(v)
  if (Array.isArray(v)) return false
  if (proto === null) return true
  if (Object.getPrototypeOf(proto) !== null) return false
  // Another realm's Object.prototype, which `inheritsKeys` did not look at.
  if (walk !== undefined) walk.exact = true
  return true
}

/*
 * The walks read each object's keys with `for...in` (why: it allocates nothing;
 * docs/internals.md). It also visits inherited enumerable keys, which a plain
 * object has only when Object.prototype does: while the walk's `exact` is false,
 * every key visited is an own key; once true (set by checkCommand, or by isObject
 * on meeting another realm's plain object), each key is checked.
 */

// eslint-disable-next-line @typescript-eslint/unbound-method
export const own = Object.prototype.hasOwnProperty

/** Whether a plain object of this realm inherits enumerable keys. */
export function inheritsKeys(): boolean {
  for (const _ in {}) return true
  return false
}

// The type values the checks branch on, by name: the same number means an option
// type in one place and a command type in another ("Command types", "Option types").
// Literals the bundler inlines, typed as wire/enums.ts's values so they cannot drift.
export const CHAT_INPUT: typeof CommandType.ChatInput = 1
export const ENTRY_POINT: typeof CommandType.PrimaryEntryPoint = 4
export const SUB_COMMAND: typeof OptionType.Subcommand = 1
export const SUB_COMMAND_GROUP: typeof OptionType.SubcommandGroup = 2
export const STRING: typeof OptionType.String = 3
export const INTEGER: typeof OptionType.Integer = 4
export const NUMBER: typeof OptionType.Number = 10

/** Spec names of the command types, by value. */
export const COMMAND_TYPE_NAMES = ['', 'CHAT_INPUT', 'USER', 'MESSAGE', 'PRIMARY_ENTRY_POINT'] as const
