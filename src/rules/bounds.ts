/**
 * The one bound on work that every reader of untrusted input shares: the rules
 * (`validateCommand`, `validateCommands`, the lobby and permission validators),
 * `parse` in both modes, `parseAutocomplete`, `fromJSON`, the emulator's request
 * bodies and the CLI's files. Two parts:
 *
 * - A list longer than the spec could ever allow (25 options, 25 choices, 131
 *   commands in a bulk list, 100 overwrites, 25 lobby members) gets one issue
 *   saying so and is not walked element by element: nothing in it is read, so a
 *   sparse array of length 2^32-1, or a proxy claiming that length, costs as much
 *   as an array of 26. A list the spec leaves uncapped (`contexts`,
 *   `integration_types`, `channel_types`) is walked up to `LIST_MAX` elements.
 * - The issue list is capped: `ISSUES_MAX` issues at most, the last one
 *   (`issues.truncated`) saying how many more were left out. An issue past the cap
 *   costs a counter, not a path and a message.
 *
 * So the work and memory spent on any input are bounded by a small constant plus
 * the size of what a valid input may hold (docs/issues.md, "Limits on input").
 * The constants are here; `overCap`, which reports a list over its cap, is in
 * issues.ts beside the collector.
 */

/**
 * The most issues one check returns; past that, the last of them
 * (`issues.truncated`, see `IssueCollector`) says how many more were found.
 */
export const ISSUES_MAX = 100

/**
 * The most elements read of a list the spec does not cap (`contexts`,
 * `integration_types`, `channel_types`: each holds a handful of distinct values);
 * a longer one gets one `list.too_long` issue. Not a spec rule.
 */
export const LIST_MAX = 1000

/**
 * "Limits": the longest bulk list any scope accepts, 100 + 15 + 15 + 1 commands (a
 * literal, as a sum of the limits.ts constants stays in every bundle; a test checks it).
 */
export const COMMANDS_LIST_MAX = 131
