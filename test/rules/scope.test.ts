/**
 * Scope: a guild command carries none of the global-only fields ("Create body
 * (guild)"; "Application command": dm_permission, integration_types and contexts
 * are "only for globally-scoped commands") and is never a PRIMARY_ENTRY_POINT
 * ("Naming rules" 3, "Limits").
 */
import { describe, expect, it } from 'vitest'
import { validateCommand } from '../../src/index.js'
import { chat, expectValid, expectValidSet, issue, issuesOf, messagesOf, setIssuesOf } from './helpers.js'

const guild = { scope: 'guild' } as const
const global = { scope: 'global' } as const

describe('global-only fields', () => {
  it.each([
    ['contexts', [0]],
    ['integration_types', [0]],
    ['dm_permission', true],
  ] as const)('refuses %s on a guild command, even with a valid value (scope.global_only) (spec: "Create body (guild)")', (key, value) => {
    expect(issuesOf(chat({ [key]: value }), guild)).toEqual([issue('scope.global_only', key)])
    expect(issuesOf({ type: 2, name: 'Show Profile', [key]: value }, guild)).toEqual([issue('scope.global_only', key)])
    expectValid(chat({ [key]: value }), global)
  })

  it('reports each global-only field and does not go on to check its value (spec: "Create body (guild)")', () => {
    expect(issuesOf(chat({ dm_permission: 'no', integration_types: [9], contexts: null }), guild)).toEqual([
      issue('scope.global_only', 'dm_permission'),
      issue('scope.global_only', 'integration_types'),
      issue('scope.global_only', 'contexts'),
    ])
    expect(messagesOf(chat({ contexts: [0] }), guild)).toMatchInlineSnapshot(`
      [
        "contexts is only for global commands and guild bulk overwrites",
      ]
    `)
  })

  it('accepts the other create-body fields on a guild command (spec: "Create body (guild)", "Edit body (guild)")', () => {
    expectValid(chat({ name_localizations: { fr: 'cmd' }, default_member_permissions: '32', default_permission: true, nsfw: true }), guild)
    expectValid({ type: 3, name: 'Report', default_member_permissions: null }, guild)
  })

  it('treats an absent scope as global (spec: "What the service does", scopes)', () => {
    expectValid(chat({ contexts: [0, 1, 2], integration_types: [0, 1], dm_permission: false }))
    expect(validateCommand(chat({ contexts: [0] }), guild).ok).toBe(false)
  })
})

describe('entry points are global only', () => {
  it('refuses a PRIMARY_ENTRY_POINT guild command, at its type (scope.entry_point) (spec: "Naming rules" 3; "Limits")', () => {
    expect(issuesOf({ type: 4, name: 'Launch', handler: 2 }, guild)).toEqual([issue('scope.entry_point', 'type')])
    expectValid({ type: 4, name: 'Launch', handler: 2 }, global)
  })

  it('refuses it in a guild bulk list too, with the element index (spec: "Limits", no PRIMARY_ENTRY_POINT per guild)', () => {
    expect(setIssuesOf([chat(), { type: 4, name: 'Launch' }], guild)).toEqual([issue('scope.entry_point', 1, 'type')])
    expectValidSet([chat(), { type: 4, name: 'Launch' }], global)
  })
})

describe('bulk lists carry the same scope rules', () => {
  it('accepts dm_permission, integration_types and contexts in a guild bulk list, as "Bulk guild body" lists them (DESIGN.md "Rulings")', () => {
    // The usual workflow: the global set, deployed to a test guild.
    const set = [chat({ name: 'a' }), chat({ name: 'b', contexts: [0, 1, 2], integration_types: [0, 1], dm_permission: false }), { type: 2, name: 'Profile', contexts: [0] }]
    expectValidSet(set, guild)
    expectValidSet(set, global)
    // Their values are still checked.
    expect(setIssuesOf([chat({ name: 'b', contexts: [3], integration_types: [] })], guild)).toEqual([
      issue('enum.value', 0, 'contexts', 0),
      issue('array.empty', 0, 'integration_types'),
    ])
    // An entry point stays refused in a guild list ("Naming rules" 3).
    expect(setIssuesOf([{ type: 4, name: 'Launch' }], guild)).toEqual([issue('scope.entry_point', 0, 'type')])
  })
})
