/**
 * A route declared for one kind of component (`route(name, params, kind)`): its
 * handler gets only what that kind sends (public API v10,
 * `MessageComponentInteractionData`: a button no values, a string select the chosen
 * options' values, a user, role, mentionable or channel select ids with
 * `resolved`), so an interaction of another component type carrying its custom_id
 * (a forged one, or a component made by hand with `route.id`) is a misfit,
 * `kind`, and no handler runs; its makers of another kind throw; declaring the
 * kind keeps the custom_ids already minted.
 */
import { describe, expect, it } from 'vitest'
import { handleComponents, param, readComponent, route } from '../../src/index.js'

const USER = '80351110224678912'
const CHANNEL = '41771983423143937'

/** A component interaction (type 3) carrying `customId`, from a component of `type` with `values`. */
const press = (customId: string, type: number, values?: readonly string[], resolved?: unknown) => ({
  type: 3,
  id: '1',
  token: 't',
  data: { custom_id: customId, component_type: type, ...(values === undefined ? {} : { values }), ...(resolved === undefined ? {} : { resolved }) },
})

const invite = route('invite', { poll: param.integer({ min: 0, max: 9 }) }, 'userSelect')
const next = route('next', {}, 'button')
const where = route('where', {}, 'channelSelect')
const any = route('any', {})

describe('route(name, params, kind): what its handler gets', () => {
  it('a declared kind reads its own component type, and refuses every other one as `kind`', () => {
    const id = invite.userSelect({ poll: 3 }).custom_id
    const users = { users: { [USER]: { id: USER, username: 'bob' } } }
    expect(readComponent([invite], press(id, 5, [USER], users))).toMatchObject({
      ok: true,
      hit: { route: 'invite', params: { poll: 3 }, componentType: 5, values: [USER], resolved: users },
    })
    // A button (2), a string select (3), a role (6), mentionable (7) or channel (8) select with the same custom_id.
    for (const [type, values] of [
      [2, undefined],
      [3, ['a']],
      [6, [USER]],
      [7, [USER]],
      [8, [CHANNEL]],
    ] as const)
      expect(readComponent([invite], press(id, type, values)), `component type ${type}`).toEqual({ ok: false, reason: 'kind', customId: id, route: 'invite' })
  })

  it('a button route takes a press and no select; a channel-select route takes channel ids only', () => {
    expect(readComponent([next], press(next.id({}), 2))).toMatchObject({ ok: true, hit: { componentType: 2, values: [] } })
    expect(readComponent([next], press(next.id({}), 3, ['x']))).toMatchObject({ ok: false, reason: 'kind' })
    expect(readComponent([where], press(where.id({}), 8, [CHANNEL]))).toMatchObject({ ok: true, hit: { componentType: 8, values: [CHANNEL] } })
    expect(readComponent([where], press(where.id({}), 5, [USER]))).toMatchObject({ ok: false, reason: 'kind' })
    // The values are still checked against the kind: a channel select sends ids.
    expect(readComponent([where], press(where.id({}), 8, ['general']))).toMatchObject({ ok: false, reason: 'kind' })
  })

  it('a route declared for no kind takes every component type, as before', () => {
    for (const [type, values] of [
      [2, undefined],
      [3, ['a']],
      [5, [USER]],
      [8, [CHANNEL]],
    ] as const)
      expect(readComponent([any], press(any.id({}), type, values)), `component type ${type}`).toMatchObject({ ok: true, hit: { componentType: type } })
  })

  it('handleComponents runs no handler for a component of another kind', () => {
    const seen: unknown[] = []
    const on = handleComponents([invite, next], {
      invite: (hit) => seen.push(hit.values),
      next: (hit) => seen.push(hit.componentType),
    })
    expect(on(press(invite.id({ poll: 1 }), 2))).toMatchObject({ ok: false, reason: 'kind', route: 'invite' })
    expect(on(press(next.id({}), 5, [USER]))).toMatchObject({ ok: false, reason: 'kind', route: 'next' })
    expect(seen).toEqual([])
    expect(on(press(invite.id({ poll: 1 }), 5, [USER]))).toMatchObject({ ok: true, route: 'invite' })
    expect(seen).toEqual([[USER]])
  })
})

describe('route(name, params, kind): what it makes', () => {
  it('makes its own kind, and throws a TypeError naming the route and both kinds for another (a JavaScript caller past the types)', () => {
    expect(invite.userSelect({ poll: 1 })).toMatchObject({ type: 5, custom_id: invite.id({ poll: 1 }) })
    expect(next.button({}, 'Next')).toMatchObject({ type: 2, custom_id: next.id({}), label: 'Next' })
    const wrong = invite as unknown as { button(v: unknown, l: string): unknown; stringSelect(v: unknown, o: unknown[]): unknown }
    expect(() => wrong.button({ poll: 1 }, 'Invite')).toThrow(new TypeError('route "invite" is declared for userSelect; it makes no button'))
    expect(() => wrong.stringSelect({ poll: 1 }, [])).toThrow(new TypeError('route "invite" is declared for userSelect; it makes no stringSelect'))
  })

  it('the kind is not part of the shape: a custom_id minted before the kind was declared still reads', () => {
    const before = route('invite', { poll: param.integer({ min: 0, max: 9 }) })
    const id = before.userSelect({ poll: 7 }).custom_id
    expect(invite.id({ poll: 7 })).toBe(id)
    expect(readComponent([invite], press(id, 5, [USER]))).toMatchObject({ ok: true, hit: { params: { poll: 7 } } })
  })
})
