/**
 * docs/examples/permissions.ts runs, and gives what docs/permissions.md says.
 */
import { describe, expect, it } from 'vitest'
import * as example from '../../docs/examples/permissions.js'

const answer = (r: { allowed: boolean; because: string }) => [r.allowed, r.because]

describe('docs/examples/permissions.ts (docs/permissions.md)', () => {
  it('serializes flag names for default_member_permissions', () => {
    expect(example.banPermissions).toBe('6')
    expect(example.ban.toJSON().default_member_permissions).toBe('4')
    expect(example.purge.toJSON().default_member_permissions).toBe('0')
  })

  it('emits the PUT bodies, with the all-channels constant computed from the guild id', () => {
    expect(example.appWideBody).toStrictEqual({
      permissions: [
        { id: '41771983423143936', type: 3, permission: false },
        { id: '222222222222222222', type: 3, permission: true },
      ],
    })
    expect(example.forBanBody).toStrictEqual({ permissions: [{ id: '111111111111111111', type: 1, permission: true }] })
  })

  it('answers who can use /ban where, with the reason', () => {
    expect(answer(example.moderatorInBotSpam)).toEqual([true, 'role.command'])
    expect(answer(example.moderatorInGeneral)).toEqual([false, 'all_channels.application'])
    expect(answer(example.bannerInBotSpam)).toEqual([true, 'default_permissions.held'])
    expect(answer(example.memberInBotSpam)).toEqual([false, 'default_permissions.missing'])
    expect(answer(example.adminInGeneral)).toEqual([true, 'administrator'])
    expect(example.memberInBotSpam.message).toBe('denied: the member lacks BanMembers of the default member permissions')
  })
})
