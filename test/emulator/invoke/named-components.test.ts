/**
 * A user presses a button by what it shows and chooses in a typed route's select
 * by the route's name (public API v10: the client sends the component's own
 * `custom_id`, whatever the user saw). A route's `custom_id` packs its values
 * (`vote:q18Cu9nQ2fAAAB`, made afresh each run), so a script or a test cannot name
 * it beforehand: `press` and `choose` (and the CLI's `press` and `choose` lines)
 * take the exact `custom_id` first, else the label of the one button that has it,
 * else the route name of the one component of the message made by that route. The
 * interaction delivered carries the real `custom_id`, read back by the route.
 */
import { describe, expect, it } from 'vitest'
import { actionRow, commands, param, reply, route, selectOption, slash } from '../../../src/index.js'
import { createHandler } from '../../../src/http/index.js'
import { APP, deployed } from './helpers.js'

const ALICE = { id: '600000000000000006', username: 'alice' }
const vote = route('vote', { poll: param.snowflake(), choice: param.oneOf('pizza', 'sushi') })
const side = route('side', { poll: param.snowflake() }, 'stringSelect')
const app = commands(slash('lunch', 'Start a lunch poll'))

async function lunch() {
  const { emulator, rest, publicKey } = await deployed(app)
  const endpoint = createHandler({
    publicKey,
    app,
    rest,
    handlers: {
      lunch: (_, ctx) =>
        reply({
          content: 'Lunch?',
          components: [
            actionRow(vote.button({ poll: ctx.id, choice: 'pizza' }, 'Pizza'), vote.button({ poll: ctx.id, choice: 'sushi' }, 'Sushi')),
            actionRow(side.stringSelect({ poll: ctx.id }, [selectOption('Salad', 'salad'), selectOption('Fries', 'fries')])),
          ],
        }),
    },
    routes: [vote, side],
    components: {
      vote: ({ params }) => `vote ${params.choice}`,
      side: ({ values }) => `side ${values.join(', ')}`,
    },
  })
  const as = { applicationId: APP, endpoint, user: ALICE }
  const shown = await emulator.invoke({ ...as, place: { guild: { id: '200000000000000002' } }, command: '/lunch' })
  expect(shown).toMatchObject({ outcome: 'answered', callback: { type: 4 } })
  return { emulator, as, shown }
}

describe('press and choose by what the user sees: a button by its label, a route component by its route name', () => {
  it('presses a route button by its label; the real custom_id is delivered and read back', async () => {
    const { emulator, as } = await lunch()
    const r = await emulator.press({ ...as, customId: 'Sushi' })
    expect(r).toMatchObject({ outcome: 'answered', callback: { type: 4, data: { content: 'vote sushi' } } })
    if (r.outcome !== 'answered') return
    expect(r.interaction.data.custom_id).toMatch(/^vote:/)
    expect(vote.parse(r.interaction.data.custom_id)).toMatchObject({ ok: true, values: { choice: 'sushi' } })
  })

  it('chooses in a route select by the route name', async () => {
    const { emulator, as } = await lunch()
    const r = await emulator.choose({ ...as, customId: 'side', values: ['Fries'] })
    expect(r).toMatchObject({ outcome: 'answered', callback: { data: { content: 'side fries' } } })
  })

  it('refuses a name two components share (two buttons of the route vote) and a name no component has, with the code and path', async () => {
    const { emulator, as } = await lunch()
    const shared = await emulator.press({ ...as, customId: 'vote' })
    expect(shared).toMatchObject({ outcome: 'refused', code: 'component.unknown', path: ['components', 'vote'] })
    // The message says which components the name means and how to name one (slashkit trial, issue s8): not "no message holds it".
    expect(shared.outcome === 'refused' && shared.message).toMatch(
      /^'vote' names 2 components of message \d+ \("Pizza" = vote:\S+, "Sushi" = vote:\S+\): name one by its label or its custom_id$/,
    )
    const none = await emulator.press({ ...as, customId: 'Pasta' })
    expect(none).toMatchObject({ outcome: 'refused', code: 'component.unknown', path: ['components', 'Pasta'] })
    expect(none.outcome === 'refused' && none.message).toBe("no message this user can see holds a component 'Pasta'")
  })

  it("a route's custom_id no message holds (made with another poll's id) is refused with the route's components that are there", async () => {
    const { emulator, as } = await lunch()
    const other = vote.button({ poll: '1', choice: 'sushi' }, 'Sushi').custom_id
    const r = await emulator.press({ ...as, customId: other })
    expect(r).toMatchObject({ outcome: 'refused', code: 'component.unknown', path: ['components', other] })
    // Before, the sentence stopped at the custom_id, whose packed values a test cannot read.
    expect(r.outcome === 'refused' && r.message).toMatch(
      new RegExp(
        `^no message this user can see holds a component '${other}'; route 'vote' made "Pizza" = vote:\\S+, "Sushi" = vote:\\S+ in message \\d+: the values given to the route differ from the app's, or its shape changed$`,
      ),
    )
  })

  it('takes the exact custom_id first', async () => {
    const { emulator, as, shown } = await lunch()
    if (shown.outcome !== 'answered') return
    const message = emulator.interactions.get(shown.interaction.id)?.original
    const pizza = JSON.stringify(message).match(/"(vote:[^"]+)"/)?.[1] as string
    expect(pizza).toMatch(/^vote:/)
    expect(await emulator.press({ ...as, customId: pizza })).toMatchObject({ outcome: 'answered', callback: { data: { content: 'vote pizza' } } })
  })
})
