/**
 * The client's check of a command edit body (PATCH, "Command endpoints" rule 4),
 * before anything is sent. The client does not know the command's type, so the
 * body is checked as the fields it replaces of a command of each type the scope
 * allows, with the rules of `validateCommand`.
 */
import { CommandType, validateCommand, type EditCommandJSON, type Issue, type Result } from '../internal.js'

type Scope = 'global' | 'guild'

/** The types a command of a scope can have ("Limits": no PRIMARY_ENTRY_POINT in a guild). */
const TYPES: Readonly<Record<Scope, readonly CommandType[]>> = {
  global: [CommandType.ChatInput, CommandType.User, CommandType.Message, CommandType.PrimaryEntryPoint],
  guild: [CommandType.ChatInput, CommandType.User, CommandType.Message],
}

/**
 * The fields the rules require of a command of each type ("Create body": a name,
 * and a description for CHAT_INPUT), at their shortest valid values. An edit that
 * does not give one leaves it as it is, so it stands in for the command's own and
 * yields no issue.
 */
const REQUIRED: Readonly<Record<CommandType, Readonly<Record<string, string>>>> = {
  [CommandType.ChatInput]: { name: 'x', description: 'x' },
  [CommandType.User]: { name: 'x' },
  [CommandType.Message]: { name: 'x' },
  [CommandType.PrimaryEntryPoint]: { name: 'x' },
}

/**
 * Checks a command edit body: the fields it gives must make a valid command of
 * some type the scope allows, with the fields it leaves as they are ("States and
 * transitions": each given field overwrites that field). `type` is refused (a
 * command keeps its type); an edit with `options` is checked, and reported, as a
 * CHAT_INPUT one (options belong to CHAT_INPUT only). The service, which knows the
 * command, checks the rest.
 */
export function checkEdit(patch: unknown, scope: Scope): Result<EditCommandJSON> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return validateCommand(patch) as Result<never>
  if (Object.hasOwn(patch, 'type'))
    return { ok: false, issues: [{ code: 'field.unknown', path: ['type'], message: 'type is not a field of a command edit body: a command keeps its type' }] }
  // docs/spec-notes.md "Absent values": a key whose value is undefined is absent; in an edit, it leaves its field as it is.
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  const chatInput = Object.hasOwn(patch, 'options')
  let best: readonly Issue[] | undefined
  for (const type of chatInput ? [CommandType.ChatInput] : TYPES[scope]) {
    const result = validateCommand({ ...REQUIRED[type], ...given, type }, { scope })
    if (result.ok) return { ok: true, value: patch as EditCommandJSON }
    if (best === undefined || result.issues.length < best.length) best = result.issues
  }
  return { ok: false, issues: best ?? [] }
}
