/**
 * Hostile component and modal payloads against `createHandler`'s routes (issue 30
 * round two; DESIGN.md "Receiving interactions": never a 5xx for a payload that does
 * not fit): a custom_id that is not a string, that names `__proto__` or
 * `constructor`, an unknown component type, values a button cannot send, 100,000
 * values, ids that are not snowflakes, a modal submit for a component route and the
 * reverse, fields the modal cannot produce. Each is answered 200 with the ephemeral
 * notice, no handler runs, and `onError` is called once with a `CustomIdError`
 * naming the reason (public API v10: `MessageComponentInteractionData`,
 * `ModalSubmitInteractionData`).
 */
import { describe, expect, it } from 'vitest'
import { commands, label, modalRoute, param, route, slash, stringSelect, selectOption, textInput } from '../../src/index.js'
import { createGatewayHandler, createHandler, CustomIdError, type DispatchError } from '../../src/http/index.js'
import { fakeComponentInteraction, fakeModalSubmit, generateTestKeys } from '../../src/testing/index.js'

const vote = route('vote', { choice: param.oneOf('yes', 'no') })
const who = route('who')
const form = modalRoute('form', {}, 'Form', [
  label('Why?', textInput('why', { maxLength: 10 })),
  label('Kind', stringSelect('kind', [selectOption('A', 'a'), selectOption('B', 'b')])),
])

async function endpoint() {
  const keys = await generateTestKeys()
  const errors: DispatchError[] = []
  let ran = 0
  const handler = createHandler({
    publicKey: keys.publicKey,
    app: commands(slash('ping', 'Pong')),
    handlers: { ping: () => 'pong' },
    onError: (e) => void errors.push(e),
    routes: [vote, who, form],
    components: { vote: () => (ran++, 'vote'), who: () => (ran++, 'who'), form: () => (ran++, 'form') },
  })
  const send = async (body: unknown) => {
    const res = await handler(await keys.request(body))
    return { status: res.status, body: (await res.json()) as { type: number; data: { content: string; flags: number } } }
  }
  return { send, errors, ran: () => ran }
}

const yes = vote.id({ choice: 'yes' })
const component = (data: Record<string, unknown>) => ({ ...fakeComponentInteraction({ customId: 'x' }), data })

describe('hostile component and modal payloads: 200, the notice, one onError, no handler', () => {
  const cases: readonly (readonly [string, unknown, string])[] = [
    ['custom_id not a string', component({ custom_id: 42, component_type: 2 }), 'unknown'],
    ['custom_id missing', component({ component_type: 2 }), 'unknown'],
    ['custom_id __proto__:', component({ custom_id: '__proto__:AAA', component_type: 2 }), 'unknown'],
    ['custom_id constructor:', component({ custom_id: 'constructor:AAAA', component_type: 2 }), 'unknown'],
    ['custom_id of 10,000 characters', component({ custom_id: `vote:${'A'.repeat(10_000)}`, component_type: 2 }), 'malformed'],
    ['an unknown component type', component({ custom_id: yes, component_type: 99 }), 'kind'],
    ['a button with values', component({ custom_id: yes, component_type: 2, values: ['a'] }), 'kind'],
    ['a string select with 100,000 values', component({ custom_id: yes, component_type: 3, values: new Array(100_000).fill('a') }), 'kind'],
    ['a string select with a value not a string', component({ custom_id: yes, component_type: 3, values: [{}] }), 'kind'],
    ['a user select with a value not an id', component({ custom_id: who.id({}), component_type: 5, values: ['@everyone'] }), 'kind'],
    ['values not a list', component({ custom_id: yes, component_type: 3, values: 'yes' }), 'kind'],
    ['a component interaction for a modal route', component({ custom_id: form.id({}), component_type: 2 }), 'kind'],
    ['a modal submit for a component route', { ...fakeModalSubmit({ customId: yes, fields: {} }) }, 'kind'],
    ['fields the modal cannot produce', fakeModalSubmit({ modal: form.modal({}), fields: { why: 'x'.repeat(11) as string, kind: ['c'] as never } }), 'fields'],
    ['a required field missing', fakeModalSubmit({ modal: form.modal({}), fields: { kind: ['a'] } }), 'fields'],
  ]

  it.each(cases)('%s', async (_, body, reason) => {
    const e = await endpoint()
    const r = await e.send(body)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ type: 4, data: { content: 'This is not handled any more.', flags: 64 } })
    expect(e.ran()).toBe(0)
    expect(e.errors).toHaveLength(1)
    expect(e.errors[0]?.step).toBe('payload')
    const cause = e.errors[0]?.cause
    if (!(cause instanceof CustomIdError)) throw new Error(`not a CustomIdError: ${String(cause)}`)
    expect(cause.reason).toBe(reason)
    // The message quotes at most the 100 characters a real custom_id has.
    expect(cause.customId.length).toBeLessThanOrEqual(100)
  })

  it('fields that do not fit carry their issues, by code and path (modal.value, modal.missing)', async () => {
    const e = await endpoint()
    await e.send(fakeModalSubmit({ modal: form.modal({}), fields: { why: 'x'.repeat(11), kind: ['c'] as never } }))
    const cause = e.errors[0]?.cause
    if (!(cause instanceof CustomIdError)) throw new Error(`not a CustomIdError: ${String(cause)}`)
    expect(cause.issues.map((i) => [(i as { code: string }).code, (i as { path: unknown[] }).path])).toEqual([
      ['modal.value', ['data', 'components']],
      ['modal.value', ['data', 'components']],
    ])
    const missing = await endpoint()
    await missing.send(fakeModalSubmit({ modal: form.modal({}), fields: { kind: ['a'] } }))
    const why = missing.errors[0]?.cause
    if (!(why instanceof CustomIdError)) throw new Error(`not a CustomIdError: ${String(why)}`)
    expect(why.issues.map((i) => (i as { code: string }).code)).toEqual(['modal.missing'])
  })

  it('a well-formed press still reaches its handler', async () => {
    const e = await endpoint()
    expect((await e.send(component({ custom_id: yes, component_type: 2 }))).body).toEqual({ type: 4, data: { content: 'vote' } })
    expect(e.ran()).toBe(1)
    expect(e.errors).toEqual([])
  })
})

describe('routes as a JavaScript caller may pass them: refused when the handler is made', () => {
  it('two routes of one name, a value that is not a route, routes not a list: a TypeError that says which', async () => {
    const keys = await generateTestKeys()
    const make = (routes: unknown) => () =>
      createHandler({ publicKey: keys.publicKey, app: commands(slash('ping', 'Pong')), handlers: { ping: () => 'pong' }, routes: routes as never })
    expect(make([vote, route('vote', { n: param.boolean() })])).toThrow(/two routes are named "vote"/)
    expect(make([vote, { name: 'x' }])).toThrow(/^createHandler: routes\[1\] must be a route: make it with route\(\.\.\.\) or modalRoute\(\.\.\.\) \(was an object\)$/)
    expect(make({ vote })).toThrow(/^createHandler: routes must be a list of route\(\.\.\.\) and modalRoute\(\.\.\.\) values \(was an object\)$/)
    expect(() => createGatewayHandler({ app: commands(slash('ping', 'Pong')), handlers: { ping: () => 'pong' }, routes: [null] as never })).toThrow(
      /^createGatewayHandler: routes\[0\] must be a route/,
    )
    expect(make([vote, who, form])).not.toThrow()
  })
})
