/**
 * A message sent with IS_COMPONENTS_V2 stays one (public API v10, "Message Flags":
 * once a message is sent with the flag it cannot be removed; such a message has no
 * content, embeds or poll), and a message upgraded to it by an edit clears them
 * (set to null). The emulator checks an edit against the message it keeps, as the
 * service does: UPDATE_MESSAGE (callback 7) and the webhook's PATCH alike are
 * refused with 400, code 50035, and an issue at the field; the message is unchanged.
 */
import { describe, expect, it } from 'vitest'
import { issuesOf } from '../helpers.js'
import { ALICE, APP, endpointFor, world } from './helpers.js'

const V2 = 1 << 15
const go = { type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] }
const dashboard = { flags: V2, components: [{ type: 17, components: [{ type: 10, content: '# Dashboard' }, go] }] }
const plain = { content: 'Lunch?', embeds: [{ title: 'Menu' }], components: [go] }

/** /dash answers `first`; the button answers what `state.next` holds when it is pressed. */
async function opened(first: object) {
  const state: { next: unknown } = { next: undefined }
  const answer = (i: { type: number }) => (i.type === 2 ? { type: 4, data: first } : state.next)
  const w = world(answer)
  await w.deploy([{ name: 'dash', description: 'A dashboard' }])
  const r = await w.invoke({ command: '/dash' })
  if (r.outcome !== 'answered') throw new Error(r.outcome)
  const original = () => w.emulator.interactions.get(r.interaction.id)?.original
  const press = async (next: unknown) => {
    state.next = next
    return w.emulator.press({ endpoint: endpointFor(w, answer), user: { id: ALICE, username: 'alice' }, customId: 'go' })
  }
  const patch = (body: unknown) => w.call('PATCH', `/webhooks/${APP}/${r.interaction.token}/messages/@original`, body)
  return { original, press, patch }
}

/** The refusal of a press whose answer the emulator refused: the public code and the issues' codes and paths. */
function refusalOf(pressed: Awaited<ReturnType<Awaited<ReturnType<typeof opened>>['press']>>) {
  if (pressed.outcome !== 'failed' || pressed.code !== 'endpoint.callback') throw new Error(`expected endpoint.callback, got ${pressed.outcome}`)
  return [pressed.refusal?.code, pressed.refusal?.issues.map((x) => [x.code, x.path])]
}

describe('a layout message stays one (IS_COMPONENTS_V2 cannot be removed)', () => {
  it('UPDATE_MESSAGE with content on a layout message is refused at data.content; the message is unchanged', async () => {
    const { original, press } = await opened(dashboard)
    expect(refusalOf(await press({ type: 7, data: { content: 'plain now', components: [] } }))).toEqual([50035, [['field.not_allowed', ['data', 'content']]]])
    expect(original()?.flags).toBe(V2)
    expect(original()?.components).toMatchObject(dashboard.components)
  })

  it('UPDATE_MESSAGE that leaves the flag out of flags is refused at data.flags', async () => {
    const { original, press } = await opened(dashboard)
    expect(refusalOf(await press({ type: 7, data: { flags: 0, components: [{ type: 10, content: 'x' }] } }))).toEqual([50035, [['field.not_allowed', ['data', 'flags']]]])
    expect(original()?.flags).toBe(V2)
  })

  it('UPDATE_MESSAGE with layout components and no flags keeps the flag (the common update)', async () => {
    const { original, press } = await opened(dashboard)
    const next = [{ type: 17, components: [{ type: 10, content: '# Dashboard (refreshed)' }, go] }]
    const pressed = await press({ type: 7, data: { components: next } })
    expect(pressed.outcome).toBe('answered')
    expect(original()?.flags).toBe(V2)
    expect(original()?.components).toMatchObject(next)
  })

  it('a webhook PATCH of a layout original with embeds is refused at embeds (400, code 50035)', async () => {
    const { original, patch } = await opened(dashboard)
    const r = await patch({ embeds: [{ title: 'Stats' }] })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe(50035)
    expect(issuesOf(r)).toEqual([['field.not_allowed', ['embeds']]])
    expect(original()?.embeds).toEqual([])
  })

  it('upgrading a message with content and embeds to the flag needs them set to null', async () => {
    const { original, patch } = await opened(plain)
    const layout = [{ type: 17, components: [{ type: 10, content: 'Lunch?' }, go] }]
    const refused = await patch({ flags: V2, components: layout })
    expect(refused.status).toBe(400)
    expect(issuesOf(refused)).toEqual([
      ['field.not_allowed', ['content']],
      ['field.not_allowed', ['embeds']],
    ])
    expect(original()?.flags).toBe(0)
    const taken = await patch({ flags: V2, content: null, embeds: null, components: layout })
    expect(taken.status).toBe(200)
    expect(original()?.flags).toBe(V2)
    expect(original()?.components).toMatchObject(layout)
  })
})
