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
import { handleComponents, param, readComponent, route, selectOption } from '../../src/index.js'

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

/**
 * A route declared with its string selects' values (`route(name, params, {
 * stringSelect: [...] })`). Public API v10, "String Select": a string select sends
 * the values of the options the user picked, and an option's value is 1 to 100
 * characters (OpenAPI `StringSelectOptionForRequest.value`). So a value its route
 * does not declare comes from a select made before the value was dropped (or a
 * forged pick): it is read as `stale`, never passed on.
 */
describe('route(name, params, { stringSelect: values })', () => {
  const sides = route('sides', { poll: param.integer({ min: 0, max: 9 }) }, { stringSelect: ['fries', 'salad', 'soup'] })
  const id = sides.id({ poll: 4 })

  it('reads the declared values, typed, and a pick of another value as stale (no handler runs)', () => {
    expect(readComponent([sides], press(id, 3, ['soup', 'fries']))).toMatchObject({ ok: true, hit: { componentType: 3, values: ['soup', 'fries'], params: { poll: 4 } } })
    expect(readComponent([sides], press(id, 3, []))).toMatchObject({ ok: true, hit: { values: [] } })
    expect(readComponent([sides], press(id, 3, ['fries', 'chips']))).toEqual({ ok: false, reason: 'stale', customId: id, route: 'sides' })
    // Still a string-select route: any other component type is `kind`.
    expect(readComponent([sides], press(id, 5, [USER]))).toMatchObject({ ok: false, reason: 'kind' })
    const seen: unknown[] = []
    const on = handleComponents([sides], { sides: (hit) => seen.push(hit.values) })
    expect(on(press(id, 3, ['chips']))).toMatchObject({ ok: false, reason: 'stale', route: 'sides' })
    expect(seen).toEqual([])
  })

  it('makes string selects of those values only, and refuses another with a RangeError naming it', () => {
    expect(sides.stringSelect({ poll: 1 }, [selectOption('Fries', 'fries')])).toMatchObject({ type: 3, custom_id: sides.id({ poll: 1 }), options: [{ value: 'fries' }] })
    const chips: string = 'chips'
    expect(() => sides.stringSelect({ poll: 1 }, [selectOption('Fries', 'fries'), selectOption('Chips', chips)])).toThrow(
      new RangeError('route "sides" declares no select value "chips"; its values are "fries", "salad", "soup"'),
    )
    const wrong = sides as unknown as { button(v: unknown, l: string): unknown }
    expect(() => wrong.button({ poll: 1 }, 'Sides')).toThrow(new TypeError('route "sides" is declared for stringSelect; it makes no button'))
  })

  it('the values are not part of the shape: custom_ids minted before they were declared (or changed) still read', () => {
    expect(route('sides', { poll: param.integer({ min: 0, max: 9 }) }).id({ poll: 4 })).toBe(id)
    expect(route('sides', { poll: param.integer({ min: 0, max: 9 }) }, { stringSelect: ['fries'] }).id({ poll: 4 })).toBe(id)
  })

  it('refuses a declaration that is no kind and no list of option values, with a TypeError naming the route', () => {
    const make = route as unknown as (n: string, p: object, k: unknown) => unknown
    const kinds = 'one of button, stringSelect, userSelect, roleSelect, mentionableSelect, channelSelect, or { stringSelect: [...values] } with at least one value'
    expect(() => make('r', {}, 'textInput')).toThrow(new TypeError(`route("r"): kind must be ${kinds} (was "textInput")`))
    expect(() => make('r', {}, { stringSelect: [] })).toThrow(new TypeError(`route("r"): kind must be ${kinds} (was an object)`))
    expect(() => make('r', {}, { stringSelect: 'fries' })).toThrow(TypeError)
    expect(() => make('r', {}, { stringSelect: ['a'], userSelect: [] })).toThrow(TypeError)
    expect(() => make('r', {}, null)).toThrow(new TypeError(`route("r"): kind must be ${kinds} (was null)`))
    // Hostile keys: a `__proto__` key of parsed JSON is no declaration, and beside one it is one key too many.
    expect(() => make('r', {}, JSON.parse('{"__proto__": ["a"]}'))).toThrow(TypeError)
    expect(() => make('r', {}, JSON.parse('{"stringSelect": ["a"], "__proto__": ["b"]}'))).toThrow(TypeError)
    expect(() => make('r', {}, { stringSelect: ['a', 7] })).toThrow(new TypeError('route("r"): stringSelect[1] must be a string of 1 to 100 characters (was 7)'))
    expect(() => make('r', {}, { stringSelect: [''] })).toThrow(TypeError)
    // 100 characters (code points: an emoji is one) is the most an option's value holds.
    expect(() => make('r', {}, { stringSelect: ['🍟'.repeat(100)] })).not.toThrow()
    expect(() => make('r', {}, { stringSelect: ['x'.repeat(101)] })).toThrow(TypeError)
  })
})
