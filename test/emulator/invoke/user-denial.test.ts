/**
 * Spec "Other command rules" 2 and "Errors": a USER command invoked by a user who
 * cannot send text messages in the channel yields a Permission Denied error. Through
 * `invoke`: refused before anything is signed or delivered, with that reason.
 * The world `invoke` plays knows guild permissions (the user's and the roles'),
 * not per-channel overwrites, so "in the channel" is what the guild grants there.
 */
import { describe, expect, it } from 'vitest'
import { ALICE, APP, GUILD, world } from './helpers.js'

const BOB = '610000000000000061'
const MSG = '900000000000000009'
const HELPER = '710000000000000071'
const target = { command: 'Show profile', target: BOB }

async function made() {
  const w = world()
  await w.deploy([
    { name: 'Show profile', type: 2 },
    { name: 'Report message', type: 3 },
  ])
  return w
}

const declared = {
  users: [{ id: BOB, username: 'bob' }],
  // @everyone declared holding nothing: undeclared, it holds a new guild's defaults, SendMessages among them.
  roles: [
    { id: HELPER, name: 'helper', permissions: ['SendMessages'] as const },
    { id: GUILD, name: '@everyone', permissions: [] },
  ],
  messages: [{ id: MSG, content: 'spam', authorId: BOB }],
}

describe('USER command without SEND_MESSAGES: Permission Denied (spec "Other command rules" 2, "Errors")', () => {
  it("is refused with the spec's reason; nothing is opened, signed or delivered", async () => {
    const w = await made()
    const r = await w.invoke({ command: target, user: { id: ALICE, permissions: ['ViewChannel', 'ReadMessageHistory'] }, ...declared })
    expect(r).toMatchObject({ outcome: 'refused', code: 'access.send_messages', path: [] })
    expect(r.outcome === 'refused' && r.message).toMatch(/^Permission Denied: a USER command needs permission to send messages in the channel; /)
    // What the world granted, and where SendMessages is declared: a user given ManageMessages alone is refused here too.
    expect(r.outcome === 'refused' && r.message).toContain(
      `user ${ALICE} holds neither SendMessages nor Administrator here (a member holds what its user, its roles and @everyone, the role whose id is the guild's, declare; an @everyone not declared holds a new guild's defaults)`,
    )
    expect(w.received).toEqual([])
    expect(w.emulator.interactions.list()).toEqual([])
  })

  it('runs for a user holding SEND_MESSAGES: given, through a role, as bits, or by Administrator', async () => {
    const w = await made()
    const users = [
      { id: ALICE, permissions: ['SendMessages'] as const },
      { id: ALICE, roles: [HELPER] },
      { id: ALICE, permissions: String(1n << 11n) },
      { id: ALICE, administrator: true },
    ]
    for (const user of users) expect((await w.invoke({ command: target, user, ...declared })).outcome).toBe('answered')
    expect(w.received.map((i) => i.data.target_id)).toEqual([BOB, BOB, BOB, BOB])
  })

  it('concerns USER commands only: a MESSAGE command runs for the same user', async () => {
    const w = await made()
    expect((await w.invoke({ command: { command: 'Report message', target: MSG }, user: { id: ALICE }, ...declared })).outcome).toBe('answered')
  })
})

describe('@everyone: the role whose id is the guild id belongs to every member (public API v10)', () => {
  const everyone = (permissions: readonly ('SendMessages' | 'ViewChannel')[]) => ({ id: GUILD, name: '@everyone', permissions })

  it("grants its permissions to a user who lists no role: a USER command runs on @everyone's SendMessages", async () => {
    const w = await made()
    const r = await w.invoke({ command: target, user: { id: ALICE }, ...declared, roles: [everyone(['ViewChannel', 'SendMessages'])] })
    expect(r.outcome).toBe('answered')
    // The member's permissions carry @everyone's bits; its roles do not list it (as the service sends them).
    expect(w.received[0].member).toMatchObject({ roles: [], permissions: String((1n << 10n) | (1n << 11n)) })
    expect(w.received[0].data.resolved.members[BOB]).toMatchObject({ roles: [], permissions: String((1n << 10n) | (1n << 11n)) })
  })

  it('without SendMessages on @everyone (or anywhere else) the refusal stands; a user listing the guild id gets nothing twice', async () => {
    const w = await made()
    expect(await w.invoke({ command: target, user: { id: ALICE }, ...declared, roles: [everyone(['ViewChannel'])] })).toMatchObject({ code: 'access.send_messages' })
    expect((await w.invoke({ command: target, user: { id: ALICE, roles: [GUILD] }, ...declared, roles: [everyone(['SendMessages'])] })).outcome).toBe('answered')
    expect(w.received[0].member.roles).toEqual([])
  })

  it("counts for default_member_permissions too: @everyone's BanMembers lets every member use /ban (canUse)", async () => {
    const w = await made()
    await w.deploy([{ name: 'ban', description: 'Ban', default_member_permissions: String(1n << 2n) }], GUILD)
    const at = { applicationId: APP, user: { id: ALICE }, place: { guild: { id: GUILD } } }
    expect(w.emulator.picker(at).map((c) => c.access.allowed)).toEqual([false])
    expect(w.emulator.picker({ ...at, roles: [{ id: GUILD, name: '@everyone', permissions: ['BanMembers'] }] }).map((c) => c.access.because)).toEqual(['default_permissions.held'])
  })

  it('counts in a guild only: outside one there is no @everyone', async () => {
    const w = await made()
    const dm = await w.invoke({ command: target, user: { id: ALICE }, ...declared, roles: [everyone(['SendMessages'])], place: {} })
    expect(dm.outcome).toBe('answered')
    expect(w.received[0].member).toBeUndefined()
  })
})
