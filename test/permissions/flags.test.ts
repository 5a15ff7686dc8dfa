/**
 * Permission flags by name and `default_member_permissions` strings (spec:
 * "Application command" default_member_permissions; "Command permission endpoints"
 * rule 4: "a bitwise OR of permissions as a string", "Value `0` forbids everyone
 * ... except administrators", "the MANAGE_GUILD bit (1<<5, serialized as a string)").
 */
import { describe, expect, it } from 'vitest'
import { PermissionFlags, slash, ValidationError, validateCommand } from '../../src/index.js'
import { ADMINISTRATORS_ONLY, hasPermissions, permissionNames, permissions, toBits } from '../../src/permissions/index.js'

describe('permissions(...) (spec: "Command permission endpoints" rule 4)', () => {
  it('ORs flag names into a string of digits: BanMembers | KickMembers is "6"', () => {
    expect(permissions('BanMembers', 'KickMembers')).toBe('6')
    expect(permissions('KickMembers', 'BanMembers', 'BanMembers')).toBe('6')
  })

  it('serializes MANAGE_GUILD as the string of 1 << 5, "32", as the spec shows', () => {
    expect(permissions('ManageGuild')).toBe(String(1 << 5))
  })

  it("gives '0' (administrators only) with no flag, the same as ADMINISTRATORS_ONLY", () => {
    expect(permissions()).toBe('0')
    expect(ADMINISTRATORS_ONLY).toBe('0')
  })

  it('takes bigint bit sets and digit strings, and keeps bits above 2^53 exact', () => {
    expect(permissions(PermissionFlags.BypassSlowmode, '8')).toBe(((1n << 52n) | 8n).toString())
    expect(permissions('BypassSlowmode', 'PinMessages')).toBe(((1n << 52n) | (1n << 51n)).toString())
    expect(permissions((1n << 64n) - 1n)).toBe('18446744073709551615')
  })

  it('gives a value the rules accept as default_member_permissions, and the builders take', () => {
    const value = permissions('BanMembers', 'ModerateMembers')
    expect(validateCommand({ name: 'ban', description: 'd', default_member_permissions: value }).ok).toBe(true)
    expect(slash('ban', 'Ban').defaultMemberPermissions(value).toJSON().default_member_permissions).toBe(value)
  })

  it('throws ValidationError (permissions.format, path: the argument index) for what is not a flag', () => {
    const bad =
      (...args: unknown[]) =>
      () =>
        (permissions as (...a: unknown[]) => string)(...args)
    for (const [args, index] of [
      [['BanMember'], 0],
      [['BanMembers', '-1'], 1],
      [['BanMembers', 'KickMembers', -1n], 2],
      [[1n << 64n], 0],
      [['1.5'], 0],
      [[6], 0],
      [['toString'], 0],
    ] as const) {
      let thrown: unknown
      try {
        bad(...args)()
      } catch (e) {
        thrown = e
      }
      expect(
        thrown,
        JSON.stringify(args, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
      ).toBeInstanceOf(ValidationError)
      expect((thrown as ValidationError).issues.map((i) => [i.code, i.path])).toEqual([['permissions.format', [index]]])
    }
  })
})

describe('reading bit sets', () => {
  it('names the flags of a bit set in bit order, leaving unnamed bits out', () => {
    expect(permissionNames('6')).toEqual(['KickMembers', 'BanMembers'])
    expect(permissionNames((1n << 47n) | 8n)).toEqual(['Administrator'])
    expect(permissionNames('0')).toEqual([])
  })

  it('hasPermissions needs every required bit', () => {
    expect(hasPermissions('6', permissions('BanMembers'))).toBe(true)
    expect(hasPermissions('4', permissions('BanMembers', 'KickMembers'))).toBe(false)
    expect(hasPermissions(0n, '0')).toBe(true)
  })

  it('hasPermissions takes flag names and several permissions, as permissions(...) does', () => {
    // ctx.memberPermissions is the member's bit set ("Interaction" member.permissions); a bot asks by name.
    // A name used to type-check as a string and throw here ("required must be a permission bit set").
    const moderator = permissions('ManageMessages', 'KickMembers')
    expect(hasPermissions(moderator, 'ManageMessages')).toBe(true)
    expect(hasPermissions(moderator, 'ManageMessages', 'KickMembers')).toBe(true)
    expect(hasPermissions(moderator, 'ManageMessages', 'BanMembers')).toBe(false)
    expect(hasPermissions(BigInt(moderator), 'KickMembers', 1n << 13n, '2')).toBe(true)
    expect(hasPermissions('8', 'Administrator')).toBe(true)
    // Held bits are read as bits only: administrators hold no flag they were not given.
    expect(hasPermissions('8', 'BanMembers')).toBe(false)
  })

  it('reads a malformed bit set as no bits at all', () => {
    expect(toBits('abc')).toBe(0n)
    expect(toBits('BanMembers')).toBe(0n)
    expect(toBits(undefined)).toBe(0n)
    expect(toBits('-4')).toBe(0n)
    expect(toBits('18446744073709551616')).toBe(0n)
    expect(toBits('9007199254740993')).toBe(9007199254740993n)
  })
})
