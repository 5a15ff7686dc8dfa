/**
 * Issue 25 item 5, the emulator's side: the choices an app offers for an
 * autocomplete request (callback 8) must have the focused option's value type
 * (spec "Option choice": a choice's value is of its option's type; "Other command
 * rules" 5). A STRING option answered with a number, an INTEGER with a string or a
 * fraction, a NUMBER with a string: each refused as the callback endpoint refuses
 * a body (400, code 50035), the issue at the choice's value; the right types pass.
 */
import { describe, expect, it } from 'vitest'
import { world } from './helpers.js'

const search = {
  name: 'search',
  description: 'Search',
  options: [
    { type: 3, name: 'query', description: 'Text', autocomplete: true },
    { type: 4, name: 'count', description: 'How many', autocomplete: true },
    { type: 10, name: 'ratio', description: 'Ratio', autocomplete: true },
  ],
}

/** An app that offers `choices` to any autocomplete request. */
async function offering(choices: unknown[]) {
  const w = world((i) => (i.type === 4 ? { type: 8, data: { choices } } : { type: 4, data: { content: 'ok' } }))
  await w.deploy([search])
  return w
}

const refusedAt = async (choices: unknown[], focused: string) => {
  const w = await offering(choices)
  const r = await w.invoke({ command: `/search ${focused}:1`, focused })
  if (r.outcome !== 'failed') return r
  return { outcome: r.outcome, code: r.code, status: r.refusal?.code, issues: r.refusal?.issues.map((i) => [i.code, i.path]) }
}

describe("autocomplete choices of the focused option's type", () => {
  it('STRING: a number value is refused', async () => {
    expect(await refusedAt([{ name: 'Ten', value: 10 }], 'query')).toEqual({
      outcome: 'failed',
      code: 'endpoint.callback',
      status: 50035,
      issues: [['value.type', ['data', 'choices', 0, 'value']]],
    })
  })

  it('INTEGER: a string value and a fraction are refused', async () => {
    expect(await refusedAt([{ name: 'Ten', value: 'ten' }], 'count')).toMatchObject({ code: 'endpoint.callback', issues: [['value.type', ['data', 'choices', 0, 'value']]] })
    expect(
      await refusedAt(
        [
          { name: 'Ok', value: 2 },
          { name: 'Half', value: 1.5 },
        ],
        'count',
      ),
    ).toMatchObject({
      code: 'endpoint.callback',
      issues: [['number.integer', ['data', 'choices', 1, 'value']]],
    })
  })

  it('NUMBER: a string value is refused, a fraction is not', async () => {
    expect(await refusedAt([{ name: 'Half', value: '0.5' }], 'ratio')).toMatchObject({ code: 'endpoint.callback', issues: [['value.type', ['data', 'choices', 0, 'value']]] })
    expect(await refusedAt([{ name: 'Half', value: 0.5 }], 'ratio')).toMatchObject({ outcome: 'answered', choices: [{ name: 'Half', value: 0.5 }] })
  })

  it('the right types pass, for each option', async () => {
    for (const [focused, value] of [
      ['query', 'ten'],
      ['count', 10],
      ['ratio', 2.5],
    ] as const) {
      const w = await offering([{ name: 'One', value }])
      expect(await w.invoke({ command: `/search ${focused}:1`, focused })).toMatchObject({ outcome: 'answered', choices: [{ name: 'One', value }] })
    }
  })
})
