/**
 * What every walk over JSON shares: the object type and the two object tests,
 * the own-key test, and the type values the command checks branch on. The other
 * layers take these from here (rest and the emulator through src/internal.ts), not
 * a copy of their own. The guard against hostile input is in validate.ts.
 */
import type { CommandType, OptionType } from '../wire/enums.js'
import type { Walk } from './walk.js'

/** A JSON object as the walks read it: string keys to values not yet checked. */
export type Json = Record<string, unknown>

/**
 * Any object but an array (an object literal, a class instance, a Date; not null,
 * not a function): the cheap test of a payload that JSON.parse made, whose
 * objects are all plain. `isObject` is the strict one, for input from anywhere.
 */
export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

const OBJECT_PROTOTYPE: unknown = Object.prototype

/**
 * A plain object: what JSON.parse or an object literal makes (its prototype is
 * `Object.prototype` of some realm, or null). A Date, a Map, a class instance or an
 * object inheriting fields is not: its own keys are not what the checks would read,
 * nor what JSON.stringify would send. Meeting another realm's plain object sets
 * `walk.exact` (see below).
 */
export const isObject = (v: unknown, walk?: Walk): v is Json => {
  if (typeof v !== 'object' || v === null) return false
  const proto: unknown = Object.getPrototypeOf(v)
  // The common case first: one prototype read for an object of this realm.
  if (proto === OBJECT_PROTOTYPE) return !Array.isArray(v)
  if (Array.isArray(v)) return false
  if (proto === null) return true
  if (Object.getPrototypeOf(proto) !== null) return false
  // Another realm's Object.prototype, which `inheritsKeys` did not look at.
  if (walk) walk.exact = true
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
