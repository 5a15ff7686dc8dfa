/**
 * Helpers shared by the rule tests: run `validateCommand` / `validateCommands` and
 * read the result as `{ code, path }` pairs (test/support/issues.ts checks the
 * issues' shape; an `ok` result must also be the input itself), and fixtures.
 */
import { expect } from 'vitest'
import { validateCommand, validateCommands, type Issue, type Result, type ValidateOptions } from '../../src/index.js'
import { issue, pairsOf, type IssuePair } from '../support/issues.js'
import type { Json } from '../support/json.js'

export { issue }
export type { Json }

function pairsOfResult(r: Result<unknown>, input: unknown): IssuePair[] {
  if (r.ok) expect(r.value).toBe(input)
  return pairsOf(r)
}

/** The issues `validateCommand` finds in `json`, as `{ code, path }`; `[]` when it is valid. */
export function issuesOf(json: unknown, opts: ValidateOptions = {}): IssuePair[] {
  return pairsOfResult(validateCommand(json, opts), json)
}

/** The issues `validateCommands` finds in a bulk-overwrite list, as `{ code, path }`. */
export function setIssuesOf(json: unknown, opts: ValidateOptions = {}): IssuePair[] {
  return pairsOfResult(validateCommands(json, opts), json)
}

/** The full issues (messages included) of `validateCommand`, for inline snapshots of messages. */
export function messagesOf(json: unknown, opts: ValidateOptions = {}): string[] {
  const r = validateCommand(json, opts)
  return r.ok ? [] : r.issues.map((i: Issue) => i.message)
}

/** `json` is a valid command: `ok === true` (the issues, if any, are shown on failure). */
export function expectValid(json: unknown, opts: ValidateOptions = {}): void {
  const r = validateCommand(json, opts)
  expect(r.issues ?? []).toEqual([])
  expect(r.ok).toBe(true)
}

/** `list` is a valid bulk-overwrite list: `ok === true`. */
export function expectValidSet(list: unknown, opts: ValidateOptions = {}): void {
  const r = validateCommands(list, opts)
  expect(r.issues ?? []).toEqual([])
  expect(r.ok).toBe(true)
}

// ---------------------------------------------------------------- fixtures

/** A valid CHAT_INPUT command (type omitted: it defaults to 1), with `over` merged in. */
export const chat = (over: Json = {}): Json => ({ name: 'cmd', description: 'A command', ...over })

/** A CHAT_INPUT command with these options. */
export const withOptions = (...options: unknown[]): Json => chat({ options })

/** An option of `type` named `name`, with `over` merged in. */
export const opt = (type: number, name: string, over: Json = {}): Json => ({ type, name, description: 'An option', ...over })

/** A STRING option. */
export const str = (name: string, over: Json = {}): Json => opt(3, name, over)

/** A SUB_COMMAND holding `options` (none when omitted). */
export const sub = (name: string, options?: unknown[], over: Json = {}): Json => opt(1, name, options === undefined ? over : { options, ...over })

/** A SUB_COMMAND_GROUP holding `options`. */
export const group = (name: string, options: unknown[], over: Json = {}): Json => opt(2, name, { options, ...over })

/** A choice. */
export const choice = (name: string, value: unknown, over: Json = {}): Json => ({ name, value, ...over })

/** `n` STRING options named o0, o1, ... */
export const strings = (n: number): Json[] => Array.from({ length: n }, (_, i) => str(`o${i}`))

/** `s` repeated `n` times. */
export const rep = (s: string, n: number): string => s.repeat(n)

/** A letter outside the Basic Multilingual Plane (U+1D4B6, lower case): 1 code point, 2 UTF-16 units. */
export const ASTRAL = '\u{1D4B6}'
