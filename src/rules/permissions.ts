/**
 * Permission bit sets as the spec serializes them: a string of decimal digits
 * ("Application command" default_member_permissions; "Command permission
 * endpoints" rule 4).
 */
import { flagBit } from '../wire/permission-flags.js'

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
    const bit = typeof input === 'string' ? flagBit(input) : -1
    if (typeof input === 'bigint' && input >= 0n) bits |= input
    else if (typeof input === 'string' && DIGITS.test(input)) bits |= BigInt(input)
    else if (bit >= 0) bits |= 1n << BigInt(bit)
    else return String(input)
  }
  return bits.toString()
}
