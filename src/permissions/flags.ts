/**
 * Permission bit sets by name (spec: "Application command" default_member_permissions;
 * "Command permission endpoints" rule 4). The bits are the public API v10 set in
 * `wire/permission-flags.ts`; the spec names only MANAGE_GUILD (1 << 5) and
 * Administrator.
 */
import { PermissionFlags, type PermissionFlagName } from '../wire/permission-flags.js'
import { IssueCollector, ValidationError } from '../rules/issues.js'
import type { SlashkitError } from '../builders/types/error.js'
import { MESSAGES } from '../rules/messages.js'
import { argumentError } from '../rules/arguments.js'

/** What `permissions(...)` takes: a flag name, a bit set as `bigint`, or a string of digits. */
export type PermissionArg = PermissionFlagName | bigint | `${bigint}`

type CheckPermission<P> = P extends PermissionFlagName | bigint
  ? P
  : P extends `-${string}`
    ? SlashkitError<`'${P & string}' is negative; a permission bit set is a string of digits`>
    : P extends `${bigint}`
      ? P
      : SlashkitError<`'${P & string}' is not a permission flag name; use a key of PermissionFlags such as 'BanMembers' or 'ManageGuild'`>

/** Each argument of `permissions(...)`, or the sentence saying why it is refused. */
export type CheckPermissions<P extends readonly unknown[]> = { [K in keyof P]: CheckPermission<P[K]> }

/**
 * `default_member_permissions` for administrators only: "Value `0` forbids everyone
 * in a guild except administrators or those with an explicit overwrite"
 * ("Command permission endpoints" rule 4).
 */
export const ADMINISTRATORS_ONLY = '0'

const DIGITS = /^\d{1,20}$/
/** 2^64 - 1, the largest 64-bit bit set. */
const MAX = 18446744073709551615n

/** The bits of one argument, or `undefined` when it is none of the accepted forms. */
function bitsOf(input: unknown): bigint | undefined {
  if (typeof input === 'bigint') return input >= 0n && input <= MAX ? input : undefined
  if (typeof input !== 'string') return undefined
  if (Object.hasOwn(PermissionFlags, input)) return PermissionFlags[input as PermissionFlagName]
  if (!DIGITS.test(input)) return undefined
  const n = BigInt(input)
  return n <= MAX ? n : undefined
}

/**
 * The string `default_member_permissions` takes: the bitwise OR of the flags named,
 * in decimal. No argument gives `'0'` (administrators only). Throws
 * `ValidationError` (`permissions.format`, path: the argument's index) for anything
 * else, which the types refuse for literals.
 *
 * @example
 * permissions('BanMembers', 'KickMembers') // '6'
 * permissions() // '0': administrators only
 * slash('ban', 'Ban a member').defaultMemberPermissions(permissions('BanMembers'))
 */
export function permissions<const P extends readonly (string | bigint)[]>(...flags: CheckPermissions<P>): `${bigint}` {
  let bits = 0n
  const c = new IssueCollector([], 'permissions', MESSAGES)
  for (let i = 0; i < flags.length; i++) {
    const b = bitsOf(flags[i])
    if (b === undefined) c.add('permissions.format', i, { expected: 'a permission flag name (such as "BanMembers"), a bigint or a string of digits' }, flags[i])
    else bits |= b
  }
  if (c.issues.length > 0) throw new ValidationError(c.issues, 'permissions')
  return bits.toString() as `${bigint}`
}

/**
 * The bits of a permission bit set given as a string of digits or a `bigint`;
 * `0n` for anything else (an absent or malformed value grants nothing).
 */
export function toBits(value: string | bigint | null | undefined): bigint {
  const b = bitsOf(value)
  return b === undefined || (typeof value === 'string' && !DIGITS.test(value)) ? 0n : b
}

/** Each permission `hasPermissions` asks for: a literal checked as `permissions(...)` checks it. */
type CheckRequired<P extends readonly unknown[]> = { [K in keyof P]: string extends P[K] ? P[K] : CheckPermission<P[K]> }

/**
 * Whether `held`, a bit set (`ctx.memberPermissions`), includes every permission
 * of `required`, named as `permissions(...)` takes them. Throws a `TypeError` for
 * a `held` that is no bit set (`undefined` included) or no `required` at all.
 *
 * @example
 * hasPermissions('6', 'BanMembers') // true
 * hasPermissions('4', 'BanMembers', 'KickMembers') // false: KickMembers (2) is not held
 */
export function hasPermissions<const P extends readonly (string | bigint)[]>(held: string | bigint, ...required: CheckRequired<P>): boolean {
  // A bit set that is not one would read as 0: `required` as none would allow everything.
  if (!(typeof held === 'bigint' || (typeof held === 'string' && DIGITS.test(held))) || bitsOf(held) === undefined)
    throw argumentError('hasPermissions', 'held', 'a permission bit set, a string of digits or a bigint within 64 bits', held)
  if (required.length === 0) throw argumentError('hasPermissions', 'required', 'one or more permission flag names or bit sets', undefined)
  let need = 0n
  for (const value of required as readonly unknown[]) {
    const b = bitsOf(value)
    if (b === undefined) throw argumentError('hasPermissions', 'required', 'a permission flag name (such as "BanMembers"), a string of digits or a bigint within 64 bits', value)
    need |= b
  }
  return (toBits(held) & need) === need
}

/**
 * The names of the flags set in a bit set, in bit order. Bits that name no flag
 * are left out.
 * @example permissionNames('6') // ['KickMembers', 'BanMembers']
 */
export function permissionNames(bits: string | bigint): PermissionFlagName[] {
  const b = toBits(bits)
  const out: PermissionFlagName[] = []
  for (const name of Object.keys(PermissionFlags) as PermissionFlagName[]) if ((b & PermissionFlags[name]) !== 0n) out.push(name)
  return out
}
