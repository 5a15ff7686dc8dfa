/**
 * USER and MESSAGE commands through `invoke` (spec "Command types"; "Interaction
 * payloads received by the application": `data.target_id`, `data.resolved` with
 * members and users, or messages; "Other command rules" 2: a USER command needs
 * permission to send messages in the channel, else Permission Denied).
 */
import { describe, expect, it } from 'vitest'
import { ALICE, GUILD, world } from './helpers.js'

const BOB = '610000000000000061'
const MSG = '900000000000000009'

async function made() {
  const w = world()
  await w.deploy([
    { name: 'Show profile', type: 2, name_localizations: { de: 'Profil anzeigen' } },
    { name: 'Report message', type: 3 },
    { name: 'show', description: 'A CHAT_INPUT command' },
  ])
  return w
}

const declared = { users: [{ id: BOB, username: 'bob' }], messages: [{ id: MSG, content: 'spam spam', authorId: BOB }] }
const talker = { id: ALICE, username: 'alice', permissions: ['SendMessages'] as const }

describe('USER and MESSAGE commands', () => {
  it('a USER command by its shown name targets a declared user: target_id, resolved users and members, no options', async () => {
    const w = await made()
    const r = await w.invoke({ command: { command: 'Profil anzeigen', target: BOB }, locale: 'de', user: talker, ...declared })
    expect(r.outcome).toBe('answered')
    const data = w.received[0].data
    expect(data).toMatchObject({ name: 'Show profile', type: 2, target_id: BOB })
    expect(data.options).toBeUndefined()
    expect(data.resolved.users[BOB]).toMatchObject({ id: BOB, username: 'bob' })
    expect(data.resolved.members[BOB]).toMatchObject({ roles: [] })
  })

  it('a MESSAGE command targets a declared message: resolved.messages with its author', async () => {
    const w = await made()
    expect((await w.invoke({ command: { command: 'Report message', target: MSG }, ...declared })).outcome).toBe('answered')
    expect(w.received[0].data).toMatchObject({
      type: 3,
      target_id: MSG,
      resolved: { messages: { [MSG]: { id: MSG, content: 'spam spam', author: { id: BOB, username: 'bob' } } } },
    })
  })

  it('a USER command without permission to send messages is Permission Denied (rule 2); in a DM it runs', async () => {
    const w = await made()
    const mute = { roles: [{ id: GUILD, name: '@everyone', permissions: [] }] }
    expect(await w.invoke({ command: { command: 'Show profile', target: BOB }, ...declared, ...mute })).toMatchObject({ outcome: 'refused', code: 'access.send_messages' })
    expect((await w.invoke({ command: { command: 'Show profile', target: BOB }, place: { channel: { id: '800000000000000008' } }, ...declared, ...mute })).outcome).toBe('answered')
  })

  it("an @everyone the test does not declare holds a new guild's defaults: a USER command runs, the member holds them", async () => {
    // Public API v10, "Permissions": a new guild's @everyone may view channels, send messages, read their history
    // and use application commands (among others); the emulator grants those four.
    const w = await made()
    expect((await w.invoke({ command: { command: 'Show profile', target: BOB }, user: { id: ALICE }, ...declared })).outcome).toBe('answered')
    const bits = (1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n)
    expect(w.received[0].member.permissions).toBe(bits.toString())
  })

  it('unknown targets, a missing target, options on a context-menu command, and a target on a CHAT_INPUT name are refused', async () => {
    const w = await made()
    expect(await w.invoke({ command: { command: 'Show profile', target: '123' }, user: talker, ...declared })).toMatchObject({ outcome: 'refused', code: 'target.unresolved' })
    expect(await w.invoke({ command: { command: 'Report message', target: BOB }, ...declared })).toMatchObject({ outcome: 'refused', code: 'target.unresolved' })
    expect(await w.invoke({ command: { command: 'Show profile', target: BOB, options: { x: 1 } }, ...declared })).toMatchObject({ outcome: 'refused', code: 'line.syntax' })
    // Each refusal names the call that would have found the command.
    expect(await w.invoke({ command: { command: 'show', target: BOB }, ...declared })).toMatchObject({
      outcome: 'refused',
      code: 'command.unknown',
      message:
        "'show' is not a command of application 100000000000000001 here (for locale en-US); /show is a CHAT_INPUT command: invoke it with a line, '/show ...', and no target",
    })
    // Without a target, the name is looked up among CHAT_INPUT commands only.
    expect(await w.invoke({ command: { command: 'Show profile' }, ...declared })).toMatchObject({
      outcome: 'refused',
      code: 'command.unknown',
      message: expect.stringMatching(/; 'Show profile' is a USER command: invoke it with \{ command: 'Show profile', target \}$/),
    })
    expect(await w.invoke({ command: '/Report message', ...declared })).toMatchObject({
      code: 'command.unknown',
      message: expect.stringMatching(/^\/Report is not a command .*; 'Report message' is a MESSAGE command: invoke it with \{ command: 'Report message', target \}$/),
    })
    // A name of another locale than the user's, and a name of no command.
    expect(await w.invoke({ command: { command: 'Show profile', target: BOB }, locale: 'de', ...declared })).toMatchObject({
      code: 'command.unknown',
      message: expect.stringMatching(/\(for locale de\); in de it is named 'Profil anzeigen'$/),
    })
    expect(await w.invoke({ command: '/shwo', ...declared })).toMatchObject({ code: 'command.unknown', message: expect.stringMatching(/\(for locale en-US\); here: \/show$/) })
    expect(await w.invoke({ command: { command: 'Nope', target: BOB }, ...declared })).toMatchObject({
      code: 'command.unknown',
      message: expect.stringMatching(/; here: 'Show profile', 'Report message'$/),
    })
  })
})

describe('a declared message without its author', () => {
  it('is refused with a sentence (target.unresolved), not a TypeError', async () => {
    const w = world()
    await w.deploy([{ type: 3, name: 'Report message' }])
    const r = await w.invoke({ command: { command: 'Report message', target: MSG }, messages: [{ id: MSG, content: 'x' } as never] })
    expect(r).toMatchObject({ outcome: 'refused', code: 'target.unresolved', path: ['target'] })
  })
})
