/**
 * Spec "Other command rules" 2 and "Errors": a USER command invoked by a user who
 * cannot send text messages in the channel yields a Permission Denied error. Through
 * `invoke`: refused before anything is signed or delivered, with that reason.
 * The world `invoke` plays knows guild permissions (the user's and the roles'),
 * not per-channel overwrites, so "in the channel" is what the guild grants there.
 */
import { describe, expect, it } from 'vitest'
import { ALICE, world } from './helpers.js'

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
  roles: [{ id: HELPER, name: 'helper', permissions: ['SendMessages'] as const }],
  messages: [{ id: MSG, content: 'spam', authorId: BOB }],
}

describe('USER command without SEND_MESSAGES: Permission Denied (spec "Other command rules" 2, "Errors")', () => {
  it("is refused with the spec's reason; nothing is opened, signed or delivered", async () => {
    const w = await made()
    const r = await w.invoke({ command: target, user: { id: ALICE, permissions: ['ViewChannel', 'ReadMessageHistory'] }, ...declared })
    expect(r).toMatchObject({ outcome: 'refused', code: 'access.send_messages', path: [] })
    expect(r.outcome === 'refused' && r.message).toMatch(/^Permission Denied: a USER command needs permission to send messages in the channel$/)
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
