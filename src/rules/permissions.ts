/**
 * Permission bit sets as the spec serializes them: a string of decimal digits
 * ("Application command" default_member_permissions; "Command permission
 * endpoints" rule 4).
 */
import { PermissionFlags, type PermissionFlagName } from '../wire/permission-flags.js'

const DIGITS = /^\d+$/

/**
 * Combines permission flag names, bit sets (`bigint`) and digit strings into the
 * string the API takes. An input that is none of these is returned as it is
 * (stringified), so that validation reports it with a path instead of a throw here.
 *
 * @example serializePermissions(['BanMembers', 'KickMembers']) // '6'
 */
export function serializePermissions(inputs: readonly unknown[]): string {
  let bits = 0n
  for (const input of inputs) {
    if (typeof input === 'bigint' && input >= 0n) bits |= input
    else if (typeof input === 'string' && DIGITS.test(input)) bits |= BigInt(input)
    else if (typeof input === 'string' && Object.hasOwn(PermissionFlags, input)) bits |= PermissionFlags[input as PermissionFlagName]
    else return String(input)
  }
  return bits.toString()
}
