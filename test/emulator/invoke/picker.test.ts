/**
 * The command picker as the client shows it (spec "Command permission endpoints"
 * rule 3: a user lacking permission does not see the command; "Other command
 * rules" 6: localized names, descriptions and choices with fallbacks), and
 * `deliver: false`, the checks without a delivery.
 */
import { describe, expect, it } from 'vitest'
import { ALICE, APP, CHANNEL, GUILD, world } from './helpers.js'

const commands = [
  { name: 'ban', description: 'Ban a member', default_member_permissions: '4', description_localizations: { 'es-ES': 'Banear' }, name_localizations: { 'es-ES': 'banear' } },
  {
    name: 'ping',
    description: 'Ping',
    options: [{ type: 3, name: 'mode', description: 'Mode', required: true, choices: [{ name: 'Fast', value: 'f', name_localizations: { 'es-ES': 'Rápido' } }] }],
  },
  { name: 'Show profile', type: 2 },
]

describe('picker', () => {
  it('lists the CHAT_INPUT commands with canUse verdicts; the one the user lacks permission for is not allowed', async () => {
    const w = world()
    await w.deploy(commands)
    const at = { applicationId: APP, place: { guild: { id: GUILD }, channel: { id: CHANNEL } } }
    const plain = w.emulator.picker({ ...at, user: { id: ALICE } })
    expect(plain.map((c) => [c.name, c.access.allowed, c.access.because])).toEqual([
      ['ban', false, 'default_permissions.missing'],
      ['ping', true, 'default_permissions.unset'],
    ])
    const mod = w.emulator.picker({ ...at, user: { id: ALICE, permissions: ['BanMembers'] } })
    expect(mod.filter((c) => c.access.allowed).map((c) => c.name)).toEqual(['ban', 'ping'])
  })

  it('shows names, descriptions and choices in the user locale, with the default names beside them', async () => {
    const w = world()
    await w.deploy(commands)
    const [ban, ping] = w.emulator.picker({ applicationId: APP, user: { id: ALICE }, locale: 'es-419' })
    expect(ban).toMatchObject({ name: 'banear', defaultName: 'ban', description: 'Banear' })
    expect(ping?.options).toEqual([
      { type: 3, name: 'mode', defaultName: 'mode', description: 'Mode', required: true, autocomplete: false, choices: [{ name: 'Rápido', value: 'f' }] },
    ])
  })
})

describe('"Other command rules" 1: a group with no subcommands does not show in the command explorer', () => {
  const config = {
    name: 'config',
    description: 'Settings',
    options: [
      { type: 2, name: 'empty', description: 'Nothing in it' },
      { type: 2, name: 'role', description: 'Roles', options: [{ type: 1, name: 'grant', description: 'Grant' }] },
      { type: 1, name: 'show', description: 'Show' },
    ],
  }

  it('the picker leaves it out; its siblings stay', async () => {
    const w = world()
    await w.deploy([config])
    const [entry] = w.emulator.picker({ applicationId: APP, user: { id: ALICE } })
    expect(entry?.options.map((o) => o.name)).toEqual(['role', 'show'])
  })

  it('invoke refuses it as the client does (it cannot be typed), names only what shows, and delivers nothing', async () => {
    const w = world()
    await w.deploy([config])
    expect(await w.invoke({ command: '/config empty' })).toMatchObject({
      outcome: 'refused',
      code: 'command.unknown_subcommand',
      path: ['options', 'empty'],
      message: "'empty' is not a subcommand of /config (it has role, show)",
    })
    expect(await w.invoke({ command: '/config' })).toMatchObject({ code: 'command.subcommand_required', message: '/config needs one of: role, show' })
    expect(w.received).toEqual([])
    expect(await w.invoke({ command: '/config role grant' })).toMatchObject({ outcome: 'answered' })
  })
})

describe('deliver: false', () => {
  it('checks and builds the interaction without sending it', async () => {
    const w = world()
    await w.deploy(commands)
    const r = await w.invoke({ command: '/ping mode:Fast', deliver: false })
    expect(r).toMatchObject({ outcome: 'checked', interaction: { type: 2, data: { name: 'ping', options: [{ name: 'mode', value: 'f' }] } } })
    expect(w.received).toHaveLength(0)
    expect(await w.invoke({ command: '/ping mode:Slow', deliver: false })).toMatchObject({ outcome: 'refused', code: 'option.choice' })
  })

  it('carries entitlements and attachment_size_limit, which public API v10 puts on every interaction (discord.js reads entitlements without a default)', async () => {
    const w = world()
    await w.deploy(commands)
    const r = await w.invoke({ command: '/ping mode:Fast', deliver: false })
    // No monetization is played; 10 MiB, the upload limit without boosts ("Uploading Files").
    expect(r).toMatchObject({ outcome: 'checked', interaction: { entitlements: [], attachment_size_limit: 10 * 1024 * 1024 } })
  })
})
