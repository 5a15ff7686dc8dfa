/**
 * The `_errors` codes of a 400 Invalid Form Body (code 50035). The spec shows no
 * error codes ("Errors": not shown); where the public API v10 is known to answer a
 * problem with its own code, the emulator answers with that code, so a client that
 * reads `errors` sees what the service would send. Where none is known, the code is
 * slashkit's own issue code. Either way the body's `issues` keep slashkit's codes,
 * and the messages are slashkit's. docs/emulator.md lists the table.
 */
import type { Issue, IssueCode } from '../internal.js'

/**
 * slashkit issue code to the public API's `_errors` code. Each is one the service
 * was seen to send for that problem (its message shown beside it):
 */
export const PUBLIC_ERROR_CODES: Readonly<Partial<Record<IssueCode, string>>> = {
  // "Must be between 1 and 32 in length." / "Must be between 1 and 100 in length."
  'name.length': 'BASE_TYPE_BAD_LENGTH',
  'description.length': 'BASE_TYPE_BAD_LENGTH',
  // "Command name is invalid" (names and localized names; formerly STRING_TYPE_REGEX).
  'name.pattern': 'APPLICATION_COMMAND_INVALID_NAME',
  'name.lowercase': 'APPLICATION_COMMAND_INVALID_NAME',
  // "Must be 25 or fewer in length." (an array over its cap).
  'options.too_many': 'BASE_TYPE_MAX_LENGTH',
  'choices.too_many': 'BASE_TYPE_MAX_LENGTH',
  'permissions.too_many': 'BASE_TYPE_MAX_LENGTH',
  // The same for a message's lists: "Must be 10 or fewer in length." (embeds, rows, fields, options).
  'response.too_many': 'BASE_TYPE_MAX_LENGTH',
  // "Must be 1 or more in length." (a list under its minimum: an empty action row, a modal without components).
  'response.too_few': 'BASE_TYPE_MIN_LENGTH',
  // "Embed size exceeds maximum size of 6000" (at `embeds`).
  'embed.total': 'MAX_EMBED_SIZE_EXCEEDED',
  // "Required options must be placed before non-required options"
  'options.order': 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
  // "Sub-command and sub-command group option types are mutually exclusive to all other types"
  'options.mixed': 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
  // "Application command names must be unique"
  'set.duplicate_name': 'APPLICATION_COMMANDS_DUPLICATE_NAME',
  // "Command exceeds maximum size (8000)"
  'command.size': 'APPLICATION_COMMAND_TOO_LARGE',
  // "This field is required"
  'field.required': 'BASE_TYPE_REQUIRED',
  // "Value must be one of (1, 2, 3, ...)."
  'option.type': 'BASE_TYPE_CHOICES',
  'command.type': 'BASE_TYPE_CHOICES',
  'enum.value': 'BASE_TYPE_CHOICES',
}

/**
 * The `_errors` code of an issue: the public API's where known, else slashkit's
 * issue code. A string's length reads as the service words it: "Must be 2000 or
 * fewer in length." (`BASE_TYPE_MAX_LENGTH`) without a lower bound, "Must be
 * between 1 and 100 in length." (`BASE_TYPE_BAD_LENGTH`) with one.
 */
export function publicCode(issue: Issue): string {
  if (issue.code === 'string.length') return (issue.min ?? 0) > 0 ? 'BASE_TYPE_BAD_LENGTH' : 'BASE_TYPE_MAX_LENGTH'
  return Object.hasOwn(PUBLIC_ERROR_CODES, issue.code) ? (PUBLIC_ERROR_CODES[issue.code] as string) : issue.code
}
